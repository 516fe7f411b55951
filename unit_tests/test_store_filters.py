"""Search filters mean what they mean in LangGraph's stores (docs/store.md, "Filters").

Where InMemoryStore and PostgresStore agree, all three engines are checked against each other
(``base_store``); where they differ (ranges on strings: PostgresStore compares text,
InMemoryStore raises), the Qdrant engines are checked against PostgresStore's meaning.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import BaseStore, InvalidNamespaceError, PutOp
from langgraph.store.memory import InMemoryStore

from langmem_plus.stores import QdrantStore
from langmem_plus.stores.payload import translate_filter

QDRANT_ENGINES = ["qdrant_edge", "qdrant_local"]
NS = ("langmem_plus", "ines", "facts")


@pytest.fixture(params=QDRANT_ENGINES)
def qstore(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[QdrantStore]:
    store = (
        QdrantStore(path=tmp_path / "edge")
        if request.param == "qdrant_edge"
        else QdrantStore(location=":memory:")
    )
    yield store
    store.close()


def keys(store: BaseStore, flt: dict[str, Any], ns: tuple[str, ...] = NS) -> set[str]:
    return {i.key for i in store.search(ns, filter=flt, limit=100)}


# ---- ranges on strings compare as text, as PostgresStore does -----------------------------

WINDOWS = {
    # The store's own validity windows: ISO timestamps in promoted fact fields.
    "lisbon": {"user_id": "ines", "object": "Lisbon", "valid_to": "2024-06-01T00:00:00+00:00"},
    "madrid": {"user_id": "ines", "object": "Madrid", "valid_to": "2024-09-15T12:30:00+00:00"},
    "paris": {"user_id": "ines", "object": "Paris", "valid_to": None},
    "rome": {"user_id": "ines", "object": "Rome"},
}


@pytest.mark.parametrize(
    ("flt", "expected"),
    [
        ({"valid_to": {"$gt": "2024-06-30T00:00:00+00:00"}}, {"madrid"}),
        ({"valid_to": {"$gte": "2024-06-01T00:00:00+00:00"}}, {"lisbon", "madrid"}),
        ({"valid_to": {"$lt": "2024-06-30T00:00:00+00:00"}}, {"lisbon"}),
        ({"valid_to": {"$lte": "2024-09-15T12:30:00+00:00"}}, {"lisbon", "madrid"}),
        (
            {"valid_to": {"$gt": "2024-01-01", "$lt": "2024-07"}, "user_id": "ines"},
            {"lisbon"},
        ),
        ({"object": {"$gte": "M"}}, {"madrid", "paris", "rome"}),
        ({"object": {"$lt": "M"}}, {"lisbon"}),
    ],
)
def test_string_ranges_compare_as_text(
    qstore: QdrantStore, flt: dict[str, Any], expected: set[str]
) -> None:
    for key, value in WINDOWS.items():
        qstore.put(NS, key, value)
    assert keys(qstore, flt) == expected


def test_string_ranges_on_plain_value_fields(qstore: QdrantStore) -> None:
    qstore.put(("tasks",), "a", {"due": "2026-03-01", "owner": "ana"})
    qstore.put(("tasks",), "b", {"due": "2026-11-30", "owner": "bo"})
    qstore.put(("tasks",), "c", {"due": 20260401, "owner": "cy"})  # a number: no text order
    qstore.put(("tasks",), "d", {"owner": "di"})
    assert keys(qstore, {"due": {"$gt": "2026-06-01"}}, ("tasks",)) == {"b"}
    assert keys(qstore, {"due": {"$lte": "2026-06-01"}}, ("tasks",)) == {"a"}
    assert keys(qstore, {"owner": {"$gte": "b", "$lt": "d"}}, ("tasks",)) == {"b", "c"}
    # Text order is code-point order: "Z" < "a".
    qstore.put(("tasks",), "e", {"owner": "Zoe"})
    assert keys(qstore, {"owner": {"$lt": "a"}}, ("tasks",)) == {"e"}


def test_a_range_matches_only_values_of_its_own_type(qstore: QdrantStore) -> None:
    rows = {"num": {"n": 7}, "text": {"n": "7"}, "flag": {"n": True}, "list": {"n": [7, 8]}}
    for key, value in rows.items():
        qstore.put(("mixed",), key, value)
    assert keys(qstore, {"n": {"$gt": 5}}, ("mixed",)) == {"num"}
    assert keys(qstore, {"n": {"$gt": "5"}}, ("mixed",)) == {"text"}
    assert keys(qstore, {"n": {"$lte": 7.0}}, ("mixed",)) == {"num"}


# ---- equality is JSON equality; $ne is its negation (InMemoryStore and PostgresStore agree) --

TAGGED = {
    "both": {"tags": ["x", "y"], "n": [1, 2]},
    "only-x": {"tags": ["x"], "n": [1]},
    "scalar": {"tags": "x", "n": 1},
    "other": {"tags": "z", "n": 2},
    "none": {"tags": None},
    "empty": {"tags": [], "n": []},
}


@pytest.mark.parametrize(
    ("flt", "expected"),
    [
        ({"tags": "x"}, {"scalar"}),
        ({"tags": {"$eq": "x"}}, {"scalar"}),
        ({"tags": {"$ne": "x"}}, {"both", "only-x", "other", "none", "empty"}),
        ({"tags": ["x"]}, {"only-x"}),
        ({"tags": {"$ne": ["x", "y"]}}, {"only-x", "scalar", "other", "none", "empty"}),
        ({"n": 1}, {"scalar"}),
        ({"n": {"$ne": 1}}, {"both", "only-x", "other", "none", "empty"}),
        ({"n": 1.0}, {"scalar"}),
        ({"tags": None}, {"none"}),
        ({"tags": []}, {"empty"}),
    ],
)
def test_scalar_equality_never_matches_an_array_element(
    base_store: BaseStore, flt: dict[str, Any], expected: set[str]
) -> None:
    for key, value in TAGGED.items():
        base_store.put(("tagged",), key, value)
    assert keys(base_store, flt, ("tagged",)) == expected


def test_ne_is_the_exact_negation_of_eq(base_store: BaseStore) -> None:
    for key, value in TAGGED.items():
        base_store.put(("tagged",), key, value)
    everything = keys(base_store, {}, ("tagged",))
    for operand in ["x", "z", ["x"], 1, None, []]:
        eq = keys(base_store, {"tags": {"$eq": operand}}, ("tagged",))
        ne = keys(base_store, {"tags": {"$ne": operand}}, ("tagged",))
        assert eq | ne == everything and not eq & ne, operand


def test_true_is_not_one(qstore: QdrantStore) -> None:
    # jsonb (PostgresStore): true = 1 is false. InMemoryStore says True == 1 (Python).
    qstore.put(("flags",), "on", {"flag": True})
    qstore.put(("flags",), "one", {"flag": 1})
    assert keys(qstore, {"flag": 1}, ("flags",)) == {"one"}
    assert keys(qstore, {"flag": True}, ("flags",)) == {"on"}
    assert keys(qstore, {"flag": {"$ne": 1}}, ("flags",)) == {"on"}


# ---- promoted fact fields stay engine filters -----------------------------------------------


def test_fact_fields_are_still_decided_by_the_engine_and_correct(qstore: QdrantStore) -> None:
    flt = {"user_id": "ines", "predicate": "city", "scope": "atlas"}
    must, _, residual = translate_filter(flt)
    assert residual == {} and {c.key for c in must} == set(flt)  # type: ignore[union-attr]
    qstore.put(NS, "a", {"user_id": "ines", "predicate": "city", "scope": "atlas"})
    qstore.put(NS, "b", {"user_id": "ines", "predicate": "city", "scope": ["atlas", "x"]})
    qstore.put(NS, "c", {"user_id": "ines", "predicate": "employer", "scope": "atlas"})
    assert keys(qstore, flt) == {"a"}
    assert keys(qstore, {"scope": {"$ne": "atlas"}}) == {"b"}


def test_kind_is_filtered_on_the_value_with_the_same_meaning(qstore: QdrantStore) -> None:
    """No read filters on ``kind`` in the engine, so it is no longer promoted or indexed
    (#14); a LangGraph filter on it still means what it meant."""
    flt = {"user_id": "ines", "kind": "fact"}
    _, _, residual = translate_filter(flt)
    assert residual == {"kind": "fact"}
    qstore.put(NS, "a", {"user_id": "ines", "predicate": "city", "kind": "fact"})
    qstore.put(NS, "b", {"user_id": "ines", "predicate": "city", "kind": ["fact", "x"]})
    qstore.put(NS, "c", {"user_id": "ines", "predicate": "employer", "kind": "decision"})
    assert keys(qstore, flt) == {"a"}
    assert keys(qstore, {"kind": {"$ne": "fact"}}) == {"b", "c"}


# ---- the empty namespace ---------------------------------------------------------------------


def test_the_empty_namespace_is_refused_for_puts_as_langgraph_does(
    base_store: BaseStore,
) -> None:
    with pytest.raises(InvalidNamespaceError):
        base_store.put((), "k", {"v": 1})  # BaseStore.put refuses () on every store
    if not isinstance(base_store, InMemoryStore):  # InMemoryStore's batch does not check
        with pytest.raises(InvalidNamespaceError, match=r"empty namespace \(\)"):
            base_store.batch([PutOp(("ok",), "k", {"v": 1}), PutOp((), "k", {"v": 1})])
        assert base_store.get(("ok",), "k") is None
        base_store.batch([PutOp((), "k", None)])  # deleting from () stays a no-op
    assert base_store.list_namespaces() == []
    assert base_store.search(()) == []


def test_a_namespace_label_that_no_engine_can_encode_is_refused(qstore: QdrantStore) -> None:
    with pytest.raises(InvalidNamespaceError, match="surrogate"):
        qstore.put(("notes", "x\udc00"), "k", {"v": 1})
    assert qstore.list_namespaces() == []


def test_a_ranked_search_ranks_what_a_python_checked_filter_keeps(tmp_path: Path) -> None:
    """A filter key the engine cannot decide (here: equality with a list) is checked in
    Python; the rows that pass still come back ranked by the query, in rank order, even
    when over a thousand better-ranked rows fail it."""
    store = QdrantStore(path=tmp_path / "edge", index={"fields": ["text"]})
    filler = " ".join(f"w{i}" for i in range(12))
    mine = {  # one "apple" each: the longer the text, the lower its BM25 score
        "best": "apple pear",
        "middle": f"apple pear {filler[:20]}",
        "worst": f"apple pear {filler}",
    }
    for key, text in mine.items():  # put in rank order: newest (worst) first by update
        store.put(("docs",), key, {"text": text, "tag": ["mine"]})
    store.batch(
        [PutOp(("docs",), f"o{i}", {"text": "apple", "tag": ["other"]}) for i in range(1_100)]
    )
    got = store.search(("docs",), query="apple", filter={"tag": ["mine"]}, limit=10)
    assert [i.key for i in got] == ["best", "middle", "worst"]
    assert all(i.score is not None for i in got)
    store.close()
