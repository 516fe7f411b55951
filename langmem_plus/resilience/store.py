"""``ResilientStore``: any LangGraph ``BaseStore`` behind a deadline, a breaker and an outbox.

The logic lives once in :class:`~langmem_plus.resilience.core.ResilienceCore`; this module
only drives it: ``batch`` runs each store call on a bounded daemon thread pool under a
deadline, ``abatch`` runs it as a task under the same deadline. Queued writes are replayed
by a background daemon thread (sync use) or task (async use) once the store answers again,
or on demand with :meth:`ResilientStore.flush` / :meth:`ResilientStore.aflush`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import Any

from langgraph.store.base import BaseStore, Op, Result
from langgraph.store.memory import InMemoryStore

from langmem_plus.resilience.breaker import BreakerState, CircuitBreaker
from langmem_plus.resilience.core import (
    DEFAULT_PASSTHROUGH_EXCEPTIONS,
    BatchFlow,
    DrainFlow,
    ResilienceCore,
)
from langmem_plus.resilience.deadline import InlineWatch, TaskDeadline, ThreadDeadline
from langmem_plus.resilience.metrics import EventHook, MetricsSnapshot, ResilienceMetrics
from langmem_plus.resilience.outbox import Outbox

__all__ = ["ResilientStore"]

logger = logging.getLogger("langmem_plus.resilience")


class ResilientStore(BaseStore):
    """A ``BaseStore`` that never makes memory a hard dependency of the request path.

    Every call to the wrapped store gets a deadline and goes through a circuit breaker.
    While the store is slow, failing or the breaker is open, reads degrade at once to
    "no memory" (``get`` -> ``None``, ``search``/``list_namespaces`` -> ``[]``) and writes
    go to a durable, bounded outbox that is replayed in order, latest write per item, when
    the store answers again. A ``get`` of an item with a queued write returns that write
    (read-your-writes); ``search`` hides items with a queued delete and shows the queued
    value of the others it returns.

    Args:
        store: the store to protect (any ``BaseStore``: ``InMemoryStore``, ``PostgresStore``,
            ``QdrantStore``, ...). It is not closed by :meth:`close`.
        read_timeout: deadline in seconds for a store call made of reads; ``None`` runs the
            call inline with no deadline (the breaker still counts its errors).
        write_timeout: deadline in seconds for a store call made of writes.
        failure_threshold: consecutive failed or timed-out calls that open the breaker.
        recovery_time: seconds the breaker stays open before one probe call is let through.
        failure_exceptions: exceptions from the store that count as failures and degrade
            (default: any ``Exception``); others reach the caller unchanged. A missed
            deadline always counts.
        passthrough_exceptions: exceptions that always reach the caller unchanged and do not
            count (default: the caller-error types, e.g. ``InvalidNamespaceError``).
        outbox_path: SQLite file for queued writes; ``None`` keeps them in memory only (they
            survive a store outage but not a process restart). One live store per path.
        outbox_max: the most items waiting in the outbox; a write of a new item beyond it
            raises :class:`~langmem_plus.errors.OutboxFullError` (logged and emitted too).
        on_event: called with a :class:`~langmem_plus.resilience.ResilienceEvent` for every
            timeout, error, degraded call, breaker transition, queued/replayed write batch
            and full outbox; for export (e.g. OpenTelemetry). Must be quick; errors ignored.
        max_workers: most worker threads for sync calls (also the most abandoned async
            calls kept pending before new ones are refused).
        colocate: opt-in (default ``False``: CPU affinity is never touched). On Linux, run
            a sync call's worker thread on the caller's CPU while the caller waits for it
            (see :class:`~langmem_plus.resilience.ThreadDeadline`); this changes the calling
            thread's affinity during each call, so only for applications that own their
            threads' placement.
        sync_inline: how sync calls wait for their deadline. ``None`` (default): in the
            calling thread when the wrapped store's calls cannot wait on anything that
            hangs: a store that says so with an ``inline_lock`` attribute
            (``QdrantStore(path=...)`` without an embedding model, whose calls are
            in-process work under one engine lock), or LangGraph's own ``InMemoryStore``
            without an index (dict work; not a subclass, which may do anything); on a
            worker thread otherwise (a server, an embedding service, any other store).
            ``True``: in the calling thread for any store; ``False``: always on a worker
            thread. In the calling thread there is no thread hand-off (the async
            path's cost, a few microseconds); a call waits there only while it can take
            the store's ``inline_lock`` at once, so a call behind a long write still has
            the hard deadline, and once a call runs past its deadline every later one
            goes to the worker pool until 20 in a row meet theirs (see
            :class:`~langmem_plus.resilience.InlineWatch`).
        replay_batch_size: queued writes sent per replay call (halved after a replay
            timeout).
        replay_timeout: deadline for one replay call (it is off the request path).
        clock: monotonic clock for the breaker's recovery time; inject one in tests.

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> with ResilientStore(InMemoryStore(), read_timeout=0.3) as store:
        ...     store.put(("memories", "u1"), "city", {"text": "lives in Berlin"})
        ...     store.get(("memories", "u1"), "city").value
        ...     store.metrics().degraded_rate
        {'text': 'lives in Berlin'}
        0.0
    """

    def __init__(
        self,
        store: BaseStore,
        *,
        read_timeout: float | None = 0.3,
        write_timeout: float | None = 1.0,
        failure_threshold: int = 5,
        recovery_time: float = 30.0,
        failure_exceptions: tuple[type[BaseException], ...] = (Exception,),
        passthrough_exceptions: tuple[type[BaseException], ...] = DEFAULT_PASSTHROUGH_EXCEPTIONS,
        outbox_path: str | os.PathLike[str] | None = None,
        outbox_max: int = 10_000,
        on_event: EventHook | None = None,
        max_workers: int = 16,
        colocate: bool = False,
        sync_inline: bool | None = None,
        replay_batch_size: int = 256,
        replay_timeout: float | None = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not isinstance(store, BaseStore):
            raise TypeError(
                f"ResilientStore wraps a langgraph BaseStore, got {type(store).__name__}; "
                "pass e.g. InMemoryStore(), PostgresStore(...) or QdrantStore(...)"
            )
        for name, value in (
            ("read_timeout", read_timeout),
            ("write_timeout", write_timeout),
            ("replay_timeout", replay_timeout),
        ):
            if value is not None and value <= 0:
                raise ValueError(f"{name} must be > 0 seconds or None, got {value!r}")
        if replay_batch_size < 1:
            raise ValueError(f"replay_batch_size must be >= 1, got {replay_batch_size!r}")
        self._inner = store
        self.supports_ttl = store.supports_ttl
        self.ttl_config = store.ttl_config
        # what callers read off a store to decide how to rank (FactMemory reads these)
        self.index_config = getattr(store, "index_config", None)
        self.embeddings = getattr(store, "embeddings", None)
        self.hybrid = bool(getattr(store, "hybrid", False))
        self._metrics = ResilienceMetrics()
        outbox = Outbox(":memory:" if outbox_path is None else outbox_path, max_size=outbox_max)
        if outbox_path is None:
            logger.info("ResilientStore outbox is in memory: queued writes die with the process")
        self._core = ResilienceCore(
            breaker=CircuitBreaker(
                failure_threshold=failure_threshold, recovery_time=recovery_time, clock=clock
            ),
            outbox=outbox,
            metrics=self._metrics,
            read_timeout=read_timeout,
            write_timeout=write_timeout,
            replay_timeout=replay_timeout,
            replay_batch_size=replay_batch_size,
            failure_exceptions=tuple(failure_exceptions),
            passthrough_exceptions=tuple(passthrough_exceptions),
            on_event=on_event,
        )
        self._core.breaker._on_transition = self._core.on_transition
        self._threads = ThreadDeadline(max_workers=max_workers, colocate=colocate)
        guard = getattr(store, "inline_lock", None)
        if sync_inline is None:
            inline = guard is not None or _cannot_hang(store)
        else:
            inline = sync_inline
        self._sync: ThreadDeadline | InlineWatch = (
            InlineWatch(self._threads, guard=guard) if inline else self._threads
        )
        self._tasks = TaskDeadline(max_abandoned=max_workers)
        self._drain_mutex = threading.Lock()
        self._drain_wake = threading.Event()
        self._drain_thread: threading.Thread | None = None
        self._drain_tasks: set[asyncio.Task[Any]] = set()
        self._life_lock = threading.Lock()
        self._closed = False
        # a wrapper nobody closed (the memory layer's own) still lets its idle worker
        # threads and its outbox go when it is garbage-collected
        weakref.finalize(self, _release, self._threads, self._core.outbox)

    # -- BaseStore -------------------------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run ops against the wrapped store under the deadline; degrade or queue on failure.

        Results keep the order of ``ops``. Raises only for caller errors (see
        ``passthrough_exceptions``) and :class:`~langmem_plus.errors.OutboxFullError`.
        """
        self._check_open()
        results = self._drive(self._core.batch_flow(list(ops)))
        if self._core.should_drain() and not self._drain_mutex.locked():
            self._wake_drain_thread()
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """Async :meth:`batch`: same logic, the store call runs as a task under the deadline."""
        self._check_open()
        results = await self._adrive(self._core.batch_flow(list(ops)))
        if self._core.should_drain() and not self._drain_mutex.locked():
            self._spawn_drain_task()
        return results

    # -- public extras ---------------------------------------------------------------------

    @property
    def store(self) -> BaseStore:
        """The wrapped store."""
        return self._inner

    @property
    def closed(self) -> bool:
        """True after :meth:`close`."""
        return self._closed

    @property
    def breaker(self) -> CircuitBreaker:
        """The circuit breaker (read its ``state``; ``reset()`` forces it closed)."""
        return self._core.breaker

    @property
    def outbox(self) -> Outbox:
        """The outbox of queued writes (``depth``, ``dead_letter_count``)."""
        return self._core.outbox

    @property
    def state(self) -> BreakerState:
        """Breaker state: ``closed`` is healthy; ``open``/``half_open`` is degraded."""
        return self._core.breaker.state

    @property
    def degraded(self) -> bool:
        """True while the breaker is not closed (calls are refused or probing)."""
        return self._core.breaker.state is not BreakerState.CLOSED

    def metrics(self) -> MetricsSnapshot:
        """A snapshot of the counters, breaker state and outbox depth.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> with ResilientStore(InMemoryStore()) as s:
            ...     _ = s.search(("memories",))
            ...     m = s.metrics()
            >>> m.calls, m.degraded_rate, m.breaker_state
            (1, 0.0, 'closed')
        """
        return self._metrics.snapshot(
            breaker_state=self._core.breaker.state.value, outbox_depth=self._core.outbox.depth
        )

    def flush(self, max_writes: int | None = None) -> int:
        """Replay queued writes now, in the calling thread; returns how many were replayed.

        Stops early (without raising) if the breaker refuses or the store fails again.
        """
        self._check_open()
        with self._drain_mutex:
            return self._drive(self._core.drain_flow(max_writes))

    async def aflush(self, max_writes: int | None = None) -> int:
        """Async :meth:`flush` (waits for a running background replay to finish first)."""
        self._check_open()
        while not self._drain_mutex.acquire(blocking=False):
            await asyncio.sleep(0.005)
        try:
            return await self._adrive(self._core.drain_flow(max_writes))
        finally:
            self._drain_mutex.release()

    def close(self) -> None:
        """Stop the replay thread, the worker threads and replay tasks; close the outbox.

        Queued writes stay in the outbox file for the next ``ResilientStore`` on the same
        path. Never waits on the store: a hung call is abandoned. Idempotent.
        """
        with self._life_lock:
            if self._closed:
                return
            self._closed = True
        self._drain_wake.set()
        for task in list(self._drain_tasks):
            loop = task.get_loop()
            if not loop.is_closed():
                loop.call_soon_threadsafe(task.cancel)
        self._tasks.close()
        if self._drain_thread is not None:
            self._drain_thread.join(timeout=0.2)
        # wait briefly for an in-flight replay to finish before closing its outbox
        got = self._drain_mutex.acquire(timeout=0.2)
        try:
            if isinstance(self._sync, InlineWatch):
                self._sync.close()
            self._threads.close()
            self._core.outbox.close()
        finally:
            if got:
                self._drain_mutex.release()

    async def aclose(self) -> None:
        """Async :meth:`close`: also cancels and awaits this store's replay tasks."""
        tasks = list(self._drain_tasks)
        self.close()
        if tasks:
            await asyncio.wait(tasks, timeout=0.2)

    def __enter__(self) -> ResilientStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> ResilientStore:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    @property
    def sync_inline(self) -> bool:
        """Whether sync calls run in the calling thread while they keep their deadline."""
        return isinstance(self._sync, InlineWatch)

    def __repr__(self) -> str:
        return (
            f"ResilientStore({type(self._inner).__name__}, state={self.state.value}, "
            f"outbox_depth={self._core.outbox.depth})"
        )

    # -- drivers: the only places that touch the wrapped store -----------------------------

    def _drive(self, flow: BatchFlow | DrainFlow) -> Any:
        inner = self._inner
        try:
            call = next(flow)
            while True:
                outcome = self._sync.run(functools.partial(inner.batch, call.ops), call.timeout)
                call = flow.send(outcome)
        except StopIteration as stop:
            return stop.value
        finally:
            flow.close()

    async def _adrive(self, flow: BatchFlow | DrainFlow) -> Any:
        inner = self._inner
        try:
            call = next(flow)
            while True:
                outcome = await self._tasks.run(
                    functools.partial(inner.abatch, call.ops), call.timeout
                )
                call = flow.send(outcome)
        except StopIteration as stop:
            return stop.value
        finally:
            flow.close()

    # -- background replay -----------------------------------------------------------------

    def _wake_drain_thread(self) -> None:
        with self._life_lock:
            if self._closed:
                return
            if self._drain_thread is None:
                self._drain_thread = threading.Thread(
                    target=self._drain_loop, name="langmem-plus-outbox-replay", daemon=True
                )
                self._drain_thread.start()
        self._drain_wake.set()

    def _drain_loop(self) -> None:
        # wakes on demand, and every recovery_time so an idle process still catches up
        period = max(self._core.breaker.recovery_time, 0.05)
        while True:
            self._drain_wake.wait(timeout=period)
            self._drain_wake.clear()
            if self._closed:
                return
            if not self._core.should_drain():
                continue
            try:
                with self._drain_mutex:
                    if self._closed:
                        return
                    self._drive(self._core.drain_flow())
            except Exception as exc:  # never let the replay thread die silently
                if self._closed:
                    return
                logger.error("memory store outbox replay failed: %s", type(exc).__name__)

    def _spawn_drain_task(self) -> None:
        if self._closed:
            return
        task = asyncio.get_running_loop().create_task(self._drain_task())
        self._drain_tasks.add(task)
        task.add_done_callback(self._drain_tasks.discard)

    async def _drain_task(self) -> None:
        if not self._drain_mutex.acquire(blocking=False):
            return  # another replay is running; it drains to empty
        try:
            if not self._closed:
                await self._adrive(self._core.drain_flow())
        except Exception as exc:
            if not self._closed:
                logger.error("memory store outbox replay failed: %s", type(exc).__name__)
        finally:
            self._drain_mutex.release()

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("this ResilientStore is closed; create a new one")


def _cannot_hang(store: BaseStore) -> bool:
    """True for LangGraph's ``InMemoryStore`` itself (not a subclass) without an index:
    its calls are dict work in the calling process, with no I/O or model to wait on, so a
    worker thread would only add its hand-off to every call (#14)."""
    return type(store) is InMemoryStore and store.index_config is None


def _release(threads: ThreadDeadline, outbox: Outbox) -> None:
    """What an unclosed, collected ``ResilientStore`` gives back (idempotent with close)."""
    threads.close(join_timeout=0.0)
    try:
        outbox.close()
    except Exception:  # the interpreter may be shutting down
        logger.debug("outbox close on collection failed", exc_info=True)
