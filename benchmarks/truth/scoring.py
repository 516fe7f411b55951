"""Score the memory blocks each system sent against the generator's truth.

All checks are on the recalled block (what the model was given), by whole-word,
case-insensitive match of the values the generator knows:

* **current-value accuracy** (probes about a slot): every current value of the slot is in
  the block and no superseded value of it is; a model could answer from it unambiguously.
* **stale values recalled** (every probe): the block holds a value the user has since
  replaced (any slot).
* **multi-valued facts lost** (allergy/language probes): current values missing.
* **cross-scope leaks** (probes inside a project): the block holds a value that belongs
  only to the user's other project.
* **irrelevant requests that got facts**: an irrelevant request whose block has a fact line
  beyond the always-on profile (``- ...`` lines; the baselines have no profile, so any line).
* **junk recalled** (every request): a value that only ever appeared in a transient remark,
  a question, another person's fact or a tool's injected instruction.
* **memory tokens per request**: ``ceil(chars / 4)`` of the block (every request; a
  tokenizer is not used so the figure does not depend on a model vocabulary).
* **rows per user** vs **statements per user** (assertions the user made, restatements
  included).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from benchmarks.truth.blocks import fact_lines, has, recalled, tokens
from benchmarks.truth.generator import MULTI_VALUED, UserScript, slot_scope
from benchmarks.truth.runner import RequestRecord, RunResult

__all__ = ["Score", "fact_lines", "has", "score", "tokens"]


@dataclass
class Score:
    """One system's figures plus one example per miss."""

    system: str
    value_probes: int = 0
    value_correct: int = 0
    by_category: dict[str, list[int]] = field(default_factory=dict)  # cat -> [n, correct]
    probes: int = 0
    stale_probes: int = 0
    multi_expected: int = 0
    multi_lost: int = 0
    scoped_probes: int = 0
    leak_probes: int = 0
    irrelevant: int = 0
    irrelevant_with_facts: int = 0
    requests: int = 0
    junk_requests: int = 0
    junk_by_kind: dict[str, int] = field(default_factory=dict)
    tokens: list[int] = field(default_factory=list)
    rows_per_user: float = 0.0
    statements_per_user: float = 0.0
    misses: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        toks = sorted(self.tokens)
        return {
            "system": self.system,
            "current_value_accuracy": _ratio(self.value_correct, self.value_probes),
            "value_probes": self.value_probes,
            "value_correct": self.value_correct,
            "by_category": {
                k: {"n": n, "correct": c, "accuracy": _ratio(c, n)}
                for k, (n, c) in sorted(self.by_category.items())
            },
            "probes": self.probes,
            "stale_probes": self.stale_probes,
            "multi_expected": self.multi_expected,
            "multi_lost": self.multi_lost,
            "scoped_probes": self.scoped_probes,
            "leak_probes": self.leak_probes,
            "irrelevant": self.irrelevant,
            "irrelevant_with_facts": self.irrelevant_with_facts,
            "floor_precision": _ratio(
                self.irrelevant - self.irrelevant_with_facts, self.irrelevant
            ),
            "requests": self.requests,
            "junk_requests": self.junk_requests,
            "junk_by_kind": dict(sorted(self.junk_by_kind.items())),
            "tokens_mean": sum(toks) / len(toks) if toks else 0.0,
            "tokens_p95": toks[min(len(toks) - 1, int(0.95 * len(toks)))] if toks else 0,
            "rows_per_user": self.rows_per_user,
            "statements_per_user": self.statements_per_user,
            "misses": len(self.misses),
            "misses_by_cause": {
                f"{what} / {cause}": n
                for (what, cause), n in sorted(
                    Counter((m["what"], m.get("cause", "-")) for m in self.misses).items()
                )
            },
        }


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _source(user: UserScript, value: str) -> str | None:
    """The user's last statement that asserted ``value`` (for miss examples)."""
    said = None
    for s in user.sessions:
        for t in s.turns:
            if any(v == value for _, v in t.asserts):
                said = t.text
    return said


def _miss(
    rec: RequestRecord,
    system: str,
    what: str,
    block: str,
    user: UserScript,
    proposed: list[str],
    *,
    about: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A miss with its example; ``about``: the (slot, value) pairs that should have been
    recalled, used to tell an extractor miss (it never proposed the value *for that slot*)
    from a memory miss (it did, and the store or retrieval lost it)."""
    out = {
        "system": system,
        "what": what,
        "user": rec.user_id,
        "thread": rec.thread_id,
        "scope": rec.scope,
        "request": rec.text,
        **extra,
        "block": block,
    }
    if about:
        unproposed = [
            v for slot, v in about if not any(s == slot and has(t, v) for s, t in proposed)
        ]
        out["statement"] = _source(user, (unproposed or [about[0][1]])[0])
        out["extractor_proposed_it"] = not unproposed
        out["cause"] = "extractor" if unproposed else "memory"
    return out


def score(users: list[UserScript], result: RunResult) -> dict[str, Score]:
    by_user = {u.user_id: u for u in users}
    junk: dict[str, list[tuple[str, str]]] = defaultdict(list)
    other_project: dict[str, dict[str, set[str]]] = {}
    for u in users:
        for s in u.sessions:
            for t in s.turns:
                junk[u.user_id].extend(t.junk)
        values: dict[str, set[str]] = {p: set() for p in u.projects}
        for s in u.sessions:
            for t in s.turns:
                for slot, v in t.asserts:
                    if (p := slot_scope(slot)) is not None:
                        values[p].add(v)
        p1, p2 = u.projects
        other_project[u.user_id] = {p1: values[p2] - values[p1], p2: values[p1] - values[p2]}

    scores = {name: Score(name) for name in result.systems}
    for rec in result.records:
        user = by_user[rec.user_id]
        proposed = result.proposed.get(rec.user_id, [])
        for name, block in rec.blocks.items():
            sc = scores[name]
            sc.requests += 1
            sc.tokens.append(tokens(block))
            hits = [(k, v) for k, v in junk[rec.user_id] if has(recalled(block), v)]
            if hits:
                sc.junk_requests += 1
                for k in {k for k, _ in hits}:
                    sc.junk_by_kind[k] = sc.junk_by_kind.get(k, 0) + 1
                sc.misses.append(
                    _miss(
                        rec,
                        name,
                        "junk recalled",
                        block,
                        user,
                        proposed,
                        junk=[f"{k}: {v}" for k, v in hits],
                    )
                )
            probe = rec.probe
            if probe is None:
                continue
            sc.probes += 1
            truth = probe.truth
            current_values = {v for vs in truth.current.values() for v in vs}
            stale_hits = sorted(
                (slot, v)
                for slot, vs in truth.stale.items()
                for v in vs
                if v not in current_values and has(block, v)
            )
            if stale_hits:
                sc.stale_probes += 1
                now = [(slot, v) for slot, _ in stale_hits for v in truth.current.get(slot, ())]
                sc.misses.append(
                    _miss(
                        rec,
                        name,
                        "stale value recalled",
                        block,
                        user,
                        proposed,
                        about=now,
                        stale=[v for _, v in stale_hits],
                        current=[v for _, v in now],
                    )
                )
            if rec.scope is not None:
                sc.scoped_probes += 1
                leaked = sorted(v for v in other_project[rec.user_id][rec.scope] if has(block, v))
                if leaked:
                    sc.leak_probes += 1
                    sc.misses.append(
                        _miss(rec, name, "cross-scope leak", block, user, proposed, leaked=leaked)
                    )
            if probe.slot is None:
                sc.irrelevant += 1
                lines = fact_lines(block)
                if lines:
                    sc.irrelevant_with_facts += 1
                    sc.misses.append(
                        _miss(
                            rec,
                            name,
                            "irrelevant request got facts",
                            block,
                            user,
                            proposed,
                            lines=lines,
                        )
                    )
                continue
            expected = truth.current.get(probe.slot, ())
            missing = [v for v in expected if not has(block, v)]
            slot_stale = [v for v in truth.stale.get(probe.slot, ()) if v not in expected]
            wrong = [v for v in slot_stale if has(block, v)]
            ok = not missing and not wrong
            sc.value_probes += 1
            sc.value_correct += ok
            cat = sc.by_category.setdefault(probe.category, [0, 0])
            cat[0] += 1
            cat[1] += ok
            if probe.slot.rsplit(".", 1)[-1] in MULTI_VALUED:
                sc.multi_expected += len(expected)
                sc.multi_lost += len(missing)
            if not ok:
                sc.misses.append(
                    _miss(
                        rec,
                        name,
                        "current value wrong",
                        block,
                        user,
                        proposed,
                        about=[(probe.slot, v) for v in expected],
                        slot=probe.slot,
                        expected=list(expected),
                        missing=missing,
                        stale=wrong,
                    )
                )
    statements = sum(u.statements for u in users) / max(len(users), 1)
    for name, sc in scores.items():
        rows = result.rows.get(name, {})
        sc.rows_per_user = sum(rows.values()) / max(len(users), 1)
        sc.statements_per_user = statements
    return scores
