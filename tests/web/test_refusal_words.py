"""Issue 28, "one catalogue of words": every refusal the server sends names the catalogue entry of
its detail (``key``) and that entry's arguments (``args``), so a Japanese or Korean page says the
detail ("the round is not over", which moves are legal now) in its language; the English ``error``
is that entry's English, byte for byte the text the server sent before."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda import Match
from hanafuda.engine.match import QueuedPlayDropped
from hanafuda.engine.moves import MalformedMoveError
from hanafuda.engine.visibility import as_settled
from hanafuda.web.hub import NOTATION, _dropped, _refusal
from hanafuda.web.ws import Refusal as SocketRefusal
from hanafuda.words.catalogue import LANGUAGES, has, messages, placeholders
from hanafuda.words.refusals import ENGLISH_ONLY, MOVE_ARGUMENTS, refusal_text

from .wsutil import create, errors, next_state

WEB = Path(__file__).resolve().parents[2] / "src" / "hanafuda" / "web"


def _keys(expr: ast.expr) -> list[str] | None:
    """The catalogue keys a key argument can be: a literal, or either branch of ``a if c else b``;
    None for anything else."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        body, orelse = _keys(expr.body), _keys(expr.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def refusals_made(path: Path, maker: str) -> tuple[list[tuple[str, frozenset[str], int]], list[int]]:
    """Every refusal ``path`` makes through ``maker`` (``_refused(code, key, **args)`` in hub.py,
    ``Refusal(code, key, close, **args)`` in ws.py): (key, argument names, line); and the lines of
    those whose key is not written there."""
    found: list[tuple[str, frozenset[str], int]] = []
    unwritten: list[int] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == maker:
            keys = _keys(node.args[1])
            if keys is None:
                unwritten.append(node.lineno)
                continue
            names = frozenset(k.arg for k in node.keywords if k.arg)
            found += [(key, names, node.lineno) for key in keys]
    return found, unwritten


def every_refusal() -> list[tuple[str, frozenset[str], str]]:
    hub, hub_unwritten = refusals_made(WEB / "hub.py", "_refused")
    ws, ws_unwritten = refusals_made(WEB / "ws.py", "Refusal")
    assert not hub_unwritten and not ws_unwritten, (hub_unwritten, ws_unwritten)
    return [(k, a, f"hub.py:{n}") for k, a, n in hub] + [(k, a, f"ws.py:{n}") for k, a, n in ws]


SAMPLE: dict[str, Any] = {"move": "play pine-crane", "legal": ["play pine-crane", "play pine-chaff1"],
                          "reason": "unknown card 'x'", "notation": NOTATION, "name": "Ann", "held": "Bo",
                          "seat": 2, "held_seat": 1, "n": 8, "kind": "'x'", "types": ["move", "state"]}


def test_every_refusal_of_the_hub_and_the_socket_has_its_entry_in_every_language() -> None:
    found = every_refusal()
    assert len(found) >= 35, found  # the scan sees them all (every refusal of _checked, _to_bot, _admit…)
    assert {k for k, _, _ in found} >= {"refusal.detail.round-not-over", "refusal.detail.not-legal",
                                          "refusal.detail.still-at-table", "refusal.detail.friends-seat"}
    for key, names, where in found:
        assert key.startswith("refusal.detail."), (key, where)
        for lang in LANGUAGES:
            assert has(key, lang), (key, lang, where)
            assert placeholders(messages(lang)[key]) == names, (key, lang, names, where)
            said = refusal_text(key, lang, {name: SAMPLE[name] for name in names})  # no argument missing
            assert said.strip() and "{" not in said, (key, lang, said)


def test_hub_py_makes_every_refusal_with_its_entry() -> None:
    """No refusal of the hub is made without a catalogue entry: ``Refusal(...)`` only in
    ``_refused``."""
    tree = ast.parse((WEB / "hub.py").read_text("utf-8"))
    direct = [node.lineno for fn in ast.walk(tree)
              if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and fn.name != "_refused"
              for node in ast.walk(fn)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal"]
    assert direct == []


def test_the_arguments_a_page_names_or_leaves_to_english() -> None:
    assert MOVE_ARGUMENTS == ("move", "legal") and ENGLISH_ONLY == ("reason",)
    assert refusal_text("refusal.detail.not-legal", "ja", {"move": "play a", "legal": ["play b", "play c"]}) \
        == "「play a」は今は打てません。今打てる手：play b、play c"
    assert refusal_text("refusal.detail.not-legal", "en", {"move": "play a", "legal": []}) \
        == "'play a' is not a legal move now; legal moves now: none"
    assert refusal_text("refusal.detail.not-legal", "ko", {"move": "x", "legal": []}).endswith("수: 없음")


def _old_refusal(move: str, exc: ValueError, legal: list[str]) -> tuple[str, str]:
    """The hub's refusal of a move as it was written before the catalogue (the English to keep)."""
    reason = str(getattr(exc, "reason", "") or exc).strip().rstrip(":").strip()
    shown = ", ".join(legal) if legal else "none"
    if isinstance(exc, MalformedMoveError):
        why = "it is not in the move notation" if reason.startswith("malformed") else reason
        return "bad-move", (f"{move!r} is not a move: {why} (moves are {NOTATION}); "
                            f"legal moves now: {shown}")
    detail = f" ({reason})" if reason and reason != "illegal move" else ""
    return "illegal-move", f"{move!r} is not a legal move now{detail}; legal moves now: {shown}"


@pytest.mark.parametrize("move", ["play nonsense", "plya pine-crane", "expose", "keep", "play pine-crane",
                                  "2: play pine-crane", "take pine-crane", "play willow-rainman declare x"])
def test_a_refused_moves_english_is_the_same_as_before(move: str) -> None:
    match = Match("koi-koi", 2, {}, seed=3)
    seat = match.to_move
    legal = match.seen_legal_moves(seat)
    if move in legal:
        return  # a legal move is not refused
    with pytest.raises(ValueError) as caught:
        match.submit(seat, move)
    exc = caught.value
    refusal = _refusal(move, exc, legal)
    assert (refusal.code, refusal.message) == _old_refusal(move, exc, legal)
    assert refusal.args["legal"] == legal and refusal.args["move"] == move
    assert refusal_text(refusal.key, "en", refusal.args) == refusal.message


# the hub's refusals of a socket's message (and the cluster's), with the English each sent before
# the catalogue: (key, arguments, that English)
MESSAGE_REFUSALS = [
    ("refusal.detail.flood", {"n": "10"}, "too many messages: at most 10 a second"),
    ("refusal.detail.flood-address", {"n": "20"},
     "too many messages from your address or account: at most 20 a second over all its connections"),
    ("refusal.detail.too-large", {"n": 4096}, "message longer than 4096 characters"),
    ("refusal.detail.bad-json", {}, "message is not valid JSON (or is nested too deeply)"),
    ("refusal.detail.no-type", {}, 'a message is an object with a "type"'),
    ("refusal.detail.server-error", {}, "the server could not handle that message"),
    ("refusal.detail.unknown-type", {"kind": "'mvoe'", "types": ["move", "state"]},
     "unknown message type 'mvoe'; types: move, state"),
    ("refusal.detail.hint-spectator", {}, "a spectator holds no seat to get a hint for"),
    ("refusal.detail.hint-own-seat", {}, "a hint is only for your own seat"),
    ("refusal.detail.no-hints", {},
     "this table does not allow hints (they are chosen when the table is made, "
     "and are always off in rated play)"),
    ("refusal.detail.hint-bot-seat", {}, "a bot plays this seat now"),
    ("refusal.detail.hint-wait", {}, "a hint is for your own decision: wait for your turn"),
    ("refusal.detail.move-needs-text", {}, 'a move message needs "move": a move string'),
    ("refusal.detail.creator-only-bot", {},
     "only the table's creator can hand a seat to a bot (open the table with the creator link)"),
    ("refusal.detail.leave-spectator", {}, "a spectator holds no seat to leave"),
    ("refusal.detail.creator-only-stop", {}, "only the table's creator can stop it (open the table with the "
                                             "creator link)"),
    ("refusal.detail.stop-bots-only", {}, "only a table of bots alone can be stopped"),
    ("refusal.detail.match-over-already", {}, "the match is over already"),
    ("refusal.detail.table-server-silent", {}, "the server of this table did not answer; please try again"),
]


@pytest.mark.parametrize(("key", "args", "english"), MESSAGE_REFUSALS)
def test_a_message_refusals_english_is_the_same_as_before_and_said_in_every_language(
        key: str, args: dict[str, Any], english: str) -> None:
    assert refusal_text(key, "en", args) == english
    for lang in ("ja", "ko"):
        said = refusal_text(key, lang, args)
        assert said and "{" not in said and said != english, (lang, said)


def test_every_error_code_the_hub_sends_has_a_sentence_in_every_language() -> None:
    """A refusal whose detail a page cannot say (a malformed move's English reason, a message the
    page got wrong) falls back to its code's sentence: every code the hub, the cluster and the
    socket send has one."""
    codes: set[str] = set()
    for name in ("hub.py", "cluster.py", "ws.py"):
        for node in ast.walk(ast.parse((WEB / name).read_text("utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str) and (
                        (isinstance(node.func, ast.Name) and node.func.id in ("_refused", "Refusal"))
                        or (isinstance(node.func, ast.Attribute) and node.func.attr == "error"
                            and isinstance(node.func.value, ast.Name)
                            and node.func.value.id in ("self", "hub"))):
                codes.add(node.args[0].value)
    assert {"forbidden", "no-hints", "too-large", "bad-json", "unknown-type", "server-error"} <= codes
    for code in codes:
        for lang in LANGUAGES:
            assert has(f"refusal.{code}", lang), (code, lang)


def test_a_socket_refusals_english_is_the_same_as_before() -> None:
    friends = SocketRefusal("friends-seat", "refusal.detail.friends-seat", 4409, name="Bo", seat=2,
                            held="Ann", held_seat=1)
    assert friends.error == ("this link is Bo's seat (seat 2), for the person you invite; this browser "
                             "already sits at this table as Ann (seat 1), so it does not take it. Send them "
                             "the link: copy it below.")
    full = SocketRefusal("full", "refusal.detail.spectators-full", 4429, n=50)
    assert full.error == "this table has 50 spectators already, its limit; please try again later"
    assert full.fields == {"n": 50} and full.close == 4429


def test_a_dropped_queued_play_is_told_by_its_entry() -> None:
    """A play queued while another seat's teyaku decision was pending, made illegal by the exposed
    teyaku (RULES.md §4.2): the match's own reason is the entry's English, and the entry names it."""
    for seed in range(3000):
        match = Match("hana-awase", 2, {"teyaku": True}, seed=seed)
        rnd = match.current
        first = rnd.order[0]
        if not rnd.teyaku_queue or first in rnd.teyaku_queue:
            continue
        exposed = copy.deepcopy(match)
        for _ in rnd.teyaku_queue:
            exposed.play("expose")
        gone = [m for m in as_settled(rnd).legal_moves() if m not in exposed.legal_moves()]
        if gone:
            break
    else:
        raise AssertionError("no such deal")
    match.submit(first, gone[0])
    (dropped,) = match.submit(rnd.teyaku_queue[0], "expose").dropped
    assert dropped.still_its_turn and dropped.legal
    refusal = _dropped(dropped)
    assert refusal.key == "refusal.detail.queued-not-legal" and refusal.message == dropped.reason
    # the other reason: the seat's turn passed (it has no legal move now); the words are the entry's
    passed = QueuedPlayDropped(dropped.seat, "play x",
                               "'play x' could not be made: it is no longer your turn", ())
    other = _dropped(passed)
    assert not passed.still_its_turn
    assert other.key == "refusal.detail.queued-not-your-turn" and other.message == passed.reason


def test_the_socket_sends_the_key_and_its_arguments(client: TestClient) -> None:
    t = create(client, "koi-koi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}&lang=ja") as ws:
        state = next_state(ws)
        ws.send_json({"type": "next-round"})
        [err] = errors(ws)
        assert err == {"type": "error", "code": "not-now", "error": "the round is not over",
                       "key": "refusal.detail.round-not-over", "args": {}}
        while state["view"]["to_move"] != state["you"]:
            state = next_state(ws)
        legal = state["view"]["legal"]
        card = state["view"]["field"][0]  # a card the seat sees but does not hold (never a hidden one)
        ws.send_json({"type": "move", "move": f"play {card}"})
        [err] = errors(ws)
        assert err["code"] == "illegal-move" and err["key"] == "refusal.detail.not-legal"
        assert err["args"] == {"move": f"play {card}", "legal": legal}
        assert err["error"] == f"'play {card}' is not a legal move now; legal moves now: {', '.join(legal)}"
    with client.websocket_connect(f"/ws/{t['id']}?token=nonsense") as ws:
        [err] = errors(ws)
        assert err == {"type": "error", "code": "bad-token", "error": "this token opens no seat here",
                       "key": "refusal.detail.bad-token", "args": {}}
