"""Fault injection for ResilientStore: stores that hang, raise, are slow and flap.

Every scenario runs through the sync (``batch``) and the async (``abatch``) face. Timing
assertions are upper bounds with a generous margin (deadline + 200 ms) so a loaded 2-core
machine does not make them flaky; precise latencies live in benchmarks/resilience_bench.py.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchOp,
)
from langgraph.store.memory import InMemoryStore

from langmem_plus.errors import OutboxFullError, OutboxInUseError
from langmem_plus.resilience import (
    BreakerState,
    ResilienceEvent,
    ResilientStore,
    track_degradation,
)

DEADLINE = 0.05
MARGIN = 0.2
NS = ("memories", "u1")
SECRET = "peanut-allergy-secret-text"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FaultyStore(BaseStore):
    """InMemoryStore behind a switch: ok | hang | raise | slow | flap.

    Counts every call that reaches it and records every put it applied, in order.
    """

    def __init__(self) -> None:
        self.inner = InMemoryStore()
        self.mode = "ok"
        self.delay = 0.0
        self.calls = 0
        self.applied: list[tuple[tuple[str, ...], str, Any]] = []
        self.release = threading.Event()  # frees every hung sync call at teardown
        self.error: Exception = ConnectionError("store down")
        self._flip = False
        self._lock = threading.Lock()

    def _enter(self) -> str:
        with self._lock:
            self.calls += 1
            mode = self.mode
            if mode == "flap":
                self._flip = not self._flip
                mode = "raise" if self._flip else "ok"
        return mode

    def _apply(self, ops: list[Op]) -> list[Result]:
        with self._lock:
            for op in ops:
                if isinstance(op, PutOp):
                    self.applied.append((op.namespace, op.key, op.value))
        return self.inner.batch(ops)

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        mode = self._enter()
        if mode == "hang":
            self.release.wait()
            raise ConnectionError("released")
        if mode == "raise":
            raise self.error
        if mode == "slow":
            time.sleep(self.delay)
        return self._apply(ops)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        mode = self._enter()
        if mode == "hang":  # hangs and even swallows cancellation until released
            while not self.release.is_set():
                try:
                    await asyncio.sleep(0.01)
                except asyncio.CancelledError:
                    continue
            raise ConnectionError("released")
        if mode == "raise":
            raise self.error
        if mode == "slow":
            await asyncio.sleep(self.delay)
        return self._apply(ops)


class Face:
    """Calls a store through its sync or its async face, with the same code."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    async def __call__(self, store: BaseStore, method: str, *args: Any, **kw: Any) -> Any:
        if self.mode == "sync":
            return getattr(store, method)(*args, **kw)
        return await getattr(store, "a" + method)(*args, **kw)

    async def timed(
        self, store: BaseStore, method: str, *args: Any, **kw: Any
    ) -> tuple[Any, float]:
        t0 = time.perf_counter()
        out = await self(store, method, *args, **kw)
        return out, time.perf_counter() - t0


@pytest.fixture(params=["sync", "async"])
def face(request: pytest.FixtureRequest) -> Face:
    return Face(request.param)


@pytest.fixture
def faulty() -> Iterable[FaultyStore]:
    store = FaultyStore()
    yield store
    store.release.set()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def rstore(
    faulty: FaultyStore, clock: FakeClock, tmp_path: Path
) -> AsyncIterator[ResilientStore]:
    store = ResilientStore(
        faulty,
        read_timeout=DEADLINE,
        write_timeout=DEADLINE,
        replay_timeout=DEADLINE * 4,
        failure_threshold=3,
        recovery_time=10.0,
        clock=clock,
        outbox_path=tmp_path / "outbox.sqlite",
        max_workers=4,
    )
    yield store
    faulty.release.set()
    await store.aclose()


async def _open_breaker(face: Face, store: ResilientStore, faulty: FaultyStore) -> None:
    faulty.mode = "raise"
    for _ in range(3):
        await face(store, "get", NS, "x")
    assert store.state is BreakerState.OPEN


async def _recover(store: ResilientStore, faulty: FaultyStore, clock: FakeClock) -> None:
    faulty.mode = "ok"
    clock.now += store.breaker.recovery_time


# -- healthy: a transparent BaseStore -----------------------------------------------------


async def test_healthy_store_agrees_with_the_bare_store(base_store: BaseStore, face: Face) -> None:
    bare = InMemoryStore()
    with ResilientStore(base_store) as wrapped:
        for s in (bare, wrapped):
            await face(s, "put", NS, "city", {"text": "Berlin", "n": 1})
            await face(s, "put", NS, "pet", {"text": "cat", "n": 2})
            await face(s, "put", ("memories", "u2"), "city", {"text": "Oslo", "n": 3})
            await face(s, "delete", NS, "pet")
        cases: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
            ("get", (NS, "city"), {}),
            ("get", (NS, "pet"), {}),
            ("search", (("memories",),), {"filter": {"n": {"$gte": 1}}}),
            ("list_namespaces", (), {"prefix": ("memories",)}),
        ]
        for method, args, kw in cases:
            want = await face(bare, method, *args, **kw)
            got = await face(wrapped, method, *args, **kw)
            if method == "get":
                assert (got and got.value) == (want and want.value)
            elif method == "search":
                # BaseStore leaves the order of a query-less search to the store
                # (InMemoryStore: insertion; Postgres and Qdrant: newest first).
                assert sorted((i.key, i.value["n"]) for i in got) == sorted(
                    (i.key, i.value["n"]) for i in want
                )
            else:
                assert got == want
        m = wrapped.metrics()
        assert m.degraded_rate == 0.0 and m.timeouts == m.errors == 0 and m.calls >= 8


# -- hang ---------------------------------------------------------------------------------


async def test_hanging_store_every_call_returns_within_deadline(
    rstore: ResilientStore, faulty: FaultyStore, face: Face
) -> None:
    faulty.mode = "hang"
    calls: list[tuple[str, tuple[Any, ...], Any]] = [
        ("get", (NS, "city"), None),
        ("search", (NS,), []),
        ("list_namespaces", (), []),
        ("put", (NS, "city", {"text": "Berlin"}), None),
        ("get", (NS, "other"), None),
    ]
    with track_degradation() as turn:
        for method, args, degraded in calls:
            out, took = await face.timed(rstore, method, *args)
            assert took < DEADLINE + MARGIN, (method, took)
            assert out == degraded
    assert turn.degraded and turn.queued_writes == 1 and turn.degraded_reads == 4
    assert rstore.state is BreakerState.OPEN
    assert rstore.outbox.depth == 1
    m = rstore.metrics()
    assert m.timeouts == 3 and m.rejected == 2 and m.degraded_rate == 1.0


def test_hanging_store_under_concurrency_cannot_exhaust_threads(
    faulty: FaultyStore, clock: FakeClock
) -> None:
    faulty.mode = "hang"
    store = ResilientStore(
        faulty, read_timeout=DEADLINE, failure_threshold=1000, clock=clock, max_workers=3
    )
    took: list[float] = []

    def turn() -> None:
        t0 = time.perf_counter()
        assert store.search(NS) == []
        took.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=turn) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)
    try:
        assert len(took) == 12 and max(took) < DEADLINE + MARGIN
        assert len(store._threads._threads) <= 3
        assert faulty.calls <= 3  # callers that gave up in the queue never reached the store
    finally:
        faulty.release.set()
        store.close()


# -- raise, open, fail fast ---------------------------------------------------------------


async def test_once_open_calls_fail_fast_without_touching_the_store(
    rstore: ResilientStore, faulty: FaultyStore, face: Face
) -> None:
    events: list[ResilienceEvent] = []
    rstore._core.on_event = events.append
    await _open_breaker(face, rstore, faulty)
    touched = faulty.calls
    for _ in range(20):
        out, took = await face.timed(rstore, "search", NS, query="anything")
        assert out == [] and took < DEADLINE
    await face(rstore, "put", NS, "k", {"text": "v"})
    assert faulty.calls == touched  # the store was not called while open
    assert rstore.metrics().rejected == 21
    kinds = [e.kind for e in events]
    assert kinds.count("error") == 3
    assert ("closed", "open") in [(e.from_state, e.to_state) for e in events]
    assert "write_queued" in kinds and "degraded" in kinds


async def test_caller_errors_pass_through_and_do_not_trip_or_queue(
    rstore: ResilientStore, faulty: FaultyStore, face: Face
) -> None:
    faulty.mode = "raise"
    faulty.error = InvalidNamespaceError("bad label")
    for _ in range(5):
        with pytest.raises(InvalidNamespaceError):
            await face(rstore, "put", NS, "k", {"v": 1})
    assert rstore.state is BreakerState.CLOSED and rstore.outbox.depth == 0


async def test_failure_exceptions_narrow_what_counts(
    faulty: FaultyStore, face: Face, clock: FakeClock
) -> None:
    faulty.mode = "raise"
    faulty.error = KeyError("bug in the store, not an outage")
    async with ResilientStore(
        faulty, failure_exceptions=(ConnectionError, TimeoutError), clock=clock
    ) as store:
        with pytest.raises(KeyError):
            await face(store, "get", NS, "k")
        faulty.error = ConnectionError("down")
        assert await face(store, "get", NS, "k") is None
        assert store.metrics().errors == 1


# -- slow ---------------------------------------------------------------------------------


async def test_slow_store_within_deadline_is_healthy_beyond_it_degrades(
    rstore: ResilientStore, faulty: FaultyStore, face: Face
) -> None:
    await face(rstore, "put", NS, "city", {"text": "Berlin"})
    faulty.mode, faulty.delay = "slow", DEADLINE / 5
    item = await face(rstore, "get", NS, "city")
    assert item is not None and item.value == {"text": "Berlin"}
    faulty.delay = DEADLINE * 4
    out, took = await face.timed(rstore, "get", NS, "city")
    assert out is None and took < DEADLINE + MARGIN
    assert rstore.metrics().timeouts == 1 and rstore.state is BreakerState.CLOSED


# -- recovery: exactly once, in order -----------------------------------------------------


async def test_after_recovery_every_queued_write_lands_once_in_order(
    rstore: ResilientStore, faulty: FaultyStore, face: Face, clock: FakeClock
) -> None:
    await _open_breaker(face, rstore, faulty)
    for i in range(10):
        await face(rstore, "put", NS, f"k{i}", {"n": i})
    await face(rstore, "put", NS, "k3", {"n": 33})  # supersedes the queued k3
    await face(rstore, "delete", NS, "k5")
    assert rstore.outbox.depth == 10
    await _recover(rstore, faulty, clock)
    replayed = await face(rstore, "flush")
    await asyncio.sleep(0)  # let a background replay (if any was started) settle
    expected: list[tuple[tuple[str, ...], str, Any]]
    expected = [(NS, f"k{i}", {"n": i}) for i in (0, 1, 2, 4, 6, 7, 8, 9)]
    expected += [(NS, "k3", {"n": 33}), (NS, "k5", None)]
    assert faulty.applied == expected  # each exactly once, in order
    assert replayed == 10 and rstore.outbox.depth == 0
    assert rstore.state is BreakerState.CLOSED
    assert (await face(rstore, "get", NS, "k3")).value == {"n": 33}
    assert await face(rstore, "get", NS, "k5") is None
    assert rstore.metrics().writes_replayed == 10


async def test_replay_starts_by_itself_once_the_store_answers(
    rstore: ResilientStore, faulty: FaultyStore, face: Face, clock: FakeClock
) -> None:
    await _open_breaker(face, rstore, faulty)
    for i in range(5):
        await face(rstore, "put", NS, f"k{i}", {"n": i})
    await _recover(rstore, faulty, clock)
    await face(rstore, "search", NS)  # the half-open probe succeeds; replay is triggered
    for _ in range(200):
        if rstore.outbox.depth == 0:
            break
        await asyncio.sleep(0.01)
    assert rstore.outbox.depth == 0
    assert [k for _, k, _ in faulty.applied] == [f"k{i}" for i in range(5)]


async def test_flapping_store_loses_no_write_and_duplicates_none(
    rstore: ResilientStore, faulty: FaultyStore, face: Face, clock: FakeClock
) -> None:
    faulty.mode = "flap"
    for i in range(30):
        await face(rstore, "put", NS, f"k{i}", {"n": i})
        out, took = await face.timed(rstore, "get", NS, f"k{i}")
        assert took < DEADLINE + MARGIN
        assert out is None or out.value == {"n": i}  # never a stale or foreign value
        clock.now += 1.0
    await _recover(rstore, faulty, clock)
    for _ in range(5):
        await face(rstore, "flush")
        if not rstore.outbox.depth:
            break
        clock.now += rstore.breaker.recovery_time
    landed = [k for _, k, _ in faulty.applied]
    assert sorted(landed, key=lambda k: int(k[1:])) == [f"k{i}" for i in range(30)]
    assert len(landed) == len(set(landed)) == 30
    for i in range(30):
        assert faulty.inner.get(NS, f"k{i}").value == {"n": i}  # type: ignore[union-attr]


# -- read-your-writes, search overlay, mixed batches --------------------------------------


async def test_reads_see_queued_writes(
    rstore: ResilientStore, faulty: FaultyStore, face: Face, clock: FakeClock
) -> None:
    await face(rstore, "put", NS, "gone", {"text": "old"})
    await face(rstore, "put", NS, "city", {"text": "Munich"})
    await _open_breaker(face, rstore, faulty)
    await face(rstore, "put", NS, "city", {"text": "Berlin"})
    await face(rstore, "delete", NS, "gone")
    assert (await face(rstore, "get", NS, "city")).value == {"text": "Berlin"}
    assert await face(rstore, "get", NS, "gone") is None
    assert await face(rstore, "search", NS) == []  # degraded: no memory
    await _recover(rstore, faulty, clock)
    hits = await face(rstore, "search", NS)  # the probe: store answers, outbox not yet replayed
    assert [(h.key, h.value) for h in hits] == [("city", {"text": "Berlin"})]
    assert rstore.metrics().read_your_writes == 2


async def test_mixed_batch_keeps_order_and_degrades_in_one_deadline(
    rstore: ResilientStore, faulty: FaultyStore, face: Face
) -> None:
    await face(rstore, "put", NS, "a", {"v": 1})
    ops: list[Op] = [
        GetOp(NS, "a"),
        PutOp(NS, "b", {"v": 2}),
        SearchOp(NS),
        ListNamespacesOp(),
        PutOp(NS, "a", {"v": 3}),
    ]
    got = await face(rstore, "batch", ops)
    assert got[0].value == {"v": 1} and got[1] is None and got[4] is None
    assert [i.key for i in got[2]] == ["a"] and got[3] == [NS]  # reads run before writes
    events: list[ResilienceEvent] = []
    rstore._core.on_event = events.append
    faulty.mode = "hang"
    got, took = await face.timed(rstore, "batch", ops)
    assert took < DEADLINE + MARGIN  # reads time out once; writes go straight to the outbox
    assert got == [None, None, [], [], None]
    assert rstore.outbox.depth == 2
    assert [(e.op, e.count) for e in events if e.kind == "timeout"] == [("read", 3)]
    assert [(e.reason, e.count) for e in events if e.kind == "write_queued"] == [("timeout", 2)]


# -- durability ---------------------------------------------------------------------------


async def test_restart_with_a_non_empty_outbox_loses_nothing(
    faulty: FaultyStore, face: Face, clock: FakeClock, tmp_path: Path
) -> None:
    path = tmp_path / "outbox.sqlite"
    first = ResilientStore(
        faulty, failure_threshold=1, read_timeout=DEADLINE, outbox_path=path, clock=clock
    )
    faulty.mode = "raise"
    for i in range(20):
        await face(first, "put", NS, f"k{i}", {"n": i})
    with pytest.raises(OutboxInUseError):
        ResilientStore(faulty, outbox_path=path)
    await first.aclose()
    faulty.mode = "ok"
    async with ResilientStore(faulty, outbox_path=path, clock=clock) as second:
        assert second.outbox.depth == 20
        assert (await face(second, "get", NS, "k7")).value == {"n": 7}  # read-your-writes
        assert await face(second, "flush") == 20
    assert [k for _, k, _ in faulty.applied] == [f"k{i}" for i in range(20)]


def test_a_crashed_process_loses_no_queued_write(faulty: FaultyStore, tmp_path: Path) -> None:
    path = tmp_path / "outbox.sqlite"
    child = textwrap.dedent(
        f"""
        import os
        from langgraph.store.memory import InMemoryStore
        from langmem_plus.resilience import ResilientStore

        class Down(InMemoryStore):
            def batch(self, ops):
                raise ConnectionError("down")

        store = ResilientStore(Down(), failure_threshold=1, outbox_path={str(path)!r})
        for i in range(50):
            store.put(("memories", "u1"), f"k{{i}}", {{"n": i}})
        os._exit(0)  # no close(), no flush: a crash
        """
    )
    subprocess.run([sys.executable, "-c", child], check=True, timeout=60, cwd=Path.cwd())
    with ResilientStore(faulty, outbox_path=path) as store:
        assert store.outbox.depth == 50
        assert store.flush() == 50
    assert [v["n"] for _, _, v in faulty.applied] == list(range(50))


# -- bounded and loud ---------------------------------------------------------------------


async def test_full_outbox_is_loud_and_keeps_values_out_of_logs(
    faulty: FaultyStore, face: Face, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    events: list[ResilienceEvent] = []
    caplog.set_level(logging.DEBUG, logger="langmem_plus.resilience")
    async with ResilientStore(
        faulty, failure_threshold=1, outbox_max=3, on_event=events.append, clock=clock
    ) as store:
        faulty.mode = "raise"
        faulty.error = ConnectionError(f"server said: {SECRET}")
        for i in range(3):
            await face(store, "put", NS, f"k{i}", {"text": SECRET})
        with pytest.raises(OutboxFullError, match="bound is 3"):
            await face(store, "put", NS, "k9", {"text": SECRET})
        await face(store, "put", NS, "k0", {"text": "update"})  # same item still fits
        assert store.metrics().outbox_full == 1
    assert "outbox_full" in [e.kind for e in events]
    assert any(r.levelno == logging.ERROR and "full" in r.getMessage() for r in caplog.records)
    assert caplog.records and all(SECRET not in r.getMessage() for r in caplog.records)
    assert all(SECRET not in repr(e) for e in events)


async def test_a_raising_event_hook_never_breaks_a_call(faulty: FaultyStore, face: Face) -> None:
    def boom(_: ResilienceEvent) -> None:
        raise RuntimeError("exporter down")

    faulty.mode = "raise"
    async with ResilientStore(faulty, on_event=boom) as store:
        assert await face(store, "search", NS) == []


# -- lifecycle ----------------------------------------------------------------------------


def test_close_stops_threads_and_refuses_later_calls(faulty: FaultyStore, clock: FakeClock) -> None:
    before = set(threading.enumerate())
    with ResilientStore(faulty, failure_threshold=1, clock=clock) as store:
        faulty.mode = "raise"
        store.put(NS, "k", {"v": 1})
        faulty.mode = "ok"
        clock.now += store.breaker.recovery_time
        store.get(NS, "other")  # probe; wakes the replay thread
        for _ in range(200):
            if not store.outbox.depth:
                break
            time.sleep(0.01)
    started = [t for t in threading.enumerate() if t not in before]
    assert not [t for t in started if t.is_alive()]
    assert all(t.daemon for t in store._threads._threads)
    with pytest.raises(RuntimeError, match="closed"):
        store.get(NS, "k")
    store.close()  # idempotent


def test_rejects_a_non_store_and_bad_deadlines() -> None:
    with pytest.raises(TypeError, match="BaseStore"):
        ResilientStore({})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="read_timeout"):
        ResilientStore(InMemoryStore(), read_timeout=0)


def test_ttl_support_follows_the_wrapped_store() -> None:
    with ResilientStore(InMemoryStore()) as store:
        assert store.supports_ttl is InMemoryStore.supports_ttl
        assert "InMemoryStore" in repr(store)


# -- what the outbox accepts and what it leaves on disk -------------------------------------


def _nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"leaf": 1}
    for _ in range(depth - 1):
        value = {"n": value}
    return value


@pytest.mark.parametrize("bad", [_nested(40), {"n": 10**30}, {"s": "\ud800"}])
def test_a_value_the_store_would_refuse_is_refused_while_it_is_down(
    faulty: FaultyStore, tmp_path: Path, clock: FakeClock, bad: dict[str, Any]
) -> None:
    """While the store is down a write waits in the outbox; one the store would refuse on
    replay (too deep, an integer it cannot keep, a lone surrogate) is refused at once, with
    the store's own error, and nothing is queued."""
    from langmem_plus.errors import ValueNotSerializableError

    faulty.mode = "raise"
    with ResilientStore(
        faulty, failure_threshold=1, outbox_path=tmp_path / "o.sqlite", clock=clock
    ) as store:
        store.put(NS, "ok", {"n": 1})
        with pytest.raises(ValueNotSerializableError):
            store.put(NS, "bad", bad)
        assert store.outbox.depth == 1
        faulty.mode = "ok"
        clock.now += store.breaker.recovery_time
        assert store.flush() == 1
    assert [k for _, k, _ in faulty.applied] == ["ok"]


def test_a_replayed_write_leaves_no_text_in_the_outbox_file(
    faulty: FaultyStore, tmp_path: Path, clock: FakeClock
) -> None:
    """The outbox sits in the store's folder by default: once a queued write has been
    replayed, its text must not stay readable in the outbox's files."""
    path = tmp_path / "o.sqlite"
    faulty.mode = "raise"
    with ResilientStore(faulty, failure_threshold=1, outbox_path=path, clock=clock) as store:
        for i in range(20):
            store.put(NS, f"k{i}", {"text": f"{SECRET} {i}"})
        faulty.mode = "ok"
        clock.now += store.breaker.recovery_time
        assert store.flush() == 20
    leftovers = [p for p in tmp_path.iterdir() if SECRET.encode() in p.read_bytes()]
    assert leftovers == []
