"""Legal moves in words, from the structured ``Move`` and what the engine says it captures.

A move is never re-read from its string: ``parse_action`` + ``decode`` give the structured
``Move``, and ``Round.resolve_play`` on the seat's visible position (field, exposed cards) gives
exactly what a play captures (RULES.md §3, §4, §9).  Each legal move becomes a ``MoveWords``:
the move string, the card, the cards it would take, what kind of outcome it is, a sentence
("Cherry Chaff takes Cherry Curtain") and a short label for a choice between variants of one
card ("take Cherry Curtain").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import BRIGHTS, CARDS, CHAFF, CODES, Kind, card_id, cards_of
from ..engine.moves import NO_SET, NO_TARGET, Move, decode, parse_action
from ..engine.round import HOW_DECLARE, HOW_FIELD_LIGHTNING, HOW_STAY, HOW_WILD, Round
from ..rules.base import Config
from ..rules.koi_koi import KoiKoi
from ..views import PlayerView
from .catalogue import text as catalogue_text
from .languages import bright_call, yaku_name
from .names import Namer
from .sentences import say

__all__ = [
    "MoveWords",
    "OUTCOME_CAPTURE",
    "OUTCOME_DECLARE",
    "OUTCOME_EXPOSE",
    "OUTCOME_KEEP",
    "OUTCOME_PLACE",
    "OUTCOME_WILD",
    "describe_move",
    "hint_lines",
    "koikoi_stake",
    "legal_move_words",
    "position_of",
]

OUTCOME_CAPTURE = "capture"
OUTCOME_WILD = "wild"
OUTCOME_PLACE = "place"
OUTCOME_DECLARE = "declare"
OUTCOME_EXPOSE = "expose"
OUTCOME_KEEP = "keep"
OUTCOME_KOIKOI = "koikoi"
OUTCOME_STOP = "stop"


@dataclass(frozen=True)
class MoveWords:
    """One legal move, said for people and structured for pages.

    ``card`` is the card played (a play) or the turned-over card (a take); ``takes`` the table
    cards it would capture now (the played card itself not included); ``outcome`` one of
    capture, wild, place, declare, expose, keep; ``declared`` the set id of a declaration;
    ``text`` the whole sentence; ``choice`` the words that tell this move apart from the other
    moves of the same card.
    """

    move: str
    kind: str
    card: str | None
    takes: tuple[str, ...]
    outcome: str
    declared: str | None
    text: str
    choice: str
    calls: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "kind": self.kind,
            "card": self.card,
            "takes": list(self.takes),
            "outcome": self.outcome,
            "declared": self.declared,
            "text": self.text,
            "choice": self.choice,
            "calls": list(self.calls),
        }


def position_of(config: Config, view: PlayerView) -> Round:
    """A round holding exactly what the view shows of the table, to ask the engine what a play
    captures: the field and the exposed teyaku cards; the viewer's hand.  Hidden cards are not
    in it and no capture rule reads them."""
    hands = [cs.mask for cs in view.exposed]
    if view.seat is not None:
        hands[view.seat] = view.hand.mask
    rnd = Round(config, view.dealer, hands, 0, ())
    rnd.field = view.field.mask
    rnd.exposed = [cs.mask for cs in view.exposed]
    if view.to_move is not None:
        rnd.seat = view.to_move
    return rnd


def _bright_calls(config: Config, taken: int, lang: str) -> tuple[str, ...]:
    call = bright_call(config.game, lang)
    return (call,) if call and taken & BRIGHTS else ()


def describe_move(view: PlayerView, move: str | Move, namer: Namer,
                  position: Round | None = None) -> MoveWords:
    """The words of one legal move of ``view`` (the seat to move's own view)."""
    config = namer.config
    if isinstance(move, str):
        structured = decode(parse_action(move, config))
        text_move = move
    else:
        structured = move
        text_move = _format(structured, config)
    if structured.kind == "expose":
        return _expose(view, namer, text_move)
    lang = namer.lang
    if structured.kind == "keep":
        _, _, value, name = _teyaku(view, namer)
        if lang != "en":
            return MoveWords(text_move, "keep", None, (), OUTCOME_KEEP, None,
                             say("keep_text", lang, name=name, value=value),
                             say("keep_choice", lang, name=name))
        return MoveWords(text_move, "keep", None, (), OUTCOME_KEEP, None,
                         f"Keep your {name} teyaku hidden (nobody pays, nobody learns of it)",
                         f"keep your {name} teyaku hidden")
    if structured.kind in ("koikoi", "stop"):
        return _koikoi_words(text_move, structured.kind, view, namer)
    if structured.kind == "take":
        assert structured.target is not None and view.pending is not None
        pending = card_id(view.pending)
        target = CODES[structured.target]
        wild = namer.is_wild(pending) and bool(config.wild and config.wild.from_stock)
        who = namer.card(pending, wild=wild)
        taken = 1 << structured.target
        if lang != "en":
            text = say("take_text", lang, card=who, target=namer.card(target))
            choice = say("take_choice", lang, target=namer.card(target))
        else:
            text, choice = f"{who} takes {namer.card(target)}", f"take {namer.card(target)}"
        return MoveWords(text_move, "take", view.pending, (target,),
                         OUTCOME_WILD if wild else OUTCOME_CAPTURE, None, text, choice,
                         _bright_calls(config, taken | 1 << pending, lang))
    assert structured.card is not None
    rnd = position if position is not None else position_of(config, view)
    seat = view.to_move if view.to_move is not None else (view.seat or 0)
    card = structured.card
    target_id = structured.target if structured.target is not None else NO_TARGET
    declared = structured.declared_set if structured.declared_set is not None else NO_SET
    how, taken = rnd.resolve_play(seat, card, target_id, declared)
    name = namer.card(card, wild=how == HOW_WILD)
    code = CODES[card]
    if how == HOW_DECLARE:
        assert structured.declared_set is not None
        yaku = config.declarable[structured.declared_set]
        _, would, choose = rnd.hand_options(seat, card)
        if lang != "en":
            from .languages import yaku_name
            named = yaku_name(config.game, yaku.id, yaku.name, lang)
            given_up = "" if not would else (
                say("declare_gives_up", lang, cards=namer.cards(cards_of(would), wild=False))
                if not choose else say("declare_gives_up_choice", lang))
            text = say("declare_text", lang, card=name, yaku=named, given_up=given_up)
            choice = say("declare_choice", lang, yaku=named) + (
                say("declare_no_capture", lang) if would else "")
            return MoveWords(text_move, "play", code, (), OUTCOME_DECLARE, yaku.id, text, choice)
        given_up = "" if not would else (
            f" — gives up taking {namer.cards(cards_of(would), wild=False)}" if not choose
            else " — gives up the capture")
        text = f"place {name} and declare {yaku.name}{given_up}"
        choice = f"declare {yaku.name}" + (" (no capture)" if would else "")
        return MoveWords(text_move, "play", code, (), OUTCOME_DECLARE, yaku.id, text, choice)
    if how == HOW_STAY or not taken:
        if lang != "en":
            return MoveWords(text_move, "play", code, (), OUTCOME_PLACE, None,
                             say("place_text", lang, card=name), say("place_choice", lang))
        return MoveWords(text_move, "play", code, (), OUTCOME_PLACE, None,
                         f"place {name} (no capture)", "no capture: it stays on the field")
    takes = tuple(CODES[c] for c in cards_of(taken))
    targets = namer.cards(takes)
    if how == HOW_FIELD_LIGHTNING:
        targets += " (lying on the field)" if lang == "en" else say("on_the_field", lang)
    outcome = OUTCOME_WILD if how == HOW_WILD else OUTCOME_CAPTURE
    if lang != "en":
        text = say("capture_text", lang, card=name, targets=targets)
        choice = say("capture_choice", lang, targets=targets)
    else:
        text, choice = f"{name} takes {targets}", f"take {targets}"
    return MoveWords(text_move, "play", code, takes, outcome, None, text, choice,
                     _bright_calls(config, taken | 1 << card, lang))


_COUNT_WORDS = {6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten"}
"""A teyaku's chaff count as its English name says it ("Seven Chaff")."""


def _teyaku(view: PlayerView, namer: Namer) -> tuple[int, int, int, str]:
    """The Hana-Awase teyaku the deciding seat holds (RULES.md §4.2): its chaff (a mask), how
    many, what each other player pays for it, and its name in the namer's language ("Seven
    Chaff", "カス7枚", "피 7장") — the decision names the teyaku it is about, both choices alike."""
    chaff = view.hand.mask & CHAFF & namer.config.deck
    count = chaff.bit_count()
    value = namer.config.teyaku_values[count]
    said = _COUNT_WORDS.get(count, str(count)) if namer.lang == "en" else count
    return chaff, count, value, catalogue_text("teyaku.chaff_name", namer.lang, count=said)


def _expose(view: PlayerView, namer: Namer, move: str) -> MoveWords:
    chaff, count, value, name = _teyaku(view, namer)
    others = namer.config.players - 1
    if namer.lang != "en":
        return MoveWords(move, "expose", None, tuple(CODES[c] for c in cards_of(chaff)),
                         OUTCOME_EXPOSE, None,
                         say("expose_text", namer.lang, name=name, count=count, value=value,
                             total=value * others),
                         say("expose_choice", namer.lang, name=name, value=value))
    text_ = (f"Expose your {name} teyaku ({count} chaff): each other player pays you {value} "
             f"(+{value * others} in all); the cards lie face up and others may capture them")
    return MoveWords(move, "expose", None, tuple(CODES[c] for c in cards_of(chaff)),
                     OUTCOME_EXPOSE, None, text_,
                     f"expose your {name} teyaku (+{value} from each player)")


def koikoi_stake(view: PlayerView, namer: Namer) -> tuple[int, tuple[str, ...]]:
    """What the seat deciding a Koi-Koi koi-koi/stop would score by stopping now, and the names
    of its yaku (docs/rules/koi-koi.md: the game's own ``stop_value`` — the yaku, the 7-point
    doubling, the bonus of the koi-koi calls so far — from the side's captures and the calls the
    public history shows), so a person sees the points at stake before choosing."""
    config = namer.config
    seat = view.to_move if view.to_move is not None else view.seat
    if seat is None:
        return 0, ()
    side = config.side_of[seat]
    calls = [0] * config.num_sides
    for event in view.history:
        if event.kind == "koikoi":
            calls[config.side_of[event.seat]] += 1
    game = config.game
    if not issubclass(game, KoiKoi):  # only Koi-Koi has the decision
        return 0, ()
    value, _terms, yaku = game.stop_value(
        config, view.captures[side].mask, calls[side], sum(calls) - calls[side])
    names = tuple(yaku_name(config.game, y.id, y.name, namer.lang) for y in yaku)
    return int(value), names


def _koikoi_words(move: str, kind: str, view: PlayerView, namer: Namer) -> MoveWords:
    """Koi-Koi's decision: go on (``koikoi``) or end the round and score (``stop``); each says
    what it does, the stop the points it scores now (``koikoi_stake``)."""
    outcome = OUTCOME_KOIKOI if kind == "koikoi" else OUTCOME_STOP
    lang = namer.lang
    points, _names = koikoi_stake(view, namer)
    if lang != "en":
        if kind == "koikoi":
            return MoveWords(move, kind, None, (), outcome, None, say("koikoi_text", lang),
                             say("koikoi_go_choice", lang))
        return MoveWords(move, kind, None, (), outcome, None,
                         say("stop_points_text", lang, points=points),
                         say("stop_points_choice", lang, points=points))
    if kind == "koikoi":
        return MoveWords(move, kind, None, (), outcome, None,
                         "Koi-koi: play on for more yaku (if your opponent stops first, you "
                         "score nothing)", "koi-koi: play on")
    return MoveWords(move, kind, None, (), outcome, None,
                     f"Stop: end the round and score your yaku now: {points} "
                     f"{'point' if points == 1 else 'points'}",
                     f"stop: score {points}")


def _format(move: Move, config: Config) -> str:
    if move.kind in ("expose", "keep", "koikoi", "stop"):
        return move.kind
    if move.kind == "take":
        assert move.target is not None
        return "take " + CODES[move.target]
    assert move.card is not None
    text = "play " + CODES[move.card]
    if move.target is not None:
        return text + " take " + CODES[move.target]
    if move.declared_set is not None:
        return text + " declare " + config.declarable[move.declared_set].id
    return text


_OUTCOME_ORDER = {OUTCOME_CAPTURE: 0, OUTCOME_WILD: 0, OUTCOME_PLACE: 1, OUTCOME_DECLARE: 2,
                  OUTCOME_EXPOSE: 0, OUTCOME_KEEP: 1, OUTCOME_KOIKOI: 0, OUTCOME_STOP: 1}


def legal_move_words(view: PlayerView, namer: Namer) -> list[MoveWords]:
    """Every legal move of the view, in table order: by hand card, then by target position."""
    if not view.legal:
        return []
    rnd = position_of(namer.config, view)
    words = [describe_move(view, m, namer, rnd) for m in view.legal]

    def order(w: MoveWords) -> tuple[int, int, int]:
        card = card_id(w.card) if w.card is not None else -1
        target = card_id(w.takes[0]) if w.takes and w.kind != "expose" else -1
        return card, _OUTCOME_ORDER[w.outcome], target

    return sorted(words, key=order)


HINT_EVEN = 0.5
"""How near, in round points, two estimates are said to be the same (RULES.md §4: a round's
points): a best move within it of the runner-up is "almost as good", a round whose best estimate
is within it of zero is "about even"."""

_KIND_RANK = {Kind.BRIGHT: 0, Kind.ANIMAL: 1, Kind.RIBBON: 2, Kind.CHAFF: 3}


def _hint_gain(move: MoveWords, namer: Namer) -> str | None:
    """What a capture brings to the seat's pile, as a player reads it: the kind of the best card it
    wins ("Bright", "Animal", a chaff worth points "10 points"; RULES.md §1, §5), or None for a move
    that takes nothing or only plain chaff (no reason a newcomer would weigh)."""
    if not move.takes:
        return None
    won = [*move.takes, *([move.card] if move.card is not None and move.kind == "play" else [])]
    best = min(won, key=lambda c: (_KIND_RANK[CARDS[card_id(c)].kind], -namer.config.values[card_id(c)]))
    word = namer.kind_word(best)
    if CARDS[card_id(best)].kind is Kind.CHAFF and word[:1].isalpha():
        return None  # plain chaff (a chaff worth points reads "10 points")
    return word


def hint_lines(view: PlayerView, namer: Namer, best: str, best_value: float,
               runner_up: str | None, runner_up_value: float | None) -> list[str]:
    """A hint in words (the terminal's ``h``, the table's Hint): the best move and why, the
    runner-up, and how the round looks, in the namer's language.

    The values (``agents.hint``: the estimated round margin after the move, in round points for the
    seat's side, RULES.md §4) are never shown as numbers: a new player read "worth about -14" for
    the best move as nonsense, and Koi-Koi's cards have no points (RULES.md §5). They become words:
    the best move's gain (the kind of card it wins), the runner-up "almost as good" or not, and the
    round leaning the seat's way, even, or against it (then the best move is the one that loses the
    least)."""
    said = describe_move(view, best, namer)
    gain = _hint_gain(said, namer)
    close = runner_up_value is not None and best_value - runner_up_value < HINT_EVEN
    outlook = "even" if abs(best_value) < HINT_EVEN else "ahead" if best_value > 0 else "behind"
    other = describe_move(view, runner_up, namer) if runner_up is not None else None
    nxt = other.text if other is not None else None
    alike = _alike_card(namer, said, other) if other is not None and nxt == said.text else None
    if namer.lang != "en":
        lines = [say("hint_best_gain", namer.lang, text=said.text, kind=gain) if gain
                 else say("hint_best_plain", namer.lang, text=said.text)]
        if alike is not None:
            lines.append(say("hint_alike", namer.lang, card=alike))
        elif nxt is not None:
            lines.append(say("hint_next_close" if close else "hint_next_plain", namer.lang, text=nxt))
        lines.append(say(f"hint_{outlook}", namer.lang))
        return lines
    if gain:
        # "an Animal", "a Bright"; none before "10 points" or a Korean kind word ("띠 Tti")
        first = gain[:1]
        article = ("" if not (first.isascii() and first.isalpha())
                   else "an " if first.lower() in "aeiou" else "a ")
        lines = [f"Best: {said.text} — {article}{gain} for your pile."]
    else:
        lines = [f"Best: {said.text}."]
    if alike is not None:
        lines.append(f"Either {alike} will do: the two are alike.")
    elif nxt is not None:
        lines.append(f"Next best: {nxt}" + (" — almost as good." if close else "."))
    lines.append({"ahead": "This round leans your way.", "even": "This round is about even.",
                  "behind": "This round leans against you: the best move loses the least."}[outlook])
    return lines


def _alike_card(namer: Namer, said: MoveWords, other: MoveWords) -> str | None:
    """The name of the card that sets the hint's best and next best apart when the two read word
    for word alike (walk41 finding 5: "play Chrysanthemum Chaff (no capture)" twice): two cards
    of a month with one name and the same value (RULES.md §1) are the same move to a player, so
    the hint says either will do instead of a runner-up that repeats the best — the card played
    when the two play different cards, else the card taken (one of two alike on the field);
    None when neither differs (a decision: its words never repeat)."""
    if said.card is not None and said.card != other.card:
        return namer.card(said.card)
    if said.takes and said.takes != other.takes:
        return namer.card(said.takes[0])
    return None
