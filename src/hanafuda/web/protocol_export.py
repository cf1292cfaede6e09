"""A protocol class made by a function, named by an import string for uvicorn's worker processes.

uvicorn's ``--workers`` processes import the HTTP and websocket protocols by name, and a class
made in a function cannot be sent to them; the module that makes it exports it under a fixed
name instead, made on first use (``http_protocol``, ``ws_protocol``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["exported_protocol"]


def exported_protocol(
    namespace: dict[str, Any], attr: str, make: Callable[[], type[Any] | str],
) -> tuple[Callable[[], str], Callable[[str], Any]]:
    """For the module whose globals are ``namespace``: a function giving the import string of
    the class ``make()`` builds (or ``make``'s own string when it falls back to uvicorn's
    protocol) and the module ``__getattr__`` that builds ``attr`` in a worker process."""

    def import_name() -> str:
        protocol = make()
        if isinstance(protocol, str):  # pragma: no cover - uvicorn without the fast protocol
            return protocol
        namespace[attr] = protocol
        return f"{namespace['__name__']}:{attr}"

    def module_getattr(name: str) -> Any:
        if name == attr:
            protocol = make()
            namespace[name] = protocol
            return protocol
        raise AttributeError(name)

    return import_name, module_getattr
