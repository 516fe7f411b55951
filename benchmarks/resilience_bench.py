"""ResilientStore: overhead when healthy, latency while the store hangs, outbox drain time.

Run from the repository root (a dirty tree is refused unless ``--allow-dirty``; the
results then say so)::

    python -m benchmarks.resilience_bench --docs     # full run, tables into docs/resilience.md
    python -m benchmarks.resilience_bench --quick    # smoke run (~5 s), results file only
    python -m benchmarks.resilience_bench --render benchmarks/results/resilience_bench.json

Every run writes its numbers to ``benchmarks/results/resilience_bench.json``
(``resilience_bench_quick.json`` with ``--quick``; ``--json PATH`` elsewhere) with the
machine, the commit and whether the tree was clean; ``--docs`` (or ``--render JSON``, which
measures nothing) writes the tables between the ``resilience_bench`` markers of
docs/resilience.md, so the page never holds a figure typed by hand.

Measures:

1. overhead per call when healthy (median and p95 of wrapped minus bare, the two calls
   alternated so that both see the same machine), sync and async,
   on a healthy Qdrant Edge store (``QdrantStore(path=...)`` / ``AsyncQdrantStore``) and on
   LangGraph's InMemoryStore (where the store itself costs ~1 us and what is left is the
   wrapper), with the default deadline and with ``read_timeout=None`` (inline, no
   deadline); plus where the sync microseconds go (a no-op hand-off to a worker thread,
   and a bare two-thread lock ping-pong), and both ``sync_inline`` choices forced (the
   default runs Edge's sync calls inline and InMemoryStore's on a worker). CPU affinity
   is never changed (the default); ``--colocate`` adds the opt-in co-located rows;
2. latency of a call and of a turn while the store hangs forever: before the breaker opens
   (each call waits for its deadline) and after (fail fast);
3. time to queue 10k writes while the store is down, and to drain them when it is back.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import shlex
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from langgraph.store.base import BaseStore, GetOp, Op, Result, SearchOp
from langgraph.store.memory import InMemoryStore

from benchmarks.common import (
    RESULTS,
    ROOT,
    git_state,
    load_average,
    machine_info,
    markdown_table,
    percentile,
    provenance,
    replace_block,
    write_json,
)
from langmem_plus.resilience import ResilientStore, ThreadDeadline
from langmem_plus.stores import AsyncQdrantStore, QdrantStore

NS = ("memories", "u1")
DOCS = ROOT / "docs" / "resilience.md"
"""The page the tables are rendered into (between the ``resilience_bench`` markers)."""
PACKAGES = ("langmem-plus", "langgraph", "qdrant-edge-py")
TARGET_P95_US = 50.0
"""Issue 14: a healthy call through ``ResilientStore`` adds at most this at p95."""


class HangingStore(BaseStore):
    """Never answers (until released at the end of the run)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        self.release.wait()
        raise ConnectionError("released")

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        while not self.release.is_set():
            await asyncio.sleep(0.05)
        raise ConnectionError("released")


class SwitchStore(InMemoryStore):
    """InMemoryStore that can be switched down (raises) and up again."""

    down = False

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        if self.down:
            raise ConnectionError("down")
        return super().batch(ops)


def _overhead_row(
    case: str, bare: list[float], wrapped: list[float]
) -> tuple[str, float, float, float, float]:
    """(case, bare p50, bare p95, overhead p50, overhead p95)."""
    b50, b95 = statistics.median(bare), percentile(bare, 95)
    return case, b50, b95, statistics.median(wrapped) - b50, percentile(wrapped, 95) - b95


def _time_sync(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter_ns()
        fn()
        out.append((time.perf_counter_ns() - t0) / 1000)
    return out


async def _time_async(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter_ns()
        await fn()  # type: ignore[misc]
        out.append((time.perf_counter_ns() - t0) / 1000)
    return out


OverheadRow = tuple[str, float, float, float, float]


def _fill(store: BaseStore) -> None:
    for i in range(100):
        store.put(NS, f"k{i}", {"text": f"fact {i}"})


def _sync_rows(
    name: str, bare: BaseStore, n: int, label: str, options: dict[str, object]
) -> list[OverheadRow]:
    rows = []
    with ResilientStore(bare, **options) as wrapped:  # type: ignore[arg-type]
        for op_name, call_bare, call_wrapped in (
            ("get", lambda: bare.get(NS, "k7"), lambda w=wrapped: w.get(NS, "k7")),
            ("search", lambda: bare.search(NS, limit=5), lambda w=wrapped: w.search(NS, limit=5)),
        ):
            _pair_sync(call_bare, call_wrapped, n // 10)  # warm up threads
            b, w = _pair_sync(call_bare, call_wrapped, n)
            rows.append(_overhead_row(f"{name} sync {op_name}, {label}", b, w))
    return rows


async def _async_rows(
    name: str, bare: BaseStore, n: int, label: str, options: dict[str, object]
) -> list[OverheadRow]:
    rows = []
    async with ResilientStore(bare, **options) as wrapped:  # type: ignore[arg-type]
        for op_name, call_bare, call_wrapped in (
            # bare: the one-op abatch the wrapper makes (AsyncQdrantStore.aget would also
            # go through its own request-batching queue, which the wrapper skips)
            ("aget", lambda: bare.abatch([GetOp(NS, "k7")]), lambda: wrapped.aget(NS, "k7")),
            ("asearch", lambda: bare.asearch(NS, limit=5), lambda: wrapped.asearch(NS, limit=5)),
        ):
            await _pair_async(call_bare, call_wrapped, n // 10)
            b, w = await _pair_async(call_bare, call_wrapped, n)
            rows.append(_overhead_row(f"{name} async {op_name}, {label}", b, w))
    return rows


def _cases(colocate: bool, *, sync: bool = True) -> list[tuple[str, dict[str, object]]]:
    cases: list[tuple[str, dict[str, object]]] = [
        ("deadline 300 ms", {"read_timeout": 0.3}),
        ("read_timeout=None", {"read_timeout": None}),
    ]
    if sync:
        # the default picks the thread by store (inline on Edge and on an index-less
        # InMemoryStore, a worker on a store that can hang); both rows show each choice on
        # every store
        cases.append(
            ("deadline 300 ms, sync_inline=True", {"read_timeout": 0.3, "sync_inline": True})
        )
        cases.append(
            ("deadline 300 ms, sync_inline=False", {"read_timeout": 0.3, "sync_inline": False})
        )
    if colocate:
        cases.append(("deadline 300 ms, colocate=True", {"read_timeout": 0.3, "colocate": True}))
    return cases


def _pair_sync(
    bare: Callable[[], object], wrapped: Callable[[], object], n: int
) -> tuple[list[float], list[float]]:
    """Bare and wrapped calls alternated, so both see the same machine (a shared, noisy
    machine drifts between two back-to-back runs more than the wrapper costs)."""
    b, w = [], []
    clock = time.perf_counter_ns
    for _ in range(n):
        t0 = clock()
        bare()
        t1 = clock()
        wrapped()
        t2 = clock()
        b.append((t1 - t0) / 1000)
        w.append((t2 - t1) / 1000)
    return b, w


async def _pair_async(
    bare: Callable[[], object], wrapped: Callable[[], object], n: int
) -> tuple[list[float], list[float]]:
    b, w = [], []
    clock = time.perf_counter_ns
    for _ in range(n):
        t0 = clock()
        await bare()  # type: ignore[misc]
        t1 = clock()
        await wrapped()  # type: ignore[misc]
        t2 = clock()
        b.append((t1 - t0) / 1000)
        w.append((t2 - t1) / 1000)
    return b, w


def bench_overhead(n: int, *, colocate: bool = False) -> list[OverheadRow]:
    """Rows: (case, bare p50, bare p95, overhead p50, overhead p95) in microseconds."""
    rows: list[OverheadRow] = []
    with tempfile.TemporaryDirectory() as tmp:
        edge = QdrantStore(path=Path(tmp) / "sync")
        memory = InMemoryStore()
        try:
            for name, bare in (("Edge", edge), ("InMemory", memory)):
                _fill(bare)
                for label, options in _cases(colocate):
                    rows.extend(_sync_rows(name, bare, n, label, options))
        finally:
            edge.close()

        async def run_async() -> None:
            aedge = AsyncQdrantStore(path=Path(tmp) / "async")
            try:
                for i in range(100):
                    await aedge.aput(NS, f"k{i}", {"text": f"fact {i}"})
                for name, bare in (("Edge", aedge), ("InMemory", memory)):
                    for label, options in _cases(False, sync=False):
                        rows.extend(await _async_rows(name, bare, n, label, options))
            finally:
                await aedge.aclose()

        asyncio.run(run_async())
    return rows


def bench_handoff(n: int) -> list[tuple[str, float, float]]:
    """Where the sync deadline's microseconds go: (case, p50 us, p95 us)."""
    rows = []
    runner = ThreadDeadline(max_workers=1)
    try:
        _time_sync(lambda: runner.run(_noop, 1.0), n // 10)
        xs = _time_sync(lambda: runner.run(_noop, 1.0), n)
        rows.append(("no-op call through ThreadDeadline (hand-off + answer)", *_us(xs)))
    finally:
        runner.close()
    wake, done = threading.Lock(), threading.Lock()
    wake.acquire()
    done.acquire()
    stop = [False]

    def worker() -> None:
        while True:
            wake.acquire()
            if stop[0]:
                return
            done.release()

    t = threading.Thread(target=worker, daemon=True)
    t.start()

    def ping() -> None:
        wake.release()
        done.acquire(timeout=1.0)

    _time_sync(ping, n // 10)
    rows.append(("bare lock ping-pong between two threads", *_us(_time_sync(ping, n))))
    stop[0] = True
    wake.release()
    t.join(1.0)
    return rows


def _noop() -> None:
    return None


def _us(xs: list[float]) -> tuple[float, float]:
    return statistics.median(xs), percentile(xs, 95)


def bench_hang(
    deadline: float, n_turns: int, n_fast: int = 2000
) -> list[tuple[str, float, float, float]]:
    """Rows: (case, p50 ms, p95 ms, max ms) while the store hangs forever; ``n_fast`` calls
    are timed once the breaker is open."""
    rows = []
    hang = HangingStore()
    # breaker never opens: every call waits for its deadline (the worst case)
    with ResilientStore(
        hang, read_timeout=deadline, write_timeout=deadline, failure_threshold=10**9
    ) as store:
        calls = _time_sync(lambda: store.search(NS, query="dentist"), n_turns)
        rows.append((f"sync call, breaker closed (deadline {deadline * 1000:.0f} ms)", *_ms(calls)))
        turns = _time_sync(
            lambda: store.batch([GetOp(NS, "profile"), SearchOp(NS, query="dentist")]), n_turns
        )
        rows.append(("sync turn = one recall batch (get + search), closed", *_ms(turns)))

    async def async_part() -> None:
        async with ResilientStore(
            hang, read_timeout=deadline, write_timeout=deadline, failure_threshold=10**9
        ) as store:
            calls = await _time_async(lambda: store.asearch(NS, query="dentist"), n_turns)
            rows.append(
                (f"async call, breaker closed (deadline {deadline * 1000:.0f} ms)", *_ms(calls))
            )

    asyncio.run(async_part())
    # default threshold: after 5 timeouts the breaker opens and calls fail fast
    with ResilientStore(hang, read_timeout=deadline, write_timeout=deadline) as store:
        for _ in range(5):
            store.search(NS)
        assert store.degraded
        open_calls = _time_sync(
            lambda: store.batch([GetOp(NS, "profile"), SearchOp(NS, query="dentist")]), n_fast
        )
        rows.append(("sync turn, breaker open (fail fast)", *_ms(open_calls)))
        writes = _time_sync(lambda: store.put(NS, "k", {"text": "x"}), n_fast)
        rows.append(("sync put, breaker open (to in-memory outbox)", *_ms(writes)))
    hang.release.set()
    return rows


def _ms(xs: list[float]) -> tuple[float, float, float]:
    return statistics.median(xs) / 1000, percentile(xs, 95) / 1000, max(xs) / 1000


def bench_drain(n_writes: int) -> list[tuple[str, float, str]]:
    """Rows: (case, seconds, note)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        inner = SwitchStore()
        path = Path(tmp) / "outbox.sqlite"
        clock = [0.0]
        with ResilientStore(
            inner,
            outbox_path=path,
            outbox_max=n_writes,
            failure_threshold=1,
            clock=lambda: clock[0],
        ) as store:
            inner.down = True
            t0 = time.perf_counter()
            for i in range(n_writes):
                store.put(NS, f"k{i}", {"text": f"fact number {i}", "n": i})
            queued = time.perf_counter() - t0
            rows.append(
                (
                    f"queue {n_writes} writes while down (sqlite WAL on disk)",
                    queued,
                    f"{queued / n_writes * 1e6:.0f} us per write",
                )
            )
            inner.down = False
            clock[0] += store.breaker.recovery_time
            t0 = time.perf_counter()
            replayed = store.flush()
            drained = time.perf_counter() - t0
            assert replayed == n_writes and store.outbox.depth == 0
            assert len(inner.search(NS, limit=n_writes + 1)) == n_writes
            rows.append(
                (
                    f"drain {n_writes} writes to InMemoryStore (chunks of 256)",
                    drained,
                    f"{n_writes / drained:,.0f} writes/s",
                )
            )
    return rows


# ---------------------------------------------------------------------------- report

# The rows of the target table: (label, case in the overhead rows). A case this run did not
# measure is left out.
_TARGET_ROWS = (
    ("Qdrant Edge async `aget`, default (300 ms deadline)", "Edge async aget, deadline 300 ms"),
    (
        "Qdrant Edge sync `get`, default (300 ms deadline; in the calling thread while the "
        "engine lock is free)",
        "Edge sync get, deadline 300 ms",
    ),
    (
        "Qdrant Edge sync `get`, `sync_inline=False` (worker thread)",
        "Edge sync get, deadline 300 ms, sync_inline=False",
    ),
    (
        "`InMemoryStore` sync `get`, default (dict work: in the calling thread)",
        "InMemory sync get, deadline 300 ms",
    ),
    (
        "`InMemoryStore` sync `get`, `sync_inline=False` (worker thread: what a store that "
        "can hang pays)",
        "InMemory sync get, deadline 300 ms, sync_inline=False",
    ),
    ("`InMemoryStore` async `aget`, default", "InMemory async aget, deadline 300 ms"),
    (
        "Qdrant Edge sync `get`, `read_timeout=None` (no deadline)",
        "Edge sync get, read_timeout=None",
    ),
)


def _f(x: float, digits: int = 1) -> str:
    return f"{x:,.{digits}f}"


def render(results: dict[str, Any]) -> str:
    """The markdown block of docs/resilience.md's benchmark section, from a results file:
    where the run came from, the issue 14 verdicts, and every table the run measured."""
    cfg = results["config"]
    overhead = {r["case"]: r for r in results["overhead"]}
    verdicts = []
    for label, case in _TARGET_ROWS:
        r = overhead.get(case)
        if r is None:
            continue
        met = "met" if r["overhead_p95_us"] <= TARGET_P95_US else "**not met**"
        verdicts.append(
            [label, f"{_f(r['overhead_p50_us'])} us", f"{_f(r['overhead_p95_us'])} us", met]
        )
    lines = [
        provenance(results) + "  ",
        f"{cfg['calls']:,} alternated bare / wrapped calls per overhead row; "
        f"{cfg['turns']} calls per row while the store hangs and {cfg['fast_calls']:,} once "
        f"the breaker is open; {cfg['writes']:,} writes through the outbox.",
    ]
    if cfg.get("quick"):
        lines.append(
            "**Quick run** (a tenth of the calls of the full run): a smoke-sized measurement, "
            "not the full figure."
        )
    lines += [
        "",
        markdown_table(
            [
                f"healthy store, overhead of the wrapper (issue 14: p95 <= {TARGET_P95_US:g} us)",
                "p50",
                "p95",
                "target",
            ],
            verdicts,
        ),
        "",
        "Overhead per call when healthy (wrapped minus bare store), us:",
        "",
        markdown_table(
            ["case", "bare p50", "bare p95", "overhead p50", "overhead p95"],
            [
                [
                    r["case"],
                    _f(r["bare_p50_us"]),
                    _f(r["bare_p95_us"]),
                    _f(r["overhead_p50_us"]),
                    _f(r["overhead_p95_us"]),
                ]
                for r in results["overhead"]
            ],
        ),
        "",
        "Where the sync deadline's microseconds go, us:",
        "",
        markdown_table(
            ["case", "p50", "p95"],
            [[r["case"], _f(r["p50_us"]), _f(r["p95_us"])] for r in results["handoff"]],
        ),
        "",
        "Latency while the store hangs forever, ms:",
        "",
        markdown_table(
            ["case", "p50", "p95", "max"],
            [
                [r["case"], _f(r["p50_ms"], 2), _f(r["p95_ms"], 2), _f(r["max_ms"], 2)]
                for r in results["hang"]
            ],
        ),
        "",
        "Outbox:",
        "",
        markdown_table(
            ["case", "seconds", ""],
            [[r["case"], _f(r["seconds"], 2), r["note"]] for r in results["outbox"]],
        ),
    ]
    return "\n".join(lines)


SKELETON = (
    "# Resilience\n\n## Benchmarks\n\n"
    "<!-- resilience_bench:start -->\n<!-- resilience_bench:end -->\n"
)


def publish(results: dict[str, Any], docs: Path = DOCS) -> None:
    """Write the rendered block between the ``resilience_bench`` markers of ``docs``."""
    replace_block(docs, "resilience_bench", render(results), SKELETON)
    print(f"block written to {docs}", file=sys.stderr)


# ---------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.resilience_bench", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--quick", action="store_true", help="a tenth of the calls")
    ap.add_argument("--colocate", action="store_true", help="also measure the opt-in colocate=True")
    ap.add_argument("--calls", type=int, default=None, help="calls per overhead row")
    ap.add_argument("--turns", type=int, default=None, help="calls per row while hanging")
    ap.add_argument("--writes", type=int, default=10_000, help="writes through the outbox")
    ap.add_argument(
        "--deadlines", default="0.05,0.3", help="deadlines (s) of the hang rows, comma-separated"
    )
    ap.add_argument("--json", type=Path, default=None, help="results file")
    ap.add_argument("--allow-dirty", action="store_true", help="measure a dirty tree (marked)")
    ap.add_argument("--docs", action="store_true", help="also write docs/resilience.md")
    ap.add_argument("--render", type=Path, default=None, metavar="JSON", help="measure nothing")
    args = ap.parse_args(argv)
    args.calls = args.calls or (2000 if args.quick else 20000)
    args.turns = args.turns or (5 if args.quick else 20)
    args.deadline_list = [float(x) for x in args.deadlines.split(",") if x.strip()]
    if args.json is None:
        name = "resilience_bench_quick.json" if args.quick else "resilience_bench.json"
        args.json = RESULTS / name
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    if args.render is not None:
        results = json.loads(args.render.read_text(encoding="utf-8"))
        print(render(results))
        publish(results)
        return dict(results)
    git = git_state(allow_dirty=args.allow_dirty)
    logging.getLogger("langmem_plus.resilience").setLevel(logging.CRITICAL)  # expected noise
    command = " ".join(
        ["python -m benchmarks.resilience_bench", *map(shlex.quote, argv or sys.argv[1:])]
    )
    print(f"{command}: {args.calls:,} calls per overhead row", file=sys.stderr)
    load_before = load_average()
    wall0 = time.perf_counter()
    overhead = [
        dict(
            zip(
                ("case", "bare_p50_us", "bare_p95_us", "overhead_p50_us", "overhead_p95_us"),
                r,
                strict=True,
            )
        )
        for r in bench_overhead(args.calls, colocate=args.colocate)
    ]
    handoff = [
        dict(zip(("case", "p50_us", "p95_us"), r, strict=True)) for r in bench_handoff(args.calls)
    ]
    fast = max(args.calls // 10, 1)
    hang = [
        {
            "deadline_ms": d * 1000,
            **dict(zip(("case", "p50_ms", "p95_ms", "max_ms"), r, strict=True)),
        }
        for d in args.deadline_list
        for r in bench_hang(d, args.turns, fast)
    ]
    outbox = [
        dict(zip(("case", "seconds", "note"), r, strict=True)) for r in bench_drain(args.writes)
    ]
    results = {
        "command": command,
        "git": git,
        "machine": machine_info(PACKAGES),
        "load": [load_before, load_average()],
        "wall_seconds": time.perf_counter() - wall0,
        "config": {
            "calls": args.calls,
            "turns": args.turns,
            "fast_calls": fast,
            "writes": args.writes,
            "deadlines_s": args.deadline_list,
            "quick": args.quick,
            "colocate": args.colocate,
            "target_p95_us": TARGET_P95_US,
        },
        "overhead": overhead,
        "handoff": handoff,
        "hang": hang,
        "outbox": outbox,
    }
    print(render(results))
    write_json(args.json, results)
    print(f"results: {args.json}", file=sys.stderr)
    if args.docs:
        publish(results)
    return results


if __name__ == "__main__":
    main()
