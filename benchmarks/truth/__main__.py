"""``python -m benchmarks.truth [--users N] [--seed S] [--quick] [--dense]``: the tuning split,
default extractor, written to truth.json (the original benchmark).

``python -m benchmarks.truth --split
tuning|kinds|retired|retired_v2|...|heldout|all --mode
default|perfect|slips|all [--quick] [--dense-model minilm [--dense-floor F | --calibrate]]``:
the splits and the modes of issue 12 (``kinds``: the tuning split's scenarios of issue 12's
kinds, from every ``tuning_kinds_<area>.py``, run and scored like the
held-out split; ``retired``, ``retired_v2``, ...: the earlier held-out splits v1, v2, ...,
now tuning material, run like ``kinds`` (``splits.RETIRED``); ``heldout``: the current
held-out split (``splits.HELDOUT_VERSION``); ``all`` runs every split, and
``both`` is kept as another name for ``all``), written to truth_splits.json
(truth_splits_quick.json with --quick) and rendered into docs/benchmarks.md from that file
(``--render-docs`` re-renders only). ``--cold-recall`` runs every recall as a user's first
turn in a process takes it (no recall cache: the engine's ranked query) and writes
truth_splits_cold.json only. ``--no-docs`` leaves the page alone and writes the splits to
benchmarks/results/scratch/ (gitignored), so a trial run never replaces the published
results the page is rendered from."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from typing import Any

from benchmarks.common import DOCS, RESULTS, ROOT, machine_info, replace_block, write_json
from benchmarks.truth.generator import generate
from benchmarks.truth.modes import MODES
from benchmarks.truth.report import category_table, final_state, main_table, miss_examples
from benchmarks.truth.runner import GRAPH, GRAPH_DENSE, LOG, VECTOR, run
from benchmarks.truth.scoring import score
from benchmarks.truth.splits import SPLITS
from benchmarks.truth.tuning_kinds import scenarios

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
    ap.add_argument(
        "--no-docs",
        action="store_true",
        help="do not touch docs/benchmarks.md; splits write benchmarks/results/scratch/",
    )
    ap.add_argument(
        "--split",
        choices=(*SPLITS, "all", "both"),
        help="issue-12 runs (all / both: every split)",
    )
    ap.add_argument("--mode", choices=(*MODES, "all"), default="all")
    ap.add_argument("--tuning-users", type=int, default=60)
    ap.add_argument("--heldout-users", type=int, default=40)
    ap.add_argument(
        "--kinds-users",
        type=int,
        default=None,
        help="tuning kinds conversations (default: every scenario twice)",
    )
    ap.add_argument("--dense-model", choices=("minilm",), help="a real embedding (bench-dense)")
    ap.add_argument("--dense-floor", type=float, help="dense floor for the dense graph")
    ap.add_argument("--calibrate", action="store_true", help="pick the floor on tuning")
    ap.add_argument("--calibration-users", type=int, default=20, help="tuning users per floor")
    ap.add_argument("--render-docs", action="store_true", help="re-render from the JSON")
    ap.add_argument(
        "--cold-recall",
        action="store_true",
        help="every recall a first turn (no recall cache): truth_splits_cold.json, no docs",
    )
    args = ap.parse_args(argv)
    if args.cold_recall:
        from benchmarks.truth import runner

        runner.RECALL_CACHE_FACTS = 0
        args.no_docs = True
    if args.split or args.render_docs:
        return _splits_main(args)
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


def _splits_main(args: argparse.Namespace) -> dict[str, Any]:
    import json
    from pathlib import Path

    from benchmarks.truth.splits import (
        BEFORE,
        HELDOUT_MISSES,
        HELDOUT_VERSION,
        before_after_table,
        calibrate_dense_floor,
        render_splits,
        run_splits,
        split_off_heldout_misses,
    )

    dense_tag = f"_{args.dense_model}" if args.dense_model else ""
    cold_tag = "_cold" if args.cold_recall else ""
    name = f"truth_splits{dense_tag}{cold_tag}{'_quick' if args.quick else ''}.json"
    if args.no_docs and not args.cold_recall and not args.render_docs:
        # a trial run never replaces the published results file the docs are rendered from
        name = f"scratch/{name}"
    block = "truth_splits_dense" if args.dense_model else "truth_splits"

    def render_before_after(out: dict[str, Any]) -> None:
        if block == "truth_splits" and (RESULTS / BEFORE).exists():
            before = json.loads((RESULTS / BEFORE).read_text())
            replace_block(DOCS, "truth_before_after", before_after_table(before, out), "")

    if args.render_docs:
        out = json.loads((RESULTS / name).read_text())
        replace_block(DOCS, block, render_splits(out), "# Benchmarks\n")
        render_before_after(out)
        print(f"rendered {RESULTS / name} into {DOCS}", file=sys.stderr)
        return dict(out)
    t0 = time.perf_counter()
    splits = SPLITS if args.split in ("all", "both") else (args.split,)
    modes = MODES if args.mode == "all" else (args.mode,)
    tuning_users = 4 if args.quick else args.tuning_users
    heldout_users = 6 if args.quick else args.heldout_users
    if args.kinds_users is None:
        args.kinds_users = 2 * len(scenarios())
    kinds_users = 6 if args.quick else args.kinds_users
    emb, dims, floor, cal = None, 512, args.dense_floor, None
    if args.dense_model == "minilm":
        from benchmarks.truth.embeddings import MiniLMEmbeddings

        emb = MiniLMEmbeddings()
        dims = emb.dims
        if args.calibrate:
            cal_users = tuning_users if args.quick else args.calibration_users
            cal = calibrate_dense_floor(emb, dims, users=cal_users, seed=args.seed)
            floor = cal["chosen"]
    results = run_splits(
        splits,
        modes,
        tuning_users=tuning_users,
        heldout_users=heldout_users,
        kinds_users=kinds_users,
        seed=args.seed,
        embeddings=emb,
        dims=dims,
        dense_floor=floor,
    )
    info = machine_info((*PACKAGES, "sentence-transformers", "torch"))
    info["commit"] = _commit()
    cmd = (
        f"python -m benchmarks.truth --split {args.split} --mode {args.mode}"
        + (" --quick" if args.quick else "")
        + (
            f" --tuning-users {args.tuning_users}"
            if not args.quick and args.tuning_users != 60
            else ""
        )
        + (
            f" --heldout-users {args.heldout_users}"
            if not args.quick and args.heldout_users != 40
            else ""
        )
        + (
            f" --kinds-users {args.kinds_users}"
            if not args.quick and args.kinds_users != 2 * len(scenarios())
            else ""
        )
        + (f" --seed {args.seed}" if args.seed else "")
        + (f" --dense-model {args.dense_model}" if args.dense_model else "")
        + (" --calibrate" if args.calibrate else "")
        + (f" --dense-floor {args.dense_floor}" if args.dense_floor is not None else "")
        + (" --cold-recall" if args.cold_recall else "")
    )
    out = {
        "command": cmd,
        "machine": info,
        "wall_seconds": round(time.perf_counter() - t0, 1),
        "seed": args.seed,
        "tuning_users": tuning_users,
        "heldout_users": heldout_users,
        "heldout_version": HELDOUT_VERSION,
        "kinds_users": kinds_users,
        "retired_users": heldout_users,
        "embeddings": (
            f"all-MiniLM-L6-v2 (dense floor {floor if floor is not None else 'default'})"
            if emb is not None
            else "lexical hashing (no dense index in the graph)"
        ),
        "dense_calibration": cal,
        **results,
    }
    if not args.quick and (RESULTS / name).exists() and not args.no_docs:
        # keep runs of other splits/modes/embeddings that this run did not redo
        old = json.loads((RESULTS / name).read_text())
        if old.get("embeddings") == out["embeddings"]:
            for split, by_mode in old.get("runs", {}).items():
                for mode, r in by_mode.items():
                    out["runs"].setdefault(split, {}).setdefault(mode, r)
    hidden = split_off_heldout_misses(out)
    if hidden:
        tag = dense_tag + cold_tag + ("_quick" if args.quick else "")
        write_json(Path(__file__).parent / HELDOUT_MISSES.format(tag=tag), hidden)
    write_json(RESULTS / name, out)
    print(render_splits(out))
    print(f"\nwrote {RESULTS / name} ({out['wall_seconds']:.0f} s)", file=sys.stderr)
    if not args.quick and not args.no_docs:
        replace_block(DOCS, block, render_splits(out), "# Benchmarks\n")
        render_before_after(out)
    return out


if __name__ == "__main__":
    main()
