"""Which thread a sync ``ResilientStore`` call runs on, and that the choice keeps the deadline.

By default a sync call runs in the caller's thread only over a store whose calls cannot wait
on anything that hangs (``QdrantStore(path=...)`` without an embedding model, LangGraph's own
``InMemoryStore`` without an index); any other store gets the worker thread and its hard
deadline. Real stores: Qdrant Edge on disk and LangGraph's ``InMemoryStore``; the slow store
is a subclass that sleeps.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding
from langgraph.store.base import Op, Result
from langgraph.store.memory import InMemoryStore

from langmem_plus import QdrantStore
from langmem_plus.resilience import InlineWatch, ResilientStore, ThreadDeadline


class ThreadRecordingEdge(QdrantStore):
    """Qdrant Edge that notes which thread ran each batch."""

    threads: list[int]

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        self.threads.append(threading.get_ident())
        return super().batch(ops)


class ThreadRecordingMemory(InMemoryStore):
    threads: list[int]

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        self.threads.append(threading.get_ident())
        return super().batch(ops)


def test_edge_without_embeddings_runs_sync_calls_in_the_callers_thread(tmp_path: Path) -> None:
    inner = ThreadRecordingEdge(path=tmp_path / "s")
    inner.threads = []
    with inner, ResilientStore(inner) as store:
        store.put(("u",), "k", {"v": 1})
        assert store.get(("u",), "k").value == {"v": 1}  # type: ignore[union-attr]
        assert store.sync_inline
    assert inner.threads and set(inner.threads) == {threading.get_ident()}


def test_a_store_that_can_hang_keeps_the_worker_thread_by_default() -> None:
    inner = ThreadRecordingMemory()
    inner.threads = []
    with ResilientStore(inner) as store:
        store.put(("u",), "k", {"v": 1})
        assert store.get(("u",), "k") is not None
        assert not store.sync_inline
    assert inner.threads and threading.get_ident() not in inner.threads


def test_edge_with_an_embedding_model_keeps_the_worker_thread(tmp_path: Path) -> None:
    index: Any = {"dims": 8, "embed": DeterministicFakeEmbedding(size=8), "fields": ["t"]}
    with QdrantStore(path=tmp_path / "s", index=index) as inner, ResilientStore(inner) as store:
        assert inner.inline_lock is None
        assert not store.sync_inline


@pytest.mark.parametrize("choice", [True, False])
def test_the_caller_can_force_either_way(tmp_path: Path, choice: bool) -> None:
    with (
        QdrantStore(path=tmp_path / "s") as inner,
        ResilientStore(inner, sync_inline=choice) as store,
    ):
        assert store.sync_inline is choice


def test_a_read_behind_a_long_write_still_degrades_at_its_deadline(tmp_path: Path) -> None:
    """While another thread holds the engine (a long write), a turn's read does not wait for
    it in the caller's thread: it goes to the worker and gives up at the read deadline."""
    with QdrantStore(path=tmp_path / "s") as inner:
        inner.put(("u",), "k", {"v": 1})
        lock = inner.inline_lock
        assert lock is not None
        held, release = threading.Event(), threading.Event()

        def long_write() -> None:
            with lock:
                held.set()
                release.wait(10)

        writer = threading.Thread(target=long_write)
        writer.start()
        held.wait(5)
        try:
            with ResilientStore(inner, read_timeout=0.05, failure_threshold=100) as store:
                got = store.get(("u",), "k")
                returned_while_held = not release.is_set()
        finally:
            release.set()
            writer.join(5)
        assert got is None  # degraded: no memory this turn, not an error
        assert returned_while_held


def test_guarded_watch_runs_inline_only_when_the_guard_is_free() -> None:
    guard = threading.RLock()
    seen: list[int] = []

    def work() -> int:
        seen.append(threading.get_ident())
        return 7

    watch = InlineWatch(ThreadDeadline(max_workers=1), guard=guard)
    try:
        assert watch.run(work, timeout=1.0).value == 7
        held, release = threading.Event(), threading.Event()

        def holder() -> None:
            with guard:
                held.set()
                release.wait(5)

        t = threading.Thread(target=holder)
        t.start()
        held.wait(5)
        pooled: list[int] = []
        outcome = watch.run(lambda: pooled.append(threading.get_ident()) or 8, timeout=1.0)
        release.set()
        t.join(5)
        assert outcome.value == 8
        assert pooled and pooled[0] != threading.get_ident()
        assert watch.run(work, timeout=1.0).value == 7
    finally:
        watch.close()
        watch.threads.close()
    assert seen == [threading.get_ident()] * 2


def test_langgraphs_in_memory_store_runs_sync_calls_in_the_callers_thread() -> None:
    """Dict work cannot hang on I/O: no worker thread is started for its calls."""
    before = {t.ident for t in threading.enumerate()}
    with ResilientStore(InMemoryStore()) as store:
        store.put(("u",), "k", {"v": 1})
        assert store.get(("u",), "k").value == {"v": 1}  # type: ignore[union-attr]
        assert store.search(("u",))[0].key == "k"
        assert store.sync_inline
        started = {t.name for t in threading.enumerate() if t.ident not in before}
    assert not any("watchdog" not in name for name in started), started


def test_an_in_memory_store_with_an_embedding_index_keeps_the_worker_thread() -> None:
    index: Any = {"dims": 8, "embed": DeterministicFakeEmbedding(size=8), "fields": ["t"]}
    with ResilientStore(InMemoryStore(index=index)) as store:
        store.put(("u",), "k", {"t": "hello"})
        assert not store.sync_inline
