"""``pyspiel`` names and parameters of the games (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import GAMES, Game
from ...rules.options import OptionError

__all__ = ["DEFAULT_ROUNDS", "GAME_NAMES", "HanafudaSpielError", "PREFIX", "game_parameters",
           "options_from_params", "short_name"]

PREFIX = "python_hanafuda_"
DEFAULT_ROUNDS = 1
NULL_INT = 0
"""The ``pyspiel`` value of an integer option left null (a parameter cannot hold None)."""


class HanafudaSpielError(ValueError):
    """A misuse of the OpenSpiel adapter: an illegal action or chance outcome, a bad parameter,
    a resample where no seat is to move."""


def short_name(game_id: str) -> str:
    """The ``pyspiel`` short name of a game (``mushi`` → ``python_hanafuda_mushi``)."""
    return PREFIX + game_id.replace("-", "_")


GAME_NAMES: dict[str, str] = {short_name(gid): gid for gid in GAMES}
"""``pyspiel`` short name → hanafuda game id."""


# -- parameters ---------------------------------------------------------------------------------


def game_parameters(game: type[Game]) -> dict[str, int | bool | str]:
    """The ``pyspiel`` parameters of a game with their defaults (module docstring).

    ``players`` (the smallest count of RULES.md §2), ``rounds`` and the options of
    RULES.md §4/§8 that a ``pyspiel`` parameter can hold.
    """
    params: dict[str, int | bool | str] = {"players": min(game.player_counts()), "rounds": DEFAULT_ROUNDS}
    for spec in game.option_specs():
        if spec.name in ("rounds", "target"):
            continue
        if spec.kind == "teams":
            params[spec.name] = ""
        elif spec.kind == "choice" and isinstance(spec.default, (bool, int, str)):
            params[spec.name] = spec.default
        elif spec.kind == "int" and isinstance(spec.default, int):
            params[spec.name] = spec.default
        elif spec.kind == "int-or-null" and spec.default is None:
            params[spec.name] = NULL_INT  # Koi-Koi's bank: 0 stands for null (no bank)
        else:  # pragma: no cover - every option of the five games is handled above
            raise AssertionError(f"option {spec.name} of {game.id} has no pyspiel form")
    return params


def _parse_teams(text: str) -> list[list[int]] | None:
    """``"0+2/1+3"`` → ``[[0, 2], [1, 3]]``; ``""`` → None (Kwa-Dō teams, RULES.md §4.3)."""
    if not text.strip():
        return None
    sides = []
    for side in text.split("/"):
        try:
            sides.append([int(seat) for seat in side.split("+")])
        except ValueError:
            raise OptionError(
                f"option 'teams': bad value {text!r}; write sides of seats like \"0+2/1+3\""
            ) from None
    return sides


def options_from_params(game: type[Game], params: Mapping[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """Players, rounds and the hanafuda options given by ``pyspiel`` parameters."""
    defaults = game_parameters(game)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise HanafudaSpielError(
            f"unknown parameter {unknown[0]!r} for {short_name(game.id)}; "
            f"parameters are: {', '.join(sorted(defaults))}"
        )
    players = params.get("players", defaults["players"])
    rounds = params.get("rounds", defaults["rounds"])
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise HanafudaSpielError(f"parameter 'rounds' must be an integer ≥ 1, not {rounds!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise HanafudaSpielError(f"parameter 'players' must be an integer, not {players!r}")
    options: dict[str, Any] = {"rounds": rounds, "target": None}
    for name, default in defaults.items():
        if name in ("players", "rounds") or name not in params or params[name] == default:
            continue
        value = params[name]
        kind = next(spec.kind for spec in game.option_specs() if spec.name == name)
        if name == "teams":
            options[name] = _parse_teams(value)
        elif kind == "int-or-null" and value == NULL_INT:
            options[name] = None
        else:
            options[name] = value
    return players, rounds, options
