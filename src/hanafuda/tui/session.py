"""A terminal-play session: one human seat, bots at the others, saving and resuming.

Shared by the Textual app and the plain mode.  Rules stay in the engine: every move goes
through the checked ``Match.submit``, everything shown comes from ``Match.view(seat)`` and the
bots see only their own seat's view (DESIGN.md layer 7: adapters are thin).

The human is asked whenever their view says it is their turn — also while a bot decides on a
Hana-Awase teyaku the human may not learn of (RULES.md §4.2): the play then waits in the match
(``Match.submit`` queues it) and is made right after the bot's decision, which takes no pause,
so the terminal's timing tells the human nothing either.  A queued play that is no longer legal
once the bot exposed its teyaku is dropped and the human is told (``dropped``) and asked again.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import AGENTS, LEVELS, Agent, is_bot_name, make_agent
from ..engine.match import QueuedPlayDropped
from ..engine.moves import IllegalMoveError
from ..engine.visibility import hidden_from
from ..records import Match, RecordError, load_record, match_from_record, save_record
from ..rules import GAMES
from ..rules.base import Config
from ..rules.options import OptionError, parse_option_args
from ..themes import UnknownThemeError, normalize_theme
from ..views import PlayerView
from ..words import Namer
from ..words.catalogue import UnknownLanguageError, check_language
from ..words.names import bot_name

__all__ = ["META_KEY", "SAVES_ENV", "PlayError", "PlaySession", "default_save_path", "dropped_key",
           "latest_saved_match", "resumed_save_path", "saves_directory"]

META_KEY = "play"
"""The key under the record's ``meta`` where a play session keeps seat, bots, theme and seed."""


class PlayError(ValueError):
    """A bad ``hanafuda play`` setting: game, players, seat, bots, option, theme or record."""


SAVES_ENV = "HANAFUDA_SAVES"
"""An environment variable naming the folder of saved matches instead of the user data folder
(tests and portable installs)."""


def saves_directory() -> Path:
    """Where ``hanafuda play`` saves its matches: ``$HANAFUDA_SAVES``, else ``matches/`` in the
    user's data folder (platformdirs: ``~/.local/share/hanafuda/matches`` on Linux) — never the
    folder the game was started in."""
    chosen = os.environ.get(SAVES_ENV)
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_data_path

    return user_data_path("hanafuda", appauthor=False) / "matches"


def default_save_path(game: str, directory: Path | None = None) -> Path:
    """``hanafuda-GAME-YYYYmmdd-HHMMSS.json`` in the saves folder (or ``directory``); a second
    match started in the same second gets "-2", "-3", … rather than overwriting the first."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = directory or saves_directory()
    path = folder / f"hanafuda-{game}-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"hanafuda-{game}-{stamp}-{number}.json"
        number += 1
    return path


def latest_saved_match(directory: Path | None = None) -> Path:
    """The most recently saved match in the saves folder (or ``directory``), for ``hanafuda play
    --resume`` without a file; ``PlayError`` saying where it looked when there is none."""
    folder = directory or saves_directory()
    found = [p for p in folder.glob("*.json") if p.is_file()] if folder.is_dir() else []
    if not found:
        raise PlayError(f"no saved match in {folder}; give the file: hanafuda play --resume FILE")
    return max(found, key=lambda p: (p.stat().st_mtime_ns, p.name))


def resumed_save_path(path: Path) -> Path:
    """Where a resumed match is saved unless ``--save`` says otherwise: next to the file it was
    resumed from, under a new name, so the original record is never overwritten
    ("match.json" → "match-resumed.json", then "match-resumed-2.json", …)."""
    stem = path.stem
    base = stem.split("-resumed")[0] if "-resumed" in stem else stem
    candidate = path.with_name(f"{base}-resumed{path.suffix or '.json'}")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{base}-resumed-{number}{path.suffix or '.json'}")
        number += 1
    return candidate


def _check_bots(bots: str) -> str:
    """A bot name or a level ("Intermediate", any letter case: ``agents.LEVELS``)."""
    if not is_bot_name(bots):
        raise PlayError(f"unknown bot {bots!r}; bots are: {', '.join(AGENTS)}; levels are: "
                        f"{', '.join(level.id for level in LEVELS)}")
    return bots


def _check_lang(lang: str) -> str:
    try:
        return check_language(lang)
    except UnknownLanguageError as exc:
        raise PlayError(str(exc)) from None


def _check_theme(theme: str) -> str:
    try:
        return normalize_theme(theme)
    except UnknownThemeError as exc:
        raise PlayError(str(exc)) from None


@dataclass
class PlaySession:
    """A match with a human seat; the other seats are played by ``bots`` agents."""

    match: Match
    seat: int
    bots: str = "strong"
    theme: str = "hanafuda"
    save_path: Path = field(default_factory=lambda: Path("hanafuda-match.json"))
    pause: float = 0.6
    resumed_from: Path | None = None
    lang: str = "en"
    """The language of every text of the session (``LANGUAGES``: en, ja, ko)."""
    agents: dict[int, Agent] = field(init=False)
    dropped: QueuedPlayDropped | None = field(default=None, init=False)
    """The human's queued play the match could not make (say why, then ask again); None once
    the human has been asked again (``play``)."""

    def __post_init__(self) -> None:
        players = self.match.config.players
        if not 0 <= self.seat < players:
            raise PlayError(f"seat {self.seat} is not at this table (seats are 0..{players - 1})")
        _check_bots(self.bots)
        self.theme = _check_theme(self.theme)
        self.lang = _check_lang(self.lang)
        self.agents = {s: make_agent(self.bots) for s in range(players) if s != self.seat}

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        *,
        players: int | None = None,
        seat: int = 0,
        bots: str = "strong",
        options: list[str] | None = None,
        theme: str | None = None,
        rounds: int | None = None,
        seed: int | None = None,
        save: Path | None = None,
        pause: float = 0.6,
        lang: str = "en",
    ) -> PlaySession:
        """A new match; every bad setting raises ``PlayError`` with a clear message."""
        _check_lang(lang)
        if game not in GAMES:
            raise PlayError(f"unknown game {game!r}; games are: {', '.join(GAMES)}")
        _check_bots(bots)
        theme = _check_theme(theme or GAMES[game].default_theme)  # the game's own names
        if players is None:
            players = 2 if 2 in GAMES[game].player_counts() else GAMES[game].player_counts()[0]
        try:
            opts = parse_option_args(options or [])
            if rounds is not None:
                if rounds < 1:
                    raise PlayError(f"--rounds must be at least 1, not {rounds}")
                opts["rounds"] = rounds
            match = Match(game, players, opts, seed=seed)
        except OptionError as exc:
            raise PlayError(str(exc)) from None
        if pause < 0:
            raise PlayError(f"--pause must not be negative, not {pause}")
        return cls(match, seat, bots, theme, save or default_save_path(game), pause, lang=lang)

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        seat: int | None = None,
        bots: str | None = None,
        theme: str | None = None,
        save: Path | None = None,
        pause: float = 0.6,
        lang: str | None = None,
    ) -> PlaySession:
        """Continue a saved match exactly: same deals, moves, seat, bots and theme.

        The match is saved to ``save``, else next to ``path`` under a new name
        (``resumed_save_path``): the record resumed from is never changed.

        A record written by this session carries the match seed in ``meta``, so the match is
        rebuilt from that seed and later rounds are dealt as they would have been.  Any other
        record is replayed as it is (later rounds then come from a fresh seed).
        """
        try:
            record = load_record(path)
            match = _rebuild(record)
        except RecordError as exc:
            raise PlayError(f"{path}: {exc}") from None
        meta = _play_meta(record)
        return cls(
            match,
            seat if seat is not None else int(meta.get("seat", 0)),
            bots if bots is not None else str(meta.get("bots", "strong")),
            theme if theme is not None else str(meta.get("theme", "hanafuda")),
            save or resumed_save_path(path),
            pause,
            path,
            lang if lang is not None else str(meta.get("lang", "en")),
        )

    # -- state ---------------------------------------------------------------------------------

    @property
    def config(self) -> Config:
        return self.match.config

    @property
    def names(self) -> list[str | None]:
        """Who plays each seat: None for the human (shown "You"), else the bot's name."""
        return [None if s == self.seat else self.bots for s in range(self.config.players)]

    @property
    def namer(self) -> Namer:
        """What things are called at this table, as the human seat sees it (hanafuda.words)."""
        return Namer(self.config, self.theme, self.seat, self.names, self.lang, self.bot_seats)

    @property
    def bots_word(self) -> str:
        """The bots as every place names them, in the session's language ("Strong bot", "強いボット",
        "강한 봇": ``words.names.bot_name``)."""
        return bot_name(self.bots, self.lang)

    @property
    def bot_seats(self) -> frozenset[int]:
        """The seats the bots play (they read by the bot level's word in Japanese and Korean)."""
        return frozenset(s for s in range(self.config.players) if s != self.seat)

    def view(self) -> PlayerView:
        return self.match.view(self.seat)

    @property
    def human_to_move(self) -> bool:
        """The human's view says it is their turn and no play of theirs is waiting (a bot's hidden
        teyaku decision may be pending then: module docstring)."""
        m = self.match
        return m.seen_to_move(self.seat) == self.seat and m.queued_move(self.seat) is None

    @property
    def bot_to_move(self) -> bool:
        """A bot decides now and the human is not being asked."""
        to_move = self.match.to_move
        return to_move is not None and to_move != self.seat and not self.human_to_move

    @property
    def bot_decision_hidden(self) -> bool:
        """The bot's pending decision is one the human may not learn of (a teyaku, RULES.md §4.2):
        it is made without a pause."""
        m = self.match
        return not m.finished and hidden_from(m.current, self.seat)

    # -- moves ---------------------------------------------------------------------------------

    def bot_rng(self, seat: int) -> random.Random:
        """The bot's own RNG for this decision, seeded from the match seed and the position."""
        m = self.match
        return random.Random(f"{m.seed}:bot:{seat}:{len(m.rounds)}:{len(m.current.moves)}")

    def bot_move(self) -> str:
        """Let the bot whose turn it is choose from its own view; apply the move (checked)."""
        seat = self.match.to_move
        assert seat is not None and seat != self.seat, "not a bot's turn"
        view = self.match.view(seat)
        move = self.agents[seat].choose(view, view.legal, self.bot_rng(seat))
        answer = self.match.submit(seat, move)
        for dropped in answer.dropped:
            if dropped.seat == self.seat:
                self.dropped = dropped
        return str(move)

    def play(self, text: str) -> str:
        """The human's move: a legal move string, or its number in the view's ``legal`` (from 1),
        through ``Match.submit`` (made now, or queued while a bot's hidden teyaku decision is
        pending: module docstring).

        Raises ``IllegalMoveError`` (a ``ValueError``) for anything else.
        """
        text = text.strip()
        legal = list(self.view().legal)  # as the human sees the table (never a hidden decision's)
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                raise IllegalMoveError(
                    f"there is no move number {number} (choose 1 to {len(legal)}):", text,
                    f"round {len(self.match.rounds)}", legal)
            text = legal[number - 1]
        if not self.human_to_move:
            raise IllegalMoveError("it is not your turn:", text, f"round {len(self.match.rounds)}",
                                   legal)
        self.match.submit(self.seat, text)
        self.dropped = None
        return text

    def next_round(self) -> None:
        if self.match.round_over and not self.match.finished:
            self.match.next_round()

    # -- records -------------------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """This session's settings, kept under the record's ``meta``."""
        return {META_KEY: {"seed": self.match.seed, "seat": self.seat, "bots": self.bots,
                           "theme": self.theme, "lang": self.lang}}

    def record(self) -> dict[str, Any]:
        """The RULES.md §8 record with this session's settings under ``meta``."""
        return {**self.match.to_record(), "meta": self.meta()}

    def save(self, path: Path | None = None) -> Path:
        """Write the record (its folder made first) and return where it went."""
        target = Path(path or self.save_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        return save_record(self.match, target, self.meta())


def _play_meta(record: Mapping[str, Any]) -> dict[str, Any]:
    meta = record.get("meta")
    if isinstance(meta, Mapping) and isinstance(meta.get(META_KEY), Mapping):
        return dict(meta[META_KEY])
    return {}


def _rebuild(record: dict[str, Any]) -> Match:
    """The match of a record; from its seed when the record carries one and it matches."""
    plain = {k: v for k, v in record.items() if k != "meta"}
    checked = match_from_record(plain)  # validates the record, names round/move on error
    seed = _play_meta(record).get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        return checked
    try:
        match = Match(record["game"], record["players"], record.get("options") or {}, seed=seed)
        for index, entry in enumerate(record["rounds"]):
            if index:
                match.next_round()
            if match.deals[index].to_json() != {k: v for k, v in entry.items() if k != "moves"}:
                return checked
            for move in entry["moves"]:
                match.play(move)
    except (ValueError, KeyError):
        return checked
    return match if match.to_record() == checked.to_record() else checked


def dropped_key(dropped: QueuedPlayDropped) -> str:
    """The catalogue's words for a queued play the match dropped (``QueuedPlayDropped``): no longer
    legal once the deal settled (it is still that seat's turn, RULES.md §4.2), or no longer its
    turn."""
    return "tui.dropped.illegal" if dropped.still_its_turn else "tui.dropped.turn"
