"""What a seat observes: strings (from ``hanafuda.words.notation``) and tensors (``encode_view``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ...cards import mask_of
from ...engine.moves import format_action
from ...engine.visibility import event_only, visible_to
from ...rules import Config
from ...views import view_of
from ...words.notation import cards_notation, event_notation, round_notation
from ..encoding import encode_view, observation_blocks, observation_size

if TYPE_CHECKING:
    from .state import Core, HanafudaSpielState, LogEntry

__all__ = ["Observer"]


def _dealing_text(config: Config, core: Core, seat: int, offsets: tuple[int, ...]) -> str:
    dealt = core.dealt
    field = mask_of(dealt[: config.field_size])
    own = mask_of(dealt[offsets[seat]:offsets[seat + 1]])
    return (f"dealing: dealer {core.dealer}, {len(dealt)} cards dealt, field [{cards_notation(field)}], "
            f"hand [{cards_notation(own)}]")


def _history_lines(config: Config, log: Iterable[LogEntry], seat: int) -> list[str]:
    lines = []
    for entry in log:
        kind = entry[0]
        if kind == "dealer":
            lines.append(f"first dealer {entry[1]}")
        elif kind == "redeal":
            lines.append(f"redeal field [{cards_notation(entry[1])}]")
        elif kind == "round":
            lines.append(f"round {entry[1]} dealer {entry[2]} field [{cards_notation(entry[3])}] "
                         f"hand [{cards_notation(entry[4][seat])}]")
        elif kind == "start":
            lines.extend(event_notation(config, e) for e in entry[1])
        elif kind == "move":
            actor, action, events = entry[1], entry[2], entry[3]
            shown = [event_notation(config, e) for e in events if visible_to(event_only(e[0], e[1]), seat)]
            head = f"{actor}: {format_action(action, config)}" if actor == seat else f"{actor} decides"
            lines.append(" ; ".join([head, *shown]))
        elif kind == "end":
            lines.append(f"round scores {list(entry[1])}")
    return lines


class Observer:
    """The observer ``pyspiel`` asks for strings and tensors (see ``open_spiel/python/observation.py``)."""

    def __init__(self, config: Config, perfect_recall: bool) -> None:
        self.config = config
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(observation_size(config), np.float32)
        self.dict = {"observation": self.tensor}
        offsets = {}
        pos = 0
        for name, size in observation_blocks(config):
            offsets[name] = pos
            pos += size
        self._hand_at = offsets["hand"]
        self._field_at = offsets["field"]

    def set_from(self, state: HanafudaSpielState, player: int) -> None:
        core = state._core
        if core.dealing:
            self.tensor.fill(0.0)
            if core.dealer >= 0:
                offsets = state._core.game.hand_offsets
                for card in core.dealt[offsets[player]:offsets[player + 1]]:
                    self.tensor[self._hand_at + card] = 1.0
                for card in core.dealt[: self.config.field_size]:
                    self.tensor[self._field_at + card] = 1.0
            return
        assert core.match is not None
        self.tensor[:] = encode_view(view_of(core.match, player), self.config)

    def string_from(self, state: HanafudaSpielState, player: int) -> str:
        core = state._core
        config = self.config
        if core.dealing:
            now = ("dealing: first dealer not drawn yet" if core.dealer < 0
                   else _dealing_text(config, core, player, state._core.game.hand_offsets))
        else:
            assert core.match is not None
            now = round_notation(core.match, player)
        if not self.perfect_recall:
            return now
        done, text = core.texts[player]
        if done < len(core.log):
            lines = _history_lines(config, core.log[done:], player)
            text = "\n".join([text, *lines]) if text else "\n".join(lines)
            core.texts[player] = (len(core.log), text)
        return f"{config.game.id} seat {player}\n{text}\nnow:\n{now}"
