"""Run one store call under a hard deadline, sync or async, and stop waiting when it passes.

A call that misses its deadline is *abandoned*, not killed (Python cannot kill a thread or
force a coroutine to stop): the caller gets :class:`Outcome` ``TIMEOUT`` at the deadline and
the call finishes, or hangs, on its own.

* Sync (:class:`ThreadDeadline`): the call runs on a small pool of daemon worker threads; the
  caller waits on a lock with a timeout. The pool is bounded (``max_workers``): when every
  worker is pinned by a hung call, new jobs wait in the queue, their callers time out at
  their deadline, and a job whose caller has already given up is skipped rather than sent to
  the store. So hung calls cannot exhaust threads, and the breaker opens on the timeouts.
* Async (:class:`TaskDeadline`): the call runs as its own task; the caller waits with
  ``asyncio.wait`` and, at the deadline, cancels the task *without awaiting it*, so a
  coroutine that swallows cancellation still cannot hold the caller. Abandoned tasks are
  kept (bounded) until they end and are cancelled again on close.

Neither class knows anything about stores; both return an :class:`Outcome`, never raise for
the call's own exception.

Example:
    >>> runner = ThreadDeadline(max_workers=2)
    >>> runner.run(lambda: 41 + 1, timeout=1.0).value
    42
    >>> import time
    >>> runner.run(lambda: time.sleep(5), timeout=0.05).kind.value
    'timeout'
    >>> runner.close()
"""

from __future__ import annotations

import asyncio
import enum
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from langmem_plus.errors import StoreUnavailableError

__all__ = ["Outcome", "OutcomeKind", "TaskDeadline", "ThreadDeadline"]


class OutcomeKind(str, enum.Enum):
    """How a deadline-bounded call ended."""

    OK = "ok"
    ERROR = "error"
    TIMEOUT = "timeout"
    SATURATED = "saturated"  # async only: too many abandoned calls still pending


@dataclass(frozen=True)
class Outcome:
    """The result of one bounded call: a value, an exception, or a missed deadline."""

    kind: OutcomeKind
    value: Any = None
    error: BaseException | None = None
    elapsed: float = 0.0


class _Job:
    __slots__ = ("abandoned", "done", "error", "fn", "value")

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.done = threading.Lock()
        self.done.acquire()
        self.value: Any = None
        self.error: BaseException | None = None
        self.abandoned = False


_STOP = object()


class ThreadDeadline:
    """A bounded pool of daemon threads that runs sync calls under a deadline.

    Args:
        max_workers: the most threads ever started; they start lazily, one per concurrent
            call, so a quiet store uses one.
        name: thread name prefix.
    """

    def __init__(self, *, max_workers: int = 16, name: str = "langmem-plus-store") -> None:
        if max_workers < 1:
            raise ValueError(f"max_workers must be >= 1, got {max_workers!r}")
        self.max_workers = max_workers
        self._name = name
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._pending = 0  # jobs queued, not yet taken by a worker
        self._waiting = 0  # workers blocked waiting for a job
        self._busy = 0
        self._closed = False

    @property
    def busy(self) -> int:
        """Workers currently inside a call (hung calls included)."""
        return self._busy

    def run(self, fn: Callable[[], Any], timeout: float | None) -> Outcome:
        """Run ``fn`` and wait at most ``timeout`` seconds (``None``: inline, no deadline)."""
        start = time.perf_counter()
        if timeout is None:
            try:
                return Outcome(OutcomeKind.OK, fn(), elapsed=time.perf_counter() - start)
            except Exception as exc:
                return Outcome(OutcomeKind.ERROR, error=exc, elapsed=time.perf_counter() - start)
        if self._closed:
            raise RuntimeError("ThreadDeadline is closed")
        job = _Job(fn)
        self._submit(job)
        if job.done.acquire(timeout=max(timeout, 0.0)):
            elapsed = time.perf_counter() - start
            if job.error is not None:
                return Outcome(OutcomeKind.ERROR, error=job.error, elapsed=elapsed)
            return Outcome(OutcomeKind.OK, job.value, elapsed=elapsed)
        job.abandoned = True
        return Outcome(OutcomeKind.TIMEOUT, elapsed=time.perf_counter() - start)

    def close(self, *, join_timeout: float = 0.1) -> None:
        """Stop the workers. Idle ones exit at once; one stuck in a hung call exits when the
        call returns (it is a daemon thread, so it never holds the interpreter open)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            threads = list(self._threads)
        for _ in threads:
            self._queue.put(_STOP)
        deadline = time.monotonic() + join_timeout
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))

    def _submit(self, job: _Job) -> None:
        with self._lock:
            self._pending += 1
            if self._pending > self._waiting and len(self._threads) < self.max_workers:
                t = threading.Thread(
                    target=self._work, name=f"{self._name}-{len(self._threads)}", daemon=True
                )
                self._threads.append(t)
                t.start()
            # else: an idle worker will take it, or every worker is busy and the job waits
            # (and is skipped if its caller gives up first)
        self._queue.put(job)

    def _work(self) -> None:
        q, lock = self._queue, self._lock
        while True:
            with lock:
                self._waiting += 1
            job = q.get()
            with lock:
                self._waiting -= 1
                if job is _STOP:
                    return
                self._pending -= 1
                run = not job.abandoned
                if run:
                    self._busy += 1
            if run:
                try:
                    job.value = job.fn()
                except BaseException as exc:
                    job.error = exc
                with lock:
                    self._busy -= 1
            job.fn = None  # drop references to ops/values early
            job.done.release()


class TaskDeadline:
    """Await coroutines under a deadline, abandoning (cancelling) those that miss it.

    Args:
        max_abandoned: abandoned tasks still running after which new calls are refused at
            once with ``SATURATED`` instead of starting another task.
    """

    def __init__(self, *, max_abandoned: int = 16) -> None:
        self.max_abandoned = max_abandoned
        self._abandoned: set[asyncio.Task[Any]] = set()

    @property
    def abandoned(self) -> int:
        """Abandoned calls that have not finished yet."""
        return len(self._abandoned)

    async def run(self, make: Callable[[], Awaitable[Any]], timeout: float | None) -> Outcome:
        """Await ``make()`` for at most ``timeout`` seconds (``None``: no deadline)."""
        start = time.perf_counter()
        if timeout is None:
            try:
                value = await make()
            except Exception as exc:
                return Outcome(OutcomeKind.ERROR, error=exc, elapsed=time.perf_counter() - start)
            return Outcome(OutcomeKind.OK, value, elapsed=time.perf_counter() - start)
        if len(self._abandoned) >= self.max_abandoned:
            return Outcome(OutcomeKind.SATURATED, elapsed=time.perf_counter() - start)
        task: asyncio.Future[Any] = asyncio.ensure_future(make())
        try:
            done, _ = await asyncio.wait((task,), timeout=max(timeout, 0.0))
        except asyncio.CancelledError:
            task.cancel()
            self._abandon(task)
            raise
        elapsed = time.perf_counter() - start
        if done:
            if task.cancelled():
                # the store's own coroutine was cancelled (not us): a store failure
                error = StoreUnavailableError("the store call was cancelled from inside")
                return Outcome(OutcomeKind.ERROR, error=error, elapsed=elapsed)
            err = task.exception()
            if err is not None:
                return Outcome(OutcomeKind.ERROR, error=err, elapsed=elapsed)
            return Outcome(OutcomeKind.OK, task.result(), elapsed=elapsed)
        task.cancel()
        self._abandon(task)
        return Outcome(OutcomeKind.TIMEOUT, elapsed=elapsed)

    def close(self) -> None:
        """Cancel every abandoned task that is still pending (safe from any thread)."""
        for task in list(self._abandoned):
            loop = task.get_loop()
            if loop.is_closed():
                self._abandoned.discard(task)
                continue
            try:
                running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if running is loop:
                task.cancel()
            else:
                loop.call_soon_threadsafe(task.cancel)

    def _abandon(self, task: asyncio.Future[Any]) -> None:
        self._abandoned.add(task)  # type: ignore[arg-type]
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Future[Any]) -> None:
        self._abandoned.discard(task)  # type: ignore[arg-type]
        if not task.cancelled():
            task.exception()  # mark retrieved: an abandoned call's error is not news
