"""OpenSpiel adapter: the five games as Python ``pyspiel`` games (issue 7, ``hanafuda[openspiel]``).

Importing this module registers one game per hanafuda game with ``pyspiel``::

    python_hanafuda_min_hwatu    python_hanafuda_hana_awase    python_hanafuda_kwa_do
    python_hanafuda_hawaiifuda   python_hanafuda_mushi

    import pyspiel
    import hanafuda.envs.openspiel  # registers the games
    game = pyspiel.load_game("python_hanafuda_mushi", {"rounds": 1})

Only this module imports ``pyspiel``; the rest of ``hanafuda`` works without OpenSpiel.

**Parameters.** ``players`` (the game's player counts, RULES.md §2), ``rounds`` (rounds
played, default 1; the game ends after them, so the match option ``target`` is not used)
and every game option whose values are bool, int or string (RULES.md §4, §8), under its
option name with its default.  Kwa-Dō's ``teams`` is a string: ``""`` for none, else
sides of seats such as ``"0+2/1+3"``.

**Chance: the deal, card by card** (the usual OpenSpiel model of a shuffled deck).  Before
the first round a chance node picks the first dealer, uniformly: in the draw of RULES.md §2
every seat draws from the same shuffled deck, so each is equally likely to draw the
deciding card.  Each round is then dealt by chance nodes that each give out one card,
uniformly from the undealt ones (outcome = card id 0…47): first the field (face up, so
public), then each seat's hand in seat order, then the stock in turn-over order.  This is
a uniform shuffle, as RULES.md §2 deals.  A field that is a misdeal under the options
(four of a month with ``four_on_field=redeal``, Mushi's own misdeals) is dealt again, as
§2 redeals it; the redealt field is public and stays in the history.

**Actions** are the fixed space of ``hanafuda.envs.encoding`` (``NUM_ACTIONS`` = 2,788);
``action_to_string`` gives the RULES.md §7 move string.

**Returns** at the end are each seat's side total of the rounds played — the round score
of RULES.md §4 for the seat's side (the team's score in team games), 0 before the end.
``min_utility``/``max_utility`` are safe bounds derived from the score formulas
(``score_bounds``).

**Observations.**  Both tensors are ``encode_view`` of the seat's ``PlayerView`` (the
information-state tensor therefore summarises the position; it does not spell out the
history).  While a deal is in progress the tensor holds only the cards dealt so far to
the seat (``hand`` block) and to the field (``field`` block).  The observation string is
the seat's current view; the information-state string is the seat's view plus everything
it has seen: the dealers and redeals, its own dealt hands, every decision in order (the
seat's own as move strings, the others' as the public events they caused — a Hana-Awase
``keep`` of another seat is shown only as the fact that the seat decided) — and is equal
exactly for the histories that seat cannot tell apart (up to the order in which its own
hand cards were dealt, which, as in OpenSpiel's card games, is not part of it).

``resample_from_infostate`` uses ``hanafuda.agents.determinize`` (the bots' sampler) and
draws the other hands and the stock again from the cards the player cannot see.

**Search.**  OpenSpiel's Python ISMCTS and MCTS run on these games (its C++ search bots do
not run Python games).  The Python ISMCTS passes a freshly, randomly seeded sampler to every
resample; for reproducible searches give it a seeded one::

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=100.0, max_simulations=64,
                           random_state=np.random.RandomState(1))
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    action = bot.step(state)        # at a state where a seat is to move

Scores are points, so ``uct_c`` is on their scale (tens to a hundred, not √2).
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found, unused-ignore]

from ...rules import GAMES
from ...words.notation import round_notation, view_notation
from .._shared import score_bounds
from .game import HanafudaSpielGame, game_type
from .params import GAME_NAMES, HanafudaSpielError, game_parameters, short_name
from .state import HanafudaSpielState

__all__ = [
    "GAME_CLASSES",
    "GAME_NAMES",
    "HanafudaSpielError",
    "HanafudaSpielGame",
    "HanafudaSpielState",
    "game_parameters",
    "round_notation",
    "score_bounds",
    "short_name",
    "view_notation",
]


GAME_CLASSES: dict[str, type[HanafudaSpielGame]] = {}
"""``pyspiel`` short name → the game's ``HanafudaSpielGame`` subclass."""


def _register() -> None:
    # Classes, not closures, are registered: pyspiel's registry outlives the interpreter and
    # a creator freed at exit aborts the process (classes stay alive through their cycles).
    registered = set(pyspiel.registered_names())
    for game in GAMES.values():
        name = short_name(game.id)
        cls = type(f"{game.__name__}SpielGame", (HanafudaSpielGame,), {"hanafuda_game": game})
        GAME_CLASSES[name] = cls
        globals()[cls.__name__] = cls  # found by name, so states pickle (pyspiel serialization)
        if name in registered:
            continue
        defaults = {spec.name: spec.default for spec in game.option_specs()}
        utility = (pyspiel.GameType.Utility.ZERO_SUM if game.zero_sum(defaults)
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        pyspiel.register_game(game_type(game, utility), cls)


_register()
