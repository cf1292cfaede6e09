"""Game options: a schema per game, defaults, parsing and validation (RULES.md §4, §9).

Each game declares its options as ``OptionSpec`` values.  ``resolve`` turns what a
user gave (a dict from a record, an API call or ``--option key=value`` strings)
into a complete, validated option dict, raising ``OptionError`` that names the
option and what is allowed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["OptionError", "OptionSpec", "Preset", "STANDARD", "parse_option_value",
           "parse_option_args"]

OptionValue = Any


@dataclass(frozen=True)
class Preset:
    """A named option set of a game ("Standard", a house-rule set); listed on the game's class
    (``Game.presets``) and by ``rules.presets.presets(game)``."""

    id: str
    name: str
    description: str
    options: dict[str, OptionValue] = field(default_factory=dict)


STANDARD = Preset("standard", "Standard", "The rules as described, every option at its default.")


class OptionError(ValueError):
    """An unknown option, a bad value, or a player count / team layout the game does not allow."""


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, default, allowed values, a short ``label`` and a one-sentence ``help``.

    ``choices`` lists the allowed values when they are a closed set; otherwise
    ``kind`` says what is allowed (``"int"`` with ``minimum``, ``"int-or-null"``,
    ``"teams"``).  ``default_text`` overrides how the default is shown when it
    depends on other options.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    kind: str = "choice"
    minimum: int = 1
    default_text: str = ""
    label: str = ""
    """A short human name for forms and help ("Teams", "Wild Gaji"); see ``words.options``."""
    choice_labels: Mapping[OptionValue, str] = field(default_factory=dict)
    """A short human label per choice ("floor" → "Floor: only points above the even share
    count"); required for every choice that is not on/off (RULES.md §9: no identifiers shown)."""
    validate_extra: Callable[[OptionValue], str | None] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        unlabelled = [
            c for c in self.choices if not isinstance(c, bool) and not self.choice_labels.get(c)
        ]
        if self.kind == "choice" and unlabelled:
            raise OptionError(f"option {self.name!r}: no choice label for {_show(unlabelled[0])}")
        stray = [c for c in self.choice_labels if c not in self.choices]
        if stray:
            raise OptionError(f"option {self.name!r}: a label for {_show(stray[0])}, not a choice")

    def allowed_text(self) -> str:
        if self.kind == "choice":
            return ", ".join(_show(c) for c in self.choices)
        if self.kind == "int":
            return f"an integer ≥ {self.minimum}"
        if self.kind == "int-or-null":
            return f"an integer ≥ {self.minimum}, or null"
        if self.kind == "teams":
            return "null, or a list of sides such as [[0, 2], [1, 3]]"
        return self.kind

    def shown_default(self) -> str:
        return self.default_text or _show(self.default)

    def check(self, value: OptionValue) -> OptionValue:
        """Return the value in canonical form or raise ``OptionError``."""
        if self.kind == "choice":
            for choice in self.choices:
                if type(choice) is type(value) and choice == value:
                    return choice
            # Accept the textual form of bool / int choices ("true", "8").
            if isinstance(value, str):
                for choice in self.choices:
                    if _show(choice) == value:
                        return choice
            raise OptionError(
                f"option {self.name!r}: bad value {_show(value)}; allowed: {self.allowed_text()}"
            )
        if self.kind in ("int", "int-or-null"):
            if value is None and self.kind == "int-or-null":
                return None
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    pass
            if isinstance(value, int) and not isinstance(value, bool) and value >= self.minimum:
                return value
            raise OptionError(
                f"option {self.name!r}: bad value {_show(value)}; allowed: {self.allowed_text()}"
            )
        if self.kind == "teams":
            # Shape only; the game checks that the layout fits the player count.
            if value is None:
                return None
            if isinstance(value, (list, tuple)) and all(
                isinstance(side, (list, tuple))
                and side
                and all(isinstance(s, int) and not isinstance(s, bool) for s in side)
                for side in value
            ):
                return sorted(sorted(int(s) for s in side) for side in value)
            raise OptionError(
                f"option {self.name!r}: bad value {_show(value)}; allowed: {self.allowed_text()}"
            )
        raise AssertionError(self.kind)


def _show(value: OptionValue) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value)


def parse_option_value(text: str) -> OptionValue:
    """Parse a command-line option value: JSON when it parses (true, 8, null, [[0,2],[1,3]]), else text."""
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        return text


def parse_option_args(args: Sequence[str]) -> dict[str, OptionValue]:
    """Parse ``key=value`` strings from the command line into an options dict."""
    out: dict[str, OptionValue] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"bad --option {arg!r}: expected key=value")
        out[key.strip()] = parse_option_value(value.strip())
    return out


def resolve_options(
    game: str, specs: Sequence[OptionSpec], given: Mapping[str, OptionValue] | None
) -> dict[str, OptionValue]:
    """Validate ``given`` against ``specs`` and fill in defaults."""
    given = dict(given or {})
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r} for {game}; options are: {', '.join(sorted(by_name))}"
        )
    resolved: dict[str, OptionValue] = {}
    for spec in specs:
        if spec.name in given:
            value = spec.check(given[spec.name])
            if spec.validate_extra is not None:
                problem = spec.validate_extra(value)
                if problem:
                    raise OptionError(f"option {spec.name!r}: {problem}")
            resolved[spec.name] = value
        else:
            resolved[spec.name] = spec.default
    return resolved
