"""Pure mapping between LangGraph items/filters and Qdrant points/filters.

* A point's id is a UUID derived from (namespace, key), so a put is an idempotent upsert.
* The payload keeps the namespace three ways (joined, every prefix, labels) so namespace
  prefix search is one keyword match at a segment boundary; ``value`` holds the item.
* Fact fields found in a value (``user_id``, ``predicate``, ``valid_to``, ...) are copied to
  the top level, where they carry payload indexes, so "current facts of user X" is an
  engine filter.
* LangGraph filters become engine filters where Qdrant's semantics match exactly; the rest
  (dict/list equality, string ranges) are checked in Python by ``matches_filter``.

Example:
    >>> p = build_payload(("users", "alice"), "k1", {"user_id": "alice", "x": 1},
    ...                   created_at=1.0, updated_at=2.0, ttl_minutes=None)
    >>> p["ns_prefixes"], p["user_id"]
    (['users', 'users.alice'], 'alice')
"""

from __future__ import annotations

import functools
import json
import math
import uuid
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from langgraph.store.base import Item, SearchItem

from langmem_plus.errors import ValueNotSerializableError
from langmem_plus.stores.calls import Condition, IsEmpty, Match, Range, Where

__all__ = [
    "FACT_FIELDS",
    "INDEXED_FIELDS",
    "build_payload",
    "item_from_payload",
    "live_filter",
    "matches_filter",
    "namespace_filter",
    "point_id",
    "translate_filter",
]

_ID_NAMESPACE = uuid.UUID("6f1c8a3e-2b7d-4f0a-9c1e-5d4b3a2f1e0d")

FACT_FIELDS: tuple[str, ...] = (
    "fact_id",
    "user_id",
    "scope",
    "kind",
    "subject",
    "predicate",
    "object",
    "valid_from",
    "valid_to",
    "asserted_at",
    "expired_at",
)
"""Value fields promoted to the top of the payload (when scalar) and indexed."""

_DATETIME_FIELDS = frozenset({"valid_from", "valid_to", "asserted_at", "expired_at"})

INDEXED_FIELDS: dict[str, str] = {
    "ns": "keyword",
    "ns_prefixes": "keyword",
    "key": "keyword",
    "updated_at": "float",
    "expires_at": "float",
    **{f: ("datetime" if f in _DATETIME_FIELDS else "keyword") for f in FACT_FIELDS},
}
"""Payload indexes every collection/shard gets: field -> schema."""

TENANT_FIELD = "user_id"


@functools.lru_cache(maxsize=65_536)
def point_id(namespace: tuple[str, ...], key: str) -> str:
    """Deterministic point id for an item: the same (namespace, key) always maps to it.
    Memoised: the per-user rows every recall reads (setting, version, session) repeat."""
    return str(uuid.uuid5(_ID_NAMESPACE, json.dumps([list(namespace), key])))


def join_namespace(namespace: tuple[str, ...]) -> str:
    """Labels never contain '.', so the dotted form is unambiguous."""
    return ".".join(namespace)


def _ensure_json(namespace: tuple[str, ...], key: str, value: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise ValueNotSerializableError(
            f"value for key {key!r} in namespace {namespace!r} is not JSON-serialisable "
            f"({exc}); store plain dicts, lists, strings, numbers, booleans and None "
            "(convert datetimes with .isoformat(), models with .model_dump(mode='json'))"
        ) from exc


def build_payload(
    namespace: tuple[str, ...],
    key: str,
    value: Mapping[str, Any],
    *,
    created_at: float,
    updated_at: float,
    ttl_minutes: float | None,
) -> dict[str, Any]:
    """The Qdrant payload for one item. Raises ``ValueNotSerializableError`` first."""
    clean = _ensure_json(namespace, key, value)
    payload: dict[str, Any] = {
        "ns": join_namespace(namespace),
        "ns_prefixes": [join_namespace(namespace[: i + 1]) for i in range(len(namespace))],
        "key": key,
        "value": clean,
        "created_at": created_at,
        "updated_at": updated_at,
    }
    if ttl_minutes is not None:  # absent, not null: fewer keys per point on the hot path
        payload["ttl_minutes"] = ttl_minutes
        payload["expires_at"] = updated_at + ttl_minutes * 60.0
    for name in FACT_FIELDS:
        v = clean.get(name)
        if isinstance(v, (str, int, float, bool)):
            payload[name] = v
    return payload


def _dt(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, tz=timezone.utc)


def item_from_payload(
    payload: Mapping[str, Any], score: float | None = None, *, search: bool = False
) -> Item:
    """Rebuild a LangGraph ``Item`` (or ``SearchItem``) from a stored payload."""
    namespace = tuple(payload["ns"].split("."))  # labels never contain "."
    if search:
        return SearchItem(
            namespace=namespace,
            key=payload["key"],
            value=payload["value"],
            created_at=_dt(payload["created_at"]),
            updated_at=_dt(payload["updated_at"]),
            score=score,
        )
    return Item(
        value=payload["value"],
        key=payload["key"],
        namespace=namespace,
        created_at=_dt(payload["created_at"]),
        updated_at=_dt(payload["updated_at"]),
    )


def is_expired(payload: Mapping[str, Any], now: float) -> bool:
    exp = payload.get("expires_at")
    return exp is not None and exp <= now


def live_filter(now: float) -> Where:
    """Items that have not expired: no expiry, or expiry in the future."""
    return Where(should=(IsEmpty("expires_at"), Range("expires_at", gt=now)))


def namespace_filter(prefix: tuple[str, ...]) -> Condition | None:
    """Prefix match on whole labels (``("foo",)`` never matches ``("foobar",)``)."""
    if not prefix:
        return None
    return Match("ns_prefixes", join_namespace(prefix))


# ---- LangGraph filter -> engine filter + Python residual ---------------------------------

_OPS = {"$eq", "$ne", "$gt", "$gte", "$lt", "$lte"}


def _field_path(key: str) -> str | None:
    """The payload path a value key maps to, or None if a path cannot express it."""
    if key in FACT_FIELDS:
        return key
    if not key or any(c in key for c in '.[]"') or key.strip() != key:
        return None
    return f"value.{key}"


def _number(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    f = float(v)
    return f if math.isfinite(f) else None


def _eq_condition(path: str, v: Any) -> Condition | None:
    if v is None:
        return IsEmpty(path)
    if isinstance(v, bool):
        # Qdrant Edge reads a Python bool as the integer 1/0, and LangGraph's `True == 1`
        # semantics differ from Qdrant's typed match anyway: compare in Python.
        return None
    if isinstance(v, str):
        return Match(path, v)
    n = _number(v)
    if n is not None:
        return Range(path, gte=n, lte=n)
    return None


def _one(path: str, op: str, v: Any) -> tuple[list[Condition], list[Condition]] | None:
    """(must, must_not) for one operator, or None when Qdrant cannot express it exactly."""
    if op == "$eq":
        c = _eq_condition(path, v)
        return None if c is None else ([c], [])
    if op == "$ne":
        c = _eq_condition(path, v)
        return None if c is None else ([], [c])
    n = _number(v)
    if n is None:
        return None
    bound = {"$gt": "gt", "$gte": "gte", "$lt": "lt", "$lte": "lte"}[op]
    return [Range(path, **{bound: n})], []


def translate_filter(
    flt: Mapping[str, Any] | None,
) -> tuple[list[Condition], list[Condition], dict[str, Any]]:
    """Split a LangGraph filter into engine ``must``/``must_not`` and a Python residual."""
    must: list[Condition] = []
    must_not: list[Condition] = []
    residual: dict[str, Any] = {}
    for key, spec in (flt or {}).items():
        path = _field_path(key)
        if isinstance(spec, dict) and any(k.startswith("$") for k in spec):
            parts = [(op, v) for op, v in spec.items()]
            if path is None or any(op not in _OPS for op, _ in parts):
                residual[key] = spec
                continue
            pieces = [_one(path, op, v) for op, v in parts]
            if any(p is None for p in pieces):
                residual[key] = spec
                continue
            for p in pieces:
                assert p is not None
                must.extend(p[0])
                must_not.extend(p[1])
            continue
        cond = None if path is None else _eq_condition(path, spec)
        if cond is None:
            residual[key] = spec
        else:
            must.append(cond)
    return must, must_not, residual


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
            and all(_compare(a, b) for a, b in zip(item_value, filter_value, strict=False))
        )
    return bool(item_value == filter_value)


def _apply(value: Any, op: str, operand: Any) -> bool:
    if op == "$eq":
        return bool(value == operand)
    if op == "$ne":
        return bool(value != operand)
    if op not in _OPS:
        raise ValueError(f"unsupported filter operator {op!r}: use one of {sorted(_OPS)}")
    try:
        a, b = float(value), float(operand)
    except (TypeError, ValueError):
        return False
    return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]


def matches_filter(value: Mapping[str, Any], flt: Mapping[str, Any]) -> bool:
    """LangGraph's filter semantics, for the parts Qdrant cannot express exactly."""
    return all(_compare(value.get(k), v) for k, v in flt.items())
