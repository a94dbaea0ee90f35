"""The worker pools: a pool whose worker died is replaced, the call that met it is run again, and workers end
with the process that made them, even when it is killed."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot import workers


async def test_a_pool_whose_worker_died_is_replaced_and_the_work_still_done():
    executor = workers.pool("draw")
    await workers.run("draw", os.getpid)
    for pid in list(executor._processes):  # the test kills the pool's workers on purpose
        os.kill(pid, signal.SIGKILL)
    await asyncio.sleep(0.2)  # the pool notices its dead workers and breaks
    assert await workers.run("draw", os.getpid) != os.getpid()
    assert workers.pool("draw") is not executor


OWNER = """
import os, sys
from bot import workers
if __name__ == "__main__":
    workers.start()
    futures = [workers.pool(name).submit(os.getpid) for name in ("draw", "think") for _ in range(8)]
    print(" ".join(str(pid) for pid in {f.result() for f in futures}), flush=True)
    sys.stdin.read()
"""


def test_workers_end_soon_after_their_bot_is_killed(tmp_path):
    script = tmp_path / "owner.py"
    script.write_text(OWNER)
    root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": root}
    owner = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, env=env, cwd=root)
    pids = [int(p) for p in owner.stdout.readline().split()]
    assert pids and owner.pid not in pids
    owner.kill()
    owner.wait()
    deadline = time.monotonic() + 10 * workers.WATCH_SECONDS + 5
    while any(workers._alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(workers._alive(p) for p in pids), "workers outlived the process that made them"
