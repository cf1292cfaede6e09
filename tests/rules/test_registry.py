"""The game registry and what each game needs (issue 30, "A game is one module — and checked"):
like OpenSpiel's expected-games list, every game in ``rules.GAMES`` is checked for each artifact
a game must ship, and a missing one fails naming the file to create or edit.

docs/architecture.md ("Adding a game") is written from this list:

1. the class in ``src/hanafuda/rules/<module>.py``, registered in ``rules.GAMES`` (``EXPECTED_GAMES``);
2. its rules page ``docs/rules/<id>.md`` (every option named, linked from docs/rules/README.md);
3. golden records ``tests/records/<id>-*.json`` with their frozen ``expected/`` replays;
4. a trained network for every player count and team layout, or ``trained_networks = False``;
5. its words: ``game.<id>.*``, ``howto.<id>.*``, options, choices, presets and yaku in
   ``src/hanafuda/locales/{ja,ko}.json`` (English is on the class);
6. at least one invariant configuration (``tests/engine/invariants.py``);
7. its variants in the engine fingerprint (``benchmarks/fingerprint.py``);
8. batch-simulator agreement (``score_batch``, ``tests/batch/test_agreement.py``), or
   ``batch_simulator = False``;
9. its Gymnasium id registered (``Game.env_id``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.fingerprint import variants
from hanafuda.agents.learned.policy import WEIGHTS_DIR, plays_in_teams, shipped_weights
from hanafuda.rules import GAMES, Config, Game, configure
from hanafuda.rules.options import OptionError
from hanafuda.words.catalogue import LANGUAGES, TranslationMissing
from hanafuda.words.languages import (
    choice_text,
    game_summary,
    game_title,
    how_to_play,
    option_text,
    preset_text,
    yaku_name,
)
from tests.batch.test_agreement import CONFIGS as AGREEMENT_CONFIGS
from tests.engine.invariants import CONFIGS as INVARIANT_CONFIGS

REPO = Path(__file__).resolve().parents[2]
RECORDS = REPO / "tests" / "records"

EXPECTED_GAMES = ["min-hwatu", "hana-awase", "kwa-do", "hawaiifuda", "mushi", "koi-koi"]
"""Every registered game, in registry order: a new game is added here and in ``rules.GAMES``."""

GAME_IDS = sorted(GAMES)


def test_the_registry_holds_the_expected_games() -> None:
    assert list(GAMES) == EXPECTED_GAMES, (
        "rules.GAMES and EXPECTED_GAMES differ: register the game in src/hanafuda/rules/__init__.py "
        "and list it in tests/rules/test_registry.py")
    for game_id, game in GAMES.items():
        assert game.id == game_id and issubclass(game, Game)


def configurations(game: type[Game]) -> Iterator[Config]:
    """The configurations a game is known by: defaults at every player count, every preset
    where it applies, and its invariant configurations (Kwa-Dō's teams come from there)."""
    for players in game.player_counts():
        yield configure(game.id, players)
        for preset in game.presets:
            try:
                yield configure(game.id, players, dict(preset.options))
            except OptionError:
                continue  # a preset made for other player counts
    for game_id, players, options in INVARIANT_CONFIGS:
        if game_id == game.id:
            yield configure(game_id, players, dict(options))


# -- 2. the rules page --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_rules_page_names_every_option(game_id: str) -> None:
    page = REPO / "docs" / "rules" / f"{game_id}.md"
    assert page.is_file(), f"{game_id}: create docs/rules/{game_id}.md (its rules, options, sources)"
    text = page.read_text(encoding="utf-8")
    game = GAMES[game_id]
    missing = [s.name for s in game.game_options if f"`{s.name}`" not in text]
    assert not missing, f"{game_id}: docs/rules/{game_id}.md does not describe option(s) {missing}"
    index = (REPO / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    assert f"({game_id}.md)" in index, f"{game_id}: link {game_id}.md from docs/rules/README.md"


# -- 3. golden records --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_golden_records_with_their_frozen_replays(game_id: str) -> None:
    records = [p for p in sorted(RECORDS.glob(f"{game_id}-*.json"))
               if json.loads(p.read_text(encoding="utf-8"))["game"] == game_id]
    assert records, (f"{game_id}: create a golden record tests/records/{game_id}-2p-….json "
                     "(scripts/make_golden_records.py) and its checked replay in tests/records/expected/")
    for path in records:
        for suffix in (".txt", ".json"):
            frozen = RECORDS / "expected" / f"{path.stem}{suffix}"
            assert frozen.is_file(), f"{game_id}: create tests/records/expected/{frozen.name}"


# -- 4. networks, or "none" declared --------------------------------------------------------------


def _layouts(game: type[Game]) -> set[tuple[int, bool]]:
    return {(c.players, plays_in_teams(c)) for c in configurations(game)}


def _covers(path: Path, game_id: str, players: int, teams: bool) -> bool:
    """Whether weights file ``path`` is made for exactly this player count and team play."""
    found = re.fullmatch(rf"{re.escape(game_id)}-(\d+)(?:-(\d+))?p(-teams)?", path.stem)
    if found is None:
        return False
    lo, hi = int(found[1]), int(found[2] or found[1])
    return lo <= players <= hi and bool(found[3]) == teams


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_network_for_every_player_count_or_none_declared(game_id: str) -> None:
    game = GAMES[game_id]
    files = [p for p in WEIGHTS_DIR.glob(f"{game_id}-*p*.npz") if _covers(p, game_id, 2, False)
             or any(_covers(p, game_id, n, t) for n, t in _layouts(game))]
    if not game.trained_networks:
        assert not files, (f"{game_id}: networks are shipped ({', '.join(p.name for p in files)}): set "
                           f"trained_networks = True on its class")
        for players, teams in _layouts(game):
            assert shipped_weights(game_id, players, teams) is None
        return
    for players, teams in sorted(_layouts(game)):
        shipped = shipped_weights(game_id, players, teams)
        assert shipped is not None and _covers(shipped, game_id, players, teams), (
            f"{game_id}: no network for {players} players{' in teams' if teams else ''}: train "
            f"src/hanafuda/agents/weights/{game_id}-{players}p{'-teams' if teams else ''}.npz with "
            f"`hanafuda train {game_id} --players {players}`, or declare trained_networks = False")


# -- 5. words in every language -------------------------------------------------------------------


def _word_checks(game: type[Game]) -> Iterator[tuple[str, Callable[[str], Any]]]:
    yield "title", lambda lang: game_title(game, lang)
    yield "summary", lambda lang: game_summary(game, lang)
    yield "how to play", lambda lang: how_to_play(game, lang)
    for spec in game.option_specs():
        yield f"option {spec.name}", lambda lang, s=spec: option_text(game, s, lang)
        for value in spec.choices:
            yield f"option {spec.name}={value}", \
                lambda lang, s=spec, v=value: choice_text(game, s, v, lang)
    for preset in game.presets:
        yield f"preset {preset.id}", lambda lang, p=preset: preset_text(game, p, lang)
    yaku = {y.id: y.name for c in configurations(game) for y in (*c.yaku, *c.declarable)}
    for yaku_id, english in sorted(yaku.items()):
        yield f"yaku {yaku_id}", lambda lang, i=yaku_id, e=english: yaku_name(game, i, e, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_words_in_every_language(game_id: str, lang: str) -> None:
    checked = 0
    for what, say in _word_checks(GAMES[game_id]):
        try:
            words = say(lang)
        except TranslationMissing as missing:
            pytest.fail(f"{game_id}: {what}: {missing}: add it to src/hanafuda/locales/{lang}.json")
        assert words, f"{game_id}: {what} has no words in {lang}"
        checked += 1
    assert checked >= 4


# -- 6–8. invariants, fingerprint, batch agreement ------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_invariant_configurations(game_id: str) -> None:
    counts = {n for g, n, _ in INVARIANT_CONFIGS if g == game_id}
    assert counts, (f"{game_id}: no invariant configuration: add (game, players, options) to "
                    "tests/engine/invariants.py (_build_configs)")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fingerprint_variants(game_id: str) -> None:
    counts = {n for g, n, _ in variants() if g == game_id}
    assert counts == set(GAMES[game_id].player_counts()), (
        f"{game_id}: benchmarks/fingerprint.py variants() must play every player count")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_batch_agreement_or_declared_absent(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.plays_in_batch() == game.batch_simulator, (
        f"{game_id}: batch_simulator = {game.batch_simulator} but score_batch is "
        f"{'' if game.plays_in_batch() else 'not '}defined in its module: make them agree")
    agreed = {n for g, n in AGREEMENT_CONFIGS if g == game_id}
    if game.batch_simulator:
        assert agreed == set(game.player_counts()), (
            f"{game_id}: tests/batch/test_agreement.py must hold every player count to the engine")
    else:
        assert not agreed


# -- 9. the Gymnasium id --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_gymnasium_id_is_registered(game_id: str) -> None:
    import gymnasium

    import hanafuda.envs  # noqa: F401  (registers every game's env id)

    spec = gymnasium.spec(GAMES[game_id].env_id)
    assert spec.id == GAMES[game_id].env_id


# -- the checks themselves fail on a game that lacks its artifacts ----------------------------------


def test_a_game_without_its_artifacts_is_named_with_the_files_to_create(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from hanafuda.rules.mushi import Mushi

    class Sixth(Mushi):
        id = "sixth"
        title = "Sixth"

    monkeypatch.setitem(GAMES, Sixth.id, Sixth)
    with pytest.raises(AssertionError, match="EXPECTED_GAMES"):
        test_the_registry_holds_the_expected_games()
    with pytest.raises(AssertionError, match=r"create docs/rules/sixth\.md"):
        test_a_rules_page_names_every_option("sixth")
    with pytest.raises(AssertionError, match=r"tests/records/sixth-2p"):
        test_golden_records_with_their_frozen_replays("sixth")
    with pytest.raises(AssertionError, match=r"weights/sixth-2p\.npz"):
        test_a_network_for_every_player_count_or_none_declared("sixth")
    monkeypatch.setattr(Sixth, "trained_networks", False)
    test_a_network_for_every_player_count_or_none_declared("sixth")  # "none", declared
    with pytest.raises(pytest.fail.Exception, match=r"game\.sixth\.title.*locales/ja\.json"):
        test_words_in_every_language("sixth", "ja")
    with pytest.raises(AssertionError, match=r"tests/engine/invariants\.py"):
        test_invariant_configurations("sixth")
    with pytest.raises(AssertionError, match="test_agreement.py"):
        test_batch_agreement_or_declared_absent("sixth")
