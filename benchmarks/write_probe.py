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
* a retraction (a ``remember`` that moves a row to another key: a delete and an upsert,
  journaled) beside a plain one, wall and CPU time: the difference is the journal's waits.
* ``--profile``: a cProfile of ``remember_many`` and of single remembers (top functions by
  cumulative time).
* ``--breakdown``: where a single ``remember``, a bare ``put``, a bulk put (``store.batch``
  of 500 items, as ``store_bench``), ``remember_many`` (per fact) and a retraction spend
  their CPU time, step by step, in microseconds per call, item or fact (see ``Steps``):
  the write policy's screen and the rest of its decision, the planner's steps, the store's
  value check and payload building, and each engine call, with an upsert split into
  building the engine's points and the engine's own ``update``; and how many calls into
  the Edge shard each makes (``update``, ``retrieve``, ``scroll``: what issue 14 calls
  engine points). Times are exclusive (a step's inner steps are not counted in it) and
  sum to the total with "other"; wrapping costs well under a microsecond per step.
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from langgraph.store.base import PutOp

from benchmarks.common import elapsed_ms, percentile, profile_text
from benchmarks.recall_bench import candidates
from langmem_plus import QdrantStore
from langmem_plus.facts import planner as planner_mod
from langmem_plus.facts import policy as policy_mod
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from langmem_plus.stores import base as base_mod
from langmem_plus.stores.engines import edge as edge_mod


def _facts(user: int, n: int, rng: random.Random) -> list[CandidateFact]:
    return [CandidateFact(**c) for c in candidates(user, n, rng)]


def _single(i: int) -> CandidateFact:
    if i % 2:
        return CandidateFact(kind="fact", subject="user", predicate="city",
                             object=f"Town {i}", text=f"The user lives in Town {i}.")
    return CandidateFact(kind="fact", subject="user", predicate="hobby",
                         object=f"hobby {i}", text=f"The user took up hobby {i}.")


def _retraction(i: int, gone: bool) -> CandidateFact:
    if gone:
        return CandidateFact(kind="fact", subject="user", predicate="hobby", object=f"game {i}",
                             text=f"The user no longer plays game {i}.", polarity="retract")
    return CandidateFact(kind="fact", subject="user", predicate="hobby", object=f"game {i}",
                         text=f"The user plays game {i}.")


class Steps:
    """Exclusive CPU time (``time.thread_time``) of named steps, by wrapping functions for
    the length of a ``with steps.wrapped():`` block (they are put back after it).

    A step's time leaves out the steps that run inside it, so the steps and "other" add up
    to the time measured around the calls. Example:

    >>> import types
    >>> mod = types.SimpleNamespace(f=lambda: sum(range(10)))
    >>> steps = Steps([(mod, "f", "sum")])
    >>> with steps.wrapped():
    ...     steps.run(lambda: mod.f(), 3)
    >>> sorted(steps.per_call()) == ["other", "sum"], steps.calls["sum"]
    (True, 3)
    """

    def __init__(self, targets: list[tuple[Any, str, str | Callable[..., str]]]) -> None:
        self.targets = targets
        self.time: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.total = 0.0
        self.runs = 0
        self._stack: list[list[float]] = []

    def _wrap(self, fn: Callable[..., Any], label: str | Callable[..., str]) -> Any:
        clock = time.thread_time

        def timed(*args: Any, **kwargs: Any) -> Any:
            name = label if isinstance(label, str) else label(*args)
            frame = [clock(), 0.0]
            self._stack.append(frame)
            try:
                return fn(*args, **kwargs)
            finally:
                self._stack.pop()
                spent = clock() - frame[0]
                self.time[name] = self.time.get(name, 0.0) + spent - frame[1]
                self.calls[name] = self.calls.get(name, 0) + 1
                if self._stack:
                    self._stack[-1][1] += spent

        return timed

    @contextmanager
    def wrapped(self) -> Iterator[Steps]:
        saved = [(owner, name, getattr(owner, name)) for owner, name, _ in self.targets]
        try:
            for owner, name, label in self.targets:
                setattr(owner, name, self._wrap(getattr(owner, name), label))
            yield self
        finally:
            for owner, name, fn in saved:
                setattr(owner, name, fn)

    def run(self, fn: Callable[[], Any], n: int) -> None:
        """Call ``fn`` ``n`` times, timing the whole as well as its steps."""
        t0 = time.thread_time()
        for _ in range(n):
            fn()
        self.total += time.thread_time() - t0
        self.runs += n

    def per_call(self) -> dict[str, float]:
        """Microseconds per run of each step, and ``other`` (the rest of the total)."""
        out = {k: v / self.runs * 1e6 for k, v in self.time.items()}
        out["other"] = (self.total - sum(self.time.values())) / self.runs * 1e6
        return out


class _CountedShard:
    """The engine's shard, counting its calls by method (``update``, ``retrieve``, ...):
    the Edge calls a write makes, whatever the store's own call objects are."""

    def __init__(self, shard: Any) -> None:
        self._shard = shard
        self.counts: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._shard, name)
        if name not in ("update", "retrieve", "scroll", "query", "count", "facet"):
            return attr

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.counts[name] = self.counts.get(name, 0) + 1
            return attr(*args, **kwargs)

        return counted


@contextmanager
def _counting(store: QdrantStore) -> Iterator[_CountedShard]:
    engine: Any = store._engine
    counted = _CountedShard(engine._shard)
    engine._shard = counted
    try:
        yield counted
    finally:
        engine._shard = counted._shard


def _print_shard(counted: _CountedShard, runs: int) -> dict[str, float]:
    per = {k: n / runs for k, n in sorted(counted.counts.items())}
    shown = ", ".join(f"{k} {v:.2f}" for k, v in per.items())
    print(f"  Edge shard calls per call: {sum(per.values()):.2f} ({shown})")
    return per


def _engine_step(_engine: Any, _shard: Any, call: Any) -> str:
    return f"engine: {type(call).__name__.lower()}"


def _steps() -> Steps:
    """The steps of the write path that ``--breakdown`` times."""
    return Steps([
        (policy_mod.WritePolicy, "screen", "policy: screen"),
        (policy_mod.WritePolicy, "decide", "policy: decide (rest)"),
        (policy_mod.WritePolicy, "to_fact", "policy: to_fact"),
        (planner_mod.Planner, "_decision_writes", "planner: decision writes"),
        (planner_mod.Planner, "_bump", "planner: version bump + witness"),
        (planner_mod.Planner, "_profile_row", "planner: profile row"),
        (planner_mod, "decode_trusted", "planner: decode rows"),
        (base_mod, "_validate_op", "store: op check"),
        (base_mod, "build_payload", "store: value check + payload"),
        (base_mod, "item_from_payload", "store: items from payloads"),
        (base_mod._Bm25Model, "document", "store: BM25 of the text"),
        (edge_mod.EdgeEngine, "_execute", _engine_step),
        (edge_mod, "_points", "engine: build points (binding)"),
        (edge_mod.IntentJournal, "write", "engine: journal"),
        (edge_mod.IntentJournal, "clear", "engine: journal"),
    ])


def _print_steps(title: str, steps: Steps, unit: str, runs: int | None = None) -> dict[str, Any]:
    """Print and return the steps' CPU time per ``unit``, and each engine call's count per
    call of the measured function (``runs`` of them; default: one per unit)."""
    per = steps.per_call()
    total = steps.total / steps.runs * 1e6
    runs = runs or steps.runs
    calls = {k: n / runs for k, n in steps.calls.items() if k.startswith("engine: ")}
    engine = sum(n for k, n in calls.items() if k != "engine: build points (binding)"
                 and k != "engine: journal")
    print(f"{title}: {total:,.1f} us CPU per {unit}; {engine:.2f} engine calls per call")
    for name, us in sorted(per.items(), key=lambda kv: -kv[1]):
        shown = "engine: upsert (shard.update)" if name.startswith("engine: upsert") else name
        count = f"  ({calls[name]:.2f} per call)" if name in calls else ""
        print(f"  {shown:36s} {us:8.1f} us  {us / total:5.1%}{count}")
    return {"total_us": total, **per, "engine_calls": engine, "calls": calls}


def breakdown(store: QdrantStore, memory: FactMemory, users: list[str], rng: random.Random,
              writes: int) -> dict[str, Any]:
    """Per-step CPU time of a single remember, a bare put and a bulk put (see ``Steps``)."""
    out: dict[str, Any] = {}
    steps = _steps()
    picks = [(rng.choice(users), _single(100_000 + i)) for i in range(writes)]
    it = iter(picks)
    with steps.wrapped(), _counting(store) as counted:
        steps.run(lambda: memory.remember(*next(it)), writes)
    out["remember"] = _print_steps("single remember", steps, "remember")
    out["remember"]["shard_calls"] = _print_shard(counted, writes)
    steps = _steps()
    rows = [(u, {**c.model_dump(mode="json"), "fact_id": f"b{i}", "user_id": u})
            for i, (u, c) in enumerate(picks)]
    it2 = iter(enumerate(rows))

    def put() -> None:
        i, (u, row) = next(it2)
        store.put(("bench", u), f"b{i}", row, index=["text"])

    with steps.wrapped(), _counting(store) as counted:
        steps.run(put, writes)
    out["put"] = _print_steps("bare store.put", steps, "put")
    out["put"]["shard_calls"] = _print_shard(counted, writes)
    # the store benchmark's bulk put: 100 users x 100 items, per-user namespaces, no index
    from benchmarks.store_bench import pattern_item

    ops = [PutOp(*pattern_item("per-user", u, 10_000 + j, j % 5 != 0), index=False)
           for j in range(100) for u in range(100)]
    chunks = iter([ops[i : i + 500] for i in range(0, len(ops), 500)])
    steps = _steps()
    with steps.wrapped(), _counting(store) as counted:
        steps.run(lambda: store.batch(next(chunks)), len(ops) // 500)
    batches = steps.runs
    steps.runs = len(ops)  # per item
    out["bulk_put"] = _print_steps("bulk put (store.batch of 500)", steps, "item", batches)
    out["bulk_put"]["shard_calls"] = _print_shard(counted, batches)
    # remember_many: fresh users' facts, per fact (the load of the recall benchmark)
    fresh = [(f"many{i:05d}", _facts(10_000 + i, 50, rng)) for i in range(max(writes // 50, 4))]
    todo = iter(fresh)
    steps = _steps()
    with steps.wrapped(), _counting(store) as counted:
        steps.run(lambda: memory.remember_many(*next(todo)), len(fresh))
    calls = steps.runs
    steps.runs = sum(len(fs) for _, fs in fresh)  # per fact
    out["remember_many"] = _print_steps("remember_many (50 facts a call)", steps, "fact", calls)
    out["remember_many"]["shard_calls"] = _print_shard(counted, calls)
    # a retraction: a delete and an upsert in one batch (the journal's case)
    held = [(rng.choice(users), 50_000 + i) for i in range(min(writes, 100))]
    for u, i in held:  # the hobby each retraction closes, untimed
        memory.remember(u, _retraction(i, False))
    steps = _steps()
    gone = iter(held)

    def retract() -> None:
        u, i = next(gone)
        memory.remember(u, _retraction(i, True))

    with steps.wrapped(), _counting(store) as counted:
        steps.run(retract, len(held))
    out["retraction"] = _print_steps("retraction (remember)", steps, "remember")
    out["retraction"]["shard_calls"] = _print_shard(counted, len(held))
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", type=int, default=200)
    ap.add_argument("--facts", type=int, default=50)
    ap.add_argument("--writes", type=int, default=500)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--breakdown", action="store_true",
                    help="per-step CPU time of a remember, a put and a bulk put")
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

        # a retraction moves a row to history under another key: a delete and an upsert,
        # journaled; a plain remember of the same shape writes one upsert
        plain_w: list[float] = []
        plain_c: list[float] = []
        gone_w: list[float] = []
        gone_c: list[float] = []
        for i in range(min(args.writes, 100)):
            u = rng.choice(users)
            for gone, wall, cpu in ((False, plain_w, plain_c), (True, gone_w, gone_c)):
                t, c0 = time.perf_counter_ns(), time.thread_time()
                memory.remember(u, _retraction(i, gone))
                wall.append(elapsed_ms(t))
                cpu.append((time.thread_time() - c0) * 1000)
        out.update(plain_p50_ms=percentile(plain_w, 50), retract_p50_ms=percentile(gone_w, 50),
                   retract_cpu_p50_ms=percentile(gone_c, 50))
        print(f"retraction p50        {percentile(gone_w, 50):.3f} ms wall, "
              f"{percentile(gone_c, 50):.3f} ms CPU; the remember before it "
              f"{percentile(plain_w, 50):.3f} ms wall, {percentile(plain_c, 50):.3f} ms CPU")

        if args.breakdown:
            out["breakdown"] = breakdown(store, memory, users, rng, args.writes)
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
