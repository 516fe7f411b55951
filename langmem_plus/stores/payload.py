"""Pure mapping between LangGraph items/filters and Qdrant points/filters.

* A point's id is a UUID derived from (namespace, key), so a put is an idempotent upsert.
* The payload keeps the namespace joined (``ns``). On an engine whose ``ns`` index
  matches prefixes (a Qdrant Edge shard this release created: ``prefix_index=True``) that
  is all: a namespace prefix search is "``ns`` is the prefix, or starts with it and a
  dot". Elsewhere (a Qdrant server, an Edge shard made before) the payload also keeps the
  proper prefixes (``ns_prefixes``: absent for one label, one string for two, a list for
  more), and the search is "``ns`` is the prefix, or ``ns_prefixes`` holds it", two
  keyword matches at segment boundaries. Rows written before issue 14's write work also
  hold the whole namespace in ``ns_prefixes`` (always a list); either filter matches
  them, since every row has its ``ns``. Measured on Qdrant Edge 0.9, the binding
  converts a string by first failing to read it as a bool, an unsigned and a signed
  integer and a float (~30k instructions, as much as the rest of the point), a list costs
  as much again, and every indexed value one more index update: a two-label namespace's
  full list cost a put about a fifth of its time.
* ``doc`` holds the item's key and value as one compact JSON text, ``[key, value]``, the one
  copy reads return (the key is not a payload key of its own: nothing filters on it, and
  each string costs the binding ~30k instructions, see below). A row written before this
  has ``doc`` = the value alone and the key under ``key``; reads take either. The
  engine converts every payload value it is given (measured on Qdrant Edge 0.9: ~3 us a
  string, ~6 us a list or dict, and ~3 us more per payload index it updates), so it gets
  only what it filters on: the fact fields found in a value (``user_id``, ``predicate``,
  ``valid_to``, ...) at the top level, where they carry payload indexes, so "current facts
  of user X" is an engine filter. No other key of the value is copied: a LangGraph filter on
  one (``{"status": "active"}``) is decided by ``matches_filter`` on the decoded value, the
  engine narrowing by namespace and the fact fields only.
* A store written before ``doc`` existed has the whole value under ``value``; reads take
  it from there (``stored_value``). A store written between the two releases also has the
  value's top-level scalars under ``value``; nothing reads them any more.
* A LangGraph filter keeps LangGraph's meaning (docs/store.md, "Filters"). The engine narrows
  the candidates with conditions every match passes, and decides a key alone where its
  semantics are exact (a string on a promoted fact field); the rest (array vs scalar,
  ``$ne``, string ranges, dict/list equality) is checked in Python by ``matches_filter``.
* Every value passes ``values.validate_value`` first (JSON only, depth, size, integer range).
* ``created_at`` is left out of a row's first write (the store's put planning drops it): its
  creation time is its ``updated_at``, and the engine converts one float fewer per point
  (#14). A rewrite carries the first write's time. Rows written before keep theirs.

Example:
    >>> p = build_payload(("users", "alice"), "k1", {"user_id": "alice", "x": 1},
    ...                   created_at=1.0, updated_at=2.0, ttl_minutes=None)
    >>> p["ns"], p["ns_prefixes"], p["user_id"], p["doc"], "x" in p
    ('users.alice', 'users', 'alice', '["k1",{"user_id":"alice","x":1}]', False)
    >>> stored_row(p)
    ('k1', {'user_id': 'alice', 'x': 1})
"""

from __future__ import annotations

import functools
import json
import math
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from typing import Any

from langgraph.store.base import Item, SearchItem

from langmem_plus.ids import uuid5_text
from langmem_plus.stores.calls import Condition, IsEmpty, Match, Prefix, Range, Where
from langmem_plus.stores.values import encode_trusted, encode_value, has_lone_surrogate

__all__ = [
    "FACT_FIELDS",
    "INDEXED_FIELDS",
    "READ_FIELDS",
    "build_payload",
    "expired",
    "item_from_payload",
    "matches_filter",
    "namespace_filter",
    "point_id",
    "split_namespace",
    "stored_row",
    "stored_value",
    "translate_filter",
]

_ID_NAMESPACE = uuid.UUID("6f1c8a3e-2b7d-4f0a-9c1e-5d4b3a2f1e0d")

FACT_FIELDS: tuple[str, ...] = (
    "fact_id",
    "user_id",
    "scope",
    "subject",
    "predicate",
    "valid_to",
    "expired_at",
)
"""Value fields promoted to the top of the payload (when scalar) and indexed: the ones
filters narrow on ("current facts of user X in scope Y", a slot, a fact by id). A fact's
``object``, ``valid_from`` and ``asserted_at`` were promoted too before issue 14; nothing
filters on them in the engine (time questions are answered in Python), and each cost every
write a conversion and an index update, so they are only in ``doc`` now (a filter on them
is decided by ``matches_filter``; old rows keep their copies, unread). ``kind`` went the
same way in the next step of issue 14: no read filters on it in the engine (a LangGraph
filter on it is decided on the decoded value, as on any other key)."""

READ_FIELDS: tuple[str, ...] = (  # "key": rows written before the key moved into "doc"
    "ns", "key", "doc", "value", "created_at", "updated_at", "ttl_minutes", "expires_at",
)  # fmt: skip
"""The payload keys a read turns into an ``Item`` (``item_from_payload``, ``is_expired``,
the TTL refresh; ``value``: a store written before ``doc``). A get or a search asks the
engine for these only: the promoted fact fields and ``ns_prefixes`` are there for the
engine's filters, and converting them to Python objects for every row read cost recall
about a tenth of its engine time (#14)."""

_PROMOTED = frozenset(FACT_FIELDS)
_DATETIME_FIELDS = frozenset({"valid_to", "expired_at"})

INDEXED_FIELDS: dict[str, str] = {
    "ns": "keyword",
    "ns_prefixes": "keyword",
    "updated_at": "float",
    "expires_at": "float",
    **{f: ("datetime" if f in _DATETIME_FIELDS else "keyword") for f in FACT_FIELDS},
}
"""Payload indexes every collection/shard gets: field -> schema. ``key`` is stored but not
indexed (nothing filters on it; a store made before kept its index, which costs only
writes)."""

TENANT_FIELD = "user_id"


@functools.lru_cache(maxsize=65_536)
def point_id(namespace: tuple[str, ...], key: str) -> str:
    """Deterministic point id for an item: the same (namespace, key) always maps to it,
    ``uuid5`` of ``json.dumps([list(namespace), key])`` (built here from the same string
    encoder). Memoised: the per-user rows every recall reads (setting, version, session)
    repeat.

    >>> point_id(("users", "alice"), "k1") == str(
    ...     uuid.uuid5(_ID_NAMESPACE, json.dumps([["users", "alice"], "k1"])))
    True
    """
    if type(key) is str and all(type(label) is str for label in namespace):
        name = f"[[{', '.join(map(_quoted, namespace))}], {_quoted(key)}]"
    else:
        name = json.dumps([list(namespace), key])
    return uuid5_text(_ID_NAMESPACE, name)


_quoted = json.encoder.encode_basestring_ascii  # what json.dumps writes for a str


def join_namespace(namespace: tuple[str, ...]) -> str:
    """Labels never contain '.', so the dotted form is unambiguous."""
    return ".".join(namespace)


@functools.lru_cache(maxsize=4_096)
def split_namespace(joined: str) -> tuple[str, ...]:
    """Inverse of ``join_namespace``; ``""`` is ``()`` (no label is ever empty). Memoised:
    the rows one read returns share a namespace or a few."""
    return tuple(joined.split(".")) if joined else ()


@functools.lru_cache(maxsize=65_536)
def _namespace_fields(namespace: tuple[str, ...]) -> tuple[str, str | tuple[str, ...] | None]:
    """``ns`` and the stored form of ``ns_prefixes`` of a namespace: its proper prefixes,
    ``None`` for a single label, a string for two labels (the binding converts a string
    in half the work of a list of one), else a tuple. Memoised: a user's rows share a
    few."""
    proper = tuple(join_namespace(namespace[: i + 1]) for i in range(len(namespace) - 1))
    stored: str | tuple[str, ...] | None = None
    if len(proper) == 1:
        stored = proper[0]
    elif proper:
        stored = proper
    return join_namespace(namespace), stored


def build_payload(
    namespace: tuple[str, ...],
    key: str,
    value: Mapping[str, Any],
    *,
    created_at: float,
    updated_at: float,
    ttl_minutes: float | None,
    prefixes: bool = True,
    trusted: bool = False,
) -> dict[str, Any]:
    """The Qdrant payload for one item (see the module docstring for its fields);
    ``prefixes=False``: without ``ns_prefixes``, for an engine whose ``ns`` index matches
    prefixes (``namespace_filter(..., by_prefix=True)`` finds the row then);
    ``trusted``: the caller built ``value`` from checked parts (``values.encode_trusted``).

    >>> sorted(build_payload(("users", "alice"), "k1", {"x": 1}, created_at=1.0,
    ...                      updated_at=1.0, ttl_minutes=None, prefixes=False))
    ['created_at', 'doc', 'ns', 'updated_at']

    Raises:
        ValueNotSerializableError: ``value`` breaks a rule of ``values.validate_value``
            (checked first, for every engine).
    """
    # checks the key too
    text = (encode_trusted if trusted else encode_value)(namespace, key, value)
    joined, above = _namespace_fields(namespace)
    payload: dict[str, Any] = {
        "ns": joined,
        "doc": f"[{_key_text(key)},{text}]",
        "created_at": created_at,
        "updated_at": updated_at,
    }
    if above is not None and prefixes:
        payload["ns_prefixes"] = above if type(above) is str else list(above)
    if ttl_minutes is not None:  # absent, not null: fewer keys per point on the hot path
        payload["ttl_minutes"] = ttl_minutes
        payload["expires_at"] = updated_at + ttl_minutes * 60.0
    decoded: dict[str, Any] | None = None
    for name in FACT_FIELDS:  # one pass, no copy: most values hold a few of them or none
        if name not in value:
            continue
        v = value[name]
        t = type(v)
        if t in _SCALAR:
            payload[name] = v
        elif v is not None and t not in _CONTAINERS:
            if decoded is None:
                decoded = json.loads(text)  # a subclass (an enum, ...) as its JSON value
            v = decoded[name]
            if v is not None and not isinstance(v, (dict, list)):
                payload[name] = v
    return payload


_SCALAR = frozenset({str, int, float, bool})
_CONTAINERS = frozenset({dict, list, tuple})
_key_text = json.encoder.encode_basestring  # a str as JSON, non-ASCII kept (as encode_value)


def _json_loads() -> Callable[[str], Any]:
    """``orjson.loads`` where it is installed (it is wherever ``langchain-core`` is, through
    ``langsmith``, on CPython), else ``json.loads``. A ``doc`` is JSON that
    ``values.encode_value`` wrote (valid Unicode, finite floats, signed 64-bit integers),
    on which both give the same value; orjson takes about a quarter of the time, and
    recall decodes a few dozen docs a call (#14)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - PyPy, or a trimmed install
        return json.loads

    fast = orjson.loads

    def loads(text: str) -> Any:
        try:
            return fast(text)
        except orjson.JSONDecodeError:  # anything orjson refuses, json decides as before
            return json.loads(text)

    return loads


_loads = _json_loads()


def stored_row(payload: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The item's key and value from a stored payload, in any layout this package wrote:
    ``doc`` = ``[key, value]``; ``doc`` = the value with the key under ``key`` (rows
    written before the key moved into ``doc``); the whole value under ``value`` (before
    ``doc`` existed). A value is always a JSON object, so the two ``doc`` forms never
    look alike."""
    doc = payload.get("doc")
    if isinstance(doc, str):
        decoded = _loads(doc)
        if type(decoded) is list:
            return decoded[0], decoded[1]
        return payload["key"], decoded
    old = payload.get("value")
    return payload["key"], old if isinstance(old, dict) else {}


def stored_value(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The item's value from a stored payload (``stored_row`` without the key)."""
    return stored_row(payload)[1]


def _dt(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, tz=timezone.utc)


def item_from_payload(
    payload: Mapping[str, Any],
    score: float | None = None,
    *,
    search: bool = False,
    row: tuple[str, dict[str, Any]] | None = None,
) -> Item:
    """Rebuild a LangGraph ``Item`` (or ``SearchItem``) from a stored payload; ``row`` is
    the payload's ``stored_row`` when the caller has already decoded it."""
    namespace = split_namespace(payload["ns"])
    key, value = row if row is not None else stored_row(payload)
    updated = payload["updated_at"]
    created = payload.get("created_at", updated)
    created_at = _dt(created)
    updated_at = created_at if updated == created else _dt(updated)  # a row never rewritten
    if search:
        return SearchItem(
            namespace=namespace,
            key=key,
            value=value,
            created_at=created_at,
            updated_at=updated_at,
            score=score,
        )
    return Item(
        value=value,
        key=key,
        namespace=namespace,
        created_at=created_at,
        updated_at=updated_at,
    )


def is_expired(payload: Mapping[str, Any], now: float) -> bool:
    exp = payload.get("expires_at")
    return exp is not None and exp <= now


def expired(now: float) -> Range:
    """Items that have expired, for a filter's ``must_not``: what every read leaves out.
    ``expires_at`` is only ever a number the store wrote, so "not at or before now" is
    "no expiry, or expiry in the future", said as one flat condition rather than a nested
    ``should`` filter: the engine checks it and the filter converts to the engine's form
    faster, ~10-25 us of every search (#14)."""
    return Range("expires_at", lte=now)


def namespace_filter(prefix: tuple[str, ...], *, by_prefix: bool = False) -> Condition | None:
    """Prefix match on whole labels (``("foo",)`` never matches ``("foobar",)``): the
    namespace itself (``ns``) or one below it: ``ns`` starting with the prefix and a dot
    (``by_prefix``: the engine's ``ns`` index matches prefixes; labels never contain a
    dot), else ``ns_prefixes`` holding it (which in rows written before issue 14's write
    work also holds the namespace itself).

    >>> namespace_filter(("users", "alice")).should
    (Match(key='ns', value='users.alice'), Match(key='ns_prefixes', value='users.alice'))
    >>> namespace_filter(("users",), by_prefix=True).should
    (Match(key='ns', value='users'), Prefix(key='ns', prefix='users.'))
    """
    if not prefix:
        return None
    joined = join_namespace(prefix)
    if by_prefix:
        return Where(should=(Match("ns", joined), Prefix("ns", joined + ".")))
    return Where(should=(Match("ns", joined), Match("ns_prefixes", joined)))


# ---- LangGraph filter -> engine filter + Python residual ---------------------------------
#
# The meaning is LangGraph's (docs/store.md, "Filters"): equality is JSON equality (a scalar
# never equals an array that contains it, ``True`` is not ``1``), ``$ne`` is its exact
# negation, a missing key reads as null, ranges compare numbers as numbers and strings as
# text (code-point order, as PostgresStore with the C collation) and match nothing else.
#
# The engine only narrows: for each filter key on a promoted fact field it gets conditions
# that every matching item passes. Where those conditions are also exact (a string on a
# promoted fact field, which only ever holds a scalar), the key is done in the engine;
# otherwise, and for every key that is not a fact field, it is checked in Python by
# ``matches_filter``.

_RANGES = {"$gt": "gte", "$gte": "gte", "$lt": "lte", "$lte": "lte"}
_OPS = {"$eq", "$ne", *_RANGES}


def _field_path(key: str) -> str | None:
    """The payload path a value key maps to: a promoted fact field's own; ``None`` for any
    other key, which only ``doc`` holds (``matches_filter`` decides it)."""
    return key if key in _PROMOTED else None


def _real(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _number(v: Any) -> float | None:
    if not _real(v):
        return None
    try:
        f = float(v)
    except OverflowError:
        return None
    return f if math.isfinite(f) else None


def _eq_narrowing(key: str, path: str, v: Any) -> tuple[Condition | None, bool]:
    """(a condition every item equal to ``v`` passes, whether it is exact)."""
    if isinstance(v, str):
        if has_lone_surrogate(v):
            return None, False
        # A promoted fact field holds only scalars, so a keyword match there is equality.
        return Match(path, v), key in FACT_FIELDS and key not in _DATETIME_FIELDS
    if v is None:
        return IsEmpty(path), False  # IsEmpty also matches [] (and, promoted, any non-scalar)
    n = _number(v)
    if n is not None and key not in _DATETIME_FIELDS:
        return Range(path, gte=n, lte=n), False  # Edge reads a stored bool as 0/1
    return None, False


def _key_narrowing(key: str, spec: Any) -> tuple[list[Condition], bool]:
    """Engine conditions for one filter key, and whether they decide it exactly."""
    path = _field_path(key)
    if path is None:
        return [], False
    if not (isinstance(spec, dict) and any(k.startswith("$") for k in spec)):
        cond, exact = _eq_narrowing(key, path, spec)
        return ([cond] if cond is not None else []), exact
    if any(op not in _OPS for op in spec):
        return [], False  # the residual check raises the error LangGraph's stores raise
    must: list[Condition] = []
    exact = True
    for op, v in spec.items():
        if op == "$eq":
            cond, eq_exact = _eq_narrowing(key, path, v)
            exact = exact and eq_exact
            if cond is not None:
                must.append(cond)
            continue
        exact = False  # $ne and ranges are decided in Python
        n = _number(v) if op in _RANGES else None
        if n is not None and key not in _DATETIME_FIELDS:
            # Inclusive bounds stay a superset even when float rounding merges two values.
            must.append(Range(path, **{_RANGES[op]: n}))
    return must, exact


def translate_filter(
    flt: Mapping[str, Any] | None,
) -> tuple[list[Condition], list[Condition], dict[str, Any]]:
    """Split a LangGraph filter into engine ``must``/``must_not`` and a Python residual.

    Every item the filter matches passes the engine conditions; the residual holds the keys
    the engine cannot decide exactly, to be checked with ``matches_filter``.

    Example:
        >>> must, must_not, residual = translate_filter({"user_id": "alice", "tags": "x"})
        >>> [c.key for c in must], residual
        (['user_id'], {'tags': 'x'})
    """
    must: list[Condition] = []
    residual: dict[str, Any] = {}
    for key, spec in (flt or {}).items():
        conditions, exact = _key_narrowing(key, spec)
        must.extend(conditions)
        if not exact:
            residual[key] = spec
    return must, [], residual


def _same(a: Any, b: Any) -> bool:
    """JSON equality, as jsonb's ``=``: ``1 == 1.0``, but ``True`` is not ``1`` and a
    scalar is not an array."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _real(a) and _real(b):
        return bool(a == b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if type(a) is not type(b) and not (isinstance(a, str) and isinstance(b, str)):
        return False
    return bool(a == b)


def _compare(item_value: Any, filter_value: Any) -> bool:
    if isinstance(filter_value, dict):
        if any(k.startswith("$") for k in filter_value):
            return all(_apply(item_value, op, v) for op, v in filter_value.items())
        if not isinstance(item_value, dict):
            return False
        return all(_compare(item_value.get(k), v) for k, v in filter_value.items())
    if isinstance(filter_value, (list, tuple)):
        return (
            isinstance(item_value, (list, tuple))
            and len(item_value) == len(filter_value)
            and all(_compare(a, b) for a, b in zip(item_value, filter_value, strict=True))
        )
    return _same(item_value, filter_value)


def _apply(value: Any, op: str, operand: Any) -> bool:
    if op == "$eq":
        return _same(value, operand)
    if op == "$ne":
        return not _same(value, operand)
    if op not in _OPS:
        raise ValueError(f"unsupported filter operator {op!r}: use one of {sorted(_OPS)}")
    if _real(value) and _real(operand):
        a, b = value, operand
    elif isinstance(value, str) and isinstance(operand, str):
        a, b = value, operand
    else:
        return False  # missing, null, or another type: no order (PostgresStore: NULL)
    if op == "$gt":
        return bool(a > b)
    if op == "$gte":
        return bool(a >= b)
    if op == "$lt":
        return bool(a < b)
    return bool(a <= b)


def matches_filter(value: Mapping[str, Any], flt: Mapping[str, Any]) -> bool:
    """LangGraph's filter semantics on a stored value, for what the engine cannot decide.

    Example:
        >>> matches_filter({"tags": ["x", "y"]}, {"tags": "x"})
        False
        >>> matches_filter({"valid_to": "2024-07-01"}, {"valid_to": {"$gt": "2024-06-30"}})
        True
    """
    return all(_compare(value.get(k), v) for k, v in flt.items())
