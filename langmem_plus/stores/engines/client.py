"""qdrant-client engine: a Qdrant server or cluster by URL, or qdrant-client's local mode.

``ClientPlanner`` turns each planner call into one client method call (name, kwargs, and a
converter for the answer); ``SyncClientEngine`` and ``AsyncClientEngine`` only make that
call, so the translation exists once. Collections are created on first use with the same
vectors, sparse BM25 (IDF modifier) and payload indexes as an Edge shard; an existing
collection with other vector settings is an error that says what differs.
"""

from __future__ import annotations

import functools
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from qdrant_client import AsyncQdrantClient, QdrantClient
from qdrant_client import models as m

from langmem_plus.errors import StoreConfigMismatchError
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
    Prefix,
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
from langmem_plus.stores.payload import INDEXED_FIELDS, TENANT_FIELD

__all__ = ["AsyncClientEngine", "ClientPlanner", "SyncClientEngine"]

_DISTANCES = {"cosine": m.Distance.COSINE, "dot": m.Distance.DOT, "euclid": m.Distance.EUCLID}
_SCHEMAS: dict[str, Any] = {
    "keyword": m.PayloadSchemaType.KEYWORD,
    "float": m.PayloadSchemaType.FLOAT,
    "datetime": m.PayloadSchemaType.DATETIME,
}


def _condition(c: Condition) -> Any:
    if isinstance(c, Match):
        return m.FieldCondition(key=c.key, match=m.MatchValue(value=c.value))
    if isinstance(c, Range):
        return m.FieldCondition(key=c.key, range=m.Range(gt=c.gt, gte=c.gte, lt=c.lt, lte=c.lte))
    if isinstance(c, IsEmpty):
        return m.IsEmptyCondition(is_empty=m.PayloadField(key=c.key))
    if isinstance(c, HasVector):
        return m.HasVectorCondition(has_vector=c.name)
    if isinstance(c, HasId):
        return m.HasIdCondition(has_id=list(c.ids))
    if isinstance(c, Prefix):  # the store asks only an engine with a prefix index
        raise TypeError(f"the server engine has no prefix index on {c.key!r}")
    return _filter(c)


def _filter(w: Where | None) -> m.Filter | None:
    if w is None:
        return None
    return m.Filter(
        must=[_condition(c) for c in w.must] or None,
        must_not=[_condition(c) for c in w.must_not] or None,
        should=[_condition(c) for c in w.should] or None,
    )


def _sparse(s: Sparse) -> m.SparseVector:
    return m.SparseVector(indices=s.indices, values=s.values)


def _vectors(p: PointData) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if p.dense:
        out["dense"] = p.dense
    if p.sparse is not None:
        out["bm25"] = _sparse(p.sparse)
    return out


def _records(points: Any) -> list[Record]:
    return [Record(id=str(p.id), payload=p.payload or {}) for p in points]


@dataclass
class Step:
    """One client call: ``method(**kwargs)``, then ``convert(answer)``.

    ``before`` is an optional step whose answer feeds ``kwargs`` (scroll needs a count first).
    """

    method: str
    kwargs: dict[str, Any]
    convert: Callable[[Any], Any]


class ClientPlanner:
    """Translates planner calls into qdrant-client calls for one collection."""

    def __init__(self, collection: str, *, dims: int | None, distance: str) -> None:
        self.collection = collection
        self.dims = dims
        self.distance = distance

    # -- collection set-up, as steps -----------------------------------------------------

    def exists(self) -> Step:
        return Step("collection_exists", {"collection_name": self.collection}, bool)

    def describe(self) -> Step:
        return Step("get_collection", {"collection_name": self.collection}, lambda info: info)

    def create(self) -> Step:
        vectors: dict[str, m.VectorParams] = {}
        if self.dims:
            vectors["dense"] = m.VectorParams(
                size=self.dims,
                distance=_DISTANCES[self.distance],
                multivector_config=m.MultiVectorConfig(comparator=m.MultiVectorComparator.MAX_SIM),
            )
        return Step(
            "create_collection",
            {
                "collection_name": self.collection,
                "vectors_config": vectors,
                "sparse_vectors_config": {"bm25": m.SparseVectorParams(modifier=m.Modifier.IDF)},
            },
            lambda _: None,
        )

    def indexes(self) -> list[Step]:
        steps = []
        for name, schema in INDEXED_FIELDS.items():
            field_schema: Any = _SCHEMAS[schema]
            if name == TENANT_FIELD:
                field_schema = m.KeywordIndexParams(type=m.KeywordIndexType.KEYWORD, is_tenant=True)
            steps.append(
                Step(
                    "create_payload_index",
                    {
                        "collection_name": self.collection,
                        "field_name": name,
                        "field_schema": field_schema,
                        "wait": True,
                    },
                    lambda _: None,
                )
            )
        return steps

    def check(self, info: Any) -> None:
        """Raise ``StoreConfigMismatchError`` if the collection's vectors differ from ours."""
        params = info.config.params
        vectors = params.vectors if isinstance(params.vectors, dict) else {}
        sparse = params.sparse_vectors or {}
        problems = []
        dense = vectors.get("dense")
        if self.dims and dense is None:
            problems.append("it has no 'dense' vector but the index config has dims")
        elif not self.dims and dense is not None:
            problems.append(
                f"it has a dense vector of size {dense.size} but no embed is configured"
            )
        elif dense is not None:
            if dense.size != self.dims:
                problems.append(f"dense size is {dense.size}, asked {self.dims}")
            if dense.distance != _DISTANCES[self.distance]:
                problems.append(f"distance is {dense.distance}, asked {self.distance}")
        if "bm25" not in sparse:
            problems.append("it has no 'bm25' sparse vector")
        if problems:
            raise StoreConfigMismatchError(
                f"collection {self.collection!r} was created with another config: "
                + "; ".join(problems)
                + ". Use the same index config, or a new collection_name and re-put the items."
            )

    # -- planner calls -------------------------------------------------------------------

    def steps(self, call: Call) -> list[Step]:
        c = self.collection
        if isinstance(call, Retrieve):
            return [
                Step(
                    "retrieve",
                    {
                        "collection_name": c,
                        "ids": call.ids,
                        "with_payload": list(call.fields) if call.fields is not None else True,
                        "with_vectors": False,
                    },
                    _records,
                )
            ]
        if isinstance(call, Count):
            return [
                Step(
                    "count",
                    {"collection_name": c, "count_filter": _filter(call.filter), "exact": True},
                    lambda r: r.count,
                )
            ]
        if isinstance(call, Scroll):
            return [
                Step(
                    "scroll",
                    {
                        "collection_name": c,
                        "scroll_filter": _filter(call.filter),
                        "limit": call.limit,
                        "with_payload": True,
                        "with_vectors": False,
                        "order_by": m.OrderBy(key="updated_at", direction=m.Direction.DESC),
                    },
                    lambda r: _records(r[0]),
                )
            ]
        if isinstance(call, Query):
            return [self._query(call)]
        if isinstance(call, Facet):
            return [
                Step(
                    "facet",
                    {
                        "collection_name": c,
                        "key": call.key,
                        "facet_filter": _filter(call.filter),
                        "limit": call.limit,
                        "exact": True,
                    },
                    lambda r: [str(h.value) for h in r.hits],
                )
            ]
        if isinstance(call, Upsert):
            points = [
                m.PointStruct(id=p.id, vector=_vectors(p), payload=p.payload) for p in call.points
            ]
            return [
                Step(
                    "upsert", {"collection_name": c, "points": points, "wait": True}, lambda _: None
                )
            ]
        if isinstance(call, Delete):
            return [
                Step(
                    "delete",
                    {
                        "collection_name": c,
                        "points_selector": m.PointIdsList(points=list(call.ids)),
                        "wait": True,
                    },
                    lambda _: None,
                )
            ]
        if isinstance(call, DeleteByFilter):
            selector = m.FilterSelector(filter=_filter(call.filter) or m.Filter())
            return [
                Step(
                    "delete",
                    {"collection_name": c, "points_selector": selector, "wait": True},
                    lambda _: None,
                )
            ]
        if isinstance(call, SetPayload):
            if not call.ids:
                return []
            only = m.Filter(must=[m.HasIdCondition(has_id=list(call.ids))])
            return [
                Step(
                    "set_payload",
                    {"collection_name": c, "payload": call.payload, "points": only, "wait": True},
                    lambda _: None,
                )
            ]
        raise TypeError(f"the client engine cannot execute {type(call).__name__}")

    def _query(self, call: Query) -> Step:
        flt = _filter(call.filter)
        convert = lambda r: [  # noqa: E731
            Record(id=str(p.id), payload=p.payload or {}, score=float(p.score)) for p in r.points
        ]
        kwargs: dict[str, Any] = {
            "collection_name": self.collection,
            "limit": max(call.limit, 1),
            "query_filter": flt,
            "with_payload": list(call.fields) if call.fields is not None else True,
        }
        if call.dense is not None and call.sparse is not None:
            pre = max(call.limit * 4, 50)
            kwargs["prefetch"] = [
                m.Prefetch(query=[call.dense], using="dense", filter=flt, limit=pre),
                m.Prefetch(query=_sparse(call.sparse), using="bm25", filter=flt, limit=pre),
            ]
            kwargs["query"] = m.FusionQuery(fusion=m.Fusion.RRF)
        elif call.dense is not None:
            kwargs["query"] = [call.dense]
            kwargs["using"] = "dense"
        else:
            assert call.sparse is not None
            kwargs["query"] = _sparse(call.sparse)
            kwargs["using"] = "bm25"
        return Step("query_points", kwargs, convert)


def _quietly(fn: Callable[[], Any]) -> Any:
    # Local mode warns that payload indexes have no effect there; that is expected.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return fn()


class SyncClientEngine:
    """Runs planner calls through a blocking ``QdrantClient``."""

    def __init__(self, client: QdrantClient, planner: ClientPlanner, *, owns_client: bool) -> None:
        self.client = client
        self.planner = planner
        self._owns = owns_client
        self._lock = threading.RLock()  # local mode is not thread-safe; a server does not mind
        self._ready = False

    def _run(self, step: Step) -> Any:
        return step.convert(getattr(self.client, step.method)(**step.kwargs))

    def setup(self) -> None:
        with self._lock:
            if self._ready:
                return
            if self._run(self.planner.exists()):
                self.planner.check(self._run(self.planner.describe()))
            else:
                self._run(self.planner.create())
                for step in self.planner.indexes():
                    _quietly(functools.partial(self._run, step))
            self._ready = True

    def execute(self, call: Call) -> Any:
        self.setup()
        with self._lock:
            if isinstance(call, Scroll) and call.limit is None:
                call.limit = self._run(self.planner.steps(Count(call.filter))[0])
            if isinstance(call, Scroll) and not call.limit:
                return []
            result = None
            for step in self.planner.steps(call):
                result = self._run(step)
            return result

    def close(self) -> None:
        if self._owns:
            self.client.close()


class AsyncClientEngine:
    """Runs planner calls through an ``AsyncQdrantClient``."""

    def __init__(
        self, client: AsyncQdrantClient, planner: ClientPlanner, *, owns_client: bool
    ) -> None:
        self.client = client
        self.planner = planner
        self._owns = owns_client
        self._ready = False

    async def _run(self, step: Step) -> Any:
        return step.convert(await getattr(self.client, step.method)(**step.kwargs))

    async def setup(self) -> None:
        if self._ready:
            return
        if await self._run(self.planner.exists()):
            self.planner.check(await self._run(self.planner.describe()))
        else:
            await self._run(self.planner.create())
            for step in self.planner.indexes():
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)
                    await self._run(step)
        self._ready = True

    async def execute(self, call: Call) -> Any:
        await self.setup()
        if isinstance(call, Scroll) and call.limit is None:
            call.limit = await self._run(self.planner.steps(Count(call.filter))[0])
        if isinstance(call, Scroll) and not call.limit:
            return []
        result = None
        for step in self.planner.steps(call):
            result = await self._run(step)
        return result

    async def close(self) -> None:
        if self._owns:
            await self.client.close()
