"""Every split, every mode, side by side: the figures issue 12 asks for, and their page.

``run_splits`` runs the tuning split (``generator.py``), the tuning split's scenarios of
issue 12's kinds (split ``kinds``, ``tuning_kinds.py``, which collects every
``tuning_kinds_<area>.py``), the retired held-out splits (``RETIRED``: split ``retired`` is
``heldout_v1.py``, ``retired_v2`` is ``heldout_v2.py``, and so on) and/or the held-out split
(``heldout_<HELDOUT_VERSION>.py``) in the ``default`` / ``perfect`` / ``slips`` modes
(``modes.py``), each through the real graph and the three baselines, and returns one
JSON-able dict; ``render_splits`` turns that dict (read back from
``benchmarks/results/truth_splits.json``) into the block of docs/benchmarks.md, so no number
on the page is typed by hand.

The ``kinds`` and retired splits are run and scored exactly like the held-out split
(``run_heldout``), but they are tuning data: their misses stay in the results file, where
anyone may read them. Each held-out split was retired once the integrator had seen its
counts and fixers were given it (v2 in session four of round two, v3 in session five, v4 in
session six, v5 in session seven, v6 in session eight, v7 in session nine, v8 in session
ten, v9 in session eleven, before v10 was written in session thirteen); only the current
held-out split's misses are split off.
Retiring a split is one line: move its version into ``RETIRED`` and point
``HELDOUT_VERSION`` at the new one.

The splits are scored by their own truth, with the same headline figures:

* **current-value accuracy**: tuning, probes about a slot whose block holds every current
  value and no superseded one; held-out, probes whose block holds every value it must and
  none it must not (stale, retracted, forgotten, corrected, another person's,
  hypothetical, pasted, question, instruction).
* **stale values**: probes whose block holds a superseded (or corrected) value.
* **wrong facts stored**: values that must never be the user's current fact and are, at the
  end (tuning: the junk its slips inject; held-out: per category).
* **slips stopped**: injected mistakes that a post-filter or the write policy stopped.
* **irrelevant requests that got facts**: ``- `` lines beyond the profile.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import markdown_table
from benchmarks.truth.generator import generate
from benchmarks.truth.modes import MODES, ScriptedExtractor, slip_layer, slipped_script
from benchmarks.truth.runner import DIMS, FAIR, GRAPH, LOG, VECTOR, run
from benchmarks.truth.scoring import has, score
from benchmarks.truth.tuning import tuning_scripts

__all__ = [
    "BEFORE",
    "HELDOUT_MISSES",
    "HELDOUT_VERSION",
    "RETIRED",
    "SPLITS",
    "before_after_table",
    "calibrate_dense_floor",
    "render_splits",
    "run_splits",
    "scripted_split",
    "split_off_heldout_misses",
]

DENSE = "langmem-plus graph + MiniLM dense"
SYSTEM_ORDER = (GRAPH, DENSE, FAIR, VECTOR, LOG)
RETIRED = {
    "retired": "v1",
    "retired_v2": "v2",
    "retired_v3": "v3",
    "retired_v4": "v4",
    "retired_v5": "v5",
    "retired_v6": "v6",
    "retired_v7": "v7",
    "retired_v8": "v8",
    "retired_v9": "v9",
}
"""Each retired held-out split and the version it was (``heldout_<version>.py``): tuning
material now, run and scored like the held-out split, misses kept in the results file."""
HELDOUT_VERSION = "v10"
"""The version the ``heldout`` split runs (``heldout_<version>.py``)."""
HELDOUT_MISSES = f"heldout_{HELDOUT_VERSION}_misses{{tag}}.json"
"""Where the held-out misses go (beside ``heldout_<version>.py``, under the same rule: only the
benchmark's owner reads them, and they are never committed: ``.gitignore``), so the shared
results file never shows a held-out wording."""
SPLITS = ("tuning", "kinds", *RETIRED, "heldout")
"""Every split, in the order ``--split all`` runs them."""


def _tuning(
    users_n: int,
    seed: int,
    mode: str,
    *,
    embeddings: Any = None,
    dims: int = DIMS,
    dense_floor: float | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    users = generate(users_n, seed)
    ideal, slips = tuning_scripts(users)
    inner = None
    if mode == "perfect":
        inner = ScriptedExtractor(ideal)
    elif mode == "slips":
        inner = ScriptedExtractor(slipped_script(ideal, slips))
    result = run(
        users,
        inner=inner,
        embeddings=embeddings,
        dims=dims,
        dense=embeddings is not None,
        dense_floor=dense_floor,
        dense_name=DENSE,
        progress=progress,
    )
    scores = score(users, result)
    out: dict[str, Any] = {}
    for name, sc in scores.items():
        s = sc.summary()
        out[name] = {
            "right": s["value_correct"],
            "scored": s["value_probes"],
            "value_probes": s["value_probes"],
            "value_right": s["value_correct"],
            "probes": s["probes"],
            "stale_shown": s["stale_probes"],
            "leak_probes": s["leak_probes"],
            "junk_requests": s["junk_requests"],
            "irrelevant": s["irrelevant"],
            "irrelevant_with_facts": s["irrelevant_with_facts"],
            "by_kind": {
                k: {"n": v["n"], "right": v["correct"]} for k, v in s["by_category"].items()
            },
            "misses": [{k: v for k, v in m.items() if k != "block"} for m in sc.misses[:40]],
        }
    # values a question or another person's statement named: never the user's fact
    markers = [
        (u.user_id, sl)
        for u in users
        for sess in u.sessions
        for t in sess.turns
        for sl in slips.get(t.text, ())
    ]
    for g in result.graphs:
        facts = result.final_facts[g.name]
        stopped, layers, stored = 0, {}, 0
        for user_id, sl in markers:
            values = [
                f"{f.object} {f.text}"
                for f in facts.get(user_id, [])
                if f.subject == "user" and f.holder == "user"
            ]
            stored += any(has(v, sl.marker) for v in values)
            if mode == "slips":
                layer = slip_layer(sl, g, user_id, values)
                layers[layer] = layers.get(layer, 0) + 1
                stopped += not layer.startswith("stored")
        out[g.name].update(
            forbidden=len(markers),
            wrong_stored=stored,
            slips=len(markers) if mode == "slips" else 0,
            slips_stopped=stopped,
            slips_by_layer=layers,
        )
    return {"users": users_n, "seed": seed, "systems": out}


def scripted_split(split: str, users_n: int, seed: int) -> list[Any]:
    """The conversations of a scripted split (``kinds``, a retired split or ``heldout``),
    its generator imported only when it runs.

    Example:
        >>> len(scripted_split("retired", 2, 0))
        2
    """
    if split == "kinds":
        from benchmarks.truth.tuning_kinds import generate_tuning_kinds

        return generate_tuning_kinds(seed=seed, users=users_n)
    version = HELDOUT_VERSION if split == "heldout" else RETIRED.get(split)
    if version is None:
        raise ValueError(
            f"not a scripted split: {split!r} (one of kinds, heldout, {', '.join(RETIRED)})"
        )
    module = importlib.import_module(f"benchmarks.truth.heldout_{version}")
    make = getattr(module, f"generate_heldout_{version}")
    return list(make(seed=seed, users=users_n))


def _conversations(
    convs: list[Any],
    mode: str,
    *,
    seed: int,
    embeddings: Any = None,
    dims: int = DIMS,
    dense_floor: float | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Scripted conversations (held-out, retired or the tuning split's kinds), scored by one
    rule."""
    from benchmarks.truth.heldout_run import run_heldout

    scores = run_heldout(
        convs,
        mode,
        embeddings=embeddings,
        dims=dims,
        dense=embeddings is not None,
        dense_floor=dense_floor,
        dense_name=DENSE,
        progress=progress,
    )
    systems = {}
    for name, sc in scores.items():
        s = sc.summary()
        s["right"], s["scored"] = s["probes_right"], s["probes"]
        s["misses"] = sc.misses[:40]
        systems[name] = s
    return {"users": len(convs), "seed": seed, "systems": systems}


def calibrate_dense_floor(
    embeddings: Any,
    dims: int,
    *,
    users: int,
    seed: int,
    floors: Sequence[float] = (0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.75),
    progress: bool = False,
) -> dict[str, Any]:
    """Pick the dense floor on the **tuning** split (perfect candidates, so the extractor's
    misses do not blur it): among the floors that send no fact to any irrelevant request,
    the one with the best current-value accuracy, and of those the lowest (the most the
    dense index may add while precision holds on the tuning split)."""
    tried = []
    for floor in floors:
        r = _tuning(
            users,
            seed,
            "perfect",
            embeddings=embeddings,
            dims=dims,
            dense_floor=floor,
            progress=progress,
        )
        s = r["systems"][DENSE]
        tried.append(
            {
                "floor": floor,
                "value_right": s["value_right"],
                "value_probes": s["value_probes"],
                "irrelevant_with_facts": s["irrelevant_with_facts"],
                "irrelevant": s["irrelevant"],
            }
        )
        print(
            f"  dense floor {floor}: {s['value_right']}/{s['value_probes']}, "
            f"irrelevant with facts {s['irrelevant_with_facts']}",
            file=sys.stderr,
        )
    clean = [t for t in tried if t["irrelevant_with_facts"] == 0] or tried
    best = max(clean, key=lambda t: (t["value_right"], -t["floor"]))
    return {
        "split": "tuning",
        "mode": "perfect",
        "users": users,
        "seed": seed,
        "tried": tried,
        "chosen": best["floor"],
    }


def run_splits(
    splits: Sequence[str],
    modes: Sequence[str],
    *,
    tuning_users: int,
    heldout_users: int,
    seed: int,
    kinds_users: int | None = None,
    retired_users: int | None = None,
    embeddings: Any = None,
    dims: int = DIMS,
    dense_floor: float | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Every (split, mode) asked for; ``{"runs": {split: {mode: {...}}}, "seconds": ...}``.

    ``kinds_users`` (the ``kinds`` split's conversations) and ``retired_users`` (the
    ``retired`` to ``retired_v4`` splits') default to ``heldout_users``."""
    runs: dict[str, dict[str, Any]] = {}
    seconds: dict[str, float] = {}
    for split in splits:
        for mode in modes:
            assert mode in MODES, mode
            t0 = time.perf_counter()
            if split == "tuning":
                n = tuning_users
            elif split == "kinds":
                n = heldout_users if kinds_users is None else kinds_users
            elif split in RETIRED:
                n = heldout_users if retired_users is None else retired_users
            else:
                n = heldout_users
            if split == "tuning":
                run = _tuning(
                    n,
                    seed,
                    mode,
                    embeddings=embeddings,
                    dims=dims,
                    dense_floor=dense_floor,
                    progress=progress,
                )
            else:
                run = _conversations(
                    scripted_split(split, n, seed),
                    mode,
                    seed=seed,
                    embeddings=embeddings,
                    dims=dims,
                    dense_floor=dense_floor,
                    progress=progress,
                )
            runs.setdefault(split, {})[mode] = run
            seconds[f"{split}/{mode}"] = round(time.perf_counter() - t0, 1)
    return {"runs": runs, "seconds": seconds}


def split_off_heldout_misses(results: dict[str, Any]) -> dict[str, Any]:
    """Remove the held-out misses (they quote held-out requests and values) from
    ``results`` in place and return them, ``{mode: {system: [miss, ...]}}``. Only the
    current held-out split's (``heldout``, v5): the retired splits and ``kinds`` keep
    theirs."""
    out: dict[str, Any] = {}
    for mode, r in results.get("runs", {}).get("heldout", {}).items():
        for name, s in r["systems"].items():
            misses = s.pop("misses", None)
            if misses is not None:
                out.setdefault(mode, {})[name] = misses
    return out


# ------------------------------------------------------------------------------- rendering


def _frac(a: int | None, b: int | None) -> str:
    if not b:
        return "-"
    return f"{100.0 * (a or 0) / b:.1f}% ({a} / {b})"


def _n(a: int | None, b: int | None) -> str:
    return "-" if b is None else f"{a} / {b}"


def _wrong(s: dict[str, Any]) -> str:
    if "stored" in s:  # held-out
        total = sum(s["stored"].values())
        parts = ", ".join(f"{k} {v}" for k, v in sorted(s["stored"].items()))
        return f"{total} / {s['forbidden']}" + (f" ({parts})" if parts else "")
    if "forbidden" in s:
        return f"{s['wrong_stored']} / {s['forbidden']}"
    return "-"


def _systems(run: dict[str, Any]) -> list[str]:
    have = run["systems"]
    return [n for n in SYSTEM_ORDER if n in have] + [n for n in have if n not in SYSTEM_ORDER]


def headline_table(results: dict[str, Any]) -> str:
    """One row per (split, mode), the langmem-plus graph's figures."""
    rows = []
    for split, by_mode in results["runs"].items():
        for mode, r in by_mode.items():
            for name in _systems(r):
                if not name.startswith("langmem-plus"):
                    continue
                s = r["systems"][name]
                label = f"{split} / {mode}" + ("" if name == GRAPH else " (MiniLM dense)")
                rows.append(
                    [
                        label,
                        _frac(s["right"], s["scored"]),
                        _frac(s["value_right"], s["value_probes"]),
                        _n(s["stale_shown"], s["probes"]),
                        _wrong(s),
                        _n(s.get("slips_stopped"), s.get("slips")) if s.get("slips") else "-",
                        _n(s["irrelevant_with_facts"], s["irrelevant"]),
                        _tokens(s),
                    ]
                )
    return markdown_table(
        [
            "split / mode",
            "probes right",
            "current-value accuracy (probes naming a value)",
            "probes with a stale value",
            "wrong facts stored",
            "slips stopped",
            "irrelevant requests that got facts",
            "memory tokens per request, mean / p95",
        ],
        rows,
    )


def _tokens(s: dict[str, Any]) -> str:
    """``ceil(chars / 4)`` of the blocks, or ``-`` for a results file from before it was kept."""
    if "tokens_mean" not in s:
        return "-"
    return f"{s['tokens_mean']:.1f} / {s['tokens_p95']}"


BEFORE = "truth_splits_before.json"
"""A run of the same splits on the code before a session's changes (``benchmarks/results/``),
rendered beside the current run by :func:`before_after_table`."""


def before_after_table(before: dict[str, Any], after: dict[str, Any]) -> str:
    """The langmem-plus graph's probes right, per (split, mode) run in both, before -> after,
    and both commits: how far a session's changes reached each split.

    Example:
        >>> s = {"right": 3, "scored": 4, "stale_shown": 1}
        >>> r = lambda c, s: {"machine": {"commit": c},
        ...                   "runs": {"heldout": {"default": {"systems": {GRAPH: s}}}}}
        >>> print(before_after_table(r("a1", s), r("b2", {**s, "right": 4})).splitlines()[2])
        | heldout / default | 75.0% (3 / 4) | 100.0% (4 / 4) | 1 -> 1 |
    """
    rows = []
    for split, by_mode in after["runs"].items():
        for mode, r in by_mode.items():
            old = before.get("runs", {}).get(split, {}).get(mode)
            if old is None or GRAPH not in old["systems"] or GRAPH not in r["systems"]:
                continue
            o, n = old["systems"][GRAPH], r["systems"][GRAPH]
            rows.append(
                [
                    f"{split} / {mode}",
                    _frac(o["right"], o["scored"]),
                    _frac(n["right"], n["scored"]),
                    f"{o['stale_shown']} -> {n['stale_shown']}",
                ]
            )
    return markdown_table(
        [
            "split / mode",
            f"probes right before ({before['machine']['commit']})",
            f"after ({after['machine']['commit']})",
            "probes with a stale value",
        ],
        rows,
    )


def systems_table(run: dict[str, Any]) -> str:
    """All systems side by side for one (split, mode)."""
    names = _systems(run)
    s = run["systems"]
    rows = [
        ["probes right"] + [_frac(s[n]["right"], s[n]["scored"]) for n in names],
        ["current-value accuracy (probes naming a value)"]
        + [_frac(s[n]["value_right"], s[n]["value_probes"]) for n in names],
        ["probes with a stale value"] + [_n(s[n]["stale_shown"], s[n]["probes"]) for n in names],
        ["wrong facts stored"] + [_wrong(s[n]) for n in names],
        ["irrelevant requests that got facts"]
        + [_n(s[n]["irrelevant_with_facts"], s[n]["irrelevant"]) for n in names],
        ["memory tokens per request, mean / p95"] + [_tokens(s[n]) for n in names],
    ]
    if all("shown" in s[n] for n in names):
        for cat in (
            "retracted",
            "forgotten",
            "other_person",
            "hypothetical",
            "pasted",
            "question",
            "instruction",
        ):
            rows.append(
                [f"probes showing a {cat.replace('_', '-')} value"]
                + [_n(s[n]["shown"].get(cat, 0), s[n]["probes"]) for n in names]
            )
    else:
        rows.append(["cross-scope leaks"] + [str(s[n]["leak_probes"]) for n in names])
    return markdown_table(["metric", *names], rows)


def kinds_table(run: dict[str, Any]) -> str:
    names = _systems(run)
    kinds = sorted({k for n in names for k in run["systems"][n]["by_kind"]})
    rows = []
    for k in kinds:
        row = [k]
        for n in names:
            v = run["systems"][n]["by_kind"].get(k)
            row.append(f"{v['right']} / {v['n']}" if v else "-")
        rows.append(row)
    return markdown_table(["probes about", *names], rows)


def _pct_of(s: dict[str, Any]) -> str:
    return f"{100.0 * s['right'] / s['scored']:.1f}%" if s.get("scored") else "-"


def _findings(results: dict[str, Any]) -> list[str]:
    """Sentences that compare the figures, written from the results (no typed numbers)."""
    runs = results["runs"]
    out: list[str] = []
    for name in (GRAPH, DENSE):
        parts = []
        for mode in MODES:
            have = [
                runs[sp][mode]["systems"].get(name)
                for sp in ("heldout", "tuning")
                if mode in runs.get(sp, {})
            ]
            if len(have) == 2 and all(have):
                ho, tu = have
                parts.append(f"{mode} {_pct_of(ho)} held-out vs {_pct_of(tu)} tuning")
        if parts:
            out.append(f"* {name}, probes right: " + "; ".join(parts) + ".")
    for mode, r in runs.get("heldout", {}).items():
        s = r["systems"]
        if GRAPH in s and FAIR in s:
            g, f = s[GRAPH], s[FAIR]
            out.append(
                f"* held-out, {mode}: the graph {_pct_of(g)} right, {g['stale_shown']} stale, "
                f"{g['wrong_stored']} wrong facts stored, {g['irrelevant_with_facts']} irrelevant "
                f"requests with facts; the fair baseline {_pct_of(f)}, {f['stale_shown']}, "
                f"{f['wrong_stored']}, {f['irrelevant_with_facts']}"
                + (
                    f"; slips stopped {g['slips_stopped']} of {g['slips']}"
                    if g.get("slips")
                    else ""
                )
                + "."
            )
    return [*out, ""] if out else []


def render_splits(results: dict[str, Any]) -> str:
    """The docs block, from a ``truth_splits.json`` dict."""
    m = results["machine"]
    lines = [
        f"Command: `{results['command']}` (from the repository root)  ",
        f"Date: {m['date']}, commit {m['commit']}, wall time {results['wall_seconds']:.0f} s  ",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['os']}  ",
        f"Data: tuning split {results['tuning_users']} users, "
        + (
            f"tuning kinds split {results['kinds_users']} users, "
            if "kinds" in results.get("runs", {}) and "kinds_users" in results
            else ""
        )
        + "".join(
            f"retired held-out split ({version}) "
            f"{results.get('retired_users', results['heldout_users'])} users, "
            for split, version in RETIRED.items()
            if split in results.get("runs", {})
        )
        + f"held-out split ({results.get('heldout_version', HELDOUT_VERSION)}) "
        f"{results['heldout_users']} users, seed {results['seed']}; "
        f"embeddings "
        f"{results['embeddings']}",
        "",
        "The langmem-plus graph, per split and mode:",
        "",
        headline_table(results),
        "",
    ]
    lines += _findings(results)
    cal = results.get("dense_calibration")
    if cal:
        tried = ", ".join(
            f"{t['floor']}: {t['value_right']}/{t['value_probes']}"
            f" ({t['irrelevant_with_facts']} irrelevant with facts)"
            for t in cal["tried"]
        )
        lines += [
            f"Dense floor calibrated on the tuning split ({cal['users']} users, perfect "
            f"candidates): chosen **{cal['chosen']}** (the default is 0.75). Tried: {tried}.",
            "",
        ]
    for split, by_mode in results["runs"].items():
        for mode, r in by_mode.items():
            lines += [f"**{split} split, {mode} mode** — every system:", "", systems_table(r), ""]
            if split in ("heldout", "kinds", *RETIRED):
                lines += ["By kind (probes right):", "", kinds_table(r), ""]
                g = r["systems"].get(GRAPH, {})
                if g.get("slips"):
                    layers = ", ".join(f"{k} {v}" for k, v in g["slips_by_layer"].items())
                    kinds = ", ".join(
                        f"{k} {v['stopped']}/{v['n']}" for k, v in g["slips_by_kind"].items()
                    )
                    lines += [
                        f"Slips by layer that stopped them (graph): {layers}. "
                        f"By kind (stopped / injected): {kinds}.",
                        "",
                    ]
            elif r["systems"].get(GRAPH, {}).get("slips"):
                layers = ", ".join(
                    f"{k} {v}" for k, v in r["systems"][GRAPH]["slips_by_layer"].items()
                )
                lines += [f"Slips by layer that stopped them (graph): {layers}.", ""]
    secs = ", ".join(f"{k} {v:.0f} s" for k, v in results["seconds"].items())
    lines.append(f"Time per run: {secs}.")
    return "\n".join(lines)
