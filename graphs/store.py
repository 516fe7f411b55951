"""The long-term store for the example graphs under ``langgraph dev`` / LangGraph Platform.

``langgraph.json`` points the server at ``generate_store`` (``"store": {"path":
"./store.py:generate_store"}``); the server enters it once at startup, uses the store it
yields for every run **instead of** its built-in store, and closes it at shutdown. The store
is a ``QdrantStore``:

- ``LANGMEM_PLUS_URL`` set: a Qdrant server or cluster at that URL;
- else an embedded Qdrant Edge store at ``LANGMEM_PLUS_PATH``, default ``.langmem_plus`` in
  the repository root (the folder the ``langmem-plus`` CLI opens when run from there).

These are the variables the CLI reads, so ``langmem-plus memories list alice`` shows what
the graphs remembered. Qdrant Edge allows one owner per path: stop the server before the CLI
opens the same path (or point both at a Qdrant server).

Example:
    >>> import tempfile
    >>> with open_store(path=tempfile.mkdtemp()) as store:
    ...     store.put(("notes",), "k", {"text": "hi"})
    ...     store.get(("notes",), "k").value
    {'text': 'hi'}
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from langgraph.store.base import BaseStore

from langmem_plus.resilience import protect
from langmem_plus.stores import QdrantStore

DEFAULT_PATH = Path(__file__).resolve().parents[1] / ".langmem_plus"
"""Where the embedded store lives when neither ``LANGMEM_PLUS_URL`` nor ``LANGMEM_PLUS_PATH``
is set."""


def open_store(
    *, url: str | None = None, path: str | os.PathLike[str] | None = None
) -> QdrantStore:
    """A ``QdrantStore`` at ``url`` (default ``$LANGMEM_PLUS_URL``), else at ``path``
    (default ``$LANGMEM_PLUS_PATH``, else ``DEFAULT_PATH``). The caller closes it."""
    url = url or os.environ.get("LANGMEM_PLUS_URL")
    if url:
        return QdrantStore(url=url)
    return QdrantStore(path=path or os.environ.get("LANGMEM_PLUS_PATH") or DEFAULT_PATH)


@asynccontextmanager
async def generate_store() -> AsyncIterator[BaseStore]:
    """What ``langgraph.json``'s ``store.path`` names: yields the store, closes it on exit
    (an Edge shard is flushed to disk and its path freed for the CLI).

    The store is yielded already behind the memory layer's default protection (a
    ``ResilientStore`` with its outbox file in the store's folder, as ``protect`` builds
    it), opened in a worker thread: ``langgraph dev`` refuses a blocking call (here the
    outbox's SQLite file) on its event loop, and the memory nodes would otherwise build
    that wrapper during the first run. They use a ``ResilientStore`` as given.
    """
    store = await asyncio.to_thread(open_store)
    protected = await asyncio.to_thread(protect, store)
    try:
        yield protected
    finally:
        await protected.aclose()
        await asyncio.to_thread(store.close)
