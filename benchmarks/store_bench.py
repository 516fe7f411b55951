"""Store benchmark: Qdrant Edge beside LangGraph's own stores, in one run.

Run from the repository root on a clean tree (a dirty one is refused unless
``--allow-dirty``; the results then say so)::

    python -m benchmarks.store_bench --docs          # full run, writes both docs blocks
    python -m benchmarks.store_bench --quick         # smoke-sized run, docs untouched
    python -m benchmarks.store_bench --part patterns # only the access-pattern part
    python -m benchmarks.store_bench --render benchmarks/results/store_bench.json

Two parts:

**patterns** -- ``QdrantStore(path=...)`` (Qdrant Edge), LangGraph's ``PostgresStore`` on a
PostgreSQL server this run starts on loopback in a temp dir (``benchmarks.common.
temp_postgres``; needs the ``bench`` extra and PostgreSQL's server binaries, else those rows
are skipped with the reason) and ``InMemoryStore``: bulk put (items/s), then ``get``,
filtered ``search`` and ``put`` timed call by call (p50/p95), for two layouts: one namespace
per user ``("memories", user_id)`` (LangGraph's docs) and one shared namespace with
``filter={"user_id": ...}``. No vectors: pgvector is reported, not used.

**vector** -- put throughput and filtered vector search for four stores:

Stores (all with the same ``index={"dims": 384, "embed": ..., "fields": ["text"]}``):

* ``edge``     -- ``QdrantStore(path=...)``: Qdrant Edge in-process, persistent (temp dir).
* ``local``    -- ``QdrantStore(location=":memory:")``: qdrant-client's local mode.
* ``inmemory`` -- LangGraph's ``InMemoryStore`` (dicts + a numpy cosine over candidates).
* ``peer``     -- ``langgraph-store-qdrant`` 0.1.0, the existing Qdrant store on PyPI. It only
  takes a ``QdrantClient``; there is no Qdrant server here, so it runs on
  ``QdrantClient(location=":memory:")`` (the same local mode as ``local``).

Data: ``n`` fact-like items spread round-robin over 1,000 users, namespace
``("facts", user_id)``; ~80% are current (``valid_to`` None), the rest closed. Puts go in
batches of 500 through ``store.batch``. Each query is
``search(("facts",), query=..., filter={"user_id": u, "valid_to": None}, limit=10)``:
one user's current facts among all users, top 10.

Embedding time is excluded: vectors are random unit vectors (seeded) computed once, and the
index's ``embed`` is ``CachedEmbeddings``, which returns them from a dict keyed by text
(``"fact 17"`` -> row 17), so the stores are timed, not a model.

Correctness: every result list is compared with an exact numpy search over the same
filtered set (recall@10, ties within 1e-5 count as hits), and any hit that is not one of the
user's current facts is counted as a wrong hit.

A run writes ``benchmarks/results/store_bench.json`` (``--quick``: ``store_bench_quick.json``)
with ``git rev-parse HEAD`` and ``git status --porcelain``; ``--docs`` also writes the
generated blocks of the "Store" section of ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import shlex
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from langgraph.store.base import BaseStore, PutOp

from benchmarks.common import (
    DOCS,
    RESULTS,
    Progress,
    fmt_ms,
    fmt_rate,
    fmt_ratio,
    git_state,
    load_average,
    machine_info,
    markdown_table,
    provenance,
    replace_block,
    summarize,
    temp_postgres,
    write_json,
)

N_USERS = 1_000
TOP_K = 10
CURRENT_SHARE = 0.8
TIE_TOLERANCE = 1e-5
PREFIX = ("facts",)
PREDICATES = ("likes", "lives_in", "works_at", "allergic_to", "prefers", "owns", "speaks")
PACKAGES = (
    "langmem-plus",
    "langgraph",
    "langgraph-checkpoint",
    "langchain-core",
    "qdrant-client",
    "qdrant-edge-py",
    "langgraph-store-qdrant",
    "langgraph-checkpoint-postgres",
    "psycopg",
    "numpy",
)

STORE_LABELS = {
    "edge": "QdrantStore, Qdrant Edge",
    "local": "QdrantStore, qdrant-client local mode",
    "inmemory": "LangGraph InMemoryStore",
    "peer": "langgraph-store-qdrant 0.1.0 (local mode)",
}
STORE_MODES = {
    "edge": "QdrantStore(path=<temp dir>): Qdrant Edge in-process, on disk, shard not optimized",
    "local": 'QdrantStore(location=":memory:"): qdrant-client local mode (pure Python + numpy)',
    "inmemory": "InMemoryStore(index=...): Python dicts, numpy cosine over filtered candidates",
    "peer": 'langgraph.store.qdrant.QdrantStore(QdrantClient(location=":memory:")) + setup(): '
    "qdrant-client local mode, no Qdrant server available here",
}

TARGET_EDGE_P95_MS = 1.0
TARGET_PEER_SPEEDUP = 100.0


# ---- data -------------------------------------------------------------------------------


class CachedEmbeddings(Embeddings):
    """Returns precomputed vectors from a dict keyed by text: embedding costs ~nothing.

    Every text a store will embed (``"fact <i>"`` for items, ``"query <j>"`` for queries)
    is in the dict; an unknown text is a bug in the benchmark and raises ``KeyError``.
    """

    def __init__(self, vectors: dict[str, list[float]]) -> None:
        self.vectors = vectors

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.vectors[t] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.vectors[text]


@dataclass
class Bank:
    """Seeded random unit vectors for every item and query of the run, and their cache."""

    docs: np.ndarray  # (max_n, dims) float32, unit length
    queries: np.ndarray  # (n_queries + n_warmup, dims)
    cache: dict[str, list[float]]

    @classmethod
    def build(cls, max_n: int, n_queries: int, dims: int, seed: int) -> Bank:
        rng = np.random.default_rng(seed)
        docs = rng.standard_normal((max_n, dims), dtype=np.float32)
        docs /= np.linalg.norm(docs, axis=1, keepdims=True)
        queries = rng.standard_normal((n_queries, dims), dtype=np.float32)
        queries /= np.linalg.norm(queries, axis=1, keepdims=True)
        cache = dict(zip((f"fact {i}" for i in range(max_n)), docs.tolist(), strict=True))
        cache.update(zip((f"query {j}" for j in range(n_queries)), queries.tolist(), strict=True))
        return cls(docs=docs, queries=queries, cache=cache)


def user_id(u: int) -> str:
    return f"u{u:04d}"


def item_key(i: int) -> str:
    return f"f{i:07d}"


def fact_value(i: int, current: bool) -> dict[str, Any]:
    """A fact-shaped value; ``QdrantStore`` promotes its fact fields to indexed payload."""
    return {
        "fact_id": f"fact-{i:07d}",
        "user_id": user_id(i % N_USERS),
        "scope": "user",
        "kind": "preference",
        "subject": "user",
        "predicate": PREDICATES[i % len(PREDICATES)],
        "object": f"value {i}",
        "text": f"fact {i}",
        "valid_from": "2024-01-01T00:00:00Z",
        "valid_to": None if current else "2024-06-01T00:00:00Z",
        "asserted_at": "2024-01-01T00:00:00Z",
        "expired_at": None,
    }


@dataclass
class Dataset:
    n: int
    current: np.ndarray  # bool per item
    ops: list[PutOp]


def make_dataset(n: int, seed: int) -> Dataset:
    rng = np.random.default_rng(seed + n)
    current = rng.random(n) < CURRENT_SHARE
    ops = [
        PutOp(("facts", user_id(i % N_USERS)), item_key(i), fact_value(i, bool(current[i])))
        for i in range(n)
    ]
    return Dataset(n=n, current=current, ops=ops)


@dataclass
class Query:
    user: int
    text: str
    truth_keys: set[str]  # exact top-k keys
    kth_score: float  # score of the k-th exact hit (for ties)
    allowed: dict[str, float]  # every key of the filtered set -> exact score


def make_queries(data: Dataset, bank: Bank, count: int, seed: int) -> list[Query]:
    """``count`` queries (random user, own random vector) with exact top-k answers."""
    rng = np.random.default_rng(seed * 7 + data.n)
    users = rng.integers(0, N_USERS, size=count)
    out = []
    for j, u in enumerate(users.tolist()):
        idx = np.arange(u, data.n, N_USERS)
        idx = idx[data.current[idx]]
        scores = bank.docs[idx].astype(np.float64) @ bank.queries[j].astype(np.float64)
        order = np.argsort(-scores, kind="stable")[:TOP_K]
        allowed = {item_key(int(i)): float(s) for i, s in zip(idx, scores, strict=True)}
        truth = {item_key(int(idx[o])) for o in order}
        kth = float(scores[order[-1]]) if len(order) else math.inf
        out.append(
            Query(user=u, text=f"query {j}", truth_keys=truth, kth_score=kth, allowed=allowed)
        )
    return out


# ---- stores -----------------------------------------------------------------------------


@dataclass
class Opened:
    store: BaseStore
    close: Callable[[], None]


def open_store(name: str, index: dict[str, Any], tmp_root: str | None) -> Opened:
    if name == "edge":
        from langmem_plus.stores import QdrantStore

        path = tempfile.mkdtemp(prefix="store_bench_edge_", dir=tmp_root)
        edge = QdrantStore(path=path, index=index)  # type: ignore[arg-type]

        def close_edge() -> None:
            edge.close()
            shutil.rmtree(path, ignore_errors=True)

        return Opened(edge, close_edge)
    if name == "local":
        from langmem_plus.stores import QdrantStore

        local = QdrantStore(location=":memory:", index=index)  # type: ignore[arg-type]
        return Opened(local, local.close)
    if name == "inmemory":
        from langgraph.store.memory import InMemoryStore

        return Opened(InMemoryStore(index=index), lambda: None)  # type: ignore[arg-type]
    if name == "peer":
        from langgraph.store.qdrant import QdrantStore as PeerStore
        from qdrant_client import QdrantClient

        client = QdrantClient(location=":memory:")
        peer = PeerStore(client, index=index)  # type: ignore[arg-type]
        peer.setup()
        return Opened(peer, client.close)
    raise ValueError(f"unknown store {name!r}: use one of {sorted(STORE_LABELS)}")


# ---- measuring --------------------------------------------------------------------------


@dataclass
class Row:
    store: str
    n: int
    status: str = "ok"  # ok | skipped | error
    note: str = ""
    put_seconds: float | None = None
    put_rate: float | None = None
    put_batch_ms: dict[str, float | int] = field(default_factory=dict)
    search_ms: dict[str, float | int] = field(default_factory=dict)
    search_cpu_ms: dict[str, float | int] = field(default_factory=dict)
    load: list[float] = field(default_factory=list)  # 1-min load average before, after
    queries_planned: int = 0
    budget_hit: bool = False
    recall: float | None = None
    recall_queries: int = 0
    wrong_hits: int = 0
    short_results: int = 0
    estimate_seconds: float | None = None

    @property
    def p50(self) -> float | None:
        v = self.search_ms.get("p50")
        return None if v is None else float(v)

    @property
    def p95(self) -> float | None:
        v = self.search_ms.get("p95")
        return None if v is None else float(v)


def put_all(store: BaseStore, ops: Sequence[PutOp], batch: int, label: str) -> list[float]:
    """Put every op in batches through ``store.batch``; per-batch wall times in ms."""
    times = []
    progress = Progress(label, total=len(ops))
    for start in range(0, len(ops), batch):
        chunk = ops[start : start + batch]
        t0 = time.perf_counter_ns()
        store.batch(chunk)
        times.append((time.perf_counter_ns() - t0) / 1e6)
        progress.update(len(chunk), note=f"{len(chunk) / times[-1] * 1000:,.0f} items/s")
    progress.close()
    return times


def check(query: Query, keys: list[str]) -> tuple[float | None, int, bool]:
    """(recall@k or None when the filtered set is empty, wrong hits, short result)."""
    expected = min(TOP_K, len(query.allowed))
    wrong = sum(1 for k in keys if k not in query.allowed)
    short = len(keys) < expected
    if expected == 0:
        return None, wrong, short
    hits = sum(
        1
        for k in set(keys)
        if k in query.truth_keys
        or (k in query.allowed and query.allowed[k] >= query.kth_score - TIE_TOLERANCE)
    )
    return min(hits, expected) / expected, wrong, short


def run_searches(
    store: BaseStore, queries: Sequence[Query], budget_s: float, min_queries: int, label: str
) -> tuple[list[float], list[float], list[list[str]], bool]:
    """Time queries until all ran or the budget is spent (at least ``min_queries``).

    Returns wall-clock and process CPU milliseconds per query (CPU time counts every thread
    of this process and is not inflated by other processes waiting for the same cores).
    """
    for q in queries[:3]:  # warm-up, untimed
        store.search(PREFIX, query=q.text, filter={"user_id": user_id(q.user)}, limit=TOP_K)
    gc.collect()
    lat: list[float] = []
    cpu: list[float] = []
    keys: list[list[str]] = []
    progress = Progress(label, total=len(queries))
    t_start = time.perf_counter()
    budget_hit = False
    for j, q in enumerate(queries):
        if j >= min_queries and time.perf_counter() - t_start > budget_s:
            budget_hit = True
            break
        flt = {"user_id": user_id(q.user), "valid_to": None}
        c0 = time.process_time_ns()
        t0 = time.perf_counter_ns()
        res = store.search(PREFIX, query=q.text, filter=flt, limit=TOP_K)
        lat.append((time.perf_counter_ns() - t0) / 1e6)
        cpu.append((time.process_time_ns() - c0) / 1e6)
        keys.append([it.key for it in res])
        progress.update(note=f"last {lat[-1]:.3f} ms")
    progress.close(note="(time budget reached)" if budget_hit else "")
    return lat, cpu, keys, budget_hit


def measure(
    name: str, data: Dataset, queries: Sequence[Query], index: dict[str, Any], args: Any
) -> Row:
    row = Row(store=name, n=data.n, queries_planned=len(queries))
    try:
        opened = open_store(name, index, args.tmp)
    except ImportError as exc:
        row.status, row.note = "skipped", f"not installed: {exc}"
        return row
    row.load.append(load_average())
    try:
        gc.collect()
        t0 = time.perf_counter()
        batch_ms = put_all(opened.store, data.ops, args.batch, f"{name} put {data.n:,}")
        row.put_seconds = time.perf_counter() - t0
        row.put_rate = data.n / row.put_seconds
        row.put_batch_ms = summarize(batch_ms)
        lat, cpu, keys, row.budget_hit = run_searches(
            opened.store, queries, args.budget, args.min_queries, f"{name} search {data.n:,}"
        )
        row.search_ms = summarize(lat)
        row.search_cpu_ms = summarize(cpu)
        row.load.append(load_average())
        recalls = []
        for q, got in zip(queries, keys, strict=False):
            r, wrong, short = check(q, got)
            row.wrong_hits += wrong
            row.short_results += short
            if r is not None:
                recalls.append(r)
        row.recall_queries = len(recalls)
        row.recall = sum(recalls) / len(recalls) if recalls else None
        if row.budget_hit:
            row.note = f"{len(lat)} of {len(queries)} queries in the {args.budget:.0f} s budget"
    finally:
        opened.close()
        del opened
        gc.collect()
    return row


def estimate(prev: Row | None, n: int, min_queries: int) -> float | None:
    """Seconds to put ``n`` items and run ``min_queries``, from the store's last size.

    Search is assumed to scale linearly with the item count (a scan), the pessimistic case
    for the Python-loop engines and the honest one for them.
    """
    if prev is None or prev.status != "ok" or not prev.put_rate or prev.p50 is None:
        return None
    scale = n / prev.n
    return n / prev.put_rate + min_queries * prev.p50 * scale / 1000.0 + 3 * prev.p50 * scale / 1000


# ---- access patterns: Edge vs PostgresStore vs InMemoryStore ----------------------------

PATTERN_STORES = ("edge", "postgres", "inmemory")
PATTERN_LABELS = {
    "edge": "QdrantStore, Qdrant Edge",
    "postgres": "LangGraph PostgresStore (PostgreSQL, loopback)",
    "inmemory": "LangGraph InMemoryStore",
}
PATTERNS = {
    "per-user": 'one namespace per user, ("memories", user_id) (the LangGraph docs pattern)',
    "shared": 'one shared namespace ("memories",), filter={"user_id": user_id}',
}


def pattern_item(pattern: str, u: int, j: int, current: bool) -> tuple[tuple[str, ...], str, dict]:
    """Namespace, key and value of item ``j`` of user ``u`` under an access pattern."""
    uid = user_id(u)
    value = {
        "user_id": uid,
        "kind": "preference",
        "predicate": PREDICATES[j % len(PREDICATES)],
        "text": f"memory {j} of {uid}",
        "valid_to": None if current else "2024-06-01T00:00:00Z",
    }
    if pattern == "per-user":
        return ("memories", uid), f"m{j:05d}", value
    return ("memories",), f"{uid}-m{j:05d}", value


def pattern_search(store: BaseStore, pattern: str, u: int) -> list[Any]:
    """The filtered search of the pattern: that user's current memories, top 10."""
    uid = user_id(u)
    if pattern == "per-user":
        return store.search(("memories", uid), filter={"valid_to": None}, limit=TOP_K)
    return store.search(("memories",), filter={"user_id": uid, "valid_to": None}, limit=TOP_K)


@dataclass
class PatternRow:
    store: str
    pattern: str
    users: int
    per_user: int
    status: str = "ok"  # ok | skipped
    note: str = ""
    bulk_put_rate: float | None = None
    put_ms: dict[str, float | int] = field(default_factory=dict)
    get_ms: dict[str, float | int] = field(default_factory=dict)
    search_ms: dict[str, float | int] = field(default_factory=dict)
    wrong_results: int = 0
    load: list[float] = field(default_factory=list)

    @property
    def items(self) -> int:
        return self.users * self.per_user


@contextmanager
def open_pattern_store(name: str, dsn: str | None, tag: str) -> Iterator[BaseStore]:
    """A fresh, empty store (new temp dir, new database, new instance) for one row."""
    if name == "edge":
        from langmem_plus.stores import QdrantStore

        path = tempfile.mkdtemp(prefix="store_bench_pattern_")
        edge = QdrantStore(path=path)
        try:
            yield edge
        finally:
            edge.close()
            shutil.rmtree(path, ignore_errors=True)
    elif name == "inmemory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif name == "postgres":
        import psycopg
        from langgraph.store.postgres import PostgresStore

        assert dsn is not None
        db = f"bench_{tag}"
        with psycopg.connect(dsn, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {db}")
            admin.execute(f"CREATE DATABASE {db}")
        try:
            with PostgresStore.from_conn_string(
                dsn.replace("dbname=postgres", f"dbname={db}")
            ) as pg:
                pg.setup()
                yield pg
        finally:
            with psycopg.connect(dsn, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {db}")
    else:
        raise ValueError(f"unknown store {name!r}: use one of {PATTERN_STORES}")


def _timed(n: int, budget_s: float, min_n: int, fn: Callable[[int], Any]) -> list[float]:
    """Milliseconds of ``fn(i)`` for i < n, stopping after ``budget_s`` once ``min_n`` ran."""
    out: list[float] = []
    t_start = time.perf_counter()
    for i in range(n):
        if i >= min_n and time.perf_counter() - t_start > budget_s:
            break
        t0 = time.perf_counter_ns()
        fn(i)
        out.append((time.perf_counter_ns() - t0) / 1e6)
    return out


def measure_pattern(
    name: str, pattern: str, users: int, per_user: int, dsn: str | None, args: Any
) -> PatternRow:
    row = PatternRow(store=name, pattern=pattern, users=users, per_user=per_user)
    rng = np.random.default_rng(args.seed + per_user)
    current = rng.random((users, per_user)) < CURRENT_SHARE
    ops = [
        PutOp(*pattern_item(pattern, u, j, bool(current[u, j])), index=False)
        for j in range(per_user)
        for u in range(users)
    ]
    tag = f"{pattern.replace('-', '_')}_{users}_{per_user}"
    row.load.append(load_average())
    with open_pattern_store(name, dsn, tag) as store:
        label = f"{name} {pattern} {users * per_user:,}"
        t0 = time.perf_counter()
        put_all(store, ops, args.batch, f"{label} bulk put")
        row.bulk_put_rate = len(ops) / (time.perf_counter() - t0)
        del ops
        n = args.pattern_samples
        picks = rng.integers(0, users, size=n).tolist()
        slots = rng.integers(0, per_user, size=n).tolist()
        for u in picks[:3]:  # warm-up, untimed
            pattern_search(store, pattern, u)

        def put_one(i: int) -> None:
            ns, key, value = pattern_item(pattern, picks[i], per_user + i, True)
            store.put(ns, key, value, index=False)

        def get_one(i: int) -> None:
            ns, key, _ = pattern_item(pattern, picks[i], slots[i], True)
            if store.get(ns, key) is None:
                raise RuntimeError(f"{name}: get({ns}, {key}) found nothing after the load")

        def search_one(i: int) -> None:
            u = picks[i]
            got = pattern_search(store, pattern, u)
            uid = user_id(u)
            bad = [it for it in got if it.value.get("user_id") != uid or it.value["valid_to"]]
            row.wrong_results += len(bad) + (len(got) != min(TOP_K, int(current[u].sum())))

        gc.collect()
        row.get_ms = summarize(_timed(n, args.budget, args.min_queries, get_one))
        row.search_ms = summarize(_timed(n, args.budget, args.min_queries, search_one))
        row.put_ms = summarize(_timed(n, args.budget, args.min_queries, put_one))
    row.load.append(load_average())
    print(
        f"  -> bulk put {fmt_rate(row.bulk_put_rate)}/s; put p50 {fmt_ms(_get(row.put_ms, 'p50'))}"
        f" get p50 {fmt_ms(_get(row.get_ms, 'p50'))} search p50 "
        f"{fmt_ms(_get(row.search_ms, 'p50'))} p95 {fmt_ms(_get(row.search_ms, 'p95'))} ms; "
        f"wrong {row.wrong_results}",
        file=sys.stderr,
    )
    return row


def pgvector_note(dsn: str | None) -> str:
    """Whether this PostgreSQL has pgvector (``CREATE EXTENSION vector``)."""
    if dsn is None:
        return "PostgreSQL not run"
    import psycopg

    try:
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute("CREATE EXTENSION IF NOT EXISTS vector")
    except psycopg.Error as exc:
        return f"pgvector not available ({type(exc).__name__}): no vector rows for PostgresStore"
    return "pgvector available (vector rows for PostgresStore are not built by this benchmark yet)"


def run_patterns(args: Any) -> dict[str, Any]:
    """Every store x pattern x size; PostgresStore on a server this run starts itself."""
    rows: list[PatternRow] = []
    stores = [s for s in args.pattern_store_list]
    postgres_note = ""
    with ExitStack() as stack:
        dsn: str | None = None
        if "postgres" in stores:
            try:
                import langgraph.store.postgres  # noqa: F401
                import psycopg  # noqa: F401
            except ImportError as exc:
                postgres_note = (
                    f"PostgresStore skipped: {exc}. Install the bench extra: "
                    "pip install -e '.[bench]'"
                )
            else:
                try:
                    dsn = stack.enter_context(temp_postgres())
                except RuntimeError as exc:
                    postgres_note = f"PostgresStore skipped: {exc}"
            if dsn is None:
                print(f"  {postgres_note}", file=sys.stderr)
                stores.remove("postgres")
        vector_note = pgvector_note(dsn) if dsn else postgres_note
        for per_user in args.per_user_list:
            for pattern in PATTERNS:
                for name in stores:
                    print(
                        f"[{name} / {pattern} / {args.users:,} users x {per_user}]",
                        file=sys.stderr,
                    )
                    rows.append(measure_pattern(name, pattern, args.users, per_user, dsn, args))
    return {
        "rows": [vars(r) for r in rows],
        "postgres": postgres_note or "ran",
        "pgvector": vector_note,
        "config": {
            "users": args.users,
            "per_user": args.per_user_list,
            "samples": args.pattern_samples,
            "budget_s": args.budget,
            "batch": args.batch,
            "current_share": CURRENT_SHARE,
            "patterns": PATTERNS,
            "stores": {s: PATTERN_LABELS[s] for s in args.pattern_store_list},
        },
    }


def patterns_block(saved: dict[str, Any]) -> str:
    p = saved["patterns"]
    rows = [PatternRow(**r) for r in p["rows"]]
    edge = {(r.pattern, r.per_user): r for r in rows if r.store == "edge"}
    body = []
    for r in rows:
        e = edge.get((r.pattern, r.per_user))
        body.append(
            [
                f"{r.users:,} x {r.per_user} = {r.items:,}",
                r.pattern,
                PATTERN_LABELS[r.store],
                fmt_rate(r.bulk_put_rate),
                fmt_ratio(_ratio(r.bulk_put_rate, e.bulk_put_rate if e else None)),
                f"{fmt_ms(_get(r.put_ms, 'p50'))} / {fmt_ms(_get(r.put_ms, 'p95'))}",
                f"{fmt_ms(_get(r.get_ms, 'p50'))} / {fmt_ms(_get(r.get_ms, 'p95'))}",
                f"{fmt_ms(_get(r.search_ms, 'p50'))} / {fmt_ms(_get(r.search_ms, 'p95'))}",
                fmt_ratio(
                    _ratio(_get(r.search_ms, "p50"), _get(e.search_ms, "p50") if e else None)
                ),
                f"{r.put_ms.get('n', 0)} / {r.get_ms.get('n', 0)} / {r.search_ms.get('n', 0)}",
                str(r.wrong_results),
                "-" if not r.load else f"{max(r.load):.1f}",
            ]
        )
    table_md = markdown_table(
        [
            "users x items = stored",
            "pattern",
            "store",
            "bulk put items/s",
            "vs Edge",
            "put p50 / p95 ms",
            "get p50 / p95 ms",
            "filtered search p50 / p95 ms",
            "search p50 vs Edge",
            "samples put / get / search",
            "wrong results",
            "load",
        ],
        body,
    )
    lines = [
        provenance(saved) + "  ",
        "Patterns: "
        + "; ".join(f"**{k}** = {v}" for k, v in p["config"]["patterns"].items())
        + f". Each search asks for that user's current items (`valid_to` None), top {TOP_K}; "
        f"bulk put = `store.batch` of {p['config']['batch']} `PutOp`s, no index (no vectors); "
        "put = one `store.put` of a new item; get = one `store.get` of a stored key. "
        f"PostgresStore: {p['postgres']}; {p['pgvector']}.",
    ]
    if saved.get("config", {}).get("quick"):
        lines.append("**Quick run** (fewer users and samples): a smoke-sized measurement.")
    lines += ["", table_md]
    return "\n".join(lines)


# ---- report -----------------------------------------------------------------------------


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return a / b


def _get(d: dict[str, Any], k: str) -> float | None:
    v = d.get(k)
    return None if v is None else float(v)


def table(rows: Sequence[Row]) -> str:
    edge = {r.n: r for r in rows if r.store == "edge" and r.status == "ok"}
    body = []
    for r in rows:
        e = edge.get(r.n)
        label = STORE_LABELS[r.store]
        if r.status != "ok":
            est = f" (est. {r.estimate_seconds:,.0f} s)" if r.estimate_seconds else ""
            body.append([f"{r.n:,}", label, r.status + est, *[""] * 9])
            continue
        n_q = int(r.search_ms.get("n", 0))
        queries = f"{n_q}" + ("*" if r.budget_hit else "")
        recall = "-" if r.recall is None else f"{r.recall:.3f}"
        body.append(
            [
                f"{r.n:,}",
                label,
                fmt_rate(r.put_rate),
                fmt_ratio(_ratio(r.put_rate, e.put_rate if e else None)),
                fmt_ms(r.p50),
                fmt_ms(r.p95),
                fmt_ratio(_ratio(r.p50, e.p50 if e else None)),
                fmt_ratio(_ratio(r.p95, e.p95 if e else None)),
                f"{fmt_ms(_get(r.search_cpu_ms, 'p50'))} / {fmt_ms(_get(r.search_cpu_ms, 'p95'))}",
                queries,
                f"{recall} / {r.wrong_hits}",
                "-" if not r.load else f"{max(r.load):.1f}",
            ]
        )
    headers = [
        "items",
        "store",
        "put items/s",
        "put vs Edge",
        "search p50 ms",
        "p95 ms",
        "p50 vs Edge",
        "p95 vs Edge",
        "CPU p50 / p95 ms",
        "queries",
        "recall@10 / wrong hits",
        "load",
    ]
    return markdown_table(headers, body)


def targets(rows: Sequence[Row]) -> dict[str, Any]:
    def find(store: str, n: int) -> Row | None:
        return next((r for r in rows if r.store == store and r.n == n and r.status == "ok"), None)

    out: dict[str, Any] = {}
    e100 = find("edge", 100_000)
    out["edge_p95_100k"] = {
        "target": f"Edge search p95 <= {TARGET_EDGE_P95_MS} ms at 100k items",
        "value_ms": e100.p95 if e100 else None,
        "p50_ms": e100.p50 if e100 else None,
        "cpu_p95_ms": _get(e100.search_cpu_ms, "p95") if e100 else None,
        "met": None if e100 is None or e100.p95 is None else e100.p95 <= TARGET_EDGE_P95_MS,
    }
    e10, p10 = find("edge", 10_000), find("peer", 10_000)
    p50r = _ratio(p10.p50, e10.p50) if e10 and p10 else None
    p95r = _ratio(p10.p95, e10.p95) if e10 and p10 else None
    out["peer_speedup_10k"] = {
        "target": f">= {TARGET_PEER_SPEEDUP:.0f}x faster than the peer at 10k items (search)",
        "p50_ratio": p50r,
        "p95_ratio": p95r,
        "met": None if p50r is None or p95r is None else min(p50r, p95r) >= TARGET_PEER_SPEEDUP,
    }
    return out


def targets_table(t: dict[str, Any]) -> str:
    def verdict(met: bool | None) -> str:
        return "not measured" if met is None else ("**met**" if met else "**not met**")

    a, b = t["edge_p95_100k"], t["peer_speedup_10k"]
    rows = [
        [
            a["target"],
            f"p95 {fmt_ms(a['value_ms'])} ms (p50 {fmt_ms(a['p50_ms'])}, "
            f"CPU p95 {fmt_ms(a['cpu_p95_ms'])})",
            verdict(a["met"]),
        ],
        [
            b["target"],
            f"p50 {fmt_ratio(b['p50_ratio'])}, p95 {fmt_ratio(b['p95_ratio'])}",
            verdict(b["met"]),
        ],
    ]
    return markdown_table(["target (issue 2)", "measured", "verdict"], rows)


def report_block(rows: Sequence[Row], meta: dict[str, Any], t: dict[str, Any]) -> str:
    m = meta["machine"]
    pkgs = ", ".join(f"{k} {v}" for k, v in m["packages"].items() if v)
    skipped = [r for r in rows if r.status != "ok"]
    lines = [
        provenance(meta) + "  ",
        f"Python {m['python']}; {pkgs}  ",
        f"Config: dims {meta['config']['dims']}, batches of {meta['config']['batch']} puts, "
        f"up to {meta['config']['queries']} queries per store and size within a "
        f"{meta['config']['budget_s']:.0f} s search budget, seed {meta['config']['seed']}",
        "",
        table(rows),
        "",
        "`vs Edge` columns: put is throughput relative to Edge (below 1x = fewer items/s); "
        "search is latency relative to Edge (above 1x = slower). CPU = CPU time of the whole "
        "benchmark process per query: other processes' load inflates it less than wall time, "
        "but it counts every thread, so it can exceed wall time when the engine works on "
        "several threads (Edge's own threads after a bulk load). load = highest 1-minute "
        "load average seen around that measurement (2 cores: above ~1 means other work "
        "competed for them). "
        "`*` = the search time budget "
        "ended the run early: percentiles come from fewer queries. recall@10 is against an "
        "exact numpy search over the same filtered set; wrong hits = results that are not "
        "one of the user's current facts (must be 0).",
        "",
        targets_table(t),
    ]
    if skipped:
        lines += ["", "Skipped (not installed, or estimated longer than the skip limit):"]
        lines += [f"- {STORE_LABELS[r.store]} at {r.n:,}: {r.note}" for r in skipped]
    return "\n".join(lines)


SKELETON = """# Benchmarks

## Store

<!-- store_bench:start -->
<!-- store_bench:end -->

<!-- store_patterns:start -->
<!-- store_patterns:end -->
"""


# ---- main -------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.store_bench", description=__doc__)
    ap.add_argument("--part", default="vector,patterns", help="vector, patterns, or both")
    ap.add_argument("--sizes", default="1000,10000,100000", help="vector part: item counts")
    ap.add_argument("--stores", default="edge,local,inmemory,peer", help="vector part: stores")
    ap.add_argument("--quick", action="store_true", help="smoke run: small sizes, few queries")
    ap.add_argument("--queries", type=int, default=500, help="queries per store and size")
    ap.add_argument("--min-queries", type=int, default=10, help="queries run despite the budget")
    ap.add_argument("--budget", type=float, default=45.0, help="seconds per timed loop")
    ap.add_argument(
        "--skip-after", type=float, default=300.0, help="skip a store+size estimated longer"
    )
    ap.add_argument("--dims", type=int, default=384)
    ap.add_argument("--batch", type=int, default=500, help="puts per store.batch call")
    ap.add_argument("--users", type=int, default=None, help="patterns part: users (1000)")
    ap.add_argument("--per-user", default="10,100", help="patterns part: items per user")
    ap.add_argument(
        "--pattern-stores", default=",".join(PATTERN_STORES), help="patterns part: stores"
    )
    ap.add_argument("--pattern-samples", type=int, default=None, help="patterns: calls timed")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--tmp", default=None, help="parent dir for the Edge shard (default: TMPDIR)")
    ap.add_argument("--json", type=Path, default=None, help="results file")
    ap.add_argument("--allow-dirty", action="store_true", help="measure a dirty tree (marked)")
    ap.add_argument("--docs", action="store_true", help="also write docs/benchmarks.md")
    ap.add_argument(
        "--render",
        type=Path,
        default=None,
        metavar="JSON",
        help="measure nothing: re-render the tables (and docs blocks) from a results file",
    )
    args = ap.parse_args(argv)
    given = argv if argv is not None else sys.argv[1:]
    if args.quick:
        if "--sizes" not in given:
            args.sizes = "1000,3000"
        args.queries, args.budget, args.min_queries, args.skip_after = 60, 3.0, 5, 20.0
    args.users = args.users or (100 if args.quick else N_USERS)
    args.pattern_samples = args.pattern_samples or (60 if args.quick else 500)
    args.parts = {p.strip() for p in args.part.split(",") if p.strip()}
    if not args.parts <= {"vector", "patterns"}:
        ap.error(f"unknown part in {args.part!r}: use vector, patterns or both")
    args.size_list = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    args.store_list = [s.strip() for s in args.stores.split(",") if s.strip()]
    args.per_user_list = [int(s) for s in args.per_user.split(",") if s.strip()]
    args.pattern_store_list = [s.strip() for s in args.pattern_stores.split(",") if s.strip()]
    for s in args.store_list:
        if s not in STORE_LABELS:
            ap.error(f"unknown store {s!r}: use {','.join(STORE_LABELS)}")
    for s in args.pattern_store_list:
        if s not in PATTERN_LABELS:
            ap.error(f"unknown pattern store {s!r}: use {','.join(PATTERN_STORES)}")
    if args.json is None:
        args.json = RESULTS / ("store_bench_quick.json" if args.quick else "store_bench.json")
    return args


def blocks(saved: dict[str, Any]) -> dict[str, str]:
    """The rendered docs blocks (name -> markdown) of a saved results file."""
    out: dict[str, str] = {}
    if saved.get("results") is not None:
        names = {f.name for f in fields(Row)}
        rows = [Row(**{k: v for k, v in r.items() if k in names}) for r in saved["results"]]
        out["store_bench"] = report_block(rows, saved, targets(rows))
    if saved.get("patterns") is not None:
        out["store_patterns"] = patterns_block(saved)
    return out


def publish(saved: dict[str, Any]) -> None:
    for name, block in blocks(saved).items():
        replace_block(DOCS, name, block, SKELETON)
    print(f"tables written to {DOCS}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.render is not None:
        saved = json.loads(args.render.read_text(encoding="utf-8"))
        print("\n\n".join(blocks(saved).values()))
        publish(saved)
        return 0
    git = git_state(allow_dirty=args.allow_dirty)
    command = " ".join(
        ["python -m benchmarks.store_bench", *map(shlex.quote, argv or sys.argv[1:])]
    )
    # Local mode warns once past 20k points that it is not meant for that size: known, noted.
    warnings.filterwarnings("ignore", message="Local mode is not recommended")
    wall0 = time.perf_counter()
    load0 = load_average()
    rows: list[Row] = []
    if "vector" in args.parts:
        rows = run_vector(args)
    patterns = run_patterns(args) if "patterns" in args.parts else None
    meta = {
        "command": command,
        "git": git,
        "machine": machine_info(PACKAGES),
        "load": [load0, load_average()],
        "wall_seconds": time.perf_counter() - wall0,
        "config": {
            "quick": args.quick,
            "parts": sorted(args.parts),
            "sizes": args.size_list,
            "stores": args.store_list,
            "dims": args.dims,
            "batch": args.batch,
            "queries": args.queries,
            "min_queries": args.min_queries,
            "budget_s": args.budget,
            "skip_after_s": args.skip_after,
            "seed": args.seed,
            "users": N_USERS,
            "current_share": CURRENT_SHARE,
            "top_k": TOP_K,
            "query": "search(('facts',), query=<text>, filter={'user_id': u, 'valid_to': None}, "
            "limit=10)",
        },
        "modes": {k: STORE_MODES[k] for k in args.store_list},
    }
    saved = {
        **meta,
        "targets": targets(rows) if rows else None,
        "results": [{**vars(r), "label": STORE_LABELS[r.store]} for r in rows] if rows else None,
        "patterns": patterns,
    }
    print("\n" + "\n\n".join(blocks(saved).values()))
    write_json(args.json, saved)
    print(f"\nresults: {args.json}", file=sys.stderr)
    if args.docs:
        publish(saved)
    return 0


def run_vector(args: argparse.Namespace) -> list[Row]:
    """The vector-search part: four stores, filtered top-10 by similarity, per size."""
    print(f"building {max(args.size_list):,} item vectors...", file=sys.stderr)
    bank = Bank.build(max(args.size_list), args.queries, args.dims, args.seed)
    index = {"dims": args.dims, "embed": CachedEmbeddings(bank.cache), "fields": ["text"]}
    rows: list[Row] = []
    last: dict[str, Row] = {}
    for n in args.size_list:
        data = make_dataset(n, args.seed)
        queries = make_queries(data, bank, args.queries, args.seed)
        # The benchmark's own data (vectors, ops, answers) is frozen so the garbage collector
        # does not walk it during the timed calls; the stores' own objects are not frozen.
        gc.collect()
        gc.freeze()
        for name in args.store_list:
            est = estimate(last.get(name), n, args.min_queries)
            if est is not None and est > args.skip_after:
                row = Row(store=name, n=n, status="skipped", estimate_seconds=est)
                row.note = (
                    f"estimated {est:,.0f} s (> {args.skip_after:.0f} s) from its "
                    f"{last[name].n:,}-item run, search scaled linearly"
                )
                print(f"  {name} at {n:,}: skipped, {row.note}", file=sys.stderr)
            else:
                print(f"[{name} @ {n:,}] {STORE_MODES[name]}", file=sys.stderr)
                row = measure(name, data, queries, index, args)
                print(
                    f"  -> put {fmt_rate(row.put_rate)} items/s, search p50 {fmt_ms(row.p50)} "
                    f"ms p95 {fmt_ms(row.p95)} ms, recall {row.recall}, wrong {row.wrong_hits}",
                    file=sys.stderr,
                )
            rows.append(row)
            last[name] = row
        gc.unfreeze()
        del data, queries
        gc.collect()
    return rows


if __name__ == "__main__":
    raise SystemExit(main())
