"""The write policy: deterministic rules that accept, reconfirm, supersede or reject a candidate.

Pure: a candidate, the current facts it may collide with, and ``now`` go in; a ``Decision``
comes out. No store, no model, no clock of its own. ``FactMemory`` executes the decision.

Order of the rules (first failing rule rejects, with a reason that never quotes the fact):

1. shape: a parsable candidate with kind, subject, predicate, object and text, and known
   grounding values (``modality``, ``polarity``, ``provenance``; a past state that ends
   before it starts is malformed too);
2. the kind allow-list (preference, fact, decision, identifier);
3. bounded lengths: predicate, object, text and quote (``too_long``);
4. not an instruction to the assistant, in the predicate, object, text *or* quote;
5. grounding: only the user's own words (``not_own_words``), only asserted statements
   (``question``, ``hypothetical``, ``plan``); another person's fact is kept as a fact
   about that person (subject ``person:<name>``, never the user's slots) or dropped
   (``other_person``) when the deployment says so;
6. a nameable subject (not "it", "the project", "db" ...);
7. confidence at or above the floor;
8. not a question, not transient, not inferred;
9. not a sensitive category, unless the deployment enables that category;
10. what the candidate does to its slot: a retraction closes the matching current value
    (``retracted``; ``nothing_to_retract`` when none is held); a correction ("I meant X, not
    Y") stops believing Y and puts X in its place (``corrected``); a past state (it ended
    before now) is kept as history only (``past_state``);
11. cardinality: a single-valued predicate has one current value per (user, scope, subject,
    predicate) and a different value goes through ``supersedes``; a multi-valued predicate
    accumulates; an **unknown predicate is multi-valued**, so a fact we do not understand can
    never erase another (an allergy stored under an unexpected name stays), unless the
    candidate declares it single-valued (``single_valued=True``: a phone plan, a car);
12. a value already held (same value, or text whose terms are all in a held fact of the same
    kind and predicate) is *reconfirmed*: seen + 1, confidence up, nothing new stored.

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.facts.models import CandidateFact
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

import difflib
import functools
import re
import unicodedata
import uuid
from collections.abc import Iterable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal, NamedTuple

from pydantic import ValidationError

from langmem_plus.facts import screen as _screen
from langmem_plus.facts.models import (
    ALLOWED_KINDS,
    MODALITIES,
    POLARITIES,
    PROVENANCES,
    CandidateFact,
    Fact,
)
from langmem_plus.facts.text_forms import with_part, with_value
from langmem_plus.facts.text_rules import (
    content_terms,
)
from langmem_plus.ids import uuid5_text

__all__ = [
    "CORRECTION",
    "DEFAULT_MULTI_VALUED",
    "DEFAULT_PREDICATE_ALIASES",
    "DEFAULT_SINGLE_VALUED",
    "INTENTIONS",
    "UNNAMED_ATTRIBUTE",
    "UNNAMED_WRONG",
    "Action",
    "Decision",
    "HeldRows",
    "Ruling",
    "WritePolicy",
    "fact_id_for",
    "normalize_holder",
    "normalize_object",
    "slot_id",
    "supersedes",
]

Action = Literal["new", "reconfirmed", "superseded", "retracted", "rejected", "conflict"]

CORRECTION = "correction"
"""The predicate of a correction that names the wrong value but not its slot ("I said
Esbjerg last time but it's Odense", in a later session): the right value takes the slot the
wrong one is held in; with no such value held, nothing is stored."""

UNNAMED_WRONG = "*"
"""``corrects`` of a correction that names no wrong value, said after the session that held
it ("Sorry, I had that wrong: B negative"): the value it replaces is the user's one held
value of the same shape (as many words, cased alike, sharing a word or spelt alike:
"O negative"); with none, or several alike, nothing is stored."""

UNNAMED_ATTRIBUTE = "switched_to"
"""The predicate of a switch that names no attribute ("traded the Niro for a Jazz"): with
``replaces`` set, the new value takes the slot that holds the old one; when no slot holds
it, the candidate is rejected (``nothing_to_replace``): which attribute changed is unknown."""

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
        # one at a time, for most people: a switch replaces the old value
        "partner",
        "phone_plan",
        "mobile_carrier",
        "internet_provider",
        "car",
        "gym",
        "manager",
        "landlord",
        "energy_provider",
        "blood_type",
        "favorite_color",
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
        # the people (and animals) in the user's life: several at once
        "child",
        "parent",
        "sibling",
        "family_member",
        # explicit saves that constrain requests
        "dislike",
        "routine",
        "constraint",
    }
)
"""Predicates that accumulate. Unknown predicates are treated the same way."""

INTENTIONS: frozenset[str] = frozenset({"current_goal", "note", "weighing"})
"""Predicates whose value is an intention: a goal is said as a plan ("I want to run a 10k",
"I'm going to learn Italian") and is true now as a goal, so ``plan`` does not reject it; a
note the user asked to keep ("remember we're moving house on the 14th") says the plan
exists, and fills no slot; an option the user is weighing ("the Ostrava or the Kestrel,
still torn", ``extraction.undecided``) is open, and is no one's value."""

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
    "goal": "current_goal",
    "spouse": "partner",
    "husband": "partner",
    "wife": "partner",
    "boyfriend": "partner",
    "girlfriend": "partner",
    "children": "child",
    "kid": "child",
    "kids": "child",
    "pets": "pet",
    "parents": "parent",
    "siblings": "sibling",
    "dislikes": "dislike",
    "mobile_plan": "phone_plan",
    "cell_plan": "phone_plan",
    "phone_contract": "phone_plan",
    "mobile_contract": "phone_plan",
    "vehicle": "car",
    "gym_membership": "gym",
    "boss": "manager",
    "line_manager": "manager",
    "supervisor": "manager",
    "reports_to": "manager",
    "isp": "internet_provider",
    "broadband_provider": "internet_provider",
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
_PRONOUNS = frozenset({"he", "she", "him", "her", "they", "them", "someone", "somebody", "person"})
_HOLDER_DETERMINERS = re.compile(
    r"^(?:(?:the\s+user's|user's|my|our|mine|the|a|an|one\s+of\s+my)\s+)+", re.IGNORECASE
)
PERSON_PREFIX = "person:"
"""Subjects of facts about other people: ``person:sister``, ``person:maria``."""
_SOURCE_RANK = {"imported": 1, "stated": 2, "confirmed": 3}
_FACT_ID_NS = uuid.UUID("5b0f6c57-4e1a-4d0c-9d55-6a4f3f8f2b11")

# Reasons are fixed sentences: they are logged, so they must never quote a fact.
REASONS: Mapping[str, str] = {
    "malformed": "the candidate is malformed (missing or invalid fields)",
    "kind_not_allowed": "its kind is not one of preference, fact, decision, identifier",
    "no_subject": "it has no nameable subject, so it could attach to the wrong thing",
    "empty": "its predicate, object or text is empty",
    "too_long": "a part of it (predicate, value, text or quote) is too long to be one fact",
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
    "not_wanted": "the user asked not to keep this topic (\"stop storing ...\")",
    "other_person": "it is about someone else, and this deployment keeps facts about the user only",
    "hypothetical": "it was said as a hypothetical, not as something true",
    "plan": "it is a plan or a wish, not something that is true now",
    "not_own_words": "it came from quoted, pasted or tool text, not from the user's own words",
    "nothing_to_retract": "there was no current value to take back, so nothing changed",
    "nothing_to_replace": "it switched from a value I hold under no attribute, so I could "
    "not tell which thing changed",
    "retracted": "the value stopped being true; it is kept as history",
    "corrected": "a correction: the mistaken value is no longer believed, the right one is",
    "stated_time_conflict": "two stated dates disagree about which value holds; ask the user once",
    "stated_beats_assumed": "a date the user gave outranks a date assumed from the clock",
    "past_state": "it ended in the past, so it is kept as history, never as a current value",
}


# ------------------------------------------------------------------ screening, cheaply
#
# The content screen's tests, memoised and prefiltered so that each costs less and none
# changes its answer, live in ``langmem_plus.facts.screen`` (#14); ``WritePolicy.screen``
# below decides what is screened and which reason wins. The private names it had stay.
_inferred = _screen.inferred
_sensitive = _screen.sensitive
_instruction = _screen.instruction
_injection = _screen.injection
_question = _screen.question
_transient = _screen.transient
_lower_twin = _screen.lower_twin
_prefilter = _screen.prefilter
_rule_patterns = _screen.rule_patterns
nominal_value = _screen.nominal_value


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
    4. a time the user stated beats one assumed from the clock (``time_stated``): an assumed
       start is only when the old value was *said*, so "I moved to Berlin in August" beats
       "I live in Munich" said in September (``stated_beats_assumed``);
    5. two stated times where the new one is not later disagree: a tie
       (``stated_time_conflict``: ask once);
    6. at the same valid time the clearly (``margin``) more confident side wins;
    7. anything else is a tie (``conflict``: ask once, do not guess).

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
    if new.time_stated and not old.time_stated:
        return Ruling("new", "stated_beats_assumed")
    if new.time_stated and old.time_stated:
        return Ruling("tie", "stated_time_conflict")
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
        action: new | reconfirmed | superseded | retracted | rejected | conflict.
        code: a stable reason code (see ``REASONS``); safe to log.
        fact: the row to store (new, superseded) or the updated held row (reconfirmed);
            ``None`` when rejected, retracted or in conflict. A fact that is not current
            (``valid_to`` set: ``code == "past_state"``) is stored as history only.
        closed: held rows this decision closes: ``expired_at`` set, and ``valid_to`` too
            (superseded, retracted), or ``verdict="inaccurate"`` instead for the value a
            correction says was a mistake (it was never true, so world time keeps no window
            for it).
        other: the held fact this candidate collided with (reconfirmed, conflict, rejected
            by ``supersedes``, the value a retraction closed or a correction replaced).
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
            >>> Decision(action="rejected", code="hypothetical").describe()
            'Not saved: it was said as a hypothetical, not as something true.'
        """
        if self.action == "new" and self.fact is not None:
            return f"I'll remember that: {self.fact.text}"
        if self.code == "corrected" and self.fact is not None:
            return f"Corrected: {self.fact.text} (the mistaken value is no longer believed)."
        if self.action == "superseded" and self.fact is not None:
            return f"Updated: {self.fact.text} (the earlier value is kept as history)."
        if self.action == "retracted" and self.other is not None:
            return f"Noted, that no longer holds: {self.other.text} (kept as history)."
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
    key = _snake(predicate)
    return aliases.get(key, key)


_DASHES = re.compile(r"[\s\-]+")
_GAPS = re.compile(r"\s+")


@functools.lru_cache(maxsize=4096)
def _snake(predicate: str) -> str:
    """``predicate`` lower-cased in snake_case (memoised: a screen and a write ask it for
    the same few predicates again and again)."""
    return _DASHES.sub("_", predicate.strip().lower())


@functools.lru_cache(maxsize=4096)
def normalize_subject(subject: str) -> str:
    """Lower-case, collapse spaces, and fold every way of saying "the user" into ``user``
    (memoised, like ``normalize_holder``: a write asks it for the same few subjects)."""
    key = _GAPS.sub("_", subject.strip().lower())
    return "user" if key in _SELF_SUBJECTS else key


@functools.lru_cache(maxsize=4096)
def normalize_holder(holder: str) -> str | None:
    """Whose fact it is, as one key: ``user``, another person's key, or ``None`` when the
    words name nobody in particular ("she", "someone").

    The key is what follows ``person:`` in that person's subject: possessives and articles
    dropped ("my sister" and "sister" are one person), case folded, spaces as ``_``.

    Example:
        >>> normalize_holder("My Sister"), normalize_holder("Maria José"), normalize_holder("me")
        ('sister', 'maria_josé', 'user')
        >>> normalize_holder("my sister's husband"), normalize_holder("she")
        ('sister_husband', None)
    """
    key = " ".join(holder.replace("\u2019", "'").split()).casefold()
    if key.startswith(PERSON_PREFIX):
        key = key[len(PERSON_PREFIX) :]
    if "_".join(key.split()) in _SELF_SUBJECTS:
        return "user"
    key = _HOLDER_DETERMINERS.sub("", key)
    key = "_".join(_WORDS.findall(_POSSESSIVE.sub("", key)))
    if key in _SELF_SUBJECTS:
        return "user"
    if not key or key in _PRONOUNS or key in _VAGUE_SUBJECTS:
        return None
    return key


_WORDS = re.compile(r"[^\W_]+")
_POSSESSIVE = re.compile(r"'s\b")


@functools.lru_cache(maxsize=65_536)
def normalize_object(value: str) -> str:
    """The comparable spelling of an object: case, spacing and punctuation folded.
    Memoised: a decision compares the candidate with every value held in its slot.

    Example:
        >>> normalize_object("  Berlin, ") == normalize_object("berlin")
        True
    """
    return " ".join(_WORDS.findall(value.casefold()))


@functools.lru_cache(maxsize=65_536)
def slot_id(user_id: str, scope: str | None, subject: str, predicate: str) -> str:
    """Deterministic id of the slot (user, scope, subject, predicate).

    Two writers of the same single-valued slot compute the same key, so racing writes can
    only overwrite each other, never add a second current value. Memoised: every write
    keys its rows by slot, and a user's writes come back to the same few slots.
    """
    raw = "\x1f".join((user_id, scope or "", subject, predicate))
    return uuid5_text(_FACT_ID_NS, "slot\x1f" + raw)


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
    return uuid5_text(_FACT_ID_NS, raw)


NARROW_FROM = 8
"""``HeldRows.narrowed`` hands a slot of at most this many rows over whole: indexing them
costs more than comparing a candidate with each."""


class HeldRows(MutableMapping[str, Fact]):
    """One slot's current rows (key -> fact), as a ``remember_many`` step holds them, with
    what ``WritePolicy.decide`` looks up in an accumulating slot kept as indexes: a
    candidate is then decided against the few rows that can hold its value, not against
    every row (#14: importing 100 notes into one multi-valued slot compared each with every
    value held before it, ~0.7 us a value: 94 us a decision at 95 values, 29 us at none).

    ``narrowed(fact)`` is what to pass ``decide`` as ``current`` where ``WritePolicy.
    narrows`` says it may be: a superset, in key order, of the rows such a decision reads
    (those of the same value, those whose text holds every content term of ``fact``'s, and
    any declared one-at-a-time), so the decision is the one the whole slot gives.

    Example:
        >>> from datetime import datetime, timezone
        >>> p, now = WritePolicy(), datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> rows = HeldRows()
        >>> for i in range(20):
        ...     c = CandidateFact(kind="fact", predicate="hobby", object=f"game {i}",
        ...                       text=f"Plays game {i}.")
        ...     rows[f"k{i:02d}"] = p.to_fact(c, user_id="u", now=now)
        >>> again = CandidateFact(kind="fact", predicate="hobby", object="Game 7",
        ...                       text="Plays game 7 again.")
        >>> [f.object for f in rows.narrowed(p.to_fact(again, user_id="u", now=now))]
        ['game 7']
    """

    def __init__(self) -> None:
        self._rows: dict[str, Fact] = {}
        self._by_value: dict[str, set[str]] | None = None  # built on the first narrowing
        self._by_term: dict[str, set[str]] = {}
        self._single: set[str] = set()

    def __getitem__(self, key: str) -> Fact:
        return self._rows[key]

    def __setitem__(self, key: str, fact: Fact) -> None:
        if self._by_value is not None:
            old = self._rows.get(key)
            if old is not None:
                self._unindex(key, old)
            self._index(key, fact)
        self._rows[key] = fact

    def __delitem__(self, key: str) -> None:
        fact = self._rows.pop(key)
        if self._by_value is not None:
            self._unindex(key, fact)

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def _index(self, key: str, fact: Fact) -> None:
        assert self._by_value is not None
        self._by_value.setdefault(normalize_object(fact.object), set()).add(key)
        for term in content_terms(fact.text):
            self._by_term.setdefault(term, set()).add(key)
        if fact.single_valued:
            self._single.add(key)

    def _unindex(self, key: str, fact: Fact) -> None:
        assert self._by_value is not None
        self._by_value.get(normalize_object(fact.object), set()).discard(key)
        for term in content_terms(fact.text):
            self._by_term.get(term, set()).discard(key)
        self._single.discard(key)

    def ordered(self) -> list[Fact]:
        """Every row, in key order (what ``decide`` gets when it does not narrow)."""
        return [self._rows[k] for k in sorted(self._rows)]

    def narrowed(self, fact: Fact) -> list[Fact]:
        """The rows a narrowing decision of ``fact`` can read (see the class), key order."""
        if len(self._rows) <= NARROW_FROM:
            return self.ordered()
        if self._by_value is None:
            self._by_value = {}
            for key, held in self._rows.items():
                self._index(key, held)
        keys = set(self._by_value.get(normalize_object(fact.object), ()))
        terms = content_terms(fact.text)
        if terms:
            postings = [self._by_term.get(term) for term in terms]
            if all(postings):  # a row holds every term only where each has one
                keys |= min((p for p in postings if p), key=len)
        keys |= self._single
        return [self._rows[k] for k in sorted(keys)]


@dataclass(frozen=True, kw_only=True)
class WritePolicy:
    """Deterministic write rules. Configure once per deployment; decide per candidate.

    Attributes:
        single_valued: predicates with one current value (a new one supersedes).
        multi_valued: predicates that accumulate. Unknown predicates accumulate too, unless
            a candidate declares ``single_valued=True`` for its (unknown) predicate.
        allowed_kinds: the kind allow-list.
        allowed_sensitive: sensitive categories this deployment stores (default: none).
        allow_inferred: store hedged/inferred facts (default: False).
        keep_other_people: a fact whose ``holder`` is someone else is kept as a fact about
            that person (subject ``person:<name>``); ``False`` drops it (``other_person``).
            Either way it never enters the user's slots.
        min_confidence: candidates below this confidence are rejected.
        max_text_chars: longer texts are not one fact.
        max_predicate_chars: longer predicates are not an attribute name.
        max_object_chars: longer values are not one value.
        max_quote_chars: longer quotes are not the words of one fact.
        supersede_margin: confidence gap that decides a same-time collision.
        predicate_aliases: spellings folded into one predicate.

    Example:
        >>> p = WritePolicy(single_valued=frozenset({"city", "favourite_colour"}))
        >>> p.is_single_valued("favourite_colour"), p.is_single_valued("allergy")
        (True, False)
        >>> p.is_single_valued("something_new"), p.is_single_valued("something_new", True)
        (False, True)
    """

    single_valued: frozenset[str] = DEFAULT_SINGLE_VALUED
    multi_valued: frozenset[str] = DEFAULT_MULTI_VALUED
    allowed_kinds: frozenset[str] = ALLOWED_KINDS
    allowed_sensitive: frozenset[str] = frozenset()
    allow_inferred: bool = False
    keep_other_people: bool = True
    min_confidence: float = 0.5
    max_text_chars: int = 400
    max_predicate_chars: int = 64
    max_object_chars: int = 200
    max_quote_chars: int = 1000
    supersede_margin: float = 0.1
    predicate_aliases: Mapping[str, str] = field(
        default_factory=lambda: dict(DEFAULT_PREDICATE_ALIASES)
    )

    def is_single_valued(self, predicate: str, declared: bool | None = None) -> bool:
        """True if ``predicate`` holds one value at a time.

        A known predicate keeps its configured cardinality whatever is declared (an allergy
        stays multi-valued). An unknown one accumulates, unless ``declared`` is ``True``: the
        extractor said the holder has one at a time (a phone plan, a car, a gym).
        """
        p = normalize_predicate(predicate, self.predicate_aliases)
        if p in self.multi_valued:
            return False
        if p in self.single_valued:
            return True
        return declared is True

    def narrows(self, candidate: CandidateFact, fact: Fact) -> bool:
        """Whether ``decide(candidate, built=fact)`` reads its slot only for a value held
        already (and whether any row declared the slot one-at-a-time): an assertion, not a
        correction, switch or past state, into a slot the policy holds many values in.
        Such a decision may be given ``HeldRows.narrowed(fact)`` for ``current`` and
        decides as on the whole slot.

        Example:
            >>> from datetime import datetime, timezone
            >>> now = datetime(2026, 1, 1, tzinfo=timezone.utc)
            >>> c = CandidateFact(kind="fact", predicate="hobby", object="chess",
            ...                   text="Plays chess.")
            >>> p = WritePolicy()
            >>> p.narrows(c, p.to_fact(c, user_id="u", now=now))
            True
            >>> city = c.model_copy(update={"predicate": "city", "object": "Oslo"})
            >>> p.narrows(city, p.to_fact(city, user_id="u", now=now))
            False
        """
        return (
            candidate.polarity.strip().lower() == "assert"
            and not (candidate.corrects and candidate.corrects.strip())
            and not (candidate.replaces and candidate.replaces.strip())
            and fact.valid_to is None
            and fact.predicate not in _NOT_NARROWED
            and not self.is_single_valued(fact.predicate, True)
        )

    def screen(self, candidate: CandidateFact) -> tuple[str, str | None] | None:
        """Run the content rules alone. ``None`` if the candidate may be stored, else
        ``(code, sensitive_category)``.

        Example:
            >>> c = CandidateFact(kind="fact", subject="user", predicate="city",
            ...                   object="Berlin", text="Where does the user live?")
            >>> WritePolicy().screen(c)
            ('question', None)
            >>> WritePolicy().screen(c.model_copy(update={"text": "Would live in Berlin.",
            ...                                           "modality": "hypothetical"}))
            ('hypothetical', None)
        """
        modality = candidate.modality.strip().lower()
        polarity = candidate.polarity.strip().lower()
        provenance = candidate.provenance.strip().lower()
        if (
            modality not in MODALITIES
            or polarity not in POLARITIES
            or provenance not in PROVENANCES
            or not candidate.holder.strip()
            or (
                # only a start the user stated contradicts the stated end: one assumed
                # from the message time ("I was at X till 2023") is no start (#12)
                candidate.valid_to is not None
                and candidate.valid_from is not None
                and candidate.stated_time
                and candidate.valid_to < candidate.valid_from
            )
        ):
            return ("malformed", None)
        retract = polarity == "retract"
        kind = candidate.kind.strip().lower()
        if kind not in self.allowed_kinds:
            return ("kind_not_allowed", None)
        obj = candidate.object.strip()
        if not candidate.predicate.strip() or not (obj or retract):
            return ("empty", None)
        if not candidate.text.strip():
            return ("empty", None)
        if (
            len(candidate.text) > self.max_text_chars
            or len(candidate.predicate) > self.max_predicate_chars
            or len(candidate.object) > self.max_object_chars
            or len(candidate.quote or "") > self.max_quote_chars
        ):
            return ("too_long", None)
        text = candidate.text
        # The predicate and the user's quote are screened for talk about the assistant's
        # rules only: "call_me" is a fine predicate and "Call me Sam" a fine quote.
        if _screen.instruction_in(
            text=text, obj=obj, predicate=candidate.predicate, quote=candidate.quote
        ):
            return ("instruction", None)
        if provenance != "own_words":
            return ("not_own_words", None)
        if modality != "asserted" and not (
            modality == "plan"
            and normalize_predicate(candidate.predicate, self.predicate_aliases) in INTENTIONS
        ):
            return (modality, None)  # "question", "hypothetical" or "plan"
        holder = normalize_holder(candidate.holder)
        if holder is None:
            return ("no_subject", None)
        if holder != "user" and not self.keep_other_people:
            return ("other_person", None)
        if holder == "user":
            subject = normalize_subject(candidate.subject)
            if subject in _VAGUE_SUBJECTS or (
                subject.startswith(PERSON_PREFIX) and normalize_holder(subject) is None
            ):
                return ("no_subject", None)
        if candidate.confidence < self.min_confidence:
            return ("low_confidence", None)
        if _question(text):
            return ("question", None)
        if not retract and _transient(text):  # "our dog died this morning" ends a state
            return ("transient", None)
        if not self.allow_inferred and (
            candidate.source.strip().lower() == "inferred" or _inferred(text)
        ):
            return ("inferred", None)
        probe = f"{candidate.predicate.replace('_', ' ')}. {candidate.object}. {text}"
        category = _sensitive(probe)
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
        """Build the stored ``Fact`` for a screened candidate (normalised, deterministic id).

        Another person's fact gets that person's subject (``person:sister``), never the
        user's. A past state (``valid_to`` at or before ``now``) keeps its end; a future end
        is a plan, not a fact, and is dropped. A past state with no start gets its end as
        start: an empty window, listed as history but shown by ``as_of`` at no instant,
        because when it began was never said.

        Example:
            >>> from datetime import datetime, timezone
            >>> c = CandidateFact(kind="fact", predicate="city", object="Perth",
            ...                   text="The user's cousin lives in Perth.", holder="my cousin")
            >>> f = WritePolicy().to_fact(c, user_id="u1",
            ...                           now=datetime(2026, 5, 1, tzinfo=timezone.utc))
            >>> f.subject, f.holder
            ('person:cousin', 'cousin')
        """
        holder, subject, predicate, scope = self.slot_of(candidate)
        valid_to = candidate.valid_to if candidate.valid_to and candidate.valid_to <= now else None
        if valid_to is not None:
            valid_from = min(candidate.valid_from or valid_to, valid_to)
        else:
            valid_from = candidate.valid_from or now
        anchor = _anchor(candidate, now)
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
            valid_to=valid_to,
            asserted_at=now,
            last_seen_at=now,
            source=source if source in _SOURCE_RANK else "stated",  # type: ignore[arg-type]
            confidence=candidate.confidence,
            session_id=session_id,
            message_id=candidate.message_id,
            quote=candidate.quote,
            seen_sessions=[session_id] if session_id else [],
            seen_messages=[candidate.message_id] if candidate.message_id else [],
            time_stated=candidate.stated_time,
            holder=holder,
            single_valued=candidate.single_valued,
            attribute=candidate.attribute,
        )

    def slot_of(self, candidate: CandidateFact) -> tuple[str, str, str, str | None]:
        """``(holder, subject, predicate, scope)`` the stored fact of ``candidate`` gets:
        another person's fact has that person's subject, never the user's; a dotted
        subject ("atlas.db") gives the scope when none is set.

        Example:
            >>> c = CandidateFact(kind="fact", predicate="lives_in", object="Bergen",
            ...                   text="Her sister lives in Bergen.", holder="my sister")
            >>> WritePolicy().slot_of(c)
            ('sister', 'person:sister', 'city', None)
        """
        holder = normalize_holder(candidate.holder) or "user"
        if holder == "user":
            subject = normalize_subject(candidate.subject)
            if subject.startswith(PERSON_PREFIX):  # "person:Maria" said as the subject
                holder = normalize_holder(subject) or "user"
                subject = "user" if holder == "user" else PERSON_PREFIX + holder
        else:
            subject = PERSON_PREFIX + holder
        predicate = normalize_predicate(candidate.predicate, self.predicate_aliases)
        scope = candidate.scope.strip().lower() if candidate.scope else None
        if scope is None and "." in subject and subject.split(".", 1)[0] != "user":
            scope = subject.split(".", 1)[0]  # "atlas.db" belongs to project "atlas"
        return holder, subject, predicate, scope

    def decide(
        self,
        candidate: CandidateFact | Mapping[str, Any],
        *,
        user_id: str,
        current: Iterable[Fact],
        now: datetime,
        session_id: str | None = None,
        past: Iterable[Fact] = (),
        built: Fact | None = None,
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
            past: closed versions that may be this very statement (the history row with
                the candidate's fact id is enough). A message replayed after its value was
                retracted, corrected or replaced is ``replayed`` and writes nothing, so a
                late consolidation cannot bring a closed value back.
            built: ``to_fact`` of this candidate with these arguments, when the caller has
                built it already (``remember_many`` does, to know the slot to read).

        Returns:
            A ``Decision``; its ``fact``/``closed`` rows are what to write.

        Example:
            >>> from datetime import datetime, timezone
            >>> now = datetime(2026, 9, 20, tzinfo=timezone.utc)
            >>> p = WritePolicy()
            >>> munich = p.decide(CandidateFact(kind="fact", predicate="city", object="Munich",
            ...     text="Lives in Munich.", time_stated=False), user_id="u", current=[],
            ...     now=datetime(2026, 9, 10, tzinfo=timezone.utc)).fact
            >>> berlin = CandidateFact(kind="fact", predicate="city", object="Berlin",
            ...     text="Moved to Berlin in August.", time_stated=True,
            ...     valid_from=datetime(2026, 8, 1, tzinfo=timezone.utc))
            >>> d = p.decide(berlin, user_id="u", current=[munich], now=now)
            >>> d.action, d.code
            ('superseded', 'stated_beats_assumed')
            >>> gone = CandidateFact(kind="fact", predicate="city", object="*",
            ...     text="No longer lives there.", polarity="retract")
            >>> p.decide(gone, user_id="u", current=[d.fact], now=now).action
            'retracted'
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
        fact = built or self.to_fact(candidate, user_id=user_id, now=now, session_id=session_id)
        current = list(current)
        subjects = _of_subject(current, user_id, fact.scope, fact.subject)
        same_slot = [f for f in subjects if f.predicate == fact.predicate]
        others: list[Fact] = []
        if candidate.polarity.strip().lower() == "retract" or candidate.corrects:
            others = [f for f in subjects if f.predicate != fact.predicate]
        if candidate.polarity.strip().lower() == "retract":
            return self._retract(candidate, fact.predicate, same_slot, others, now)
        if fact.message_id:
            for version in past:
                if version.fact_id == fact.fact_id and fact.message_id in version.seen_messages:
                    return Decision(action="reconfirmed", code="replayed", other=version)
        if fact.valid_to is not None:
            # A past state is history: it never becomes or beats a current value; the same
            # value held as current ("I'm vegan" ... "I used to be vegan") ended then.
            value = normalize_object(fact.object)
            ended = [f for f in same_slot if normalize_object(f.object) == value]
            if ended:
                closed = tuple(_close(f, fact.valid_to, now) for f in ended)
                return Decision(
                    action="retracted", code="retracted", closed=closed, other=ended[0], write=True
                )
            return Decision(action="new", code="past_state", fact=fact, write=True)
        if not same_slot and self._bare_head(candidate, fact.predicate):
            fact, same_slot = self._headed_slot(fact, current)
        given_up: Fact | None = None
        if candidate.replaces and candidate.replaces.strip():
            fact, same_slot, given_up = self._switched(candidate, fact, current, same_slot)
            if fact.predicate == UNNAMED_ATTRIBUTE:
                return Decision(action="rejected", code="nothing_to_replace")
        if fact.single_valued is None and any(f.single_valued for f in same_slot):
            fact = fact.model_copy(update={"single_valued": True})  # the slot was declared
        if fact.attribute is False and any(f.attribute is not False for f in same_slot):
            fact = fact.model_copy(update={"attribute": None})  # the slot was vouched for
        if given_up is not None and given_up.predicate != fact.predicate:
            # the old value was held under another name of the attribute: it ends now
            decision = self._decide_held(candidate, fact, same_slot, others, current, now)
            if decision.fact is not None and decision.write:
                gone = _close(given_up, fact.valid_from, now)
                return replace(decision, closed=(*decision.closed, gone))
            return decision
        return self._decide_held(candidate, fact, same_slot, others, current, now)

    def _bare_head(self, candidate: CandidateFact, predicate: str) -> bool:
        """A one-word attribute the policy does not know, held one at a time ("my plan is
        X"): it may be the head of a longer attribute already held ("phone_plan")."""
        return (
            candidate.single_valued is True
            and candidate.polarity.strip().lower() == "assert"
            and "_" not in predicate
            and predicate not in self.single_valued
            and predicate not in self.multi_valued
        )

    def _headed_slot(self, fact: Fact, current: Iterable[Fact]) -> tuple[Fact, list[Fact]]:
        """The one held single-valued slot of the subject whose name ends in ``fact``'s
        one-word predicate ("plan" -> ``phone_plan``); ``fact`` moved into it, or unchanged
        when none or several do."""
        held = [
            f
            for f in _of_subject(current, fact.user_id, fact.scope, fact.subject)
            if f.predicate.endswith("_" + fact.predicate)
            and self.is_single_valued(f.predicate, f.single_valued)
        ]
        if len({f.predicate for f in held}) != 1:
            return fact, []
        predicate = held[0].predicate
        anchor = fact.fact_id  # a distinct, deterministic id for the moved version
        moved = fact.model_copy(
            update={
                "predicate": predicate,
                "fact_id": fact_id_for(
                    fact.user_id, fact.scope, fact.subject, predicate, fact.object, anchor
                ),
            }
        )
        return moved, held

    def _switched(
        self, candidate: CandidateFact, fact: Fact, current: Iterable[Fact],
        same_slot: list[Fact],
    ) -> tuple[Fact, list[Fact], Fact | None]:  # fmt: skip
        """A switch ("traded the X for a Y", ``replaces="X"``): the slot that holds X.

        When the candidate names its attribute and that slot holds X, nothing changes (the
        supersession closes X). When it names none (``UNNAMED_ATTRIBUTE``) or its slot is
        empty, Y goes into the slot of the subject that holds X, in that slot's words ("Has
        a Niro." -> "Has a Jazz."); the held X is returned to be closed. No slot holds X:
        an unnamed switch stays unnamed (the caller rejects it, ``nothing_to_replace``).
        """
        assert candidate.replaces is not None
        if _named(candidate.replaces, same_slot):
            return fact, same_slot, None
        unnamed = fact.predicate == UNNAMED_ATTRIBUTE
        pool = [
            f
            for f in _of_subject(current, fact.user_id, fact.scope, fact.subject)
            if f.predicate not in (fact.predicate, UNNAMED_ATTRIBUTE)
        ]
        held = _named(candidate.replaces, pool)
        if not held:
            return fact, same_slot, None
        old = max(held, key=lambda f: (f.valid_from, f.asserted_at))
        if same_slot and not unnamed:
            return fact, same_slot, old
        swapped = with_value(old.text, old.object, fact.object) if old.object else None
        text = fact.text if swapped is None else swapped
        anchor = _anchor(candidate, fact.asserted_at)
        moved = fact.model_copy(
            update={
                "predicate": old.predicate,
                "text": text,
                "single_valued": True if old.single_valued is None else old.single_valued,
                "attribute": old.attribute,  # the switch names no attribute: the slot's
                "fact_id": fact_id_for(
                    fact.user_id, fact.scope, fact.subject, old.predicate, fact.object, anchor
                ),
            }
        )
        slot = [f for f in pool if f.predicate == old.predicate]
        return moved, slot, None

    def _decide_held(
        self,
        candidate: CandidateFact,
        fact: Fact,
        same_slot: list[Fact],
        others: list[Fact],
        current: list[Fact],
        now: datetime,
    ) -> Decision:
        """The rest of ``decide``: a correction, a value held already, or a new value."""
        wrong = self._corrected(candidate, same_slot)
        if not wrong and (wrong := self._corrected(candidate, others)):
            # "I said Esbjerg last time but it's Odense": the right value takes the slot
            # of the wrong one, said in its words (#12); so does a correction whose
            # extractor named the attribute another way ("our town is X, not Y" for the
            # city Y): a correction revises the value held, in the slot it is held in
            fact, same_slot = self._in_slot_of(candidate, wrong[0], current, fact, now)
            wrong = self._corrected(candidate, same_slot)
        if not wrong and fact.predicate in _PEOPLE:
            # "Matteo, double t" after "Mateo", "Zoë" after "Zoe": the same person's name
            # spelt again, not a second child or pet; the old spelling was the mistake (#12)
            wrong = [f for f in same_slot if _respelt(f.object, fact.object)]
        if wrong:
            if len(wrong) == 1:
                fact = _with_corrected_part(candidate, fact, wrong[0])
            return self._correct(fact, wrong, same_slot, now)
        if fact.predicate == CORRECTION:
            return Decision(action="rejected", code="nothing_to_retract")
        held = self._held_value(fact, same_slot)
        if held is not None:
            return self._reconfirm(held, fact, now)
        if not self.is_single_valued(fact.predicate, fact.single_valued):
            return Decision(action="new", code="accumulated", fact=fact, write=True)
        if not same_slot:
            return Decision(action="new", code="new", fact=fact, write=True)
        old = max(same_slot, key=lambda f: (f.valid_from, f.asserted_at))
        ruling = supersedes(fact, old, margin=self.supersede_margin)
        if ruling.winner == "new":
            closed = tuple(_close(f, fact.valid_from, now) for f in same_slot)
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

    def _in_slot_of(
        self, candidate: CandidateFact, target: Fact, current: Iterable[Fact], fact: Fact,
        now: datetime,
    ) -> tuple[Fact, list[Fact]]:
        """``fact`` (a ``CORRECTION`` of ``target``'s value) rebuilt in ``target``'s slot,
        its text ``target``'s with the value replaced, and that slot's current facts."""
        swapped = with_value(target.text, target.object, fact.object)
        text = fact.text if swapped is None else swapped
        moved = candidate.model_copy(
            update={
                "predicate": target.predicate,
                "text": text,
                "kind": target.kind,
                "single_valued": target.single_valued,
                "attribute": target.attribute,
            }
        )
        rebuilt = self.to_fact(
            moved, user_id=fact.user_id, now=now, session_id=fact.session_id
        )
        same_slot = [
            f
            for f in _of_subject(current, rebuilt.user_id, rebuilt.scope, rebuilt.subject)
            if f.predicate == rebuilt.predicate
        ]
        return rebuilt, same_slot

    def reaches_other_slots(self, candidate: CandidateFact) -> bool:
        """Whether ``candidate`` may act on a value held under another predicate of its
        subject: a retraction naming its value, or a correction naming the wrong one (an
        extractor's predicate for "I left the choir" need not be the one "I sing in the
        choir" was stored under). The caller then passes the subject's facts as ``current``.

        Example:
            >>> gone = CandidateFact(kind="fact", predicate="membership", object="the choir",
            ...                      text="Left the choir.", polarity="retract")
            >>> WritePolicy().reaches_other_slots(gone)
            True
        """
        if candidate.corrects and candidate.corrects.strip():
            return True
        if candidate.replaces and candidate.replaces.strip():
            return True  # a switch: the old value may be held under another name
        predicate = normalize_predicate(candidate.predicate, self.predicate_aliases)
        if self._bare_head(candidate, predicate):
            return True  # "my plan is X" may name the phone_plan held
        return candidate.polarity.strip().lower() == "retract" and candidate.object.strip() not in (
            "",
            "*",
        )

    def _retract(
        self,
        candidate: CandidateFact,
        predicate: str,
        same_slot: Sequence[Fact],
        others: Sequence[Fact],
        now: datetime,
    ) -> Decision:
        """Close the current value(s) the retraction names; ``""``/``"*"``: all of the slot.

        The value may be named otherwise than it was stored (``_retracted``); a value named
        in no held fact of the slot is looked for under the subject's other predicates
        (``others``), by its name only. The window ends when the user said it ended (the
        candidate's ``valid_from``), else ``now``; never before the closed value began.
        """
        matches = self._retracted(candidate, predicate, same_slot)
        if not matches and others:
            matches = _named(candidate.object, others)
        if not matches:
            return Decision(action="rejected", code="nothing_to_retract")
        end = candidate.valid_from if candidate.valid_from and candidate.valid_from <= now else now
        closed = tuple(_close(f, end, now) for f in matches)
        return Decision(
            action="retracted", code="retracted", closed=closed, other=matches[0], write=True
        )

    def _retracted(
        self, candidate: CandidateFact, predicate: str, same_slot: Sequence[Fact]
    ) -> list[Fact]:
        """The held values of the slot a retraction names, however it names them, first rule
        that finds any:

        1. ``""``/``"*"``, or words that only name the slot itself ("my partner", "my gym
           membership", "the job"): whatever is current;
        2. the value by name: the same, a part of it ("Acme" for "Acme Corp"), or a longer
           description of it ("a dog named Rex" for "Rex");
        3. the retraction's own text names the held value ("Eats meat again; no longer
           vegan" for "vegan");
        4. the retraction's value is in a held fact's text ("cat" for "Has a cat named
           Marzipan.");
        5. a slot that holds one value at a time, named by a description with no name
           ("my job" for the employer): whatever is current.

        Accents are folded throughout ("chloe" names "Chloé").
        """
        target = candidate.object.strip()
        if target in ("", "*") or self._names_slot(target, predicate):
            return list(same_slot)
        named = _named(target, same_slot)
        if named:
            return named
        said = _terms(candidate.text)
        in_text = [f for f in same_slot if (t := _terms(f.object)) and t <= said]
        if in_text:
            return in_text
        terms = _terms(target)
        in_fact = [f for f in same_slot if terms and terms <= _terms(f.text)]
        if in_fact:
            return in_fact
        if (
            self.is_single_valued(predicate, candidate.single_valued)
            and re.match(r"(?:my|our|the)\s", target, re.IGNORECASE)
            and not any(w[:1].isupper() for w in target.split()[1:])
        ):
            return list(same_slot)
        return []

    def _names_slot(self, target: str, predicate: str) -> bool:
        """``target`` says nothing but the slot's own noun ("my gym membership" for
        ``gym``, "my husband" for ``partner``): the predicate's words and its aliases'."""
        terms = content_terms(target)
        if not terms:
            return False
        words = {predicate, *(a for a, p in self.predicate_aliases.items() if p == predicate)}
        noun = content_terms(" ".join(w.replace("_", " ") for w in words))
        return terms <= noun

    def _corrected(self, candidate: CandidateFact, same_slot: Sequence[Fact]) -> list[Fact]:
        """The held values a correction ("I meant X, not Y") says were a mistake."""
        if not candidate.corrects or not candidate.corrects.strip():
            return []
        if candidate.corrects.strip() == UNNAMED_WRONG:
            return _like_in_shape(candidate.object, same_slot)
        wrong = normalize_object(candidate.corrects)
        right = normalize_object(candidate.object)
        if not wrong or wrong == right:
            return []
        same = [f for f in same_slot if normalize_object(f.object) == wrong]
        if same:
            return same
        # the wrong value said shorter or longer than it is held ("March" for "5th of
        # March", "Mr Petrakis" for "Petrakis"), never the right value itself
        named = _named(candidate.corrects, same_slot)
        return [f for f in named if normalize_object(f.object) != right]

    def _correct(
        self, fact: Fact, wrong: Sequence[Fact], same_slot: Sequence[Fact], now: datetime
    ) -> Decision:
        """A belief revision: the mistaken values stop being believed (``expired_at=now``,
        ``verdict="inaccurate"``, no world-time window: they were never true) and ``fact``
        takes their place, from their start unless the correction gave its own."""
        stamp = {"verdict": "inaccurate", "at": now.isoformat(), "by": "correction"}
        marked = tuple(
            f.model_copy(
                update={
                    "expired_at": now,
                    "verdict": "inaccurate",
                    "verdicts": [*f.verdicts, stamp],
                }
            )
            for f in wrong
        )
        if not fact.time_stated:
            first = min(wrong, key=lambda f: f.valid_from)
            fact = fact.model_copy(
                update={"valid_from": first.valid_from, "time_stated": first.time_stated}
            )
        rest = [f for f in same_slot if all(f.fact_id != w.fact_id for w in wrong)]
        closed: tuple[Fact, ...] = marked
        held = self._held_value(fact, rest)
        if held is not None:  # X was held too: keep it, seen once more
            reconfirmed = self._reconfirm(held, fact, now).fact
            fact = reconfirmed if reconfirmed is not None else held
        elif self.is_single_valued(fact.predicate, fact.single_valued):
            closed += tuple(_close(f, fact.valid_from, now) for f in rest)
        return Decision(
            action="superseded",
            code="corrected",
            fact=fact,
            closed=closed,
            other=marked[0],
            write=True,
        )

    def _held_value(self, fact: Fact, same_slot: Sequence[Fact]) -> Fact | None:
        """The held fact that already says what ``fact`` says, if any.

        A person of a one-at-a-time relation described without a name ("a partner", "a
        wife") is already said by the person held under that predicate: "my wife and I ..."
        after "my wife Ana" confirms Ana, it does not replace her (#12)."""
        if (
            fact.predicate in _PEOPLE
            and same_slot
            and _DESCRIBED.match(fact.object)
            and self.is_single_valued(fact.predicate, fact.single_valued)
        ):
            return max(same_slot, key=lambda f: (f.valid_from, f.asserted_at))
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


def _fold(text: str) -> str:
    """``text`` without accents ("Chloé" -> "Chloe"), for matching a retraction's words."""
    return "".join(
        c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)
    )


def _respelt(held: str, said: str) -> bool:
    """True when ``said`` is ``held`` spelt another way: the two differ only in accents or
    in a doubled letter ("Zoe" / "Zoë", "Filip" / "Fillip", "Matteo" / "Mateo").

    Example:
        >>> _respelt("Zoe", "Zoë"), _respelt("Fillip", "Filip"), _respelt("Zoe", "Zoe")
        (True, True, False)
        >>> _respelt("Ana", "Ava")
        False
    """
    a, b = normalize_object(held), normalize_object(said)
    return a != b and _DOUBLED.sub(r"\1", _fold(a)) == _DOUBLED.sub(r"\1", _fold(b))


_DOUBLED = re.compile(r"([^\W\d_])\1+")
"""A letter written twice or more in a row, as one."""


def _terms(text: str) -> frozenset[str]:
    return content_terms(_fold(text))


def _with_corrected_part(candidate: CandidateFact, fact: Fact, held: Fact) -> Fact:
    """``fact`` as the held value with only its wrong part set right, when the correction
    names a part of it and the right value does not say the whole again ("I told you June
    for my birthday - it's July" of "23rd of June": "23rd of July"); else ``fact``.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> held = Fact(fact_id="f", user_id="u", kind="fact", subject="user",
        ...             predicate="birthday", object="23rd of June",
        ...             text="The user's birthday is 23rd of June.", valid_from=t, asserted_at=t)
        >>> said = CandidateFact(kind="fact", predicate="birthday", object="July",
        ...                      text="The user's birthday is July.", corrects="June")
        >>> _with_corrected_part(said, held.model_copy(update={"object": "July"}), held).object
        '23rd of July'
    """
    wrong, right = (candidate.corrects or "").strip(), fact.object.strip()
    if not wrong or wrong == UNNAMED_WRONG:
        return fact
    if normalize_object(wrong) == normalize_object(held.object):
        return fact
    value = with_part(held.object, wrong, right)
    if value is None or value == right:
        return fact  # not a part of it, or the right value says the whole again
    swapped = with_value(held.text, held.object, value)
    return fact.model_copy(
        update={
            "object": value,
            "text": swapped if swapped is not None else fact.text,
            "fact_id": fact_id_for(
                fact.user_id, fact.scope, fact.subject, fact.predicate, value,
                _anchor(candidate, fact.asserted_at),
            ),
        }
    )


def _named(target: str, held: Sequence[Fact]) -> list[Fact]:
    """The ``held`` facts whose value ``target`` names: the same value, a part of it
    ("Acme" for "Acme Corp"), a description containing it ("a dog named Rex"), or a
    phrase around a name word of it ("gym membership at Kettlebell"); accents folded."""
    value = _fold(normalize_object(target))
    same = [f for f in held if _fold(normalize_object(f.object)) == value]
    if same or value in ("", "*"):
        return same
    terms = _terms(target)
    if not terms:
        return []
    part = [f for f in held if terms <= _terms(f.object)]
    if part:
        return part
    within = [f for f in held if (t := _terms(f.object)) and t <= terms]
    if within:
        return within
    names = _terms(" ".join(w for w in target.split() if w[:1].isupper()))
    return [f for f in held if names and names <= _terms(f.object)]


def _shape(words: Sequence[str]) -> tuple[str, ...]:
    return tuple("9" if w[:1].isdigit() else "A" if w[:1].isupper() else "a" for w in words)


def _like_in_shape(value: str, held: Sequence[Fact]) -> list[Fact]:
    """The one held value of the user's that ``value`` corrects, when the correction named
    no wrong value (``UNNAMED_WRONG``): as many words, cased alike, not the same, and
    sharing a word ("B negative" for "O negative", "Dr Okafor" for "Dr Okonkwo") or spelt
    alike (a ``difflib`` ratio of 0.6 or more: "Lenzie" for "Lenzy", not "Niamh" for
    "Neve"); the most alike if only one is; else none.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(p, o):
        ...     return Fact(fact_id=p, user_id="u", kind="fact", subject="user", predicate=p,
        ...                 object=o, text=o, valid_from=t, asserted_at=t)
        >>> held = [f("blood_type", "O negative"), f("gym", "Basalt Climbing"), f("city", "Ely")]
        >>> [x.predicate for x in _like_in_shape("B negative", held)]
        ['blood_type']
        >>> _like_in_shape("Leeds", held), _like_in_shape("warm", held)
        ([], [])
    """
    words = value.split()
    if not words or len(words) > 4:
        return []
    mine = [w.casefold() for w in words]
    ranked: list[tuple[int, float, Fact]] = []
    for fact in held:
        if fact.subject != "user" or fact.holder != "user" or not fact.is_current:
            continue
        theirs = fact.object.split()
        if len(theirs) != len(words) or _shape(theirs) != _shape(words):
            continue
        low = [w.casefold() for w in theirs]
        if low == mine:
            continue
        shared = sum(a == b for a, b in zip(mine, low, strict=True))
        alike = difflib.SequenceMatcher(None, " ".join(mine), " ".join(low)).ratio()
        if shared or alike >= 0.6:
            ranked.append((shared, alike, fact))
    ranked.sort(key=lambda r: (-r[0], -r[1]))
    if not ranked or (len(ranked) > 1 and ranked[1][:2] == ranked[0][:2]):
        return []
    return [ranked[0][2]]


_PEOPLE = frozenset({"partner", "child", "pet", "parent", "sibling", "family_member"})
_NOT_NARROWED = frozenset({CORRECTION, UNNAMED_ATTRIBUTE, *_PEOPLE})
"""Predicates whose decisions read their slot in other ways (``WritePolicy.narrows``)."""
_DESCRIBED = re.compile(r"^\s*(?:a|an|one|my|our)\s+\S", re.IGNORECASE)
"""A person named by a description, not a name ("a wife", "an older brother")."""


def _of_subject(
    current: Iterable[Fact], user_id: str, scope: str | None, subject: str
) -> list[Fact]:
    """The current facts of ``current`` about ``subject`` of ``user_id`` in ``scope``: the
    slots a decision may act on."""
    return [
        f
        for f in current
        if f.is_current and f.user_id == user_id and f.scope == scope and f.subject == subject
    ]


def _anchor(candidate: CandidateFact, learned: datetime) -> str:
    """What makes a fact id distinct among values of one slot: the stated start, else the
    message it came from, else when it was learned."""
    if candidate.valid_from is not None:
        return candidate.valid_from.isoformat()
    if candidate.message_id:
        return f"msg:{candidate.message_id}"
    return learned.isoformat()


def _close(fact: Fact, end: datetime, now: datetime) -> Fact:
    """``fact`` as a closed version: true until ``end`` (never before it began), no longer
    believed current from ``now``. A value whose start was only assumed ("I live in Munich",
    dated when it was said) and that a stated earlier change replaced gets an empty window:
    ``valid_to == valid_from``, so ``as_of`` never shows it, ``believed_at`` still does."""
    return fact.model_copy(update={"valid_to": max(end, fact.valid_from), "expired_at": now})


def _append(items: list[str], item: str | None, *, keep: int = 200) -> list[str]:
    if not item or item in items:
        return list(items)
    return [*items, item][-keep:]
