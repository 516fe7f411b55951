"""Where a user's first recall spends its time, on Qdrant Edge (issue 14).

Run from the repository root::

    python -m benchmarks.recall_split                        # 1,000 users x 100 facts
    python -m benchmarks.recall_split --users 200 --facts 50 --samples 200

Every user's facts go in through ``FactMemory.remember_many`` (``recall_bench.load``), then
one long-lived ``FactMemory`` (default cache) recalls ``--samples`` users it has never seen,
each once (half of the requests inside a project scope, as in ``recall_bench``): a user's
first recall in a process that has served others. Each recall is split with perf counters
(wall time, so a busy machine inflates every part alike; read the shares):

* **engine**: the Qdrant Edge calls themselves (``EdgeEngine.execute``), by call type, with
  the rows they hand back (payloads read and converted);
* **store, Python**: the rest of ``store.batch`` (op planning, filters, items from payloads);
* **retrieval policy**: ``RetrievalPolicy.select`` (scope, profile, floor, budget);
* **planner and the rest**: what is left of ``FactMemory.recall`` (row decoding, the
  ranked queries' plans, the cache).

It also prints the very first recall of the process (before any other), the CPU time per
recall, and the bare filtered ``store.search`` of the same user right after each recall
(as ``recall_bench`` times it) with the ratio. No docs or results files are written.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.common import percentile
from benchmarks.recall_bench import BARE_LIMIT, PROJECTS, REQUESTS, load, user_id


class Split:
    """Perf-counter totals of the parts of one recall at a time (ns)."""

    def __init__(self) -> None:
        self.now: Counter[str] = Counter()
        self.rows: Counter[str] = Counter()

    def timed(self, label: Callable[..., str], fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter_ns()
            try:
                out = fn(*args, **kwargs)
            finally:
                self.now[label(*args)] += time.perf_counter_ns() - t0
            if isinstance(out, list):
                self.rows[label(*args)] += len(out)
            return out

        return wrapper


@contextmanager
def instrumented(store: Any, memory: Any, split: Split) -> Iterator[None]:
    """Wrap the engine, ``store.batch`` and the policy's ``select`` of these instances."""
    engine = store._engine
    saved = (engine.execute, store.batch, memory.retrieval.select)
    engine.execute = split.timed(lambda call: f"engine: {type(call).__name__}", engine.execute)
    store.batch = split.timed(lambda *_: "store.batch", store.batch)
    # RetrievalPolicy is a frozen dataclass: set the wrapper past its __setattr__
    object.__setattr__(
        memory.retrieval, "select", split.timed(lambda *_: "select", memory.retrieval.select)
    )
    try:
        yield
    finally:
        engine.execute, store.batch = saved[0], saved[1]
        object.__delattr__(memory.retrieval, "select")


def measure(store: Any, users: Sequence[str], args: argparse.Namespace) -> dict[str, Any]:
    from langmem_plus.facts.memory import FactMemory

    rng = random.Random(args.seed)
    order = list(users)
    rng.shuffle(order)
    memory = FactMemory(store)
    t0 = time.perf_counter_ns()
    memory.recall(order[0], REQUESTS[0])
    very_first_ms = (time.perf_counter_ns() - t0) / 1e6
    for u in order[1:6]:
        memory.recall(u, rng.choice(REQUESTS))
    split = Split()
    parts: dict[str, list[float]] = {}
    rows: dict[str, list[int]] = {}
    total: list[float] = []
    cpu: list[float] = []
    bare: list[float] = []
    with instrumented(store, memory, split):
        for u in order[6 : 6 + args.samples]:
            scope = rng.choice(PROJECTS) if rng.random() < 0.5 else None
            request = rng.choice(REQUESTS)
            split.now.clear()
            split.rows.clear()
            c0, t0 = time.process_time_ns(), time.perf_counter_ns()
            memory.recall(u, request, scope=scope)
            total.append((time.perf_counter_ns() - t0) / 1e3)
            cpu.append((time.process_time_ns() - c0) / 1e3)
            now = dict(split.now)
            engine = sum(v for k, v in now.items() if k.startswith("engine"))
            shares = {k: v / 1e3 for k, v in now.items() if k.startswith("engine")}
            shares["store, Python"] = (now.get("store.batch", 0) - engine) / 1e3
            shares["retrieval policy"] = now.get("select", 0) / 1e3
            shares["planner and the rest"] = total[-1] - sum(shares.values())
            for k, v in shares.items():
                parts.setdefault(k, []).append(v)
            for k, n in split.rows.items():
                if k.startswith("engine"):
                    rows.setdefault(k, []).append(n)
            t0 = time.perf_counter_ns()
            store.search(memory.layout.facts(u), filter={"user_id": u}, limit=BARE_LIMIT)
            bare.append((time.perf_counter_ns() - t0) / 1e3)
    n = len(total)
    return {
        "samples": n,
        "very_first_recall_ms": very_first_ms,
        "recall_us": {"p50": percentile(total, 50), "p95": percentile(total, 95)},
        "bare_us": {"p50": percentile(bare, 50), "p95": percentile(bare, 95)},
        "cpu_us_median": statistics.median(cpu),
        "parts_us_mean": {k: sum(v) / n for k, v in parts.items()},
        "parts_share": {k: sum(v) / sum(total) for k, v in parts.items()},
        "rows_per_recall": {k: sum(v) / n for k, v in rows.items()},
    }


def report(r: dict[str, Any]) -> str:
    rc, b = r["recall_us"], r["bare_us"]
    lines = [
        f"{r['samples']} first recalls of distinct users: p50 {rc['p50'] / 1e3:.3f} ms, "
        f"p95 {rc['p95'] / 1e3:.3f} ms (bare filtered search p50 {b['p50'] / 1e3:.3f} / "
        f"p95 {b['p95'] / 1e3:.3f} ms: x{rc['p50'] / b['p50']:.1f} / x{rc['p95'] / b['p95']:.1f}); "
        f"CPU {r['cpu_us_median']:.0f} us median; very first recall of the process "
        f"{r['very_first_recall_ms']:.2f} ms",
        f"{'part':<24} {'mean us':>8} {'share':>6}  rows per recall",
    ]
    for k, v in sorted(r["parts_us_mean"].items(), key=lambda kv: -kv[1]):
        got = r["rows_per_recall"].get(k)
        extra = f"  {got:.1f}" if got is not None else ""
        lines.append(f"{k:<24} {v:8.1f} {r['parts_share'][k]:6.1%}{extra}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.recall_split", description=__doc__)
    ap.add_argument("--users", type=int, default=1_000)
    ap.add_argument("--facts", type=int, default=100, help="current facts per user")
    ap.add_argument("--samples", type=int, default=300, help="first recalls measured")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    args.samples = min(args.samples, args.users - 6)
    from langmem_plus import QdrantStore

    tmp = tempfile.mkdtemp(prefix="recall-split-")
    try:
        store = QdrantStore(path=f"{tmp}/edge")
        load(store, args.users, args.facts, args.seed)
        out = measure(store, [user_id(i) for i in range(args.users)], args)
        store.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(report(out))
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2), encoding="utf-8")
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
