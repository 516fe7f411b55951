"""Tables, the results JSON and the generated block of ``docs/benchmarks.md``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchmarks.common import markdown_table
from benchmarks.truth.generator import MULTI_VALUED, UserScript
from benchmarks.truth.runner import GRAPH, GRAPH_DENSE, RunResult
from benchmarks.truth.scoring import Score, has

__all__ = ["final_state", "main_table", "miss_examples", "pct"]

CATEGORIES = ("city", "employer", "units", "allergy", "language", "database", "deploy_target")


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _frac(a: int, b: int) -> str:
    return f"{a} / {b}"


def _acc(s: dict[str, Any]) -> str:
    return f"{pct(s['current_value_accuracy'])} ({s['value_correct']} / {s['value_probes']})"


def main_table(scores: dict[str, Score]) -> str:
    names = list(scores)
    s = {n: scores[n].summary() for n in names}
    rows: list[Sequence[Any]] = [
        ["current-value accuracy"] + [_acc(s[n]) for n in names],
        ["probes with a stale value recalled"]
        + [_frac(s[n]["stale_probes"], s[n]["probes"]) for n in names],
        ["multi-valued facts lost"]
        + [_frac(s[n]["multi_lost"], s[n]["multi_expected"]) for n in names],
        ["cross-scope leaks (project probes)"]
        + [_frac(s[n]["leak_probes"], s[n]["scoped_probes"]) for n in names],
        ["irrelevant requests that got facts"]
        + [_frac(s[n]["irrelevant_with_facts"], s[n]["irrelevant"]) for n in names],
        ["floor precision (irrelevant -> profile only)"]
        + [pct(s[n]["floor_precision"]) for n in names],
        ["requests with junk recalled (transient, question, 3rd party, injected)"]
        + [_frac(s[n]["junk_requests"], s[n]["requests"]) for n in names],
        ["memory tokens per request, mean / p95 (chars/4)"]
        + [f"{s[n]['tokens_mean']:.0f} / {s[n]['tokens_p95']}" for n in names],
        ["rows stored per user (statements made per user)"]
        + [f"{s[n]['rows_per_user']:.1f} ({s[n]['statements_per_user']:.1f})" for n in names],
    ]
    return markdown_table(["metric", *names], rows)


def category_table(scores: dict[str, Score]) -> str:
    names = list(scores)
    rows = []
    for cat in CATEGORIES:
        row: list[Any] = [cat + (" (multi)" if cat in MULTI_VALUED else "")]
        for n in names:
            n_c = scores[n].by_category.get(cat)
            row.append(f"{pct(n_c[1] / n_c[0])} ({n_c[1]}/{n_c[0]})" if n_c else "-")
        rows.append(row)
    return markdown_table(["probe about", *names], rows)


def final_state(users: list[UserScript], result: RunResult) -> dict[str, dict[str, Any]]:
    """Store vs truth after the last turn: per slot, the current rows equal the truth?"""
    out: dict[str, dict[str, Any]] = {}
    for name in (GRAPH, GRAPH_DENSE):
        if name not in result.final_facts:
            continue
        slots = wrong = 0
        examples: list[dict[str, Any]] = []
        for u in users:
            truth: dict[str, set[str]] = {}
            for s in u.sessions:
                for t in s.turns:
                    for slot, v in t.asserts:
                        key = slot.rsplit(".", 1)[-1]
                        if key in MULTI_VALUED:
                            truth.setdefault(slot, set()).add(v.casefold())
                        else:
                            truth[slot] = {v.casefold()}
            held: dict[str, set[str]] = {}
            for f in result.final_facts[name][u.user_id]:
                slot = f"{f.scope}.{f.predicate}" if f.scope else f.predicate
                held.setdefault(slot, set()).add(f.object.casefold())
            for slot, values in truth.items():
                slots += 1
                # a stored object holding the value counts ("clickhouse as the database")
                stored = held.get(slot, set())
                found = {v for v in values if any(has(o, v) for o in stored)}
                extra = {o for o in stored if not any(has(o, v) for v in values)}
                if found != values or extra:
                    wrong += 1
                    if len(examples) < 20:
                        examples.append(
                            {
                                "user": u.user_id,
                                "slot": slot,
                                "truth": sorted(values),
                                "stored": sorted(held.get(slot, ())),
                            }
                        )
        out[name] = {"slots": slots, "wrong": wrong, "examples": examples}
    return out


def miss_examples(scores: dict[str, Score], system: str, limit: int = 12) -> str:
    """One example per (kind of miss, request wording), as a markdown list."""
    seen: set[tuple[str, str]] = set()
    lines = []
    for m in scores[system].misses:
        key = (m["what"], m["request"])
        if key in seen:
            continue
        seen.add(key)
        detail = {
            k: m[k]
            for k in ("slot", "expected", "missing", "stale", "current", "leaked", "junk", "lines")
            if m.get(k)
        }
        said = f" — user said: \u201c{m['statement']}\u201d" if m.get("statement") else ""
        blame = ""
        if "cause" in m:
            blame = (
                " [cause: memory — the extractor did propose it]"
                if m["cause"] == "memory"
                else " [cause: extractor — it never proposed this value]"
            )
        block = m["block"].replace("\n", " ⏎ ") or "(empty)"
        lines.append(
            f"* **{m['what']}** — {m['user']} `{m['thread']}` scope={m['scope']}: "
            f"\u201c{m['request']}\u201d {detail}{said}{blame}. Recalled: `{block}`"
        )
        if len(lines) >= limit:
            break
    return "\n".join(lines) if lines else "(none)"
