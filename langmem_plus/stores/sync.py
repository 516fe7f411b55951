"""``QdrantStore``: LangGraph's ``BaseStore`` on Qdrant Edge (embedded) or a Qdrant server."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Generator, Iterable
from types import TracebackType
from typing import Any

from langgraph.store.base import BaseStore, Op, Result, TTLConfig
from qdrant_client import QdrantClient

from langmem_plus.stores.base import BaseQdrantStore
from langmem_plus.stores.calls import Call, EmbedDocuments, EmbedQueries
from langmem_plus.stores.config import QdrantIndexConfig
from langmem_plus.stores.engines.client import ClientPlanner, SyncClientEngine
from langmem_plus.stores.engines.edge import CompactReport, EdgeEngine
from langmem_plus.stores.journal import drive
from langmem_plus.stores.sweeper import Sweeper

__all__ = ["QdrantStore"]

DEFAULT_COLLECTION = "langgraph_store"


def choose_target(path: Any, url: Any, location: Any, client: Any) -> str:
    """Which engine the arguments ask for; exactly one must be given."""
    given = [
        n
        for n, v in (("path", path), ("url", url), ("location", location), ("client", client))
        if v is not None
    ]
    if len(given) != 1:
        raise ValueError(
            "give exactly one of path= (embedded Qdrant Edge on disk), url= (a Qdrant server), "
            f"location=':memory:' (qdrant-client local mode) or client=; got {given or 'none'}"
        )
    return given[0]


class QdrantStore(BaseQdrantStore, BaseStore):
    """A LangGraph ``BaseStore`` on Qdrant, usable wherever ``PostgresStore`` is.

    ``path=`` runs the real Qdrant engine in-process (Qdrant Edge), persistent on disk: the
    default for apps and tests, no server needed. ``url=``/``api_key=`` talk to a Qdrant
    server or cluster; ``location=":memory:"`` uses qdrant-client's local mode (slow at
    scale, for experiments). Without an embedding model, a query is ranked by Qdrant's BM25
    over the indexed fields; with one, by the dense vectors (``hybrid=True``: both, RRF).

    Example:
        >>> import tempfile
        >>> with QdrantStore(path=tempfile.mkdtemp(), index={"fields": ["text"]}) as store:
        ...     store.put(("users", "alice"), "m1", {"text": "Alice prefers metric units"})
        ...     store.put(("users", "alice"), "m2", {"text": "Alice lives in Berlin"})
        ...     [i.key for i in store.search(("users", "alice"), query="units")]
        ['m1', 'm2']
    """

    def __init__(
        self,
        *,
        path: str | os.PathLike[str] | None = None,
        url: str | None = None,
        api_key: str | None = None,
        location: str | None = None,
        client: QdrantClient | None = None,
        collection_name: str = DEFAULT_COLLECTION,
        index: QdrantIndexConfig | None = None,
        ttl: TTLConfig | None = None,
    ) -> None:
        super().__init__()
        self._configure(index, ttl)
        target = choose_target(path, url, location, client)
        self._engine: EdgeEngine | SyncClientEngine
        if target == "path":
            assert path is not None
            self._engine = EdgeEngine(path, dims=self.dims, distance=self.distance)
        else:
            planner = ClientPlanner(collection_name, dims=self.dims, distance=self.distance)
            owns = client is None
            if client is None:
                client = (
                    QdrantClient(url=url, api_key=api_key)
                    if url is not None
                    else QdrantClient(location=location)
                )
            self._engine = SyncClientEngine(client, planner, owns_client=owns)
            self._engine.setup()
        self._sweeper: Sweeper | None = None
        if ttl and ttl.get("sweep_interval_minutes"):
            self.start_ttl_sweeper()

    # ---- execution ---------------------------------------------------------------------

    def _call(self, call: Call) -> Any:
        if isinstance(call, EmbedDocuments):
            assert self.embeddings is not None
            return self.embeddings.embed_documents(call.texts)
        if isinstance(call, EmbedQueries):
            assert self.embeddings is not None
            return [self.embeddings.embed_query(t) for t in call.texts]
        return self._engine.execute(call)

    def _prefix_index(self) -> bool:
        return isinstance(self._engine, EdgeEngine) and self._engine.prefix_index

    def _write(self, calls: list[Call]) -> None:
        if isinstance(self._engine, EdgeEngine):
            self._engine.execute_writes(calls)
            return
        for call in calls:
            self._engine.execute(call)

    def _drive(self, plan: Generator[Call, Any, Any]) -> Any:
        # The writes of one batch reach the engine together: on Edge, all-or-nothing.
        return drive(plan, self._call, self._write)

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Execute ops in order of results; reads see the state before this batch's writes."""
        return self._drive(self._plan_batch(ops))

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """Async face of the sync store: the blocking work runs in a worker thread."""
        return await asyncio.to_thread(self.batch, list(ops))

    @property
    def inline_lock(self) -> threading.RLock | None:
        """The one lock every call takes when a call can wait on nothing else, else ``None``.

        On Qdrant Edge without an embedding model a call is in-process work under the
        engine's lock, so a ``ResilientStore`` may run it in the calling thread whenever the
        lock is free (see its ``sync_inline``). ``None`` on a server (the network can hang)
        or with an embedding model (it may call a service).
        """
        if isinstance(self._engine, EdgeEngine) and self.embeddings is None:
            return self._engine.lock
        return None

    @property
    def shows_batches_whole(self) -> bool:
        """Whether a read never sees part of one ``batch``'s writes: on Qdrant Edge they
        are applied under the lock every read takes; a server applies them call by call."""
        return isinstance(self._engine, EdgeEngine)

    # ---- lifecycle ---------------------------------------------------------------------

    def setup(self) -> None:
        """Create the collection and payload indexes if missing (done on open; idempotent)."""
        if isinstance(self._engine, SyncClientEngine):
            self._engine.setup()

    def sweep_ttl(self) -> None:
        """Delete every expired item now."""
        self._drive(self._plan_sweep())

    def compact(self, progress: Callable[[int, int], object] | None = None) -> CompactReport:
        """Rewrite an embedded store so deleted items leave the disk (WAL, segments, indexes).

        ``forget``/``delete`` remove an item from every read at once, but Qdrant Edge keeps
        its bytes in the write-ahead log and the payload indexes until much later. This
        copies every live item (with its vectors and indexes) into a fresh shard, swaps it in
        by rename and deletes the old files. Calls wait while it runs; a crash leaves the old
        or the new shard, never a mix. ``progress(done, total)`` is called as items copy.

        Raises:
            NotImplementedError: the store is a Qdrant server or qdrant-client local mode
                (a server reclaims deleted points with its own optimizer).

        Example:
            >>> import tempfile
            >>> with QdrantStore(path=tempfile.mkdtemp()) as store:
            ...     store.put(("docs",), "a", {"text": "keep"})
            ...     store.put(("docs",), "b", {"text": "forget me"})
            ...     store.delete(("docs",), "b")
            ...     report = store.compact()
            ...     report.points, store.get(("docs",), "a").value
            (1, {'text': 'keep'})
        """
        if not isinstance(self._engine, EdgeEngine):
            raise NotImplementedError(
                "compact() rewrites an embedded store (QdrantStore(path=...)); a Qdrant "
                "server removes deleted points from disk with its own optimizer"
            )
        return self._engine.compact(progress)

    def start_ttl_sweeper(self, sweep_interval_minutes: float | None = None) -> Sweeper:
        """Start deleting expired items periodically (``ttl.sweep_interval_minutes``)."""
        if self._sweeper is not None and self._sweeper.running:
            return self._sweeper
        minutes = sweep_interval_minutes or (self.ttl_config or {}).get("sweep_interval_minutes")
        if not minutes:
            raise ValueError("no sweep interval: pass sweep_interval_minutes or set it in ttl=")
        self._sweeper = Sweeper(self.sweep_ttl, float(minutes) * 60.0, "qdrant-store-ttl").start()
        return self._sweeper

    def stop_ttl_sweeper(self, timeout: float | None = None) -> bool:
        """Stop the sweeper; True when it has stopped (or never ran)."""
        if self._sweeper is None:
            return True
        stopped = self._sweeper.stop(timeout)
        self._sweeper = None
        return stopped

    def close(self) -> None:
        """Stop the sweeper and close the engine (flushes an Edge shard to disk)."""
        self.stop_ttl_sweeper(timeout=5)
        self._engine.close()

    def __enter__(self) -> QdrantStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
