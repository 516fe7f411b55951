"""Qdrant Edge engine: the real Qdrant engine in-process, persistent at a path.

Layout of ``path`` (a folder only its owner can read, 0700; files 0600):

* ``store.json``: the index settings the store was created with, checked on every open so a
  mismatch is an error, not a corrupted store; its presence marks a complete store.
* ``shard/``: the Edge shard.
* ``store.lock``: held (``flock``) while a store has the folder open, so a second owner gets
  ``StoreInUseError``, never a half-shared shard.
* ``intent.json``: the multi-call write journal of releases before issue 14; an open that
  finds one rolls its write forward. A multi-call write is now recorded as one point of the
  shard (``INTENT_ID``) while it is applied (``journal.py``), and an open that finds that
  point rolls the write forward the same way.
* ``shard.compact/``, ``shard.old/``, ``compact.done``: only during ``compact()``; an open
  that finds them finishes or discards the compaction.

A new store is built aside and renamed into place (a new folder: built as a hidden sibling;
an existing empty folder, e.g. a mount point: built in ``.creating/`` inside, then the shard
and last ``store.json`` moved up), so a crash during creation leaves nothing, a complete
store, or a state the next open completes. Calls are serialised by a lock: Edge
calls take well under a millisecond.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import secrets
import shutil
import threading
from collections.abc import Callable
from typing import Any, NamedTuple, cast

import qdrant_edge as qe

from langmem_plus.errors import StoreConfigMismatchError, StoreInUseError, StoreRecoveryError
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
from langmem_plus.stores.journal import (
    IntentJournal,
    decode_calls,
    encode_calls,
    fsync_dir,
    write_private,
)
from langmem_plus.stores.payload import INDEXED_FIELDS

try:  # POSIX; elsewhere Edge's own lock on its WAL is the only guard
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["PREFIX_FIELD", "CompactReport", "EdgeEngine"]

logger = logging.getLogger("langmem_plus.stores")

_DISTANCES = {"cosine": qe.Distance.Cosine, "dot": qe.Distance.Dot, "euclid": qe.Distance.Euclid}
_SCHEMAS = {
    "keyword": qe.PayloadSchemaType.Keyword,
    "float": qe.PayloadSchemaType.Float,
    "datetime": qe.PayloadSchemaType.Datetime,
}
_FORMAT_VERSION = 1
_META, _SHARD, _LOCK = "store.json", "shard", "store.lock"
_BUILD, _OLD, _SWAP = "shard.compact", "shard.old", "compact.done"
_CREATING = ".creating"
_COPY_PAGE = 256

INTENT_ID = "00000000-0000-4000-8000-00000000001e"
"""The point that holds a multi-call write while it is applied (payload ``intent``: the
calls, ``journal.encode_calls``). It has no namespace, so no read's filter can match it,
and it exists only inside ``execute_writes`` (under the lock every read takes) or, after a
crash, until the next open has replayed it. ``point_id`` makes version-5 UUIDs, never
this version-4 one."""

_crash_hook: Callable[[str], None] | None = None
"""Tests only: called with the name of each step of creation, writing and compaction, so a
test can end the process exactly there (``os._exit``) and check what the next open finds."""


def _checkpoint(name: str) -> None:
    if _crash_hook is not None:
        _crash_hook(name)


def _condition(c: Condition) -> Any:
    if isinstance(c, Match):
        return qe.FieldCondition(c.key, match=qe.MatchValue(c.value))
    if isinstance(c, Prefix):
        return qe.FieldCondition(c.key, match=qe.MatchPrefix(c.prefix))
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


def _points(points: list[PointData]) -> list[Any]:
    """The engine's points for an upsert. Measured on Qdrant Edge 0.9 with callgrind (issue
    14; instruction counts, which a busy machine does not blur): building them is about half
    of a bulk put's work, the engine's upsert with its payload indexes a quarter, the
    store's planning the rest. The binding reads each payload value as the first of bool,
    int, float, str, list, dict that fits, and every miss raises and discards a Python
    exception: a null costs ~1k instructions, an int ~11k, a float ~24k, a string ~30k, a
    list of two strings ~100k, against ~35k for the point itself (a text id; an int id
    would be ~21k). So a point carries as few values as its reads and filters need
    (``payload.build_payload``). ``benchmarks.write_probe --breakdown`` times this step
    apart from ``shard.update``."""
    point = qe.Point
    return [
        point(p.id, _vectors(p) if p.dense or p.sparse is not None else {}, p.payload)
        for p in points
    ]


class _Hit:
    """A query's row, read like a ``Record``: its ``id`` is taken from the engine only when
    asked. The engine hands a point id to Python as a ``uuid.UUID`` built in Python, and a
    ``Record`` needs it as text: ~2 us a row, for an id a ranked search rarely reads (it
    names its rows by namespace and key) (#14)."""

    __slots__ = ("_id", "_point", "payload", "score")

    def __init__(self, point: Any) -> None:
        self._point = point
        self._id: str | None = None
        self.payload: dict[str, Any] = point.payload or {}
        self.score: float | None = float(point.score)

    @property
    def id(self) -> str:
        if self._id is None:
            self._id = str(self._point.id)
        return self._id


class CompactReport(NamedTuple):
    """What ``compact()`` did: the live points copied and the folder's size before and after."""

    points: int
    bytes_before: int
    bytes_after: int


SEARCH_THREADS = 1
"""Threads of the shard's search pool (scroll, query, count, facet). Edge's default, one per
CPU, hands every call to a pool thread; measured on 2 busy cores (issue 14) a filtered
scroll of one slot then took 0.3-2.7 ms of wall time for 0.04 ms of CPU, waiting for a
pool thread to be scheduled (``remember`` reads a slot on every call). With one thread
the same scroll took 0.05 ms. A store's calls are serialised by its lock anyway, and a
shard this store never optimizes is one segment, which one thread reads alone."""


def _edge_config(dims: int | None, distance: str) -> Any:
    vectors = None
    if dims:
        vectors = {
            "dense": qe.EdgeVectorParams(
                size=dims,
                distance=_DISTANCES[distance],
                multivector_config=qe.MultiVectorConfig(qe.MultiVectorComparator.MaxSim),
            )
        }
    return qe.EdgeConfig(
        vectors=vectors,
        sparse_vectors={"bm25": qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
        max_search_threads=SEARCH_THREADS,
    )


PREFIX_FIELD = "ns"
"""The payload field whose keyword index a new shard builds with prefix matching
(``KeywordIndexParams(prefix=True)``): a namespace prefix search is then "``ns`` is the
prefix, or starts with it and a dot", and rows need no ``ns_prefixes`` (#14: a list of two
strings was ~100k of the ~450k instructions the binding and engine spent on a fact row,
plus two index updates). A shard made before keeps its plain index, and its store keeps
writing ``ns_prefixes`` (``EdgeEngine.prefix_index``) until ``compact()`` rebuilds it."""


def _new_shard(shard_path: str, dims: int | None, distance: str, extra: dict[str, Any]) -> Any:
    """An empty shard with the store's vectors and every payload index (plus ``extra``),
    ``ns``'s with prefix matching (``PREFIX_FIELD``)."""
    shard = qe.EdgeShard.create(shard_path, _edge_config(dims, distance))
    _checkpoint("shard:created")
    schemas: dict[str, Any] = {name: _SCHEMAS[schema] for name, schema in INDEXED_FIELDS.items()}
    schemas[PREFIX_FIELD] = qe.KeywordIndexParams(prefix=True)
    for name, schema in {**extra, **schemas}.items():
        shard.update(qe.UpdateOperation.create_field_index(name, schema))
        _checkpoint(f"shard:index:{name}")
    return shard


def _tighten(folder: str) -> None:
    """Owner-only access: folders 0700, files 0600 (best effort on files we cannot change)."""
    for root, dirs, files in os.walk(folder):
        for name, mode in [(root, 0o700)] + [(os.path.join(root, f), 0o600) for f in files]:
            if os.path.islink(name):
                continue
            with contextlib.suppress(OSError):
                if os.stat(name).st_mode & 0o777 != mode:
                    os.chmod(name, mode)
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(root, d))]


def _size(folder: str) -> int:
    total = 0
    for root, _, files in os.walk(folder):
        for f in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(root, f)).st_size
    return total


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _in_use(path: str) -> StoreInUseError:
    return StoreInUseError(
        f"the store at {path!r} is already open in another QdrantStore "
        "(in this process or another one); Qdrant Edge allows one owner per "
        "path: share one store object, close the other first, or use a Qdrant "
        "server (url=) for several processes"
    )


class EdgeEngine:
    """Executes planner calls on a Qdrant Edge shard stored under ``path``."""

    def __init__(self, path: str | os.PathLike[str], *, dims: int | None, distance: str) -> None:
        self.path = os.fspath(path)
        self._lock = threading.RLock()
        self._dims, self._distance = dims, distance
        self._shard: Any = None
        self._lock_fd: int | None = None
        self._prefix_index = False
        settings = {"format": _FORMAT_VERSION, "dims": dims, "distance": distance if dims else None}
        if not os.path.exists(os.path.join(self.path, _META)):
            self._create(settings)
        if self._lock_fd is None:
            self._take_lock()
        try:
            self._open(settings)
        except BaseException:
            self._release_lock()
            raise

    @property
    def lock(self) -> threading.RLock:
        """The lock every engine call holds while it runs."""
        return self._lock

    @property
    def prefix_index(self) -> bool:
        """Whether the open shard's ``ns`` index matches prefixes (``PREFIX_FIELD``): a
        shard this release created or compacted. The store then filters a namespace
        prefix by it and writes no ``ns_prefixes``."""
        return self._prefix_index

    def _read_prefix_index(self) -> None:
        info = self._shard.info().payload_schema.get(PREFIX_FIELD)
        params = getattr(info, "params", None) if info is not None else None
        self._prefix_index = getattr(params, "prefix", None) is True

    # ---- opening -----------------------------------------------------------------------

    def _open(self, settings: dict[str, Any]) -> None:
        with open(os.path.join(self.path, _META), encoding="utf-8") as fh:
            existing = json.load(fh)
        differs = {k: (existing.get(k), v) for k, v in settings.items() if existing.get(k) != v}
        if differs:
            detail = ", ".join(f"{k}: stored {a!r}, asked {b!r}" for k, (a, b) in differs.items())
            raise StoreConfigMismatchError(
                f"the store at {self.path!r} was created with another index config ({detail}); "
                "open it with the same 'dims'/'distance', or choose a new path and re-put "
                "the items"
            )
        self._finish_compaction()
        self._shard = self._load()
        try:
            self._read_prefix_index()
            self._replay()
        except BaseException:
            self._shard.close()
            self._shard = None
            raise
        _tighten(self.path)
        self._warm()

    def _warm(self) -> None:
        """Pay the engine's first-use work at open, not on the first request: the first
        query of a loaded shard costs several milliseconds (measured 5-10 ms here) that
        later ones do not, and the first payload read its own share. One sparse query for a
        word no text has and one payload read do it; their answers are not used (#14)."""
        shard = self._shard
        try:
            nothing = qe.Query.Nearest(qe.SparseVector(indices=[0], values=[1.0]), using="bm25")
            shard.query(qe.QueryRequest(limit=1, query=nothing, with_payload=True))
            shard.scroll(qe.ScrollRequest(limit=1, with_payload=True))
        except Exception as exc:  # a warm-up that fails must not stop the store opening
            logger.debug("store at %s: warm-up query failed: %s", self.path, exc)

    def _load(self) -> Any:
        shard_path = os.path.join(self.path, _SHARD)
        try:
            try:
                # the config the shard was made with (Edge checks it), with SEARCH_THREADS
                return qe.EdgeShard.load(shard_path, _edge_config(self._dims, self._distance))
            except Exception as exc:
                if "WouldBlock" in str(exc):
                    raise
                # a shard whose vectors another version configured: as it is
                return qe.EdgeShard.load(shard_path)
        except Exception as exc:
            if "WouldBlock" in str(exc):
                raise _in_use(self.path) from exc
            raise

    def _take_lock(self) -> None:
        if fcntl is None:  # pragma: no cover - Windows
            return
        fd = os.open(os.path.join(self.path, _LOCK), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise _in_use(self.path) from None
        self._lock_fd = fd

    def _release_lock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor drops the flock
            self._lock_fd = None

    def _replay(self) -> None:
        """Roll forward the multi-call write a crash interrupted, if there is one: the
        intent point (this release), then an ``intent.json`` (an older release's)."""
        journal = IntentJournal(self.path)
        self._replay_point(journal)
        try:
            pending = journal.pending()
            if pending is None:
                return
            for call in pending:
                self._execute(self._shard, call)
            self._shard.flush()
        except Exception as exc:
            raise StoreRecoveryError(
                f"the store at {self.path!r} holds a write a crash interrupted "
                f"({journal.path}) and applying it again failed ({type(exc).__name__}: {exc}); "
                f"move {journal.path!r} out of the folder to open the store without that write"
            ) from exc
        journal.clear()
        logger.warning(
            "store at %s: finished a write interrupted by a crash (%d calls)",
            self.path,
            len(pending),
        )

    def _replay_point(self, journal: IntentJournal) -> None:
        """Apply the calls of the intent point, if there is one, and delete it. One that
        cannot be applied is moved out of the shard into ``intent.json`` (the replay that
        follows then names that file and the fix: move it aside)."""
        shard = self._shard
        recs = shard.retrieve([INTENT_ID], with_payload=True, with_vector=False)
        if not recs:
            return
        text = (recs[0].payload or {}).get("intent")
        try:
            calls = decode_calls(text if isinstance(text, str) else "")
            for call in calls:
                self._execute(shard, call)
        except Exception:
            write_private(journal.path, text if isinstance(text, str) else "")
            fsync_dir(self.path)
        else:
            logger.warning(
                "store at %s: finished a write interrupted by a crash (%d calls)",
                self.path,
                len(calls),
            )
        shard.update(qe.UpdateOperation.delete_points([INTENT_ID]))
        shard.flush()

    def _finish_compaction(self, *, resumed: bool = True) -> None:
        """Complete a compaction that had built its new shard, or drop one that had not."""
        names = (_SHARD, _BUILD, _OLD, _SWAP)
        shard, build, old, swap = (os.path.join(self.path, n) for n in names)
        if os.path.exists(swap):
            if os.path.isdir(build):
                if os.path.isdir(shard):
                    if os.path.isdir(old):
                        shutil.rmtree(old)
                    os.rename(shard, old)
                    _checkpoint("compact:set-aside")
                os.rename(build, shard)
            shutil.rmtree(old, ignore_errors=True)
            os.unlink(swap)
            fsync_dir(self.path)
            if resumed:
                logger.warning("store at %s: finished a compaction a crash interrupted", self.path)
            return
        if os.path.isdir(build):
            shutil.rmtree(build)
        if os.path.isdir(old):
            if os.path.isdir(shard):
                shutil.rmtree(old)
            else:
                os.rename(old, shard)
        if not os.path.isdir(shard):
            raise StoreRecoveryError(
                f"the store at {self.path!r} has a store.json but no shard/ folder; it was "
                "moved or deleted: restore it from a copy, or open a new path"
            )

    # ---- creation ----------------------------------------------------------------------

    def _create(self, settings: dict[str, Any]) -> None:
        folder = os.path.abspath(self.path)
        if os.path.isdir(folder):
            self._create_inside(folder, settings)
        else:
            self._create_beside(folder, settings)

    def _build(self, build: str, settings: dict[str, Any]) -> None:
        """A complete store (shard with its indexes, then store.json) in ``build``."""
        shard = _new_shard(os.path.join(build, _SHARD), self._dims, self._distance, {})
        shard.flush()
        shard.close()
        _checkpoint("create:shard")
        write_private(os.path.join(build, _META), json.dumps(settings))
        _tighten(build)
        fsync_dir(build)
        _checkpoint("create:built")

    def _create_beside(self, folder: str, settings: dict[str, Any]) -> None:
        """A new folder: build the store in a hidden sibling folder, rename it into place."""
        parent, name = os.path.split(folder)
        os.makedirs(parent, exist_ok=True)
        prefix = f".{name}.creating-"
        for entry in os.listdir(parent):
            pid = entry[len(prefix) :].split("-")[0]
            if entry.startswith(prefix) and pid.isdigit() and not _pid_alive(int(pid)):
                shutil.rmtree(os.path.join(parent, entry), ignore_errors=True)
        build = os.path.join(parent, f"{prefix}{os.getpid()}-{secrets.token_hex(4)}")
        os.mkdir(build, 0o700)
        try:
            self.path, wanted = build, self.path
            try:
                self._take_lock()  # the lock's inode moves with the folder: held throughout
            finally:
                self.path = wanted
            _checkpoint("create:folder")
            self._build(build, settings)
            try:
                os.rename(build, folder)
            except OSError as exc:
                if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST, errno.EISDIR):
                    raise
                # Another process created the store first; open what it made.
                self._release_lock()
                shutil.rmtree(build, ignore_errors=True)
                return
            fsync_dir(parent)
            _checkpoint("create:renamed")
        except BaseException:
            self._release_lock()
            shutil.rmtree(build, ignore_errors=True)
            raise

    def _create_inside(self, folder: str, settings: dict[str, Any]) -> None:
        """An existing folder (perhaps a mount point, whose parent we may not write): lock
        it, build the store in ``.creating/`` inside, move the shard up, then store.json,
        the commit point."""
        others = sorted(set(os.listdir(folder)) - {_LOCK, _CREATING, _SHARD})
        if others:
            raise self._not_a_store(others)
        self._take_lock()  # a second creator gets StoreInUseError here
        try:
            if os.path.exists(os.path.join(folder, _META)):
                return  # another process finished creating it before we locked
            build = os.path.join(folder, _CREATING)
            shard, meta = os.path.join(folder, _SHARD), os.path.join(folder, _META)
            if os.path.isdir(build):
                moved = not os.path.exists(os.path.join(build, _SHARD))
                if moved and os.path.isdir(shard) and os.path.exists(os.path.join(build, _META)):
                    os.rename(os.path.join(build, _META), meta)  # a crash between the moves
                    shutil.rmtree(build, ignore_errors=True)
                    fsync_dir(folder)
                    logger.warning("store at %s: finished a creation a crash interrupted", folder)
                    return
                shutil.rmtree(build)
            if set(os.listdir(folder)) - {_LOCK}:
                self._diagnose(folder)
            os.mkdir(build, 0o700)
            _checkpoint("create:folder")
            self._build(build, settings)
            os.rename(os.path.join(build, _SHARD), shard)
            fsync_dir(folder)
            _checkpoint("create:moved")
            os.rename(os.path.join(build, _META), meta)
            fsync_dir(folder)
            os.rmdir(build)
            _checkpoint("create:renamed")
        except BaseException:
            self._release_lock()
            raise

    def _diagnose(self, folder: str) -> None:
        """A folder without store.json that is not empty: an empty shard an older version
        left half-created is removed (it held nothing); anything else is not touched."""
        shard_path = os.path.join(folder, _SHARD)
        if os.path.isdir(shard_path):
            shard = self._load()
            try:
                points = shard.count(qe.CountRequest(exact=True))
            finally:
                shard.close()
            if points > 0:
                raise StoreRecoveryError(
                    f"the store at {self.path!r} has a shard/ with {points} points but no "
                    "store.json (it was deleted, or the folder was copied in part); restore "
                    "store.json from a copy of the store, or move the folder aside and open a "
                    "new path"
                )
            shutil.rmtree(shard_path)
            logger.warning("store at %s: removed an empty half-created shard", folder)
        others = sorted(set(os.listdir(folder)) - {_LOCK})
        if others:
            raise self._not_a_store(others)

    def _not_a_store(self, names: list[str]) -> StoreRecoveryError:
        return StoreRecoveryError(
            f"the path {self.path!r} already holds files that are not a langmem-plus store "
            f"({', '.join(names[:5])}); give QdrantStore(path=...) a new or empty folder"
        )

    # ---- running -----------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if self._shard is not None:
                self._shard.flush()
                self._shard.close()
                self._shard = None
                _tighten(self.path)
            self._release_lock()

    def _live(self) -> Any:
        if self._shard is None:
            raise RuntimeError(f"the store at {self.path!r} is closed")
        return self._shard

    def execute(self, call: Call) -> Any:
        with self._lock:
            return self._execute(self._live(), call)

    def execute_writes(self, calls: list[Call]) -> None:
        """Apply the write calls of one batch all-or-nothing across a crash: more than one
        call is recorded first as the intent point (``INTENT_ID``), in the same write-ahead
        log as the calls, and the next open rolls an interrupted one forward. No fsync: Edge
        does not fsync its own log on an update either, so the intent is exactly as durable
        as the writes it protects (a crash of the process keeps both; see ``journal.py``)."""
        with self._lock:
            shard = self._live()
            if len(calls) == 1:
                self._execute(shard, calls[0])
                return
            intent = qe.Point(INTENT_ID, {}, {"intent": encode_calls(calls)})
            shard.update(qe.UpdateOperation.upsert_points([intent]))
            _checkpoint("write:journaled")
            try:
                for n, call in enumerate(calls):
                    self._execute(shard, call)
                    _checkpoint(f"write:applied:{n}")
            finally:
                # On an exception nothing is acknowledged; replaying a call the engine just
                # refused would only refuse again at the next open.
                shard.update(qe.UpdateOperation.delete_points([INTENT_ID]))

    # ---- compaction --------------------------------------------------------------------

    def compact(self, progress: Callable[[int, int], object] | None = None) -> CompactReport:
        """Rewrite the shard with only its live points, so deleted ones leave every file.

        A fresh shard with the same vectors and payload indexes is built beside the old one,
        every live point copied with its vectors, then swapped in by rename and the old files
        deleted. Reads and writes wait meanwhile. A crash at any step leaves the old shard or
        the new one, never a mix (the next open finishes or discards the swap).
        """
        with self._lock:
            shard = self._live()
            shard.flush()
            before = _size(self.path)
            total = shard.count(qe.CountRequest(exact=True))
            extra = {k: v.data_type for k, v in shard.info().payload_schema.items()}
            build = os.path.join(self.path, _BUILD)
            if os.path.isdir(build):
                shutil.rmtree(build)
            new = _new_shard(build, self._dims, self._distance, extra)
            done, offset = 0, None
            if progress is not None:
                progress(0, total)
            try:
                while True:
                    recs, offset = shard.scroll(
                        qe.ScrollRequest(
                            limit=_COPY_PAGE, offset=offset, with_payload=True, with_vector=True
                        )
                    )
                    if recs:
                        points = [
                            qe.Point(str(r.id), r.vector or {}, r.payload or {}) for r in recs
                        ]
                        new.update(qe.UpdateOperation.upsert_points(points))
                    done += len(recs)
                    if progress is not None:
                        progress(min(done, total), total)
                    if offset is None or not recs:
                        break
                new.flush()
            finally:
                new.close()
            _checkpoint("compact:built")
            write_private(os.path.join(self.path, _SWAP), "")
            fsync_dir(self.path)
            _checkpoint("compact:marked")
            shard.close()
            self._shard = None
            try:
                self._finish_compaction(resumed=False)
            finally:
                self._shard = self._load()
                self._read_prefix_index()
            _tighten(self.path)
            return CompactReport(points=done, bytes_before=before, bytes_after=_size(self.path))

    def _execute(self, shard: Any, call: Call) -> Any:
        if isinstance(call, Retrieve):
            if not call.ids:
                return []
            fields = list(call.fields) if call.fields is not None else True
            recs = shard.retrieve(call.ids, with_payload=fields, with_vector=False)
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
            shard.update(qe.UpdateOperation.upsert_points(_points(call.points)))
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
        facts), an unordered read sorted here is cheaper than the engine's order_by. A page
        of ids one longer than the limit says whether they fit (as cheap as a count); only
        then are payloads read, by id, so a page that overflows reads none it throws away.
        A call that expects to fit (``fits``) reads the payloads with the page instead: one
        engine call, not two (#14)."""
        flt = _filter(call.filter)
        if call.limit is None:
            recs, offset = shard.scroll(
                qe.ScrollRequest(limit=_COPY_PAGE, filter=flt, with_payload=True)
            )
            while offset is not None:
                more, offset = shard.scroll(
                    qe.ScrollRequest(
                        limit=_COPY_PAGE, offset=offset, filter=flt, with_payload=True
                    )
                )
                recs.extend(more)
        elif call.limit <= 0:
            return []
        elif call.fits:
            recs, _ = shard.scroll(
                qe.ScrollRequest(limit=call.limit + 1, filter=flt, with_payload=True)
            )
            if len(recs) > call.limit:
                return self._newest(shard, flt, call.limit)
        else:
            probe, _ = shard.scroll(
                qe.ScrollRequest(limit=call.limit + 1, filter=flt, with_payload=False)
            )
            if len(probe) > call.limit:
                return self._newest(shard, flt, call.limit)
            recs = shard.retrieve([r.id for r in probe], with_payload=True, with_vector=False)
        rows = [Record(id=str(r.id), payload=r.payload or {}) for r in recs]
        rows.sort(key=lambda r: r.payload.get("updated_at", 0.0), reverse=True)
        return rows

    @staticmethod
    def _newest(shard: Any, flt: Any, limit: int) -> list[Record]:
        """The ``limit`` newest matches, in the engine's ``updated_at`` order."""
        newest, _ = shard.scroll(
            qe.ScrollRequest(
                limit=limit,
                filter=flt,
                with_payload=True,
                order_by=qe.OrderBy("updated_at", qe.Direction.Desc),
            )
        )
        return [Record(id=str(r.id), payload=r.payload or {}) for r in newest]

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
        with_payload: Any = list(call.fields) if call.fields is not None else True
        if dense is not None and sparse is not None:
            request = qe.QueryRequest(
                limit=call.limit,
                prefetches=[
                    qe.Prefetch(limit=max(call.limit * 4, 50), query=dense, filter=flt),
                    qe.Prefetch(limit=max(call.limit * 4, 50), query=sparse, filter=flt),
                ],
                query=qe.Fusion.Rrf(k=60),  # type: ignore[arg-type]
                filter=flt,
                with_payload=with_payload,
            )
        else:
            request = qe.QueryRequest(
                limit=call.limit, query=dense or sparse, filter=flt, with_payload=with_payload
            )
        return cast("list[Record]", [_Hit(p) for p in shard.query(request)])
