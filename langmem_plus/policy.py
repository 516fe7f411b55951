"""The write policy: deterministic rules that accept, reconfirm, supersede or reject a candidate.

Pure: a candidate, the current facts it may collide with, and ``now`` go in; a ``Decision``
comes out. No store, no model, no clock of its own. ``FactMemory`` executes the decision.

Order of the rules (first failing rule rejects, with a reason that never quotes the fact):

1. shape: a parsable candidate with kind, subject, predicate, object and text;
2. the kind allow-list (preference, fact, decision, identifier);
3. a nameable subject (not "it", "the project", "db" ...);
4. confidence at or above the floor;
5. not a question, not an instruction to the assistant, not transient, not inferred;
6. not a sensitive category, unless the deployment enables that category;
7. cardinality: a single-valued predicate has one current value per (user, scope, subject,
   predicate) and a different value goes through ``supersedes``; a multi-valued predicate
   accumulates; an **unknown predicate is multi-valued**, so a fact we do not understand can
   never erase another (an allergy stored under an unexpected name stays);
8. a value already held (same value, or text whose terms are all in a held fact of the same
   kind and predicate) is *reconfirmed*: seen + 1, confidence up, nothing new stored.

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.models import CandidateFact
    >>> now = datetime(2026, 5, 1, tzinfo=timezone.utc)
    >>> policy = WritePolicy()
    >>> mood = CandidateFact(kind="mood", subject="user", predicate="mood", object="hurried",
    ...                      text="Is in a hurry.")
    >>> policy.decide(mood, user_id="alice", current=[], now=now).action
    'rejected'
    >>> city = CandidateFact(kind="fact", subject="user", predicate="city", object="Berlin",
    ...                      text="Lives in Berlin.")
    >>> first = policy.decide(city, user_id="alice", current=[], now=now)
    >>> first.action
    'new'
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, NamedTuple

from pydantic import ValidationError

from langmem_plus.models import ALLOWED_KINDS, CandidateFact, Fact
from langmem_plus.text_rules import (
    content_terms,
    is_inferred,
    is_instruction,
    is_question,
    is_transient,
    sensitive_category,
)

__all__ = [
    "DEFAULT_MULTI_VALUED",
    "DEFAULT_PREDICATE_ALIASES",
    "DEFAULT_SINGLE_VALUED",
    "Action",
    "Decision",
    "Ruling",
    "WritePolicy",
    "fact_id_for",
    "normalize_object",
    "slot_id",
    "supersedes",
]

Action = Literal["new", "reconfirmed", "superseded", "rejected", "conflict"]

DEFAULT_SINGLE_VALUED: frozenset[str] = frozenset(
    {
        "city",
        "country",
        "timezone",
        "employer",
        "job_title",
        "relationship_status",
        "preferred_name",
        "pronouns",
        "units",
        "tone",
        "response_length",
        "response_language",
        "date_format",
        "home_airport",
        "database",
        "deploy_target",
        "auth_method",
        "team_size",
        "current_goal",
        "birthday",
    }
)
"""Predicates with one value at a time: a new value supersedes the old one."""

DEFAULT_MULTI_VALUED: frozenset[str] = frozenset(
    {
        "allergy",
        "dietary_restriction",
        "intolerance",
        "accessibility_need",
        "language",
        "hobby",
        "interest",
        "pet",
        "skill",
        "current_project",
        "repository",
        "identifier",
        "decision",
        "tool",
    }
)
"""Predicates that accumulate. Unknown predicates are treated the same way."""

DEFAULT_PREDICATE_ALIASES: Mapping[str, str] = {
    "lives_in": "city",
    "home_city": "city",
    "location": "city",
    "works_at": "employer",
    "company": "employer",
    "job": "job_title",
    "role": "job_title",
    "name": "preferred_name",
    "allergies": "allergy",
    "allergic_to": "allergy",
    "diet": "dietary_restriction",
    "dietary_restrictions": "dietary_restriction",
    "languages": "language",
    "speaks": "language",
    "unit_system": "units",
    "measurement_units": "units",
    "time_zone": "timezone",
}
"""Spellings an extractor may use for the same predicate; mapped before cardinality."""

_VAGUE_SUBJECTS = frozenset(
    {
        "",
        "it",
        "this",
        "that",
        "they",
        "them",
        "he",
        "she",
        "something",
        "thing",
        "things",
        "stuff",
        "someone",
        "unknown",
        "none",
        "null",
        "n/a",
        "db",
        "database",
        "project",
        "the_project",
        "repo",
        "repository",
        "app",
        "application",
        "service",
        "system",
        "server",
        "codebase",
        "api",
        "website",
        "site",
        "tool",
        "product",
        "account",
        "team",
        "company",
    }
)
_SELF_SUBJECTS = frozenset({"user", "the_user", "me", "i", "myself", "self", "customer"})
_SOURCE_RANK = {"imported": 1, "stated": 2, "confirmed": 3}
_FACT_ID_NS = uuid.UUID("5b0f6c57-4e1a-4d0c-9d55-6a4f3f8f2b11")

# Reasons are fixed sentences: they are logged, so they must never quote a fact.
REASONS: Mapping[str, str] = {
    "malformed": "the candidate is malformed (missing or invalid fields)",
    "kind_not_allowed": "its kind is not one of preference, fact, decision, identifier",
    "no_subject": "it has no nameable subject, so it could attach to the wrong thing",
    "empty": "its predicate, object or text is empty",
    "too_long": "its text is too long to be one fact",
    "low_confidence": "its confidence is below the policy floor",
    "question": "it is a question, not a statement",
    "instruction": "it reads as an instruction to the assistant, which memory never stores",
    "transient": "it describes a passing state, not a lasting fact",
    "inferred": "it is inferred or hedged, not stated by the user",
    "sensitive": "it falls in a sensitive category that this deployment does not store",
    "new": "no current value for this slot",
    "accumulated": "the predicate holds several values; this one is added",
    "same_value": "the same value is already held",
    "near_duplicate": "a held fact of the same kind already says all of this",
    "replayed": "this message was already recorded",
    "stated_beats_imported": "a stated value outranks an imported one",
    "imported_loses": "an imported value does not override a stated or confirmed one",
    "confirmed_needs_user": "the held value was confirmed; ask the user before replacing it",
    "newer_valid_time": "the new value became true later than the held one",
    "older_valid_time": "the held value became true later than this one",
    "higher_confidence": "same valid time, clearly higher confidence",
    "lower_confidence": "same valid time, clearly lower confidence",
    "tie": "neither value clearly wins; ask the user once",
    "memory_off": "memory is off for this user; nothing was stored",
}


class Ruling(NamedTuple):
    """The outcome of ``supersedes``: who wins and the reason code."""

    winner: Literal["new", "old", "tie"]
    code: str


def supersedes(new: Fact, old: Fact, *, margin: float = 0.1) -> Ruling:
    """Decide whether ``new`` replaces ``old`` for the same single-valued slot.

    The rule, in order:

    1. stated (or confirmed) beats imported, whatever the times;
    2. a confirmed value is not overridden by a non-confirmed source of lower confidence:
       that is a tie, so the caller asks the user;
    3. the newer valid time wins (``valid_from``);
    4. at the same valid time the clearly (``margin``) more confident side wins;
    5. anything else is a tie (``conflict``: ask once, do not guess).

    Example:
        >>> from datetime import datetime, timezone
        >>> t1 = datetime(2026, 3, 1, tzinfo=timezone.utc)
        >>> t2 = datetime(2026, 6, 1, tzinfo=timezone.utc)
        >>> kw = dict(user_id="u1", kind="fact", subject="user", predicate="city")
        >>> old = Fact(fact_id="a", object="Pune", text="Lives in Pune.", valid_from=t1,
        ...            asserted_at=t1, **kw)
        >>> new = Fact(fact_id="b", object="Delhi", text="Lives in Delhi.", valid_from=t2,
        ...            asserted_at=t2, **kw)
        >>> supersedes(new, old)
        Ruling(winner='new', code='newer_valid_time')
    """
    new_rank, old_rank = _SOURCE_RANK.get(new.source, 0), _SOURCE_RANK.get(old.source, 0)
    if "imported" in (new.source, old.source) and new_rank != old_rank:
        return (
            Ruling("new", "stated_beats_imported")
            if new_rank > old_rank
            else Ruling("old", "imported_loses")
        )
    old_confirmed = old.source == "confirmed" or old.verdict == "confirmed"
    if old_confirmed and new.source != "confirmed" and new.confidence < old.confidence:
        return Ruling("tie", "confirmed_needs_user")
    if new.valid_from > old.valid_from:
        return Ruling("new", "newer_valid_time")
    if new.valid_from < old.valid_from:
        return Ruling("old", "older_valid_time")
    if new.confidence >= old.confidence + margin:
        return Ruling("new", "higher_confidence")
    if old.confidence >= new.confidence + margin:
        return Ruling("old", "lower_confidence")
    return Ruling("tie", "tie")


@dataclass(frozen=True)
class Decision:
    """What the write policy decided for one candidate, and what to write.

    Attributes:
        action: new | reconfirmed | superseded | rejected | conflict.
        code: a stable reason code (see ``REASONS``); safe to log.
        fact: the row to store as current (new, superseded) or the updated held row
            (reconfirmed); ``None`` when rejected or in conflict.
        closed: held rows this decision closes (``valid_to`` and ``expired_at`` set).
        other: the held fact this candidate collided with (reconfirmed, conflict, rejected
            by ``supersedes``), if any.
        write: whether anything must be written (a replayed message writes nothing).
        category: the sensitive category, when ``code == "sensitive"``.
    """

    action: Action
    code: str
    fact: Fact | None = None
    closed: tuple[Fact, ...] = ()
    other: Fact | None = None
    write: bool = False
    category: str | None = None

    @property
    def reason(self) -> str:
        """A plain sentence for the reason; it never quotes the fact, so it is safe to log."""
        return REASONS.get(self.code, self.code)

    @property
    def fact_id(self) -> str | None:
        """The id of the fact this decision is about, if there is one."""
        if self.fact is not None:
            return self.fact.fact_id
        return self.other.fact_id if self.other is not None else None

    def describe(self) -> str:
        """What to tell the user, at the moment of saving. Contains the fact: do not log it.

        Example:
            >>> Decision(action="rejected", code="question").describe()
            'Not saved: it is a question, not a statement.'
        """
        if self.action == "new" and self.fact is not None:
            return f"I'll remember that: {self.fact.text}"
        if self.action == "superseded" and self.fact is not None:
            return f"Updated: {self.fact.text} (the earlier value is kept as history)."
        if self.action == "reconfirmed" and self.fact is not None:
            return f"I already had that: {self.fact.text}"
        if self.action == "conflict" and self.other is not None:
            return (
                f"That conflicts with what I have ({self.other.text}). "
                "Which one is right? Nothing was changed."
            )
        return f"Not saved: {self.reason}."


def normalize_predicate(
    predicate: str, aliases: Mapping[str, str] = DEFAULT_PREDICATE_ALIASES
) -> str:
    """Lower-case, snake_case, and map known aliases (``"Lives in"`` -> ``"city"``)."""
    key = re.sub(r"[\s\-]+", "_", predicate.strip().lower())
    return aliases.get(key, key)


def normalize_subject(subject: str) -> str:
    """Lower-case, collapse spaces, and fold every way of saying "the user" into ``user``."""
    key = re.sub(r"\s+", "_", subject.strip().lower())
    return "user" if key in _SELF_SUBJECTS else key


def normalize_object(value: str) -> str:
    """The comparable spelling of an object: case, spacing and punctuation folded.

    Example:
        >>> normalize_object("  Berlin, ") == normalize_object("berlin")
        True
    """
    return " ".join(re.findall(r"[^\W_]+", value.casefold()))


def slot_id(user_id: str, scope: str | None, subject: str, predicate: str) -> str:
    """Deterministic id of the slot (user, scope, subject, predicate).

    Two writers of the same single-valued slot compute the same key, so racing writes can
    only overwrite each other, never add a second current value.
    """
    raw = "\x1f".join((user_id, scope or "", subject, predicate))
    return str(uuid.uuid5(_FACT_ID_NS, "slot\x1f" + raw))


def fact_id_for(
    user_id: str,
    scope: str | None,
    subject: str,
    predicate: str,
    obj: str,
    anchor: str,
) -> str:
    """Deterministic fact id: the same statement (same anchor) always gets the same id.

    ``anchor`` is the stated ``valid_from``, else the source message id, else the time
    the fact was learned.
    """
    raw = "\x1f".join((user_id, scope or "", subject, predicate, normalize_object(obj), anchor))
    return str(uuid.uuid5(_FACT_ID_NS, raw))


@dataclass(frozen=True, kw_only=True)
class WritePolicy:
    """Deterministic write rules. Configure once per deployment; decide per candidate.

    Attributes:
        single_valued: predicates with one current value (a new one supersedes).
        multi_valued: predicates that accumulate. Unknown predicates accumulate too.
        allowed_kinds: the kind allow-list.
        allowed_sensitive: sensitive categories this deployment stores (default: none).
        allow_inferred: store hedged/inferred facts (default: False).
        min_confidence: candidates below this confidence are rejected.
        max_text_chars: longer texts are not one fact.
        supersede_margin: confidence gap that decides a same-time collision.
        predicate_aliases: spellings folded into one predicate.

    Example:
        >>> p = WritePolicy(single_valued=frozenset({"city", "favourite_colour"}))
        >>> p.is_single_valued("favourite_colour"), p.is_single_valued("allergy")
        (True, False)
        >>> p.is_single_valued("something_new")
        False
    """

    single_valued: frozenset[str] = DEFAULT_SINGLE_VALUED
    multi_valued: frozenset[str] = DEFAULT_MULTI_VALUED
    allowed_kinds: frozenset[str] = ALLOWED_KINDS
    allowed_sensitive: frozenset[str] = frozenset()
    allow_inferred: bool = False
    min_confidence: float = 0.5
    max_text_chars: int = 400
    supersede_margin: float = 0.1
    predicate_aliases: Mapping[str, str] = field(
        default_factory=lambda: dict(DEFAULT_PREDICATE_ALIASES)
    )

    def is_single_valued(self, predicate: str) -> bool:
        """True if ``predicate`` holds one value at a time. Unknown predicates accumulate."""
        p = normalize_predicate(predicate, self.predicate_aliases)
        return p in self.single_valued and p not in self.multi_valued

    def screen(self, candidate: CandidateFact) -> tuple[str, str | None] | None:
        """Run the content rules alone. ``None`` if the candidate may be stored, else
        ``(code, sensitive_category)``.

        Example:
            >>> c = CandidateFact(kind="fact", subject="user", predicate="city",
            ...                   object="Berlin", text="Where does the user live?")
            >>> WritePolicy().screen(c)
            ('question', None)
        """
        kind = candidate.kind.strip().lower()
        if kind not in self.allowed_kinds:
            return ("kind_not_allowed", None)
        if not candidate.predicate.strip() or not candidate.object.strip():
            return ("empty", None)
        if not candidate.text.strip():
            return ("empty", None)
        if normalize_subject(candidate.subject) in _VAGUE_SUBJECTS:
            return ("no_subject", None)
        if len(candidate.text) > self.max_text_chars:
            return ("too_long", None)
        if candidate.confidence < self.min_confidence:
            return ("low_confidence", None)
        text = candidate.text
        if is_question(text):
            return ("question", None)
        if is_instruction(text) or is_instruction(candidate.object):
            return ("instruction", None)
        if is_transient(text):
            return ("transient", None)
        if not self.allow_inferred and (
            candidate.source.strip().lower() == "inferred" or is_inferred(text)
        ):
            return ("inferred", None)
        probe = f"{candidate.predicate.replace('_', ' ')}. {candidate.object}. {text}"
        category = sensitive_category(probe)
        if category is not None and category not in self.allowed_sensitive:
            return ("sensitive", category)
        return None

    def to_fact(
        self,
        candidate: CandidateFact,
        *,
        user_id: str,
        now: datetime,
        session_id: str | None = None,
    ) -> Fact:
        """Build the stored ``Fact`` for a screened candidate (normalised, deterministic id)."""
        subject = normalize_subject(candidate.subject)
        predicate = normalize_predicate(candidate.predicate, self.predicate_aliases)
        scope = candidate.scope.strip().lower() if candidate.scope else None
        if scope is None and "." in subject and subject.split(".", 1)[0] != "user":
            scope = subject.split(".", 1)[0]  # "atlas.db" belongs to project "atlas"
        valid_from = candidate.valid_from or now
        anchor = (
            candidate.valid_from.isoformat()
            if candidate.valid_from is not None
            else (f"msg:{candidate.message_id}" if candidate.message_id else now.isoformat())
        )
        source = candidate.source.strip().lower()
        return Fact(
            fact_id=fact_id_for(user_id, scope, subject, predicate, candidate.object, anchor),
            user_id=user_id,
            scope=scope,
            kind=candidate.kind.strip().lower(),  # type: ignore[arg-type]
            subject=subject,
            predicate=predicate,
            object=candidate.object.strip(),
            text=" ".join(candidate.text.split()),
            valid_from=valid_from,
            asserted_at=now,
            last_seen_at=now,
            source=source if source in _SOURCE_RANK else "stated",  # type: ignore[arg-type]
            confidence=candidate.confidence,
            session_id=session_id,
            message_id=candidate.message_id,
            quote=candidate.quote,
            seen_sessions=[session_id] if session_id else [],
            seen_messages=[candidate.message_id] if candidate.message_id else [],
        )

    def decide(
        self,
        candidate: CandidateFact | Mapping[str, Any],
        *,
        user_id: str,
        current: Iterable[Fact],
        now: datetime,
        session_id: str | None = None,
    ) -> Decision:
        """Decide what to do with ``candidate`` given the user's ``current`` facts.

        Args:
            candidate: a ``CandidateFact`` or a mapping an extractor produced. A malformed
                one is rejected (``code="malformed"``), never raised.
            user_id: the (already validated) owner.
            current: current facts that may collide (the slot's facts are enough; extra
                facts are ignored).
            now: the decision time (system time of the write).
            session_id: the thread the statement came from.

        Returns:
            A ``Decision``; its ``fact``/``closed`` rows are what to write.
        """
        if not isinstance(candidate, CandidateFact):
            try:
                candidate = CandidateFact.model_validate(candidate)
            except (ValidationError, TypeError, ValueError):
                return Decision(action="rejected", code="malformed")
        screened = self.screen(candidate)
        if screened is not None:
            code, category = screened
            return Decision(action="rejected", code=code, category=category)
        fact = self.to_fact(candidate, user_id=user_id, now=now, session_id=session_id)
        same_slot = [
            f
            for f in current
            if f.is_current
            and f.user_id == user_id
            and f.scope == fact.scope
            and f.subject == fact.subject
            and f.predicate == fact.predicate
        ]
        held = self._held_value(fact, same_slot)
        if held is not None:
            return self._reconfirm(held, fact, now)
        if not self.is_single_valued(fact.predicate):
            return Decision(action="new", code="accumulated", fact=fact, write=True)
        if not same_slot:
            return Decision(action="new", code="new", fact=fact, write=True)
        old = max(same_slot, key=lambda f: (f.valid_from, f.asserted_at))
        ruling = supersedes(fact, old, margin=self.supersede_margin)
        if ruling.winner == "new":
            closed = tuple(
                f.model_copy(
                    update={"valid_to": max(fact.valid_from, f.valid_from), "expired_at": now}
                )
                for f in same_slot
            )
            return Decision(
                action="superseded",
                code=ruling.code,
                fact=fact,
                closed=closed,
                other=old,
                write=True,
            )
        if ruling.winner == "old":
            return Decision(action="rejected", code=ruling.code, other=old)
        return Decision(action="conflict", code=ruling.code, other=old)

    def _held_value(self, fact: Fact, same_slot: Sequence[Fact]) -> Fact | None:
        """The held fact that already says what ``fact`` says, if any."""
        value = normalize_object(fact.object)
        for held in same_slot:
            if normalize_object(held.object) == value:
                return held
        terms = content_terms(fact.text)
        for held in same_slot:
            if held.kind == fact.kind and terms and terms <= content_terms(held.text):
                held_obj = content_terms(held.object)
                if content_terms(fact.object) <= held_obj:
                    return held
        return None

    def _reconfirm(self, held: Fact, fact: Fact, now: datetime) -> Decision:
        if fact.message_id and fact.message_id in held.seen_messages:
            return Decision(action="reconfirmed", code="replayed", fact=held, other=held)
        code = (
            "same_value"
            if normalize_object(held.object) == normalize_object(fact.object)
            else ("near_duplicate")
        )
        confidence = min(0.99, 1 - (1 - held.confidence) * (1 - fact.confidence))
        update: dict[str, Any] = {
            "seen": held.seen + 1,
            "confidence": max(held.confidence, round(confidence, 4)),
            "last_seen_at": now,
            "seen_sessions": _append(held.seen_sessions, fact.session_id),
            "seen_messages": _append(held.seen_messages, fact.message_id, keep=50),
        }
        if fact.source == "confirmed":
            update["source"] = "confirmed"
        elif held.source == "imported" and fact.source == "stated":
            update["source"] = "stated"
        updated = held.model_copy(update=update)
        return Decision(action="reconfirmed", code=code, fact=updated, other=held, write=True)


def _append(items: list[str], item: str | None, *, keep: int = 200) -> list[str]:
    if not item or item in items:
        return list(items)
    return [*items, item][-keep:]
