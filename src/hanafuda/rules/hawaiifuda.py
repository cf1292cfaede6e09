"""Hawaiʻifuda, the Hawaiian game with the wild Pāhoehoe (RULES.md §4.4, §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards import CARDS, CHAFF, WILLOW_LIGHTNING, Kind, card_id
from .base import (
    BatchFacts,
    BatchScore,
    Config,
    Game,
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

LIGHT = card_id("paulownia-chaff1")
RAINMAN = card_id("willow-rainman")
RUBBISH = CHAFF & ~(1 << LIGHT) & ~(1 << WILLOW_LIGHTNING)
"""Rubbish: every chaff except Light and Pāhoehoe (RULES.md §9)."""
COMBO_PENALTY = 50


def _combo(yaku_id: str, name: str) -> Yaku:
    return Yaku(yaku_id, name, COMBO_PENALTY, mask=SET_MASKS[yaku_id])


COMBOS = (
    _combo("drinking", "Flags, Waʻa & Mahina, Medicine"),
    _combo("spring", "Nēnē, ʻIʻiwi, Flags"),
    _combo("poetry-ribbons", "Sun, Rain, Lei"),
    _combo("blue-ribbons", "Rainbow, Kapa, ʻUlu"),
    _combo("butterflies-sake-deer", "Pulelehua, Medicine, Moʻo"),
    _combo("grass-ribbons", "Net, Pōhaku Kuʻi ʻAi, Waterfall"),
    _combo("cuckoo-bridge-boar", "ʻUaʻu Kani, Kalo Loʻi, ʻĪlio holo i ka uaua"),
    _combo("boar-geese-deer", "ʻĪlio holo i ka uaua, ʻŌpeʻapeʻa, Moʻo"),
)


class Hawaiifuda(Game):
    """Hawaiʻifuda: Sakura values, rubbish discarded, Pāhoehoe wild, optional −50 combos."""

    id: ClassVar[str] = "hawaiifuda"
    title: ClassVar[str] = "Hawaiʻifuda"
    native_title: ClassVar[str] = "Hawaiʻifuda"
    summary: ClassVar[str] = (
        "Hawaiian hanafuda for 2–6 players. Dealer first, clockwise; Sakura values (20/10/5, "
        "rubbish 0, deck 240); Pāhoehoe (the lightning) is wild from hand or stock; optional "
        "bonus combos cost every opponent 50."
    )
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {
        2: (8, 8),
        3: (7, 6),
        4: (5, 8),
        5: (4, 8),
        6: (3, 12),
    }
    direction: ClassVar[int] = 1
    default_rounds: ClassVar[int | None] = 6
    default_four_on_field: ClassVar[str] = "dealer-captures"
    default_theme: ClassVar[str] = "hawaiifuda"
    env_id: ClassVar[str] = "hanafuda/Hawaiifuda-v0"
    play_order_text: ClassVar[str] = (
        "The dealer plays first, then play goes clockwise until every hand is empty."
    )
    wild_card_text: ClassVar[str] = (
        "Pāhoehoe (the lightning) is wild from hand or from the stock: it captures any one "
        "field card you choose, and at the round's end the rest of that month on the field."
    )
    scoring_text: ClassVar[str] = (
        "Brights are worth 20 (the Rain Man 5), ribbons 10, animals 5, and the Light chaff "
        "10; rubbish (every other chaff but Pāhoehoe) is worth nothing and goes to a discard "
        "pile. A round scores your card points; with the bonus combos option each combo an "
        "opponent holds costs you 50."
    )
    presets: ClassVar[tuple[Preset, ...]] = (
        STANDARD,
        Preset("combos", "Bonus combos", "Each of the eight three-card combos a player holds costs "
               "every opponent 50.", {"bonus_combos": True}),
    )
    game_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "bonus_combos",
            False,
            "The eight three-card combos: each combo a player holds costs every opponent 50.",
            choices=(True, False),
            label="Bonus combos",
        ),
    )

    @classmethod
    def values(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Sakura values (RULES.md §1): bright 20 (rain man 5), animal 5, ribbon 10, Light 10."""
        per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 5, Kind.RIBBON: 10, Kind.CHAFF: 0}
        values = [per_kind[c.kind] for c in CARDS]
        values[RAINMAN] = 5
        values[LIGHT] = 10
        return tuple(values)

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        return COMBOS if options["bonus_combos"] else ()

    @classmethod
    def wild_rule(cls, options: Mapping[str, Any]) -> WildRule | None:
        return WildRule(card=WILLOW_LIGHTNING, from_hand=True, from_stock=True, leftovers="month")

    @classmethod
    def rubbish(cls, options: Mapping[str, Any]) -> int:
        return RUBBISH

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        """RULES.md §4.4: card points − 50 × (combos held by all opponents together)."""
        points = [cls.card_points(config, cap) for cap in facts.captures]
        yaku = [tuple(evaluate_yaku(config.yaku, cap)) for cap in facts.captures]
        counts = [len(ys) for ys in yaku]
        all_combos = sum(counts)
        scores, terms = [], []
        for i, pts in enumerate(points):
            t = [ScoreTerm("card points", pts)]
            others = all_combos - counts[i]
            if others:
                t.append(ScoreTerm(f"opponents' combos {others} × 50", -COMBO_PENALTY * others))
            terms.append(tuple(t))
            scores.append(sum(term.value for term in t))
        return RoundScore(tuple(points), tuple(yaku), tuple(scores), tuple(terms))

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` on arrays: card points − 50 × the combos the opponents hold
        (each combo's points are its 50-point penalty)."""
        yaku = batch_yaku_points(config.yaku, facts.held, facts.points * 0)
        others = yaku.sum(axis=1, keepdims=True) - yaku
        return BatchScore(yaku, facts.points - others)
