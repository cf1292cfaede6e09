"""Koi-Koi (こいこい), the two-player yaku game, with its koi-koi / stop decision (docs/rules/koi-koi.md).

The round is Hana-Awase's turn (RULES.md §3) for two players, eight cards each and eight on
the field, the dealer first.  Cards have no point value: only yaku score.  When a turn
completes a new yaku or raises one (a scaling yaku gaining a card), the player says
``koikoi`` (play on, hoping for more) or ``stop`` (the round ends and the player scores
their yaku; the opponent pays the same).  Every rule that varies between tables is an option
whose default and source are in docs/rules/koi-koi.md; the ``koikoi-japan`` preset is the
rule set of the PC game KoiKoi-Japan, read off the 151 KoiKoi-AI records (the record wins
wherever it disagrees with a common rule).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import ANIMALS, BRIGHTS, CARDS, CHAFF, RIBBONS, card_id
from .base import (
    BatchFacts,
    BatchScore,
    Config,
    Game,
    Misdeal,
    RoundFacts,
    RoundScore,
    ScoreTerm,
    Yaku,
    evaluate_yaku,
)
from .options import STANDARD, OptionSpec, Preset
from .sets import SET_MASKS

if TYPE_CHECKING:  # NumPy only types the batch hooks (imported where they run)
    from .base import BoolArray, IntArray, MaskArray

__all__ = ["KoiKoi"]

RAINMAN = 1 << card_id("willow-rainman")
SAKE_CUP = 1 << card_id("chrysanthemum-sake")
DRY_BRIGHTS = BRIGHTS & ~RAINMAN
"""The four brights other than the rain man: three of them are sankō, all four shikō."""
VIEWING = ("flower-viewing", "moon-viewing")
KOIKOI_JAPAN_VIEWING = (1, 3)
"""KoiKoi-Japan's hanami-/tsukimi-zake: 1 point, 3 once the player has called koi-koi (the
records: 86 stops on tsukimi alone score 1, 11 on kasu 1 + tsukimi after a call score 5)."""
TESHI_DEALT = Misdeal("hand", "four-of-a-month", "wins-round", "teshi")
KUTTSUKI_DEALT = Misdeal("hand", "four-pairs", "wins-round", "kuttsuki")
HAND_YAKU_POINTS = 6
"""Teshi and kuttsuki pay 6 (the common value, docs/rules/koi-koi.md)."""

# Score-term labels and notes: fixed phrases (``words.sentences`` says them in ja/ko).
SEVEN_DOUBLED = "7 or more: doubled"
OPPONENT_CALLED = "the opponent called koi-koi: doubled"
OWN_CALLS = "own koi-koi calls"
FOURTH_CALL = "four or more koi-koi calls: doubled"
PAID = "paid to the winner"
TESHI = "teshi (four of a month dealt)"
KUTTSUKI = "kuttsuki (four pairs dealt)"
OYA_KEN = "oya-ken: the dealer takes a round no one stopped"
NOTE_TESHI = "teshi: the round is won at the deal"
NOTE_KUTTSUKI = "kuttsuki: the round is won at the deal"
NOTE_OYA_KEN = "no one stopped: the dealer scores (oya-ken)"
NOTE_NOBODY = "no one stopped: no one scores"


def _viewing_rule_labels() -> dict[Any, str]:
    return {
        "on": "On: each scores by itself",
        "off": "Off: no viewing yaku",
        "with-another": "Only with another yaku: they score only beside a yaku of another kind",
        "koikoi-japan": "KoiKoi-Japan: 1 point each, 3 once you have called koi-koi",
    }


class KoiKoi(Game):
    """Koi-Koi: yaku only, the koi-koi/stop decision, zero-sum (the loser pays the winner)."""

    id: ClassVar[str] = "koi-koi"
    title: ClassVar[str] = "Koi-Koi"
    native_title: ClassVar[str] = "こいこい"
    summary: ClassVar[str] = (
        "The best-known Japanese two-player game. Dealer first; cards have no points, only "
        "yaku score. Completing or raising a yaku, you call koi-koi (play on for more) or "
        "stop (score it now, the opponent pays)."
    )
    deal_table: ClassVar[Mapping[int, tuple[int, int]]] = {2: (8, 8)}
    direction: ClassVar[int] = 1
    default_rounds: ClassVar[int | None] = 12
    default_theme: ClassVar[str] = "hanafuda"
    env_id: ClassVar[str] = "hanafuda/KoiKoi-v0"
    koikoi_decision: ClassVar[bool] = True
    play_order_text: ClassVar[str] = (
        "Two players, eight cards each and eight on the field; the dealer plays first, then "
        "the players alternate."
    )
    wild_card_text: ClassVar[str] = (
        "There is no wild card. When your turn completes a new yaku or raises one, you say "
        "koi-koi (play on, hoping for more) or stop (the round ends and you score). If you "
        "call koi-koi and your opponent stops first, you score nothing."
    )
    scoring_text: ClassVar[str] = (
        "Cards have no point value; only yaku score: five brights 10, four 8, four with the "
        "rain man 7, three 5; boar-deer-butterflies, red and blue poetry ribbons 5 each; "
        "5 animals, 5 ribbons or 10 chaff 1 point plus 1 a further card. The player who "
        "stops scores their yaku (doubled at 7 or more, and doubled if the opponent called "
        "koi-koi) and the opponent pays it."
    )
    game_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "viewing",
            "on",
            "Hanami-zake (curtain and sake cup) and tsukimi-zake (moon and sake cup): scoring "
            "by themselves, off, only beside another yaku, or KoiKoi-Japan's 1 point (3 after "
            "your own koi-koi).",
            choices=("on", "off", "with-another", "koikoi-japan"),
            choice_labels=_viewing_rule_labels(),
            label="Viewing yaku (hanami-/tsukimi-zake)",
        ),
        OptionSpec(
            "viewing_points",
            5,
            "Points of hanami-zake and of tsukimi-zake (when they are on or only with another "
            "yaku).",
            kind="int",
            label="Viewing yaku points",
        ),
        OptionSpec(
            "sake_cup_chaff",
            True,
            "The sake cup counts as a chaff for kasu as well as an animal for tane.",
            choices=(True, False),
            label="Sake cup is also chaff",
        ),
        OptionSpec(
            "seven_doubling",
            True,
            "A stop worth 7 points or more is doubled.",
            choices=(True, False),
            label="Double at 7 or more",
        ),
        OptionSpec(
            "koikoi_bonus",
            "opponent-doubles",
            "What a koi-koi call adds: the stopper's score doubles if the opponent called "
            "koi-koi, nothing, or KoiKoi-Japan's +1 a call of the stopper's own (doubling "
            "from the fourth call).",
            choices=("opponent-doubles", "none", "plus-one"),
            choice_labels={
                "opponent-doubles": "Doubled if the opponent had called koi-koi",
                "none": "No bonus",
                "plus-one": "KoiKoi-Japan: +1 for each of your own calls, ×2 from the fourth",
            },
            label="Koi-koi bonus",
        ),
        OptionSpec(
            "hand_yaku",
            False,
            "Teshi (four cards of a month in a dealt hand) and kuttsuki (four pairs) win the "
            "round at the deal for 6 points.",
            choices=(True, False),
            label="Hand yaku (teshi, kuttsuki)",
        ),
        OptionSpec(
            "exhaustion",
            "nobody",
            "When the hands run out and no one stopped: no one scores, or the dealer scores "
            "(oya-ken).",
            choices=("nobody", "oya-ken"),
            choice_labels={
                "nobody": "No one scores",
                "oya-ken": "The dealer scores (oya-ken)",
            },
            label="Round without a stop",
        ),
        OptionSpec(
            "oya_ken_points",
            6,
            "What the dealer scores under oya-ken.",
            kind="int",
            label="Oya-ken points",
        ),
        OptionSpec(
            "next_dealer",
            "winner",
            "Who deals the next round: its winner (no winner: the same dealer), the same dealer "
            "every round, or the players by turns.",
            choices=("winner", "dealer", "alternate"),
            choice_labels={
                "winner": "The round's winner (no winner: the dealer again)",
                "dealer": "The same dealer every round",
                "alternate": "The players deal by turns",
            },
            label="Next dealer",
        ),
        OptionSpec(
            "bank",
            None,
            "Each player starts with this many points (null: no bank); the match ends when a "
            "bank is empty. Scores stay shown relative to the start.",
            kind="int-or-null",
            label="Starting bank",
        ),
    )
    presets: ClassVar[tuple[Preset, ...]] = (
        STANDARD,
        Preset(
            "koikoi-japan",
            "KoiKoi-Japan",
            "The PC game KoiKoi-Japan: 8 rounds, 30 points each (the match ends when a bank is "
            "empty), no doubling, +1 for each own koi-koi call, viewing yaku 1 point (3 after "
            "a call), the dealer scores 1 when no one stops.",
            {
                "rounds": 8,
                "bank": 30,
                "viewing": "koikoi-japan",
                "seven_doubling": False,
                "koikoi_bonus": "plus-one",
                "exhaustion": "oya-ken",
                "oya_ken_points": 1,
            },
        ),
    )

    # -- data ----------------------------------------------------------------------------------

    @classmethod
    def dealer_rule(cls, options: Mapping[str, Any]) -> str:
        """The ``next_dealer`` option (docs/rules/koi-koi.md, "Next dealer"): the round's winner
        by default, as the common rules and the KoiKoi-Japan records have it."""
        rule: str = options["next_dealer"]
        return rule

    @classmethod
    def values(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        """No card points in Koi-Koi: only yaku score."""
        return tuple(0 for _ in CARDS)

    @classmethod
    def zero_sum(cls, options: Mapping[str, Any]) -> bool:
        return True

    @classmethod
    def match_target(cls, options: Mapping[str, Any]) -> int | None:
        """A starting bank empties exactly when the other player's total reaches it (every
        round is zero-sum for two players), so a bank is a target of the same size."""
        target: int | None = options["target"]
        bank: int | None = options["bank"]
        if bank is None:
            return target
        return bank if target is None else min(bank, target)

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        viewing = options["viewing"]
        viewing_points = (
            KOIKOI_JAPAN_VIEWING[0] if viewing == "koikoi-japan" else int(options["viewing_points"])
        )
        kasu_extra = SAKE_CUP if options["sake_cup_chaff"] else 0
        table = [
            Yaku("five-brights", "Five Brights (gokō)", 10, mask=BRIGHTS, group="brights"),
            Yaku("four-brights", "Four Brights (shikō)", 8, mask=DRY_BRIGHTS, group="brights"),
            Yaku("rainy-four-brights", "Rainy Four Brights (ame-shikō)", 7, min_count=4,
                 count_mask=BRIGHTS, group="brights"),
            Yaku("three-brights", "Three Brights (sankō)", 5, min_count=3, count_mask=DRY_BRIGHTS,
                 group="brights"),
            Yaku("boar-deer-butterflies", "Boar, Deer, Butterflies (inoshikachō)", 5,
                 mask=SET_MASKS["boar-deer-butterflies"]),
            Yaku("red-and-blue-ribbons", "Red and Blue Ribbons (akatan-aotan)", 10,
                 mask=SET_MASKS["poetry-ribbons"] | SET_MASKS["blue-ribbons"], group="poem-blue"),
            Yaku("poetry-ribbons", "Red Poetry Ribbons (akatan)", 5,
                 mask=SET_MASKS["poetry-ribbons"], group="poem-blue"),
            Yaku("blue-ribbons", "Blue Ribbons (aotan)", 5, mask=SET_MASKS["blue-ribbons"],
                 group="poem-blue"),
        ]
        if viewing != "off":
            table += [
                Yaku("flower-viewing", "Flower Viewing Sake (hanami-zake)", viewing_points,
                     mask=SET_MASKS["flower-viewing"]),
                Yaku("moon-viewing", "Moon Viewing Sake (tsukimi-zake)", viewing_points,
                     mask=SET_MASKS["moon-viewing"]),
            ]
        table += [
            Yaku("tane", "Animals (tane)", 1, min_count=5, count_mask=ANIMALS, per_extra=1),
            Yaku("tanzaku", "Ribbons (tanzaku)", 1, min_count=5, count_mask=RIBBONS, per_extra=1),
            Yaku("kasu", "Chaff (kasu)", 1, min_count=10, count_mask=CHAFF, per_extra=1,
                 extra_mask=kasu_extra),
        ]
        return tuple(table)

    @classmethod
    def counted_yaku(cls, config: Config, captured: int) -> list[Yaku]:
        """The yaku ``captured`` scores: one per group, viewing yaku only where the option lets
        them count (``with-another``: beside a yaku that is not a viewing one)."""
        held = evaluate_yaku(config.yaku, captured)
        if config.options["viewing"] == "with-another" and all(y.id in VIEWING for y in held):
            return []
        return held

    @classmethod
    def yaku_points(cls, config: Config, captured: int) -> tuple[int, ...]:
        """By ``config.yaku`` index, what each yaku is worth now; a turn that raises one of
        them offers koi-koi or stop (docs/rules/koi-koi.md, "The decision")."""
        counted = {y.id: y.value(captured) for y in cls.counted_yaku(config, captured)}
        return tuple(counted.get(y.id, 0) for y in config.yaku)

    @classmethod
    def misdeals(cls, options: Mapping[str, Any]) -> tuple[Misdeal, ...]:
        """With ``hand_yaku``, teshi (four of a month in a dealt hand) and kuttsuki (four pairs)
        win the round at the deal (``Game.deal_winner``: the first such seat in turn order, so
        the dealer's hand when both hold one, docs/rules/koi-koi.md)."""
        if not options["hand_yaku"]:
            return super().misdeals(options)
        return super().misdeals(options) + (TESHI_DEALT, KUTTSUKI_DEALT)

    # -- scoring -------------------------------------------------------------------------------

    @classmethod
    def stop_value(cls, config: Config, captured: int, own_calls: int, other_calls: int
                   ) -> tuple[int, list[ScoreTerm], list[Yaku]]:
        """What a stop scores: the yaku, then the 7-point doubling and the koi-koi bonus."""
        opts = config.options
        yaku = cls.counted_yaku(config, captured)
        terms: list[ScoreTerm] = []
        for y in yaku:
            value = y.value(captured)
            if opts["viewing"] == "koikoi-japan" and y.id in VIEWING and own_calls:
                value = KOIKOI_JAPAN_VIEWING[1]
            terms.append(ScoreTerm(y.id, value))
        total = sum(t.value for t in terms)
        if opts["seven_doubling"] and total >= 7:
            terms.append(ScoreTerm(SEVEN_DOUBLED, total))
            total *= 2
        bonus = opts["koikoi_bonus"]
        if bonus == "opponent-doubles" and other_calls:
            terms.append(ScoreTerm(OPPONENT_CALLED, total))
            total *= 2
        elif bonus == "plus-one" and own_calls >= 4:
            terms.append(ScoreTerm(FOURTH_CALL, total))
            total *= 2
        elif bonus == "plus-one" and own_calls:
            terms.append(ScoreTerm(OWN_CALLS, own_calls))
            total += own_calls
        return total, terms, yaku

    @classmethod
    def batch_yaku_levels(cls, config: Config, captures: MaskArray) -> IntArray:
        """``yaku_points`` on arrays: (..., Y), what each yaku of ``config.yaku`` is worth."""
        import numpy as np

        counted, worth = _batch_counted(config, captures)
        levels = [np.where(c, w, 0) for c, w in zip(counted, worth, strict=True)]
        result: IntArray = np.stack(levels, axis=-1)
        return result

    @classmethod
    def batch_stop_values(cls, config: Config, captures: MaskArray, own_calls: IntArray,
                          other_calls: IntArray) -> tuple[IntArray, BoolArray]:
        """``stop_value`` on arrays: the yaku (KoiKoi-Japan's viewing 3 after an own call),
        the 7-point doubling, the koi-koi bonus; and whether any yaku counts."""
        import numpy as np

        opts = config.options
        counted, worth = _batch_counted(config, captures)
        total = np.zeros(captures.shape, np.int64)
        has = np.zeros(captures.shape, np.bool_)
        for y, c, w in zip(config.yaku, counted, worth, strict=True):
            if opts["viewing"] == "koikoi-japan" and y.id in VIEWING:
                w = np.where(own_calls > 0, KOIKOI_JAPAN_VIEWING[1], w)
            total += np.where(c, w, 0)
            has |= c
        if opts["seven_doubling"]:
            total = np.where(total >= 7, total * 2, total)
        bonus = opts["koikoi_bonus"]
        if bonus == "opponent-doubles":
            total = np.where(other_calls > 0, total * 2, total)
        elif bonus == "plus-one":
            total = np.where(own_calls >= 4, total * 2, np.where(own_calls > 0, total + own_calls,
                                                                  total))
        return total, has

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` on arrays: the stopper scores and the opponent pays; a win at the
        deal pays 6; no stop scores nothing, or the dealer's oya-ken points.  The yaku points
        reported are the stopper's counted yaku (their listed points, as ``RoundScore.yaku``)."""
        import numpy as np

        assert facts.stopped is not None and facts.koikoi is not None
        assert facts.at_deal is not None
        calls = facts.koikoi
        others = calls.sum(axis=1, keepdims=True) - calls
        value, _ = cls.batch_stop_values(config, facts.captures, calls, others)
        counted, _ = _batch_counted(config, facts.captures)
        listed = sum((np.where(c, y.points, 0) for c, y in zip(counted, config.yaku, strict=True)),
                     np.zeros(facts.captures.shape, np.int64))
        stopped = facts.stopped
        winner = stopped.copy()
        rows = np.arange(stopped.size)
        won = value[rows, np.maximum(stopped, 0)]
        won = np.where(facts.at_deal, HAND_YAKU_POINTS, won)
        if config.options["exhaustion"] == "oya-ken":
            nobody = stopped < 0
            winner = np.where(nobody, facts.dealer_side, winner)
            won = np.where(nobody, int(config.options["oya_ken_points"]), won)
        side = facts.side_index[None, :]
        scoring = (winner >= 0)[:, None]
        scores = np.where(scoring, np.where(side == winner[:, None], won[:, None],
                                            -won[:, None]), 0)
        stop = ((stopped >= 0) & ~facts.at_deal)[:, None] & (side == stopped[:, None])
        return BatchScore(np.where(stop, listed, 0), scores)

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        """The stopper scores and the opponent pays; a deal won by a hand yaku pays 6; a round
        where no one stopped scores nothing, or the dealer's oya-ken points."""
        n = config.num_sides
        zero = tuple(0 for _ in range(n))
        calls = facts.koikoi or zero
        if facts.provisional:
            values: list[int] = []
            all_terms: list[tuple[ScoreTerm, ...]] = []
            all_yaku: list[tuple[Yaku, ...]] = []
            for side, cap in enumerate(facts.captures):
                others = sum(calls) - calls[side]
                value, side_terms, side_yaku = cls.stop_value(config, cap, calls[side], others)
                values.append(value if side_yaku else 0)
                all_terms.append(tuple(side_terms) if side_yaku else ())
                all_yaku.append(tuple(side_yaku))
            return RoundScore(zero, tuple(all_yaku), tuple(values), tuple(all_terms))
        winner, value, note = -1, 0, ""
        win_terms: list[ScoreTerm] = []
        win_yaku: list[Yaku] = []
        if facts.at_deal:
            winner, value = facts.stopped, HAND_YAKU_POINTS
            seat = config.sides[winner][0]
            teshi = _teshi(facts.hands[seat])
            win_terms = [ScoreTerm(TESHI if teshi else KUTTSUKI, value)]
            note = NOTE_TESHI if teshi else NOTE_KUTTSUKI
        elif facts.stopped >= 0:
            winner = facts.stopped
            others = sum(calls) - calls[winner]
            value, win_terms, win_yaku = cls.stop_value(
                config, facts.captures[winner], calls[winner], others)
        elif config.options["exhaustion"] == "oya-ken":
            winner, value = config.side_of[facts.dealer], int(config.options["oya_ken_points"])
            win_terms = [ScoreTerm(OYA_KEN, value)]
            note = NOTE_OYA_KEN
        else:
            note = NOTE_NOBODY
        scores = [0] * n
        terms: list[tuple[ScoreTerm, ...]] = [() for _ in range(n)]
        yaku: list[tuple[Yaku, ...]] = [() for _ in range(n)]
        if winner >= 0:
            for side in range(n):
                if side == winner:
                    scores[side] = value
                    terms[side] = tuple(win_terms)
                    yaku[side] = tuple(win_yaku)
                else:
                    scores[side] = -value
                    terms[side] = (ScoreTerm(PAID, -value),)
        stopper = facts.stopped if facts.stopped >= 0 and not facts.at_deal else -1
        return RoundScore(zero, tuple(yaku), tuple(scores), tuple(terms), note, stopper)


def _batch_counted(config: Config, captures: MaskArray) -> tuple[list[BoolArray], list[IntArray]]:
    """By ``config.yaku`` index, where each yaku counts (``counted_yaku`` on arrays: held, the
    best of its group — the higher points, the first listed on a tie, as ``evaluate_yaku`` —
    and viewing yaku only beside another under ``with-another``) and what it is worth."""
    import numpy as np

    table = config.yaku
    held: list[BoolArray] = []
    worth: list[IntArray] = []
    for y in table:
        if y.min_count:
            count = (np.bitwise_count(captures & np.uint64(y.count_mask)).astype(np.int64)
                     + np.bitwise_count(captures & np.uint64(y.extra_mask)))
            held.append(count >= y.min_count)
            worth.append(y.points + y.per_extra * (count - y.min_count))
        else:
            held.append((captures & np.uint64(y.mask)) == np.uint64(y.mask))
            worth.append(np.asarray(y.points, dtype=np.int64))  # a 0-d array: broadcast
    counted = list(held)
    for i, y in enumerate(table):
        for j, other in enumerate(table):
            if j != i and y.group is not None and other.group == y.group and (
                    other.points > y.points or (other.points == y.points and j < i)):
                counted[i] = counted[i] & ~held[j]
    if config.options["viewing"] == "with-another":
        beside = np.zeros(captures.shape, np.bool_)
        for i, y in enumerate(table):
            if y.id not in VIEWING:
                beside |= counted[i]
        counted = [c & beside if y.id in VIEWING else c for c, y in zip(counted, table, strict=True)]
    return counted, worth


def _teshi(hand: int) -> bool:
    return TESHI_DEALT.cards(hand) != 0
