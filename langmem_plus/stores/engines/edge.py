"""Qdrant Edge engine: the real Qdrant engine in-process, persistent at a path.

Layout of ``path``: ``shard/`` (the Edge shard) and ``store.json`` (the index settings it was
created with, checked on every open so a mismatch is an error, not a corrupted store).
Calls are serialised by a lock: Edge calls take well under a millisecond.
"""

from __future__ import annotations

import json
import os
import threading
from typing import Any

import qdrant_edge as qe

from langmem_plus.errors import StoreConfigMismatchError, StoreInUseError
from langmem_plus.stores.calls import (
    Call,
    Condition,
    Count,
    Delete,
    DeleteByFilter,
    Facet,
    HasId,
    HasVector,
    IsEmpty,
    Match,
    PointData,
    Query,
    Range,
    Record,
    Retrieve,
    Scroll,
    SetPayload,
    Sparse,
    Upsert,
    Where,
)
from langmem_plus.stores.payload import INDEXED_FIELDS

__all__ = ["EdgeEngine"]

_DISTANCES = {"cosine": qe.Distance.Cosine, "dot": qe.Distance.Dot, "euclid": qe.Distance.Euclid}
_SCHEMAS = {
    "keyword": qe.PayloadSchemaType.Keyword,
    "float": qe.PayloadSchemaType.Float,
    "datetime": qe.PayloadSchemaType.Datetime,
}
_FORMAT_VERSION = 1


def _condition(c: Condition) -> Any:
    if isinstance(c, Match):
        return qe.FieldCondition(c.key, match=qe.MatchValue(c.value))
    if isinstance(c, Range):
        return qe.FieldCondition(c.key, range=qe.RangeFloat(gt=c.gt, gte=c.gte, lt=c.lt, lte=c.lte))
    if isinstance(c, IsEmpty):
        return qe.IsEmptyCondition(c.key)
    if isinstance(c, HasVector):
        return qe.HasVectorCondition(c.name)
    if isinstance(c, HasId):
        return qe.HasIdCondition(set(c.ids))
    return _filter(c)


def _filter(w: Where | None) -> Any:
    if w is None:
        return None
    return qe.Filter(
        must=[_condition(c) for c in w.must] or None,
        must_not=[_condition(c) for c in w.must_not] or None,
        should=[_condition(c) for c in w.should] or None,
    )


def _sparse(s: Sparse) -> Any:
    return qe.SparseVector(indices=s.indices, values=s.values)


def _vectors(p: PointData) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if p.dense:
        out["dense"] = p.dense
    if p.sparse is not None:
        out["bm25"] = _sparse(p.sparse)
    return out


class EdgeEngine:
    """Executes planner calls on a Qdrant Edge shard stored under ``path``."""

    def __init__(self, path: str | os.PathLike[str], *, dims: int | None, distance: str) -> None:
        self.path = os.fspath(path)
        self._lock = threading.RLock()
        settings = {"format": _FORMAT_VERSION, "dims": dims, "distance": distance if dims else None}
        meta_path = os.path.join(self.path, "store.json")
        shard_path = os.path.join(self.path, "shard")
        if os.path.exists(meta_path):
            with open(meta_path, encoding="utf-8") as fh:
                existing = json.load(fh)
            differs = {k: (existing.get(k), v) for k, v in settings.items() if existing.get(k) != v}
            if differs:
                detail = ", ".join(
                    f"{k}: stored {a!r}, asked {b!r}" for k, (a, b) in differs.items()
                )
                raise StoreConfigMismatchError(
                    f"the store at {self.path!r} was created with another index config ({detail}); "
                    "open it with the same 'dims'/'distance', or choose a new path and re-put "
                    "the items"
                )
            try:
                self._shard = qe.EdgeShard.load(shard_path)
            except Exception as exc:
                if "WouldBlock" in str(exc):
                    raise StoreInUseError(
                        f"the store at {self.path!r} is already open in another QdrantStore "
                        "(in this process or another one); Qdrant Edge allows one owner per "
                        "path: share one store object, close the other first, or use a Qdrant "
                        "server (url=) for several processes"
                    ) from exc
                raise
        else:
            os.makedirs(self.path, exist_ok=True)
            vectors = None
            if dims:
                vectors = {
                    "dense": qe.EdgeVectorParams(
                        size=dims,
                        distance=_DISTANCES[distance],
                        multivector_config=qe.MultiVectorConfig(qe.MultiVectorComparator.MaxSim),
                    )
                }
            config = qe.EdgeConfig(
                vectors=vectors,
                sparse_vectors={"bm25": qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            )
            self._shard = qe.EdgeShard.create(shard_path, config)
            for name, schema in INDEXED_FIELDS.items():
                self._shard.update(qe.UpdateOperation.create_field_index(name, _SCHEMAS[schema]))
            with open(meta_path, "w", encoding="utf-8") as fh:
                json.dump(settings, fh)

    def close(self) -> None:
        with self._lock:
            if self._shard is not None:
                self._shard.flush()
                self._shard.close()
                self._shard = None  # type: ignore[assignment]

    def execute(self, call: Call) -> Any:
        with self._lock:
            if self._shard is None:
                raise RuntimeError(f"the store at {self.path!r} is closed")
            return self._execute(self._shard, call)

    def _execute(self, shard: Any, call: Call) -> Any:
        if isinstance(call, Retrieve):
            if not call.ids:
                return []
            recs = shard.retrieve(call.ids, with_payload=True, with_vector=False)
            return [Record(id=str(r.id), payload=r.payload or {}) for r in recs]
        if isinstance(call, Count):
            return shard.count(qe.CountRequest(filter=_filter(call.filter), exact=True))
        if isinstance(call, Scroll):
            return self._scroll(shard, call)
        if isinstance(call, Query):
            return self._query(shard, call)
        if isinstance(call, Facet):
            resp = shard.facet(
                qe.FacetRequest(call.key, limit=call.limit, exact=True, filter=_filter(call.filter))
            )
            return [str(h.value) for h in resp.hits]
        if isinstance(call, Upsert):
            points = [qe.Point(p.id, _vectors(p), p.payload) for p in call.points]
            shard.update(qe.UpdateOperation.upsert_points(points))
            return None
        if isinstance(call, Delete):
            shard.update(qe.UpdateOperation.delete_points(list[Any](call.ids)))
            return None
        if isinstance(call, DeleteByFilter):
            shard.update(qe.UpdateOperation.delete_points_by_filter(_filter(call.filter)))
            return None
        if isinstance(call, SetPayload):
            if call.ids:
                only = qe.Filter(must=[qe.HasIdCondition(set(call.ids))])
                shard.update(qe.UpdateOperation.set_payload_by_filter(only, call.payload))
            return None
        raise TypeError(f"the Edge engine cannot execute {type(call).__name__}")

    def _scroll(self, shard: Any, call: Scroll) -> list[Record]:
        """Newest first. When every match fits in the page (the common case: one user's
        facts), an unordered scroll sorted here is cheaper than the engine's order_by."""
        flt = _filter(call.filter)
        total = shard.count(qe.CountRequest(filter=flt, exact=True))
        limit = total if call.limit is None else min(call.limit, total)
        if limit <= 0:
            return []
        if limit == total:
            recs, _ = shard.scroll(qe.ScrollRequest(limit=total, filter=flt, with_payload=True))
            rows = [Record(id=str(r.id), payload=r.payload or {}) for r in recs]
            rows.sort(key=lambda r: r.payload.get("updated_at", 0.0), reverse=True)
            return rows
        recs, _ = shard.scroll(
            qe.ScrollRequest(
                limit=limit,
                filter=flt,
                with_payload=True,
                order_by=qe.OrderBy("updated_at", qe.Direction.Desc),
            )
        )
        return [Record(id=str(r.id), payload=r.payload or {}) for r in recs]

    def _query(self, shard: Any, call: Query) -> list[Record]:
        flt = _filter(call.filter)
        if call.limit <= 0:
            return []
        dense = qe.Query.Nearest([call.dense], using="dense") if call.dense is not None else None
        sparse = (
            qe.Query.Nearest(_sparse(call.sparse), using="bm25")
            if call.sparse is not None
            else None
        )
        if dense is not None and sparse is not None:
            request = qe.QueryRequest(
                limit=call.limit,
                prefetches=[
                    qe.Prefetch(limit=max(call.limit * 4, 50), query=dense, filter=flt),
                    qe.Prefetch(limit=max(call.limit * 4, 50), query=sparse, filter=flt),
                ],
                query=qe.Fusion.Rrf(k=60),  # type: ignore[arg-type]
                filter=flt,
                with_payload=True,
            )
        else:
            request = qe.QueryRequest(
                limit=call.limit, query=dense or sparse, filter=flt, with_payload=True
            )
        return [
            Record(id=str(p.id), payload=p.payload or {}, score=float(p.score))
            for p in shard.query(request)
        ]
