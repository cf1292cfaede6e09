"""The engine's small values have names, and the names keep today's values (issue 11)."""

from __future__ import annotations

import json

from hanafuda import Match
from hanafuda.engine.moves import (
    CARD_SHIFT,
    EXPOSE_ACTION,
    KEEP_ACTION,
    KIND_BITS,
    KOIKOI_ACTION,
    NO_CARD,
    NO_SET,
    NO_TARGET,
    SET_SHIFT,
    STOP_ACTION,
    TARGET_SHIFT,
    MoveKind,
    decode,
    make_play,
    make_take,
)
from hanafuda.engine.round import PHASE_NAMES, EventKind, Phase, PlayResolution
from hanafuda.views import ViewPhase


def test_phases_keep_their_ints_and_names() -> None:
    assert [int(p) for p in Phase] == [0, 1, 2, 3, 4]
    assert PHASE_NAMES == ("teyaku", "play", "take", "over", "koikoi")
    assert [p.word for p in Phase] == list(PHASE_NAMES)


def test_event_kinds_equal_and_print_as_their_strings() -> None:
    assert EventKind.DEALER_CAPTURES == "dealer-captures"
    assert repr(EventKind.FLIP) == "'flip'" and str(EventKind.FLIP) == "flip"
    assert json.dumps([EventKind.PLAY]) == '["play"]'
    match = Match("mushi", 2, seed=3)
    match.apply(match.legal_actions()[0])
    kinds = {event[0] for event in match.current.events}
    assert kinds and all(isinstance(kind, EventKind) for kind in kinds)
    assert {e.kind for e in match.view(0).history} <= set(EventKind)


def test_view_phases_equal_their_strings() -> None:
    assert [str(p) for p in ViewPhase] == ["teyaku", "play", "take", "between-rounds", "match-over",
                                         "koikoi"]
    view = Match("hana-awase", 2, seed=1).view(0)
    assert isinstance(view.phase, ViewPhase) and view.to_dict()["phase"] in {"play", "teyaku"}


def test_move_fields_give_the_documented_actions() -> None:
    """docs/architecture.md, "Moves as ints"."""
    assert [int(k) for k in MoveKind] == [0, 1, 2, 3, 6, 7] and MoveKind.EXPOSE.word == "expose"
    assert (KIND_BITS, CARD_SHIFT, TARGET_SHIFT, SET_SHIFT) == (3, 2, 8, 14)
    assert (NO_CARD, NO_TARGET, NO_SET) == (63, 63, 15)
    assert make_play(0) == 261888
    assert make_play(36, 39) == 255888
    assert make_take(30) == 253693
    assert (EXPOSE_ACTION, KEEP_ACTION) == (262142, 262143)
    assert make_play(21, NO_TARGET, 6) == 114516
    assert decode(255888).kind == "play" and decode(255888).target == 39
    assert decode(KEEP_ACTION).kind == "keep"
    # Koi-Koi's decision widens the kind with bit 18, leaving every action above unchanged.
    assert (KOIKOI_ACTION, STOP_ACTION) == (262142 | 1 << 18, 262143 | 1 << 18) == (524286, 524287)
    assert decode(KOIKOI_ACTION).kind == "koikoi" and decode(STOP_ACTION).kind == "stop"


def test_play_resolutions_keep_their_ints() -> None:
    assert [int(r) for r in PlayResolution] == [0, 1, 2, 3, 4]
