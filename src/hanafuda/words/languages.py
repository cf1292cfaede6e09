"""A game's own words in Japanese and Korean (issue 15, "English only"; issue 28, one catalogue):
each game's summary, "How to play", option labels and help, choices, presets and yaku names, and
the table page's labels — looked up in the one catalogue (``words.catalogue``, keys
``game.<id>.summary``, ``option.<key>.label``/``.help``, ``choice.<key>.<value>``,
``preset.<id>.name``/``.description``, ``howto.<id>.order``/``.wild``/``.scoring``,
``yaku.<game>/<id>``, ``label.<key>``).

English stays where it is written, on the game's class (``Game.summary``, ``OptionSpec.label``/
``help``/``choice_labels``, ``Preset.name``/``description``, ``Yaku.name``): a per-game fact lives
in ``rules/``.  An option whose words differ by game (``scoring``, ``five_brights``) is keyed by
game first ("hana-awase/scoring").  ``tests/words/test_languages.py`` checks that every game,
option, choice and preset has all three languages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules.base import Config, Game
from ..rules.options import OptionSpec
from ..rules.presets import Preset
from .catalogue import LANGUAGES, TranslationMissing, check_language, has, text
from .names import player_name
from .options import option_label, value_text

__all__ = ["LANGUAGES", "TranslationMissing", "allowed_words", "bright_call", "choice_text", "default_words",
           "game_summary", "game_title", "how_to_play", "option_text", "preset_text", "seat_words",
           "side_words", "value_word", "value_words", "yaku_name"]

def _check(lang: str) -> None:
    check_language(lang)


def _own(area: str, game: str, key: str, field: str, lang: str) -> str:
    """The entry ``area.<key>.<field>`` for ``game``: the game's own words ("game/key") first."""
    own = f"{area}.{game}/{key}.{field}".rstrip(".")
    if has(own, lang):
        return text(own, lang)
    return text(f"{area}.{key}.{field}".rstrip("."), lang)


def game_summary(game: type[Game], lang: str) -> str:
    """The game's one-paragraph summary in ``lang``."""
    _check(lang)
    if lang == "en":
        return game.summary
    return text(f"game.{game.id}.summary", lang)


def game_title(game: type[Game], lang: str) -> str:
    """The game's name in ``lang``: ``Game.title`` in English, the catalogue's ``game.<id>.title``
    (its Japanese or Korean name) otherwise."""
    _check(lang)
    if lang == "en":
        return game.title
    return text(f"game.{game.id}.title", lang)


def bright_call(game: type[Game], lang: str) -> str:
    """What a player calls on capturing a bright (``Game.bright_capture_call``, "Kwa-Dō!"; the
    catalogue's ``call.<id>`` in Japanese and Korean), or "" in a game without one."""
    _check(lang)
    if lang == "en" or not game.bright_capture_call:
        return game.bright_capture_call
    return text(f"call.{game.id}", lang)


def option_text(game: type[Game], spec: OptionSpec, lang: str) -> tuple[str, str]:
    """An option's (label, help) in ``lang`` (English: ``OptionSpec.label``/``help``)."""
    _check(lang)
    if lang == "en":
        return option_label(spec), spec.help
    return _own("option", game.id, spec.name, "label", lang), _own("option", game.id, spec.name, "help", lang)


def _choice_key(value: Any) -> str:
    """A choice value as a catalogue key part: strings as they are, numbers as JSON ("10")."""
    return value if isinstance(value, str) else str(value)


def choice_text(game: type[Game], spec: OptionSpec, value: Any, lang: str) -> str:
    """A choice of an option in ``lang``: its label (``OptionSpec.choice_labels`` in English),
    on/off for a yes/no option."""
    _check(lang)
    if lang == "en":
        return value_text(spec, value)
    if isinstance(value, bool):
        return value_word("on" if value else "off", lang)
    return _own("choice", game.id, f"{spec.name}.{_choice_key(value)}", "", lang)


def preset_text(game: type[Game], preset: Preset, lang: str) -> tuple[str, str]:
    """A preset's (name, description) in ``lang``."""
    _check(lang)
    if lang == "en":
        return preset.name, preset.description
    return (_own("preset", game.id, preset.id, "name", lang),
            _own("preset", game.id, preset.id, "description", lang))


def value_word(word: str, lang: str) -> str:
    """"on", "off" or "none" in ``lang``."""
    _check(lang)
    return word if lang == "en" else text(f"value.{word}", lang)


def how_to_play(game: type[Game], lang: str) -> list[str]:
    """The "How to play" paragraphs in ``lang`` (English: ``Game.how_to_play``): the game's order
    of play, the turn (the same in every game), its wild card and its scoring."""
    _check(lang)
    if lang == "en":
        return game.how_to_play()
    return [text(f"howto.{game.id}.order", lang), text("howto.turn.1", lang), text("howto.turn.2", lang),
            text(f"howto.{game.id}.wild", lang), text(f"howto.{game.id}.scoring", lang)]


def _null_text(spec: OptionSpec, lang: str) -> str:
    if spec.name == "rounds":
        return text("options.no_round_limit", lang)
    if spec.name == "target":
        return text("options.no_target", lang)
    if spec.kind == "teams":
        return text("options.everyone_alone", lang)
    return value_word("none", lang)


def default_words(game: type[Game], spec: OptionSpec, lang: str) -> str:
    """An option's default in words in ``lang`` ("12 when no target is set", "on", a choice's
    label), never ``null``/``true``."""
    _check(lang)
    if lang == "en":  # "null (no round limit)" says "no round limit"
        shown = spec.default_text
        return shown if shown and "null" not in shown else value_text(spec, spec.default)
    if spec.name == "rounds" and spec.default is None and game.default_rounds is not None:
        return text("options.rounds_default", lang, n=game.default_rounds)
    if spec.default is None:
        return _null_text(spec, lang)
    if spec.kind == "choice":
        return choice_text(game, spec, spec.default, lang)
    return str(spec.default)


def value_words(game: type[Game], spec: OptionSpec, value: Any, lang: str) -> str:
    """An option's value in force in words in ``lang`` (``words.options.value_text`` in English)."""
    _check(lang)
    if lang == "en":
        return value_text(spec, value)
    if value is None:
        return _null_text(spec, lang)
    if spec.kind == "choice":
        return choice_text(game, spec, value, lang)
    if spec.kind == "teams" and isinstance(value, (list, tuple)):
        return " / ".join("・".join(text("options.seat", lang, n=s + 1) for s in side) for side in value)
    return str(value)


def allowed_words(game: type[Game], spec: OptionSpec, lang: str) -> str:
    """What an option accepts, in words in ``lang`` (the choices' labels, "a whole number of at
    least 1, or empty (no target)")."""
    _check(lang)
    if spec.kind == "choice":
        return " / ".join(choice_text(game, spec, c, lang) for c in spec.choices)
    if spec.kind == "teams":
        return text("options.teams_allowed", lang)
    number = text("options.whole_number", lang, n=spec.minimum)
    if spec.kind == "int-or-null":
        none = value_text(spec, None) if lang == "en" else _null_text(spec, lang)
        return text("options.or_empty", lang, what=number, none=none)
    return number


def yaku_name(game: type[Game], yaku_id: str, english: str, lang: str) -> str:
    """A yaku's name in ``lang`` (``english``, the name the rules give it, in English).  The names
    keep each game's tradition: Min-Hwatu's Korean names (with their Japanese reading and meaning
    in Japanese), Hana-Awase's and Mushi's Japanese names, Hawaiʻifuda's Hawaiian card names."""
    _check(lang)
    if lang == "en":
        return english
    return text(f"yaku.{game.id}/{yaku_id}", lang)


# -- the table page's labels (web/messages.py): seat and side names, the turn line, yaku names,
# pile headings.

def _word(key: str, lang: str, **values: Any) -> str:
    return text(f"label.{key}", lang, **values)


def seat_words(seat: int, viewer: int | None, players: Sequence[str | None], lang: str,
               bots: frozenset[int] = frozenset()) -> str:
    """A seat as the table page names it in ``lang``: "あなた", "初級ボット（2番席）", "3번 자리" (a
    bot seat of ``bots`` by ``names.bot_name``, a person by their name)."""
    if seat == viewer:
        return _word("you", lang)
    given = ((players[seat] if seat < len(players) else None) or "").strip()
    if not given:
        return _word("seat", lang, n=seat + 1)
    name = player_name(given, lang, person=bool(bots) and seat not in bots)
    return _word("seat_of", lang, name=name, n=seat + 1)


def side_words(config: Config, side: int, viewer: int | None, players: Sequence[str | None], lang: str,
               bots: frozenset[int] = frozenset()) -> str:
    """A side in ``lang``: its seat's name when it plays alone, else its team."""
    seats = config.sides[side]
    if len(seats) == 1:
        return seat_words(seats[0], viewer, players, lang, bots)
    numbers = "・".join(str(s + 1) for s in seats) if lang == "ja" else "·".join(str(s + 1) for s in seats)
    if viewer in seats:
        return _word("your_team", lang, seats=numbers)
    return _word("team", lang, letter="ABCDEF"[side], seats=numbers)
