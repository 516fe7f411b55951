"""Run one store call under a hard deadline, sync or async, and stop waiting when it passes.

A call that misses its deadline is *abandoned*, not killed (Python cannot kill a thread or
force a coroutine to stop): the caller gets :class:`Outcome` ``TIMEOUT`` at the deadline and
the call finishes, or hangs, on its own.

* Sync (:class:`ThreadDeadline`): the call runs on a small pool of daemon worker threads; the
  caller waits on a lock with a timeout. The pool is bounded (``max_workers``): when every
  worker is held by a hung call, new jobs wait in a backlog, their callers time out at
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
import collections
import ctypes
import enum
import inspect
import os
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Generator
from dataclasses import dataclass
from typing import Any, Protocol

from langmem_plus.errors import StoreUnavailableError

__all__ = [
    "AcquirableLock",
    "InlineWatch",
    "Outcome",
    "OutcomeKind",
    "TaskDeadline",
    "ThreadDeadline",
]


class AcquirableLock(Protocol):
    """What :class:`InlineWatch` needs of a guard lock (``threading.Lock``/``RLock``)."""

    def acquire(self, blocking: bool = ..., timeout: float = ...) -> bool: ...

    def release(self) -> None: ...


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
    __slots__ = ("abandoned", "done", "error", "fn", "value", "worker")

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn: Callable[[], Any] | None = fn
        self.done = threading.Lock()
        self.done.acquire()
        self.value: Any = None
        self.error: BaseException | None = None
        self.abandoned = False
        self.worker: _Worker | None = None


class _Worker:
    """One daemon thread with a one-slot mailbox: ``wake`` is released when ``job`` is set."""

    __slots__ = ("cpu", "job", "thread", "wake")

    def __init__(self) -> None:
        self.wake = threading.Lock()
        self.wake.acquire()
        self.job: _Job | object | None = None
        self.cpu: int | None = None  # the CPU this worker is pinned to, if any
        self.thread: threading.Thread | None = None

    @property
    def tid(self) -> int | None:
        """The OS thread id, once started."""
        return self.thread.native_id if self.thread is not None else None


_STOP = object()

COLOCATE_WINDOW = 0.002
"""Seconds a caller and its worker share one CPU; a call still running then is left to the
scheduler (the hand-off saving is tens of microseconds, a pinned wait on a busy CPU could
cost milliseconds)."""


def _caller_cpu_reader() -> Callable[[], int] | None:
    """``sched_getcpu`` from the C library, or ``None`` where there is no such call."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        getcpu = libc.sched_getcpu
    except (OSError, AttributeError):
        return None
    getcpu.restype = ctypes.c_int
    getcpu.argtypes = []
    try:
        return getcpu if getcpu() >= 0 else None
    except OSError:
        return None


def _set_affinity(tid: int, cpus: set[int]) -> bool:
    try:
        os.sched_setaffinity(tid, cpus)
    except (OSError, ValueError):
        return False
    return True


class ThreadDeadline:
    """A bounded pool of daemon threads that runs sync calls under a deadline.

    Each call is handed to an idle worker through that worker's own lock (no shared queue
    on the fast path). By default no thread's CPU affinity is ever touched: a library must
    not change its host's scheduling. With ``colocate=True`` (opt-in, Linux), the caller and
    its worker are kept on one CPU for the length of the call: the worker is moved to the
    caller's current CPU, and the caller is held there until the answer comes, after which
    its own CPU set is restored. A hand-off and answer between two threads on
    one CPU cost ~13 us; across CPUs they cost ~45 us on an idle virtual machine, where
    each wake-up is an interrupt to a halted vCPU (measured on the 2-vCPU CI machine, see
    ``docs/resilience.md``). Only for the first ``COLOCATE_WINDOW`` (2 ms) of a call: one
    still running then gets every CPU back, and so does its caller, so a slow or hung
    call never keeps a waiting caller on a CPU that other work may need.

    Args:
        max_workers: the most threads ever started; they start lazily, one per concurrent
            call, so a quiet store uses one.
        name: thread name prefix.
        colocate: opt-in: run the worker on the caller's CPU while the caller waits
            (Linux; ignored where the platform cannot, and switched off if the first attempt
            is refused). This changes the calling thread's CPU affinity for the length of
            each call; leave it off unless the application owns its threads' placement.
    """

    def __init__(
        self,
        *,
        max_workers: int = 16,
        name: str = "langmem-plus-store",
        colocate: bool = False,
    ) -> None:
        if max_workers < 1:
            raise ValueError(f"max_workers must be >= 1, got {max_workers!r}")
        self.max_workers = max_workers
        self._name = name
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._idle: list[_Worker] = []  # LIFO: the last worker used is the warmest
        self._backlog: collections.deque[_Job] = collections.deque()
        self._busy = 0
        self._closed = False
        self._getcpu = _caller_cpu_reader() if colocate else None
        self._all_cpus: set[int] = os.sched_getaffinity(0) if self._getcpu else set()

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
        timeout = max(timeout, 0.0)
        if self._getcpu is None:
            # the default: one hand-off to an idle worker, one wait on the job's own lock
            self._dispatch(job, None)
            if job.done.acquire(timeout=timeout):
                elapsed = time.perf_counter() - start
                if job.error is not None:
                    return Outcome(OutcomeKind.ERROR, error=job.error, elapsed=elapsed)
                return Outcome(OutcomeKind.OK, job.value, elapsed=elapsed)
            self._let_go(job, abandon=True)
            return Outcome(OutcomeKind.TIMEOUT, elapsed=time.perf_counter() - start)
        cpu, caller_cpus = self._hold_caller_on_its_cpu()
        try:
            self._dispatch(job, cpu)
            finished = job.done.acquire(timeout=min(timeout, COLOCATE_WINDOW))
            if not finished and cpu is not None:
                # a slow (or hung) call gains nothing from sharing a CPU: let the scheduler
                # place both threads again before waiting out the rest of the deadline
                if caller_cpus is not None:
                    _set_affinity(0, caller_cpus)
                    caller_cpus = None
                self._let_go(job, abandon=False)
            if not finished:
                left = timeout - (time.perf_counter() - start)
                finished = left > 0 and job.done.acquire(timeout=left)
        finally:
            if caller_cpus is not None:
                _set_affinity(0, caller_cpus)
        elapsed = time.perf_counter() - start
        if finished:
            if job.error is not None:
                return Outcome(OutcomeKind.ERROR, error=job.error, elapsed=elapsed)
            return Outcome(OutcomeKind.OK, job.value, elapsed=elapsed)
        self._let_go(job, abandon=True)
        return Outcome(OutcomeKind.TIMEOUT, elapsed=elapsed)

    def close(self, *, join_timeout: float = 0.1) -> None:
        """Stop the workers. Idle ones exit at once; one stuck in a hung call exits when the
        call returns (it is a daemon thread, so it never holds the interpreter open)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            idle, self._idle = self._idle, []
            threads = list(self._threads)
        for worker in idle:
            worker.job = _STOP
            worker.wake.release()
        deadline = time.monotonic() + join_timeout
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))

    def _dispatch(self, job: _Job, cpu: int | None) -> None:
        with self._lock:
            if self._idle:
                worker = self._idle.pop()
            elif len(self._threads) < self.max_workers:
                worker = self._start_worker()
            else:
                # every worker is pinned by a call; the first to come back takes this job,
                # unless its caller has given up by then
                self._backlog.append(job)
                return
            job.worker = worker
            self._busy += 1
        self._pin(worker, cpu)
        worker.job = job
        worker.wake.release()

    def _start_worker(self) -> _Worker:
        worker = _Worker()
        t = threading.Thread(
            target=self._work,
            args=(worker,),
            name=f"{self._name}-{len(self._threads)}",
            daemon=True,
        )
        worker.thread = t
        self._threads.append(t)
        t.start()
        return worker

    def _hold_caller_on_its_cpu(self) -> tuple[int | None, set[int] | None]:
        """Keep the calling thread on the CPU it is on while it waits for its worker.

        Returns that CPU (``None``: not co-locating) and the caller's own CPU set to restore
        afterwards (``None``: nothing was changed)."""
        getcpu = self._getcpu
        if getcpu is None:
            return None, None
        cpu = getcpu()
        if cpu < 0:
            return None, None
        try:
            caller_cpus = os.sched_getaffinity(0)
        except OSError:
            caller_cpus = set()
        if caller_cpus == {cpu}:
            return cpu, None  # already pinned there by the application
        if not caller_cpus or not _set_affinity(0, {cpu}):
            self._getcpu = None  # not allowed here (seccomp, cpuset...): stop trying
            return None, None
        return cpu, caller_cpus

    def _pin(self, worker: _Worker, cpu: int | None) -> None:
        tid = worker.tid
        if cpu is None or cpu == worker.cpu or tid is None or not _set_affinity(tid, {cpu}):
            return
        worker.cpu = cpu

    def _let_go(self, job: _Job, *, abandon: bool) -> None:
        """Give the job's worker (if one has taken it) every CPU back; ``abandon``: its
        caller has stopped waiting, so a job still in the backlog is skipped."""
        with self._lock:
            if abandon:
                job.abandoned = True
            worker = job.worker
        tid = worker.tid if worker is not None else None
        if worker is None or worker.cpu is None or tid is None:
            return
        worker.cpu = None
        _set_affinity(tid, self._all_cpus)  # fails only if the thread has ended

    def _work(self, worker: _Worker) -> None:
        lock = self._lock
        worker.wake.acquire()
        job = worker.job
        while True:
            if job is _STOP:
                return
            assert isinstance(job, _Job)
            fn = job.fn
            job.fn = None  # drop references to ops/values early
            if not job.abandoned and fn is not None:
                try:
                    job.value = fn()
                except BaseException as exc:
                    job.error = exc
            finished, job, closed = job, None, False
            # Find the next job (or go idle) *before* answering: the caller wakes on the
            # answer and needs the interpreter lock, which this thread then gives up at
            # once by blocking on its mailbox, instead of after the bookkeeping.
            with lock:
                while self._backlog and not self._closed:
                    queued = self._backlog.popleft()
                    if not queued.abandoned:  # a job whose caller left is never run
                        queued.worker = worker
                        job = queued
                        break
                if job is None:
                    self._busy -= 1
                    closed = self._closed
                    if not closed:
                        worker.job = None
                        self._idle.append(worker)
            finished.done.release()
            del finished  # the answer is the caller's now; an idle worker keeps no result
            if job is None:
                if closed:
                    return
                worker.wake.acquire()
                job = worker.job


_TIMED_OUT = object()


class _Resume:
    """Carries on, in the caller's own task, a coroutine already started by hand.

    It passes what the coroutine yields (the futures it waits on) up to the task, and sends
    or throws back what the task gets, as ``await`` would have. At the deadline
    (:meth:`expire`, a loop timer) the caller's task is cancelled; that cancellation is not
    passed on: the coroutine is handed to :meth:`TaskDeadline._abandon_coroutine`
    (cancelled in the background, never awaited) and the await ends with ``_TIMED_OUT``.
    So no task is created on the healthy path, and a coroutine that swallows cancellation
    still cannot hold the caller. A cancellation of the caller from outside abandons the
    coroutine the same way and is re-raised.
    """

    __slots__ = ("cancelling", "coro", "expired", "first", "owner", "task")

    def __init__(self, owner: TaskDeadline, coro: Coroutine[Any, Any, Any], first: Any) -> None:
        self.owner = owner
        self.coro = coro
        self.first = first
        self.expired = False
        self.task: asyncio.Task[Any] | None = None
        self.cancelling = 0  # cancellations already requested of the task (3.11+)

    def expire(self) -> None:
        if self.task is not None and not self.task.done():
            self.expired = True
            self.task.cancel()

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, value = self.coro, self.first
        self.first = None
        while True:
            try:
                sent = yield value
            except asyncio.CancelledError:
                self.owner._abandon_coroutine(coro)
                if self.expired:
                    uncancel = getattr(self.task, "uncancel", None)  # Python 3.11+
                    # a cancellation from outside that came with ours is not swallowed
                    if uncancel is None or uncancel() <= self.cancelling:
                        return _TIMED_OUT
                raise
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as exc:
                try:
                    value = coro.throw(exc)
                except StopIteration as stop:
                    return stop.value
                except asyncio.CancelledError as inner:
                    raise _cancelled_inside() from inner
            else:
                try:
                    value = coro.send(sent)
                except StopIteration as stop:
                    return stop.value
                except asyncio.CancelledError as inner:
                    raise _cancelled_inside() from inner


def _cancelled_inside() -> StoreUnavailableError:
    """The store's own coroutine was cancelled (not by us): a store failure."""
    return StoreUnavailableError("the store call was cancelled from inside")


async def _drive_rest(coro: Coroutine[Any, Any, Any], first: Any) -> Any:
    """Drive a coroutine already started by hand to its end (in a task of its own)."""
    value = first
    while True:
        try:
            sent = await _Yield(value)
        except BaseException as exc:
            try:
                value = coro.throw(exc)
            except StopIteration as stop:
                return stop.value
        else:
            try:
                value = coro.send(sent)
            except StopIteration as stop:
                return stop.value


class _Yield:
    """Awaitable that yields one value to the running task and returns what comes back."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __await__(self) -> Generator[Any, Any, Any]:
        return (yield self.value)


async def _cancelled(coro: Coroutine[Any, Any, Any]) -> Any:
    """Throw a cancellation into an abandoned coroutine, then let it finish as it will."""
    try:
        first = coro.throw(asyncio.CancelledError())
    except StopIteration as stop:
        return stop.value
    return await _drive_rest(coro, first)


class InlineWatch:
    """Run sync calls in the calling thread while they keep their deadline, and fall back
    to :class:`ThreadDeadline` (a hard deadline) as soon as one does not.

    A call made inline cannot be abandoned: the caller is the thread running it. So this
    trades the hard deadline of the *first* call that hangs for no thread hand-off on the
    healthy path. A watchdog thread (started on first use, idle while no call runs) notices
    an inline call still running past its deadline and switches every later call to the
    worker pool, so other callers keep their hard deadlines; the late call itself, when it
    returns, is reported as a timeout (the breaker counts it once). Inline running resumes
    after ``recover_after`` consecutive calls on the pool met their deadline.

    Args:
        threads: the pool used while not inline.
        recover_after: pool calls in a row that must meet their deadline before calls run
            inline again.
        poll: the watchdog's check interval in seconds while inline calls are running.
        guard: a lock every call of the wrapped work takes (e.g. an embedded engine's).
            A call runs inline only while it can take the lock at once, and holds it for
            the call; while another call holds it (a long write), the call goes to the
            pool, so it waits for the lock under the hard deadline.

    Example:
        >>> watch = InlineWatch(ThreadDeadline(max_workers=1))
        >>> watch.run(lambda: 41 + 1, timeout=1.0).value, watch.inline
        (42, True)
        >>> watch.close()
    """

    def __init__(
        self,
        threads: ThreadDeadline,
        *,
        recover_after: int = 20,
        poll: float = 0.01,
        guard: AcquirableLock | None = None,
    ) -> None:
        self.threads = threads
        self.guard = guard
        self.recover_after = recover_after
        self.poll = poll
        self._inline = True
        self._good = 0
        self._running: dict[int, tuple[float, list[bool]]] = {}
        self._key = 0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._watchdog: threading.Thread | None = None
        self._closed = False

    @property
    def inline(self) -> bool:
        """True while calls run in the calling thread."""
        return self._inline

    def run(self, fn: Callable[[], Any], timeout: float | None) -> Outcome:
        """Run ``fn`` inline while healthy, else on the pool under ``timeout``.

        With a ``guard`` lock, a call runs inline only if the lock can be taken at once
        (held for the call); while someone else holds it the call goes to the pool, so
        waiting for the lock has the hard deadline.
        """
        guard = self.guard
        if timeout is None or not self._inline:
            outcome = self.threads.run(fn, timeout)
            if timeout is not None and not self._inline:
                self._count_pool_call(outcome)
            return outcome
        if guard is None:
            return self._run_inline(fn, timeout)
        if not guard.acquire(blocking=False):
            return self.threads.run(fn, timeout)
        try:
            return self._run_inline(fn, timeout)
        finally:
            guard.release()

    def _run_inline(self, fn: Callable[[], Any], timeout: float) -> Outcome:
        start = time.perf_counter()
        late = [False]
        with self._lock:
            self._key += 1
            key = self._key
            self._running[key] = (start + timeout, late)
        if self._watchdog is None:
            self._start_watchdog()
        elif not self._wake.is_set():
            self._wake.set()
        try:
            value = fn()
        except Exception as exc:
            error: BaseException | None = exc
        else:
            error = None
        finally:
            with self._lock:
                self._running.pop(key, None)
        elapsed = time.perf_counter() - start
        if late[0] or elapsed > timeout:
            self._go_to_pool()
            return Outcome(OutcomeKind.TIMEOUT, elapsed=elapsed)
        if error is not None:
            return Outcome(OutcomeKind.ERROR, error=error, elapsed=elapsed)
        return Outcome(OutcomeKind.OK, value, elapsed=elapsed)

    def close(self) -> None:
        """Stop the watchdog (the pool is closed by its owner)."""
        self._closed = True
        self._wake.set()

    def _go_to_pool(self) -> None:
        with self._lock:
            self._inline = False
            self._good = 0

    def _count_pool_call(self, outcome: Outcome) -> None:
        with self._lock:
            if outcome.kind is OutcomeKind.OK:
                self._good += 1
                if self._good >= self.recover_after and not self._running:
                    self._inline = True
            else:
                self._good = 0

    def _start_watchdog(self) -> None:
        with self._lock:
            if self._watchdog is not None:
                return
            self._watchdog = threading.Thread(
                target=self._watch, name="langmem-plus-inline-watchdog", daemon=True
            )
            self._wake.set()
            self._watchdog.start()

    def _watch(self) -> None:
        while not self._closed:
            self._wake.wait()
            if self._closed:
                return
            time.sleep(self.poll)
            now = time.perf_counter()
            with self._lock:
                running = list(self._running.values())
                if not running:
                    self._wake.clear()  # idle until the next inline call
                    continue
            for deadline, late in running:
                if now > deadline and not late[0]:
                    late[0] = True
                    self._go_to_pool()  # later callers get the pool's hard deadline


class TaskDeadline:
    """Await coroutines under a deadline, abandoning (cancelling) those that miss it.

    Args:
        max_abandoned: abandoned tasks still running after which new calls are refused at
            once with ``SATURATED`` instead of starting another task.
    """

    def __init__(self, *, max_abandoned: int = 16) -> None:
        self.max_abandoned = max_abandoned
        self._abandoned: set[asyncio.Future[Any]] = set()

    @property
    def abandoned(self) -> int:
        """Abandoned calls that have not finished yet."""
        return len(self._abandoned)

    async def run(self, make: Callable[[], Awaitable[Any]], timeout: float | None) -> Outcome:
        """Await ``make()`` for at most ``timeout`` seconds (``None``: no deadline).

        The coroutine runs in the caller's own task: a call that finishes without
        suspending costs no task and no timer; one that suspends gets a loop timer as its
        watchdog and no task either. At the deadline the watchdog ends the caller's wait
        (``TIMEOUT``) and the coroutine is abandoned: cancelled in a background task, never
        awaited, so even a coroutine that swallows cancellation cannot hold the caller.
        """
        start = time.perf_counter()
        if timeout is None:
            try:
                value = await make()
            except Exception as exc:
                return Outcome(OutcomeKind.ERROR, error=exc, elapsed=time.perf_counter() - start)
            return Outcome(OutcomeKind.OK, value, elapsed=time.perf_counter() - start)
        if len(self._abandoned) >= self.max_abandoned:
            return Outcome(OutcomeKind.SATURATED, elapsed=time.perf_counter() - start)
        awaitable = make()
        if not inspect.iscoroutine(awaitable):
            return await self._run_as_task(asyncio.ensure_future(awaitable), timeout, start)
        try:
            first = awaitable.send(None)
        except StopIteration as stop:  # finished in its first step: no task, no timer
            return Outcome(OutcomeKind.OK, stop.value, elapsed=time.perf_counter() - start)
        except asyncio.CancelledError:
            error = StoreUnavailableError("the store call was cancelled from inside")
            return Outcome(OutcomeKind.ERROR, error=error, elapsed=time.perf_counter() - start)
        except Exception as exc:
            return Outcome(OutcomeKind.ERROR, error=exc, elapsed=time.perf_counter() - start)
        # it suspended: carry it on in this task, with a loop timer as the watchdog
        loop = asyncio.get_running_loop()
        rest = _Resume(self, awaitable, first)
        rest.task = asyncio.current_task()
        if rest.task is not None:
            rest.cancelling = getattr(rest.task, "cancelling", lambda: 0)()
        if rest.task is None:  # not inside a task (a bare coroutine driver): use a task
            return await self._run_as_task(
                asyncio.ensure_future(_drive_rest(awaitable, first)), timeout, start
            )
        left = timeout - (time.perf_counter() - start)
        handle = loop.call_later(max(left, 0.0), rest.expire)
        try:
            value = await rest
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            return Outcome(OutcomeKind.ERROR, error=exc, elapsed=time.perf_counter() - start)
        finally:
            handle.cancel()
        elapsed = time.perf_counter() - start
        if value is _TIMED_OUT:
            return Outcome(OutcomeKind.TIMEOUT, elapsed=elapsed)
        return Outcome(OutcomeKind.OK, value, elapsed=elapsed)

    async def _run_as_task(
        self, task: asyncio.Future[Any], timeout: float, start: float
    ) -> Outcome:
        left = timeout - (time.perf_counter() - start)
        try:
            done, _ = await asyncio.wait((task,), timeout=max(left, 0.0))
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

    def _abandon_coroutine(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Cancel a coroutine that missed its deadline in a task of its own, not awaited."""
        self._abandon(asyncio.ensure_future(_cancelled(coro)))

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
        self._abandoned.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Future[Any]) -> None:
        self._abandoned.discard(task)
        if not task.cancelled():
            task.exception()  # mark retrieved: an abandoned call's error is not news
