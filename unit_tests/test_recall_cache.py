"""Recall holds a user's facts between turns, and is never staler than the store.

Each ``FactMemory`` here stands for one process: two of them over one store share nothing
but the store, as two API servers would.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable

from langgraph.store.base import BaseStore, Op, PutOp, Result, SearchOp
from langgraph.store.memory import InMemoryStore

from langmem_plus import FactMemory, ResilientStore
from langmem_plus.facts.layout import encode_fact
from langmem_plus.facts.models import Fact
from langmem_plus.facts.recall_cache import write_witness
from unit_tests.test_memory_support import Clock, cand


class CountingStore(InMemoryStore):
    """InMemoryStore that counts the fact-row scans it answers, and can hang."""

    def __init__(self) -> None:
        super().__init__()
        self.scans = 0
        self.hang = False

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        while self.hang:
            time.sleep(0.01)
        self.scans += sum(
            1 for op in ops if isinstance(op, SearchOp) and op.namespace_prefix[-1] == "facts"
        )
        return super().batch(ops)


def city(name: str):  # type: ignore[no-untyped-def]
    return cand("city", name, f"The user lives in {name}.")


def allergy(name: str):  # type: ignore[no-untyped-def]
    return cand("allergy", name, f"The user is allergic to {name}.")


def test_a_second_recall_reads_no_fact_rows_and_answers_the_same() -> None:
    store = CountingStore()
    memory = FactMemory(store, clock=Clock())
    memory.remember("alice", city("Lisbon"))
    memory.remember("alice", allergy("peanuts"))
    first = memory.recall("alice", "where do I live and what am I allergic to?")
    scans = store.scans
    second = memory.recall("alice", "where do I live and what am I allergic to?")
    assert store.scans == scans  # the facts came from the process, not the store
    assert second.block == first.block and "Lisbon" in second.block


def test_another_process_moving_the_user_is_seen_at_once(base_store: BaseStore) -> None:
    clock = Clock()
    api_1, api_2 = FactMemory(base_store, clock=clock), FactMemory(base_store, clock=clock)
    api_1.remember("bob", city("Munich"))
    assert "Munich" in api_1.recall("bob", "where do I live?").block  # held by api_1 now
    api_2.remember("bob", city("Berlin"))  # api_1 is not told
    block = api_1.recall("bob", "where do I live?").block
    assert "Berlin" in block and "Munich" not in block


def test_another_process_forgetting_is_seen_at_once(base_store: BaseStore) -> None:
    clock = Clock()
    api_1, api_2 = FactMemory(base_store, clock=clock), FactMemory(base_store, clock=clock)
    api_1.remember("carol", allergy("shellfish"))
    api_1.remember("carol", allergy("pollen"))
    kept = api_1.recall("carol", "what am I allergic to?").kept
    fact_id = next(k.fact.fact_id for k in kept if "pollen" in k.fact.text)
    api_2.forget("carol", fact_id)
    block = api_1.recall("carol", "what am I allergic to?").block
    assert "shellfish" in block and "pollen" not in block
    api_2.forget_all("carol")
    assert api_1.recall("carol", "what am I allergic to?").kept == ()


def test_a_retraction_in_another_process_is_seen_at_once(base_store: BaseStore) -> None:
    clock = Clock()
    api_1, api_2 = FactMemory(base_store, clock=clock), FactMemory(base_store, clock=clock)
    api_1.remember("dan", city("Oslo"))
    (kept,) = api_1.recall("dan", "where do I live?").kept
    api_2.verdict("dan", kept.fact.fact_id, "inaccurate")
    assert api_1.recall("dan", "where do I live?").kept == ()


def test_a_version_row_ahead_of_its_fact_rows_is_not_held() -> None:
    """A store may show a write's version row before its fact rows (a ResilientStore
    answering from its outbox, or a store that applies a batch out of order): the recall
    then uses what it read, and does not keep it for that version."""
    store = InMemoryStore()
    clock = Clock()
    memory = FactMemory(store, clock=clock)
    memory.remember("erin", city("Rome"))
    memory.recall("erin", "where do I live?")  # held for the current version
    ns = memory.layout.facts("erin")
    rome = memory.recall("erin", "where do I live?").kept[0].fact
    new = Fact.model_validate(
        {**encode_fact(rome), "fact_id": "f-late", "object": "Turin",
         "text": "The user lives in Turin."}
    )
    late = PutOp(ns, "late-row", encode_fact(new))
    meta = {"version": 9, "etag": uuid.uuid4().hex, "witness": write_witness([late], ns)}
    store.put(memory.layout.profile("erin"), "meta", meta)  # the version row lands first
    assert "Turin" not in memory.recall("erin", "where do I live?").block
    store.batch([late])  # then its fact row
    assert "Turin" in memory.recall("erin", "where do I live?").block


def test_a_held_user_still_waits_one_deadline_when_the_store_hangs() -> None:
    inner = CountingStore()
    with ResilientStore(inner, read_timeout=0.2, failure_threshold=100) as store:
        memory = FactMemory(store, clock=Clock())
        memory.remember("fay", city("Quito"))
        memory.recall("fay", "where do I live?")
        memory.recall("fay", "where do I live?")  # held now
        inner.hang = True
        try:
            t0 = time.perf_counter()
            recall = memory.recall("fay", "where do I live?")
            elapsed = time.perf_counter() - t0
        finally:
            inner.hang = False
    assert recall.kept == ()  # no memory rather than memory from before the outage
    assert elapsed < 0.2 + 0.15  # one deadline, not one per batch


def test_the_turn_after_a_statement_reads_no_fact_rows_on_its_recall() -> None:
    """The extract node reads the user's facts back after writing (after the answer), so the
    next turn's recall needs only the version row, and still shows the new fact."""
    from langgraph.checkpoint.memory import InMemorySaver

    from unit_tests.test_graph_support import Clock as GraphClock
    from unit_tests.test_graph_support import RecordingModel, build_chatbot

    class ScanLog(CountingStore):
        def __init__(self) -> None:
            super().__init__()
            self.full_scans: list[int] = []  # unfiltered scans of fact rows, per batch

        def batch(self, ops: Iterable[Op]) -> list[Result]:
            ops = list(ops)
            self.full_scans.append(
                sum(
                    1
                    for op in ops
                    if isinstance(op, SearchOp)
                    and op.namespace_prefix[-1] == "facts"
                    and op.filter is None
                    and op.query is None
                )
            )
            return super().batch(ops)

    store, model = ScanLog(), RecordingModel()
    graph = build_chatbot(model, clock=GraphClock()).compile(
        checkpointer=InMemorySaver(), store=store
    )
    config = {"configurable": {"thread_id": "s1", "user_id": "gus"}}
    graph.invoke({"messages": [("user", "I live in Porto.")]}, config)
    before = len(store.full_scans)
    graph.invoke({"messages": [("user", "Any good bakeries near me?")]}, config)
    assert sum(store.full_scans[before:]) == 0  # recall of turn 2 read no fact rows
    assert "Porto" in str(model.prompts[-1][0].content)


def test_the_cache_holds_at_most_its_bound_in_facts_least_recent_user_out() -> None:
    from langmem_plus.facts.recall_cache import RecallCache

    store = InMemoryStore()
    memory = FactMemory(store, clock=Clock())
    for user, n in (("u1", 3), ("u2", 3), ("u3", 5)):
        for i in range(n):
            memory.remember(user, allergy(f"thing{i}"))
    held = [tuple(memory.recall(u, "allergies?").kept) for u in ("u1", "u2", "u3")]
    facts = {u: [k.fact for k in kept] for u, kept in zip(("u1", "u2", "u3"), held, strict=True)}
    cache = RecallCache(max_facts=8)
    ns = memory.layout.facts
    cache.put(ns("u1"), "e1", facts["u1"])
    cache.put(ns("u2"), "e2", facts["u2"])
    assert cache.facts_held == 6
    cache.get(ns("u1"), "e1")  # u1 is now the most recent
    cache.put(ns("u3"), "e3", facts["u3"])  # 11 > 8: u2 goes, then still 8 <= 8
    assert ns("u2") not in cache and ns("u1") in cache and cache.facts_held == 8
    cache.put(ns("u4"), "e4", facts["u1"] * 3)  # 9 facts: larger than the bound, not held
    assert ns("u4") not in cache
    for i in range(20):  # users with no facts are bounded too
        cache.put(ns(f"empty{i}"), "e", [])
    assert len(cache) <= 8 and cache.facts_held <= 8


async def test_prefetch_on_connect_makes_the_first_recall_read_no_fact_rows() -> None:
    store = CountingStore()
    FactMemory(store, clock=Clock()).remember("hal", city("Nairobi"))
    server = FactMemory(store, clock=Clock())  # a fresh process
    await server.aprefetch("hal")  # e.g. when the chat page opens
    scans = store.scans
    recall = await server.arecall("hal", "where do I live?")
    assert store.scans == scans and "Nairobi" in recall.block


def test_writes_still_in_a_resilient_outbox_are_not_held_stale() -> None:
    """The write's version row is visible (read-your-writes from the outbox) before its fact
    rows reach the store: recall must not hold that scan, and shows the fact once the
    outbox has drained."""

    class WritesFail(InMemoryStore):
        writes_down = False

        def batch(self, ops: Iterable[Op]) -> list[Result]:
            ops = list(ops)
            if self.writes_down and any(isinstance(op, PutOp) for op in ops):
                raise ConnectionError("writes are down")
            return super().batch(ops)

    inner = WritesFail()
    with ResilientStore(inner, failure_threshold=100, recovery_time=0.01) as store:
        memory = FactMemory(store, clock=Clock())
        memory.remember("ivy", allergy("peanuts"))
        assert "peanuts" in memory.recall("ivy", "what am I allergic to?").block  # held
        inner.writes_down = True
        memory.remember("ivy", allergy("sesame"))  # reads fine; the new row is queued
        assert store.metrics().outbox_depth > 0
        inner.writes_down = False
        memory.recall("ivy", "what am I allergic to?")  # version row from the outbox
        store.flush()
        assert store.metrics().outbox_depth == 0
        after = memory.recall("ivy", "what am I allergic to?").block
    assert "sesame" in after and "peanuts" in after
