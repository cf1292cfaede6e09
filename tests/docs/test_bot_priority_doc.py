"""docs/performance.md says how the bot workers are scheduled as ``web/bot_pool.py`` does it (a
new player's findings, issue 28): niceness ``BOT_NICENESS`` in the batch class, not the idle class
it used before issue 29."""

from __future__ import annotations

import re
from pathlib import Path

from hanafuda.web import bot_pool

DOC = Path(__file__).resolve().parents[2] / "docs" / "performance.md"


def test_the_performance_doc_names_the_scheduling_class_the_bot_pool_uses() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "SCHED_BATCH" in bot_pool._lower_priority.__doc__  # the code's own account
    now = re.search(r"They now run at niceness \+(\d+) \(`bot_pool\.BOT_NICENESS`\) in Linux's batch "
                    r"scheduling class \(`SCHED_BATCH`\)", text)
    assert now is not None, "performance.md does not say the workers run in the batch class"
    assert int(now.group(1)) == bot_pool.BOT_NICENESS
    # nothing presents the idle class as the current one
    assert not re.search(r"idle (scheduling )?class \(now\)|now join it|since stop 23 also the idle class",
                         text)
