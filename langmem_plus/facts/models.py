"""Data models: a fact is a triple with two clocks.

``CandidateFact`` is what an extractor proposes; ``Fact`` is what the write policy stores.
World time (``valid_from``/``valid_to``) says when something was true; system time
(``asserted_at``/``expired_at``) says when we believed it.

Example:
    >>> from datetime import datetime, timezone
    >>> c = CandidateFact(kind="fact", subject="user", predicate="city", object="Berlin",
    ...                   text="The user lives in Berlin.")
    >>> c.predicate
    'city'
    >>> validate_user_id("alice-42")
    'alice-42'
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from langmem_plus.errors import InvalidUserIdError

__all__ = [
    "ALLOWED_KINDS",
    "MODALITIES",
    "POLARITIES",
    "PROVENANCES",
    "CandidateFact",
    "Fact",
    "FactKind",
    "FactSource",
    "Verdict",
    "utcnow",
    "validate_user_id",
]

FactKind = Literal["preference", "fact", "decision", "identifier"]
"""The allow-list of durable kinds. Anything else is rejected by the write policy."""

ALLOWED_KINDS: frozenset[str] = frozenset({"preference", "fact", "decision", "identifier"})

FactSource = Literal["stated", "confirmed", "imported", "inferred"]
"""Where a fact came from. ``inferred`` exists only so it can be named and rejected."""

Verdict = Literal["confirmed", "rejected", "inaccurate"]
"""A person's verdict on a stored fact. The latest verdict wins; history is kept."""

MODALITIES: frozenset[str] = frozenset({"asserted", "hypothetical", "question", "plan"})
"""How a statement was made. Only ``asserted`` can become a current value."""

POLARITIES: frozenset[str] = frozenset({"assert", "retract"})
"""``retract`` closes the current matching value and adds none."""

PROVENANCES: frozenset[str] = frozenset({"own_words", "quoted", "tool"})
"""Whose words a candidate came from. Only ``own_words`` speaks for the user."""

_USER_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-@+:=]{0,127}$")


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(timezone.utc)


def validate_user_id(user_id: object) -> str:
    """Return ``user_id`` if it is safe to scope memory by, else raise ``InvalidUserIdError``.

    A user id must be a non-empty string of at most 128 characters from letters, digits and
    ``_ - @ + : =``, starting with a letter or digit. Wildcards (``*``, ``?``, ``%``),
    namespace separators (``.``, ``/``) and whitespace are refused, because a wrong key is
    how one user ends up seeing another's memories.

    Example:
        >>> validate_user_id("u_1")
        'u_1'
        >>> validate_user_id("*")
        Traceback (most recent call last):
        ...
        langmem_plus.errors.InvalidUserIdError: user_id '*' is not allowed: ...
    """
    if not isinstance(user_id, str):
        raise InvalidUserIdError(
            f"user_id must be a str, got {type(user_id).__name__} {user_id!r}; "
            "pass the id as text, e.g. config={'configurable': {'user_id': 'alice'}}"
        )
    if not _USER_ID_RE.fullmatch(user_id):
        raise InvalidUserIdError(
            f"user_id {user_id!r} is not allowed: use 1-128 letters, digits or _-@+:= "
            "(no empty ids, spaces, wildcards such as * or %, or separators such as . and /)"
        )
    return user_id


def _aware(value: datetime | None) -> datetime | None:
    """Naive datetimes are read as UTC; aware ones are converted to UTC (one spelling)."""
    if value is None:
        return None
    if value.tzinfo is None:
        return value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


class CandidateFact(BaseModel):
    """A fact an extractor proposes. Only the write policy decides whether it is stored.

    Attributes mirror ``Fact``; ``kind`` is a free string here so a wrong kind is
    *rejected with a reason* by the policy instead of crashing the extractor.
    """

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    kind: str = Field(description="preference | fact | decision | identifier")
    subject: str = Field(
        default="user", description="what the fact is about, e.g. 'user', 'atlas.db'"
    )
    predicate: str = Field(description="the attribute, e.g. 'city', 'employer', 'allergy'")
    object: str = Field(description="the value, e.g. 'Berlin'")
    text: str = Field(description="the fact as one self-standing sentence")
    scope: str | None = Field(default=None, description="project/account scope, e.g. 'atlas'")
    valid_from: datetime | None = Field(
        default=None, description="when it became true in the world"
    )
    message_id: str | None = Field(default=None, description="id of the user message it came from")
    quote: str | None = Field(default=None, description="the user's own words")
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    source: str = Field(default="stated", description="stated | confirmed | imported | inferred")
    # ---- grounding (DESIGN.md, "Grounded candidates"): what the policy decides by rule.
    # Free strings, like ``kind``, so an unknown value is rejected with a reason.
    holder: str = Field(
        default="user",
        description="whose fact it is: 'user', or the other person ('sister', 'my manager', "
        "a name); the write policy stores another person's fact under the subject "
        "'person:<holder>' ('person:manager'), never in the user's slots",
    )
    modality: str = Field(
        default="asserted",
        description="asserted | hypothetical | question | plan; only asserted becomes current",
    )
    polarity: str = Field(
        default="assert",
        description="assert | retract; retract closes the current matching value",
    )
    provenance: str = Field(
        default="own_words",
        description="own_words | quoted | tool; only the user's own words speak for the user",
    )
    time_stated: bool | None = Field(
        default=None,
        description="True when valid_from came from the user's words, False when it was "
        "assumed from a clock; None: stated exactly when valid_from is given",
    )
    single_valued: bool | None = Field(
        default=None,
        description="for a predicate the policy does not know: whether the holder has one "
        "value at a time (a phone plan, a car) rather than several (hobbies)",
    )
    attribute: bool | None = Field(
        default=None,
        description="for a one-at-a-time value of a predicate the policy does not know: "
        "False when the extractor guessed the attribute from the sentence's shape alone "
        "('my X is Y', 'X: Y' with any X), so the value is stored, superseded and found "
        "by requests that name it, but not sent with every request (the profile's "
        "Attributes section); None: single_valued decides",
    )
    corrects: str | None = Field(
        default=None,
        description="a correction ('I meant X, not Y'): the value Y this candidate replaces "
        "as a mistake; Y's version stops being believed, it was never true",
    )
    valid_to: datetime | None = Field(
        default=None,
        description="for a past state ('back when I lived in Lyon'): when it stopped being "
        "true; a candidate that ended in the past is history, never the current value",
    )
    replaces: str | None = Field(
        default=None,
        description="a switch ('traded the X for a Y'): the value X given up for this one; "
        "with predicate '*' the attribute was not named and this value takes the slot "
        "that holds X (X's window closes, it was true until now)",
    )

    @field_validator("valid_from", "valid_to")
    @classmethod
    def _tz(cls, v: datetime | None) -> datetime | None:
        return _aware(v)

    @property
    def stated_time(self) -> bool:
        """Whether ``valid_from`` came from the words (see ``time_stated``)."""
        if self.time_stated is not None:
            return self.time_stated and self.valid_from is not None
        return self.valid_from is not None


class Fact(BaseModel):
    """One version of a fact, as stored (immutable: change one with ``model_copy``). See
    DESIGN.md's data model.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="alice", kind="fact", subject="user",
        ...          predicate="city", object="Berlin", text="The user lives in Berlin.",
        ...          valid_from=t, asserted_at=t)
        >>> f.is_current
        True
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    fact_id: str
    user_id: str
    scope: str | None = None
    kind: FactKind
    subject: str
    predicate: str
    object: str
    text: str
    valid_from: datetime
    valid_to: datetime | None = None
    asserted_at: datetime
    expired_at: datetime | None = None
    source: FactSource = "stated"
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    seen: int = Field(default=1, ge=1)
    session_id: str | None = None
    message_id: str | None = None
    quote: str | None = None
    verdict: Verdict | None = None
    verdicts: list[dict[str, str]] = Field(default_factory=list)
    last_seen_at: datetime | None = None
    """When the fact was last stated or reconfirmed (``asserted_at``: when first learned)."""
    seen_sessions: list[str] = Field(default_factory=list)
    """Every session (thread) whose transcript holds the statement, for the deletion cascade."""
    seen_messages: list[str] = Field(default_factory=list)
    """Ids of the user messages that stated it; a replayed message is not counted twice."""
    time_stated: bool = False
    """``valid_from`` came from the user's words (a date they gave), not from a clock. A
    stated time beats an assumed one when two values of a slot collide."""
    holder: str = "user"
    """Whose fact it is: ``user`` or the other person's key (then ``subject`` is
    ``person:<holder>``, e.g. ``person:sister``)."""
    single_valued: bool | None = None
    """Cardinality the candidate declared for a predicate the policy does not know."""
    attribute: bool | None = None
    """``False``: the extractor guessed the attribute from the words' shape alone, so the
    value is never always sent (``profile.is_attribute``); ``None``: ``single_valued``
    decides."""

    @field_validator("valid_from", "valid_to", "asserted_at", "expired_at", "last_seen_at")
    @classmethod
    def _tz(cls, v: datetime | None) -> datetime | None:
        return _aware(v)

    @field_validator("user_id")
    @classmethod
    def _user(cls, v: str) -> str:
        return validate_user_id(v)

    @property
    def is_current(self) -> bool:
        """True while the fact is true in the world, believed, and not marked wrong."""
        return (
            self.valid_to is None
            and self.expired_at is None
            and self.verdict not in ("rejected", "inaccurate")
        )
