"""The intent record that makes one logical write on Qdrant Edge all-or-nothing.

One ``store.batch`` can need several engine writes (a ``forget`` deletes rows and upserts the
re-rendered profile; a verdict deletes the current row and upserts its history version).
A crash between two of them would leave half a write behind. So the writes of a batch are
collected (``drive``/``adrive``), recorded as one intent, applied in order, and the intent
removed; the next open replays an intent it finds. Every write call is idempotent (a delete
by id, an upsert of the whole point, a payload set by id), so applying the batch again from
the start rolls it forward to the state the caller asked for.

Where the intent lives (issue 14): the Edge engine keeps it as one point of the shard itself
(``encode_calls``), written and deleted through the same write-ahead log as the batch, so
it is ordered with the writes it protects and costs no file I/O: two engine updates instead
of a journal file written, fsynced, renamed, fsynced and unlinked and fsynced (three fsyncs,
10-25 ms of wall time a batch on a busy disk). Edge's log is memory-mapped and not fsynced
on each update, so an acknowledged write survives a crash of the process, not of the
machine; the intent gives all-or-nothing for exactly what the log keeps. ``IntentJournal``,
the file an older release wrote (``intent.json``), is still read and replayed at open.

Example:
    >>> import tempfile
    >>> from langmem_plus.stores.calls import Delete, PointData, Upsert
    >>> batch = [Delete(ids=["a"]), Upsert(points=[PointData(id="b", payload={"x": 1})])]
    >>> [type(c).__name__ for c in decode_calls(encode_calls(batch))]
    ['Delete', 'Upsert']
    >>> journal = IntentJournal(tempfile.mkdtemp())
    >>> journal.write(batch)
    >>> [type(c).__name__ for c in journal.pending() or []]
    ['Delete', 'Upsert']
    >>> journal.clear(); journal.pending() is None
    True
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from collections.abc import Awaitable, Callable, Generator, Sequence
from typing import Any

from langmem_plus.stores import calls as _calls
from langmem_plus.stores.calls import (
    Call,
    Condition,
    Delete,
    DeleteByFilter,
    PointData,
    SetPayload,
    Sparse,
    Upsert,
    Where,
)

__all__ = [
    "JOURNAL_NAME",
    "WRITE_CALLS",
    "IntentJournal",
    "adrive",
    "decode_calls",
    "drive",
    "encode_calls",
    "fsync_dir",
    "write_private",
]

JOURNAL_NAME = "intent.json"
"""The journal's file name inside the store folder."""

WRITE_CALLS = (Upsert, Delete, DeleteByFilter, SetPayload)
"""Calls that change the store; they return nothing, so a plan never waits on their result."""

_FORMAT = 1


def write_private(path: str, data: str) -> None:
    """Write ``data`` to ``path`` owner-only (0600) and fsync it before returning."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, data.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: str) -> None:
    """Make a rename or unlink inside ``path`` durable (a no-op where directories cannot be
    opened, e.g. on Windows)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---- encoding ---------------------------------------------------------------------------


def _encode_condition(c: Condition) -> dict[str, Any]:
    fields = {f.name: getattr(c, f.name) for f in dataclasses.fields(c)}
    out: dict[str, Any] = {"type": type(c).__name__}
    for name, value in fields.items():
        if isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
            out[name] = [_encode_condition(v) for v in value]
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    return out


def _decode_condition(data: dict[str, Any]) -> Condition:
    cls = getattr(_calls, data["type"])
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        if name == "type":
            continue
        if isinstance(value, list) and value and isinstance(value[0], dict):
            kwargs[name] = tuple(_decode_condition(v) for v in value)
        elif isinstance(value, list):
            kwargs[name] = tuple(value)
        else:
            kwargs[name] = value
    return cls(**kwargs)


def _encode(call: Call) -> dict[str, Any]:
    if isinstance(call, Upsert):
        return {
            "call": "upsert",
            "points": [
                {
                    "id": p.id,
                    "payload": p.payload,
                    "dense": p.dense,
                    "sparse": None
                    if p.sparse is None
                    else {"indices": p.sparse.indices, "values": p.sparse.values},
                }
                for p in call.points
            ],
        }
    if isinstance(call, Delete):
        return {"call": "delete", "ids": list(call.ids)}
    if isinstance(call, SetPayload):
        return {"call": "set_payload", "ids": list(call.ids), "payload": call.payload}
    if isinstance(call, DeleteByFilter):
        return {"call": "delete_by_filter", "filter": _encode_condition(call.filter)}
    raise TypeError(f"only write calls are journaled, not {type(call).__name__}")


def _decode(data: dict[str, Any]) -> Call:
    kind = data["call"]
    if kind == "upsert":
        return Upsert(
            points=[
                PointData(
                    id=p["id"],
                    payload=p["payload"],
                    dense=p["dense"],
                    sparse=None if p["sparse"] is None else Sparse(**p["sparse"]),
                )
                for p in data["points"]
            ]
        )
    if kind == "delete":
        return Delete(ids=list(data["ids"]))
    if kind == "set_payload":
        return SetPayload(ids=list(data["ids"]), payload=data["payload"])
    if kind == "delete_by_filter":
        flt = _decode_condition(data["filter"])
        assert isinstance(flt, Where)
        return DeleteByFilter(filter=flt)
    raise ValueError(f"unknown journaled call {kind!r}")


def encode_calls(calls: Sequence[Call]) -> str:
    """The write calls of one batch as JSON text (``decode_calls`` reads it back)."""
    return json.dumps({"format": _FORMAT, "calls": [_encode(c) for c in calls]})


def decode_calls(text: str) -> list[Call]:
    """The calls ``encode_calls`` wrote.

    Raises:
        ValueError: the text is not an intent this release can read.
    """
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise ValueError(f"not an intent of format {_FORMAT}: {text[:80]!r}")
    return [_decode(c) for c in data["calls"]]


# ---- the journal file (written by releases before issue 14; still replayed) -------------


class IntentJournal:
    """The intent file of one store folder (``intent.json``): what releases before issue 14
    wrote before a multi-call write and removed after. An open still replays one it finds;
    a store whose intent point cannot be applied also leaves it here for the user to move
    aside (``EdgeEngine``)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, JOURNAL_NAME)

    def write(self, calls: Sequence[Call]) -> None:
        """Record ``calls`` durably (written aside, fsynced, renamed into place)."""
        data = encode_calls(calls)
        tmp = self.path + ".tmp"
        write_private(tmp, data)
        os.replace(tmp, self.path)
        fsync_dir(self.folder)

    def pending(self) -> list[Call] | None:
        """The calls of a write that a crash interrupted, or None. A journal torn while it
        was being written was never renamed into place, so its batch had not started."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path + ".tmp")
        try:
            with open(self.path, encoding="utf-8") as fh:
                data = json.load(fh)
        except FileNotFoundError:
            return None
        return [_decode(c) for c in data["calls"]]

    def clear(self) -> None:
        """Remove the journal: its writes are applied (or were refused before any applied)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        fsync_dir(self.folder)


# ---- driving a plan ---------------------------------------------------------------------


def drive(
    plan: Generator[Call, Any, Any],
    call: Callable[[Call], Any],
    write: Callable[[list[Call]], None],
) -> Any:
    """Run ``plan``: reads through ``call`` as they come, writes collected and handed to
    ``write`` together, before the next read and at the end (so a read still sees the
    writes planned before it).

    Example:
        >>> from langmem_plus.stores.calls import Retrieve
        >>> def plan():
        ...     yield Delete(ids=["a"]); yield Delete(ids=["b"])
        ...     found = yield Retrieve(ids=["c"])
        ...     return found
        >>> drive(plan(), lambda c: ["c"], lambda ws: print(len(ws), "writes"))
        2 writes
        ['c']
    """
    pending: list[Call] = []
    try:
        step = next(plan)
        while True:
            if isinstance(step, WRITE_CALLS):
                pending.append(step)
                result = None
            else:
                if pending:
                    write(pending)
                    pending = []
                result = call(step)
            step = plan.send(result)
    except StopIteration as done:
        if pending:
            write(pending)
        return done.value


async def adrive(
    plan: Generator[Call, Any, Any],
    call: Callable[[Call], Awaitable[Any]],
    write: Callable[[list[Call]], Awaitable[None]],
) -> Any:
    """The async twin of ``drive``."""
    pending: list[Call] = []
    try:
        step = next(plan)
        while True:
            if isinstance(step, WRITE_CALLS):
                pending.append(step)
                result = None
            else:
                if pending:
                    await write(pending)
                    pending = []
                result = await call(step)
            step = plan.send(result)
    except StopIteration as done:
        if pending:
            await write(pending)
        return done.value
