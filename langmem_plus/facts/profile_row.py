"""What the profile row keeps whole, and what it keeps slim (#14).

A bounded section (Interests, Notes, Attributes: ``RetrievalPolicy.max_interests``,
``max_notes``, ``max_attributes``) shows a few of the user's values; the rest are ranked
like any fact.
The profile row keeps the shown values whole, since recall sends them as they are, and of
the others only a slim record: what bounding reads (``SLIM_FIELDS``), so a write that
changes the section picks again without reading them, while recall reads and decodes only
what it may send and finds the others through the ranked query, like any fact. A user with
a hundred hobbies then costs recall and a write what a user with eight does.

Example:
    >>> from datetime import datetime, timedelta, timezone
    >>> from langmem_plus.facts.layout import encode_fact
    >>> from langmem_plus.facts.models import Fact
    >>> from langmem_plus.facts.retrieval import RetrievalPolicy
    >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    >>> def hobby(i):
    ...     return Fact(fact_id=f"h{i}", user_id="u", kind="fact", subject="user",
    ...                 predicate="hobby", object=f"hobby {i}", text=f"Does hobby {i}.",
    ...                 valid_from=t + timedelta(days=i), asserted_at=t + timedelta(days=i))
    >>> entries = {f"k{i}": encode_fact(hobby(i)) for i in range(12)}
    >>> split = split_bounded(RetrievalPolicy(max_interests=3), entries, set())
    >>> sorted(split.shown), len(split.left)
    (['k10', 'k11', 'k9'], 9)
    >>> slim(entries["k0"], hobby(0), "interest")["order"] == [-t.timestamp()] * 2
    True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from langmem_plus.facts.layout import decode_trusted
from langmem_plus.facts.models import Fact
from langmem_plus.facts.profile import bound_order, in_profile
from langmem_plus.facts.retrieval import RetrievalPolicy

Bound = Literal["interest", "note", "attribute"]

SLIM_FIELDS = ("fact_id", "predicate", "object")
"""The fields of a stored fact that its slim record keeps, beside its place in its
section's order (``order``, ``profile.bound_order``) and its section (``bound``): what
bounding ranks and renders. A slim record is only ever made of a current user-level value
(``bound_of``), and any write that changes the fact rewrites its entry, so nothing else
needs keeping."""


class SlimValue(NamedTuple):
    """A slim record read back: what a section renders (``profile.Ranked``) and its
    ``bound_order``."""

    fact_id: str
    predicate: str
    object: str
    order: tuple[float, float, str]


def bound_of(policy: RetrievalPolicy, fact: Fact) -> Bound | None:
    """The bounded section ``fact`` competes in, for a user-level current fact; ``None``
    for every other fact (always kept whole). The rule of ``RetrievalPolicy.select``."""
    if fact.scope is not None or not fact.is_current:
        return None
    if in_profile(fact, policy.profile_predicates):
        return policy.bounded_of(fact)
    return "attribute" if policy.is_attribute(fact) else None


def slim(value: Mapping[str, Any], fact: Fact, bound: Bound) -> dict[str, Any]:
    """The slim record of a stored fact ``value`` (``fact``, decoded) beyond the bound of
    its section."""
    out = {k: value[k] for k in SLIM_FIELDS}
    out["order"] = list(bound_order(fact)[:2])
    out["bound"] = bound
    return out


def _read_slim(value: Mapping[str, Any]) -> tuple[Bound, SlimValue] | None:
    """A slim record as written by ``slim``; ``None`` for anything else (the entry is then
    in neither set of the split, and not kept: it is never sent whole)."""
    bound = value.get("bound")
    order = value.get("order")
    fid, predicate, obj = value.get("fact_id"), value.get("predicate"), value.get("object")
    if bound not in ("interest", "note", "attribute") or not isinstance(order, list):
        return None
    if not (isinstance(fid, str) and isinstance(predicate, str) and isinstance(obj, str)):
        return None
    if len(order) != 2 or not all(isinstance(x, (int, float)) for x in order):
        return None
    return bound, SlimValue(fid, predicate, obj, (float(order[0]), float(order[1]), fid))


def _order(value: Fact | SlimValue) -> tuple[float, float, str]:
    return value.order if isinstance(value, SlimValue) else bound_order(value)


@dataclass(frozen=True)
class Split:
    """The keys of the bounded values shown (kept whole), and the slim records of those
    left (by key: the record read, or one made of the whole value)."""

    shown: frozenset[str]
    left: Mapping[str, Mapping[str, Any]]


def split_bounded(
    policy: RetrievalPolicy,
    entries: Mapping[str, Mapping[str, Any]],
    slim_keys: Collection[str],
    decoded: Mapping[str, Fact] | None = None,
) -> Split:
    """Which bounded values of the profile row's ``entries`` (key to stored value; those
    in ``slim_keys`` are slim records) the profile shows, by the policy's bounds, and which
    it leaves for ranking, as slim records. ``decoded`` holds facts of whole entries
    already decoded. An entry that is neither (not bounded, or unreadable) is in neither."""
    groups: dict[Bound, list[tuple[str, Fact | SlimValue]]] = {
        "interest": [],
        "note": [],
        "attribute": [],
    }
    for key, value in entries.items():
        if key in slim_keys:
            read = _read_slim(value)
            if read is not None:
                groups[read[0]].append((key, read[1]))
            continue
        fact = (decoded or {}).get(key) or decode_trusted(value)
        bound = bound_of(policy, fact) if fact is not None else None
        if bound is not None and fact is not None:
            groups[bound].append((key, fact))
    shown: set[str] = set()
    left: dict[str, Mapping[str, Any]] = {}
    for bound, rows in groups.items():
        if not rows:
            continue
        key_of = {id(rank): key for key, rank in rows}
        picked, others = policy.pick_bound(bound, [rank for _, rank in rows], _order)
        shown.update(key_of[id(r)] for r in picked)
        for rank in others:
            key = key_of[id(rank)]
            if isinstance(rank, SlimValue):
                left[key] = entries[key]  # slim already
            else:
                left[key] = slim(entries[key], rank, bound)
    return Split(frozenset(shown), left)
