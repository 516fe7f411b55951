"""Where ``FactMemory`` keeps things in a ``BaseStore``: namespaces, keys and the row codec.

Per user, under a configurable prefix (default ``("langmem_plus",)``)::

    (*prefix, user_id, "facts")     current facts only, text indexed (index=["text"])
    (*prefix, user_id, "history")   closed or retracted versions, never indexed (index=False)
    (*prefix, user_id, "profile")   "meta" (per-user version; its "log" holds the newest
                                    decisions, up to ``planner.LOG_TAIL``) and "rendered"
                                    (the profile row: text and profile facts of that
                                    version, kept by every write in the batch that bumps
                                    the version)
    (*prefix, user_id, "settings")  "memory" (on/off)
    (*prefix, user_id, "log")       decisions: time, action, fact_id, reason code; no text
                                    (a full tail or a remember_many step: one row, its
                                    "entries")

On a store that ranks (Qdrant without a dense model) a current row also carries ``search``
(the text BM25 indexes: the fact's words and its attribute's other names) and ``tier``
(``profile:<sig>`` for a fact recall takes from the profile row, else ``ranked``).

The key of a current row is deterministic from what the fact is *about*: a single-valued
predicate's row is keyed by its slot (user, scope, subject, predicate), so two racing
writers can only overwrite one key, never add a second current value; a multi-valued row is
keyed by slot and value, so the same allergy said twice at once is still one row. A history
row is keyed by its ``fact_id``. Moving a version from current to history is one
``batch``: the delete (or overwrite) of the current key drops its vector, and the history
row is written with ``index=False``, so a superseded fact leaves every retrieval path in the
same write.

Example:
    >>> layout = Layout(("langmem_plus",))
    >>> layout.facts("alice")
    ('langmem_plus', 'alice', 'facts')
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from langgraph.store.base import InvalidNamespaceError, Item

from langmem_plus.facts.models import Fact
from langmem_plus.facts.policy import normalize_object, slot_id
from langmem_plus.ids import uuid5_text

__all__ = [
    "EVERY_ROW",
    "FACT_INDEX",
    "SEARCH_INDEX",
    "Layout",
    "current_key",
    "decode_facts",
    "decode_trusted",
    "encode_fact",
]

FACT_INDEX = ["text"]
"""Fields of a current fact that an embedding/BM25-enabled store indexes."""

SEARCH_INDEX = ["search"]
"""What a store that ranks by BM25 indexes instead: the ``search`` text of a current row
(the fact's text, subject, predicate, value and the predicate's other names), so a request
that names the attribute ("where do I live?") finds a fact whose text does not say it."""

EVERY_ROW = "lmprow"
"""A word in every row's search text (and no language): a BM25 query that adds it matches
every row of its filter, the request's matches first. Recall's ranked query no longer adds
it (it returned rows only to drop them below the floor); rows keep it, so stores written
by either release read the same."""

_DATETIMES = ("valid_from", "valid_to", "asserted_at", "expired_at", "last_seen_at")
_REQUIRED = ("fact_id", "user_id", "kind", "subject", "predicate", "object", "text")
_FIELDS = tuple(Fact.model_fields)
_FIELD_SET = frozenset(_FIELDS)


def current_key(fact: Fact, *, single_valued: bool) -> str:
    """Key of the current row of ``fact``: its slot, plus its value when multi-valued.

    ``single_valued`` is the write policy's answer for the fact, *including* what the
    candidate declared for a predicate the policy does not know
    (``WritePolicy.is_single_valued(fact.predicate, fact.single_valued)``): a declared
    one-at-a-time attribute (a phone plan, a barber) then has one key per slot, so at most
    one current value, exactly like a built-in single-valued predicate. Another person's
    fact has its own subject (``person:sister``), so it never shares a key with the user's.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u1", kind="fact", subject="user",
        ...          predicate="barber", object="Sven", text="Goes to Sven.", valid_from=t,
        ...          asserted_at=t, single_valued=True)
        >>> kari = f.model_copy(update={"object": "Kari"})
        >>> current_key(f, single_valued=True) == current_key(kari, single_valued=True)
        True
        >>> current_key(f, single_valued=False) == current_key(kari, single_valued=False)
        False

    The keys of stored rows never change: a multi-valued row's is this uuid5.

        >>> slot = slot_id("u1", None, "user", "barber")
        >>> current_key(f, single_valued=False) == "value-" + str(
        ...     uuid.uuid5(uuid.UUID(slot), normalize_object("Sven")))
        True
    """
    slot = slot_id(fact.user_id, fact.scope, fact.subject, fact.predicate)
    if single_valued:
        return f"slot-{slot}"
    # uuid5_text is str(uuid.uuid5(...)) without the UUID objects (the keys never change)
    return f"value-{uuid5_text(uuid.UUID(slot), normalize_object(fact.object))}"


def encode_fact(fact: Fact, **extra: str) -> dict[str, Any]:
    """The stored value: the fact as JSON (the Qdrant store promotes its filter fields),
    plus ``extra`` fields that are not part of the fact (``search``, ``tier``: see
    ``langmem_plus.facts.planner``); decoding ignores them.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u1", kind="fact", subject="user",
        ...          predicate="city", object="Oslo", text="Lives in Oslo.", valid_from=t,
        ...          asserted_at=t)
        >>> row = encode_fact(f, search="Lives in Oslo. city live")
        >>> row["search"], decode_trusted(row) == f
        ('Lives in Oslo. city live', True)
    """
    value = fact.model_dump(mode="json")
    value.update(extra)
    return value


def _when(value: Any) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"not an ISO time: {value!r}")
    t = datetime.fromisoformat(value)
    if t.tzinfo is timezone.utc:  # what ``encode_fact`` writes ("...Z")
        return t
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


_set = object.__setattr__


def _construct(data: dict[str, Any]) -> Fact:
    """``Fact.model_construct(**data)`` for a row that holds every field (what
    ``encode_fact`` writes), without its per-field default handling: the recall hot path
    builds a few dozen of these per call. A row missing a field takes ``model_construct``
    and its defaults."""
    if data.keys() != _FIELD_SET:
        return Fact.model_construct(**data)
    return _built(data)


def _built(data: dict[str, Any]) -> Fact:
    """The ``Fact`` whose fields are exactly ``data`` (every field, already typed)."""
    fact = Fact.__new__(Fact)
    _set(fact, "__dict__", data)
    _set(fact, "__pydantic_fields_set__", set(data))
    _set(fact, "__pydantic_extra__", None)
    _set(fact, "__pydantic_private__", None)
    return fact


def decode_trusted(value: Mapping[str, Any]) -> Fact | None:
    """A fact from a row this package wrote (``encode_fact``), without pydantic validation:
    the fields are taken as stored, only the times are parsed. For the recall hot path;
    a row that lacks a required field or a parseable time falls back to full validation
    (and ``None`` when that fails too), so a hand-written row is never trusted blindly."""
    try:
        get = value.get
        for k in _REQUIRED:  # a loop, not all(<generator>): recall decodes ~20 rows a call
            if not isinstance(get(k), str):
                raise TypeError("missing field")
        data = dict(value)
        data.pop("search", None)
        data.pop("tier", None)
        whole = data.keys() == _FIELD_SET
        if not whole:  # an older or hand-written row: its fields only
            data = {k: value[k] for k in _FIELDS if k in value}
        for name in _DATETIMES:
            if data.get(name) is not None:  # absent or null stays as it is
                data[name] = _when(data[name])
        if data.get("valid_from") is None or data.get("asserted_at") is None:
            raise TypeError("missing time")
        return _built(data) if whole else _construct(data)
    except (TypeError, ValueError):
        try:
            return Fact.model_validate(value)
        except ValueError:
            return None


def decode_facts(items: Iterable[Item | None]) -> list[Fact]:
    """Facts from store items; rows that do not parse are skipped, never raised."""
    out: list[Fact] = []
    for item in items:
        if item is None:
            continue
        try:
            out.append(Fact.model_validate(item.value))
        except ValueError:
            continue
    return out


@dataclass(frozen=True)
class Layout:
    """Namespaces of one deployment (see module docstring)."""

    prefix: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.prefix or any(not isinstance(p, str) or not p or "." in p for p in self.prefix):
            raise InvalidNamespaceError(
                f"namespace_prefix {self.prefix!r} is not valid: use a non-empty tuple of "
                "non-empty labels without periods, e.g. ('langmem_plus',)"
            )
        if self.prefix[0] == "langgraph":
            raise InvalidNamespaceError(
                "namespace_prefix cannot start with 'langgraph' (reserved by LangGraph)"
            )

    def user(self, user_id: str) -> tuple[str, ...]:
        """Every namespace of ``user_id`` starts with this."""
        return (*self.prefix, user_id)

    def facts(self, user_id: str) -> tuple[str, ...]:
        """Current facts."""
        return (*self.prefix, user_id, "facts")

    def history(self, user_id: str) -> tuple[str, ...]:
        """Closed and retracted versions."""
        return (*self.prefix, user_id, "history")

    def profile(self, user_id: str) -> tuple[str, ...]:
        """The per-user version and the cached rendered profile."""
        return (*self.prefix, user_id, "profile")

    def settings(self, user_id: str) -> tuple[str, ...]:
        """Memory on/off."""
        return (*self.prefix, user_id, "settings")

    def log(self, user_id: str) -> tuple[str, ...]:
        """The decision log."""
        return (*self.prefix, user_id, "log")
