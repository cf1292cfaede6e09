"""Every per-game fact lives on the game's ``Game`` class (issue 11): theme, how-to text, env id,
teyaku, the bots' yaku weight and the batch simulator's vectorised scoring."""

from __future__ import annotations

import re

import numpy as np
import pytest

from hanafuda.agents.heuristics import Evaluator
from hanafuda.batch import BatchSim
from hanafuda.rules import GAMES, UnknownGameError, configure
from hanafuda.rules.base import HOW_TO_PLAY_TURN, BatchFacts, Game, batch_yaku_points, evaluate_yaku
from hanafuda.rules.mushi import Mushi
from hanafuda.rules.options import OptionError
from hanafuda.themes import THEMES


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_names_its_theme_env_id_and_how_to_play(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.default_theme in THEMES
    assert re.fullmatch(r"hanafuda/[A-Za-z]+-v0", game.env_id)
    paragraphs = game.how_to_play()
    assert paragraphs[0] == game.play_order_text and paragraphs[-1] == game.scoring_text
    assert tuple(paragraphs[1:3]) == HOW_TO_PLAY_TURN
    assert all(p.strip() for p in paragraphs)


def test_env_ids_and_how_to_texts_differ_between_games() -> None:
    assert len({g.env_id for g in GAMES.values()}) == len(GAMES)
    assert len({g.scoring_text for g in GAMES.values()}) == len(GAMES)
    assert {g.default_theme for g in GAMES.values()} == {"hwatu", "hanafuda", "kwa-do", "hawaiifuda"}


def test_only_kwa_do_calls_out_a_bright_capture() -> None:
    """RULES.md §4.3: interfaces call "Kwa-Dō!" whenever a bright is captured in Kwa-Dō."""
    calls = {g.id: g.bright_capture_call for g in GAMES.values() if g.bright_capture_call}
    assert calls == {"kwa-do": "Kwa-Dō!"}


def test_teyaku_values_follow_the_hana_awase_rule() -> None:
    """RULES.md §4.2: 6 chaff → 20, 7 or more → 30; nothing when the option is off."""
    on = configure("hana-awase", 3, {"teyaku": True}).teyaku_values
    assert on[:6] == (0,) * 6 and on[6] == 20 and set(on[7:]) == {30}
    assert set(configure("hana-awase", 3).teyaku_values) == {0}
    assert configure("hana-awase", 3, {"teyaku": True}).max_teyaku == 30
    assert configure("hana-awase", 3).max_teyaku == 0
    for game_id, game in GAMES.items():
        if game_id != "hana-awase":
            config = configure(game_id, game.player_counts()[0])
            assert not config.teyaku and set(config.teyaku_values) == {0}


def test_yaku_weight_is_the_games_and_feeds_the_bots() -> None:
    assert GAMES["min-hwatu"].yaku_weight(4, {}) == 3
    assert GAMES["hana-awase"].yaku_weight(3, {}) == 2
    assert GAMES["kwa-do"].yaku_weight(4, {}) == 1
    assert Evaluator(configure("min-hwatu", 4)).yaku_weight == 3
    assert Evaluator(configure("mushi", 2)).yaku_weight == 1


def test_batch_yaku_points_keeps_the_best_of_a_group() -> None:
    config = configure("hana-awase", 2)
    rng = np.random.default_rng(3)
    caps = rng.integers(0, 2**48, size=(64, 2), dtype=np.uint64) & rng.integers(
        0, 2**48, size=(64, 2), dtype=np.uint64)
    held = {y.id: np.array([[y.held(int(c)) for c in row] for row in caps]) for y in config.yaku}
    got = batch_yaku_points(config.yaku, held, np.zeros((64, 2), np.int64))
    want = [[sum(y.points for y in evaluate_yaku(config.yaku, int(c))) for c in row] for row in caps]
    assert got.tolist() == want


def test_every_game_plays_in_batch_and_a_game_without_score_batch_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Koi-Koi's koikoi/stop decision is in the batch simulator (issue 30): every game plays there.
    assert {g.id for g in GAMES.values() if not g.plays_in_batch()} == set()
    assert BatchSim("koi-koi", 2, 4).compact.size > 0

    class NoBatchMushi(Mushi):
        id = "no-batch-mushi"

    monkeypatch.setattr(NoBatchMushi, "score_batch", Game.__dict__["score_batch"])
    monkeypatch.setitem(GAMES, NoBatchMushi.id, NoBatchMushi)
    assert not NoBatchMushi.plays_in_batch()
    with pytest.raises(OptionError, match="no-batch-mushi"):
        BatchSim("no-batch-mushi", 2, 4)
    facts = BatchFacts(held={}, points=np.zeros((1, 2), np.int64),
                       captures=np.zeros((1, 2), np.uint64), declared=np.zeros((1, 2), np.int64),
                       teyaku=np.zeros((1, 2), np.int64), dealer_side=np.zeros(1, np.int64),
                       side_index=np.arange(2))
    with pytest.raises(NotImplementedError, match="no vectorised scoring"):
        NoBatchMushi.score_batch(configure("mushi", 2), facts)


def test_an_unknown_game_is_refused_by_the_batch_simulator() -> None:
    with pytest.raises(UnknownGameError):
        BatchSim("sixth-game", 2, 4)


def test_presets_and_player_count_options_are_on_the_class_and_inherited(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: no table keyed by game id — a variant game that subclasses one keeps its presets
    and the options that matter only at some player counts (RULES.md §4)."""
    from hanafuda.rules.kwa_do import KwaDo
    from hanafuda.rules.presets import APPLIES, applies, presets

    for game in GAMES.values():
        assert game.presets[0].id == "standard" and presets(game.id) == game.presets
        for preset in game.presets:
            counts = [n for n in game.player_counts() if _accepts(game.id, n, preset.options)]
            assert counts, f"{game.id}: preset {preset.id} fits no player count"

    class SmallKwaDo(KwaDo):
        id = "small-kwa-do"

    monkeypatch.setitem(GAMES, SmallKwaDo.id, SmallKwaDo)
    assert [p.id for p in presets("small-kwa-do")] == ["standard", "sakura", "gaji"]
    assert applies("small-kwa-do", "teams", 4) and not applies("small-kwa-do", "teams", 3)
    assert applies("small-kwa-do", "yaku", 3)  # an option not listed matters at every count
    assert APPLIES["kwa-do"] == KwaDo.option_players
    with pytest.raises(UnknownGameError):
        presets("sixth-game")


def _accepts(game: str, players: int, options: dict[str, object]) -> bool:
    try:
        configure(game, players, dict(options))
    except OptionError:
        return False
    return True
