"""What QdrantStore adds or guarantees beyond LangGraph's InMemoryStore, on both engines."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from langgraph.store.base import InvalidNamespaceError, PutOp

from langmem_plus.errors import (
    EmbeddingDimensionError,
    StoreConfigMismatchError,
    ValueNotSerializableError,
)
from langmem_plus.stores import AsyncQdrantStore, QdrantStore
from langmem_plus.stores.calls import Scroll, Where
from langmem_plus.stores.payload import namespace_filter, stored_row
from unit_tests.fakes import FakeWordEmbeddings

ENGINES = ["qdrant_edge", "qdrant_local"]


def open_store(engine: str, tmp_path: Path, **kwargs: object) -> QdrantStore:
    if engine == "qdrant_edge":
        return QdrantStore(path=tmp_path / "edge", **kwargs)  # type: ignore[arg-type]
    return QdrantStore(location=":memory:", **kwargs)  # type: ignore[arg-type]


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store(engine: str, tmp_path: Path) -> Iterator[QdrantStore]:
    s = open_store(engine, tmp_path, index={"fields": ["text"]})
    yield s
    s.close()


def test_bm25_ranks_by_relevance_without_any_embedding_model(store: QdrantStore) -> None:
    ns = ("memories", "alice")
    store.put(ns, "db", {"text": "Project Atlas uses a PostgreSQL 16 database"})
    store.put(ns, "units", {"text": "Alice prefers metric units"})
    store.put(ns, "city", {"text": "Alice lives in Berlin"})
    hits = store.search(ns, query="which database does atlas use")
    assert hits[0].key == "db"
    assert hits[0].score is not None and hits[0].score > 0
    # Items sharing no term still come back (a query is not a filter), after the matches.
    assert {h.key for h in hits} == {"db", "units", "city"}
    assert all(h.score is None for h in hits[1:])


def test_a_store_without_index_treats_query_as_langgraph_does(engine: str, tmp_path: Path) -> None:
    with open_store(engine, tmp_path) as plain:
        plain.put(("n",), "a", {"text": "alpha"})
        plain.put(("n",), "b", {"text": "beta"})
        hits = plain.search(("n",), query="alpha")
        assert {h.key for h in hits} == {"a", "b"}
        assert all(h.score is None for h in hits)


def test_explicit_index_fields_switch_on_bm25_for_those_items(engine: str, tmp_path: Path) -> None:
    with open_store(engine, tmp_path) as plain:
        plain.put(("facts",), "a", {"text": "likes green tea"}, index=["text"])
        plain.put(("facts",), "b", {"text": "drives a red car"}, index=["text"])
        hits = plain.search(("facts",), query="red car")
        assert hits[0].key == "b" and hits[0].score is not None


def test_dense_search_scores_are_similarities(engine: str, tmp_path: Path) -> None:
    emb = FakeWordEmbeddings()
    cfg = {"dims": emb.dims, "embed": emb, "fields": ["text"]}
    with open_store(engine, tmp_path, index=cfg) as s:
        s.put(("d",), "x", {"text": "green apple pie"})
        s.put(("d",), "y", {"text": "blue car engine"})
        hits = s.search(("d",), query="green apple pie")
        assert hits[0].key == "x"
        assert hits[0].score == pytest.approx(1.0, abs=1e-3)


def test_hybrid_fuses_dense_and_bm25(engine: str, tmp_path: Path) -> None:
    emb = FakeWordEmbeddings()
    cfg = {"dims": emb.dims, "embed": emb, "hybrid": True, "fields": ["text"]}
    with open_store(engine, tmp_path, index=cfg) as s:
        s.put(("h",), "x", {"text": "Atlas runs PostgreSQL 16"})
        s.put(("h",), "y", {"text": "Beacon runs MySQL 8"})
        hits = s.search(("h",), query="PostgreSQL")
        assert [h.key for h in hits] == ["x", "y"]


@pytest.mark.parametrize(("distance", "sign"), [("dot", 1), ("euclid", -1)])
def test_distance_choice(engine: str, tmp_path: Path, distance: str, sign: int) -> None:
    emb = FakeWordEmbeddings()
    with open_store(
        engine,
        tmp_path,
        index={"dims": emb.dims, "embed": emb, "distance": distance, "fields": ["text"]},
    ) as s:
        s.put(("d",), "near", {"text": "red apple"})
        s.put(("d",), "far", {"text": "quantum physics lecture"})
        hits = s.search(("d",), query="red apple")
        assert hits[0].key == "near"
        assert hits[0].score is not None and hits[1].score is not None
        assert hits[0].score > hits[1].score
        if sign < 0:
            assert hits[0].score == pytest.approx(0.0, abs=1e-3)  # -distance, exact match


def test_fact_fields_are_promoted_and_filtered_by_the_engine(store: QdrantStore) -> None:
    fact = {
        "fact_id": "f1",
        "user_id": "alice",
        "predicate": "city",
        "object": "Berlin",
        "subject": "user",
        "text": "Alice lives in Berlin",
        "valid_to": None,
        "expired_at": None,
        "valid_from": "2026-05-01T00:00:00+00:00",
    }
    old = {
        **fact,
        "fact_id": "f0",
        "object": "Munich",
        "text": "Alice lived in Munich",
        "valid_to": "2026-05-01T00:00:00+00:00",
    }
    store.put(("facts", "alice"), "f1", fact)
    store.put(("facts", "alice"), "f0", old)
    current = store.search(
        ("facts",), filter={"user_id": "alice", "predicate": "city", "valid_to": None}
    )
    assert [i.key for i in current] == ["f1"]
    # The filter runs inside Qdrant: the engine itself answers with the promoted fields.
    ns = namespace_filter(("facts",), by_prefix=store._prefix_index())  # the store's layout
    flt = Where(must=(ns,))  # type: ignore[arg-type]
    records = store._engine.execute(Scroll(filter=flt, limit=10))
    promoted = {r.payload["fact_id"]: r.payload for r in records}
    assert promoted["f1"]["user_id"] == "alice" and promoted["f1"]["predicate"] == "city"
    assert "valid_to" not in promoted["f1"] and promoted["f0"]["valid_to"].startswith("2026")


def test_bad_values_and_namespaces_apply_nothing(store: QdrantStore) -> None:
    store.put(("ok",), "k", {"v": "original"})
    with pytest.raises(ValueNotSerializableError, match="'when'"):
        store.batch(
            [
                PutOp(("ok",), "k", {"v": "changed"}),
                PutOp(("ok",), "when", {"at": datetime(2026, 1, 1)}),
            ]
        )
    with pytest.raises(InvalidNamespaceError):
        store.batch([PutOp(("ok",), "k", {"v": "changed"}), PutOp(("a.b",), "k", {})])
    item = store.get(("ok",), "k")
    assert item is not None and item.value == {"v": "original"}
    assert store.get(("ok",), "when") is None


def test_wrong_embedding_size_is_a_clear_error(engine: str, tmp_path: Path) -> None:
    emb = FakeWordEmbeddings(dims=8)
    with open_store(engine, tmp_path, index={"dims": 16, "embed": emb}) as s:
        with pytest.raises(EmbeddingDimensionError, match=r"8 dimensions.*dims=16"):
            s.put(("d",), "k", {"text": "hello"})
        assert s.get(("d",), "k") is None


def test_reopening_an_edge_path_keeps_data_and_checks_config(tmp_path: Path) -> None:
    emb = FakeWordEmbeddings(dims=8)
    with QdrantStore(path=tmp_path / "s", index={"dims": 8, "embed": emb}) as s:
        s.put(("p",), "k", {"text": "persisted"})
    with QdrantStore(path=tmp_path / "s", index={"dims": 8, "embed": emb}) as s:
        item = s.get(("p",), "k")
        assert item is not None and item.value == {"text": "persisted"}
    with pytest.raises(StoreConfigMismatchError, match="dims: stored 8, asked 16"):
        QdrantStore(path=tmp_path / "s", index={"dims": 16, "embed": FakeWordEmbeddings(16)})


def test_reusing_a_collection_with_other_vectors_is_a_clear_error() -> None:
    from qdrant_client import QdrantClient

    client = QdrantClient(location=":memory:")
    QdrantStore(client=client, collection_name="c")
    emb = FakeWordEmbeddings(dims=8)
    with pytest.raises(StoreConfigMismatchError, match="no 'dense' vector"):
        QdrantStore(client=client, collection_name="c", index={"dims": 8, "embed": emb})


def test_exactly_one_target_is_required() -> None:
    with pytest.raises(ValueError, match="exactly one of path="):
        QdrantStore()
    with pytest.raises(ValueError, match="exactly one of path="):
        QdrantStore(path="/tmp/x", location=":memory:")


def test_expired_items_are_never_returned_and_the_sweeper_deletes_them(store: QdrantStore) -> None:
    store.put(("t",), "short", {"v": 1}, ttl=0.5 / 60)  # half a second
    store.put(("t",), "long", {"v": 2}, ttl=10)
    store.put(("t",), "forever", {"v": 3}, ttl=None)
    store.put(("gone",), "only", {"v": 4}, ttl=0.5 / 60)
    time.sleep(0.7)
    assert store.get(("t",), "short") is None
    assert {i.key for i in store.search(("t",))} == {"long", "forever"}
    assert store.list_namespaces() == [("t",)]  # a namespace of expired items only is gone
    store.sweep_ttl()
    records = store._engine.execute(Scroll(filter=None, limit=None))
    assert sorted(json.dumps(stored_row(r.payload)[0]) for r in records) == ['"forever"', '"long"']


def test_refresh_on_read_extends_expiry(engine: str, tmp_path: Path) -> None:
    ttl = {"default_ttl": 1.0 / 60, "refresh_on_read": True}
    with open_store(engine, tmp_path, ttl=ttl) as s:
        s.put(("r",), "k", {"v": 1})
        for _ in range(3):
            time.sleep(0.5)
            assert s.get(("r",), "k") is not None  # each read pushes expiry 1 s out
        time.sleep(1.2)
        assert s.get(("r",), "k", refresh_ttl=False) is None


def test_background_sweeper_starts_and_stops(store: QdrantStore) -> None:
    sweeper = store.start_ttl_sweeper(sweep_interval_minutes=0.2 / 60)
    store.put(("s",), "k", {"v": 1}, ttl=0.1 / 60)
    deadline = time.time() + 5
    while time.time() < deadline:
        if not store._engine.execute(Scroll(filter=None, limit=None)):
            break
        time.sleep(0.1)
    assert store._engine.execute(Scroll(filter=None, limit=None)) == []
    assert store.stop_ttl_sweeper(timeout=2)
    assert not sweeper.running


async def test_async_store_on_edge_and_local(tmp_path: Path) -> None:
    for target in ({"path": tmp_path / "a"}, {"location": ":memory:"}):
        async with AsyncQdrantStore(**target, index={"fields": ["text"]}) as s:  # type: ignore[arg-type]
            await asyncio.gather(
                *(s.aput(("u", "a"), f"k{i}", {"text": f"note {i}"}) for i in range(50))
            )
            assert len(await s.asearch(("u",), limit=100)) == 50
            hits = await s.asearch(("u",), query="note 7")
            assert hits[0].key == "k7"
            assert await s.alist_namespaces() == [("u", "a")]


def test_fact_memory_trusts_store_scores_only_from_a_dense_model(tmp_path: Path) -> None:
    from langmem_plus import FactMemory

    emb = FakeWordEmbeddings()
    with (
        QdrantStore(path=tmp_path / "bm25", index={"fields": ["text"]}) as lexical,
        QdrantStore(path=tmp_path / "dense", index={"dims": emb.dims, "embed": emb}) as dense,
        QdrantStore(
            path=tmp_path / "hybrid", index={"dims": emb.dims, "embed": emb, "hybrid": True}
        ) as hybrid,
    ):
        assert FactMemory(lexical).plans.use_store_scores is False
        assert FactMemory(dense).plans.use_store_scores is True
        assert FactMemory(hybrid).plans.use_store_scores is False


def test_opening_an_edge_path_twice_says_it_is_in_use(tmp_path: Path) -> None:
    from langmem_plus.errors import StoreInUseError

    with QdrantStore(path=tmp_path / "s"):
        with pytest.raises(StoreInUseError, match="already open in another QdrantStore"):
            QdrantStore(path=tmp_path / "s")
    with QdrantStore(path=tmp_path / "s") as again:  # closed: free to open
        assert again.get(("x",), "y") is None
