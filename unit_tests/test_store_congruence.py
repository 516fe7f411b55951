"""Random operation sequences on ``QdrantStore`` agree with LangGraph's ``InMemoryStore``.

Hypothesis draws sequences of put / delete / get / search (filters with equality, ``$ne``,
ranges on numbers and strings, scalars against arrays, nested objects; limit/offset; a query
on a store without an index) / list_namespaces (prefix, suffix, wildcards, max_depth,
limit/offset), runs them on Qdrant Edge (at a temp path) and on qdrant-client's local mode,
and replays them on ``InMemoryStore``. Every read must agree, sequentially and with threads
working on disjoint namespaces.

The differences docs/store.md ("Filters") documents are excluded here as code, each with a
comment: see ``NUMBERS`` (True is not 1), ``split_ranges``/``range_holds`` (ranges) and
``Reference.search`` (order of unscored results). Nothing else is excluded.

Runtime is kept modest for CI with the ``ci`` profile (60 examples per test, no deadline);
``CONGRUENCE_PROFILE=deep`` runs 1000.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langgraph.store.base import BaseStore, InvalidNamespaceError
from langgraph.store.memory import InMemoryStore

from langmem_plus.stores import QdrantStore

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    database=None,  # nothing written into the checkout; failures print their example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile("deep", parent=settings.get_profile("ci"), max_examples=1000)
PROFILE = settings.get_profile(os.environ.get("CONGRUENCE_PROFILE", "ci"))

ENGINES = ["qdrant_edge", "qdrant_local"]

# ---- data -----------------------------------------------------------------------------------

LABELS = ["a", "b"]
KEYS = ["k1", "k2", "k3"]
ISO = [
    "2024-06-01T00:00:00+00:00",
    "2024-06-30T00:00:00+00:00",
    "2024-06-30T02:00:00+02:00",
    "2024-07-01T00:00:00+00:00",
]
# Documented difference "True is not 1": InMemoryStore compares with Python's ``==``, where
# True == 1 and False == 0; QdrantStore follows PostgresStore's jsonb, where they differ. No
# number in the pools equals 0 or 1, so a bool and a number never meet.
NUMBERS = st.sampled_from([-2, 2, 2.0, 2.5, 3, 9, 10])
STRINGS = st.sampled_from(["a", "b", "B", "9", "10", ISO[1], ISO[2], ISO[3]])
SCALARS = st.one_of(NUMBERS, STRINGS, st.booleans(), st.none())
FIELD_VALUES = st.one_of(
    SCALARS,
    SCALARS,
    st.lists(st.one_of(NUMBERS, STRINGS), max_size=3),
    st.fixed_dictionaries({}, optional={"size": SCALARS}),
)
# Plain value fields and fact fields the store promotes to the payload top level (with a
# keyword or datetime index), with values of every type, arrays included. Few fields and
# small pools, so filters often meet the values they could wrongly match.
FIELDS = ["n", "tags", "meta", "valid_to", "kind"]
VALUES = st.fixed_dictionaries({}, optional=dict.fromkeys(FIELDS, FIELD_VALUES))

NAMESPACES = st.lists(st.sampled_from(LABELS), min_size=1, max_size=3).map(tuple)
PREFIXES = st.lists(st.sampled_from(LABELS), max_size=2).map(tuple)
OPERATORS = ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte"]
RANGES = {"$gt", "$gte", "$lt", "$lte"}
OPERANDS = st.one_of(SCALARS, st.lists(st.one_of(NUMBERS, STRINGS), max_size=2))
SPECS = st.one_of(
    FIELD_VALUES,
    st.dictionaries(st.sampled_from(OPERATORS), OPERANDS, min_size=1, max_size=2),
)
FILTERS = st.dictionaries(st.sampled_from(FIELDS), SPECS, min_size=1, max_size=2) | st.just({})
PATTERNS = st.lists(st.sampled_from([*LABELS, "*"]), min_size=1, max_size=2).map(tuple)


@dataclass(frozen=True)
class Op:
    kind: str
    args: dict[str, Any]


PUTS = st.builds(
    Op,
    st.just("put"),
    st.fixed_dictionaries({"ns": NAMESPACES, "key": st.sampled_from(KEYS), "value": VALUES}),
)
SEARCHES = st.builds(
    Op,
    st.just("search"),
    st.fixed_dictionaries(
        {
            "prefix": PREFIXES,
            "filter": FILTERS,
            "limit": st.sampled_from([0, 1, 2, 3, 10, 10]),
            "offset": st.sampled_from([0, 0, 0, 1, 2]),
            "query": st.sampled_from([None, None, "a"]),
        }
    ),
)
OPS = st.one_of(
    PUTS,
    PUTS,
    SEARCHES,
    SEARCHES,
    st.builds(
        Op,
        st.just("delete"),
        st.fixed_dictionaries({"ns": NAMESPACES, "key": st.sampled_from(KEYS)}),
    ),
    st.builds(
        Op,
        st.just("get"),
        st.fixed_dictionaries({"ns": NAMESPACES, "key": st.sampled_from(KEYS)}),
    ),
    st.builds(
        Op,
        st.just("list"),
        st.fixed_dictionaries(
            {
                "prefix": st.none() | PATTERNS,
                "suffix": st.none() | PATTERNS,
                "max_depth": st.none() | st.integers(1, 3),
                "limit": st.integers(1, 10),
                "offset": st.integers(0, 3),
            }
        ),
    ),
)


@st.composite
def probe(draw: st.DrawFn, value: dict[str, Any]) -> Op:
    """A search whose filter is built from a value put earlier in the script: that value
    itself, an element of it (the array case) or a neighbour for ranges, under every
    operator, so filters meet the values they could wrongly match."""
    field = draw(st.sampled_from(sorted(value) or FIELDS))
    stored = value.get(field)
    candidates = [stored]
    if isinstance(stored, list):
        candidates += stored
    if isinstance(stored, dict):
        candidates += list(stored.values())
    operand = draw(st.sampled_from(candidates) | OPERANDS)
    op = draw(st.sampled_from([None, *OPERATORS]))
    flt: dict[str, Any] = {field: operand if op is None else {op: operand}}
    if draw(st.booleans()):
        flt.update(draw(FILTERS))
    return Op(
        "search",
        {
            "prefix": draw(st.just(()) | PREFIXES),
            "filter": flt,
            "limit": draw(st.sampled_from([1, 3, 10, 10])),
            "offset": draw(st.sampled_from([0, 0, 1])),
            "query": None,
        },
    )


@st.composite
def scripts(draw: st.DrawFn, *, min_size: int, max_size: int, empty_namespace: bool) -> list[Op]:
    """A sequence of ops; a third of the searches probe values put before them."""
    ops: list[Op] = []
    values: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(min_size, max_size))):
        choice = draw(st.integers(0, 9))
        if choice < 3 and values:
            ops.append(draw(probe(draw(st.sampled_from(values)))))
            continue
        if choice == 9 and empty_namespace:
            ops.append(Op("put_empty_namespace", {}))
            continue
        op = draw(OPS)
        if op.kind == "put":
            values.append(op.args["value"])
        ops.append(op)
    return ops


# ---- the documented differences, as code ------------------------------------------------------


def split_ranges(flt: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str, Any]]]:
    """Documented difference "ranges": InMemoryStore applies ``float()`` to both sides of
    ``$gt``/``$gte``/``$lt``/``$lte`` (it raises on ``"2024-06-30..."`` or a missing key, and
    compares ``"10"`` and ``"9"`` as numbers); QdrantStore compares strings as text, as
    PostgresStore does. The reference hands InMemoryStore the rest of the filter and checks the
    range clauses itself with ``range_holds``."""
    rest: dict[str, Any] = {}
    ranges: list[tuple[str, str, Any]] = []
    for key, spec in flt.items():
        if isinstance(spec, dict) and any(k.startswith("$") for k in spec):
            ranges += [(key, op, v) for op, v in spec.items() if op in RANGES]
            others = {op: v for op, v in spec.items() if op not in RANGES}
            if others:
                rest[key] = others
        else:
            rest[key] = spec
    return rest, ranges


def range_holds(value: Any, op: str, operand: Any) -> bool:
    """The documented rule: numbers as numbers, strings as text, anything else no match."""

    def number(x: Any) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    if not (
        (number(value) and number(operand)) or (isinstance(value, str) and isinstance(operand, str))
    ):
        return False
    return {
        "$gt": value > operand,
        "$gte": value >= operand,
        "$lt": value < operand,
        "$lte": value <= operand,
    }[op]


class Reference:
    """InMemoryStore plus the documented differences."""

    def __init__(self) -> None:
        self.store = InMemoryStore()
        self.seq: dict[tuple[tuple[str, ...], str], int] = {}
        self.clock = 0

    def put(self, ns: tuple[str, ...], key: str, value: dict[str, Any]) -> None:
        self.store.put(ns, key, value)
        self.clock += 1
        self.seq[(ns, key)] = self.clock

    def search(
        self,
        prefix: tuple[str, ...],
        flt: dict[str, Any],
        limit: int,
        offset: int,
        query: str | None,
    ) -> list[Any]:
        rest, ranges = split_ranges(flt)
        items = self.store.search(prefix, filter=rest or None, limit=10**6, query=query)
        items = [i for i in items if all(range_holds(i.value.get(k), op, v) for k, op, v in ranges)]
        # Documented difference "order": unscored results come newest update first in
        # QdrantStore and PostgresStore (ORDER BY updated_at DESC); InMemoryStore returns
        # insertion order. The reference orders by its own write counter.
        items.sort(key=lambda i: self.seq[(i.namespace, i.key)], reverse=True)
        return [(i.namespace, i.key, i.value, i.score) for i in items[offset : offset + limit]]

    def prune(self) -> None:
        """Documented difference "listing": InMemoryStore keeps its namespaces in a
        defaultdict, so a ``get`` or ``delete`` on a namespace that holds nothing makes it
        appear in ``list_namespaces``; QdrantStore, like PostgresStore, lists only
        namespaces that hold an item. The reference drops InMemoryStore's empty ones."""
        data = self.store._data
        for ns in [ns for ns, items in data.items() if not items]:
            del data[ns]


# ---- running ops -----------------------------------------------------------------------------


def run(store: BaseStore, op: Op, ref: Reference | None = None) -> Any:
    """Apply ``op`` to ``store`` (or to the reference) and return what a caller would see."""
    a = op.args
    target: BaseStore = ref.store if ref is not None else store
    if op.kind == "put":
        if ref is not None:
            ref.put(a["ns"], a["key"], a["value"])
        else:
            store.put(a["ns"], a["key"], a["value"])
        return None
    if op.kind == "delete":
        target.delete(a["ns"], a["key"])
        if ref is not None:
            ref.prune()
        return None
    if op.kind == "get":
        item = target.get(a["ns"], a["key"])
        if ref is not None:
            ref.prune()
        return None if item is None else (item.namespace, item.key, item.value)
    if op.kind == "search":
        if ref is not None:
            return ref.search(a["prefix"], a["filter"], a["limit"], a["offset"], a["query"])
        hits = store.search(
            a["prefix"],
            filter=a["filter"] or None,
            limit=a["limit"],
            offset=a["offset"],
            query=a["query"],
        )
        return [(h.namespace, h.key, h.value, h.score) for h in hits]
    if op.kind == "list":
        return target.list_namespaces(
            prefix=a["prefix"],
            suffix=a["suffix"],
            max_depth=a["max_depth"],
            limit=a["limit"],
            offset=a["offset"],
        )
    if op.kind == "put_empty_namespace":
        try:
            target.put((), "k1", {"n": 2})
        except InvalidNamespaceError:
            return "refused"
        return "accepted"
    raise AssertionError(op.kind)


def rooted(op: Op, root: str) -> Op:
    """The same op confined to namespaces under ``(root,)``."""
    a = dict(op.args)
    if op.kind in ("put", "delete", "get"):
        a["ns"] = (root, *a["ns"])
    elif op.kind == "search":
        a["prefix"] = (root, *a["prefix"])
    elif op.kind == "list":
        a["prefix"] = (root, *(a["prefix"] or ()))
    return Op(op.kind, a)


def clear(store: QdrantStore) -> None:
    for item in store.search((), limit=10**6):
        store.delete(item.namespace, item.key)
    assert store.search((), limit=1) == []


@pytest.fixture(params=ENGINES, scope="module")
def qstore(request: pytest.FixtureRequest) -> Iterator[QdrantStore]:
    """One store per engine for the module (creating an Edge shard takes ~0.3 s), emptied
    through the public API before every example."""
    folder = tempfile.mkdtemp(prefix="congruence-")
    store = (
        QdrantStore(path=os.path.join(folder, "edge"))
        if request.param == "qdrant_edge"
        else QdrantStore(location=":memory:")
    )
    yield store
    store.close()
    shutil.rmtree(folder, ignore_errors=True)


@PROFILE
@given(ops=scripts(min_size=10, max_size=40, empty_namespace=True))
def test_sequences_agree_with_inmemory_store(qstore: QdrantStore, ops: list[Op]) -> None:
    clear(qstore)
    ref = Reference()
    for step, op in enumerate(ops):
        got, want = run(qstore, op), run(qstore, op, ref)
        assert got == want, f"step {step}: {op}"


@PROFILE
@given(
    per_thread=st.lists(
        scripts(min_size=5, max_size=20, empty_namespace=False),
        min_size=2,
        max_size=4,
    )
)
def test_threads_on_disjoint_namespaces_agree_with_inmemory_store(
    qstore: QdrantStore, per_thread: list[list[Op]]
) -> None:
    clear(qstore)
    scripts = [[rooted(op, f"t{i}") for op in ops] for i, ops in enumerate(per_thread)]
    seen: list[list[Any]] = [[] for _ in scripts]
    errors: list[BaseException] = []
    start = threading.Barrier(len(scripts))

    def worker(i: int) -> None:
        try:
            start.wait()
            seen[i] = [run(qstore, op) for op in scripts[i]]
        except BaseException as exc:  # reported after join
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(scripts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    ref = Reference()
    for i, script in enumerate(scripts):
        # Namespaces are disjoint, so each thread's reads depend on its own ops only.
        assert seen[i] == [run(qstore, op, ref) for op in script], f"thread {i}"
    everything = Op(
        "search", {"prefix": (), "filter": {}, "limit": 10**6, "offset": 0, "query": None}
    )
    assert sorted(run(qstore, everything), key=repr) == sorted(
        run(qstore, everything, ref), key=repr
    )
    listing = Op(
        "list", {"prefix": None, "suffix": None, "max_depth": None, "limit": 10**6, "offset": 0}
    )
    assert run(qstore, listing) == run(qstore, listing, ref)
