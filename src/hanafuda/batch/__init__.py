"""A NumPy batch simulator: B rounds of one game stepped in lockstep (issue 6).

    from hanafuda.batch import BatchSim
    sim = BatchSim("mushi", 2, batch_size=4096)
    sim.reset_random(np.random.default_rng(0))        # or sim.reset(seeds) / sim.reset(deals=…)
    while not sim.done.all():
        sim.step(sim.sample_actions(rng))              # or a policy over sim.legal_mask()
    # compact, per configuration (sim.compact): legal = sim.legal_list()  (B, W), −1 padded;
    #   sim.step_compact(sim.sample_list(rng, legal, scores))   scores (B, W), or
    #   sim.step_compact(sim.sample_compact(rng, logits))        logits (B, k), read at the list
    sim.scores()                                       # (B, sides)

``BatchMatch`` plays whole matches the same way (totals, next dealer, match end).
Both play exactly what the scalar engine plays (tests/batch compares them move by
move), for every game, player count and option (``SUPPORTED``), Hana-Awase teyaku,
Kwa-Dō declarations and Koi-Koi's koi-koi/stop decision (phase ``PHASE_KOIKOI``) included.
The action layout is in ``hanafuda.engine.action_space``; docs/performance.md has the API
and the numbers.
"""

from ..engine.action_space import (
    DECLARE_BASE,
    EXPOSE_INDEX,
    KEEP_INDEX,
    NUM_ACTIONS,
    TAKE_BASE,
    CompactActions,
    compact_actions,
    declare_index,
    from_engine,
    play_index,
    take_index,
    to_engine,
)
from .match import BatchMatch
from .sim import (
    PHASE_KOIKOI,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_TAKE,
    PHASE_TEYAKU,
    SUPPORTED,
    BatchSim,
    check_options,
)

__all__ = [
    "DECLARE_BASE",
    "EXPOSE_INDEX",
    "KEEP_INDEX",
    "NUM_ACTIONS",
    "PHASE_KOIKOI",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PHASE_TAKE",
    "PHASE_TEYAKU",
    "SUPPORTED",
    "TAKE_BASE",
    "BatchMatch",
    "BatchSim",
    "CompactActions",
    "check_options",
    "compact_actions",
    "declare_index",
    "from_engine",
    "play_index",
    "take_index",
    "to_engine",
]
