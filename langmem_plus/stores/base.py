"""The planning core shared by ``QdrantStore`` and ``AsyncQdrantStore``; it does no I/O.

``BaseQdrantStore._plan_batch`` is a generator: it yields engine-neutral calls
(``calls.py``) and receives their results, so the sync store drives it with blocking calls
and the async store with awaits, and the logic exists once. A batch is validated
completely (namespaces, JSON values) before its first call; reads run before writes; the
last put to a key wins, as in LangGraph's own stores.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Mapping
from typing import Any, cast

from langgraph.store.base import (
    GetOp,
    IndexConfig,
    InvalidNamespaceError,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    TTLConfig,
    ensure_embeddings,
    get_text_at_path,
    tokenize_path,
    validate_op_namespace,
)
from qdrant_edge import Bm25

from langmem_plus.errors import EmbeddingDimensionError
from langmem_plus.stores.calls import (
    Call,
    Condition,
    Delete,
    DeleteByFilter,
    EmbedDocuments,
    EmbedQueries,
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
from langmem_plus.stores.config import QdrantIndexConfig, normalize_distance
from langmem_plus.stores.payload import (
    READ_FIELDS,
    build_payload,
    expired,
    is_expired,
    item_from_payload,
    matches_filter,
    namespace_filter,
    point_id,
    split_namespace,
    stored_row,
    translate_filter,
)
from langmem_plus.stores.values import has_lone_surrogate

__all__ = ["BaseQdrantStore", "Plan"]

Plan = Generator[Call, Any, list[Result]]

_FACET_LIMIT = 1_000_000


class _Bm25Model:
    """Qdrant's own BM25 (``qdrant_edge.Bm25``), in-process, nothing downloaded."""

    def __init__(self) -> None:
        self._model = Bm25()

    def document(self, text: str) -> Sparse | None:
        return self._to_sparse(self._model.embed_document(text))

    def query(self, text: str) -> Sparse | None:
        return self._to_sparse(self._model.embed_query(text))

    @staticmethod
    def _to_sparse(vec: Any) -> Sparse | None:
        indices, values = list(vec.indices), list(vec.values)
        if not indices:
            return None
        return Sparse(indices=indices, values=values)


class BaseQdrantStore:
    """Holds configuration and plans batches; subclasses only execute calls."""

    supports_ttl: bool = True
    ttl_config: TTLConfig | None = None
    index_config: IndexConfig | None

    def _configure(self, index: QdrantIndexConfig | None, ttl: TTLConfig | None) -> None:
        self.ttl_config = ttl
        self.index_config = cast("IndexConfig | None", dict(index) if index else None)
        cfg: Mapping[str, Any] = index or {}
        embed = cfg.get("embed")
        self.embeddings = ensure_embeddings(embed) if embed is not None else None
        if self.embeddings is not None and not cfg.get("dims"):
            raise ValueError("index config has 'embed' but no 'dims': set dims to the model's size")
        self.dims: int | None = int(cfg["dims"]) if self.embeddings is not None else None
        self.distance = normalize_distance(cfg.get("distance") or cfg.get("distance_type"))
        self.lexical: bool = bool(cfg.get("lexical", self.embeddings is None)) if index else False
        self.hybrid: bool = bool(cfg.get("hybrid", False)) and self.embeddings is not None
        if self.hybrid:
            self.lexical = True
        fields = cfg.get("fields") or ["$"]
        self._fields = [(p, tokenize_path(p)) if p != "$" else (p, p) for p in fields]
        self._bm25 = _Bm25Model()

    def _prefix_index(self) -> bool:
        """Whether the engine's ``ns`` index matches prefixes (an Edge shard this release
        made): rows are then written without ``ns_prefixes`` and a namespace prefix is
        filtered on ``ns`` alone (``payload.namespace_filter``). A subclass answers for
        its engine; the default is the layout every engine reads."""
        return False

    # ---- planning ----------------------------------------------------------------------

    def _plan_batch(self, ops: Iterable[Op]) -> Plan:
        ops = list(ops)
        for op in ops:
            _validate_op(op)
        now = time.time()
        results: list[Result] = [None] * len(ops)
        puts: dict[tuple[tuple[str, ...], str], PutOp] = {}
        gets: list[tuple[int, GetOp]] = []
        searches: list[tuple[int, SearchOp]] = []
        for i, op in enumerate(ops):
            if isinstance(op, PutOp):
                puts.pop((op.namespace, op.key), None)
                puts[(op.namespace, op.key)] = op
            elif isinstance(op, GetOp):
                gets.append((i, op))
            elif isinstance(op, SearchOp):
                searches.append((i, op))
            elif isinstance(op, ListNamespacesOp):
                pass
            else:
                raise TypeError(f"unknown operation type {type(op).__name__}: {op!r}")
        # Every value is checked before the first call, so a bad value never half-applies.
        prefixes = not self._prefix_index()
        payloads = {
            k: build_payload(
                k[0],
                k[1],
                op.value,
                created_at=now,
                updated_at=now,
                ttl_minutes=op.ttl,
                prefixes=prefixes,
                trusted=getattr(op, "trusted", False) is True,
            )
            for k, op in puts.items()
            if op.value is not None
        }
        refresh: dict[float, set[str]] = {}

        if gets:
            yield from self._plan_gets(gets, results, now, refresh)
        for i, sop in searches:
            results[i] = yield from self._plan_search(sop, now, refresh)
        for i, op in enumerate(ops):
            if isinstance(op, ListNamespacesOp):
                results[i] = yield from self._plan_list_namespaces(op, now)
        if puts:
            yield from self._plan_puts(puts, payloads, now)
        for ttl_minutes, ids in refresh.items():
            yield SetPayload(ids=sorted(ids), payload={"expires_at": now + ttl_minutes * 60.0})
        return results

    def _note_refresh(
        self, payload: Mapping[str, Any], pid: str, wanted: bool, refresh: dict[float, set[str]]
    ) -> None:
        ttl = payload.get("ttl_minutes")
        if wanted and ttl is not None:
            refresh.setdefault(float(ttl), set()).add(pid)

    def _plan_gets(
        self,
        gets: list[tuple[int, GetOp]],
        results: list[Result],
        now: float,
        refresh: dict[float, set[str]],
    ) -> Generator[Call, Any, None]:
        ids = {point_id(op.namespace, op.key) for _, op in gets}
        records: list[Record] = yield Retrieve(ids=sorted(ids), fields=READ_FIELDS)
        found = {r.id: r.payload for r in records}
        for i, op in gets:
            pid = point_id(op.namespace, op.key)
            payload = found.get(pid)
            if payload is None or is_expired(payload, now):
                results[i] = None
                continue
            results[i] = item_from_payload(payload)
            self._note_refresh(payload, pid, op.refresh_ttl, refresh)

    def _search_filter(self, op: SearchOp, now: float) -> tuple[Where, dict[str, Any]]:
        must, must_not, residual = translate_filter(op.filter)
        ns = namespace_filter(op.namespace_prefix, by_prefix=self._prefix_index())
        conditions: list[Condition] = list(must)
        # the namespace's "either" sits at the top of the filter, which has no other
        # ``should``: one filter fewer for the engine's binding to convert
        top: tuple[Condition, ...] = ()
        if isinstance(ns, Where):
            top = ns.should
        elif ns is not None:
            conditions.insert(0, ns)
        must_not = [expired(now), *must_not]
        # A search that names rows to leave out (``exclude_keys``, e.g. FactMemory's recall
        # candidates, which skip the rows it has read already): keys of items directly in
        # the namespace searched, left out by point id in the engine.
        scopes = getattr(op, "scopes", ())
        if scopes:  # recall's rows of no scope and of the request's (rows this package wrote)
            either = (IsEmpty("scope") if s is None else Match("scope", s) for s in scopes)
            conditions.append(Where(should=tuple(either)))
        skip = getattr(op, "exclude_keys", ())
        if skip:
            ids = tuple(point_id(op.namespace_prefix, k) for k in skip)
            must_not = [*must_not, HasId(ids)]
        return Where(must=tuple(conditions), must_not=tuple(must_not), should=top), residual

    def _plan_search(
        self, op: SearchOp, now: float, refresh: dict[float, set[str]]
    ) -> Generator[Call, Any, list[SearchItem]]:
        flt, residual = self._search_filter(op, now)
        passes = _residual_check(residual)
        # each row's (key, value), decoded once; by the payload's own text rather than the
        # point id, which an engine may build for a row only when asked (``_Hit``)
        decoded: dict[Any, tuple[str, dict[str, Any]]] = {}

        def row_of(r: Record) -> tuple[str, dict[str, Any]]:
            p = r.payload
            name = (p.get("ns"), p.get("key"), p.get("doc"))
            row = decoded.get(name)
            if row is None:
                row = decoded[name] = stored_row(p)
            return row

        def value_of(r: Record) -> dict[str, Any]:
            return row_of(r)[1]

        want = max(op.offset, 0) + max(op.limit, 0)
        scored: list[Record] = []
        dense_q: list[float] | None = None
        sparse_q: Sparse | None = None
        if op.query:
            if self.embeddings is not None:
                vectors = yield EmbedQueries(texts=[op.query])
                dense_q = self._check_dims(vectors[0], "the search query")
            if self.lexical or self.embeddings is None:
                if self.embeddings is None or self.hybrid:
                    sparse_q = self._bm25.query(op.query)
        if dense_q is not None or sparse_q is not None:
            # With a residual (keys the engine cannot decide exactly), ask for the page
            # first and for four times as many ranked rows each time too few pass, until
            # enough pass or the engine has no more: rows that pass cost one call, and a
            # residual that rejects many still fills the page. A fused (hybrid) query's
            # ranking depends on its candidate pool, so it starts from a large pool.
            fused = dense_q is not None and sparse_q is not None
            limit = max(want * 4, 1000) if residual and fused else want
            while True:
                ranked: list[Record] = yield Query(
                    filter=flt, limit=limit, dense=dense_q, sparse=sparse_q, fields=READ_FIELDS
                )
                scored = ranked
                if residual:
                    scored = [r for r in ranked if passes(value_of(r))]
                if not residual or len(scored) >= want or len(ranked) < limit:
                    break
                limit *= 4
            if dense_q is not None and sparse_q is None and self.distance == "euclid":
                for r in scored:
                    r.score = -r.score if r.score is not None else None
        rows: list[Record] = list(scored)
        # A caller that only wants what the query ranked (``matched_only``, e.g. FactMemory's
        # recall candidates) is not padded with unranked rows.
        only = getattr(op, "matched_only", False) and (dense_q is not None or sparse_q is not None)
        if len(rows) < want and not only:
            seen = {r.id for r in scored}
            fill: int | None = None if residual else want + len(seen)
            fill_filter = flt
            if dense_q is not None:
                # A dense query scores every point that has a dense vector; only points
                # stored without one (index=False) can still be missing.
                fill_filter = Where(
                    must=flt.must, must_not=(*flt.must_not, HasVector("dense")), should=flt.should
                )
            # a caller that expects a small answer (``fits``, e.g. FactMemory's slot reads)
            # gets it in one engine call
            fits = getattr(op, "fits", False) is True and op.offset == 0
            rest: list[Record] = yield Scroll(filter=fill_filter, limit=fill, fits=fits)
            for r in rest:
                if r.id in seen:
                    continue
                if residual and not passes(value_of(r)):
                    continue
                r.score = None
                rows.append(r)
        page = rows[op.offset : op.offset + op.limit]
        if op.refresh_ttl:
            for r in page:
                if r.payload.get("ttl_minutes") is not None:
                    self._note_refresh(r.payload, r.id, True, refresh)
        return [
            cast(SearchItem, item_from_payload(r.payload, r.score, search=True, row=row_of(r)))
            for r in page
        ]

    def _plan_list_namespaces(
        self, op: ListNamespacesOp, now: float
    ) -> Generator[Call, Any, list[tuple[str, ...]]]:
        conditions: list[Condition] = []
        for cond in op.match_conditions or ():
            if cond.match_type == "prefix" and cond.path and "*" not in cond.path:
                ns = namespace_filter(tuple(cond.path), by_prefix=self._prefix_index())
                if ns is not None:
                    conditions.append(ns)
        values: list[str] = yield Facet(
            key="ns",
            filter=Where(must=tuple(conditions), must_not=(expired(now),)),
            limit=_FACET_LIMIT,
        )
        namespaces = [split_namespace(v) for v in values]
        namespaces = [
            ns
            for ns in namespaces
            if all(_matches(c.match_type, tuple(c.path), ns) for c in op.match_conditions or ())
        ]
        if op.max_depth is not None:
            namespaces = sorted({ns[: op.max_depth] for ns in namespaces})
        else:
            namespaces = sorted(set(namespaces))
        return namespaces[op.offset : op.offset + op.limit]

    def _index_texts(self, op: PutOp) -> list[str]:
        assert op.value is not None
        if op.index is False:
            return []
        if op.index is None:
            if self.index_config is None:
                return []
            paths = self._fields
        else:
            paths = [(p, tokenize_path(p)) for p in op.index]
        texts: list[str] = []
        for _, field in paths:
            texts.extend(t for t in get_text_at_path(op.value, field) if t)
        return texts

    def _check_dims(self, vector: list[float], what: str) -> list[float]:
        if self.dims is not None and len(vector) != self.dims:
            raise EmbeddingDimensionError(
                f"embedding for {what} has {len(vector)} dimensions but the index was "
                f"configured with dims={self.dims}; set index['dims'] to the model's size "
                "(and use a new path/collection if the stored vectors came from another model)"
            )
        return vector if isinstance(vector, list) else [float(x) for x in vector]

    def _plan_puts(
        self,
        puts: dict[tuple[tuple[str, ...], str], PutOp],
        payloads: dict[tuple[tuple[str, ...], str], dict[str, Any]],
        now: float,
    ) -> Generator[Call, Any, None]:
        upserts = {k: point_id(*k) for k in payloads}
        deletes = [point_id(*k) for k, op in puts.items() if op.value is None]
        created: dict[str, Any] = {}
        # A put that says when its row was created (``known_created``: a caller that read
        # the row under a lock, or knows there is none) needs no read of it (#14).
        unknown = []
        for k, pid in upserts.items():
            op = puts[k]
            if getattr(op, "known_created", False) is True:
                when = getattr(op, "created_at", None)
                if when is not None:
                    created[pid] = float(when)
            else:
                unknown.append(pid)
        if unknown:
            # only the creation time: reading whole payloads back costs per value (a row
            # never rewritten has none: its creation time is its ``updated_at``)
            existing: list[Record] = yield Retrieve(
                ids=sorted(unknown), fields=("created_at", "updated_at")
            )
            created.update(
                (r.id, r.payload.get("created_at", r.payload.get("updated_at"))) for r in existing
            )
        texts: dict[tuple[tuple[str, ...], str], list[str]] = {}
        if self.index_config is not None or any(
            puts[k].index not in (None, False) for k in payloads
        ):  # else no item has a text to index (a bulk load of index=False rows)
            texts = {k: self._index_texts(puts[k]) for k in payloads}
        flat = [t for k in payloads for t in texts[k]] if self.embeddings is not None else []
        vectors: list[list[float]] = (yield EmbedDocuments(texts=flat)) if flat else []
        points: list[PointData] = []
        cursor = 0
        no_texts: list[str] = []
        for n, (k, payload) in enumerate(payloads.items()):
            pid = upserts[k]
            updated = payload["updated_at"] = now + n * 1e-6
            ttl = payload.get("ttl_minutes")
            if ttl is not None:
                payload["expires_at"] = updated + ttl * 60.0
            previous = created.get(pid) if created else None
            if previous is not None:
                payload["created_at"] = previous
            else:  # a new row: created when updated, one payload value fewer to convert
                payload.pop("created_at", None)
            item_texts = texts.get(k, no_texts)
            dense = None
            if self.embeddings is not None and item_texts:
                dense = [
                    self._check_dims(v, f"key {k[1]!r} in namespace {k[0]!r}")
                    for v in vectors[cursor : cursor + len(item_texts)]
                ]
                cursor += len(item_texts)
            explicit = puts[k].index not in (None, False)
            sparse = None
            if item_texts and (self.lexical or explicit):
                sparse = self._bm25.document(" ".join(item_texts))
            points.append(PointData(id=pid, payload=payload, dense=dense, sparse=sparse))
        if deletes:
            yield Delete(ids=deletes)
        if points:
            yield Upsert(points=points)

    def _plan_sweep(self) -> Generator[Call, Any, None]:
        yield DeleteByFilter(filter=Where(must=(Range("expires_at", lte=time.time()),)))


def _residual_check(residual: Mapping[str, Any]) -> Callable[[Mapping[str, Any]], bool]:
    """``matches_filter(value, residual)`` as a function of the value, its ``None`` keys
    tested directly (LangGraph: a missing key reads as null, and only null equals null);
    a search applies it to every row the engine returns."""
    nulls = tuple(k for k, v in residual.items() if v is None)
    rest = {k: v for k, v in residual.items() if v is not None}

    def passes(value: Mapping[str, Any]) -> bool:
        for k in nulls:
            if value.get(k) is not None:
                return False
        return not rest or matches_filter(value, rest)

    return passes


_CHECKED_MAX = 65_536
_checked: dict[tuple[str, ...], None] = {}
"""Namespaces of gets, puts and searches that passed ``_validate_op`` already: a user's few
repeat in every call, and checking their labels again cost a remember ~10 us per op (#14).
Only tuples of ``str`` labels that passed are kept; the memo is emptied when it is full."""


def _validate_op(op: Op) -> None:
    """LangGraph's label rules, plus: a put needs a namespace (``BaseStore.put`` refuses
    ``()`` too; deleting from ``()`` stays a no-op), and no label may hold a lone surrogate
    (no engine can encode it)."""
    if isinstance(op, (GetOp, PutOp, SearchOp)):
        labels = op.namespace_prefix if isinstance(op, SearchOp) else op.namespace
        try:
            if labels in _checked:
                return
        except TypeError:  # an unhashable label: the check below names it
            pass
        _check_labels(op)
        if labels and type(labels) is tuple and all(type(label) is str for label in labels):
            if len(_checked) >= _CHECKED_MAX:
                _checked.clear()
            _checked[labels] = None
        return
    _check_labels(op)


def _check_labels(op: Op) -> None:
    validate_op_namespace(op)
    if isinstance(op, PutOp) and not op.namespace and op.value is not None:
        raise InvalidNamespaceError(
            f"cannot put key {op.key!r} under the empty namespace (): give at least one "
            "label, e.g. ('memories', user_id)"
        )
    labels: tuple[str, ...] = ()
    if isinstance(op, (GetOp, PutOp)):
        labels = op.namespace
    elif isinstance(op, SearchOp):
        labels = op.namespace_prefix
    elif isinstance(op, ListNamespacesOp):
        labels = tuple(label for c in op.match_conditions or () for label in c.path)
    for label in labels:
        if isinstance(label, str) and has_lone_surrogate(label):
            raise InvalidNamespaceError(
                f"namespace label {label!r} holds a lone surrogate, which no engine can store; "
                "use valid Unicode text"
            )


def _matches(match_type: str, path: tuple[str, ...], ns: tuple[str, ...]) -> bool:
    if len(ns) < len(path):
        return False
    pairs = (
        zip(ns, path, strict=False)
        if match_type == "prefix"
        else zip(reversed(ns), reversed(path), strict=False)
    )
    return all(p == "*" or a == p for a, p in pairs)
