"""The rules reference of a configured game: how a turn goes, the order of play, the card
values in force, the wild-card rule, every yaku in force with its cards, which yaku exclude each
other, the yaku other options would add, how a match is won, who deals next, the misdeals and
the options (RULES.md §1–§6, §9), in English, Japanese or Korean (``words.catalogue``).

It is built from the game's data (``Game``, ``Config``, ``WildRule``, the yaku tables), so it
stands on its own: ``hanafuda rules GAME``, the terminal's ``?`` screen and the web help all
show it, and none of them needs the docs/ folder (which pip does not install).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import CARDS, CODES, cards_of
from ..rules.base import HOW_TO_PLAY_TURN, Config, Game
from ..rules.options import OptionError
from .catalogue import check_language, text
from .languages import (
    allowed_words,
    bright_call,
    choice_text,
    default_words,
    game_summary,
    game_title,
    how_to_play,
    option_text,
    value_words,
    yaku_name,
)
from .names import Namer, join_words
from .options import OptionWords, option_label, option_words, value_text
from .piles import KIND_ORDER
from .progress import yaku_cards, yaku_in_force, yaku_needed

__all__ = ["Reference", "YakuEntry", "games_text", "reference_title", "rules_reference", "turn_text"]

def _listed(items: Sequence[str], lang: str, last: str = "and") -> str:
    """"A, B and C" in English; "A、B、C" / "A, B, C" in Japanese and Korean."""
    if lang == "en":
        return join_words(list(items), last)
    return text("list.separator", lang).join(items)


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
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "points": self.points, "cards": list(self.cards),
                "names": list(self.names), "needed": self.needed,
                "needs_declaration": self.needs_declaration, "enabled_by": self.enabled_by,
                "enabled_option": self.enabled_option, "enabled_choice": self.enabled_choice}

    def text(self) -> str:
        lang = self.lang
        what = _listed(self.names, lang)
        if self.needed < len(self.cards):
            what = text("reference.yaku_any", lang, n=self.needed, cards=what)
        declared = text("reference.yaku_declared", lang) if self.needs_declaration else ""
        more = text("reference.yaku_more", lang, n=self.per_extra) if self.per_extra else ""
        return text("reference.yaku_line", lang, name=self.name, points=f"{self.points}{more}",
                    cards=what, declared=declared)


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
    exclusive: tuple[tuple[str, ...], ...] = ()
    """Yaku names that exclude each other, one tuple per exclusion group (``Yaku.group``,
    RULES.md §4.2): only the highest-valued held one scores."""
    match: tuple[str, ...] = ()
    dealer: tuple[str, ...] = ()
    misdeals: tuple[str, ...] = ()
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "summary": self.summary,
                "exclusive": [list(g) for g in self.exclusive], "match": list(self.match),
                "dealer": list(self.dealer), "misdeals": list(self.misdeals), "lang": self.lang,
                "players": [{"players": n, "hand": h, "field": f} for n, h, f in self.players],
                "order": self.order, "turn": list(self.turn), "scoring": self.scoring,
                "values": list(self.values),
                "deck_total": self.deck_total, "wild": list(self.wild), "calls": list(self.calls),
                "yaku": [y.to_dict() for y in self.yaku],
                "other_yaku": [y.to_dict() for y in self.other_yaku],
                "options": [o.to_dict() for o in self.options],
                "rules": [{"heading": h.rstrip(":："), "sentences": list(lines)}
                          for h, lines in self.match_rules()]}

    def lines(self, *, options_in_force: bool = False) -> list[str]:
        def t(key: str, **fields: Any) -> str:
            return text(key, self.lang, **fields)

        # the game's name once as the heading (a reader read "こいこい — koi-koi" as a second
        # title); the id a command takes said in words on the line below ("hanafuda play koi-koi")
        out = [self.title, t("reference.command", game=self.game), "", self.summary, "",
               t("reference.players")]
        out += ["  " + t("reference.deal_line", n=n, hand=h, field=f) for n, h, f in self.players]
        out += ["", t("reference.turn"), f"  {self.order}"] + [f"  {p}" for p in self.turn]
        out += ["", t("reference.scoring"), f"  {self.scoring}"]
        # a deck whose cards score nothing (Koi-Koi: only yaku score) has no total worth saying
        values = (t("reference.values", total=self.deck_total) if self.deck_total
                  else t("reference.values_plain"))
        out += ["", values]
        out += [f"  {v}" for v in self.values]
        out += ["", t("reference.wild")] + [f"  {w}" for w in self.wild or (t("reference.no_wild"),)]
        out += ["", t("reference.yaku_in_force") if options_in_force else t("reference.yaku_default")]
        out += [f"  {y.text()}" for y in self.yaku] or ["  " + t("reference.no_yaku")]
        exclusive, *match_rules = self.match_rules()
        out += self._section(*exclusive)
        if self.other_yaku:
            out += ["", t("reference.other_yaku")]
            out += ["  " + t("reference.other_yaku_with", yaku=y.text(), option=y.enabled_by)
                    for y in self.other_yaku]
        for section in match_rules:
            out += self._section(*section)
        out += ["", t("reference.options_in_force") if options_in_force else t("reference.options")]
        for o in self.options:
            value = o.value_text if options_in_force else t("reference.option_default", value=o.default_text)
            given = t("reference.option_chosen") if options_in_force and o.given else ""
            out.append("  " + t("reference.option_line", label=o.label, name=o.name, value=value,
                                chosen=given))
            out.append(f"      {o.help}")
            if not options_in_force:
                out.append("      " + t("reference.option_allowed", allowed=o.allowed))
        return out

    def text(self, *, options_in_force: bool = False) -> str:
        return "\n".join(self.lines(options_in_force=options_in_force)) + "\n"

    def match_rules(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The rules beyond the cards and yaku, each as a heading and its sentences: which yaku
        exclude each other (RULES.md §4.2), how a match is won (§6), who deals next and the
        misdeals (§2, §9). ``hanafuda rules`` prints them and the table's ``?`` help shows
        them, from this one place."""
        def t(key: str, **fields: Any) -> str:
            return text(key, self.lang, **fields)

        exclusive = tuple(t("reference.exclusive_line", yaku=_listed(g, self.lang, "or"))
                          for g in self.exclusive) or (t("reference.exclusive_none"),)
        return ((t("reference.exclusive"), exclusive), (t("reference.match"), self.match),
                (t("reference.dealer"), self.dealer), (t("reference.misdeals"), self.misdeals))

    @staticmethod
    def _section(heading: str, sentences: tuple[str, ...]) -> list[str]:
        return ["", heading] + [f"  {line}" for line in sentences]


def _values(config: Config, namer: Namer) -> tuple[str, ...]:
    if not any(config.values):  # Koi-Koi: only yaku score (docs/rules/koi-koi.md), not "0 each" ×4
        return (text("reference.no_values", namer.lang),)
    out = []
    for kind in KIND_ORDER:
        cards = [c for c in cards_of(config.deck) if CARDS[c].kind is kind]
        common, _ = Counter(config.values[c] for c in cards).most_common(1)[0]
        odd = [f"{namer.card(c)} {config.values[c]}" for c in cards if config.values[c] != common]
        extra = text("reference.value_except", namer.lang, cards=_listed(odd, namer.lang)) if odd else ""
        out.append(text("reference.value_line", namer.lang, kind=namer.kind_title(kind), common=common,
                        extra=extra, count=len(cards)))
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
    name = y.name if namer.lang == "en" else yaku_name(config.game, y.id, y.name, namer.lang)
    return YakuEntry(y.id, name, y.points, tuple(CODES[c] for c in cards),
                     tuple(namer.card(c) for c in cards), yaku_needed(config, y),
                     y.id in declarable, enabled_by, option, choice, y.per_extra, namer.lang)


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
            other_namer = Namer(other, namer.theme, lang=namer.lang)
            for y in yaku_in_force(other):
                key = (y.id, y.points, y.name)
                if key not in seen:
                    seen.add(key)
                    lang = namer.lang
                    label = (f"{option_label(spec)} = {value_text(spec, choice)}" if lang == "en" else
                             f"{option_text(game, spec, lang)[0]} = {choice_text(game, spec, choice, lang)}")
                    out.append(_entry(other, other_namer, y.id, label, spec.name, choice))
    return tuple(out)


def _exclusive(config: Config, lang: str) -> tuple[tuple[str, ...], ...]:
    """The exclusion groups of the yaku in force (``Yaku.group``, RULES.md §4.2), by name."""
    groups: dict[str, list[str]] = {}
    for y in yaku_in_force(config):
        if y.group is not None:
            groups.setdefault(y.group, []).append(
                y.name if lang == "en" else yaku_name(config.game, y.id, y.name, lang))
    return tuple(tuple(names) for names in groups.values() if len(names) > 1)


def _match_end(config: Config, lang: str) -> tuple[str, ...]:
    """How the match ends and who wins (RULES.md §6), from the rounds and target in force."""
    rounds, target = config.rounds_limit, config.target
    if rounds is not None and target is not None:
        end = text("reference.match_both", lang, n=rounds, target=target)
    elif rounds is not None:
        end = text("reference.match_rounds", lang, n=rounds)
    else:
        end = text("reference.match_target", lang, target=target)
    return end, text("reference.match_winner", lang)


def _misdeals(config: Config, lang: str) -> tuple[str, ...]:
    """The misdeals in force (RULES.md §2, §9): four of a month on the field (``four_on_field``),
    then the game's other field misdeals that are redealt (``Config.misdeals``)."""
    four = "reference.misdeal_redeal" if config.four_on_field == "redeal" else "reference.misdeal_captures"
    out = [text(four, lang)]
    for misdeal in config.misdeals:
        if misdeal.where == "field" and misdeal.then == "redeal" and misdeal.reason:
            reason = text(f"misdeal.{misdeal.reason}", lang)
            out.append(text("reference.misdeal_other", lang, reason=reason))
    return tuple(out)


def _options(config: Config, lang: str) -> tuple[OptionWords, ...]:
    """The options in words, in ``lang`` (``option_words`` is English)."""
    words = tuple(option_words(config.game, config))
    if lang == "en":
        return words
    game, out = config.game, []
    specs = {spec.name: spec for spec in game.option_specs()}
    for o in words:
        spec = specs[o.name]
        label, help_ = option_text(game, spec, lang)
        out.append(replace(o, label=label, help=help_, default_text=default_words(game, spec, lang),
                           allowed=allowed_words(game, spec, lang),
                           choices=tuple((v, choice_text(game, spec, v, lang)) for v, _ in o.choices),
                           value_text=value_words(game, spec, o.value, lang)))
    return tuple(out)


def reference_title(game: type[Game], lang: str = "en") -> str:
    """The game's name as the reference's heading, said once: "Koi-Koi (こいこい)" in English
    (the native name beside it where it differs), the catalogue's title in Japanese and Korean
    (which already carries the native name where it helps: "고이고이(こいこい)"), RULES.md §1.
    No game id: the table's help is read by people, not typed at a command line."""
    if lang != "en":
        return game_title(game, lang)
    native = game.native_title
    return f"{game.title} ({native})" if native and native not in game.title else game.title


def rules_reference(config: Config, theme: str = "hanafuda", lang: str = "en") -> Reference:
    """The reference of a configured game in the theme's card names, in ``lang``."""
    check_language(lang)
    namer = Namer(config, theme, lang=lang)
    game = config.game
    calls: tuple[str, ...] = ()
    if game.bright_capture_call:
        calls = (text("reference.calls", lang, call=bright_call(game, lang)),)
    if lang == "en":
        order, turn, scoring, summary = game.play_order_text, turn_text(), game.scoring_text, game.summary
        wild = _wild(config, namer)
    else:  # the game's translated "How to play": order, the turn, wild card, scoring
        order, turn_1, turn_2, wild_text, scoring = how_to_play(game, lang)
        turn, summary = (turn_1, turn_2), game_summary(game, lang)
        wild = (wild_text,) if config.wild is not None else ()
    return Reference(
        game.id,
        reference_title(game, lang),
        summary,
        tuple((n, *game.deal_size(n, config.options)) for n in game.player_counts()),
        order,
        turn,
        scoring,
        _values(config, namer),
        config.deck_total,
        wild,
        calls,
        tuple(_entry(config, namer, y.id) for y in yaku_in_force(config)),
        _other_yaku(config, namer),
        _options(config, lang),
        _exclusive(config, lang),
        _match_end(config, lang),
        (text("reference.dealer_line", lang),),
        _misdeals(config, lang),
        lang,
    )


def games_text(games: Mapping[str, type[Game]], lang: str = "en") -> str:
    """The list of ``hanafuda rules``: each game with its native title and player counts."""
    lines = [text("reference.games", lang)]
    for gid, g in games.items():
        counts = g.player_counts()
        players = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        native = f" ({g.native_title})" if g.native_title != g.title else ""
        title = f"{g.title}{native}" if lang == "en" else game_title(g, lang)
        lines.append(f"  {gid:<11} " + text("reference.game_line", lang, title=title, players=players))
    return "\n".join(lines) + "\n"
