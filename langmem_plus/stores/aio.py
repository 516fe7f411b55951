"""``AsyncQdrantStore``: the async LangGraph store on Qdrant Edge or a Qdrant server."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Generator, Iterable
from types import TracebackType
from typing import Any

from langgraph.store.base import Op, Result, TTLConfig
from langgraph.store.base.batch import AsyncBatchedBaseStore
from qdrant_client import AsyncQdrantClient

from langmem_plus.stores.base import BaseQdrantStore
from langmem_plus.stores.calls import Call, EmbedDocuments, EmbedQueries
from langmem_plus.stores.config import QdrantIndexConfig
from langmem_plus.stores.engines.client import AsyncClientEngine, ClientPlanner
from langmem_plus.stores.engines.edge import CompactReport, EdgeEngine
from langmem_plus.stores.journal import adrive
from langmem_plus.stores.sync import DEFAULT_COLLECTION, choose_target

__all__ = ["AsyncQdrantStore"]


class AsyncQdrantStore(BaseQdrantStore, AsyncBatchedBaseStore):
    """The async twin of ``QdrantStore``; build it inside a running event loop.

    Concurrent ``aget``/``aput``/``asearch`` calls are gathered into one ``abatch`` (like
    ``AsyncPostgresStore``). Sync methods work from other threads and raise
    ``asyncio.InvalidStateError`` on the loop's own thread, as LangGraph's async stores do.

    Example:
        >>> import asyncio, tempfile
        >>> async def main():
        ...     async with AsyncQdrantStore(path=tempfile.mkdtemp()) as store:
        ...         await store.aput(("docs",), "a", {"text": "hello"})
        ...         return (await store.aget(("docs",), "a")).value
        >>> asyncio.run(main())
        {'text': 'hello'}
    """

    def __init__(
        self,
        *,
        path: str | os.PathLike[str] | None = None,
        url: str | None = None,
        api_key: str | None = None,
        location: str | None = None,
        client: AsyncQdrantClient | None = None,
        collection_name: str = DEFAULT_COLLECTION,
        index: QdrantIndexConfig | None = None,
        ttl: TTLConfig | None = None,
    ) -> None:
        super().__init__()
        self._configure(index, ttl)
        target = choose_target(path, url, location, client)
        self._edge: EdgeEngine | None = None
        self._client: AsyncClientEngine | None = None
        if target == "path":
            assert path is not None
            self._edge = EdgeEngine(path, dims=self.dims, distance=self.distance)
        else:
            planner = ClientPlanner(collection_name, dims=self.dims, distance=self.distance)
            owns = client is None
            if client is None:
                client = (
                    AsyncQdrantClient(url=url, api_key=api_key)
                    if url is not None
                    else AsyncQdrantClient(location=location)
                )
            self._client = AsyncClientEngine(client, planner, owns_client=owns)
        self._sweep_task: asyncio.Task[None] | None = None

    @property
    def shows_batches_whole(self) -> bool:
        """Whether a read never sees part of one ``abatch``'s writes: on Qdrant Edge they
        are applied under the lock every read takes; a server applies them call by call."""
        return self._edge is not None

    async def _call(self, call: Call) -> Any:
        if isinstance(call, EmbedDocuments):
            assert self.embeddings is not None
            return await self.embeddings.aembed_documents(call.texts)
        if isinstance(call, EmbedQueries):
            assert self.embeddings is not None
            return list(
                await asyncio.gather(*(self.embeddings.aembed_query(t) for t in call.texts))
            )
        if self._edge is not None:
            return await asyncio.to_thread(self._edge.execute, call)
        assert self._client is not None
        return await self._client.execute(call)

    def _prefix_index(self) -> bool:
        return self._edge is not None and self._edge.prefix_index

    async def _write(self, calls: list[Call]) -> None:
        if self._edge is not None:
            await asyncio.to_thread(self._edge.execute_writes, calls)
            return
        assert self._client is not None
        for call in calls:
            await self._client.execute(call)

    async def _drive(self, plan: Generator[Call, Any, Any]) -> Any:
        # The writes of one batch reach the engine together: on Edge, all-or-nothing.
        return await adrive(plan, self._call, self._write)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """Execute ops; reads see the state before this batch's writes."""
        return await self._drive(self._plan_batch(ops))

    async def setup(self) -> None:
        """Create the collection and payload indexes if missing (idempotent)."""
        if self._client is not None:
            await self._client.setup()

    async def sweep_ttl(self) -> None:
        """Delete every expired item now."""
        await self._drive(self._plan_sweep())

    async def compact(self, progress: Callable[[int, int], object] | None = None) -> CompactReport:
        """Async ``QdrantStore.compact``: rewrite an embedded store so deleted items leave the
        disk; the copy runs in a worker thread.

        Raises:
            NotImplementedError: the store is a Qdrant server or qdrant-client local mode.
        """
        if self._edge is None:
            raise NotImplementedError(
                "compact() rewrites an embedded store (AsyncQdrantStore(path=...)); a Qdrant "
                "server removes deleted points from disk with its own optimizer"
            )
        return await asyncio.to_thread(self._edge.compact, progress)

    async def start_ttl_sweeper(
        self, sweep_interval_minutes: float | None = None
    ) -> asyncio.Task[None]:
        """Start a task that deletes expired items every ``sweep_interval_minutes``."""
        if self._sweep_task is not None and not self._sweep_task.done():
            return self._sweep_task
        minutes = sweep_interval_minutes or (self.ttl_config or {}).get("sweep_interval_minutes")
        if not minutes:
            raise ValueError("no sweep interval: pass sweep_interval_minutes or set it in ttl=")
        interval = float(minutes) * 60.0

        async def loop() -> None:
            while True:
                await asyncio.sleep(interval)
                try:
                    await self.sweep_ttl()
                except Exception:
                    continue

        self._sweep_task = asyncio.create_task(loop())
        return self._sweep_task

    async def stop_ttl_sweeper(self, timeout: float | None = None) -> bool:
        """Cancel the sweeper task; True when it has stopped."""
        task, self._sweep_task = self._sweep_task, None
        if task is None:
            return True
        task.cancel()
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout)
        except (asyncio.CancelledError, asyncio.TimeoutError):
            pass
        return task.done()

    async def aclose(self) -> None:
        """Stop the sweeper and close the engine."""
        await self.stop_ttl_sweeper(timeout=5)
        if self._edge is not None:
            await asyncio.to_thread(self._edge.close)
        if self._client is not None:
            await self._client.close()

    async def __aenter__(self) -> AsyncQdrantStore:
        await self.setup()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
