"""Options in words: each option's label and one-sentence help (``OptionSpec.label``/``help``) and
its value said humanly ("no round limit", "on", "Team A (seats 1 & 3), Team B (seats 2 & 4)"),
never ``rounds = null`` (RULES.md §9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules.base import Config, Game
from ..rules.options import OptionSpec
from .catalogue import text
from .names import team_name

__all__ = ["OptionWords", "given_options_text", "option_label", "option_words", "value_text"]

_NULL_TEXT = {"int-or-null": "none", "teams": "everyone plays alone"}


def given_options_text(config: Config, lang: str = "en") -> str:
    """The options given to a match as ``key=value`` (``Config.describe_options``; in Japanese and
    Korean each option's label and value in words, "回数＝1", ``options.given``), or "defaults" in
    ``lang`` when none was given."""
    if not config.given_options:
        return text("options.defaults", lang)
    if lang == "en":
        return config.describe_options()
    from .languages import option_text, value_words
    specs = {spec.name: spec for spec in config.game.option_specs()}
    said = []
    for name, value in sorted(config.given_options.items()):
        spec = specs.get(name)
        if spec is None:  # not an option of this game (a record's): as given
            said.append(f"{name}={value}")
            continue
        said.append(text("options.given", lang, name=option_text(config.game, spec, lang)[0],
                         value=value_words(config.game, spec, value, lang)))
    return text("list.separator", lang).join(said)


def option_label(spec: OptionSpec) -> str:
    """The option's label; a name without one reads as words ("four_on_field" → "Four on field")."""
    if spec.label:
        return spec.label
    text = spec.name.replace("_", " ")
    return text[:1].upper() + text[1:]


def value_text(spec: OptionSpec, value: Any) -> str:
    """An option value in words: its choice label (``OptionSpec.choice_labels``), on/off,
    "none" for null, teams by seats, else the value."""
    label = spec.choice_labels.get(value) if not isinstance(value, (list, dict)) else None
    if label:
        return label
    if value is None:
        if spec.name == "rounds":
            return "no round limit"
        if spec.name == "target":
            return "no target"
        return _NULL_TEXT.get(spec.kind, "none")
    if isinstance(value, bool):
        return "on" if value else "off"
    if spec.kind == "teams" and isinstance(value, (list, tuple)):
        return ", ".join(team_name(i, side) for i, side in enumerate(value))
    return str(value)


@dataclass(frozen=True)
class OptionWords:
    """One option of a game, in words, with its value in force (``value``) when configured."""

    name: str
    label: str
    help: str
    default: Any
    default_text: str
    allowed: str
    choices: tuple[tuple[Any, str], ...]
    value: Any = None
    value_text: str = ""
    given: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "help": self.help,
                "default": self.default, "default_text": self.default_text,
                "allowed": self.allowed,
                "choices": [{"value": v, "label": t, "text": t} for v, t in self.choices],
                "value": self.value, "value_text": self.value_text, "given": self.given}

    def line(self) -> str:
        """"Rounds: 12 — How many rounds the match lasts …"."""
        shown = self.value_text or self.default_text
        return f"{self.label}: {shown} — {self.help}"


def option_words(game: type[Game], config: Config | None = None) -> list[OptionWords]:
    """Every option of ``game`` in words; with ``config``, each with its value in force."""
    resolved: Mapping[str, Any] = config.options if config is not None else {}
    given: Mapping[str, Any] = config.given_options if config is not None else {}
    out = []
    for spec in game.option_specs():
        default_text = spec.default_text or value_text(spec, spec.default)
        if spec.name == "rounds" and config is not None:
            value: Any = config.rounds_limit
        else:
            value = resolved.get(spec.name)
        out.append(OptionWords(
            spec.name, option_label(spec), spec.help, spec.default, default_text,
            spec.allowed_text(), tuple((c, value_text(spec, c)) for c in spec.choices),
            value, value_text(spec, value) if config is not None else "", spec.name in given))
    return out
