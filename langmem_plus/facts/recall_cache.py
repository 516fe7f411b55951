"""Keep each user's decoded current facts in the process, valid for one version of them.

Recall runs before every model call. On a store that cannot rank (``InMemoryStore``,
``PostgresStore``, a dense Qdrant index) it reads and decodes every current fact of the
user, which is most of its cost; on a Qdrant store without a dense model it reads the
profile row and one ranked query instead, and this cache spares a held user that query
(on Qdrant Edge it holds the candidates a request was answered from, see ``put_ranked``).
Every write of ``FactMemory`` already bumps the user's version row
(``profile/meta``) to a fresh random ``etag`` in the same batch as the facts it changes, so
the facts read under one etag stay right until the etag changes. Recall therefore reads only
the version row; when its etag is the one cached here it uses the cached facts and reads no
fact row at all. Several processes over one store stay right: each validates its own copy
against the etag in the store on every recall.

A cached copy must not be *older* than its etag. Two things could make it so: a store that
shows the version row of a write before that write's fact rows (nothing in ``BaseStore``
promises the order within a batch), and a ``ResilientStore`` that answers ``get`` from its
outbox (read-your-writes) while the fact rows are still queued. So each version row also
carries a *witness* of the write that produced it: the current-fact keys that write set,
each with a digest of the value it now holds (``row_digest``; ``None``: deleted). A scan
is cached only when it already shows every witnessed row exactly as the write left it;
otherwise it is used for this recall and not kept, and a later recall reads again. A store
that hands values back changed (so no digest matches) is never cached: slower, never wrong.

Example:
    >>> from datetime import datetime, timezone
    >>> from langgraph.store.base import Item, PutOp
    >>> from langmem_plus.facts.models import Fact
    >>> t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> ns = ("langmem_plus", "u1", "facts")
    >>> writes = [PutOp(ns, "slot-1", {"fact_id": "f2"}), PutOp(ns, "slot-0", None)]
    >>> meta = {"etag": "e2", "witness": write_witness(writes, ns)}
    >>> [key for key, _ in meta["witness"]], meta["witness"][1][1]
    (['slot-1', 'slot-0'], None)
    >>> row = Item(namespace=ns, key="slot-1", value={"fact_id": "f2"}, created_at=t,
    ...            updated_at=t)
    >>> witnessed(meta, [row]), witnessed(meta, [])
    (True, False)
    >>> cache = RecallCache(max_facts=100)
    >>> cache.put(ns, "e2", [])
    >>> cache.get(ns, "e2"), cache.get(ns, "e1")
    ((), None)
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from langgraph.store.base import Item, Op, PutOp

from langmem_plus.facts.models import Fact

__all__ = [
    "WITNESS_MAX",
    "RecallCache",
    "fingerprint",
    "row_digest",
    "witnessed",
    "write_witness",
]

WITNESS_MAX = 64
"""The most rows a version row witnesses (a ``forget`` of more names its first 64)."""


def fingerprint(value: Mapping[str, Any]) -> str:
    """A short digest of a JSON value (canonical ``json`` text): the profile row's
    configuration signature (``Planner``), which rows already stored carry, so it never
    changes. Witnesses use ``row_digest``."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _canonical_json() -> Callable[[Any], bytes]:
    """``value`` as canonical JSON bytes (sorted keys, compact): ``orjson`` where it is
    installed (it is wherever ``langchain-core`` is, through ``langsmith``), else ``json``,
    and ``json`` for whatever ``orjson`` refuses. A write's witness digests every current
    row it writes, and ``json.dumps(sort_keys=True)`` of a fact row was a twentieth of a
    ``remember_many`` fact's time (#14); orjson takes a tenth of that."""

    def slow(value: Any) -> bytes:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str).encode()

    try:
        import orjson
    except ImportError:  # pragma: no cover - PyPy, or a trimmed install
        return slow
    dumps, sort = orjson.dumps, orjson.OPT_SORT_KEYS

    def fast(value: Any) -> bytes:
        try:
            return dumps(value, option=sort)
        except TypeError:  # orjson.JSONEncodeError: a key or value it does not take
            return slow(value)

    return fast


_canonical = _canonical_json()


def row_digest(value: Mapping[str, Any]) -> str:
    """A short digest of a stored row's value, to tell two versions of a row apart (what a
    witness holds). Both sides of a witness use it: the write that names the row and the
    scan that checks it (a version row written with another digest is not trusted, so a
    scan is used and not kept: slower once, never wrong).

    Example:
        >>> row_digest({"b": 1, "a": "x"}) == row_digest({"a": "x", "b": 1})
        True
        >>> row_digest({"a": 1}) == row_digest({"a": 2})
        False
    """
    return hashlib.blake2b(_canonical(value), digest_size=8).hexdigest()


def write_witness(writes: Iterable[Op], facts_namespace: tuple[str, ...]) -> list[list[Any]]:
    """The current-fact rows a batch of writes leaves behind: ``[key, row_digest | None]``,
    for the first ``WITNESS_MAX`` keys written, in that order, the last write of a key
    winning. Only those are digested (a ``remember_many`` step writes up to 256)."""
    last: dict[str, PutOp] = {}
    for op in writes:
        if isinstance(op, PutOp) and op.namespace == facts_namespace:
            if op.key in last or len(last) < WITNESS_MAX:
                last[op.key] = op
    return [
        [key, row_digest(op.value) if op.value is not None else None]
        for key, op in last.items()
    ]


def witnessed(meta: Mapping[str, Any], rows: Sequence[Item]) -> bool:
    """Whether ``rows`` (a scan of current facts) already show the write that wrote
    ``meta``; a version row without a witness (written before there were witnesses, or by
    hand) is never trusted."""
    witness = meta.get("witness")
    if not isinstance(witness, list):
        return False
    held = {item.key: item for item in rows}
    for entry in witness:
        if not (isinstance(entry, list) and len(entry) == 2):
            return False
        key, digest = entry
        item = held.get(key)
        if (None if item is None else row_digest(item.value)) != digest:
            return False
    return True


_Entry = tuple[str, tuple[Fact, ...], tuple[str, ...]]
"""etag, facts, the namespace they belong to."""


class RecallCache:
    """A bounded, thread-safe map from a user's facts namespace to (etag, facts).

    One entry per user (a new etag replaces the old one). The bound is on facts held, not
    users, because users differ: beyond ``max_facts`` the least recently used entries are
    dropped, and a user with more facts than the bound is not held at all (a user with no
    facts counts as one, so the number of users is bounded too). A held fact
    costs about 3.3 KiB (measured with ``tracemalloc`` on the recall benchmark's facts), so
    the default 10,000 is about 33 MiB. ``max_facts=0`` holds nothing. ``hits`` and
    ``misses`` count lookups of a user held here (a miss: the store has a newer version).

    A store that ranks (Qdrant) never reads all of a user's facts on recall; there the
    cache can hold, beside or instead of them, the *candidates* one request was answered
    from (``put_ranked``): the profile row's facts and the ranked query's rows, under the
    etag they were read at and keyed by the request, in the same bound. A request is
    held only the *second* time it is put: most requests are never asked twice in the
    same words, and holding each one's candidates on first sight fills the cache with
    objects that are never read again and makes the garbage collector run on first turns
    (measured on the recall benchmark's first turns, #14); a bounded list of requests seen
    once (their keys only) decides. ``drop`` forgets both. ``len()`` is the number of users
    with anything held.

    Example:
        >>> cache = RecallCache(max_facts=100)
        >>> ns = ("langmem_plus", "u1", "facts")
        >>> cache.put_ranked(ns, "e1", ("where do I live?", None), [])  # first sight
        >>> cache.get_ranked(ns, "e1", ("where do I live?", None)), len(cache)
        (None, 0)
        >>> cache.put_ranked(ns, "e1", ("where do I live?", None), [])  # asked again
        >>> cache.get_ranked(ns, "e1", ("where do I live?", None)), ns in cache, len(cache)
        ((), False, 1)
        >>> cache.get_ranked(ns, "e2", ("where do I live?", None)), cache.hits, cache.misses
        (None, 1, 2)
        >>> cache.drop(ns)
        >>> cache.get_ranked(ns, "e1", ("where do I live?", None)), len(cache)
        (None, 0)
    """

    def __init__(self, max_facts: int = 10_000) -> None:
        if max_facts < 0:
            raise ValueError(f"max_facts must be >= 0, got {max_facts!r}")
        self.max_facts = max_facts
        self._lock = threading.Lock()
        # key: a namespace (all its current facts) or (namespace, request key) (candidates)
        self._entries: OrderedDict[Hashable, _Entry] = OrderedDict()
        self._keys: dict[tuple[str, ...], set[Hashable]] = {}
        # requests put once and not held yet (keys only), oldest first, at most max_facts
        self._seen_once: OrderedDict[Hashable, None] = OrderedDict()
        self._held = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, namespace: object) -> bool:
        """Whether all of ``namespace``'s current facts are held (of some version)."""
        return namespace in self._entries

    def get(self, namespace: tuple[str, ...], etag: str) -> tuple[Fact, ...] | None:
        """The facts cached for ``namespace`` under exactly ``etag``, else ``None``."""
        return self._get(namespace, etag)

    def put(self, namespace: tuple[str, ...], etag: str, facts: Iterable[Fact]) -> None:
        """Keep ``facts`` as the current facts of ``namespace`` under ``etag``."""
        self._put(namespace, namespace, etag, facts)

    def get_ranked(
        self, namespace: tuple[str, ...], etag: str, key: Hashable
    ) -> tuple[Fact, ...] | None:
        """The candidates held for request ``key`` of ``namespace`` under exactly
        ``etag``, else ``None``."""
        return self._get((namespace, key), etag)

    def put_ranked(
        self, namespace: tuple[str, ...], etag: str, key: Hashable, facts: Iterable[Fact]
    ) -> None:
        """Keep ``facts`` as the candidates of request ``key`` of ``namespace`` under
        ``etag`` if this request was put before (the first put only remembers the key)."""
        entry_key = (namespace, key)
        with self._lock:
            if entry_key not in self._entries and entry_key not in self._seen_once:
                self._seen_once[entry_key] = None
                while len(self._seen_once) > self.max_facts:
                    self._seen_once.popitem(last=False)
                return
            self._seen_once.pop(entry_key, None)
        self._put(namespace, entry_key, etag, facts)

    def _get(self, entry_key: Hashable, etag: str) -> tuple[Fact, ...] | None:
        with self._lock:
            entry = self._entries.get(entry_key)
            if entry is None or entry[0] != etag:
                self.misses += 1
                return None
            self.hits += 1
            self._entries.move_to_end(entry_key)
            return entry[1]

    def _put(
        self,
        namespace: tuple[str, ...],
        entry_key: Hashable,
        etag: str,
        facts: Iterable[Fact],
    ) -> None:
        kept = tuple(facts)
        with self._lock:
            self._pop(entry_key)
            if _weight(kept) > self.max_facts:
                return
            self._entries[entry_key] = (etag, kept, namespace)
            self._keys.setdefault(namespace, set()).add(entry_key)
            self._held += _weight(kept)
            while self._held > self.max_facts:
                self._pop(next(iter(self._entries)))

    @property
    def facts_held(self) -> int:
        """Facts held now, over every user (a user with none counts as one)."""
        return self._held

    def drop(self, namespace: tuple[str, ...]) -> None:
        """Forget whatever is cached for ``namespace`` (after this process deletes it)."""
        with self._lock:
            for entry_key in list(self._keys.get(namespace, ())):
                self._pop(entry_key)

    def _pop(self, entry_key: Hashable) -> None:
        entry = self._entries.pop(entry_key, None)
        if entry is None:
            return
        self._held -= _weight(entry[1])
        keys = self._keys.get(entry[2])
        if keys is not None:
            keys.discard(entry_key)
            if not keys:
                del self._keys[entry[2]]


def _weight(facts: tuple[Fact, ...]) -> int:
    return max(1, len(facts))  # a user with no facts still takes a slot
