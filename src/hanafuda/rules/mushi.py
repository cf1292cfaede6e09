"""Mushi (虫), the 40-card two-player game with the wild lightning (RULES.md §4.5, §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards import (
    CARDS,
    DECK_40,
    MONTH_MASKS,
    NATURAL_WILLOWS,
    WILLOW_LIGHTNING,
    Kind,
)
from .base import (
    BatchFacts,
    BatchScore,
    Config,
    Game,
    Misdeal,
    RoundFacts,
    RoundScore,
    ScoreTerm,
    WildRule,
    Yaku,
    batch_yaku_points,
    evaluate_yaku,
)
from .options import STANDARD, OptionSpec, Preset
from .sets import SET_MASKS

PAR = 115


class Mushi(Game):
    """Mushi: 40 cards, lightning wild, par 115, zero-sum yaku."""

    id: ClassVar[str] = "mushi"
    title: ClassVar[str] = "Mushi"
    native_title: ClassVar[str] = "虫"
    summary: ClassVar[str] = (
        "Two-player game with the 40-card deck (no peony, no clover). The lightning is wild; "
        "card points 20/10/5/1 total 230, par 115; yaku are paid by the opponent (zero-sum)."
    )
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {2: (8, 8)}
    direction: ClassVar[int] = 1
    deck: ClassVar[int] = DECK_40
    default_rounds: ClassVar[int | None] = 12
    default_theme: ClassVar[str] = "hanafuda"
    env_id: ClassVar[str] = "hanafuda/Mushi-v0"
    play_order_text: ClassVar[str] = (
        "Two players with the 40-card deck (no peony, no clover); the dealer plays first, "
        "then the players alternate."
    )
    wild_card_text: ClassVar[str] = (
        "The lightning is wild: it captures any one non-willow field card you choose, and "
        "turned over as the last stock card it takes the whole field."
    )
    scoring_text: ClassVar[str] = (
        "Brights are worth 20, animals 10, ribbons 5, chaff 1 (230 in all). A round scores "
        "your card points above 115, plus your yaku, minus your opponent's."
    )
    presets: ClassVar[tuple[Preset, ...]] = (
        STANDARD,
        Preset("three-yaku", "Three yaku", "The variant without Five Brights.", {"five_brights": False}),
        Preset("strict", "Lightning and pairs", "A card from hand takes the lightning on the field, and "
               "four pairs on the field are a misdeal.",
               {"hand_takes_field_lightning": True, "four_pairs_misdeal": True}),
    )
    game_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "five_brights",
            True,
            "Five Brights scores 30 (off: the three-yaku variant).",
            choices=(True, False),
            label="Five Brights",
        ),
        OptionSpec(
            "hand_takes_field_lightning",
            False,
            "A non-willow card played from hand takes the lightning lying on the field.",
            choices=(True, False),
            label="Hand takes the field lightning",
        ),
        OptionSpec(
            "four_pairs_misdeal",
            False,
            "Eight field cards forming four pairs are a misdeal too.",
            choices=(True, False),
            label="Four pairs misdeal",
        ),
    )

    @classmethod
    def zero_sum(cls, options: Mapping[str, Any]) -> bool:
        return True

    @classmethod
    def values(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
        return tuple(per_kind[c.kind] for c in CARDS)

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        table = [
            Yaku("five-brights", "Five Brights (gokō 五光)", 30, mask=SET_MASKS["five-brights"]),
            Yaku("spring", "Three Brights (sankō 三光)", 25, mask=SET_MASKS["spring"]),
            Yaku("four-wisteria", "Four Wisterias (fujishima 藤シマ)", 10,
                 mask=SET_MASKS["four-wisteria"]),
            Yaku("four-paulownia", "Four Paulownias (kirishima 桐シマ)", 10,
                 mask=SET_MASKS["four-paulownia"]),
        ]
        if not options["five_brights"]:
            table = table[1:]
        return tuple(table)

    @classmethod
    def wild_rule(cls, options: Mapping[str, Any]) -> WildRule | None:
        return WildRule(
            card=WILLOW_LIGHTNING,
            from_hand=True,
            from_stock=True,
            excluded=MONTH_MASKS[11],
            last_stock_takes_all=True,
            field_rule=True,
            hand_takes_field=bool(options["hand_takes_field_lightning"]),
            leftovers="mushi",
        )

    @classmethod
    def misdeals(cls, options: Mapping[str, Any]) -> tuple[Misdeal, ...]:
        """RULES.md §4.5/§9: besides four of a month, the three natural willows together on the
        field are redealt, and (option) eight field cards forming four pairs."""
        own = [Misdeal("field", "all-of", "redeal", "the three natural willows are on the field",
                       mask=NATURAL_WILLOWS)]
        if options["four_pairs_misdeal"]:
            own.append(Misdeal("field", "four-pairs", "redeal",
                               "the eight field cards form four pairs"))
        return super().misdeals(options) + tuple(own)

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        """RULES.md §4.5: (card points − 115) + own yaku − opponent's yaku."""
        points = [cls.card_points(config, cap) for cap in facts.captures]
        yaku = [tuple(evaluate_yaku(config.yaku, cap)) for cap in facts.captures]
        totals = [sum(y.points for y in ys) for ys in yaku]
        scores, terms = [], []
        for i in range(2):
            t = [ScoreTerm("card points", points[i]), ScoreTerm("par", -PAR)]
            if totals[i]:
                t.append(ScoreTerm("own yaku", totals[i]))
            if totals[1 - i]:
                t.append(ScoreTerm("opponent's yaku", -totals[1 - i]))
            terms.append(tuple(t))
            scores.append(sum(term.value for term in t))
        return RoundScore(tuple(points), tuple(yaku), tuple(scores), tuple(terms))

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` on arrays: (card points − 115) + own yaku − the opponent's."""
        yaku = batch_yaku_points(config.yaku, facts.held, facts.points * 0)
        others = yaku.sum(axis=1, keepdims=True) - yaku
        return BatchScore(yaku, facts.points - PAR + yaku - others)
