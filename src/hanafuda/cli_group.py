"""The ``hanafuda`` command's Click group: a command that starts at once (issue 32).

Typer (0.2x) turns every command-line value into its Python type through a pydantic
``TypeAdapter``, built on first use, so even ``hanafuda rules`` imports pydantic (about 100 ms,
more than ``import typer`` itself).  Our commands take only plain values — ``str``, ``int``,
``float``, ``Path`` and repeated ``str`` options — whose conversion is one call: ``QuickGroup``
gives each such parameter a converter that does that call for the values it is sure of and
hands everything else (a typo such as ``--players x``, an option with a range or a parser) to
Typer's own converter, so results and error messages stay exactly Typer's.
tests/cli/test_startup.py checks both against Typer's converter.

A Typer without that machinery (older releases use Click's types, no pydantic) or with another
shape of it is left as it is: slower, never wrong (tests/cli/test_startup.py then fails on the
group, not on a value).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import typer.core

if TYPE_CHECKING:  # Typer's own Click (vendored in Typer 0.2x)
    from typer._click import Command, Context, Parameter

__all__ = ["QuickGroup", "plain_value"]

UNSURE: Final = object()
"""``plain_value``'s answer when Typer's own converter must decide (and word any error)."""

INT = re.compile(r"[+-]?[0-9]+")
FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""The spellings ``int()``/``float()`` and pydantic read alike (ASCII digits, no ``_``)."""


def plain_value(annotation: object, value: object) -> object:
    """``value`` as ``annotation`` when the conversion is certain, else ``UNSURE``.

    Certain means pydantic's lax mode gives the same value: a ``str`` stays itself; an ``int``
    or ``float`` in decimal digits is ``int()``/``float()``; a ``list[str]`` option's
    strings become a list; a path is ``Path(value)`` when that spells the value back
    unchanged (Typer names the value as given in its messages)."""
    if annotation is str:
        return value if type(value) is str else UNSURE
    if annotation is bool:  # Typer itself skips a flag's bool; anything else is its to read
        return value if type(value) is bool else UNSURE
    if annotation is int:
        if type(value) is int:
            return value
        if type(value) is str and INT.fullmatch(value):
            try:
                return int(value)
            except ValueError:  # longer than int() reads: Typer's converter says so
                return UNSURE
        return UNSURE
    if annotation is float:
        if type(value) is float:
            return value
        if type(value) is str and FLOAT.fullmatch(value):
            return float(value)
        return UNSURE
    if annotation == list[str]:
        if isinstance(value, list | tuple) and all(type(v) is str for v in value):
            return list(value)
        return UNSURE
    if annotation is Path:
        if type(value) is str and value and str(Path(value)) == value:
            return Path(value)
        return value if isinstance(value, Path) else UNSURE
    return UNSURE


try:  # Typer 0.2x: a RuntimeParam per parameter, pydantic behind it
    from typer._coercion import RuntimeParam, build_runtime_param
    from typer._param_types import coerce_cli_path
except ImportError:  # pragma: no cover - an older Typer converts with Click's types
    TYPER_COERCION = False
else:  # the one method a converter implements; if Typer renames it, Typer converts everything
    TYPER_COERCION = RuntimeParam.__abstractmethods__ == frozenset({"_coerce_value"})

if TYPER_COERCION:

    @dataclass(frozen=True)
    class PlainRuntimeParam(RuntimeParam):
        """Typer's runtime converter for one parameter of a plain type, without pydantic."""

        def _coerce_value(self, value: Any, param: typer.core._TyperParameter,
                          ctx: Context) -> Any:
            plain = plain_value(self.annotation, value)
            if plain is UNSURE:
                typer_own = build_runtime_param(param.type_descriptor)
                return typer_own._coerce_value(value, param=param, ctx=ctx)
            if isinstance(plain, Path):  # Typer's own checks (exists=, dir_okay=, …) still apply
                return coerce_cli_path(plain, self.parameter_info, path_type=Path, param=param,
                                       ctx=ctx)
            return plain


def plain_type(param: Parameter) -> bool:
    """Whether ``PlainRuntimeParam`` may convert ``param``: a plain annotation and no parser,
    range or path class of its own (those stay with Typer)."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or descriptor.file_annotation is not None:
        return False
    info = descriptor.parameter_info
    if info.parser is not None or info.min is not None or info.max is not None:
        return False
    annotation = descriptor.annotation
    if annotation is Path:
        return info.path_type in (None, Path)
    return annotation in (str, bool, int, float) or annotation == list[str]


def walk(commands: Mapping[str, Command]) -> Iterator[Parameter]:
    """Every parameter of ``commands`` and of their subcommands (``hanafuda dataset …``)."""
    for command in commands.values():
        yield from command.params
        sub = getattr(command, "commands", None)
        if isinstance(sub, Mapping):
            yield from walk(sub)


def quicken(param: Parameter) -> None:
    """Give ``param`` the converter without pydantic if its type is plain and Typer has not
    built its own yet."""
    if TYPER_COERCION and getattr(param, "_runtime_param", False) is None and plain_type(param):
        descriptor = param.type_descriptor  # type: ignore[attr-defined]
        param._runtime_param = PlainRuntimeParam(  # type: ignore[attr-defined]
            parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)


class QuickGroup(typer.core.TyperGroup):
    """``typer.Typer(cls=QuickGroup)``: Typer's group, its plain parameters converted without
    pydantic (the module's docstring says why).

    Click adds each command's ``--help`` option when the command parses its arguments; it is a
    parameter like the others (its value is ``None`` when not given), so the group gives it the
    same converter as the command is resolved, and its own when it makes it."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for param in walk(self.commands):
            quicken(param)

    def get_help_option(self, ctx: Context) -> typer.core.TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None:
            quicken(option)
        return option

    def resolve_command(self, ctx: Context,
                        args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:  # the context the command will parse in, as Click makes it
            probe = command.context_class(command, info_name=name, parent=ctx,
                                          **command.context_settings)
            option = command.get_help_option(probe)
            if option is not None:
                quicken(option)
        return name, command, rest
