"""At most one current value per single-valued slot, also when writers race."""

from __future__ import annotations

import asyncio
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from langgraph.store.base import BaseStore, Op, PutOp, Result
from langgraph.store.memory import InMemoryStore
from qdrant_client import AsyncQdrantClient, QdrantClient

from langmem_plus.errors import StoreUnavailableError
from langmem_plus.facts.locks import (
    LEASE_SUFFIX,
    REGISTRY,
    LockRegistry,
    QdrantLease,
    ServerLease,
    UserLock,
    store_location,
)
from langmem_plus.facts.locks import _point as _point_of
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.policy import Decision
from langmem_plus.resilience import ResilientStore
from langmem_plus.stores import AsyncQdrantStore, QdrantStore
from unit_tests.test_memory_support import Clock, cand

CITIES = [
    "Accra",
    "Bergen",
    "Cusco",
    "Dakar",
    "Esbjerg",
    "Fes",
    "Graz",
    "Hue",
    "Izmir",
    "Jena",
    "Kobe",
    "Lagos",
]


def _current_cities(store: BaseStore, memory: FactMemory, user: str) -> list[str]:
    return [
        i.value["object"]
        for i in store.search(memory.layout.facts(user), filter={"predicate": "city"}, limit=100)
    ]


def test_racing_threads_leave_one_current_city(base_store: BaseStore) -> None:
    memory = FactMemory(base_store, clock=Clock())
    barrier = threading.Barrier(len(CITIES))
    actions: list[str] = []

    def write(city: str) -> None:
        barrier.wait()
        actions.append(memory.remember("ravi", cand("city", city, f"Lives in {city}.")).action)

    threads = [threading.Thread(target=write, args=(c,)) for c in CITIES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(_current_cities(base_store, memory, "ravi")) == 1
    assert sorted(actions) == ["new"] + ["superseded"] * (len(CITIES) - 1)
    history = base_store.search(memory.layout.history("ravi"), limit=100)
    assert len(history) == len(CITIES) - 1  # nothing lost, all closed


async def test_racing_tasks_leave_one_current_city(base_store: BaseStore) -> None:
    memory = FactMemory(base_store, clock=Clock())
    decisions = await asyncio.gather(
        *[memory.aremember("ravi", cand("city", c, f"Lives in {c}.")) for c in CITIES]
    )
    assert len(_current_cities(base_store, memory, "ravi")) == 1
    assert sorted(d.action for d in decisions) == ["new"] + ["superseded"] * (len(CITIES) - 1)


async def test_sync_and_async_writers_together(base_store: BaseStore) -> None:
    memory = FactMemory(base_store, clock=Clock())
    threads = [
        threading.Thread(target=memory.remember, args=("ravi", cand("city", c, f"Lives in {c}.")))
        for c in CITIES[:6]
    ]
    for t in threads:
        t.start()
    await asyncio.gather(
        *[memory.aremember("ravi", cand("city", c, f"Lives in {c}.")) for c in CITIES[6:]]
    )
    for t in threads:
        t.join()
    assert len(_current_cities(base_store, memory, "ravi")) == 1


def test_independent_instances_without_a_shared_lock_still_keep_one_value(
    base_store: BaseStore,
) -> None:
    """Two FactMemory objects (like two processes) share no lock; the slot key still holds."""
    writers = [FactMemory(base_store, clock=Clock()) for _ in CITIES]
    barrier = threading.Barrier(len(CITIES))

    def write(m: FactMemory, city: str) -> None:
        barrier.wait()
        m.remember("ravi", cand("city", city, f"Lives in {city}."))

    threads = [
        threading.Thread(target=write, args=(m, c)) for m, c in zip(writers, CITIES, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(_current_cities(base_store, writers[0], "ravi")) == 1


def test_concurrent_same_allergy_is_one_row(base_store: BaseStore) -> None:
    writers = [FactMemory(base_store, clock=Clock()) for _ in range(8)]
    barrier = threading.Barrier(8)

    def write(m: FactMemory) -> None:
        barrier.wait()
        m.remember("ravi", cand("allergy", "sesame", "Is allergic to sesame."))

    threads = [threading.Thread(target=write, args=(m,)) for m in writers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rows = base_store.search(writers[0].layout.facts("ravi"), filter={"predicate": "allergy"})
    assert len(rows) == 1


# --------------------------------------------------------------------------- many instances
# Issue 13 item 2: every FactMemory over one store must serialise a user's writes, not only
# the writes of one instance. Each writer below has its own FactMemory (the web view and a
# graph in one process; several graphs), all storing a different city for one user at once.

TRIALS = 20
WRITERS = 8


def _acknowledged(decisions: list[Decision]) -> set[str]:
    """The fact ids the callers were told were stored (a new or superseding version)."""
    return {
        d.fact_id for d in decisions if d.action in ("new", "superseded") and d.fact_id is not None
    }


def _lost_and_current(store: BaseStore, user: str, acked: set[str]) -> tuple[set[str], int]:
    """Acknowledged versions found in neither current nor history, and how many city rows
    are current (as ``FactMemory.list`` and the store's current namespace both show)."""
    reader = FactMemory(store)
    listed = reader.list(user)
    current_listed = [f for f in listed if f.status.startswith("current")]
    current_rows = _current_cities(store, reader, user)
    assert len(current_listed) == len(current_rows), (current_listed, current_rows)
    return acked - {f.fact_id for f in listed}, len(current_rows)


def _report(outcomes: list[tuple[set[str], int, int]]) -> str:
    bad = [o for o in outcomes if o[0] or o[1] != 1]
    lost = sum(len(o[0]) for o in outcomes)
    acked = sum(o[2] for o in outcomes)
    return (
        f"{len(bad)} of {len(outcomes)} trials broke: {lost} of {acked} acknowledged "
        f"versions lost, current counts {[o[1] for o in outcomes]}"
    )


def _thread_trial(store: BaseStore, user: str) -> tuple[set[str], int, int]:
    clock = Clock()  # one clock: a writer that waits for another decides later
    writers = [FactMemory(store, clock=clock) for _ in range(WRITERS)]
    barrier = threading.Barrier(WRITERS)
    decisions: list[Decision] = []

    def write(m: FactMemory, city: str) -> None:
        barrier.wait()
        decisions.append(m.remember(user, cand("city", city, f"Lives in {city}.")))

    threads = [
        threading.Thread(target=write, args=(m, c))
        for m, c in zip(writers, CITIES[:WRITERS], strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    acked = _acknowledged(decisions)
    lost, current = _lost_and_current(store, user, acked)
    return lost, current, len(acked)


def test_threads_with_their_own_instances_lose_no_acknowledged_version(
    base_store: BaseStore,
) -> None:
    outcomes = [_thread_trial(base_store, f"thr{trial}") for trial in range(TRIALS)]
    assert all(not lost and current == 1 for lost, current, _ in outcomes), _report(outcomes)
    assert all(n == WRITERS for _, _, n in outcomes), _report(outcomes)


async def _tasks_trial(store: BaseStore, user: str) -> tuple[set[str], int, int]:
    clock = Clock()
    writers = [FactMemory(store, clock=clock) for _ in range(WRITERS)]
    decisions = await asyncio.gather(
        *[
            m.aremember(user, cand("city", c, f"Lives in {c}."))
            for m, c in zip(writers, CITIES[:WRITERS], strict=True)
        ]
    )
    acked = _acknowledged(list(decisions))
    lost, current = _lost_and_current(store, user, acked)
    return lost, current, len(acked)


async def test_tasks_with_their_own_instances_lose_no_acknowledged_version(
    base_store: BaseStore,
) -> None:
    outcomes = [await _tasks_trial(base_store, f"tsk{trial}") for trial in range(TRIALS)]
    assert all(not lost and current == 1 for lost, current, _ in outcomes), _report(outcomes)
    assert all(n == WRITERS for _, _, n in outcomes), _report(outcomes)


def _mixed_trial(store: BaseStore, user: str, make: Callable[[int], FactMemory]) -> int:
    """Threads (sync ``remember``) and tasks of two event loops (``aremember``), each
    writer with its own ``FactMemory`` from ``make``; returns how many acknowledged
    versions are lost (and checks one is current)."""
    decisions: list[Decision] = []
    half = WRITERS // 2
    barrier = threading.Barrier(half + 1)

    def sync_writer(i: int) -> None:
        barrier.wait()
        decisions.append(make(i).remember(user, cand("city", CITIES[i], f"In {CITIES[i]}.")))

    def async_writers() -> None:
        async def run() -> list[Decision]:
            barrier.wait()
            return await asyncio.gather(
                *[
                    make(i).aremember(user, cand("city", CITIES[i], f"In {CITIES[i]}."))
                    for i in range(half, WRITERS)
                ]
            )

        decisions.extend(asyncio.run(run()))

    threads = [threading.Thread(target=sync_writer, args=(i,)) for i in range(half)]
    threads.append(threading.Thread(target=async_writers))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    acked = _acknowledged(decisions)
    lost, current = _lost_and_current(store, user, acked)
    assert current == 1
    assert len(acked) == WRITERS
    return len(lost)


def test_sync_and_async_writers_of_separate_instances_lose_nothing(
    base_store: BaseStore,
) -> None:
    clock = Clock()
    lost = [
        _mixed_trial(base_store, f"mix{t}", lambda _: FactMemory(base_store, clock=clock))
        for t in range(5)
    ]
    assert lost == [0] * 5


def test_a_resilient_wrapper_and_its_store_share_the_lock(base_store: BaseStore) -> None:
    """The web view over the raw store and a graph over ``ResilientStore(store)``."""
    clock = Clock()
    with ResilientStore(base_store, read_timeout=None, write_timeout=None) as wrapped:

        def make(i: int) -> FactMemory:
            return FactMemory(wrapped if i % 2 else base_store, clock=clock)

        lost = [_mixed_trial(base_store, f"res{t}", make) for t in range(5)]
    assert lost == [0] * 5


# --------------------------------------------------------------------------- the lock itself


def test_the_registry_keeps_only_locks_in_use(base_store: BaseStore) -> None:
    memory = FactMemory(base_store, clock=Clock())
    for i in range(50):
        memory.remember(f"u{i}", cand("city", "Graz", "Lives in Graz."))
    assert len(REGISTRY) == 0
    key = (store_location(base_store), memory.layout.prefix, "u1")
    held, done = threading.Event(), threading.Event()

    def holder() -> None:
        with REGISTRY.hold(key):
            held.set()
            done.wait()

    t = threading.Thread(target=holder)
    t.start()
    held.wait()
    assert REGISTRY.in_use(key)
    done.set()
    t.join()
    assert not REGISTRY.in_use(key)


async def test_an_async_writer_awaits_a_thread_holding_the_lock_without_polling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = InMemoryStore()
    memory = FactMemory(store, clock=Clock())
    key = (store_location(store), memory.layout.prefix, "ravi")
    sleeps: list[float] = []
    real_sleep = asyncio.sleep

    async def counting_sleep(delay: float, *args: object) -> object:
        sleeps.append(delay)
        return await real_sleep(delay, *args)

    monkeypatch.setattr(asyncio, "sleep", counting_sleep)
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with REGISTRY.hold(key):
            held.set()
            release.wait()

    t = threading.Thread(target=holder)
    t.start()
    held.wait()
    task = asyncio.ensure_future(memory.aremember("ravi", cand("city", "Kobe", "In Kobe.")))
    for _ in range(20):  # let the loop run: the task must be parked, not spinning
        await real_sleep(0)
    assert not task.done()
    release.set()
    decision = await task
    t.join()
    assert decision.action == "new"
    assert sleeps == []  # the old lock polled with asyncio.sleep(0.001)


async def test_a_cancelled_waiter_never_keeps_the_lock() -> None:
    store = InMemoryStore()
    memory = FactMemory(store, clock=Clock())
    key = (store_location(store), memory.layout.prefix, "ravi")
    lock_held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with REGISTRY.ahold(key):
            lock_held.set()
            await release.wait()

    first = asyncio.ensure_future(holder())
    await lock_held.wait()
    waiting = [
        asyncio.ensure_future(memory.aremember("ravi", cand("city", c, f"In {c}.")))
        for c in CITIES[:4]
    ]
    await asyncio.sleep(0)
    waiting[1].cancel()  # cancelled while it waits
    release.set()
    await asyncio.sleep(0)
    waiting[0].cancel()  # cancelled the instant the lock may be handed to it
    results = await asyncio.gather(*waiting, return_exceptions=True)
    await first
    assert isinstance(results[1], asyncio.CancelledError)
    assert not REGISTRY.in_use(key)
    after = await memory.aremember("ravi", cand("city", "Lagos", "In Lagos."))
    assert after.action in ("new", "superseded")
    assert [f.text for f in memory.list("ravi") if f.status.startswith("current")] == ["In Lagos."]


def test_hand_off_to_a_cancelled_task_passes_the_lock_on() -> None:
    """Release grants the lock to a waiting task whose loop then cancels it: the grant must
    not be lost with the task."""
    lock = UserLock()
    lock.acquire()
    loop = asyncio.new_event_loop()
    try:
        waiter = loop.create_task(lock.aacquire())
        loop.run_until_complete(asyncio.sleep(0))  # the task is now queued on the lock
        lock.release()  # granted: its wake-up is scheduled on the loop
        waiter.cancel()  # ...and it is cancelled before it runs
        loop.run_until_complete(asyncio.gather(waiter, return_exceptions=True))
    finally:
        loop.close()
    assert not lock.locked()
    lock.acquire()  # would block forever if the grant had leaked
    lock.release()


def test_store_locations_name_the_store_not_the_object(tmp_path: Path) -> None:
    a, b = InMemoryStore(), InMemoryStore()
    assert store_location(a) != store_location(b)
    with ResilientStore(ResilientStore(a)) as twice:
        assert store_location(twice) == store_location(a)
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with QdrantStore(path=tmp_path / "real" / "s") as edge:
        key = store_location(edge)
    with QdrantStore(path=tmp_path / "link" / "s") as again:
        assert store_location(again) == key


async def test_server_locations_are_url_and_collection() -> None:
    # (an async store connects on first use only, so no server is needed here)
    def server(url: str, collection: str) -> AsyncQdrantStore:
        client = AsyncQdrantClient(url=url, check_compatibility=False)
        return AsyncQdrantStore(client=client, collection_name=collection)

    one, two = server("http://127.0.0.1:9/", "c1"), server("http://127.0.0.1:9", "c1")
    other = server("http://127.0.0.1:9", "c2")
    assert store_location(one) == store_location(two) != store_location(other)
    for store in (one, two, other):
        await store.aclose()


# --------------------------------------------------------------------------- across processes
# Writers in separate processes share no registry. They are simulated here by giving each
# FactMemory a registry of its own; the lease points live in qdrant-client's local mode,
# made to apply one call at a time as a server does (local mode itself is not thread-safe).


class _AtomicCalls:
    """A qdrant client whose calls run one at a time, like a server's per-point updates."""

    def __init__(self, client: QdrantClient) -> None:
        self._client = client
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Callable[..., object]:
        method = getattr(self._client, name)

        def call(**kwargs: object) -> object:
            with self._lock, warnings.catch_warnings():
                # local mode warns that payload indexes do nothing there; a server uses them
                warnings.simplefilter("ignore", UserWarning)
                return method(**kwargs)

        return call


def _process_like(store: BaseStore, clock: Clock, lease_client: object | None) -> FactMemory:
    memory = FactMemory(store, clock=clock)
    memory._registry = LockRegistry()  # its own process: no lock shared in memory
    memory._lease = (
        None if lease_client is None else ServerLease(QdrantLease("langgraph_store"), lease_client)
    )
    return memory


class _ReadsLinger(InMemoryStore):
    """An ``InMemoryStore`` that pauses after every read-only batch, so racing writers all
    read the slot before any of them writes: the lost update the lease prevents happens on
    every run, however busy the machine, not only when the scheduler happens to interleave."""

    PAUSE = 0.02

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        out = super().batch(ops)
        if not any(isinstance(op, PutOp) for op in ops):
            time.sleep(self.PAUSE)
        return out

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        out = await super().abatch(ops)
        if not any(isinstance(op, PutOp) for op in ops):
            await asyncio.sleep(self.PAUSE)
        return out


def test_without_a_shared_lock_or_lease_versions_are_lost() -> None:
    """The hazard the lease exists for (what separate processes did before): so the test
    below, with the lease, proves something."""
    store, clock = _ReadsLinger(), Clock()
    lost = [
        _mixed_trial(store, f"p{t}", lambda _: _process_like(store, clock, None)) for t in range(5)
    ]
    assert sum(lost) > 0


def test_processes_sharing_only_the_server_lease_lose_nothing(base_store: BaseStore) -> None:
    clock = Clock()
    leases = _AtomicCalls(QdrantClient(location=":memory:"))
    lost = [
        _mixed_trial(base_store, f"p{t}", lambda _: _process_like(base_store, clock, leases))
        for t in range(5)
    ]
    assert lost == [0] * 5
    leftover = leases.scroll(collection_name="langgraph_store" + LEASE_SUFFIX, limit=10)[0]
    assert leftover == []  # every lease was released


def test_a_crashed_holders_lease_expires_and_a_live_one_is_waited_for() -> None:
    leases = _AtomicCalls(QdrantClient(location=":memory:"))
    lease = QdrantLease("c", ttl=0.2, wait=0.05)
    other = QdrantLease("c", ttl=30, wait=30)
    with other.hold(leases, "app/ravi"):  # a live holder in another process
        with pytest.raises(StoreUnavailableError, match="held by another process"):
            with lease.hold(leases, "app/ravi"):
                pass
        with lease.hold(leases, "app/bob"):  # other users are not blocked
            pass
    crashed = QdrantLease("c", ttl=0.2, wait=30)
    crashed._drive(crashed._acquire("app/ravi", "dead-token"), leases)  # never released
    with other.hold(leases, "app/ravi") as held:  # waits out the dead lease's 0.2 s
        assert held.token != "dead-token"


def test_a_write_past_half_its_lease_is_refused_before_it_writes() -> None:
    store = InMemoryStore()
    leases = _AtomicCalls(QdrantClient(location=":memory:"))
    memory = FactMemory(store, clock=Clock())
    memory._lease = ServerLease(QdrantLease("c", ttl=1e-6), leases)
    with pytest.raises(StoreUnavailableError, match="half its"):
        memory.remember("ravi", cand("city", "Kobe", "In Kobe."))
    assert store.search(memory.layout.facts("ravi")) == []


async def test_the_lease_on_an_async_client_and_a_task_cancelled_while_it_waits() -> None:
    client = AsyncQdrantClient(location=":memory:")
    lease = QdrantLease("c", ttl=30, wait=30)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # local mode: payload indexes unused
        async with lease.ahold(client, "app/ravi") as first:
            waiter = asyncio.ensure_future(_take(lease, client))
            for _ in range(5):
                await asyncio.sleep(0.01)
            assert not waiter.done()  # waiting for the live lease
            waiter.cancel()
            await asyncio.gather(waiter, return_exceptions=True)
        points, _ = await client.scroll(collection_name="c" + LEASE_SUFFIX, limit=10)
        assert points == []  # neither the holder's nor the cancelled waiter's lease is left
        assert await _take(lease, client) != first.token
    await client.close()


async def _take(lease: QdrantLease, client: object) -> str:
    async with lease.ahold(client, "app/ravi") as held:
        return held.token


def test_the_lease_from_a_thread_on_an_async_client_running_in_its_loop() -> None:
    """What ``AsyncQdrantStore``'s sync methods need: the async client runs on the store's
    loop in another thread; the lease is driven from this one."""
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever)
    runner.start()
    try:

        async def make() -> AsyncQdrantClient:
            return AsyncQdrantClient(location=":memory:")

        client = asyncio.run_coroutine_threadsafe(make(), loop).result()
        lease = QdrantLease("c")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            with lease.hold(client, "app/ravi", loop) as held:
                got = asyncio.run_coroutine_threadsafe(
                    client.retrieve("c" + LEASE_SUFFIX, [_point_of("app/ravi")]), loop
                ).result()
                assert got[0].payload["owner"] == held.token
        asyncio.run_coroutine_threadsafe(client.close(), loop).result()
    finally:
        loop.call_soon_threadsafe(loop.stop)
        runner.join()
        loop.close()


class _IgnoresConditions(_AtomicCalls):
    """A server too old for conditional upserts: it drops ``update_filter``."""

    def __getattr__(self, name: str) -> Callable[..., object]:
        call = super().__getattr__(name)
        if name != "upsert":
            return call

        def upsert(**kwargs: object) -> object:
            kwargs.pop("update_filter", None)
            return call(**kwargs)

        return upsert


def test_a_server_that_ignores_conditional_upserts_is_detected_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    lease = QdrantLease("c")
    with lease.hold(_IgnoresConditions(QdrantClient(location=":memory:")), "app/ravi"):
        pass
    assert lease.honoured is False
    assert "ignores conditional upserts" in caplog.text
    honest = QdrantLease("c")
    with honest.hold(_AtomicCalls(QdrantClient(location=":memory:")), "app/ravi"):
        pass
    assert honest.honoured is True
