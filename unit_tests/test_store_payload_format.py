"""The stored payload: the engine gets only what it filters on, and a store written by the
previous release (the whole value under ``value``, no ``doc``) still opens, reads, filters
and takes new writes (issue 14)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from langgraph.store.base import PutOp

from langmem_plus.stores import QdrantStore
from langmem_plus.stores.calls import PointData, Retrieve, Upsert
from langmem_plus.stores.payload import build_payload, point_id

NS = ("langmem_plus", "ines", "facts")

PREVIOUS_FACT_FIELDS = (
    "fact_id", "user_id", "scope", "kind", "subject", "predicate", "object",
    "valid_from", "valid_to", "asserted_at", "expired_at",
)
"""What the releases before issue 14 promoted to the top of the payload."""

ROWS: dict[str, dict[str, Any]] = {
    "lisbon": {
        "user_id": "ines",
        "predicate": "city",
        "object": "Lisbon",
        "text": "Ines lives in Lisbon",
        "status": "active",
        "seen": 2,
        "tags": ["home", "city"],
        "quote": None,
        "meta": {"source": "chat"},
    },
    "tea": {
        "user_id": "ines",
        "predicate": "drink",
        "object": "tea",
        "text": "Ines drinks green tea",
        "status": "archived",
        "seen": 1,
        "tags": "drink",
        "quote": "I love tea",
    },
}


def _previous_release_payload(store: QdrantStore, key: str, value: dict[str, Any]) -> PointData:
    """A point exactly as the release before ``doc`` wrote it."""
    now = time.time()
    payload: dict[str, Any] = {
        "ns": ".".join(NS),
        "ns_prefixes": [".".join(NS[: i + 1]) for i in range(len(NS))],
        "key": key,
        "value": value,
        "created_at": now - 60.0,
        "updated_at": now - 60.0,
    }
    for name in PREVIOUS_FACT_FIELDS:
        v = value.get(name)
        if isinstance(v, (str, int, float, bool)):
            payload[name] = v
    sparse = store._bm25.document(value["text"])
    return PointData(id=point_id(NS, key), payload=payload, sparse=sparse)


def _old_store(path: Path) -> None:
    store = QdrantStore(path=path, index={"fields": ["text"]})
    points = [_previous_release_payload(store, k, v) for k, v in ROWS.items()]
    store._engine.execute(Upsert(points=points))
    store.close()


def test_a_store_written_by_the_previous_release_still_reads_and_filters(tmp_path: Path) -> None:
    _old_store(tmp_path / "edge")
    with QdrantStore(path=tmp_path / "edge", index={"fields": ["text"]}) as store:
        item = store.get(NS, "lisbon")
        assert item is not None and item.value == ROWS["lisbon"]
        assert {i.key for i in store.search(NS, filter={"status": "active"})} == {"lisbon"}
        assert {i.key for i in store.search(NS, filter={"tags": "drink"})} == {"tea"}
        assert {i.key for i in store.search(NS, filter={"seen": {"$gt": 1}})} == {"lisbon"}
        assert {i.key for i in store.search(NS, filter={"quote": None})} == {"lisbon"}
        assert {i.key for i in store.search(NS, filter={"predicate": "drink"})} == {"tea"}
        hits = store.search(NS, query="green tea", filter={"user_id": "ines"})
        assert [h.key for h in hits][:1] == ["tea"] and hits[0].value == ROWS["tea"]
        assert store.list_namespaces(prefix=("langmem_plus",)) == [NS]

        # a new write over an old row keeps its creation time and reads back whole
        created = item.created_at
        store.put(NS, "lisbon", {**ROWS["lisbon"], "status": "moved"})
        again = store.get(NS, "lisbon")
        assert again is not None and again.created_at == created
        assert again.value == {**ROWS["lisbon"], "status": "moved"}
        assert {i.key for i in store.search(NS, filter={"status": "moved"})} == {"lisbon"}


def test_a_new_row_carries_no_creation_time_and_a_rewrite_keeps_its_first(
    tmp_path: Path,
) -> None:
    """A first write's creation time is its ``updated_at`` (one payload value fewer, #14);
    the rewrite of such a row, and of an older row that has one, keeps the first time."""
    with QdrantStore(path=tmp_path / "edge") as store:
        store.put(NS, "a", {"v": 1})
        (rec,) = store._engine.execute(Retrieve(ids=[point_id(NS, "a")]))
        assert "created_at" not in rec.payload
        first = store.get(NS, "a")
        assert first is not None and first.created_at == first.updated_at
        time.sleep(0.01)
        store.put(NS, "a", {"v": 2})
        again = store.get(NS, "a")
        assert again is not None and again.value == {"v": 2}
        assert again.created_at == first.created_at < again.updated_at
        store.put(NS, "a", {"v": 3})
        third = store.get(NS, "a")
        assert third is not None and third.created_at == first.created_at


def test_the_engine_gets_one_json_text_and_only_the_fact_fields_it_filters_on() -> None:
    value = ROWS["lisbon"]
    p = build_payload(NS, "lisbon", value, created_at=1.0, updated_at=1.0, ttl_minutes=None)
    # the value's other keys (scalars, lists, dicts, nulls) are only in the text: every
    # payload value costs the engine a conversion, and nothing filters on them there
    assert set(p) == {"ns", "ns_prefixes", "doc", "created_at", "updated_at",
                      "user_id", "predicate"}
    assert p["user_id"] == "ines" and p["predicate"] == "city"
    assert '"tags":["home","city"]' in p["doc"] and '"status":"active"' in p["doc"]


def test_a_row_stores_only_its_namespace_s_proper_prefixes() -> None:
    """``ns`` holds the namespace; ``ns_prefixes`` only the ones above it, as one string
    when there is one: the binding converts every string and list element at a cost
    (#14), and the namespace itself is already in ``ns``."""

    def fields(ns: tuple[str, ...]) -> dict[str, Any]:
        p = build_payload(ns, "k", {"kind": "fact"}, created_at=1.0, updated_at=1.0,
                          ttl_minutes=None)
        return {k: p[k] for k in ("ns", "ns_prefixes") if k in p}

    assert fields(("memories",)) == {"ns": "memories"}
    assert fields(("memories", "ines")) == {"ns": "memories.ines", "ns_prefixes": "memories"}
    assert fields(NS) == {"ns": "langmem_plus.ines.facts",
                          "ns_prefixes": ["langmem_plus", "langmem_plus.ines"]}
    # ``kind`` is not promoted: nothing filters on it in the engine
    assert "kind" not in build_payload(NS, "k", {"kind": "fact"}, created_at=1.0,
                                       updated_at=1.0, ttl_minutes=None)


NAMESPACES = [("memories",), ("memories", "ines"), ("memories", "inesa"),
              ("memories", "ines", "notes"), ("other", "ines")]


def _old_namespace_layout(path: Path) -> None:
    """Rows as releases before this change wrote them: ``ns_prefixes`` a list of every
    prefix, the namespace itself included, ``kind`` promoted, and the key under ``key``
    beside a ``doc`` of the value alone."""
    store = QdrantStore(path=path)
    points = []
    for ns in NAMESPACES:
        p = build_payload(ns, "old", {"kind": "fact", "n": 1}, created_at=1.0, updated_at=1.0,
                          ttl_minutes=None)
        p["ns_prefixes"] = [".".join(ns[: i + 1]) for i in range(len(ns))]
        p["kind"] = "fact"
        p["key"], p["doc"] = "old", '{"kind":"fact","n":1}'  # the key beside the value
        points.append(PointData(id=point_id(ns, "old"), payload=p))
    store._engine.execute(Upsert(points=points))
    store.close()


def test_namespace_search_and_listing_agree_across_both_layouts(tmp_path: Path) -> None:
    _old_namespace_layout(tmp_path / "edge")
    with QdrantStore(path=tmp_path / "edge") as store:
        store.batch([PutOp(ns, "new", {"kind": "fact", "n": 2}) for ns in NAMESPACES])

        def found(prefix: tuple[str, ...]) -> set[tuple[tuple[str, ...], str]]:
            return {(i.namespace, i.key) for i in store.search(prefix, limit=100)}

        for prefix in [("memories",), ("memories", "ines"), ("memories", "ines", "notes"),
                       ("memories", "inesa"), ("other",), ("memories", "ine")]:
            below = [ns for ns in NAMESPACES if ns[: len(prefix)] == prefix]
            assert found(prefix) == {(ns, k) for ns in below for k in ("old", "new")}, prefix
        assert store.list_namespaces() == sorted(NAMESPACES)
        assert store.list_namespaces(prefix=("memories", "ines")) == [
            ("memories", "ines"), ("memories", "ines", "notes")
        ]
        assert store.list_namespaces(prefix=("memories",), max_depth=2) == [
            ("memories",), ("memories", "ines"), ("memories", "inesa")
        ]
        got = {(i.namespace, i.key)
               for i in store.search(("memories",), filter={"kind": "fact"}, limit=100)}
        assert got == {(ns, k) for ns in NAMESPACES[:4] for k in ("old", "new")}
        old = store.get(("memories", "ines"), "old")
        assert old is not None and old.value == {"kind": "fact", "n": 1}
        hits = store.search(("memories", "ines"), filter={"n": 1})
        assert sorted((h.namespace, h.key, h.value["n"]) for h in hits) == [
            (("memories", "ines"), "old", 1), (("memories", "ines", "notes"), "old", 1)
        ]
        # an old row rewritten takes the new layout and keeps its creation time
        store.put(("memories", "ines"), "old", {"kind": "fact", "n": 3})
        again = store.get(("memories", "ines"), "old")
        assert again is not None and again.value == {"kind": "fact", "n": 3}
        assert again.created_at == old.created_at


def test_new_rows_filter_exactly_as_before(tmp_path: Path) -> None:
    with QdrantStore(path=tmp_path / "edge") as store:
        store.batch([PutOp(NS, k, v) for k, v in ROWS.items()])
        assert store.get(NS, "tea").value == ROWS["tea"]  # type: ignore[union-attr]
        assert {i.key for i in store.search(NS, filter={"tags": "drink"})} == {"tea"}
        assert {i.key for i in store.search(NS, filter={"tags": ["home", "city"]})} == {"lisbon"}
        assert {i.key for i in store.search(NS, filter={"meta": {"source": "chat"}})} == {
            "lisbon"
        }
        assert {i.key for i in store.search(NS, filter={"quote": None})} == {"lisbon"}
        assert {i.key for i in store.search(NS, filter={"seen": 1})} == {"tea"}
        assert {i.key for i in store.search(NS, filter={"status": {"$ne": "active"}})} == {"tea"}
        assert {i.key for i in store.search(NS, filter={"seen": {"$gte": 2}})} == {"lisbon"}
        hits = store.search(NS, query="tea", filter={"status": "archived"}, limit=1)
        assert [h.key for h in hits] == ["tea"]


def test_rows_of_both_formats_in_one_namespace_filter_alike(tmp_path: Path) -> None:
    _old_store(tmp_path / "edge")
    with QdrantStore(path=tmp_path / "edge", index={"fields": ["text"]}) as store:
        store.put(NS, "cafe", {**ROWS["tea"], "object": "coffee", "status": "active"})
        assert {i.key for i in store.search(NS, filter={"status": "active"})} == {"lisbon", "cafe"}
        assert {i.key for i in store.search(NS, filter={"seen": 1})} == {"tea", "cafe"}
        assert {i.key for i in store.search(NS, filter={"object": "coffee"})} == {"cafe"}
        assert {i.key for i in store.search(NS, filter={"object": "Lisbon"})} == {"lisbon"}
        assert {i.key for i in store.search(NS, filter={"object": {"$gt": "b"}})} == {
            "cafe", "tea"
        }


def _stored(store: QdrantStore, ns: tuple[str, ...], key: str) -> dict[str, Any]:
    (rec,) = store._engine.execute(Retrieve(ids=[point_id(ns, key)]))
    return rec.payload


def _plain_ns_index(path: Path) -> None:
    """A store whose shard has the plain keyword index on ``ns`` that releases before the
    prefix index made, with rows they wrote (``ns_prefixes`` beside ``ns``)."""
    import qdrant_edge as qe

    store = QdrantStore(path=path)
    store._engine._shard.update(
        qe.UpdateOperation.create_field_index("ns", qe.PayloadSchemaType.Keyword)
    )
    points = []
    for ns in NAMESPACES:
        p = build_payload(ns, "old", {"n": 1}, created_at=1.0, updated_at=1.0, ttl_minutes=None)
        points.append(PointData(id=point_id(ns, "old"), payload=p))
    store._engine.execute(Upsert(points=points))
    store.close()


def _found(store: QdrantStore, prefix: tuple[str, ...]) -> set[tuple[tuple[str, ...], str]]:
    return {(i.namespace, i.key) for i in store.search(prefix, limit=100)}


def _below(prefix: tuple[str, ...], keys: tuple[str, ...]) -> set[tuple[tuple[str, ...], str]]:
    return {(ns, k) for ns in NAMESPACES if ns[: len(prefix)] == prefix for k in keys}


PREFIXES = [("memories",), ("memories", "ines"), ("memories", "ine"), ("other",), ("mem",)]


def test_a_new_edge_store_finds_namespaces_by_prefix_without_ns_prefixes(
    tmp_path: Path,
) -> None:
    """A shard this release creates indexes ``ns`` for prefix matching, so a row carries
    no ``ns_prefixes`` (the binding's dearest value on a fact row, #14) and a prefix
    search still matches whole labels only."""
    with QdrantStore(path=tmp_path / "edge") as store:
        assert store._engine.prefix_index
        store.batch([PutOp(ns, "new", {"n": 2}) for ns in NAMESPACES])
        assert "ns_prefixes" not in _stored(store, ("memories", "ines", "notes"), "new")
        for prefix in PREFIXES:
            assert _found(store, prefix) == _below(prefix, ("new",)), prefix
        assert store.list_namespaces(prefix=("memories", "ines")) == [
            ("memories", "ines"), ("memories", "ines", "notes")
        ]
        hits = store.search(("memories",), filter={"n": 2}, limit=100)
        assert len(hits) == 4


def test_a_store_made_before_the_prefix_index_keeps_its_layout_until_compacted(
    tmp_path: Path,
) -> None:
    """An older shard (plain ``ns`` index) keeps getting ``ns_prefixes`` and its searches
    filter on them, so old and new rows are found alike; ``compact()`` rebuilds the shard
    with the prefix index, after which new rows go without them and every row is found."""
    _plain_ns_index(tmp_path / "edge")
    with QdrantStore(path=tmp_path / "edge") as store:
        assert not store._engine.prefix_index
        store.batch([PutOp(ns, "mid", {"n": 2}) for ns in NAMESPACES])
        assert _stored(store, ("memories", "ines", "notes"), "mid")["ns_prefixes"] == [
            "memories", "memories.ines"
        ]
        for prefix in PREFIXES:
            assert _found(store, prefix) == _below(prefix, ("old", "mid")), prefix
        store.compact()
        assert store._engine.prefix_index
        store.batch([PutOp(ns, "new", {"n": 3}) for ns in NAMESPACES])
        assert "ns_prefixes" not in _stored(store, ("memories", "ines", "notes"), "new")
        for prefix in PREFIXES:
            assert _found(store, prefix) == _below(prefix, ("old", "mid", "new")), prefix
    with QdrantStore(path=tmp_path / "edge") as store:  # the rebuilt index is kept
        assert store._engine.prefix_index
        assert _found(store, ("memories", "ines")) == _below(
            ("memories", "ines"), ("old", "mid", "new")
        )
