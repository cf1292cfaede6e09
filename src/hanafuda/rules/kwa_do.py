"""Kwa-Dō, the 1959 American hwatu game for 2–6 players with teams (RULES.md §4.3, §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import WILLOW_LIGHTNING
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
from .options import STANDARD, OptionError, OptionSpec, Preset
from .sets import SET_MASKS

if TYPE_CHECKING:
    from .base import IntArray

DECK_POINTS = 240
NEGATIVE_AS_ZERO = "negative counts as 0"


def _y(yaku_id: str, name: str, points: int) -> Yaku:
    return Yaku(yaku_id, name, points, mask=SET_MASKS[yaku_id])


MONTH_YAKU = (
    _y("four-iris", "Four Irises", 30),
    _y("four-maple", "Four Maples", 30),
    _y("four-willow", "Four Willows", 30),
)
PHOENIX_BONUS = _y("phoenix-bonus", "Dragon bonus (the phoenix)", 25)
SAKURA_SETS = (
    _y("spring", "Spring", 30),
    _y("drinking", "Drinking", 30),
    _y("butterflies-sake-deer", "Butterflies, Sake, Deer", 30),
    _y("boar-geese-deer", "Boar, Geese, Deer", 30),
    _y("cuckoo-bridge-boar", "Cuckoo, Bridge, Boar", 30),
    _y("grass-ribbons", "Grass Scrolls", 30),
    _y("blue-ribbons", "Blue Scrolls", 30),
    _y("poetry-ribbons", "Poetry Scrolls", 30),
)
FIVE_BRIGHTS = _y("five-brights", "Five Kwang", 100)
SAKURA_IDS = frozenset(s.id for s in SAKURA_SETS)

TEAM_LAYOUTS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    4: (((0, 2), (1, 3)),),
    6: (((0, 3), (1, 4), (2, 5)), ((0, 2, 4), (1, 3, 5))),
}


def _show_layout(layout: tuple[tuple[int, ...], ...]) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, side)) + "]" for side in layout) + "]"


class KwaDo(Game):
    """Kwa-Dō: Sakura-like play from the left of the dealer, floor scoring, teams, gaji."""

    id: ClassVar[str] = "kwa-do"
    title: ClassVar[str] = "Kwa-Dō"
    native_title: ClassVar[str] = "Kwa-Dō"
    summary: ClassVar[str] = (
        "American hwatu game of 1959 for 2–6 players, teams allowed. The player left of the "
        "dealer starts, clockwise; card points 20/10/5/0; each round a side scores what it "
        "captured above the floor (240 / sides); first to 200 wins. Optional yaku declared by "
        "playing a card, and the wild Gaji."
    )
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {
        2: (10, 8),
        3: (7, 6),
        4: (5, 8),
        5: (4, 8),
        6: (3, 12),
    }
    direction: ClassVar[int] = 1
    first_offset: ClassVar[int] = 1
    default_rounds: ClassVar[int | None] = None
    default_target: ClassVar[int | None] = 200
    default_theme: ClassVar[str] = "kwa-do"
    bright_capture_call: ClassVar[str] = "Kwa-Dō!"
    env_id: ClassVar[str] = "hanafuda/KwaDo-v0"
    play_order_text: ClassVar[str] = (
        "The player left of the dealer starts, then play goes clockwise until every hand is "
        'empty. Partners of a team share one pile. "Kwa-Dō!" is called whenever a bright is '
        "captured."
    )
    wild_card_text: ClassVar[str] = (
        "With the gaji option the lightning (Gaji) is wild from hand: it captures any one "
        "field card you choose. With the yaku option you declare a set by playing one of its "
        "cards onto the field."
    )
    scoring_text: ClassVar[str] = (
        "Brights are worth 20, animals 10, ribbons 5, chaff 0. Each round a side scores what "
        "it captured above its floor (240 shared by the sides); the first side to reach the "
        "target (200 by default) wins."
    )
    presets: ClassVar[tuple[Preset, ...]] = (
        STANDARD,
        Preset("sakura", "Sakura yaku", "The Sakura sets (declared by playing one of their cards), "
               "four of a month and five brights score.",
               {"yaku": True, "declare_sets": True, "five_brights": True}),
        Preset("gaji", "Wild Gaji", "The lightning is wild, from the hand and from the stock.",
               {"gaji": True, "gaji_wild_from_stock": True}),
    )
    option_players: ClassVar[Mapping[str, tuple[int, ...]]] = {
        "two_player_hand": (2,), "teams": (4, 6)}
    game_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "teams",
            None,
            "Partners share one capture pile and one score: with 4 players [[0,2],[1,3]], with 6 "
            "players [[0,3],[1,4],[2,5]] or [[0,2,4],[1,3,5]] (null: everyone plays alone).",
            kind="teams",
            label="Teams",
        ),
        OptionSpec(
            "two_player_hand",
            10,
            "Cards per hand with 2 players: 10 plays the whole deck, 8 leaves 8 cards in the stock.",
            choices=(10, 8),
            choice_labels={
                10: "10 cards (the whole deck is played)",
                8: "8 cards (8 stay in the stock)",
            },
            label="Two-player hand size",
        ),
        OptionSpec(
            "scoring",
            "floor",
            "A side scores only its points above the floor of 240 ÷ number of sides, never below 0 "
            "(floor), or all its points (raw).",
            choices=("floor", "raw"),
            choice_labels={
                "floor": "Floor: only points above the even share count",
                "raw": "Raw card points",
            },
            label="Scoring",
        ),
        OptionSpec(
            "yaku",
            False,
            "Yaku add to a side's points: four irises, maples or willows 30, the Dragon (phoenix) "
            "+25 and the eight Sakura sets 30 each.",
            choices=(True, False),
            label="Yaku",
        ),
        OptionSpec(
            "declare_sets",
            True,
            "With yaku on, a Sakura set scores only if declared by playing one of its cards with "
            "the declaration, which then captures nothing.",
            choices=(True, False),
            label="Declare Sakura sets",
        ),
        OptionSpec("five_brights", False, "Holding all five Kwang (brights) scores 100.",
                   choices=(True, False), label="Five Kwang"),
        OptionSpec(
            "gaji",
            False,
            "The lightning is the wild Gaji: played from hand it takes any one field card of your "
            "choice.",
            choices=(True, False),
            label="Wild Gaji",
        ),
        OptionSpec(
            "gaji_wild_from_stock",
            False,
            "With the Gaji on, it is wild when turned over from the stock too.",
            choices=(True, False),
            label="Gaji wild from the stock",
        ),
    )

    @classmethod
    def deal_size(cls, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        if players == 2:
            return (int(options["two_player_hand"]), 8)
        return cls.deal_table[players]

    @classmethod
    def sides(cls, players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """RULES.md §4.3: teams only as the table's partnerships; else everyone alone."""
        teams = options["teams"]
        if teams is None:
            return tuple((seat,) for seat in range(players))
        layout = tuple(tuple(side) for side in teams)
        allowed = TEAM_LAYOUTS.get(players, ())
        if layout not in allowed:
            if not allowed:
                raise OptionError(
                    f"option 'teams': {players} players play alone in kwa-do; "
                    "teams need 4 or 6 players"
                )
            choices = " or ".join(_show_layout(a) for a in allowed)
            raise OptionError(
                f"option 'teams': {_show_layout(layout)} does not fit {players} players; "
                f"allowed: {choices}"
            )
        return layout

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        table: tuple[Yaku, ...] = ()
        if options["yaku"]:
            table = MONTH_YAKU + (PHOENIX_BONUS,) + SAKURA_SETS
        if options["five_brights"]:
            table += (FIVE_BRIGHTS,)
        return table

    @classmethod
    def declarable_sets(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        return SAKURA_SETS if options["yaku"] and options["declare_sets"] else ()

    @classmethod
    def wild_rule(cls, options: Mapping[str, Any]) -> WildRule | None:
        if not options["gaji"]:
            return None
        return WildRule(
            card=WILLOW_LIGHTNING,
            from_hand=True,
            from_stock=bool(options["gaji_wild_from_stock"]),
            leftovers="month",
        )

    @classmethod
    def side_values(cls, result: RoundScore) -> list[float]:
        """Side points before the floor: the clamp at 0 would hide how far below it a side is."""
        return [
            float(score - sum(t.value for t in terms if t.label == NEGATIVE_AS_ZERO))
            for score, terms in zip(result.scores, result.terms, strict=True)
        ]

    @classmethod
    def batch_side_values(cls, config: Config, points: IntArray, yaku: IntArray,
                          scores: IntArray) -> IntArray:
        """``side_values`` on arrays: card points plus yaku, less the floor, unclamped."""
        floor = DECK_POINTS // config.num_sides if config.options["scoring"] == "floor" else 0
        result: IntArray = points + yaku - floor
        return result

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        """RULES.md §4.3: side points = card points + bonuses; floor = max(0, sp − 240/sides)."""
        n = config.num_sides
        floor = DECK_POINTS // n
        use_floor = config.options["scoring"] == "floor"
        declaring = bool(config.declarable)
        points, yaku, scores, terms = [], [], [], []
        for side, cap in enumerate(facts.captures):
            pts = cls.card_points(config, cap)
            held = [
                y
                for y in evaluate_yaku(config.yaku, cap)
                if not (declaring and y.id in SAKURA_IDS and y.id not in facts.declared[side])
            ]
            t = [ScoreTerm("card points", pts)] + [ScoreTerm(y.id, y.points) for y in held]
            side_points = sum(term.value for term in t)
            if use_floor:
                t.append(ScoreTerm(f"floor 240 / {n}", -floor))
                if side_points < floor:
                    t.append(ScoreTerm(NEGATIVE_AS_ZERO, floor - side_points))
            points.append(pts)
            yaku.append(tuple(held))
            scores.append(sum(term.value for term in t))
            terms.append(tuple(t))
        return RoundScore(tuple(points), tuple(yaku), tuple(scores), tuple(terms))

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` on arrays: a declarable set counts only if declared; the floor."""
        held = dict(facts.held)
        for index, declarable in enumerate(config.declarable):
            held[declarable.id] = held[declarable.id] & ((facts.declared >> index) & 1 == 1)
        yaku = batch_yaku_points(config.yaku, held, facts.points * 0)
        scores = facts.points + yaku
        if config.options["scoring"] == "floor":
            scores = (scores - DECK_POINTS // config.num_sides).clip(min=0)
        return BatchScore(yaku, scores)
