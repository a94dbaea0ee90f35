"""The worker pools: a pool whose worker died is replaced, and the call that met it is run again."""

from __future__ import annotations

import asyncio
import os
import signal

from bot import workers


async def test_a_pool_whose_worker_died_is_replaced_and_the_work_still_done():
    executor = workers.pool("draw")
    await workers.run("draw", os.getpid)
    for pid in list(executor._processes):  # the test kills the pool's workers on purpose
        os.kill(pid, signal.SIGKILL)
    await asyncio.sleep(0.2)  # the pool notices its dead workers and breaks
    assert await workers.run("draw", os.getpid) != os.getpid()
    assert workers.pool("draw") is not executor
