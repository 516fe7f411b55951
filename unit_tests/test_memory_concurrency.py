"""At most one current value per single-valued slot, also when writers race."""

from __future__ import annotations

import asyncio
import threading

from langgraph.store.base import BaseStore

from langmem_plus.memory import FactMemory
from langmem_plus.policy import Decision
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


async def test_tasks_with_their_own_instances_lose_no_acknowledged_version(
    base_store: BaseStore,
) -> None:
    outcomes = []
    for trial in range(TRIALS):
        user = f"tsk{trial}"
        clock = Clock()
        writers = [FactMemory(base_store, clock=clock) for _ in range(WRITERS)]
        decisions = await asyncio.gather(
            *[
                m.aremember(user, cand("city", c, f"Lives in {c}."))
                for m, c in zip(writers, CITIES[:WRITERS], strict=True)
            ]
        )
        acked = _acknowledged(list(decisions))
        lost, current = _lost_and_current(base_store, user, acked)
        outcomes.append((lost, current, len(acked)))
    assert all(not lost and current == 1 for lost, current, _ in outcomes), _report(outcomes)
    assert all(n == WRITERS for _, _, n in outcomes), _report(outcomes)
