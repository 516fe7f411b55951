"""A side-by-side probe of the write paths issue #14 targets, on Qdrant Edge.

Run from the repository root::

    python -m benchmarks.write_probe                       # 200 users x 50 facts
    python -m benchmarks.write_probe --users 100 --facts 100 --profile

Everything is measured in ONE run so a busy machine slows every column alike; read the
ratios as well as the times. Beside wall time each figure is also given in CPU time of the
calling thread (``time.thread_time``), where Edge does its work: other processes on a
shared machine inflate it far less than wall time.

* bare ``store.put``: one fact-shaped row at a time (BM25 on its text), items/s and p50.
* ``remember_many``: each user's facts through ``FactMemory.remember_many`` (the write
  policy and the store), facts/s.
* single ``remember``: a city change or a new hobby, interleaved with a bare put of the same
  row; p50 and its ratio to the put's p50.
* ``--profile``: a cProfile of ``remember_many`` and of single remembers (top functions by
  cumulative time).
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from typing import Any

from benchmarks.common import elapsed_ms, percentile, profile_text
from benchmarks.recall_bench import candidates
from langmem_plus import QdrantStore
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact


def _facts(user: int, n: int, rng: random.Random) -> list[CandidateFact]:
    return [CandidateFact(**c) for c in candidates(user, n, rng)]


def _single(i: int) -> CandidateFact:
    if i % 2:
        return CandidateFact(kind="fact", subject="user", predicate="city",
                             object=f"Town {i}", text=f"The user lives in Town {i}.")
    return CandidateFact(kind="fact", subject="user", predicate="hobby",
                         object=f"hobby {i}", text=f"The user took up hobby {i}.")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", type=int, default=200)
    ap.add_argument("--facts", type=int, default=50)
    ap.add_argument("--writes", type=int, default=500)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="write-probe-")
    out: dict[str, Any] = {}
    try:
        store = QdrantStore(path=f"{tmp}/edge")
        memory = FactMemory(store)
        users = [f"user{i:05d}" for i in range(args.users)]
        batches = {u: _facts(i, args.facts, rng) for i, u in enumerate(users)}

        # bare puts of the same rows remember_many will write, interleaved user by user
        put: list[float] = []
        put_s = many_s = put_cpu = many_cpu = 0.0
        n = 0
        for u in users:
            rows = [{**c.model_dump(mode="json"), "fact_id": f"p{j}", "user_id": u}
                    for j, c in enumerate(batches[u])]
            t, c0 = time.perf_counter_ns(), time.thread_time()
            for j, row in enumerate(rows):
                t1 = time.perf_counter_ns()
                store.put(("bench", u), f"k{j}", row, index=["text"])
                put.append(elapsed_ms(t1))
            put_s += elapsed_ms(t) / 1000
            put_cpu += time.thread_time() - c0
            t, c0 = time.perf_counter_ns(), time.thread_time()
            decisions = memory.remember_many(u, batches[u])
            many_s += elapsed_ms(t) / 1000
            many_cpu += time.thread_time() - c0
            n += sum(d.action == "new" for d in decisions)
        out["put_items_per_s"] = len(put) / put_s
        out["put_items_per_cpu_s"] = len(put) / put_cpu
        out["put_p50_ms"] = percentile(put, 50)
        out["remember_many_facts_per_s"] = n / many_s
        out["remember_many_facts_per_cpu_s"] = n / many_cpu
        print(f"bare store.put        {len(put) / put_s:9,.0f} items/s  p50 "
              f"{percentile(put, 50):.3f} ms ({len(put)} rows); "
              f"{len(put) / put_cpu:,.0f} items per CPU-second")
        print(f"remember_many         {n / many_s:9,.0f} facts/s ({n} new facts, "
              f"{len(users)} users); {n / many_cpu:,.0f} facts per CPU-second")

        bare: list[float] = []
        single: list[float] = []
        bare_cpu: list[float] = []
        single_cpu: list[float] = []
        for i in range(args.writes):
            u, c = rng.choice(users), _single(i)
            row = {**c.model_dump(mode="json"), "fact_id": f"probe-{i}", "user_id": u}
            pair = ["put", "remember"]
            rng.shuffle(pair)
            for what in pair:
                t, c0 = time.perf_counter_ns(), time.thread_time()
                if what == "put":
                    store.put(("bench", u), f"s{i}", row, index=["text"])
                    bare.append(elapsed_ms(t))
                    bare_cpu.append((time.thread_time() - c0) * 1000)
                else:
                    memory.remember(u, c)
                    single.append(elapsed_ms(t))
                    single_cpu.append((time.thread_time() - c0) * 1000)
        ratio = percentile(single, 50) / percentile(bare, 50)
        cpu_ratio = sum(single_cpu) / sum(bare_cpu)
        out.update(single_put_p50_ms=percentile(bare, 50),
                   remember_p50_ms=percentile(single, 50), remember_ratio=ratio,
                   remember_cpu_ratio=cpu_ratio)
        print(f"single remember p50   {percentile(single, 50):.3f} ms vs bare put p50 "
              f"{percentile(bare, 50):.3f} ms: {ratio:.1f}x; CPU time "
              f"{sum(single_cpu) / len(single_cpu):.3f} vs "
              f"{sum(bare_cpu) / len(bare_cpu):.3f} ms per call: {cpu_ratio:.1f}x")

        if args.profile:
            extra = [f"puser{i:04d}" for i in range(20)]
            print(profile_text(lambda: [memory.remember_many(u, _facts(i, args.facts, rng))
                                    for i, u in enumerate(extra)]))
            print(profile_text(lambda: [memory.remember(rng.choice(users), _single(i))
                                    for i in range(300)]))
        store.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


if __name__ == "__main__":
    main()
