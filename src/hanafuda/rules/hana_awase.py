"""Hana-Awase (花合わせ), the classic Japanese fishing game for 2–4 players (RULES.md §4.2, §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards import CARDS, Kind, card_id
from .base import (
    BatchFacts,
    BatchScore,
    Config,
    Game,
    RoundFacts,
    RoundScore,
    ScoreTerm,
    Yaku,
    batch_yaku_points,
    evaluate_yaku,
)
from .options import STANDARD, OptionSpec, Preset
from .sets import RIBBON_COUNT_MASK, SET_MASKS

VIEWING = "viewing"
RAINMAN = 1 << card_id("willow-rainman")


def _y(yaku_id: str, name: str, points: int, group: str | None = None) -> Yaku:
    return Yaku(yaku_id, name, points, mask=SET_MASKS[yaku_id], group=group)


YAKU = (
    _y("five-brights", "Five Brights (gokō)", 100, "brights"),
    _y("four-brights", "Four Brights (shikō)", 60, "brights"),
    _y("spring", "Spring (omote sugawara)", 30, "brights"),
    _y("matsu-kiri-bozu", "Matsu-Kiri-Bōzu", 20, "brights"),
    Yaku("seven-ribbons", "Seven Ribbons", 40, min_count=7, count_mask=RIBBON_COUNT_MASK,
         group="ribbon-count"),
    Yaku("six-ribbons", "Six Ribbons", 30, min_count=6, count_mask=RIBBON_COUNT_MASK,
         group="ribbon-count"),
    _y("poetry-ribbons", "Poetry Ribbons (akatan)", 40),
    _y("blue-ribbons", "Blue Ribbons (aotan)", 40),
    _y("grass-ribbons", "Grass Ribbons (kusatan)", 20),
    _y("boar-deer-butterflies", "Boar, Deer, Butterflies (inoshikachō)", 20),
    _y("drinking", "Drinking (nomi)", 40, VIEWING),
    _y("flower-viewing", "Flower Viewing (hanami)", 20, VIEWING),
    _y("moon-viewing", "Moon Viewing (tsukimi)", 20, VIEWING),
    _y("four-willow", "Four Willows", 10),
    _y("four-wisteria", "Four Wisterias", 10),
    _y("four-paulownia", "Four Paulownias", 10),
)

FUKE_POINTS = 20
"""RULES.md §9 (fuke): a round where some player has this many card points or fewer is void."""
TEYAKU_SIX_CHAFF = 20
TEYAKU_SEVEN_CHAFF = 30


def teyaku_value(chaff_in_hand: int) -> int:
    """RULES.md §4.2: 6 chaff → 20, 7 or more → 30, from each other player."""
    if chaff_in_hand >= 7:
        return TEYAKU_SEVEN_CHAFF
    if chaff_in_hand == 6:
        return TEYAKU_SIX_CHAFF
    return 0


class HanaAwase(Game):
    """Hana-Awase: par scoring around deck total / N, yaku with exclusion groups, teyaku."""

    id: ClassVar[str] = "hana-awase"
    title: ClassVar[str] = "Hana-Awase"
    native_title: ClassVar[str] = "花合わせ"
    summary: ClassVar[str] = (
        "Classic Japanese fishing game. Dealer first, counter-clockwise; card points "
        "20/10/5/1 (total 264); with 2 players the last 8 stock cards are drawn in draw-only "
        "turns; yaku in exclusion groups; zero-sum around par by default."
    )
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {2: (8, 8), 3: (7, 6), 4: (5, 8)}
    direction: ClassVar[int] = -1
    draw_only_turns: ClassVar[bool] = True
    default_rounds: ClassVar[int | None] = 12
    default_theme: ClassVar[str] = "hanafuda"
    env_id: ClassVar[str] = "hanafuda/HanaAwase-v0"
    play_order_text: ClassVar[str] = (
        "The dealer plays first, then counter-clockwise; a player with an empty hand keeps "
        "turning over stock cards until the stock is empty."
    )
    wild_card_text: ClassVar[str] = (
        "There is no wild card. With the teyaku option, a hand dealt six or more chaff may be "
        "exposed before the first turn for a payment from every other player."
    )
    scoring_text: ClassVar[str] = (
        "Brights are worth 20, animals 10, ribbons 5, chaff 1. By default a round scores your "
        "card points above par (the deck total shared equally), plus your yaku paid by the "
        "others."
    )
    presets: ClassVar[tuple[Preset, ...]] = (
        STANDARD,
        Preset("teyaku", "With dealt hands", "Teyaku on: a hand of six or seven chaff may be shown "
               "and is paid by every other player.", {"teyaku": True}),
        Preset("strict", "Strict house rules", "All four willows void the round's yaku, the rain man "
               "cancels viewing yaku, and a round where someone has 20 points or fewer is void.",
               {"willow_row_cancels_yaku": True, "rainman_cancels_viewing": True, "fuke": True}),
    )
    game_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "scoring",
            "zero-sum",
            "A round scores card points minus par plus yaku paid by every other player "
            "(zero-sum), or card points plus your own yaku (additive).",
            choices=("zero-sum", "additive"),
            choice_labels={
                "zero-sum": "Zero-sum: card points minus par, yaku paid by every other player",
                "additive": "Additive: card points plus your own yaku",
            },
            label="Scoring",
        ),
        OptionSpec(
            "chaff_value", 1, "Points of a chaff card (0 makes the deck total 240).", choices=(1, 0),
            choice_labels={1: "1 point", 0: "0 points (the deck totals 240)"},
            label="Chaff value",
        ),
        OptionSpec(
            "teyaku",
            False,
            "A player dealt 6 chaff may expose them before the first turn and is paid 20 by each "
            "other player (7 or more chaff: 30); exposed cards may be captured by the others.",
            choices=(True, False),
            label="Teyaku (hand yaku)",
        ),
        OptionSpec(
            "willow_row_cancels_yaku",
            False,
            "A player holding all four willows voids every yaku of the round.",
            choices=(True, False),
            label="Four willows cancel yaku",
        ),
        OptionSpec(
            "rainman_cancels_viewing",
            False,
            "A player holding the Rain Man loses their viewing yaku.",
            choices=(True, False),
            label="Rain Man cancels viewing",
        ),
        OptionSpec(
            "fuke",
            False,
            "If any player's card points are 20 or less the round is void and everyone scores 0.",
            choices=(True, False),
            label="Fuke (void round)",
        ),
    )

    @classmethod
    def zero_sum(cls, options: Mapping[str, Any]) -> bool:
        return bool(options["scoring"] == "zero-sum")

    @classmethod
    def values(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        chaff = int(options["chaff_value"])
        per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: chaff}
        return tuple(per_kind[c.kind] for c in CARDS)

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        return YAKU

    @classmethod
    def teyaku_enabled(cls, options: Mapping[str, Any]) -> bool:
        return bool(options["teyaku"])

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        """RULES.md §4.2 and §9: par, yaku (groups, cancels), teyaku payments, fuke."""
        opts = config.options
        n = config.num_sides
        points = [cls.card_points(config, cap) for cap in facts.captures]
        yaku = [evaluate_yaku(config.yaku, cap) for cap in facts.captures]
        note = ""
        if opts["willow_row_cancels_yaku"] and any(
            any(y.id == "four-willow" for y in ys) for ys in yaku
        ):
            yaku = [[] for _ in yaku]
            note = "four willows void every yaku this round"
        if opts["rainman_cancels_viewing"]:
            yaku = [
                [y for y in ys if y.group != VIEWING] if cap & RAINMAN else ys
                for ys, cap in zip(yaku, facts.captures, strict=True)
            ]
        if opts["fuke"] and not facts.provisional and any(p <= FUKE_POINTS for p in points):
            return RoundScore(
                tuple(points),
                tuple(() for _ in range(n)),
                tuple(0 for _ in range(n)),
                tuple((ScoreTerm("fuke: round void", 0),) for _ in range(n)),
                note="fuke: a player has 20 card points or fewer, the round is void",
            )
        totals = [sum(y.points for y in ys) for ys in yaku]
        all_yaku = sum(totals)
        teyaku = [0] * n
        for seat, value in enumerate(facts.teyaku):
            teyaku[config.side_of[seat]] += value
        all_teyaku = sum(teyaku)
        par = config.deck_total // n
        zero_sum = opts["scoring"] == "zero-sum"
        scores, terms = [], []
        for i in range(n):
            t = [ScoreTerm("card points", points[i])]
            if zero_sum:
                t.append(ScoreTerm("par", -par))
                if totals[i]:
                    t.append(ScoreTerm(f"own yaku {totals[i]} × {n - 1}", totals[i] * (n - 1)))
                if all_yaku - totals[i]:
                    t.append(ScoreTerm("others' yaku", -(all_yaku - totals[i])))
            elif totals[i]:
                t.append(ScoreTerm("own yaku", totals[i]))
            if teyaku[i]:
                t.append(ScoreTerm(f"own teyaku {teyaku[i]} × {n - 1}", teyaku[i] * (n - 1)))
            if all_teyaku - teyaku[i]:
                t.append(ScoreTerm("others' teyaku", -(all_teyaku - teyaku[i])))
            terms.append(tuple(t))
            scores.append(sum(term.value for term in t))
        return RoundScore(
            tuple(points), tuple(tuple(ys) for ys in yaku), tuple(scores), tuple(terms), note
        )

    @classmethod
    def teyaku_value(cls, chaff_in_hand: int, options: Mapping[str, Any]) -> int:
        """RULES.md §4.2: 6 chaff → 20, 7 or more → 30."""
        return teyaku_value(chaff_in_hand)

    @classmethod
    def yaku_weight(cls, num_sides: int, options: Mapping[str, Any]) -> int:
        """Every other side pays a yaku (RULES.md §4.2)."""
        return max(1, num_sides - 1)

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` on arrays: the cancels, par or additive, teyaku payments, fuke."""
        opts = config.options
        n = config.num_sides
        held = dict(facts.held)
        if opts["willow_row_cancels_yaku"]:
            void = held["four-willow"].any(axis=1, keepdims=True)
            held = {yaku_id: has & ~void for yaku_id, has in held.items()}
        if opts["rainman_cancels_viewing"]:
            rainman = (facts.captures & RAINMAN) != 0
            for y in config.yaku:
                if y.group == VIEWING:
                    held[y.id] = held[y.id] & ~rainman
        points = facts.points
        yaku = batch_yaku_points(config.yaku, held, points * 0)
        others = yaku.sum(axis=1, keepdims=True) - yaku
        if opts["scoring"] == "zero-sum":
            scores = points - config.deck_total // n + yaku * (n - 1) - others
        else:
            scores = points + yaku
        paid = facts.teyaku
        scores = scores + paid * (n - 1) - (paid.sum(axis=1, keepdims=True) - paid)
        if opts["fuke"]:
            standing = ~(points <= FUKE_POINTS).any(axis=1, keepdims=True)
            scores = scores * standing
            yaku = yaku * standing
        return BatchScore(yaku, scores)
