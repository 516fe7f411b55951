"""Engine-neutral descriptions of what the store asks Qdrant to do.

The planning core (``base.py``) builds these without any I/O; each engine
(``engines/edge.py``, ``engines/client.py``) only translates and executes them. Filters
are small immutable trees so the same plan runs on Qdrant Edge and on a Qdrant server.

Example:
    >>> f = Where(must=(Match("ns_prefixes", "users"), IsEmpty("expires_at")))
    >>> f.must[0].key
    'ns_prefixes'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

__all__ = [
    "Call",
    "Condition",
    "Count",
    "Delete",
    "DeleteByFilter",
    "EmbedDocuments",
    "EmbedQueries",
    "Facet",
    "HasId",
    "HasVector",
    "IsEmpty",
    "Match",
    "PointData",
    "Prefix",
    "Query",
    "Range",
    "Record",
    "Retrieve",
    "Scroll",
    "SetPayload",
    "Sparse",
    "Upsert",
    "Where",
]


@dataclass(frozen=True)
class Match:
    """Payload field equals ``value`` (for an array field: any element equals it)."""

    key: str
    value: str | int | bool


@dataclass(frozen=True)
class Prefix:
    """Keyword payload field starts with ``prefix`` (an engine that says it has a prefix
    index on the field: Qdrant Edge's ``ns``)."""

    key: str
    prefix: str


@dataclass(frozen=True)
class Range:
    """Numeric payload field within bounds."""

    key: str
    gt: float | None = None
    gte: float | None = None
    lt: float | None = None
    lte: float | None = None


@dataclass(frozen=True)
class IsEmpty:
    """Payload field missing, null or an empty array."""

    key: str


@dataclass(frozen=True)
class HasVector:
    """Point has the named vector."""

    name: str


@dataclass(frozen=True)
class HasId:
    """Point id is one of ``ids``."""

    ids: tuple[str, ...]


@dataclass(frozen=True)
class Where:
    """A boolean filter: all of ``must``, none of ``must_not``, at least one of ``should``."""

    must: tuple[Condition, ...] = ()
    must_not: tuple[Condition, ...] = ()
    should: tuple[Condition, ...] = ()


Condition = Union[Match, Prefix, Range, IsEmpty, HasVector, HasId, Where]  # noqa: UP007


@dataclass(frozen=True)
class Sparse:
    """A sparse vector (BM25 term weights)."""

    indices: list[int]
    values: list[float]


@dataclass
class PointData:
    """A point to upsert. ``dense`` holds one vector per indexed text (max-pooled)."""

    id: str
    payload: dict[str, Any]
    dense: list[list[float]] | None = None
    sparse: Sparse | None = None


@dataclass
class Record:
    """A point read back: id, payload and (for queries) a score."""

    id: str
    payload: dict[str, Any]
    score: float | None = None


# ---- calls -------------------------------------------------------------------------------


@dataclass
class Retrieve:
    """Points by id; ``fields``: only these payload keys (None: the whole payload)."""

    ids: list[str]
    fields: tuple[str, ...] | None = None


@dataclass
class Scroll:
    """Points matching ``filter``, newest ``updated_at`` first, at most ``limit`` (None: all).
    ``fits``: the caller expects every match to fit in ``limit`` (a slot of one user's
    facts), so an engine may read the payloads in the same call as the matches; a page
    that overflows then costs its payloads twice."""

    filter: Where | None
    limit: int | None
    fits: bool = False


@dataclass
class Count:
    filter: Where | None


@dataclass
class Query:
    """Nearest points by dense and/or sparse vector; with both, fused by RRF.
    ``fields``: only these payload keys (None: the whole payload)."""

    filter: Where | None
    limit: int
    dense: list[float] | None = None
    sparse: Sparse | None = None
    fields: tuple[str, ...] | None = None


@dataclass
class Facet:
    """Distinct values of a keyword field among points matching ``filter``."""

    key: str
    filter: Where | None
    limit: int


@dataclass
class Upsert:
    points: list[PointData]


@dataclass
class Delete:
    ids: list[str]


@dataclass
class DeleteByFilter:
    filter: Where


@dataclass
class SetPayload:
    """Set payload keys on the given points; points deleted meanwhile are skipped."""

    ids: list[str]
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass
class EmbedDocuments:
    texts: list[str]


@dataclass
class EmbedQueries:
    texts: list[str]


Call = Union[  # noqa: UP007
    Retrieve,
    Scroll,
    Count,
    Query,
    Facet,
    Upsert,
    Delete,
    DeleteByFilter,
    SetPayload,
    EmbedDocuments,
    EmbedQueries,
]
