"""A durable, bounded, ordered outbox of pending store writes, on SQLite in WAL mode.

Each pending write is one row keyed by ``(namespace, key)``: a later write to the same item
*replaces* the queued one (its row is deleted and the new write is appended with a fresh,
never reused sequence number), so replay sends, in order, only the latest write of each
item. Replay is at-least-once at the transport level and exactly-once in effect: a chunk is
deleted only after the store acknowledged it, by sequence number, so a write that superseded
a row while that row was being replayed is kept; a crash between the store's
acknowledgement and the delete replays the same puts again, which is idempotent.

The file survives a process restart (commits are durable against a process crash with
``synchronous=NORMAL`` in WAL mode; pass ``synchronous="FULL"`` to survive power loss too).
An exclusive ``flock`` on ``<path>.lock`` (POSIX) stops two live stores from sharing one
outbox; give each process its own path. Values are stored as JSON, never logged.

Example:
    >>> from langgraph.store.base import PutOp
    >>> box = Outbox(":memory:", max_size=10)
    >>> box.enqueue([PutOp(("m", "u1"), "city", {"v": "Munich"})])  # returns superseded count
    0
    >>> box.enqueue([PutOp(("m", "u1"), "city", {"v": "Berlin"})])  # supersedes the first
    1
    >>> [(w.key, w.op.value) for w in box.peek(10)]
    [('city', {'v': 'Berlin'})]
    >>> box.close()
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Literal

from langgraph.store.base import Item, PutOp

from langmem_plus.errors import OutboxFullError, OutboxInUseError, ValueNotSerializableError
from langmem_plus.stores.values import validate_value

_LIMIT = re.compile(r"limit: [^)]*")

try:  # POSIX only; elsewhere the one-store-per-path rule is not enforced
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["Outbox", "PendingWrite"]

_SCHEMA_VERSION = "1"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pending_writes (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace   TEXT NOT NULL,
    key         TEXT NOT NULL,
    value       TEXT,
    index_spec  TEXT,
    ttl         REAL,
    enqueued_at REAL NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS pending_writes_item ON pending_writes (namespace, key);
CREATE TABLE IF NOT EXISTS dead_letters (
    seq         INTEGER PRIMARY KEY,
    namespace   TEXT NOT NULL,
    key         TEXT NOT NULL,
    value       TEXT,
    index_spec  TEXT,
    ttl         REAL,
    enqueued_at REAL NOT NULL,
    error_type  TEXT NOT NULL,
    failed_at   REAL NOT NULL
);
"""

ItemKey = tuple[tuple[str, ...], str]


@dataclass(frozen=True)
class PendingWrite:
    """One queued write as read back from the outbox.

    Attributes:
        seq: position in replay order (strictly increasing, never reused).
        op: the ``PutOp`` to replay (``op.value is None`` is a delete).
        enqueued_at: unix time the write was queued.
    """

    seq: int
    op: PutOp
    enqueued_at: float

    @property
    def namespace(self) -> tuple[str, ...]:
        """The item's namespace."""
        return self.op.namespace

    @property
    def key(self) -> str:
        """The item's key."""
        return self.op.key

    def as_item(self) -> Item | None:
        """The item as it will be once replayed (``None`` for a pending delete)."""
        if self.op.value is None:
            return None
        at = datetime.fromtimestamp(self.enqueued_at, tz=timezone.utc)
        return Item(
            value=dict(self.op.value),
            key=self.op.key,
            namespace=self.op.namespace,
            created_at=at,
            updated_at=at,
        )


def _ns_text(namespace: tuple[str, ...]) -> str:
    return json.dumps(list(namespace), ensure_ascii=False, separators=(",", ":"))


class Outbox:
    """Pending writes on disk, one per item, replayed oldest first.

    Args:
        path: SQLite file, or ``":memory:"`` for an outbox that survives store outages but
            not a process restart.
        max_size: the most pending items; a write of a *new* item beyond it raises
            :class:`~langmem_plus.errors.OutboxFullError` (superseding a queued item is
            always accepted, it does not grow the outbox).
        synchronous: SQLite ``synchronous`` level, ``"NORMAL"`` (process-crash safe) or
            ``"FULL"`` (also power-loss safe, one fsync per enqueue).

    Raises:
        OutboxInUseError: another live outbox holds ``path``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] = ":memory:",
        *,
        max_size: int = 10_000,
        synchronous: Literal["NORMAL", "FULL"] = "NORMAL",
    ) -> None:
        if max_size < 1:
            raise ValueError(f"outbox max_size must be >= 1, got {max_size!r}")
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError(f"synchronous must be 'NORMAL' or 'FULL', got {synchronous!r}")
        self.path = os.fspath(path)
        self.max_size = max_size
        self._lock = threading.Lock()
        self._lock_fd: int | None = None
        self._closed = False
        if self.path != ":memory:":
            if not os.path.isdir(folder := os.path.dirname(os.path.abspath(self.path))):
                raise FileNotFoundError(
                    f"outbox_path {self.path!r}: folder {folder!r} does not exist; create it first"
                )
            self._take_file_lock()
        try:
            if self.path != ":memory:":
                _owner_only(self.path)
            self._conn = sqlite3.connect(
                self.path, check_same_thread=False, isolation_level=None, timeout=5.0
            )
            if self.path != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute(f"PRAGMA synchronous={synchronous}")
            # a replayed write's text is overwritten on disk, not only unlinked from the b-tree:
            # the outbox lives in the store's folder, and forgotten text must leave the disk
            self._conn.execute("PRAGMA secure_delete=ON")
            self._conn.executescript(_SCHEMA)
            self._conn.execute(
                "INSERT OR IGNORE INTO meta (k, v) VALUES ('schema_version', ?)",
                (_SCHEMA_VERSION,),
            )
            # mirror of (namespace, key) -> seq, so "is anything pending?" costs no I/O
            self._pending: dict[ItemKey, int] = {}
            for seq, ns, key in self._conn.execute(
                "SELECT seq, namespace, key FROM pending_writes ORDER BY seq"
            ):
                self._pending[(tuple(json.loads(ns)), key)] = seq
        except BaseException:
            self._release_file_lock()
            raise

    # -- state -----------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        """Number of pending writes (one per item)."""
        return len(self._pending)

    def __len__(self) -> int:
        return len(self._pending)

    def has_pending(self, namespace: tuple[str, ...], key: str) -> bool:
        """Whether a write to this item is waiting for replay."""
        return (namespace, key) in self._pending

    @property
    def dead_letter_count(self) -> int:
        """Writes the store rejected as invalid on replay, kept aside in ``dead_letters``."""
        with self._lock:
            self._check_open()
            row = self._conn.execute("SELECT COUNT(*) FROM dead_letters").fetchone()
        return int(row[0])

    # -- writes ----------------------------------------------------------------------------

    def enqueue(self, ops: Sequence[PutOp]) -> int:
        """Queue writes in order, each superseding any pending write to the same item.

        All or nothing: if the new items do not fit, nothing is queued.

        Returns:
            How many of ``ops`` superseded an already pending write.

        Raises:
            OutboxFullError: the writes would take the outbox past ``max_size``.
            ValueNotSerializableError: a value is not JSON (nothing is queued).
        """
        if not ops:
            return 0
        rows = []
        for op in ops:
            # The store's own rules (depth, size, integers, surrogates ...): a value the store
            # would refuse on replay is refused now, while the caller can still hear it.
            # The outbox's message names the item and the rule, never the value's contents:
            # queued writes are what a degraded turn logs about.
            try:
                value = (
                    None
                    if op.value is None
                    else json.dumps(validate_value(op.namespace, op.key, op.value))
                )
            except ValueNotSerializableError as exc:
                rule = _LIMIT.search(str(exc))
                raise ValueNotSerializableError(
                    f"the value for key {op.key!r} in namespace {op.namespace!r} would be "
                    f"refused by the store ({rule.group(0) if rule else 'not plain JSON'}), "
                    "so it cannot wait in the outbox; store plain JSON values within the "
                    "limits of langmem_plus.stores.values"
                ) from None
            index = None if op.index is None else json.dumps(op.index)
            rows.append((_ns_text(op.namespace), op.key, value, index, op.ttl, op))
        now = time.time()
        with self._lock:
            self._check_open()
            keys = {(op.namespace, op.key) for op in ops}
            new = sum(1 for k in keys if k not in self._pending)
            if len(self._pending) + new > self.max_size:
                raise OutboxFullError(
                    f"the write outbox at {self.path!r} holds {len(self._pending)} pending "
                    f"writes and its bound is {self.max_size}; {new} new item(s) were refused. "
                    "The memory store has been unavailable for a while: restore it, or raise "
                    "outbox_max"
                )
            superseded = 0
            seqs: dict[ItemKey, int] = {}
            cur = self._conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                for ns_text, key, value, index, ttl, op in rows:
                    cur.execute(
                        "DELETE FROM pending_writes WHERE namespace = ? AND key = ?",
                        (ns_text, key),
                    )
                    superseded += cur.rowcount
                    cur.execute(
                        "INSERT INTO pending_writes "
                        "(namespace, key, value, index_spec, ttl, enqueued_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (ns_text, key, value, index, ttl, now),
                    )
                    seqs[(op.namespace, op.key)] = int(cur.lastrowid or 0)
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            for k, seq in seqs.items():
                self._pending.pop(k, None)  # re-insert so the mirror keeps seq order
                self._pending[k] = seq
        return superseded

    def peek(self, limit: int) -> list[PendingWrite]:
        """The ``limit`` oldest pending writes, in replay order (nothing is removed)."""
        with self._lock:
            self._check_open()
            rows = self._conn.execute(
                "SELECT seq, namespace, key, value, index_spec, ttl, enqueued_at "
                "FROM pending_writes ORDER BY seq LIMIT ?",
                (limit,),
            ).fetchall()
        return [_row_to_pending(r) for r in rows]

    def get_pending(self, items: Iterable[ItemKey]) -> dict[ItemKey, PendingWrite]:
        """The pending write of each of ``items`` that has one."""
        wanted = [k for k in items if k in self._pending]
        if not wanted:
            return {}
        out: dict[ItemKey, PendingWrite] = {}
        with self._lock:
            self._check_open()
            for ns, key in wanted:
                row = self._conn.execute(
                    "SELECT seq, namespace, key, value, index_spec, ttl, enqueued_at "
                    "FROM pending_writes WHERE namespace = ? AND key = ?",
                    (_ns_text(ns), key),
                ).fetchone()
                if row is not None:
                    out[(ns, key)] = _row_to_pending(row)
        return out

    def ack(self, writes: Sequence[PendingWrite]) -> int:
        """Remove replayed writes, matching by sequence number (a write that superseded one of
        them meanwhile stays). Returns how many rows were removed."""
        if not writes:
            return 0
        with self._lock:
            self._check_open()
            removed = self._delete_seqs([w.seq for w in writes])
            for w in writes:
                k = (w.namespace, w.key)
                if self._pending.get(k) == w.seq:
                    del self._pending[k]
        return removed

    def dead_letter(self, write: PendingWrite, error_type: str) -> None:
        """Move a write the store refused as invalid out of the replay queue, keeping it."""
        with self._lock:
            self._check_open()
            cur = self._conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute(
                    "INSERT OR REPLACE INTO dead_letters SELECT seq, namespace, key, value, "
                    "index_spec, ttl, enqueued_at, ?, ? FROM pending_writes WHERE seq = ?",
                    (error_type, time.time(), write.seq),
                )
                cur.execute("DELETE FROM pending_writes WHERE seq = ?", (write.seq,))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            k = (write.namespace, write.key)
            if self._pending.get(k) == write.seq:
                del self._pending[k]

    # -- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database and release the path lock. Pending writes stay on disk."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._conn.close()
        self._release_file_lock()

    def __enter__(self) -> Outbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------

    def _delete_seqs(self, seqs: list[int]) -> int:
        removed = 0
        cur = self._conn.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            for i in range(0, len(seqs), 500):
                part = seqs[i : i + 500]
                cur.execute(
                    f"DELETE FROM pending_writes WHERE seq IN ({','.join('?' * len(part))})",
                    part,
                )
                removed += cur.rowcount
            cur.execute("COMMIT")
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        return removed

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"the outbox at {self.path!r} is closed")

    def _take_file_lock(self) -> None:
        if fcntl is None:  # pragma: no cover - Windows
            return
        fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise OutboxInUseError(
                f"the outbox at {self.path!r} is already open in another ResilientStore "
                "(in this or another process); give each process its own outbox_path, or "
                "close() the other store first"
            ) from None
        self._lock_fd = fd

    def _release_file_lock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor drops the flock
            self._lock_fd = None


def _owner_only(path: str) -> None:
    """Create the outbox file readable by its owner only (0600), or narrow an existing one;
    SQLite gives its -wal and -shm files the same mode."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    if os.stat(path).st_mode & 0o077:
        os.chmod(path, 0o600)


def _row_to_pending(row: tuple[Any, ...]) -> PendingWrite:
    seq, ns, key, value, index, ttl, enqueued_at = row
    op = PutOp(
        namespace=tuple(json.loads(ns)),
        key=key,
        value=None if value is None else json.loads(value),
        index=None if index is None else json.loads(index),
        ttl=ttl,
    )
    return PendingWrite(seq=seq, op=op, enqueued_at=enqueued_at)
