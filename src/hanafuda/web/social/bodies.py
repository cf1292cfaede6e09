"""The request bodies of the lobby's routes as pydantic models (issue 28): each route reads its
body through one (``requests.read_json``, as the API's routes do), so a wrong type or an
out-of-range value is a 400 naming the field before any work.  Fields whose checks speak to
people (a name, a password, a chat line) keep their own checks (``requests.check_name``, ``accounts``): those
messages are translated (``i18n.say_error``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..requests import MAX_OPTIONS, MAX_SEATS
from .service import MAX_WAIT

__all__ = ["JoinBody", "LoginBody", "NameBody", "QuickBody", "TableBody"]

class Body(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")


class NameBody(Body):
    name: object = None
    """Checked by ``requests.check_name``."""
    password: object = None
    """Checked by ``accounts.check_password`` (accounts only)."""


class LoginBody(Body):
    name: str = Field(max_length=100)
    password: str = Field(max_length=200)


class SeatBody(Body):
    kind: str = Field(max_length=16)
    """me, invite, open or bot (``SocialHub.create`` says which it is not)."""
    bot: str | None = Field(None, max_length=32)


class TableBody(Body):
    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=MAX_SEATS)
    options: dict[str, Any] | None = Field(None, max_length=MAX_OPTIONS)
    seats: list[SeatBody] = Field(max_length=MAX_SEATS)
    theme: str | None = Field(None, max_length=32)
    clock: int | None = None
    """Seconds of the turn clock (``service.CLOCK_CHOICES``), or none."""
    spectator_chat: bool = False
    rated: bool = True
    hints: bool | None = None
    """Default: on for an unrated table with bots (issue 13)."""


class JoinBody(Body):
    seat: int | None = Field(None, ge=1, le=MAX_SEATS)
    """1-based, as a person counts seats."""


class QuickBody(Body):
    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=MAX_SEATS)
    wait: int = Field(30, ge=0, le=MAX_WAIT)
    theme: str | None = Field(None, max_length=32)
