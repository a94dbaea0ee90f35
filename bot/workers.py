"""Process pools for the work that must not hold the event loop: drawing pictures and AI thinking.

Threads share one interpreter lock, so drawing or thinking in threads still starves the event loop
under a burst; worker processes use every core. Each pool is made once per process and its workers
start on first use; `shutdown()` stops them when the bot stops. Workers are forked from a forkserver
that has already imported every engine and renderer, so a new worker is ready in milliseconds, and
they run at a lower CPU priority than the bot (nice +5): under a burst the event loop acknowledges
and persists first, and the pictures and AI moves take the cores that are left. `start()` makes every
worker before traffic arrives: starting one waits for the forkserver, which must not happen in a burst.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal, TypeVar

from engines import registry
from renderers import registry as renderers

Pool = Literal["draw", "think"]
T = TypeVar("T")
NICE = 5  # how much lower than the bot's the workers' CPU priority is (weight 1/3 of the bot's, not 1/10:
# on a machine shared with other programs the workers should still get a fair part of what is left)
WATCH_SECONDS = 1.0  # how often a worker checks that the process that made its pool is still there
_pools: dict[Pool, ProcessPoolExecutor] = {}


def worker_count() -> int:
    """One worker per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker(owner: int) -> None:
    """Each worker's start: yield the CPU to the bot's event loop, and end when the bot's process ends (not on a
    Ctrl-C at the terminal, which the bot's process answers for all of them)."""
    os.nice(NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(owner,), name="owner-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return True  # no /proc here: existing is all we can tell


def _watch(owner: int) -> None:
    """A worker's thread: exit once the bot's process is gone, even by kill -9 (a pool worker waits on its
    queue forever otherwise, and keeps its forkserver alive with it)."""
    while _alive(owner):
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def _preload() -> list[str]:
    """The modules the forkserver imports once for every worker: this host's code, the engines, the renderers."""
    modules = ["bot.host", "bot.thinking", "bot.drawing"]
    for key in registry.keys():
        modules.append(type(registry.get(key)).__module__)
        try:
            modules.append(renderers.get(key).__name__)
        except (KeyError, ImportError):
            continue
    return list(dict.fromkeys(modules))


def pool(name: Pool) -> ProcessPoolExecutor:
    """This process's pool for one kind of work, made on first use."""
    existing = _pools.get(name)
    if existing is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_preload())  # takes effect when the forkserver starts (once per process)
        existing = _pools[name] = ProcessPoolExecutor(worker_count(), mp_context=context,
                                                      initializer=_start_worker, initargs=(os.getpid(),))
    return existing


def start() -> None:
    """Make both pools and start all their workers now (each pool starts a worker per task it cannot place)."""
    for name in ("draw", "think"):
        executor = pool(name)
        for _ in range(worker_count()):
            executor.submit(os.getpid)


async def run(name: Pool, func: Callable[..., T], *args: Any) -> T:
    """`func(*args)` in a worker of the named pool; a pool broken by a dead worker is replaced once."""
    loop = asyncio.get_running_loop()
    current = pool(name)
    try:
        return await loop.run_in_executor(current, func, *args)
    except BrokenProcessPool:
        if _pools.get(name) is current:
            del _pools[name]
            current.shutdown(wait=False, cancel_futures=True)
        return await loop.run_in_executor(pool(name), func, *args)


def shutdown() -> None:
    """Stop every pool's workers (the bot is stopping); a later `run` starts them again."""
    while _pools:
        _pools.popitem()[1].shutdown(wait=True, cancel_futures=True)
