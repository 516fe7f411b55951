"""``python -m benchmarks.truth [--users N] [--seed S] [--quick] [--dense]``."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from typing import Any

from benchmarks.common import DOCS, RESULTS, ROOT, machine_info, replace_block, write_json
from benchmarks.truth.generator import generate
from benchmarks.truth.report import category_table, final_state, main_table, miss_examples
from benchmarks.truth.runner import GRAPH, GRAPH_DENSE, LOG, VECTOR, run
from benchmarks.truth.scoring import score

PACKAGES = ("langmem-plus", "langgraph", "langchain-core", "qdrant-edge-py", "numpy")


def _commit() -> str:
    import subprocess

    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        return sha + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


MISSES_NOTE = (
    "every miss of the langmem-plus graph (the recalled block kept for the first "
    "300); the first 100 of every other column, with blocks"
)


def trim_misses(misses: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """Keep the results file small: see ``MISSES_NOTE``."""
    out: dict[str, list[dict[str, Any]]] = {}
    for name, ms in misses.items():
        if name == GRAPH:
            out[name] = [
                m if i < 300 else {k: v for k, v in m.items() if k != "block"}
                for i, m in enumerate(ms)
            ]
        else:
            out[name] = ms[:100]
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.truth", description=__doc__)
    ap.add_argument("--users", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="12 users; writes truth_quick.json")
    ap.add_argument(
        "--dense",
        action="store_true",
        help="also run our graph with the hashing embedding as a dense index",
    )
    ap.add_argument("--no-docs", action="store_true", help="do not touch docs/benchmarks.md")
    args = ap.parse_args(argv)
    users_n = 12 if args.quick else args.users
    t0 = time.perf_counter()
    users = generate(users_n, args.seed)
    kinds = Counter(t.kind for u in users for s in u.sessions for t in s.turns)
    print(
        f"truth: {users_n} users, seed {args.seed}, {sum(kinds.values())} turns {dict(kinds)}",
        file=sys.stderr,
    )
    result = run(users, dense=args.dense)
    scores = score(users, result)
    wall = time.perf_counter() - t0
    final = final_state(users, result)
    info = machine_info(PACKAGES)
    info["commit"] = _commit()
    cmd = (
        "python -m benchmarks.truth"
        + (
            " --quick"
            if args.quick
            else (f" --users {args.users}" if args.users != 200 else "")
            + (f" --seed {args.seed}" if args.seed else "")
        )
        + (" --dense" if args.dense else "")
    )
    table = main_table(scores)
    cats = category_table(scores)
    print(table)
    print()
    print(cats)
    for name, f in final.items():
        print(f"\n{name}: final store vs truth: {f['wrong']} of {f['slots']} slots differ")
    for name, (hits, turns) in result.held_recalls.items():
        print(f"{name}: {hits} of {turns} recalls used the facts held in the process")
    for name, sc in scores.items():
        print(f"\nmisses of {name} by cause: {sc.summary()['misses_by_cause']}")
    print(f"\nmisses of {GRAPH}:\n" + miss_examples(scores, GRAPH, limit=20))
    out = {
        "command": cmd,
        "machine": info,
        "wall_seconds": round(wall, 1),
        "users": users_n,
        "seed": args.seed,
        "turns": dict(kinds),
        "seconds_per_system": {k: round(v, 2) for k, v in result.seconds.items()},
        "held_recalls": {k: {"hits": h, "turns": t} for k, (h, t) in result.held_recalls.items()},
        "summary": {n: s.summary() for n, s in scores.items()},
        "final_state": final,
        "misses_note": MISSES_NOTE,
        "misses": trim_misses({n: s.misses for n, s in scores.items()}),
    }
    name = "truth_quick.json" if args.quick else "truth.json"
    write_json(RESULTS / name, out)
    print(f"\nwrote {RESULTS / name} ({wall:.0f} s)", file=sys.stderr)
    if not args.quick and not args.no_docs:
        replace_block(
            DOCS, "truth_bench", _docs(out, table, cats, scores, final, result), "# Benchmarks\n"
        )
    return out


def _docs(out: dict[str, Any], table: str, cats: str, scores: Any, final: Any, result: Any) -> str:
    m = out["machine"]
    turns = sum(out["turns"].values())
    lines = [
        f"Command: `{out['command']}` (from the repository root, venv active)  ",
        f"Date: {m['date']}, commit {m['commit']}, wall time {out['wall_seconds']:.0f} s  ",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB RAM, {m['os']}  ",
        f"Data: {out['users']} users, seed {out['seed']}, {turns} turns "
        + ", ".join(f"{k} {v}" for k, v in sorted(out["turns"].items())),
        "",
        table,
        "",
        "Current-value accuracy by what the probe is about:",
        "",
        cats,
        "",
    ]
    for name, f in final.items():
        lines.append(
            f"Final store vs truth ({name}): {f['wrong']} of {f['slots']} "
            "(user, slot) pairs differ from what the user last said."
        )
    secs = out["seconds_per_system"]
    lines += [
        "",
        "Time spent per system over the whole run (graph: the full turn, recall + responder + "
        "extraction + writes; baselines: recall only): "
        + ", ".join(f"{k} {v:.1f} s" for k, v in secs.items())
        + ".",
        "",
        "Misses by kind and cause (cause `extractor`: the extractor never proposed the value "
        "the probe needed; `memory`: it did, and the store or retrieval policy lost it):",
        "",
        *(
            f"* {n}: "
            + (", ".join(f"{k} {v}" for k, v in sc.summary()["misses_by_cause"].items()) or "none")
            for n, sc in scores.items()
        ),
        "",
        f"Misses of the {GRAPH} (one example per kind and wording; all of them are in "
        "`benchmarks/results/truth.json`):",
        "",
        miss_examples(scores, GRAPH, limit=15),
    ]
    for base in (VECTOR, LOG, GRAPH_DENSE):
        if base in scores:
            lines += ["", f"Examples from the {base}:", "", miss_examples(scores, base, limit=4)]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
