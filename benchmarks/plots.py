"""Draw the two pictures of docs/benchmarks.md from the saved results (no measuring).

Run from the repository root, after the benchmarks, with the ``plots`` extra installed
(``pip install -e '.[plots]'``, i.e. matplotlib)::

    python -m benchmarks.plots

Reads ``benchmarks/results/truth.json`` and ``recall.json`` and writes
``docs/img/truth.png`` (how often each system's block was right, stale, leaking or sent
for nothing) and ``docs/img/recall.png`` (recall-node p50/p95 by stored facts, facts held
and facts read, on the embedded default).
"""

from __future__ import annotations

import json
from typing import Any

from benchmarks.common import RESULTS, ROOT

IMG = ROOT / "docs" / "img"


def truth_bars(summary: dict[str, dict[str, Any]]) -> dict[str, list[float]]:
    """Per system, the four shares drawn (in %): right current value, probes with a stale
    value, project probes with a leak, irrelevant requests given facts.

    Example:
        >>> s = {"g": {"value_correct": 9, "value_probes": 10, "stale_probes": 1,
        ...            "probes": 10, "leak_probes": 0, "scoped_probes": 4,
        ...            "irrelevant_with_facts": 0, "irrelevant": 5}}
        >>> truth_bars(s)
        {'g': [90.0, 10.0, 0.0, 0.0]}
    """

    def share(a: float, b: float) -> float:
        return round(100.0 * a / b, 1) if b else 0.0

    return {
        name: [
            share(s["value_correct"], s["value_probes"]),
            share(s["stale_probes"], s["probes"]),
            share(s["leak_probes"], s["scoped_probes"]),
            share(s["irrelevant_with_facts"], s["irrelevant"]),
        ]
        for name, s in summary.items()
    }


def recall_series(rows: list[dict[str, Any]]) -> dict[str, list[tuple[int, float]]]:
    """(stored facts, ms) points of the embedded default's recall node: p50/p95, held/read.

    Example:
        >>> row = {"size": 1000, "store": "Qdrant Edge", "index": "default (BM25)",
        ...        "node": {"p50": 0.5, "p95": 0.6}, "node_read": {"p50": 2.0, "p95": 2.4}}
        >>> recall_series([row])["facts held, p95"]
        [(1000, 0.6)]
    """
    out: dict[str, list[tuple[int, float]]] = {}
    for r in rows:
        if r.get("store") != "Qdrant Edge" or not str(r.get("index", "")).startswith("default"):
            continue
        for key, label in (("node", "facts held"), ("node_read", "facts read")):
            for stat in ("p50", "p95"):
                if key in r:
                    out.setdefault(f"{label}, {stat}", []).append((r["size"], r[key][stat]))
    return out


def main() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    IMG.mkdir(parents=True, exist_ok=True)
    truth = json.loads((RESULTS / "truth.json").read_text())
    bars = truth_bars(truth["summary"])
    labels = [
        "current value right",
        "stale value sent",
        "other project leaked",
        "irrelevant request got facts",
    ]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(bars)
    for i, (name, values) in enumerate(bars.items()):
        xs = [x + i * width for x in range(len(labels))]
        ax.bar_label(ax.bar(xs, values, width, label=name), fmt="%.0f", fontsize=7)
    ax.set_xticks([x + width * (len(bars) - 1) / 2 for x in range(len(labels))], labels)
    ax.set_ylabel("% of probes / requests")
    ax.set_ylim(0, 105)
    ax.set_title(f"Memory truth, {truth['users']} users (python -m benchmarks.truth)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(IMG / "truth.png", dpi=110)
    plt.close(fig)

    recall = json.loads((RESULTS / "recall.json").read_text())
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for label, points in recall_series(recall["recall"]).items():
        xs, ys = zip(*points, strict=True)
        ax.plot(xs, ys, marker="o", linestyle="--" if "p50" in label else "-", label=label)
    ax.axhline(1.0, color="grey", linewidth=0.8)
    ax.text(1_100, 1.05, "target p95 1 ms", fontsize=8, color="grey")
    ax.set_xscale("log")
    ax.set_xlabel("stored facts")
    ax.set_ylabel("recall node, ms")
    ax.set_title("Recall node on Qdrant Edge (python -m benchmarks.recall_bench)", fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(IMG / "recall.png", dpi=110)
    plt.close(fig)
    print(f"wrote {IMG / 'truth.png'} and {IMG / 'recall.png'}")


if __name__ == "__main__":
    main()
