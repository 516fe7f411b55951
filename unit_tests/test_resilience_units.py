"""The pieces of ResilientStore on their own: breaker, deadlines, outbox, metrics/report."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable

import pytest
from langgraph.store.base import PutOp

from langmem_plus.errors import OutboxFullError, OutboxInUseError, ValueNotSerializableError
from langmem_plus.resilience import (
    BreakerState,
    CircuitBreaker,
    Outbox,
    OutcomeKind,
    TaskDeadline,
    ThreadDeadline,
    current_degradation,
    track_degradation,
)
from langmem_plus.resilience.metrics import _record_degraded

MARGIN = 0.2  # generous upper-bound margin for a loaded 2-core machine


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- breaker ------------------------------------------------------------------------------


def test_breaker_opens_after_consecutive_failures_and_success_resets() -> None:
    b = CircuitBreaker(failure_threshold=3, recovery_time=5, clock=FakeClock())
    for _ in range(2):
        b.record_failure(b.acquire())  # type: ignore[arg-type]
    b.record_success(b.acquire())  # type: ignore[arg-type]
    assert b.consecutive_failures == 0
    for _ in range(2):
        b.record_failure(b.acquire())  # type: ignore[arg-type]
    assert b.state is BreakerState.CLOSED
    b.record_failure(b.acquire())  # type: ignore[arg-type]
    assert b.state is BreakerState.OPEN
    assert b.acquire() is None


def test_breaker_single_half_open_probe_then_close() -> None:
    clock = FakeClock()
    seen: list[tuple[str, str]] = []
    b = CircuitBreaker(
        failure_threshold=1,
        recovery_time=5,
        clock=clock,
        on_transition=lambda o, n: seen.append((o.value, n.value)),
    )
    b.record_failure(b.acquire())  # type: ignore[arg-type]
    clock.now += 4.9
    assert b.acquire() is None and not b.would_allow()
    clock.now += 0.2
    assert b.would_allow()
    probe = b.acquire()
    assert probe is not None and probe.probe
    assert b.state is BreakerState.HALF_OPEN
    assert b.acquire() is None and not b.would_allow()  # only one probe
    b.record_success(probe)
    assert b.state is BreakerState.CLOSED
    assert seen == [("closed", "open"), ("open", "half_open"), ("half_open", "closed")]


def test_breaker_failed_probe_reopens_and_restarts_recovery_clock() -> None:
    clock = FakeClock()
    b = CircuitBreaker(failure_threshold=1, recovery_time=5, clock=clock)
    b.record_failure(b.acquire())  # type: ignore[arg-type]
    clock.now += 5
    probe = b.acquire()
    assert probe is not None
    clock.now += 1
    b.record_failure(probe)
    assert b.state is BreakerState.OPEN
    clock.now += 4.5
    assert b.acquire() is None  # 4.5 s since the reopening, not 5.5 s since the first
    clock.now += 1
    assert b.acquire() is not None


def test_breaker_ignores_late_outcomes_from_an_older_generation() -> None:
    clock = FakeClock()
    b = CircuitBreaker(failure_threshold=2, recovery_time=5, clock=clock)
    early = b.acquire()  # issued while closed, answers late
    b.record_failure(b.acquire())  # type: ignore[arg-type]
    b.record_failure(b.acquire())  # type: ignore[arg-type]
    assert b.state is BreakerState.OPEN
    b.record_success(early)  # type: ignore[arg-type]
    assert b.state is BreakerState.OPEN
    clock.now += 5
    probe = b.acquire()
    b.record_failure(early)  # type: ignore[arg-type]  # does not hit the probe
    assert b.state is BreakerState.HALF_OPEN
    b.release(probe)  # type: ignore[arg-type]  # cancelled probe frees the slot
    assert b.acquire() is not None


def test_breaker_rejects_bad_config() -> None:
    with pytest.raises(ValueError, match="failure_threshold"):
        CircuitBreaker(failure_threshold=0)
    with pytest.raises(ValueError, match="recovery_time"):
        CircuitBreaker(recovery_time=-1)


# -- deadlines ----------------------------------------------------------------------------


def test_thread_deadline_ok_error_timeout() -> None:
    runner = ThreadDeadline(max_workers=2)
    release = threading.Event()
    try:
        assert runner.run(lambda: 7, timeout=1).value == 7
        out = runner.run(lambda: 1 / 0, timeout=1)
        assert out.kind is OutcomeKind.ERROR and isinstance(out.error, ZeroDivisionError)
        t0 = time.perf_counter()
        out = runner.run(release.wait, timeout=0.05)
        assert out.kind is OutcomeKind.TIMEOUT
        assert time.perf_counter() - t0 < 0.05 + MARGIN
        assert runner.run(lambda: 8, timeout=None).value == 8  # inline, no deadline
    finally:
        release.set()
        runner.close()


def test_thread_deadline_pool_is_bounded_and_skips_abandoned_jobs() -> None:
    runner = ThreadDeadline(max_workers=2)
    release = threading.Event()
    started: list[int] = []

    def hang(i: int) -> None:
        started.append(i)
        release.wait()

    try:
        durations = []
        for i in range(6):
            t0 = time.perf_counter()
            out = runner.run(lambda i=i: hang(i), timeout=0.03)  # type: ignore[misc]
            durations.append(time.perf_counter() - t0)
            assert out.kind is OutcomeKind.TIMEOUT
        assert max(durations) < 0.03 + MARGIN
        assert len(runner._threads) == 2  # never more threads than max_workers
        release.set()
        deadline = time.monotonic() + 2
        while runner.busy and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)
        assert sorted(started) == [0, 1]  # the queued jobs whose callers left never ran
    finally:
        release.set()
        runner.close()
    assert not any(t.is_alive() for t in runner._threads)


def test_thread_deadline_answers_every_caller_with_its_own_value() -> None:
    # the worker finds its next job before it answers: callers on several threads, with
    # more callers than workers, must still each get their own answer, and a job queued
    # behind busy workers runs when one comes back
    runner = ThreadDeadline(max_workers=2)
    wrong: list[tuple[int, object]] = []

    def caller(base: int) -> None:
        for i in range(200):
            n = base + i
            out = runner.run(lambda n=n: (time.sleep(0.0002) if n % 7 == 0 else None, n)[1], 5)
            if out.kind is not OutcomeKind.OK or out.value != n:
                wrong.append((n, out.value))

    threads = [threading.Thread(target=caller, args=(k * 1000,)) for k in range(4)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert wrong == []
        assert len(runner._threads) <= 2
    finally:
        runner.close()


def test_thread_deadline_worker_keeps_no_answer_once_idle() -> None:
    import gc
    import weakref

    class Answer:
        pass

    runner = ThreadDeadline(max_workers=1)
    try:
        out = runner.run(Answer, timeout=1)
        ref = weakref.ref(out.value)
        del out
        deadline = time.monotonic() + 2
        while runner.busy and time.monotonic() < deadline:
            time.sleep(0.001)
        gc.collect()
        assert ref() is None  # the idle worker holds neither the job nor its value
    finally:
        runner.close()


CPUS = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
needs_two_cpus = pytest.mark.skipif(
    len(CPUS) < 2, reason="co-location is only observable with two or more usable CPUs (Linux)"
)


def _in_thread(fn: Callable[[], object]) -> object:
    """Run ``fn`` on a fresh thread, so affinity changes cannot leak into the test runner."""
    box: list[object] = []
    t = threading.Thread(target=lambda: box.append(fn()))
    t.start()
    t.join(10)
    return box[0]


@needs_two_cpus
def test_thread_deadline_runs_the_call_on_the_callers_cpu_and_gives_the_caller_its_cpus_back() -> (
    None
):
    runner = ThreadDeadline(max_workers=2, colocate=True)

    def caller() -> tuple[set[int], set[int], set[int]]:
        before = os.sched_getaffinity(0)
        seen = runner.run(lambda: os.sched_getaffinity(0), timeout=1).value
        return before, seen, os.sched_getaffinity(0)

    try:
        before, worker_cpus, after = _in_thread(caller)  # type: ignore[misc]
        assert len(worker_cpus) == 1 and worker_cpus <= before  # one CPU, one of the caller's
        assert after == before  # the caller is not left pinned
    finally:
        runner.close()


@needs_two_cpus
def test_thread_deadline_keeps_an_application_pinned_caller_pinned() -> None:
    runner = ThreadDeadline(max_workers=2)
    pinned = {CPUS[-1]}

    def caller() -> tuple[set[int], set[int]]:
        os.sched_setaffinity(0, pinned)
        seen = runner.run(lambda: os.sched_getaffinity(0), timeout=1).value
        return seen, os.sched_getaffinity(0)

    try:
        assert _in_thread(caller) == (pinned, pinned)
    finally:
        runner.close()


@needs_two_cpus
def test_thread_deadline_frees_an_abandoned_worker_and_the_caller_from_the_cpu() -> None:
    runner = ThreadDeadline(max_workers=2)
    release = threading.Event()
    worker_tid: list[int] = []

    def hang() -> None:
        worker_tid.append(threading.get_native_id())
        release.wait()

    def caller() -> tuple[set[int], OutcomeKind, set[int]]:
        before = os.sched_getaffinity(0)
        kind = runner.run(hang, timeout=0.05).kind
        return before, kind, os.sched_getaffinity(0)

    try:
        before, kind, after = _in_thread(caller)  # type: ignore[misc]
        assert kind is OutcomeKind.TIMEOUT
        assert after == before
        # the hung call may spin: it must not stay tied to the CPU its caller was on
        assert os.sched_getaffinity(worker_tid[0]) == set(CPUS)
    finally:
        release.set()
        runner.close()


@needs_two_cpus
def test_thread_deadline_colocates_only_the_first_moments_of_a_slow_call() -> None:
    runner = ThreadDeadline(max_workers=2, colocate=True)

    def caller() -> tuple[set[int], set[int], set[int]]:
        me = threading.get_native_id()

        def slow() -> tuple[set[int], set[int], set[int]]:
            early = os.sched_getaffinity(0)
            time.sleep(0.05)  # well past the co-location window
            return early, os.sched_getaffinity(0), os.sched_getaffinity(me)

        return runner.run(slow, timeout=1).value  # type: ignore[no-any-return]

    try:
        early, worker_late, caller_late = _in_thread(caller)  # type: ignore[misc]
        assert len(early) == 1  # the call started on its caller's CPU
        # a call still running later is left to the scheduler, and so is its waiting caller
        assert worker_late == set(CPUS) and caller_late == set(CPUS)
    finally:
        runner.close()


@needs_two_cpus
def test_by_default_no_thread_affinity_is_changed() -> None:
    """A library must not change its host's scheduling (issue 14): neither the caller nor
    the worker is pinned by a default ThreadDeadline or ResilientStore."""
    from langgraph.store.memory import InMemoryStore

    from langmem_plus.resilience import ResilientStore

    def caller() -> tuple[set[int], set[int], set[int]]:
        me = threading.get_native_id()
        with ResilientStore(InMemoryStore()) as store:
            seen: list[tuple[set[int], set[int]]] = []
            runner = ThreadDeadline()
            try:
                for _ in range(5):
                    runner.run(
                        lambda: seen.append((os.sched_getaffinity(0), os.sched_getaffinity(me))),
                        timeout=1,
                    )
                store.get(("memories", "u1"), "k")
            finally:
                runner.close()
        return seen[-1][0], seen[-1][1], os.sched_getaffinity(0)

    worker, caller_during, caller_after = _in_thread(caller)  # type: ignore[misc]
    assert worker == set(CPUS) and caller_during == set(CPUS) and caller_after == set(CPUS)


@needs_two_cpus
def test_thread_deadline_without_colocation_leaves_affinity_alone() -> None:
    runner = ThreadDeadline(max_workers=1, colocate=False)
    try:
        assert runner.run(lambda: os.sched_getaffinity(0), timeout=1).value == set(CPUS)
    finally:
        runner.close()


async def test_task_deadline_abandons_a_coroutine_that_swallows_cancellation() -> None:
    runner = TaskDeadline(max_abandoned=2)
    release = asyncio.Event()

    async def stubborn() -> None:
        while not release.is_set():
            try:
                await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                continue

    async def ok() -> int:
        return 3

    try:
        assert (await runner.run(ok, timeout=1)).value == 3
        for _ in range(2):
            t0 = time.perf_counter()
            out = await runner.run(stubborn, timeout=0.03)
            assert out.kind is OutcomeKind.TIMEOUT
            assert time.perf_counter() - t0 < 0.03 + MARGIN
        assert runner.abandoned == 2
        out = await runner.run(stubborn, timeout=0.03)
        assert out.kind is OutcomeKind.SATURATED  # no third task is started
    finally:
        release.set()
        await asyncio.sleep(0.05)
    assert runner.abandoned == 0


async def test_task_deadline_runs_a_healthy_call_in_the_callers_own_task() -> None:
    runner = TaskDeadline()
    caller = asyncio.current_task()
    seen: list[object] = []

    async def instant() -> str:
        seen.append(asyncio.current_task())
        return "now"

    async def suspends() -> str:
        seen.append(asyncio.current_task())
        await asyncio.sleep(0.001)
        seen.append(asyncio.current_task())
        return "later"

    assert (await runner.run(instant, timeout=1)).value == "now"
    assert (await runner.run(suspends, timeout=1)).value == "later"
    assert seen == [caller, caller, caller]  # no task of its own on the healthy path


async def test_task_deadline_timeout_leaves_the_caller_free_and_uncancelled() -> None:
    runner = TaskDeadline()
    gate = asyncio.Event()
    cancelled: list[bool] = []

    async def hangs() -> None:
        try:
            await gate.wait()
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    out = await runner.run(hangs, timeout=0.02)
    assert out.kind is OutcomeKind.TIMEOUT
    await asyncio.sleep(0.01)  # the caller is not left with a pending cancellation
    assert cancelled == [True]  # the abandoned call was cancelled in the background
    assert runner.abandoned == 0
    current = asyncio.current_task()
    assert current is not None
    assert getattr(current, "cancelling", lambda: 0)() == 0  # Python 3.11+


async def test_task_deadline_passes_errors_and_an_inside_cancellation_as_errors() -> None:
    runner = TaskDeadline()

    async def fails_later() -> None:
        await asyncio.sleep(0)
        raise ConnectionError("down")

    async def cancelled_inside() -> None:
        await asyncio.sleep(0)
        raise asyncio.CancelledError

    out = await runner.run(fails_later, timeout=1)
    assert out.kind is OutcomeKind.ERROR and isinstance(out.error, ConnectionError)
    out = await runner.run(cancelled_inside, timeout=1)
    assert out.kind is OutcomeKind.ERROR and type(out.error).__name__ == "StoreUnavailableError"


async def test_task_deadline_caller_cancelled_from_outside_is_cancelled() -> None:
    runner = TaskDeadline()
    gate = asyncio.Event()

    async def hangs() -> None:
        await gate.wait()

    task = asyncio.ensure_future(runner.run(hangs, timeout=5))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(0)
    assert runner.abandoned == 0


def test_inline_watch_runs_healthy_calls_in_the_caller_and_falls_back_after_a_hang() -> None:
    from langmem_plus.resilience import InlineWatch

    pool = ThreadDeadline(max_workers=2)
    watch = InlineWatch(pool, recover_after=3, poll=0.005)
    release = threading.Event()
    try:
        me = threading.get_ident()
        assert watch.run(threading.get_ident, timeout=1).value == me  # no hand-off

        # a call that hangs holds its own caller (the documented price) ...
        stuck: list[object] = []
        t = threading.Thread(target=lambda: stuck.append(watch.run(release.wait, timeout=0.02)))
        t.start()
        deadline = time.monotonic() + 5
        while watch.inline and time.monotonic() < deadline:
            time.sleep(0.005)
        # ... but the watchdog saw it miss its deadline: later calls get a hard deadline
        assert not watch.inline
        t0 = time.perf_counter()
        out = watch.run(lambda: release.wait(5), timeout=0.03)
        assert out.kind is OutcomeKind.TIMEOUT
        assert time.perf_counter() - t0 < 0.03 + MARGIN
        release.set()
        t.join(5)
        assert stuck[0].kind is OutcomeKind.TIMEOUT  # type: ignore[attr-defined]
        # healthy again: after recover_after pool calls in a row, calls run inline again
        for _ in range(3):
            assert watch.run(threading.get_ident, timeout=1).value != me
        assert watch.inline
        assert watch.run(threading.get_ident, timeout=1).value == me
    finally:
        release.set()
        watch.close()
        pool.close()


# -- outbox -------------------------------------------------------------------------------


def _put(key: str, value: object, ns: tuple[str, ...] = ("m", "u1")) -> PutOp:
    return PutOp(ns, key, value)  # type: ignore[arg-type]


def test_outbox_supersedes_keeps_order_and_survives_reopen(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "outbox.sqlite"
    box = Outbox(path, max_size=10)
    box.enqueue([_put("a", {"v": 1}), _put("b", {"v": 1})])
    assert box.enqueue([_put("a", {"v": 2})]) == 1  # superseded, moved to the back
    box.enqueue([_put("c", None)])  # a queued delete
    box.close()
    with Outbox(path, max_size=10) as again:
        pending = again.peek(10)
        assert [(w.key, w.op.value) for w in pending] == [
            ("b", {"v": 1}),
            ("a", {"v": 2}),
            ("c", None),
        ]
        assert again.has_pending(("m", "u1"), "a") and again.depth == 3
        assert pending[2].as_item() is None
        item = pending[1].as_item()
        assert item is not None and item.value == {"v": 2}


def test_outbox_ack_by_seq_keeps_a_write_that_superseded_during_replay() -> None:
    box = Outbox(max_size=10)
    box.enqueue([_put("a", {"v": 1})])
    in_flight = box.peek(10)
    box.enqueue([_put("a", {"v": 2})])  # arrives while v1 is being replayed
    assert box.ack(in_flight) == 0
    assert [w.op.value for w in box.peek(10)] == [{"v": 2}]
    box.ack(box.peek(10))
    assert box.depth == 0
    box.close()


def test_outbox_bound_is_all_or_nothing_and_superseding_still_fits() -> None:
    box = Outbox(max_size=2)
    box.enqueue([_put("a", {"v": 1}), _put("b", {"v": 1})])
    with pytest.raises(OutboxFullError, match="bound is 2"):
        box.enqueue([_put("a", {"v": 2}), _put("c", {"v": 1})])
    assert [w.op.value for w in box.peek(5)] == [{"v": 1}, {"v": 1}]  # nothing queued
    box.enqueue([_put("a", {"v": 3})])  # same item: accepted
    assert box.depth == 2
    box.close()


def test_outbox_refuses_non_json_values_without_echoing_them() -> None:
    box = Outbox()
    with pytest.raises(ValueNotSerializableError) as err:
        box.enqueue([_put("k", {"secret": {1, 2}})])
    assert "secret" not in str(err.value) and "'k'" in str(err.value)
    assert box.depth == 0
    box.close()


def test_outbox_path_is_exclusive_while_open(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "o.sqlite"
    box = Outbox(path)
    with pytest.raises(OutboxInUseError, match="own outbox_path"):
        Outbox(path)
    box.close()
    Outbox(path).close()  # free again


def test_outbox_dead_letter_moves_the_write_aside() -> None:
    box = Outbox()
    box.enqueue([_put("a", {"v": 1}), _put("b", {"v": 1})])
    first = box.peek(1)[0]
    box.dead_letter(first, "InvalidNamespaceError")
    assert box.dead_letter_count == 1
    assert [w.key for w in box.peek(5)] == ["b"]
    box.close()


# -- degradation report -------------------------------------------------------------------


def test_track_degradation_nests_and_is_empty_outside() -> None:
    assert current_degradation() is None
    _record_degraded(1, 0, "open")  # no active span: nothing to record, no error
    with track_degradation() as outer:
        with track_degradation() as inner:
            _record_degraded(2, 1, "timeout")
        assert current_degradation() is outer
    assert inner.degraded and inner.degraded_reads == 2 and inner.queued_writes == 1
    assert outer.degraded_reads == 2 and outer.reasons == {"timeout"}


async def test_track_degradation_is_per_task() -> None:
    async def turn(degrade: bool) -> bool:
        with track_degradation() as report:
            await asyncio.sleep(0.01)
            if degrade:
                _record_degraded(1, 0, "open")
            await asyncio.sleep(0.01)
        return report.degraded

    assert await asyncio.gather(turn(True), turn(False), turn(True)) == [True, False, True]


@needs_two_cpus
@pytest.mark.parametrize("colocate", [True, False])
def test_resilient_store_passes_colocation_to_its_workers(colocate: bool) -> None:
    from langgraph.store.memory import InMemoryStore

    from langmem_plus.resilience import ResilientStore

    seen: list[set[int]] = []

    class AffinityStore(InMemoryStore):
        def batch(self, ops):  # type: ignore[no-untyped-def]
            seen.append(os.sched_getaffinity(0))
            return super().batch(ops)

    with ResilientStore(AffinityStore(), colocate=colocate) as store:
        _in_thread(lambda: store.get(("memories", "u1"), "k"))
    assert len(seen[-1]) == (1 if colocate else len(CPUS))
