"""Run the held-out split through the real graph and the three baselines, and score it.

Same machinery as ``runner.py`` (``add_memory``, ``FactMemory`` on ``QdrantStore(path=...)``,
a settable clock at each session's send time, a responder that records its prompt), with the
held-out split's own truth: each probe names the values that must reach the memory block and
the ones that must not (stale, retracted, forgotten, corrected, another person's,
hypothetical, pasted, instruction, question); each user names the values that must never be
a current fact of theirs at the end; in ``slips`` mode each injected mistake is followed to
the layer that stopped it (a post-filter, the write policy) or to the store.

Checks are case-insensitive whole-word matches in the recalled block (what the model was
given), as in ``scoring.py``.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from langchain_core.messages import HumanMessage

from benchmarks.common import Progress
from benchmarks.truth.baselines import AppendLog, ProfileVectorUpdates, VectorTopK
from benchmarks.truth.blocks import memory_seen, recalled, tokens
from benchmarks.truth.conversations import ABSENT_CATEGORIES, HoConversation
from benchmarks.truth.embeddings import HashingEmbeddings
from benchmarks.truth.modes import ScriptedExtractor, Slip, slip_layer, slipped_script
from benchmarks.truth.runner import DIMS, FAIR, GRAPH, LOG, VECTOR, build_graph
from benchmarks.truth.scoring import fact_lines, has
from langmem_plus.extraction.base import BaseExtractor
from langmem_plus.facts.layout import decode_facts
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.retrieval import RetrievalPolicy

__all__ = ["HeldoutScore", "extractor_for", "run_heldout"]


class _Clock:
    def __init__(self) -> None:
        self.now = None  # type: Any

    def __call__(self) -> Any:
        return self.now


def _scripts(
    convs: list[HoConversation],
) -> dict[str, tuple[dict[str, list[CandidateFact]], dict[str, list[Slip]]]]:
    """Each user's script: their turns' ideal candidates and slips, by text."""
    out: dict[str, tuple[dict[str, list[CandidateFact]], dict[str, list[Slip]]]] = {}
    for c in convs:
        ideal, slips = out.setdefault(c.user_id, ({}, {}))
        for _, turns in c.sessions:
            for t in turns:
                ideal.setdefault(t.text, list(t.ideal))
                if t.slips:
                    slips.setdefault(t.text, list(t.slips))
    return out


def extractor_for(mode: str, convs: list[HoConversation]) -> BaseExtractor | None:
    """The extractor of ``mode`` for these conversations (``None``: ``RuleExtractor``).

    Each user's turns get that user's own script, so one wording said by two users with
    different stated dates gives each their own (an extraction that names no user falls
    back to the first script of each text)."""
    if mode == "default":
        return None
    by_user = {
        user: ideal if mode == "perfect" else slipped_script(ideal, slips)
        for user, (ideal, slips) in _scripts(convs).items()
    }
    shared: dict[str, list[CandidateFact]] = {}
    for script in by_user.values():
        for text, cands in script.items():
            shared.setdefault(text, cands)
    return ScriptedExtractor(shared, by_user=by_user)


@dataclass
class HeldoutScore:
    """One system's figures on the held-out split."""

    system: str
    probes: int = 0
    right: int = 0
    value_probes: int = 0
    value_right: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [n, right]
    shown: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ABSENT_CATEGORIES, 0))
    """Probes whose block showed a value of each must-not category."""
    stored: dict[str, int] = field(default_factory=dict)
    """Must-never values that are a current fact of the user at the end, per category."""
    forbidden: int = 0
    irrelevant: int = 0
    irrelevant_with_facts: int = 0
    slips: int = 0
    slips_stopped: int = 0
    slips_by_layer: dict[str, int] = field(default_factory=dict)
    slips_by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [n, stopped]
    misses: list[dict[str, Any]] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    """Memory tokens (``ceil(chars / 4)``) of every request's block, irrelevant ones too."""

    def summary(self) -> dict[str, Any]:
        toks = sorted(self.tokens)
        return {
            "probes": self.probes,
            "probes_right": self.right,
            "probes_right_pct": _pct(self.right, self.probes),
            "value_probes": self.value_probes,
            "value_right": self.value_right,
            "current_value_accuracy_pct": _pct(self.value_right, self.value_probes),
            "by_kind": {k: {"n": n, "right": r} for k, (n, r) in sorted(self.by_kind.items())},
            "shown": self.shown,
            "stale_shown": sum(self.shown[c] for c in ("stale", "corrected")),
            "stored": self.stored,
            "forbidden": self.forbidden,
            "wrong_stored": sum(self.stored.values()),
            "irrelevant": self.irrelevant,
            "irrelevant_with_facts": self.irrelevant_with_facts,
            "slips": self.slips,
            "slips_stopped": self.slips_stopped,
            "slips_by_layer": dict(sorted(self.slips_by_layer.items())),
            "slips_by_kind": {
                k: {"n": n, "stopped": s} for k, (n, s) in sorted(self.slips_by_kind.items())
            },
            "tokens_mean": round(sum(toks) / len(toks), 1) if toks else 0.0,
            "tokens_p95": toks[min(len(toks) - 1, int(0.95 * len(toks)))] if toks else 0,
        }


def _pct(a: int, b: int) -> float | None:
    return round(100.0 * a / b, 1) if b else None


def run_heldout(
    convs: list[HoConversation],
    mode: str = "default",
    *,
    embeddings: Any = None,
    dims: int = DIMS,
    dense: bool = False,
    dense_floor: float | None = None,
    dense_name: str = "langmem-plus graph + dense",
    progress: bool = True,
) -> dict[str, HeldoutScore]:
    """Run every conversation through every system in ``mode``; return the scores."""
    clock = _Clock()
    emb = embeddings or HashingEmbeddings(dims)
    tmp = tempfile.mkdtemp(prefix="truth-heldout-")
    inner = extractor_for(mode, convs)
    graphs = [build_graph(GRAPH, f"{tmp}/edge", clock, inner=inner)]
    if dense:
        index = {"dims": dims, "embed": emb, "fields": ["text"]}
        policy = RetrievalPolicy(dense_floor=dense_floor) if dense_floor is not None else None
        graphs.append(
            build_graph(
                dense_name, f"{tmp}/edge-dense", clock, index, inner=inner, retrieval=policy
            )
        )
    baselines: list[tuple[str, Any]] = [
        (VECTOR, VectorTopK(emb, dims=dims, k=5)),
        (LOG, AppendLog(10)),
        (FAIR, ProfileVectorUpdates(emb, dims=dims, k=5)),
    ]
    scores = {
        name: HeldoutScore(name) for name in [g.name for g in graphs] + [n for n, _ in baselines]
    }
    slips_of = {t.text: t.slips for c in convs for _, ts in c.sessions for t in ts if t.slips}
    bar = Progress(f"heldout {mode}", total=len(convs)) if progress else None
    n = 0
    fed: dict[str, list[CandidateFact]] = {}
    try:
        for conv in convs:
            user = conv.user_id

            def turn(text: str, thread: str, user: str = user) -> dict[str, str]:
                nonlocal n
                n += 1
                blocks = {name: b.block(user, text) for name, b in baselines}
                cfg = {"configurable": {"thread_id": thread, "user_id": user}}
                proposed: list[CandidateFact] = []
                for g in graphs:
                    out = g.graph.invoke({"messages": [HumanMessage(text, id=f"m{n}")]}, cfg)
                    blocks[g.name] = memory_seen(out)
                    taken = g.extractor.take(user)
                    if g is graphs[0]:
                        proposed = taken
                fed.setdefault(user, []).extend(proposed)
                for name, b in baselines:
                    if name == FAIR:
                        b.add(user, proposed)
                    else:
                        b.add(user, [c.text for c in proposed])
                return blocks

            for k, (at, turns) in enumerate(conv.sessions):
                clock.now = at
                for t in turns:
                    clock.now += timedelta(minutes=2)
                    turn(t.text, f"{user}-s{k}")
            clock.now = conv.probe_at
            for i, probe in enumerate(conv.probes):
                clock.now += timedelta(minutes=5)
                blocks = turn(probe.request, f"{user}-p{i}")
                for name, block in blocks.items():
                    _score_probe(scores[name], probe, block, user)
            # what each system holds for the user at the end
            held: dict[str, list[str]] = {}
            for g in graphs:
                facts = decode_facts(g.store.search(("langmem_plus", user, "facts"), limit=10_000))
                held[g.name] = [
                    f"{f.object} {f.text}"
                    for f in facts
                    if f.is_current and f.subject == "user" and f.holder == "user"
                ]
            own = [c.text for c in fed.get(user, []) if c.subject == "user" and c.holder == "user"]
            for name, b in baselines:
                # append-only baselines keep everything fed to them; the fair one, what its
                # updates and deletes left (its own memories only, not other people's)
                held[name] = b.contents(user, own_only=True) if name == FAIR else own
            for name, values in held.items():
                sc = scores[name]
                for value, cat in conv.forbidden:
                    sc.forbidden += 1
                    if any(has(v, value) for v in values):
                        sc.stored[cat] = sc.stored.get(cat, 0) + 1
                        sc.misses.append(
                            {"user": user, "what": f"{cat} value stored", "value": value}
                        )
            if mode == "slips":
                for g in graphs:
                    sc = scores[g.name]
                    for _, ts in conv.sessions:
                        for t in ts:
                            for slip in slips_of.get(t.text, ()):
                                layer = slip_layer(slip, g, user, held[g.name])
                                stopped = not layer.startswith("stored")
                                sc.slips += 1
                                sc.slips_stopped += stopped
                                sc.slips_by_layer[layer] = sc.slips_by_layer.get(layer, 0) + 1
                                nk = sc.slips_by_kind.setdefault(slip.kind, [0, 0])
                                nk[0] += 1
                                nk[1] += stopped
            if bar:
                bar.update(note=f"{n} turns")
        if bar:
            bar.close(f"{n} turns")
        return scores
    finally:
        for g in graphs:
            g.store.close()
        shutil.rmtree(tmp, ignore_errors=True)


_SAID_NOT_HELD = frozenset({"other_person", "hypothetical", "pasted", "instruction", "question"})
"""Categories of values that were said but are nobody's fact of the user's: scored in the
recalled block only (the open thread may quote the question the user asked)."""


def _shown(block: str, value: str, category: str, holder: str) -> bool:
    """``value`` is in the block, other than on a line that attributes it to its holder."""
    if category in _SAID_NOT_HELD:
        block = recalled(block)
    if category != "other_person" or not holder:
        return has(block, value)
    return any(has(ln, value) and not has(ln, holder) for ln in block.splitlines())


def _score_probe(sc: HeldoutScore, probe: Any, block: str, user: str) -> None:
    sc.tokens.append(tokens(block))
    if probe.irrelevant:
        sc.irrelevant += 1
        lines = fact_lines(block)
        if lines:
            sc.irrelevant_with_facts += 1
            sc.misses.append(
                {
                    "user": user,
                    "what": "irrelevant request got facts",
                    "request": probe.request,
                    "lines": lines[:5],
                }
            )
        return
    sc.probes += 1
    missing = [v for v in probe.present if not has(block, v)]
    shown = [(v, c) for v, c in probe.absent if _shown(block, v, c, probe.holder)]
    ok = not missing and not shown
    sc.right += ok
    if probe.present:
        sc.value_probes += 1
        sc.value_right += ok
    nk = sc.by_kind.setdefault(probe.kind, [0, 0])
    nk[0] += 1
    nk[1] += ok
    for cat in {c for _, c in shown}:
        sc.shown[cat] += 1
    if not ok:
        sc.misses.append(
            {
                "user": user,
                "kind": probe.kind,
                "request": probe.request,
                "missing": missing,
                "shown": shown,
                "block": block,
            }
        )


def count_kinds(convs: list[HoConversation]) -> dict[str, int]:
    """Probes per kind (for the report)."""
    return dict(Counter(p.kind for c in convs for p in c.probes))
