"""BaseStore behaviour that must be identical on InMemoryStore and both QdrantStore engines."""

from __future__ import annotations

import asyncio
import threading

import pytest
from langgraph.store.base import BaseStore, GetOp, PutOp, SearchOp
from langgraph.store.memory import InMemoryStore


def test_put_get_update_delete_round_trip(base_store: BaseStore) -> None:
    base_store.put(("users", "u1"), "prefs", {"units": "metric", "n": 1})
    item = base_store.get(("users", "u1"), "prefs")
    assert item is not None and item.value == {"units": "metric", "n": 1}
    created = item.created_at

    base_store.put(("users", "u1"), "prefs", {"units": "imperial"})
    updated = base_store.get(("users", "u1"), "prefs")
    assert updated is not None and updated.value == {"units": "imperial"}
    if not isinstance(base_store, InMemoryStore):
        # InMemoryStore resets created_at on update; PostgresStore and QdrantStore keep it.
        assert updated.created_at == created
    assert updated.updated_at >= item.updated_at

    base_store.delete(("users", "u1"), "prefs")
    assert base_store.get(("users", "u1"), "prefs") is None


def test_search_is_scoped_by_whole_namespace_labels(base_store: BaseStore) -> None:
    base_store.put(("users", "1"), "a", {"v": 1})
    base_store.put(("users", "12"), "b", {"v": 2})
    base_store.put(("users", "1", "notes"), "c", {"v": 3})
    found = {i.key for i in base_store.search(("users", "1"), limit=50)}
    assert found == {"a", "c"}


@pytest.mark.parametrize(
    ("flt", "expected"),
    [
        ({"color": "red"}, {"apple", "car"}),
        ({"color": {"$ne": "red"}}, {"leaf", "sky"}),
        ({"score": {"$gt": 3}}, {"apple", "leaf"}),
        ({"score": {"$gte": 3, "$lt": 4.5}}, {"car", "leaf"}),
        ({"score": {"$lte": 2}}, {"sky"}),
        ({"tags": ["x", "y"]}, {"apple"}),
        ({"meta": {"size": "big"}}, {"car"}),
        ({"color": "red", "score": {"$lt": 4}}, {"car"}),
        ({"missing": None}, {"apple", "car", "leaf", "sky"}),
        ({"owner": None}, {"apple", "car", "leaf"}),
        ({"fresh": True}, {"apple", "leaf"}),
        ({"fresh": False}, {"car"}),
        ({"fresh": {"$ne": True}}, {"car", "sky"}),
    ],
)
def test_filters_match_langgraph_semantics(
    base_store: BaseStore, flt: dict[str, object], expected: set[str]
) -> None:
    rows = {
        "apple": {"color": "red", "score": 4.5, "tags": ["x", "y"], "fresh": True},
        "car": {"color": "red", "score": 3, "meta": {"size": "big"}, "fresh": False},
        "leaf": {"color": "green", "score": 3.5, "fresh": True},
        "sky": {"color": "blue", "score": 2, "owner": "ann"},
    }
    for key, value in rows.items():
        base_store.put(("things",), key, value)
    assert {i.key for i in base_store.search(("things",), filter=flt, limit=50)} == expected


def test_pagination_pages_cover_everything_once(base_store: BaseStore) -> None:
    for i in range(23):
        base_store.put(("page",), f"k{i:02d}", {"i": i})
    keys: list[str] = []
    for offset in range(0, 30, 5):
        keys += [i.key for i in base_store.search(("page",), limit=5, offset=offset)]
    assert sorted(keys) == [f"k{i:02d}" for i in range(23)]


def test_list_namespaces_prefix_suffix_wildcard_depth(base_store: BaseStore) -> None:
    for ns in [("a", "x", "1"), ("a", "y", "1"), ("a", "y", "2"), ("b", "x", "1")]:
        base_store.put(ns, "k", {"v": 1})
    assert base_store.list_namespaces(prefix=("a",)) == [
        ("a", "x", "1"),
        ("a", "y", "1"),
        ("a", "y", "2"),
    ]
    assert base_store.list_namespaces(suffix=("1",), prefix=("*", "x")) == [
        ("a", "x", "1"),
        ("b", "x", "1"),
    ]
    assert base_store.list_namespaces(max_depth=2) == [("a", "x"), ("a", "y"), ("b", "x")]
    assert base_store.list_namespaces(limit=2, offset=1) == [("a", "y", "1"), ("a", "y", "2")]


def test_batch_reads_see_state_before_its_writes(base_store: BaseStore) -> None:
    base_store.put(("b",), "k", {"v": 1})
    got, _, found = base_store.batch(
        [
            GetOp(("b",), "k"),
            PutOp(("b",), "k", {"v": 2}),
            SearchOp(("b",)),
        ]
    )
    assert got is not None and got.value == {"v": 1}
    assert [i.value for i in found] == [{"v": 1}]  # type: ignore[union-attr]
    item = base_store.get(("b",), "k")
    assert item is not None and item.value == {"v": 2}


def test_concurrent_threads_and_tasks_lose_no_write(base_store: BaseStore) -> None:
    def writer(n: int) -> None:
        for i in range(25):
            base_store.put(("conc", str(n)), f"k{i}", {"n": n, "i": i})

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    async def awriter(n: int) -> None:
        for i in range(25):
            await base_store.aput(("conc", str(n)), f"k{i}", {"n": n, "i": i})

    async def main() -> None:
        await asyncio.gather(*(awriter(n) for n in range(4, 8)))

    asyncio.run(main())
    assert len(base_store.search(("conc",), limit=1000)) == 8 * 25
