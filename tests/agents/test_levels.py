"""Bot levels by name (issue 31, "Strength you can feel on the table"): one table in
``agents.levels`` names an agent spec per level; ``make_agent``, the arena, ``hanafuda play --bots``
and the web accept the names in any letter case, and a level is offered only where its bot can
play (no Expert without a trained network)."""

from __future__ import annotations

import json

import pytest

from hanafuda.agents import (
    LEVELS,
    ExpertAgent,
    GreedyAgent,
    PolicyAgent,
    RandomAgent,
    StrongAgent,
    UnknownAgentError,
    available_bots,
    available_levels,
    find_level,
    is_bot_name,
    make_agent,
    unavailable_reason,
)
from hanafuda.agents.arena import run_arena
from hanafuda.rules import GAMES, configure
from hanafuda.tui.session import PlayError, PlaySession
from hanafuda.words.names import bot_name


def test_the_ladder_is_five_levels_from_beginner_to_expert_each_a_make_agent_spec() -> None:
    assert [lv.id for lv in LEVELS] == ["beginner", "casual", "intermediate", "strong", "expert"]
    assert [lv.display_name for lv in LEVELS] == ["Beginner", "Casual", "Intermediate", "Strong",
                                                   "Expert"]
    for level in LEVELS:
        assert level.description.endswith(".")
        make_agent(level.agent)  # a spec the one parser accepts
        assert find_level(level.id) is level


@pytest.mark.parametrize(("name", "cls", "budget"), [
    ("Beginner", RandomAgent, None), ("beginner", RandomAgent, None),
    ("CASUAL", GreedyAgent, None), ("Intermediate", PolicyAgent, None),
    ("intermediate", PolicyAgent, None), ("Strong", StrongAgent, 600), ("EXPERT", ExpertAgent, None),
])
def test_make_agent_takes_a_level_in_any_letter_case(name: str, cls: type, budget: int | None
                                                     ) -> None:
    agent = make_agent(name)
    assert type(agent) is cls
    if budget is not None:
        assert agent.iterations == budget  # type: ignore[attr-defined]
    assert is_bot_name(name)


def test_a_name_that_is_neither_a_bot_nor_a_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(UnknownAgentError, match="levels are: Beginner, Casual, Intermediate"):
        make_agent("grandmaster")
    assert not is_bot_name("grandmaster") and not is_bot_name(None)
    assert find_level("Random") is None  # bots keep their own names: "random" is not a level


def test_levels_are_offered_where_their_bot_can_play() -> None:
    for game in GAMES.values():
        for players in game.player_counts():
            config = configure(game.id, players)
            levels = available_levels(config)
            bots = available_bots(config)
            assert {"beginner", "casual", "strong"} <= set(levels)  # every game, every count
            assert ("intermediate" in levels) == ("policy" in bots)
            assert ("expert" in levels) == ("expert" in bots)
            assert list(levels) == [lv.id for lv in LEVELS if lv.id in levels]  # weakest first
            for lv in LEVELS:
                assert (unavailable_reason(lv.display_name, config) is None) == (lv.id in levels)


def test_a_level_without_its_network_says_which_levels_can_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import hanafuda.agents as agents

    monkeypatch.setattr(agents, "shipped_weights", lambda *args, **kwargs: None)
    config = configure("mushi", 2)
    assert available_levels(config) == ("beginner", "casual", "strong")
    problem = unavailable_reason("Expert", config)
    assert problem is not None and "the Expert level has no trained network for mushi" in problem
    assert problem.endswith("levels that can play it: beginner, casual, strong")
    assert "the Intermediate level has no trained network" in (
        unavailable_reason("intermediate", config) or "")
    # a bot's own name keeps the bot's message
    assert "the expert bot has no trained network" in (unavailable_reason("expert", config) or "")


def test_bots_and_levels_read_as_a_person_reads_them() -> None:
    """One function names a seat's bot everywhere (words.names.bot_name): a level by its name."""
    assert bot_name("intermediate") == "Intermediate bot"
    assert bot_name("Casual", "ja") == "初級ボット"
    assert bot_name("greedy") == "Casual bot"
    assert bot_name("strong") == "Strong bot"  # the bot's own name wins over the level's


def test_the_arena_plays_levels_by_name() -> None:
    result = run_arena("mushi", 2, ["Casual", "beginner"], deals=3, seed=5)
    by_name = {r.name: r for r in result.results}
    assert set(by_name) == {"Casual", "beginner"}
    same = run_arena("mushi", 2, ["greedy", "random"], deals=3, seed=5)
    assert [r.mean_score for r in result.results] == [r.mean_score for r in same.results]


def test_play_takes_a_level_for_the_bots() -> None:
    session = PlaySession.new("mushi", bots="Intermediate", seed=1)
    assert all(isinstance(a, PolicyAgent) for a in session.agents.values())
    session = PlaySession.new("mushi", bots="strong", seed=1)
    assert all(isinstance(a, StrongAgent) for a in session.agents.values())
    with pytest.raises(PlayError, match="levels are: beginner, casual"):
        PlaySession.new("mushi", bots="grandmaster", seed=1)


def test_the_english_catalogue_says_what_the_table_says() -> None:
    from importlib.resources import files

    en = json.loads(files("hanafuda").joinpath("locales/en.json").read_text(encoding="utf-8"))
    for level in LEVELS:
        assert en[f"level.{level.id}"] == level.display_name
        assert en[f"level.{level.id}.help"] == level.description
