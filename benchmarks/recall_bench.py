"""Recall on the path users hit: a user's first turn in a process, and held turns.

Run from the repository root on a clean tree (the run refuses local changes unless
``--allow-dirty``; the results then say so)::

    python -m benchmarks.recall_bench                  # 1,000 users x 10 and x 100 facts
    python -m benchmarks.recall_bench --quick          # 100 users, fewer samples (~1-2 min)
    python -m benchmarks.recall_bench --render benchmarks/results/recall_bench.json

Data: ``--users`` users (default 1,000), each with ``F`` current facts for ``F`` in
``--facts`` (default 10 and 100, so 10k and 100k facts), written on Qdrant Edge
(``QdrantStore(path=<temp dir>)``) through the public write path, ``FactMemory.remember``,
so every row the library keeps for a user (versions, profile, log) is what a real write
leaves. The vocabulary is this file's own (a few single-valued profile slots, two project
facts, the rest multi-valued notes), independent of the truth benchmark.

Each measured turn is ``FactMemory.recall(user, request, scope=...)`` with a request from
``REQUESTS`` and, for half of the turns, one of the user's project scopes. Right after it,
in the same loop, the same user's bare filtered engine search
``store.search(layout.facts(user), filter={"user_id": user}, limit=10)`` is timed, so
every recall row has its own engine baseline from the same seconds of the same run, and
the ratio recall / bare is printed beside it. Rows:

* **first turn** -- one long-lived ``FactMemory``; every sample is a user this instance
  has never seen (a user's first turn in a process: nothing held).
* **cache off** -- ``FactMemory(store, recall_cache_facts=0)``: nothing is ever held.
* **node, cache off** -- the graph's recall node
  (``create_memory_nodes(memory=...)[0].invoke``) over that instance: settings, session
  and recall as a graph turn pays them.
* **held, uniform / Zipf** -- one ``FactMemory`` with the default cache serving a stream of
  turns whose users are drawn uniformly or by Zipf's law (s = ``ZIPF_S``, ranks shuffled);
  the stream first runs ``--warmup`` turns untimed, then the measured turns. The hit rate
  (turns answered from held facts) is printed: it is what the cache buys for that mix and
  size, not a property of the library.

Medians, p95 and sample counts are printed for every row, with the 1-minute load average
before and after (this machine is shared; numbers from a loaded machine are noisy).
The write path is timed on the way in: facts per second and the p50/p95 per call while
loading (``remember_many`` per user where the library has it, else ``remember`` per fact).
After each size's recall rows, single writes (``single_writes``): a ``remember`` and a bare
``store.put`` of the same fact-shaped row, pair by pair, with the ratio of their medians
(wall and CPU time) beside them, the issue's "single remember <= 4x a bare put".
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from langchain_core.messages import HumanMessage

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
    write_json,
)

PACKAGES = ("langmem-plus", "langgraph", "qdrant-edge-py", "pydantic")
BARE_LIMIT = 10
ZIPF_S = 1.0
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
TARGET_P95_MS = 1.5
TARGET_BUSY_RATIO = 5.0
TARGET_REMEMBER_RATIO = 4.0

CITIES = ("Tampere", "Porto", "Graz", "Leeds", "Bergen", "Lyon", "Kraków", "Utrecht")
EMPLOYERS = ("Northwind", "Bluefin Labs", "Cobalt & Sons", "Mosaic Health", "Tidewater")
PROJECTS = ("orion", "lyra", "vega", "draco")
DATABASES = ("PostgreSQL", "SQLite", "Cassandra", "DuckDB")
TOPICS = (
    "kayaking",
    "origami",
    "bouldering",
    "sourdough",
    "astronomy",
    "woodworking",
    "tango",
    "gardening",
    "calligraphy",
    "trail running",
)
REQUESTS = (
    "What city am I in again?",
    "Draft an email to my employer about leave.",
    "Which database does this project use?",
    "Suggest something for the weekend.",
    "Plan a route for tomorrow in kilometres.",
    "What did I say about woodworking?",
    "Summarise what you know about me.",
    "Tell me a joke.",
)


# ---------------------------------------------------------------------------- data


def candidates(user: int, n: int, rng: random.Random) -> list[dict[str, Any]]:
    """``n`` candidate facts of one user that all stay current: three single-valued
    profile slots, one database fact in each of two projects, then multi-valued notes."""
    out: list[dict[str, Any]] = []
    city, emp = rng.choice(CITIES), rng.choice(EMPLOYERS)
    out.append(_cand("fact", "user", "city", city, f"The user lives in {city}."))
    out.append(_cand("fact", "user", "employer", emp, f"The user works at {emp}."))
    out.append(_cand("preference", "user", "units", "metric", "The user prefers metric units."))
    for p in rng.sample(PROJECTS, 2):
        db = rng.choice(DATABASES)
        out.append(_cand("fact", f"{p}.database", "database", db, f"{p} uses {db}.", scope=p))
    i = 0
    while len(out) < n:
        topic = TOPICS[(user + i) % len(TOPICS)]
        out.append(
            _cand(
                "fact",
                "user",
                "interest",
                f"{topic} #{i}",
                f"The user is into {topic} (note {i}).",
            )
        )
        i += 1
    return out[:n]


def _cand(
    kind: str, subject: str, predicate: str, obj: str, text: str, scope: str | None = None
) -> dict[str, Any]:
    return {
        "kind": kind,
        "subject": subject,
        "predicate": predicate,
        "object": obj,
        "text": text,
        "scope": scope,
    }


def user_id(i: int) -> str:
    return f"bu{i:05d}"


def load(store: Any, users: int, per_user: int, seed: int) -> dict[str, Any]:
    """Write every user's facts through the public write path; the write timings.

    ``FactMemory.remember_many(user, candidates)`` (one call per user) where the library
    has it, else ``FactMemory.remember`` per fact; the results say which was timed."""
    from langmem_plus.facts.memory import FactMemory

    clock = [T0]

    def tick() -> datetime:
        clock[0] += timedelta(milliseconds=10)
        return clock[0]

    memory = FactMemory(store, clock=tick)
    many = getattr(memory, "remember_many", None)
    rng = random.Random(seed)
    ms: list[float] = []
    actions: dict[str, int] = {}
    bar = Progress(f"load {users * per_user:,}", total=users * per_user)
    t_all = time.perf_counter()
    for u in range(users):
        uid = user_id(u)
        cands = candidates(u, per_user, rng)
        if many is not None:
            t0 = time.perf_counter_ns()
            decisions = list(many(uid, cands, session_id="load"))
            ms.append((time.perf_counter_ns() - t0) / 1e6)
        else:
            decisions = []
            for c in cands:
                t0 = time.perf_counter_ns()
                decisions.append(memory.remember(uid, c, session_id="load"))
                ms.append((time.perf_counter_ns() - t0) / 1e6)
        for d in decisions:
            actions[d.action] = actions.get(d.action, 0) + 1
        bar.update(per_user)
    wall = time.perf_counter() - t_all
    bar.close()
    if actions.get("new", 0) != users * per_user:
        raise RuntimeError(f"every loaded fact must be new and current, got {actions}")
    return {
        "facts_per_user": per_user,
        "api": "remember_many (one call per user)" if many is not None else "remember",
        "calls": len(ms),
        "facts": users * per_user,
        "facts_per_second": users * per_user / wall,
        "ms": summarize(ms),
    }


def single_writes(store: Any, users: list[str], per_user: int, samples: int, seed: int) -> dict:
    """A single ``FactMemory.remember`` beside a bare ``store.put``, pair by pair.

    Each pair writes one fact to a loaded user (a city change, which supersedes, or a new
    hobby, which adds a row, alternately) through ``remember``, and the same fact-shaped
    row (the candidate's fields, a ``fact_id`` and ``user_id``) through
    ``store.put(("bench", user), key, row, index=["text"])``: one upsert with BM25 on its
    text, what a LangGraph app's own write costs. The pair's order is drawn at random, so
    neither always runs on a warmer cache. Wall and thread CPU time; the ratios are of the
    medians, the target (issue 14) is ``remember`` <= ``TARGET_REMEMBER_RATIO`` x the put.
    Run after the recall rows: the writes change the users' facts."""
    from langmem_plus.facts.memory import FactMemory
    from langmem_plus.facts.models import CandidateFact

    memory = FactMemory(store)
    rng = random.Random(seed + per_user + 1)
    wall: dict[str, list[float]] = {"put": [], "remember": []}
    cpu: dict[str, list[float]] = {"put": [], "remember": []}
    actions: dict[str, int] = {}
    for i in range(samples + 10):  # the first 10 pairs warm up, untimed
        u = rng.choice(users)
        if i % 2:
            c = CandidateFact(kind="fact", subject="user", predicate="city",
                              object=f"Town {i}", text=f"The user lives in Town {i}.")
        else:
            c = CandidateFact(kind="fact", subject="user", predicate="hobby",
                              object=f"pastime {i}", text=f"The user took up pastime {i}.")
        row = {**c.model_dump(mode="json"), "fact_id": f"bench-{i}", "user_id": u}
        pair = ["put", "remember"]
        rng.shuffle(pair)
        for what in pair:
            c0, t0 = time.thread_time_ns(), time.perf_counter_ns()
            if what == "put":
                store.put(("bench", u), f"w{i}", row, index=["text"])
            else:
                action = memory.remember(u, c, session_id="bench").action
                actions[action] = actions.get(action, 0) + 1
            if i >= 10:
                wall[what].append((time.perf_counter_ns() - t0) / 1e6)
                cpu[what].append((time.thread_time_ns() - c0) / 1e6)
    if set(actions) - {"new", "superseded"}:
        raise RuntimeError(f"every single remember must store its fact, got {actions}")
    w = {k: summarize(v) for k, v in wall.items()}
    c = {k: summarize(v) for k, v in cpu.items()}
    return {
        "facts_per_user": per_user,
        "pairs": samples,
        "remember_ms": w["remember"],
        "put_ms": w["put"],
        "remember_cpu_ms": c["remember"],
        "put_cpu_ms": c["put"],
        "ratio_p50": float(w["remember"]["p50"]) / float(w["put"]["p50"]),
        "cpu_ratio_p50": float(c["remember"]["p50"]) / float(c["put"]["p50"]),
        "actions": actions,
    }


# ---------------------------------------------------------------------------- timing


class GcWatch:
    """Observes (never changes) the collector: how many collections ran and how long they
    took while ``on`` is set, through ``gc.callbacks``."""

    def __init__(self) -> None:
        self.on = False
        self.ms = 0.0
        self.collections = [0, 0, 0]
        self._t0 = 0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if not self.on:
            return
        if phase == "start":
            self._t0 = time.perf_counter_ns()
        else:
            self.ms += (time.perf_counter_ns() - self._t0) / 1e6
            self.collections[int(info.get("generation", 0))] += 1

    def __enter__(self) -> GcWatch:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


class Sampler:
    """Times ``recall`` and the bare engine search of the same user, turn by turn: wall
    time, and the calling thread's CPU time (``time.thread_time``), which a busy machine
    inflates far less than wall time (it does not count waiting for a core)."""

    def __init__(self, store: Any, layout: Any, rng: random.Random) -> None:
        self.store, self.layout, self.rng = store, layout, rng
        self.recall_ms: list[float] = []
        self.recall_cpu_ms: list[float] = []
        self.bare_ms: list[float] = []
        self.empty = 0
        self.gc = GcWatch()

    def turn(self, user: str, call: Callable[[str, str, str | None], str]) -> float:
        scope = self.rng.choice(PROJECTS) if self.rng.random() < 0.5 else None
        request = self.rng.choice(REQUESTS)
        with self.gc:
            self.gc.on = True
            c0 = time.thread_time_ns()
            t0 = time.perf_counter_ns()
            block = call(user, request, scope)
            ms = (time.perf_counter_ns() - t0) / 1e6
            self.recall_cpu_ms.append((time.thread_time_ns() - c0) / 1e6)
            self.gc.on = False
        self.empty += not block
        self.recall_ms.append(ms)
        ns = self.layout.facts(user)
        t0 = time.perf_counter_ns()
        hits = self.store.search(ns, filter={"user_id": user}, limit=BARE_LIMIT)
        self.bare_ms.append((time.perf_counter_ns() - t0) / 1e6)
        if not hits:
            raise RuntimeError(f"the bare search found none of {user}'s facts in {ns}")
        return ms

    def row(self, **extra: Any) -> dict[str, Any]:
        if self.empty:
            raise RuntimeError(f"{self.empty} recalls sent no block, but every user has facts")
        r, b = summarize(self.recall_ms), summarize(self.bare_ms)
        return {
            **extra,
            "recall_ms": r,
            "recall_cpu_ms": summarize(self.recall_cpu_ms),
            "recall_gc": {"ms": self.gc.ms, "collections": list(self.gc.collections)},
            "bare_ms": b,
            "ratio_p50": float(r["p50"]) / float(b["p50"]),
            "ratio_p95": float(r["p95"]) / float(b["p95"]),
        }


def recall_call(memory: Any) -> Callable[[str, str, str | None], str]:
    def call(user: str, request: str, scope: str | None) -> str:
        return str(memory.recall(user, request, scope=scope).block)

    return call


def node_call(memory: Any) -> Callable[[str, str, str | None], str]:
    from langmem_plus.nodes import create_memory_nodes

    recall, _ = create_memory_nodes(memory=memory)
    counter = [0]

    def call(user: str, request: str, scope: str | None) -> str:
        counter[0] += 1
        cfg: dict[str, Any] = {"user_id": user, "thread_id": f"bench-{counter[0]}"}
        if scope is not None:
            cfg["scope"] = scope
        msg = HumanMessage(request, id=f"m{counter[0]}")
        out = recall.invoke({"messages": [msg]}, {"configurable": cfg})
        return str(out.get("memory_block") or "")

    return call


def no_cache_memory(store: Any) -> Any:
    """A ``FactMemory`` that holds nothing between recalls (``recall_cache_facts=0``); on a
    version of the library without that knob (no cache), the plain constructor."""
    from langmem_plus.facts.memory import FactMemory

    try:
        return FactMemory(store, recall_cache_facts=0)
    except TypeError:
        return FactMemory(store)


def zipf_picker(users: list[str], rng: random.Random) -> Callable[[], str]:
    ranked = users[:]
    rng.shuffle(ranked)
    weights = [1.0 / (r + 1) ** ZIPF_S for r in range(len(ranked))]
    cum: list[float] = []
    acc = 0.0
    for w in weights:
        acc += w
        cum.append(acc)
    return lambda: rng.choices(ranked, cum_weights=cum, k=1)[0]


def measure_size(store: Any, users: list[str], per_user: int, args: argparse.Namespace) -> list:
    from langmem_plus.facts.memory import FactMemory

    rows: list[dict[str, Any]] = []
    rng = random.Random(args.seed + per_user)
    base = {"facts_per_user": per_user, "users": len(users), "facts": per_user * len(users)}

    # first turn: one instance, each sample a user it has never seen
    memory = FactMemory(store)
    order = users[:]
    rng.shuffle(order)
    warm, fresh = order[:5], order[5 : 5 + args.samples]
    s = Sampler(store, memory.layout, rng)
    call = recall_call(memory)
    for u in warm:
        call(u, REQUESTS[0], None)
    s.recall_ms.clear()
    bar = Progress(f"first turn {per_user}/user", total=len(fresh))
    for u in fresh:
        s.turn(u, call)
        bar.update()
    bar.close()
    rows.append(s.row(**base, row="first turn", mix="each user once", hit_rate=0.0))

    # cache off, FactMemory.recall and the recall node
    for label, make in (("cache off", recall_call), ("node, cache off", node_call)):
        memory = no_cache_memory(store)
        s = Sampler(store, memory.layout, rng)
        call = make(memory)
        for u in warm:
            call(u, REQUESTS[0], None)
        bar = Progress(f"{label} {per_user}/user", total=args.samples)
        for _ in range(args.samples):
            s.turn(rng.choice(users), call)
            bar.update()
        bar.close()
        rows.append(s.row(**base, row=label, mix="uniform", hit_rate=0.0))

    # held: default cache, a stream of turns from a user mix
    mixes: dict[str, Callable[[], str]] = {
        "uniform": lambda: rng.choice(users),
        f"Zipf s={ZIPF_S:g}": zipf_picker(users, rng),
    }
    for mix, pick in mixes.items():
        memory = FactMemory(store)
        s = Sampler(store, memory.layout, rng)
        call = recall_call(memory)
        for _ in range(args.warmup):
            call(pick(), rng.choice(REQUESTS), None)
        s.recall_ms.clear()
        s.bare_ms.clear()
        cache = getattr(memory, "recall_cache", None)
        hit_ms: list[float] = []
        miss_ms: list[float] = []
        bar = Progress(f"held {mix} {per_user}/user", total=args.samples)
        for _ in range(args.samples):
            before = getattr(cache, "hits", 0)
            ms = s.turn(pick(), call)
            (hit_ms if getattr(cache, "hits", 0) > before else miss_ms).append(ms)
            bar.update()
        bar.close()
        rows.append(
            s.row(
                **base,
                row="held",
                mix=mix,
                hit_rate=len(hit_ms) / args.samples if cache is not None else None,
                hits_ms=summarize(hit_ms),
                misses_ms=summarize(miss_ms),
                facts_held=getattr(cache, "facts_held", None),
                cache_facts=getattr(cache, "max_facts", None),
            )
        )
    for r in rows:
        print(_line(r), file=sys.stderr)
    return rows


def _line(r: dict[str, Any]) -> str:
    rc, b = r["recall_ms"], r["bare_ms"]
    cpu = r.get("recall_cpu_ms") or {}
    gcs = r.get("recall_gc") or {}
    return (
        f"  {r['facts_per_user']}/user {r['row']:<16} {r['mix']:<14} n={rc['n']:<4} "
        f"recall p50 {fmt_ms(rc['p50'])} p95 {fmt_ms(rc['p95'])} ms "
        f"(cpu p50 {fmt_ms(cpu.get('p50'))} p95 {fmt_ms(cpu.get('p95'))}; "
        f"gc {gcs.get('ms', 0.0):.1f} ms in {gcs.get('collections')}) | bare p50 "
        f"{fmt_ms(b['p50'])} p95 {fmt_ms(b['p95'])} ms | x{r['ratio_p50']:.1f} / "
        f"x{r['ratio_p95']:.1f} | held {_pct(r['hit_rate'])}"
    )


# ---------------------------------------------------------------------------- report


def _single_line(r: dict[str, Any]) -> str:
    rm, pm = r["remember_ms"], r["put_ms"]
    return (
        f"  {r['facts_per_user']}/user single remember p50 {fmt_ms(rm['p50'])} ms vs bare put "
        f"p50 {fmt_ms(pm['p50'])} ms: x{r['ratio_p50']:.1f} (CPU x{r['cpu_ratio_p50']:.1f}), "
        f"{r['pairs']} pairs"
    )


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


def render(results: dict[str, Any]) -> str:
    """The markdown block of docs/benchmarks.md's recall section, from a results file."""
    cfg = results["config"]
    body = []
    for r in results["rows"]:
        rc, b = r["recall_ms"], r["bare_ms"]
        hit = r.get("hits_ms") or {}
        body.append(
            [
                f"{r['users']:,} x {r['facts_per_user']} = {r['facts']:,}",
                r["row"],
                r["mix"],
                _pct(r["hit_rate"]),
                fmt_ms(rc["p50"]),
                fmt_ms(rc["p95"]),
                fmt_ms(b["p50"]),
                fmt_ms(b["p95"]),
                f"{fmt_ratio(r['ratio_p50'])} / {fmt_ratio(r['ratio_p95'])}",
                f"{fmt_ms(hit.get('p50'))} / {fmt_ms(hit.get('p95'))}" if hit.get("n") else "-",
                str(rc["n"]),
            ]
        )
    table = markdown_table(
        [
            "users x facts = stored",
            "turn",
            "user mix",
            "held (hit rate)",
            "recall p50 ms",
            "p95 ms",
            "bare search p50 ms",
            "p95 ms",
            "recall / bare p50 / p95",
            "held turns only p50 / p95 ms",
            "samples",
        ],
        body,
    )
    writes = markdown_table(
        ["loading: facts per user", "API", "calls", "facts/s", "per call p50 ms", "p95 ms"],
        [
            [
                w["facts_per_user"],
                f"`{w.get('api', 'remember')}`",
                f"{w['calls']:,}",
                fmt_rate(w.get("facts_per_second", w.get("per_second"))),
                fmt_ms(w["ms"]["p50"]),
                fmt_ms(w["ms"]["p95"]),
            ]
            for w in results["writes"]
        ],
    )
    singles = results.get("single_writes") or []
    single_table = markdown_table(
        [
            "single writes: facts per user",
            "`remember` p50 / p95 ms",
            "bare `put` p50 / p95 ms",
            "remember / put p50",
            "CPU time: remember / put p50",
            "pairs",
        ],
        [
            [
                r["facts_per_user"],
                f"{fmt_ms(r['remember_ms']['p50'])} / {fmt_ms(r['remember_ms']['p95'])}",
                f"{fmt_ms(r['put_ms']['p50'])} / {fmt_ms(r['put_ms']['p95'])}",
                fmt_ratio(r["ratio_p50"]),
                fmt_ratio(r["cpu_ratio_p50"]),
                str(r["pairs"]),
            ]
            for r in singles
        ],
    )
    verdicts = []
    for r in results["rows"]:
        if r["row"] in ("first turn", "cache off") and r["facts_per_user"] >= 100:
            p95, ratio = float(r["recall_ms"]["p95"]), r["ratio_p95"]
            verdicts.append(
                [
                    f"{r['row']}, {r['facts_per_user']} facts per user",
                    f"p95 {fmt_ms(p95)} ms, {fmt_ratio(ratio)} the bare search p95",
                    f"{'met' if p95 <= TARGET_P95_MS else 'not met'} / "
                    f"{'met' if ratio <= TARGET_BUSY_RATIO else 'not met'}",
                ]
            )
    for r in singles:
        verdicts.append(
            [
                f"single remember, {r['facts_per_user']} facts per user",
                f"p50 {fmt_ratio(r['ratio_p50'])} a bare put's",
                "met" if r["ratio_p50"] <= TARGET_REMEMBER_RATIO else "not met",
            ]
        )
    api = " / ".join(sorted({w.get("api", "remember").split()[0] for w in results["writes"]}))
    lines = [
        provenance(results) + "  ",
        f"Data: {cfg['users']:,} users on Qdrant Edge, loaded through `FactMemory.{api}`; "
        f"{cfg['samples']} measured turns per row, {cfg['warmup']} untimed warm-up turns "
        f"before each held row; bare search = `store.search(layout.facts(user), "
        f"filter={{'user_id': user}}, limit={BARE_LIMIT})` of the same user right after "
        f"each recall; seed {cfg['seed']}.",
    ]
    if cfg.get("quick"):
        lines.append(
            "**Quick run** (fewer users and samples than the full run): a smoke-sized "
            "measurement, not the full-scale figure."
        )
    lines += ["", table, "", writes]
    if singles:
        lines += [
            "",
            "Single writes: a `remember` (a city change or a new hobby, alternately) and a "
            "bare `store.put` of the same fact-shaped row (`index=[\"text\"]`, BM25) to a "
            "loaded user, pair by pair in random order, after the recall rows.",
            "",
            single_table,
        ]
    if verdicts:
        lines += [
            "",
            markdown_table(
                [
                    "issue 14 target: first recall p95 <= "
                    f"{TARGET_P95_MS} ms (quiet) / <= {TARGET_BUSY_RATIO:g}x bare p95 (busy)"
                    + (
                        f"; single remember <= {TARGET_REMEMBER_RATIO:g}x a bare put"
                        if singles
                        else ""
                    ),
                    "measured",
                    "verdict (quiet / busy)",
                ],
                verdicts,
            ),
        ]
    return "\n".join(lines)


SKELETON = (
    "# Benchmarks\n\n## Recall speed\n\n<!-- recall_bench:start -->\n<!-- recall_bench:end -->\n"
)


def publish(results: dict[str, Any]) -> None:
    replace_block(DOCS, "recall_bench", render(results), SKELETON)
    print(f"block written to {DOCS}", file=sys.stderr)


# ---------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.recall_bench", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="100 users, 60 samples per row")
    ap.add_argument("--users", type=int, default=None, help="users (default 1000)")
    ap.add_argument("--facts", default="10,100", help="current facts per user, comma-separated")
    ap.add_argument("--samples", type=int, default=None, help="measured turns per row")
    ap.add_argument("--warmup", type=int, default=None, help="untimed turns before held rows")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--json", type=Path, default=None, help="results file")
    ap.add_argument("--allow-dirty", action="store_true", help="measure a dirty tree (marked)")
    ap.add_argument("--docs", action="store_true", help="also write docs/benchmarks.md")
    ap.add_argument("--render", type=Path, default=None, metavar="JSON", help="measure nothing")
    args = ap.parse_args(argv)
    args.users = args.users or (100 if args.quick else 1_000)
    args.samples = args.samples or (60 if args.quick else 400)
    args.warmup = args.users if args.warmup is None else args.warmup
    args.facts_list = [int(x) for x in args.facts.split(",") if x.strip()]
    if args.json is None:
        args.json = RESULTS / ("recall_bench_quick.json" if args.quick else "recall_bench.json")
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    if args.render is not None:
        results = json.loads(args.render.read_text(encoding="utf-8"))
        print(render(results))
        publish(results)
        return dict(results)
    git = git_state(allow_dirty=args.allow_dirty)
    from langmem_plus import QdrantStore

    command = " ".join(
        ["python -m benchmarks.recall_bench", *map(shlex.quote, argv or sys.argv[1:])]
    )
    print(f"{command}: {args.users} users, facts/user {args.facts_list}", file=sys.stderr)
    load_before = load_average()
    wall0 = time.perf_counter()
    rows: list[dict[str, Any]] = []
    writes: list[dict[str, Any]] = []
    singles: list[dict[str, Any]] = []
    users = [user_id(i) for i in range(args.users)]
    for per_user in args.facts_list:
        tmp = tempfile.mkdtemp(prefix="recall-bench-")
        try:
            store = QdrantStore(path=f"{tmp}/edge")
            writes.append(load(store, args.users, per_user, args.seed))
            rows += measure_size(store, users, per_user, args)
            single = single_writes(store, users, per_user, args.samples, args.seed)
            singles.append(single)
            print(_single_line(single), file=sys.stderr)
            store.close()
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    results = {
        "command": command,
        "git": git,
        "machine": machine_info(PACKAGES),
        "load": [load_before, load_average()],
        "wall_seconds": time.perf_counter() - wall0,
        "config": {
            "users": args.users,
            "facts_per_user": args.facts_list,
            "samples": args.samples,
            "warmup": args.warmup,
            "seed": args.seed,
            "quick": args.quick,
            "zipf_s": ZIPF_S,
            "bare_limit": BARE_LIMIT,
            "store": "QdrantStore(path=<temp dir>), Qdrant Edge",
        },
        "rows": rows,
        "writes": writes,
        "single_writes": singles,
    }
    print(render(results))
    write_json(args.json, results)
    print(f"results: {args.json}", file=sys.stderr)
    if args.docs:
        publish(results)
    return results


if __name__ == "__main__":
    main()
