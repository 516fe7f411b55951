"""Protection by default: the store of the node pair, the middleware and the tools.

``create_memory_nodes``, ``add_memory``, ``MemoryMiddleware`` and ``create_memory_tools``
run their store calls through :func:`protect` unless the caller passes
``resilience=False``. It wraps the graph's store in a :class:`ResilientStore` with
:data:`INTERACTIVE_DEFAULTS` (a turn waits at most one 300 ms read deadline for a hung
store, then runs without memory), and:

* never wraps a store that already is a ``ResilientStore`` (the caller's own settings win);
* shares one wrapper per store object and settings in a process, so the node pair, the
  middleware and the tools over one store share one breaker and one outbox;
* keeps the outbox (the writes waiting for the store) in a file inside the store's own
  folder when the store lives on disk (``QdrantStore(path=...)`` ->
  ``<path>/outbox.sqlite``), so a restart does not lose them; for any other store (a
  server, ``InMemoryStore``, ``PostgresStore``) it is in memory, which survives an outage
  but not a restart: pass ``resilience={"outbox_path": ...}`` for a durable one. If that
  file is held by another live outbox, this one is kept in memory and a warning says so.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> inner = InMemoryStore()
    >>> store = protect(inner)
    >>> store is protect(inner), protect(store) is store, store.store is inner
    (True, True, True)
    >>> default_outbox_path(inner) is None
    True
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from langgraph.store.base import BaseStore

from langmem_plus.errors import OutboxInUseError
from langmem_plus.resilience.store import ResilientStore

__all__ = ["INTERACTIVE_DEFAULTS", "OUTBOX_FILE", "default_outbox_path", "protect"]

logger = logging.getLogger("langmem_plus.resilience")

INTERACTIVE_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "read_timeout": 0.3,
        "write_timeout": 1.0,
        "failure_threshold": 5,
        "recovery_time": 10.0,
    }
)
"""What the memory layer wraps a store with when the caller says nothing.

* ``read_timeout`` 0.3 s: a healthy store answers a turn's reads in well under a
  millisecond (Qdrant Edge) or a few milliseconds (a server); a turn never waits more than
  this for memory before answering without it.
* ``write_timeout`` 1.0 s: writes run after the answer is made, and a write that misses it
  is kept in the outbox and replayed, not lost.
* ``failure_threshold`` 5: five missed deadlines or errors in a row open the breaker; then
  turns do not wait at all.
* ``recovery_time`` 10 s: an open breaker lets one probe call through every 10 s, so memory
  is back within seconds of the store (the outbox replays then, in order).
"""

OUTBOX_FILE = "outbox.sqlite"
"""The outbox's file name inside a store's folder."""

_lock = threading.Lock()
_wrappers: weakref.WeakValueDictionary[tuple[int, str], ResilientStore] = (
    weakref.WeakValueDictionary()
)


def default_outbox_path(store: BaseStore) -> str | None:
    """``<folder>/outbox.sqlite`` for a store kept in a folder on disk, else ``None``.

    A store says where it lives with a ``path`` attribute, or (``QdrantStore(path=...)``,
    ``AsyncQdrantStore(path=...)``) through its Qdrant Edge engine.
    """
    for holder in (store, getattr(store, "_engine", None), getattr(store, "_edge", None)):
        path = getattr(holder, "path", None)
        if isinstance(path, (str, os.PathLike)) and os.path.isdir(path):
            return os.path.join(os.fspath(path), OUTBOX_FILE)
    return None


def protect(store: BaseStore, options: Mapping[str, Any] | None = None) -> ResilientStore:
    """``store`` behind a deadline, a breaker and an outbox, shared per store and settings.

    Args:
        store: the store to protect; a ``ResilientStore`` is returned unchanged.
        options: ``ResilientStore`` keyword arguments over :data:`INTERACTIVE_DEFAULTS`
            (``outbox_path`` defaults to :func:`default_outbox_path`).

    Raises:
        TypeError: ``store`` is not a LangGraph ``BaseStore``.
    """
    if isinstance(store, ResilientStore):
        return store
    settings = {**INTERACTIVE_DEFAULTS, **dict(options or {})}
    key = (id(store), repr(sorted(settings.items())))
    with _lock:
        found = _wrappers.get(key)
        if found is not None and found.store is store and not found.closed:
            return found
        wrapper = _build(store, settings)
        _wrappers[key] = wrapper
        return wrapper


def _build(store: BaseStore, settings: dict[str, Any]) -> ResilientStore:
    if "outbox_path" in settings:
        return ResilientStore(store, **settings)
    path = default_outbox_path(store)
    if path is None:
        return ResilientStore(store, **settings)
    try:
        return ResilientStore(store, outbox_path=path, **settings)
    except OutboxInUseError:
        logger.warning(
            "memory store outbox %s is held by another live ResilientStore; this one keeps "
            "its queued writes in memory (pass resilience={'outbox_path': ...} to choose)",
            path,
        )
        return ResilientStore(store, **settings)
