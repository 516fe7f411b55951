"""A small side-by-side probe of the paths issue #14 targets, on Qdrant Edge.

Run from the repository root::

    python -m benchmarks.recall_probe                      # 1,000 users x 100 facts
    python -m benchmarks.recall_probe --users 200 --facts 50 --samples 300

Everything is measured in ONE run, interleaved sample by sample, so a busy machine slows
every column alike; read the ratios as well as the times.

* load: every user's facts go in through ``FactMemory.remember_many`` (the write policy
  and the store), which is the import throughput (facts/s).
* recall, a user's FIRST recall in a process (a new ``FactMemory`` per sample, so nothing
  is held), and through one ``FactMemory(recall_cache_facts=0)``; beside them the bare
  filtered ``store.search`` (the user's facts namespace, the request as the query,
  ``limit=10``) on the same store, user and request, and the ranked query recall sends
  (its ``RankedSearchOp``: the user's current facts, the request plus the index words it names,
  ``limit=16``, not padded) through ``store.batch``.
* writes: a single ``remember`` (a city change, or a new hobby) beside a bare
  ``store.put`` of the same row (same store, BM25 on its text), and a cProfile of single
  remembers (top functions by cumulative time).

``--steps`` measures only where a first-turn recall's time goes: each step of
``Planner.recall`` on Qdrant Edge run alone, on the same turns (a user never recalled
before, half of them with a project scope), in the calling thread's CPU time (a busy
machine inflates it far less than wall time), median and p95 in microseconds::

    python -m benchmarks.recall_probe --steps --samples 400
"""

from __future__ import annotations

import argparse
import itertools
import random
import shutil
import tempfile
import time
from typing import Any

from benchmarks.common import elapsed_ms, percentile, profile_text
from benchmarks.recall_bench import REQUESTS, candidates
from langmem_plus import QdrantStore
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact


def _row(name: str, xs: list[float], ref: list[float] | None = None) -> str:
    p50, p95 = percentile(xs, 50), percentile(xs, 95)
    out = f"{name:<44} p50 {p50:7.3f} ms  p95 {p95:7.3f} ms"
    if ref:
        out += f"  ({p50 / percentile(ref, 50):4.1f}x / {p95 / percentile(ref, 95):4.1f}x bare)"
    return out


def steps(store: Any, memory: FactMemory, users: list[str], samples: int,
          rng: random.Random) -> dict[str, list[float]]:
    """Each step of a first-turn recall alone (see the module docstring), in µs of CPU."""
    from langgraph.store.base import GetOp

    from benchmarks.recall_bench import PROJECTS
    from langmem_plus.facts.layout import decode_trusted
    from langmem_plus.facts.text_rules import content_terms

    plans, lay, policy = memory.plans, memory.layout, memory.retrieval
    clock = time.thread_time_ns
    out: dict[str, list[float]] = {}
    marks: list[tuple[str, int]] = []

    def mark(name: str) -> None:
        marks.append((name, clock()))

    order = users[:]
    rng.shuffle(order)
    for n, u in enumerate(order[: samples + 5]):
        req = rng.choice(REQUESTS)
        scope = rng.choice(PROJECTS) if rng.random() < 0.5 else None
        fresh = FactMemory(store)  # nothing held: the user's first recall in it
        gets = [GetOp(lay.settings(u), "memory"), GetOp(lay.profile(u), "meta"),
                GetOp(lay.profile(u), "rendered")]
        marks.clear()
        mark("")
        fresh.recall(u, req, scope=scope)
        mark("recall, whole (first turn)")
        head = store.batch(gets)
        mark("1 store.batch: settings, version, profile row")
        row = plans._row_facts(head[1], head[2]) or {}
        chosen = [f for f in map(decode_trusted, row.values()) if f is not None]
        mark("  decode the profile row's facts")
        ops = plans._ranked_ops(u, req, scope, tuple(row))
        mark("  build the ranked queries")
        pages = store.batch(ops)
        mark("2 store.batch: ranked BM25 queries")
        calls = [next(store._plan_batch([op])) for op in ops]
        mark("")
        for c in calls:
            store._engine.execute(c)
        mark("  of which the engine's query calls")
        chosen += plans._ranked_hits(ops, pages)
        mark("  decode the candidates (Fact)")
        q = content_terms(req) - (content_terms(scope) if scope else frozenset())
        policy._named_people(req, q, chosen)
        mark("  people the request names")
        policy.select(req, chosen, scope=scope, now=plans.clock())
        mark("3 RetrievalPolicy.select (floor, profile, budget)")
        if n >= 5:  # the first five are warm-up
            for (_, t0), (name, t1) in itertools.pairwise(marks):
                if name:
                    out.setdefault(name, []).append((t1 - t0) / 1e3)
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", type=int, default=1000)
    ap.add_argument("--facts", type=int, default=100)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--writes", type=int, default=500)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--steps", action="store_true",
                    help="only the per-step CPU time of a first-turn recall")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="recall-probe-")
    out: dict[str, Any] = {}
    try:
        store = QdrantStore(path=f"{tmp}/edge")
        memory = FactMemory(store)
        users = [f"user{i:05d}" for i in range(args.users)]
        t0 = time.perf_counter_ns()
        n = 0
        for i, u in enumerate(users):
            batch = [CandidateFact(**c) for c in candidates(i, args.facts, rng)]
            decisions = memory.remember_many(u, batch)
            n += sum(d.action == "new" for d in decisions)
        load_s = elapsed_ms(t0) / 1000
        out["remember_many_facts_per_s"] = n / load_s
        print(f"loaded {n} facts ({len(users)} users) through remember_many in {load_s:.1f} s:"
              f" {n / load_s:,.0f} facts/s")
        if args.steps:
            table = steps(store, memory, users, args.samples, rng)
            print("first-turn recall, per step (thread CPU time, us):")
            for name, xs in table.items():
                print(f"  {name:<52} p50 {percentile(xs, 50):7.1f}  p95 {percentile(xs, 95):7.1f}")
            out["steps"] = table
            store.close()
            return out

        uncached = FactMemory(store, recall_cache_facts=0)
        bare: list[float] = []
        first: list[float] = []
        nocache: list[float] = []
        unpadded: list[float] = []
        for _ in range(args.samples):
            u, req = rng.choice(users), rng.choice(REQUESTS)
            order = [0, 1, 2, 3]
            rng.shuffle(order)
            for which in order:
                if which == 0:
                    t = time.perf_counter_ns()
                    store.search(memory.layout.facts(u), query=req, limit=10)
                    bare.append(elapsed_ms(t))
                elif which == 1:
                    fresh = FactMemory(store)
                    t = time.perf_counter_ns()
                    fresh.recall(u, req)
                    first.append(elapsed_ms(t))
                elif which == 2:
                    t = time.perf_counter_ns()
                    uncached.recall(u, req)
                    nocache.append(elapsed_ms(t))
                else:  # the ranked query recall sends (its op: filtered, limit 16, unpadded)
                    ops = memory.plans._ranked_ops(u, req, None)
                    t = time.perf_counter_ns()
                    store.batch(ops)
                    unpadded.append(elapsed_ms(t))
        print(_row("bare filtered store.search (limit 10)", bare))
        print(_row("recall, first in a process (new FactMemory)", first, bare))
        print(_row("recall, recall_cache_facts=0", nocache, bare))
        print(_row("recall's ranked query alone (limit 16)", unpadded, bare))
        out["recall"] = {"bare": bare, "first": first, "nocache": nocache, "unpadded": unpadded}

        # single writes: a city change (single-valued: one row read, one superseded) and a
        # new hobby (a small multi-valued slot), each beside a bare put of the same row
        put: list[float] = []
        single: list[float] = []
        for i in range(args.writes):
            u = rng.choice(users)
            if i % 2:
                c = CandidateFact(kind="fact", subject="user", predicate="city",
                                  object=f"Town {i}", text=f"The user lives in Town {i}.")
            else:
                c = CandidateFact(kind="fact", subject="user", predicate="hobby",
                                  object=f"hobby {i}", text=f"The user took up hobby {i}.")
            row = {**c.model_dump(mode="json"), "fact_id": f"probe-{i}", "user_id": u}
            pair = [("put", row), ("remember", c)]
            rng.shuffle(pair)
            for what, arg in pair:
                t = time.perf_counter_ns()
                if what == "put":
                    store.put(("bench", u), f"k{i}", arg, index=["text"])
                    put.append(elapsed_ms(t))
                else:
                    memory.remember(u, arg)
                    single.append(elapsed_ms(t))
        print(_row("bare store.put (one fact row)", put))
        print(_row("single remember (city change / new hobby)", single, put))
        out["writes"] = {"put": put, "remember": single}

        def moves() -> None:
            for i in range(200):
                u = rng.choice(users)
                memory.remember(u, CandidateFact(kind="fact", subject="user", predicate="city",
                                                 object=f"Village {i}",
                                                 text=f"The user lives in Village {i}."))

        print(profile_text(moves, top=28))
        store.close() if hasattr(store, "close") else None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


if __name__ == "__main__":
    main()
