"""FactMemory through a ResilientStore whose store is down: it never decides blind."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from langgraph.store.base import Op, Result
from langgraph.store.memory import InMemoryStore

from langmem_plus import CandidateFact, FactMemory, ResilientStore, StoreUnavailableError


class SwitchableStore(InMemoryStore):
    """A real InMemoryStore that raises ConnectionError while ``down`` is set."""

    down = False

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        if self.down:
            raise ConnectionError("store is down")
        return super().batch(ops)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        if self.down:
            raise ConnectionError("store is down")
        return await super().abatch(ops)


def city(name: str) -> CandidateFact:
    return CandidateFact(
        kind="fact",
        subject="user",
        predicate="city",
        object=name,
        text=f"The user lives in {name}.",
    )


def test_memory_off_is_honoured_even_when_the_store_is_down() -> None:
    inner = SwitchableStore()
    with ResilientStore(inner, read_timeout=0.2, recovery_time=0.01) as store:
        memory = FactMemory(store)
        memory.set_memory("alice", False)
        inner.down = True
        with pytest.raises(StoreUnavailableError, match="nothing was written"):
            memory.remember("alice", city("Berlin"))
        inner.down = False
        memory.recall("alice", "anything")  # the store answers again; any outbox replays
        assert inner.search(memory.layout.facts("alice"), limit=100) == []
        assert inner.search(memory.layout.history("alice"), limit=100) == []


async def test_a_move_while_degraded_is_refused_not_half_applied() -> None:
    inner = SwitchableStore()
    with ResilientStore(inner, read_timeout=0.2, recovery_time=0.01) as store:
        memory = FactMemory(store)
        await memory.aremember("bob", city("Munich"))
        inner.down = True
        with pytest.raises(StoreUnavailableError):
            await memory.aremember("bob", city("Berlin"))
        inner.down = False
        recall = await memory.arecall("bob", "where do I live?")
        assert "Munich" in recall.block and "Berlin" not in recall.block


def test_a_write_queued_behind_the_outbox_while_open_is_reported_degraded() -> None:
    from langmem_plus import track_degradation

    inner = SwitchableStore()
    inner.down = True
    with ResilientStore(inner, failure_threshold=1, recovery_time=60) as store:
        store.put(("n",), "a", {"v": 1})  # fails, opens the breaker, queued
        with track_degradation() as report:
            store.put(("n",), "b", {"v": 2})  # breaker open, outbox not empty
        assert report.queued_writes == 1
        assert report.reasons == {"open"}
