"""At most one current value per single-valued slot, also when writers race."""

from __future__ import annotations

import asyncio
import threading

from langgraph.store.base import BaseStore

from langmem_plus.memory import FactMemory
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
