"""Helpers shared by the node pair, the middleware, the tools and session consolidation.

Plans here yield :class:`~langmem_plus.nodes.effects.Call` values, so the sync and async
faces share them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage
from langgraph.store.base import BaseStore

from langmem_plus.extraction import PolicyOutcome, announcement
from langmem_plus.extraction.base import TIMESTAMP_KEYS, DroppedCandidate
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.facts.policy import Decision
from langmem_plus.nodes.effects import Call, Plan
from langmem_plus.nodes.state import MemoryDecision

__all__ = [
    "SESSIONS",
    "Applied",
    "batch_call",
    "collapse_corrections",
    "message_text",
    "messages_after",
    "parse_time",
    "remember_all",
    "sessions_namespace",
    "stamp",
]

logger = logging.getLogger("langmem_plus.nodes")

SESSIONS = "sessions"
"""Last label of the per-user namespace holding session (thread) records."""


def sessions_namespace(memory: FactMemory, user_id: str) -> tuple[str, ...]:
    """Where the session records of ``user_id`` live (beside the user's facts)."""
    return (*memory.layout.user(user_id), SESSIONS)


def batch_call(store: BaseStore, ops: Sequence[Any]) -> Call:
    """A ``store.batch`` / ``store.abatch`` call."""
    return Call(store.batch, store.abatch, (list(ops),))


def message_text(message: BaseMessage) -> str:
    """The plain text of a message (text blocks only)."""
    content = message.content
    if isinstance(content, str):
        return content
    parts = [
        b if isinstance(b, str) else str(b.get("text", ""))
        for b in content
        if isinstance(b, str) or (isinstance(b, dict) and b.get("type") == "text")
    ]
    return "\n".join(p for p in parts if p)


def messages_after(messages: Sequence[BaseMessage], cursor: str | None) -> list[BaseMessage]:
    """The messages after the one whose id is ``cursor`` (all of them without a cursor, or
    when the cursor's message is gone: writes are idempotent, so re-reading is safe)."""
    if cursor is None:
        return list(messages)
    for i, m in enumerate(messages):
        if m.id == cursor:
            return list(messages[i + 1 :])
    return list(messages)


def parse_time(value: Any) -> datetime | None:
    """An ISO time read back from a stored record; ``None`` when absent or malformed.

    Example:
        >>> parse_time("2026-05-01T09:00:00+00:00").hour, parse_time("soon"), parse_time(None)
        (9, None, None)
    """
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def stamp(message: BaseMessage, when: datetime) -> BaseMessage | None:
    """A copy of a user message with a send time in its metadata, or ``None`` if it already
    has one (or is not a user message). The time makes extraction deterministic on replay
    and lets consolidation order corrections."""
    if not isinstance(message, HumanMessage):
        return None
    extra = message.additional_kwargs or {}
    if any(k in extra for k in TIMESTAMP_KEYS):
        return None
    return message.model_copy(
        update={"additional_kwargs": {**extra, TIMESTAMP_KEYS[0]: when.isoformat()}}
    )


class Applied:
    """What a batch of candidates did: decisions for state and announcements for the user."""

    def __init__(self) -> None:
        self.decisions: list[MemoryDecision] = []
        self.announcements: list[str] = []
        self.outcomes: list[PolicyOutcome] = []
        self.failed: str | None = None

    def add_dropped(self, dropped: Iterable[DroppedCandidate]) -> None:
        """Record what the extractor's post-filters removed, and tell the user about the
        ones they would expect kept (an instruction, a hypothetical ...: ``NOT_SAVED``),
        exactly as a rejection by the write policy is told."""
        for d in dropped:
            self.decisions.append(
                MemoryDecision(
                    action="rejected", code=d.reason, text=d.candidate.text, fact_id=None
                )
            )
            line = announcement(PolicyOutcome("rejected", d.candidate, reason=d.reason))
            if line and line not in self.announcements:
                self.announcements.append(line)

    def add(self, decision: Decision, candidate: CandidateFact | Any) -> None:
        text = decision.fact.text if decision.fact is not None else _text(candidate)
        self.decisions.append(
            MemoryDecision(
                action=decision.action, code=decision.code, text=text, fact_id=decision.fact_id
            )
        )
        outcome = _outcome(decision, candidate)
        if outcome is not None:
            self.outcomes.append(outcome)
            if decision.code != "replayed":
                line = announcement(outcome)
                if line:
                    self.announcements.append(line)


def _text(candidate: Any) -> str:
    if isinstance(candidate, CandidateFact):
        return candidate.text
    if isinstance(candidate, dict):
        return str(candidate.get("text", ""))
    return ""


def _outcome(decision: Decision, candidate: Any) -> PolicyOutcome | None:
    fact: Fact | CandidateFact | None = decision.fact
    if fact is None and isinstance(candidate, CandidateFact):
        fact = candidate
    if fact is None:
        return None
    old = decision.other if decision.action in ("superseded", "conflict", "retracted") else None
    reason = decision.code if decision.action == "rejected" else None
    if reason == "sensitive" and decision.category:
        reason = f"sensitive:{decision.category}"  # the line names the category
    return PolicyOutcome(decision.action, fact, old=old, reason=reason)


def remember_all(
    memory: FactMemory,
    user_id: str,
    candidates: Sequence[CandidateFact | Any],
    session_id: str | None,
) -> Plan[Applied]:
    """Put each candidate through the write policy, in order. A store failure stops the
    batch (``applied.failed`` names the error type) without raising: the caller keeps its
    cursor so the rest is retried, and writes already made are idempotent. After a write,
    the user's facts are read back into the recall cache (``FactMemory.prefetch``), so the
    next turn's recall reads no fact rows."""
    applied = Applied()
    wrote = False
    for candidate in candidates:
        if not isinstance(candidate, (CandidateFact, dict)):
            applied.decisions.append(
                MemoryDecision(action="rejected", code="malformed", text="", fact_id=None)
            )
            continue
        try:
            decision = yield Call(
                memory.remember,
                memory.aremember,
                (user_id, candidate),
                {"session_id": session_id},
            )
        except Exception as exc:  # the store, not the candidate: memory is degraded
            applied.failed = type(exc).__name__
            logger.warning("memory write failed (%s); will retry", applied.failed)
            break
        wrote = wrote or decision.write
        applied.add(decision, candidate)
    if wrote and applied.failed is None:
        try:
            yield Call(memory.prefetch, memory.aprefetch, (user_id,))
        except Exception as exc:  # only a warm-up: the next recall reads instead
            logger.info("memory prefetch skipped (%s)", type(exc).__name__)
    return applied


def collapse_corrections(
    memory: FactMemory, candidates: Sequence[CandidateFact]
) -> list[CandidateFact]:
    """Keep, for each single-valued slot, only the last value stated in the transcript.

    "I live in Munich ... sorry, I meant Berlin": consolidation sees the whole session, so
    only Berlin is proposed, and Munich never becomes a (briefly) believed fact.

    A slot is what the write policy would store the value under: scope, subject (another
    person's fact has that person's subject, so "my sister lives in Bergen" never wipes
    out the user's city) and predicate, single-valued by the policy or as the candidate
    declares. Only candidates that would set a current value compete: a retraction, a past
    state, a hypothetical, plan or question, or text the user pasted, never hides the
    user's own statement of the slot; the write policy rules on those one by one.
    """
    policy = memory.policy
    last: dict[tuple[str | None, str, str], int] = {}
    competing: set[int] = set()
    for i, c in enumerate(candidates):
        sets_value = (
            c.polarity.strip().lower() == "assert"
            and c.modality.strip().lower() == "asserted"
            and c.provenance.strip().lower() == "own_words"
            and c.valid_to is None
        )
        if sets_value and policy.is_single_valued(c.predicate, c.single_valued):
            _, subject, predicate, scope = policy.slot_of(c)
            last[(scope, subject, predicate)] = i
            competing.add(i)
    keep = set(last.values())
    return [c for i, c in enumerate(candidates) if i not in competing or i in keep]
