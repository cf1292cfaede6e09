"""Min-Hwatu (민화투), the Korean fishing game for 2–6 players (RULES.md §4.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

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
from .sets import SET_MASKS


def _y(yaku_id: str, name: str, points: int, group: str | None = None) -> Yaku:
    return Yaku(yaku_id, name, points, mask=SET_MASKS[yaku_id], group=group)


CORE_YAKU = (
    _y("poetry-ribbons", "Hongdan 홍단 (poetry ribbons)", 30),
    _y("blue-ribbons", "Cheongdan 청단 (blue ribbons)", 30),
    _y("grass-ribbons", "Chodan 초단 (grass ribbons)", 30),
    _y("four-iris", "Choyak 초약 (four irises)", 20),
    _y("four-maple", "Poongyak 풍약 (four maples)", 20),
    _y("four-willow", "Biyak 비약 (four willows)", 20),
)
KOREAN_YAKU = (
    _y("five-birds", "Godori 고도리 (five birds)", 50),
    _y("five-brights", "Ogwang 오광 (five brights)", 50),
    _y("four-paulownia", "Ttongyak 똥약 (four paulownias)", 20),
)
# "grand-views" and "drinking" never both score: one group, grand-views is worth more.
ENGLISH_YAKU = (
    _y("five-brights", "Five Brights", 200),
    _y("spring", "Springtime", 150),
    _y("grand-views", "The Grand Views", 150, group="views"),
    _y("drinking", "The Views", 100, group="views"),
    _y("boar-deer-butterflies", "Boar, Deer, Butterflies", 50),
)


class MinHwatu(Game):
    """Min-Hwatu: every card is played, card points total 240, yaku paid by the others."""

    id: ClassVar[str] = "min-hwatu"
    title: ClassVar[str] = "Min-Hwatu"
    native_title: ClassVar[str] = "민화투"
    summary: ClassVar[str] = (
        "Korean hwatu fishing game. Dealer first, counter-clockwise; capture by month; "
        "card points 20/10/5/0 total 240; each yaku is paid by every other player."
    )
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {
        2: (10, 8),
        3: (7, 6),
        4: (5, 8),
        5: (4, 8),
        6: (3, 12),
    }
    direction: ClassVar[int] = -1
    default_rounds: ClassVar[int | None] = 12
    default_theme: ClassVar[str] = "hwatu"
    env_id: ClassVar[str] = "hanafuda/MinHwatu-v0"
    play_order_text: ClassVar[str] = (
        "The dealer plays first, then play goes counter-clockwise until every card is played."
    )
    wild_card_text: ClassVar[str] = (
        "There is no wild card."
    )
    scoring_text: ClassVar[str] = (
        "Brights are worth 20, animals 10, ribbons 5, chaff 0. A round scores your card "
        "points, plus each yaku (a set such as the three red poetry ribbons) paid to you by "
        "every other player."
    )
    presets: ClassVar[tuple[Preset, ...]] = (
        STANDARD,
        Preset("korean", "Korean table", "Godori, five brights and the other Korean yaku, and ppeok: "
               "a turned card of the pair just made leaves all three stacked.",
               {"yaku_set": "korean", "flip_matches_pair": "ppeok"}),
        Preset("english", "English sources", "The six core yaku plus the sets found in English-language "
               "rule books.", {"yaku_set": "english"}),
    )
    option_players: ClassVar[Mapping[str, tuple[int, ...]]] = {"five_player_bonus": (5,)}
    game_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "yaku_set",
            "core",
            "Which yaku score: the core three ribbon sets and three four-of-a-month sets, plus the "
            "Korean extras (Godori, Ogwang, Ttongyak) or the English sets.",
            choices=("core", "korean", "english"),
            choice_labels={
                "core": "Core yaku only",
                "korean": "Core plus the Korean extras (Godori, Ogwang, Ttongyak)",
                "english": "Core plus the English sets",
            },
            label="Yaku set",
        ),
        OptionSpec(
            "yaku_multiplier",
            "n-1",
            "A yaku earns its value times the number of other players (n-1), each paying it, "
            "or times the number of players (n, the rule text read literally).",
            choices=("n-1", "n"),
            choice_labels={"n-1": "Yaku × (players − 1)", "n": "Yaku × players"},
            label="Yaku multiplier",
        ),
        OptionSpec(
            "five_player_bonus",
            True,
            "With 5 players the dealer gets +10 each round, so a round totals 250.",
            choices=(True, False),
            label="Five-player dealer bonus",
        ),
        OptionSpec(
            "flip_matches_pair",
            "stays",
            "A stock card of the month of the pair just made stays on the field (stays), or all "
            "three cards stay stacked on the field for the fourth card to take (ppeok).",
            choices=("stays", "ppeok"),
            choice_labels={"stays": "Stays on the field", "ppeok": "Ppeok: all three stay stacked"},
            label="Turn-over matching the pair just made",
        ),
        OptionSpec(
            "dealer_draw",
            "night",
            "The first dealer is drawn: the earliest month deals, a tie to the lower card (night), "
            "or the latest month deals, a tie to the higher card (day).",
            choices=("night", "day"),
            choice_labels={
                "night": "Night: earliest month deals, lower card wins a tie",
                "day": "Day: latest month deals, higher card wins a tie",
            },
            label="First dealer draw",
        ),
    )

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        extra = {"core": (), "korean": KOREAN_YAKU, "english": ENGLISH_YAKU}[options["yaku_set"]]
        return CORE_YAKU + extra

    @classmethod
    def ppeok(cls, options: Mapping[str, Any]) -> bool:
        return bool(options["flip_matches_pair"] == "ppeok")

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        """RULES.md §4.1: points + Y_i × (N − 1) − Σ_{j≠i} Y_j (+10 to a 5-player dealer)."""
        n = config.num_sides
        mult = n - 1 if config.options["yaku_multiplier"] == "n-1" else n
        points = [cls.card_points(config, cap) for cap in facts.captures]
        yaku = [tuple(evaluate_yaku(config.yaku, cap)) for cap in facts.captures]
        totals = [sum(y.points for y in ys) for ys in yaku]
        all_yaku = sum(totals)
        bonus_side = (
            config.side_of[facts.dealer]
            if n == 5 and config.options["five_player_bonus"]
            else None
        )
        scores, terms = [], []
        for i in range(n):
            t = [ScoreTerm("card points", points[i])]
            if totals[i]:
                t.append(ScoreTerm(f"own yaku {totals[i]} × {mult}", totals[i] * mult))
            if all_yaku - totals[i]:
                t.append(ScoreTerm("others' yaku", -(all_yaku - totals[i])))
            if bonus_side == i:
                t.append(ScoreTerm("5-player dealer bonus", 10))
            terms.append(tuple(t))
            scores.append(sum(term.value for term in t))
        return RoundScore(tuple(points), tuple(yaku), tuple(scores), tuple(terms))

    @classmethod
    def dealer_draw_rule(cls, options: Mapping[str, Any]) -> str:
        return str(options["dealer_draw"])

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` on arrays: points + Y_i × (N − 1 or N) − Σ_{j≠i} Y_j, +10 to a 5-player dealer."""
        n = config.num_sides
        mult = n - 1 if config.options["yaku_multiplier"] == "n-1" else n
        yaku = batch_yaku_points(config.yaku, facts.held, facts.points * 0)
        others = yaku.sum(axis=1, keepdims=True) - yaku
        scores = facts.points + yaku * mult - others
        if n == 5 and config.options["five_player_bonus"]:
            scores = scores + 10 * (facts.side_index == facts.dealer_side[:, None])
        return BatchScore(yaku, scores)

    @classmethod
    def yaku_weight(cls, num_sides: int, options: Mapping[str, Any]) -> int:
        """Every other side pays a yaku (RULES.md §4.1)."""
        return max(1, num_sides - 1)
