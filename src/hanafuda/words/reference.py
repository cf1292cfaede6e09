"""The rules reference of a configured game: how a turn goes, the order of play, the card
values in force, the wild-card rule, every yaku in force with its cards, the yaku other options
would add, and the options (RULES.md §1–§5, §9).

It is built from the game's data (``Game``, ``Config``, ``WildRule``, the yaku tables), so it
stands on its own: ``hanafuda rules GAME``, the terminal's ``?`` screen and the web help all
show it, and none of them needs the docs/ folder (which pip does not install).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, CODES, cards_of
from ..rules.base import HOW_TO_PLAY_TURN, Config, Game
from ..rules.options import OptionError
from .names import Namer, join_words
from .options import OptionWords, option_label, option_words, value_text
from .piles import KIND_ORDER
from .progress import yaku_cards, yaku_in_force, yaku_needed

__all__ = ["Reference", "YakuEntry", "games_text", "rules_reference", "turn_text"]

def turn_text() -> tuple[str, ...]:
    """How a turn goes in every game (RULES.md §3), as the games' "How to play" says it."""
    return tuple(HOW_TO_PLAY_TURN)


@dataclass(frozen=True)
class YakuEntry:
    """A yaku as the reference shows it: name, points, its cards, how many make it."""

    id: str
    name: str
    points: int
    cards: tuple[str, ...]
    names: tuple[str, ...]
    needed: int
    needs_declaration: bool
    enabled_by: str = ""
    enabled_option: str = ""
    """The option (``OptionSpec.name``) whose value ``enabled_choice`` adds this yaku, for pages
    that say ``enabled_by`` in another language."""
    enabled_choice: Any = None
    per_extra: int = 0
    """Points for each card beyond ``needed`` (a scaling yaku: Koi-Koi's tane, tanzaku, kasu)."""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "points": self.points, "cards": list(self.cards),
                "names": list(self.names), "needed": self.needed,
                "needs_declaration": self.needs_declaration, "enabled_by": self.enabled_by,
                "enabled_option": self.enabled_option, "enabled_choice": self.enabled_choice}

    def text(self) -> str:
        if self.needed < len(self.cards):
            what = f"any {self.needed} of {join_words(list(self.names))}"
        else:
            what = join_words(list(self.names))
        declared = " — scores only when declared" if self.needs_declaration else ""
        more = f", +{self.per_extra} a further card" if self.per_extra else ""
        return f"{self.name} ({self.points}{more}): {what}{declared}"


@dataclass(frozen=True)
class Reference:
    """Everything a new player needs to play one configured game."""

    game: str
    title: str
    summary: str
    players: tuple[tuple[int, int, int], ...]
    order: str
    turn: tuple[str, ...]
    scoring: str
    values: tuple[str, ...]
    deck_total: int
    wild: tuple[str, ...]
    calls: tuple[str, ...]
    yaku: tuple[YakuEntry, ...]
    other_yaku: tuple[YakuEntry, ...]
    options: tuple[OptionWords, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "summary": self.summary,
                "players": [{"players": n, "hand": h, "field": f} for n, h, f in self.players],
                "order": self.order, "turn": list(self.turn), "scoring": self.scoring,
                "values": list(self.values),
                "deck_total": self.deck_total, "wild": list(self.wild), "calls": list(self.calls),
                "yaku": [y.to_dict() for y in self.yaku],
                "other_yaku": [y.to_dict() for y in self.other_yaku],
                "options": [o.to_dict() for o in self.options]}

    def lines(self, *, options_in_force: bool = False) -> list[str]:
        out = [self.title, "", self.summary, "", "Players:"]
        out += [f"  {n}: {h} cards each, {f} to the field" for n, h, f in self.players]
        out += ["", "How a turn goes:", f"  {self.order}"] + [f"  {p}" for p in self.turn]
        out += ["", "How a round scores:", f"  {self.scoring}"]
        out += ["", f"Card values (deck total {self.deck_total}):"]
        out += [f"  {v}" for v in self.values]
        out += ["", "Wild card:"] + [f"  {w}" for w in self.wild or ("There is no wild card.",)]
        out += ["", "Yaku in force:" if options_in_force else "Yaku (default options):"]
        out += [f"  {y.text()}" for y in self.yaku] or ["  none with these options"]
        if self.other_yaku:
            out += ["", "Yaku other options add:"]
            out += [f"  {y.text()} — with {y.enabled_by}" for y in self.other_yaku]
        out += ["", "Options in force:" if options_in_force else "Options (--option key=value):"]
        for o in self.options:
            value = o.value_text if options_in_force else f"default {o.default_text}"
            given = " (chosen)" if options_in_force and o.given else ""
            out.append(f"  {o.label} ({o.name}): {value}{given}")
            out.append(f"      {o.help}")
            if not options_in_force:
                out.append(f"      allowed: {o.allowed}")
        return out

    def text(self, *, options_in_force: bool = False) -> str:
        return "\n".join(self.lines(options_in_force=options_in_force)) + "\n"


def _values(config: Config, namer: Namer) -> tuple[str, ...]:
    out = []
    for kind in KIND_ORDER:
        cards = [c for c in cards_of(config.deck) if CARDS[c].kind is kind]
        common, _ = Counter(config.values[c] for c in cards).most_common(1)[0]
        odd = [f"{namer.card(c)} {config.values[c]}" for c in cards if config.values[c] != common]
        extra = f" (except {join_words(odd)})" if odd else ""
        out.append(f"{namer.kind_title(kind)}: {common} each{extra} — {len(cards)} cards")
    return tuple(out)


def _wild(config: Config, namer: Namer) -> tuple[str, ...]:
    wild = config.wild
    if wild is None:
        return ()
    name = namer.card(wild.card)
    excluded = cards_of(wild.excluded & config.deck & ~(1 << wild.card))
    but = f" (never {namer.cards(excluded, last='or')})" if excluded else ""
    out = []
    if wild.from_hand:
        out.append(f"{name} is wild: played from hand it takes any one field card of your "
                   f"choice{but}; with nothing to take it stays on the field.")
    if wild.from_stock:
        text = "Turned over from the stock it is wild the same way"
        if wild.last_stock_takes_all:
            text += "; as the last stock card it takes every card left on the field"
        out.append(text + ".")
    else:
        out.append("Turned over from the stock it is an ordinary willow.")
    if wild.field_rule:
        text = ("Lying on the field it is never matched by month: the next card turned over "
                "that is not a willow takes it")
        text += (", and so does a card played from hand that is not a willow."
                 if wild.hand_takes_field else "; cards played from hand cannot take it.")
        out.append(text)
    else:
        out.append("Lying on the field it is an ordinary willow: only a willow takes it.")
    if wild.leftovers == "month":
        out.append("At round end, field cards of the month of the card it took go to its side.")
    else:
        out.append("At round end a leftover natural willow goes to the side holding the other "
                   "two; every other leftover card goes to whoever last used the lightning.")
    out.append("It counts only as itself in yaku, never as the card it took.")
    return tuple(out)


def _entry(config: Config, namer: Namer, yaku_id: str, enabled_by: str = "", option: str = "",
           choice: Any = None) -> YakuEntry:
    y = next(y for y in yaku_in_force(config) if y.id == yaku_id)
    cards = yaku_cards(config, y)
    declarable = {d.id for d in config.declarable}
    return YakuEntry(y.id, y.name, y.points, tuple(CODES[c] for c in cards),
                     tuple(namer.card(c) for c in cards), yaku_needed(config, y),
                     y.id in declarable, enabled_by, option, choice, y.per_extra)


def _other_yaku(config: Config, namer: Namer) -> tuple[YakuEntry, ...]:
    """Yaku that one other option value would add or score differently."""
    game = config.game
    known = {(y.id, y.points, y.name) for y in yaku_in_force(config)}
    out: list[YakuEntry] = []
    seen: set[tuple[str, int, str]] = set(known)
    for spec in game.option_specs():
        for choice in spec.choices:
            if choice == config.options.get(spec.name):
                continue
            try:
                other = game.configure(config.players, {**config.given_options, spec.name: choice})
            except OptionError:
                continue
            other_namer = Namer(other, namer.theme)
            for y in yaku_in_force(other):
                key = (y.id, y.points, y.name)
                if key not in seen:
                    seen.add(key)
                    label = f"{option_label(spec)} = {value_text(spec, choice)}"
                    out.append(_entry(other, other_namer, y.id, label, spec.name, choice))
    return tuple(out)


def rules_reference(config: Config, theme: str = "hanafuda") -> Reference:
    """The reference of a configured game in the theme's card names."""
    namer = Namer(config, theme)
    game = config.game
    native = f" ({game.native_title})" if game.native_title != game.title else ""
    calls: tuple[str, ...] = ()
    if game.bright_capture_call:
        calls = (f"Players call “{game.bright_capture_call}” whenever a bright is captured.",)
    return Reference(
        game.id,
        f"{game.title}{native} — {game.id}",
        game.summary,
        tuple((n, *game.deal_size(n, config.options)) for n in game.player_counts()),
        game.play_order_text,
        turn_text(),
        game.scoring_text,
        _values(config, namer),
        config.deck_total,
        _wild(config, namer),
        calls,
        tuple(_entry(config, namer, y.id) for y in yaku_in_force(config)),
        _other_yaku(config, namer),
        tuple(option_words(game, config)),
    )



def games_text(games: Mapping[str, type[Game]]) -> str:
    """The list of ``hanafuda rules``: each game with its native title and player counts."""
    lines = ["Games (hanafuda rules GAME teaches one):"]
    for gid, g in games.items():
        counts = g.player_counts()
        players = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        native = f" ({g.native_title})" if g.native_title != g.title else ""
        lines.append(f"  {gid:<11} {g.title}{native}, {players} players")
    return "\n".join(lines) + "\n"
