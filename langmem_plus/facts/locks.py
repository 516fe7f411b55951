"""Serialise the writes of one user over one store: in a process, and across processes.

A ``FactMemory`` write reads the user's slot, decides, and writes; two writers that read the
same slot before either writes would both close the same old value and the later one would
overwrite the earlier one's new value, which then exists nowhere (issue 13). So every write
of one user runs under one lock, and that lock must belong to the *store*, not to one
``FactMemory`` object: the web view and a graph in one process, or several graphs, each
build their own.

What is guaranteed where:

* **One process, any store.** :data:`REGISTRY` holds one :class:`UserLock` per (store
  location, namespace prefix, user). :func:`store_location` names the store behind the
  object: the same ``QdrantStore``; for Qdrant Edge its folder; for a server its url and
  collection; a ``ResilientStore`` maps to the store it wraps; any other store (``InMemoryStore``,
  ``PostgresStore``, ...) to its identity. Every ``FactMemory`` of the process shares it.
* **Several processes on a Qdrant server** (``QdrantStore(url=...)``,
  ``AsyncQdrantStore(url=...)``). The in-process lock is held first, then a
  :class:`QdrantLease` on the server (below): a per-user lease point written with Qdrant's
  conditional upsert (``update_filter``), which the server applies atomically per point;
  the proof and its timing assumption are in that class. A server too old to honour
  ``update_filter`` is detected on first use, logged, and gets the in-process lock only.
* **Qdrant Edge** (``QdrantStore(path=...)``) allows one owner per folder, so the
  in-process lock is the whole answer. qdrant-client's local mode likewise.
* **Several processes on another store** (``PostgresStore``, a ``ResilientStore`` whose
  outbox replays later): ``BaseStore`` has no conditional write, so nothing here serialises
  them; the slot keys still keep at most one current value per single-valued slot, but two
  racing writers can lose one acknowledged version. Run one writer process per user there.

The lock awaits, it does not poll: a waiting thread sleeps on an ``Event``, a waiting task
on a future of its own loop, and ``release`` hands the lock straight to the oldest waiter
(FIFO, threads and tasks of any loop alike). A task cancelled while it waits either leaves
the queue or, if the lock was handed to it in that instant, passes it on: a cancelled
waiter never keeps the lock.

The registry is bounded by what is in use: an entry lives while someone holds or waits for
it (a count kept under the registry's guard) and is dropped when the last one leaves, so
idle users cost nothing and a held or awaited lock is never dropped. Because a holder keeps
a reference to its store, the identity key of a store without a better name cannot be
reused by another object while its entry exists.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> store = InMemoryStore()
    >>> key = (store_location(store), ("langmem_plus",), "alice")
    >>> with REGISTRY.hold(key):
    ...     REGISTRY.in_use(key)
    True
    >>> REGISTRY.in_use(key), len(REGISTRY)
    (False, 0)
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import random
import threading
import time
import uuid
from collections import deque
from collections.abc import AsyncIterator, Generator, Hashable, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from langmem_plus.errors import StoreUnavailableError

__all__ = [
    "REGISTRY",
    "LockRegistry",
    "QdrantLease",
    "ServerLease",
    "UserLock",
    "lease_for",
    "store_location",
]


_log = logging.getLogger("langmem_plus.locks")

# --------------------------------------------------------------------------- the lock


@dataclass(eq=False)
class _Waiter:
    event: threading.Event | None = None
    loop: asyncio.AbstractEventLoop | None = None
    future: asyncio.Future[None] | None = None
    granted: bool = False


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class UserLock:
    """A FIFO lock that threads acquire by blocking and tasks (of any loop) by awaiting.

    Example:
        >>> import asyncio
        >>> lock = UserLock()
        >>> async def main():
        ...     await lock.aacquire()
        ...     waiter = asyncio.ensure_future(lock.aacquire())
        ...     await asyncio.sleep(0)
        ...     waiter.cancel()          # cancelled while it waits: it leaves the queue
        ...     await asyncio.gather(waiter, return_exceptions=True)
        ...     lock.release()
        ...     return lock.locked()
        >>> asyncio.run(main())
        False
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._held = False
        self._waiters: deque[_Waiter] = deque()

    def locked(self) -> bool:
        """Whether someone holds the lock now."""
        return self._held

    def acquire(self) -> None:
        """Block the calling thread until it holds the lock."""
        with self._guard:
            if not self._held and not self._waiters:
                self._held = True
                return
            waiter = _Waiter(event=threading.Event())
            self._waiters.append(waiter)
        assert waiter.event is not None
        try:
            waiter.event.wait()
        except BaseException:  # e.g. KeyboardInterrupt while waiting
            self._abandon(waiter)
            raise

    async def aacquire(self) -> None:
        """Await (without polling) until the calling task holds the lock."""
        loop = asyncio.get_running_loop()
        with self._guard:
            if not self._held and not self._waiters:
                self._held = True
                return
            waiter = _Waiter(loop=loop, future=loop.create_future())
            self._waiters.append(waiter)
        assert waiter.future is not None
        try:
            await waiter.future
        except BaseException:  # cancelled while waiting: never keep the lock
            self._abandon(waiter)
            raise

    def _abandon(self, waiter: _Waiter) -> None:
        with self._guard:
            granted = waiter.granted
            if not granted:
                self._waiters.remove(waiter)
        if granted:  # the lock was handed over in the same instant: pass it on
            self.release()

    def release(self) -> None:
        """Hand the lock to the oldest waiter, or free it."""
        with self._guard:
            if not self._held:
                raise RuntimeError("release of a UserLock that is not held")
            while self._waiters:
                waiter = self._waiters.popleft()
                waiter.granted = True
                if waiter.event is not None:
                    waiter.event.set()
                    return
                assert waiter.loop is not None and waiter.future is not None
                try:
                    waiter.loop.call_soon_threadsafe(_wake, waiter.future)
                    return
                except RuntimeError:  # its loop is closed: that task never resumes
                    continue
            self._held = False


# --------------------------------------------------------------------------- the registry


@dataclass(eq=False)
class _Entry:
    lock: UserLock = field(default_factory=UserLock)
    users: int = 0  # holders and waiters


class LockRegistry:
    """One :class:`UserLock` per key, alive while someone holds or waits for it.

    Example:
        >>> registry = LockRegistry()
        >>> with registry.hold(("store", "u1")):
        ...     len(registry)
        1
        >>> len(registry)
        0
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._entries: dict[Hashable, _Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def in_use(self, key: Hashable) -> bool:
        """Whether someone holds or waits for ``key``'s lock."""
        return key in self._entries

    def _enter(self, key: Hashable) -> UserLock:
        with self._guard:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = _Entry()
            entry.users += 1
            return entry.lock

    def _leave(self, key: Hashable) -> None:
        with self._guard:
            entry = self._entries[key]
            entry.users -= 1
            if entry.users == 0:
                del self._entries[key]

    @contextmanager
    def hold(self, key: Hashable) -> Iterator[None]:
        """Hold ``key``'s lock in this thread for the ``with`` block."""
        lock = self._enter(key)
        try:
            lock.acquire()
            try:
                yield
            finally:
                lock.release()
        finally:
            self._leave(key)

    @asynccontextmanager
    async def ahold(self, key: Hashable) -> AsyncIterator[None]:
        """Hold ``key``'s lock in this task for the ``async with`` block."""
        lock = self._enter(key)
        try:
            await lock.aacquire()
            try:
                yield
            finally:
                lock.release()
        finally:
            self._leave(key)


REGISTRY = LockRegistry()
"""The process-wide registry every ``FactMemory`` uses."""


# --------------------------------------------------------------------------- store identity


def _inner(store: Any) -> Any:
    """The store a wrapper (``ResilientStore``) delegates to, else ``store``."""
    from langmem_plus.resilience.store import ResilientStore

    while isinstance(store, ResilientStore):
        store = store.store
    return store


def _client_location(client: Any, collection: str) -> Hashable:
    options = getattr(client, "init_options", None) or {}
    local = type(getattr(client, "_client", None)).__name__.endswith("Local")
    if local:  # local mode: one process owns it; a path names it, else the client does
        path = options.get("path")
        if path:
            return ("qdrant-local", os.path.realpath(path), collection)
        return ("object", id(client), collection)
    url = options.get("url") or _host_url(options)
    if url:
        return ("qdrant-server", str(url).rstrip("/"), collection)
    return ("object", id(client), collection)


def _host_url(options: dict[str, Any]) -> str | None:
    host = options.get("host")
    if not host:
        return None
    scheme = "https" if options.get("https") else "http"
    return f"{scheme}://{host}:{options.get('port') or 6333}"


def _engine_of(store: Any) -> tuple[Any, Any]:
    """(edge engine, (client, collection)) behind a ``QdrantStore``/``AsyncQdrantStore``."""
    engine = getattr(store, "_engine", None) or getattr(store, "_edge", None)
    engine = engine or getattr(store, "_client", None)
    if engine is None:
        return None, None
    if hasattr(engine, "path") and not hasattr(engine, "client"):
        return engine, None
    client = getattr(engine, "client", None)
    planner = getattr(engine, "planner", None)
    if client is None or planner is None:
        return None, None
    return None, (client, planner.collection)


def store_location(store: Any) -> Hashable:
    """A key naming the store behind ``store``, equal for every object over that store.

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> from langmem_plus.resilience import ResilientStore
        >>> inner = InMemoryStore()
        >>> with ResilientStore(inner) as wrapped:
        ...     store_location(wrapped) == store_location(inner) != store_location(InMemoryStore())
        True
    """
    from langmem_plus.stores import AsyncQdrantStore, QdrantStore

    store = _inner(store)
    if isinstance(store, QdrantStore | AsyncQdrantStore):
        edge, client = _engine_of(store)
        if edge is not None:
            return ("qdrant-edge", os.path.realpath(edge.path))
        if client is not None:
            return _client_location(*client)
    return ("object", id(store))


# --------------------------------------------------------------------------- across processes


LEASE_SUFFIX = "__langmem_plus_locks"
"""The lease collection of a collection ``c`` on a server is ``c + LEASE_SUFFIX``."""

_LEASE_NS = uuid.UUID("3d5b8f52-4f3c-4a43-9f0e-2c1f3e7b9a10")

Call = tuple[str, dict[str, Any]]
"""One client call: method name and keyword arguments."""


@dataclass
class _Held:
    point: str
    token: str
    since: float  # monotonic, taken before the conditional write was sent


class QdrantLease:
    """A per-user lease on a Qdrant server, so processes take turns writing one user.

    Acquire: write the user's lease point ``{"owner": token, "expires": now + ttl}`` with a
    conditional upsert whose ``update_filter`` is ``expires < now``. Qdrant inserts the
    point when it is absent and replaces it only when the filter matches, atomically per
    point; so of any number of writers racing for a free or expired lease exactly one
    replaces it, and each reads the point back (strong ordering, all-replica reads) to see
    whose token it holds. A loser retries with a growing, jittered delay (there is no
    server-side wait to await) up to ``wait`` seconds, then raises
    :class:`~langmem_plus.errors.StoreUnavailableError`, having written nothing. Release
    deletes the point only if it still holds our token (a filtered delete, also atomic).

    Why nothing acknowledged is lost: a ``FactMemory`` write makes all its reads and writes
    while holding the lease, and :meth:`check` refuses to start a batch once half the ttl
    has passed since the lease was requested, so the holder's batches start while the lease
    is certainly unexpired. Two writers therefore never interleave their reads and writes
    of one user, and each decision sees the previous one's rows: a superseded value is
    closed into history by the writer that read it, never overwritten unseen. Another
    process can take the lease only once its own clock passes the holder's ``expires``, so
    this relies on the clock difference between the processes plus the time a store call
    takes to be applied staying below ``ttl / 2`` (15 s by default; NTP keeps clocks far
    closer, and a store call that can hang longer needs a client timeout below that). A
    holder that crashes leaves a lease that expires after ``ttl``; other writers of that
    user wait until then. On first use the lease checks that the server honours a
    conditional upsert (an older server ignores ``update_filter``); if it does not, it logs
    a warning and gives no exclusion across processes.

    Args:
        collection: the store's collection; leases live in ``collection + LEASE_SUFFIX``
            (created on first use, no vectors).
        ttl: seconds a lease lasts.
        wait: seconds to wait for a lease before giving up.

    Attributes:
        honoured: whether the server honours conditional upserts (checked on first use).
    """

    def __init__(self, collection: str, *, ttl: float = 30.0, wait: float = 30.0) -> None:
        if ttl <= 0 or wait <= 0:
            raise ValueError(f"ttl and wait must be > 0 seconds, got ttl={ttl!r}, wait={wait!r}")
        self.collection = collection + LEASE_SUFFIX
        self.ttl = ttl
        self.wait = wait
        self.honoured = True
        self._ready = False

    # -- plans: client calls, no I/O ----------------------------------------------------

    def _setup(self) -> Generator[Call, Any, None]:
        if self._ready:
            return
        from qdrant_client import models as m

        name = self.collection
        if not (yield ("collection_exists", {"collection_name": name})):
            try:
                yield ("create_collection", {"collection_name": name, "vectors_config": {}})
            except Exception:  # another process created it first
                if not (yield ("collection_exists", {"collection_name": name})):
                    raise
        for key, schema in (
            ("expires", m.PayloadSchemaType.FLOAT),
            ("owner", m.PayloadSchemaType.KEYWORD),
        ):
            # a server in strict mode refuses filtered updates on unindexed fields
            yield (
                "create_payload_index",
                {"collection_name": name, "field_name": key, "field_schema": schema},
            )
        self.honoured = yield from self._probe()
        if not self.honoured:
            _log.warning(
                "Qdrant server ignores conditional upserts (update_filter); writes of one "
                "user are serialised in each process only (lease collection %s)",
                name,
            )
        self._ready = True

    def _probe(self) -> Generator[Call, Any, bool]:
        """Whether the server honours ``update_filter`` (an older one ignores it, and then
        every upsert would win): a never-matching conditional write must change nothing."""
        from qdrant_client import models as m

        probe = str(uuid.uuid4())
        point = m.PointStruct(id=probe, vector={}, payload={"owner": "probe", "expires": 0.0})
        yield ("upsert", {"collection_name": self.collection, "points": [point], "wait": True})
        changed = m.PointStruct(id=probe, vector={}, payload={"owner": "x", "expires": 0.0})
        never = m.Filter(must=[m.FieldCondition(key="expires", range=m.Range(lt=-1.0))])
        yield (
            "upsert",
            {
                "collection_name": self.collection,
                "points": [changed],
                "update_filter": never,
                "wait": True,
            },
        )
        got = yield ("retrieve", {"collection_name": self.collection, "ids": [probe]})
        yield ("delete", {"collection_name": self.collection, "points_selector": [probe]})
        return bool(got) and (got[0].payload or {}).get("owner") == "probe"

    def _acquire(self, name: str, token: str) -> Generator[Call, Any, _Held]:
        """Plan: take the lease ``name`` for ``token``; yields client calls, and
        ``("sleep", {"seconds": s})`` between tries."""
        from qdrant_client import models as m

        yield from self._setup()
        point = _point(name)
        if not self.honoured:  # no exclusion to be had on this server (logged at setup)
            return _Held(point, token, time.monotonic())
        give_up = time.monotonic() + self.wait
        delay = 0.002
        while True:
            since = time.monotonic()
            now = time.time()
            yield (
                "upsert",
                {
                    "collection_name": self.collection,
                    "points": [
                        m.PointStruct(
                            id=point, vector={}, payload={"owner": token, "expires": now + self.ttl}
                        )
                    ],
                    "update_filter": m.Filter(
                        must=[m.FieldCondition(key="expires", range=m.Range(lt=now))]
                    ),
                    "wait": True,
                    "ordering": m.WriteOrdering.STRONG,
                },
            )
            got = yield (
                "retrieve",
                {
                    "collection_name": self.collection,
                    "ids": [point],
                    "with_payload": True,
                    "consistency": m.ReadConsistencyType.ALL,
                },
            )
            if got and (got[0].payload or {}).get("owner") == token:
                return _Held(point, token, since)
            if time.monotonic() > give_up:
                raise StoreUnavailableError(
                    f"the write lease {name!r} is held by another process for more than "
                    f"{self.wait:g} s; nothing was written. Retry later (a crashed holder's "
                    f"lease expires after {self.ttl:g} s)."
                )
            yield ("sleep", {"seconds": delay * (1 + random.random())})
            delay = min(delay * 2, 0.25)

    def _release(self, name: str, token: str) -> Generator[Call, Any, None]:
        """Plan: delete the lease ``name`` if ``token`` still holds it."""
        from qdrant_client import models as m

        yield (
            "delete",
            {
                "collection_name": self.collection,
                "points_selector": m.FilterSelector(
                    filter=m.Filter(
                        must=[
                            m.HasIdCondition(has_id=[_point(name)]),
                            m.FieldCondition(key="owner", match=m.MatchValue(value=token)),
                        ]
                    )
                ),
                "wait": True,
                "ordering": m.WriteOrdering.STRONG,
            },
        )

    def check(self, held: _Held) -> None:
        """Refuse to start a write once half the lease has passed (see the class docs)."""
        if self.honoured and time.monotonic() - held.since > self.ttl / 2:
            raise StoreUnavailableError(
                f"this write held its lease for more than {self.ttl / 2:g} s (half its "
                f"{self.ttl:g} s ttl), so another process may take it; the rest of the write "
                "was not made. Retry it."
            )

    # -- execution -----------------------------------------------------------------------

    @staticmethod
    def _drive(
        plan: Generator[Call, Any, Any],
        client: Any,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> Any:
        try:
            method, kwargs = next(plan)
            while True:
                try:
                    result = None
                    if method == "sleep":
                        time.sleep(kwargs["seconds"])
                    else:
                        result = getattr(client, method)(**kwargs)
                        if inspect.iscoroutine(result):  # an async client, driven from a thread
                            if loop is None:
                                raise TypeError("an async Qdrant client needs its event loop")
                            result = asyncio.run_coroutine_threadsafe(result, loop).result()
                except Exception as err:
                    method, kwargs = plan.throw(err)  # the plan decides (or re-raises)
                    continue
                method, kwargs = plan.send(result)
        except StopIteration as done:
            return done.value

    @staticmethod
    async def _adrive(plan: Generator[Call, Any, Any], client: Any) -> Any:
        is_async = asyncio.iscoroutinefunction(getattr(client, "upsert", None))
        try:
            method, kwargs = next(plan)
            while True:
                try:
                    result = None
                    if method == "sleep":
                        await asyncio.sleep(kwargs["seconds"])
                    elif is_async:
                        result = await getattr(client, method)(**kwargs)
                    else:
                        result = await asyncio.to_thread(getattr(client, method), **kwargs)
                except Exception as err:
                    method, kwargs = plan.throw(err)
                    continue
                method, kwargs = plan.send(result)
        except StopIteration as done:
            return done.value

    @contextmanager
    def hold(
        self, client: Any, name: str, loop: asyncio.AbstractEventLoop | None = None
    ) -> Iterator[_Held]:
        """Hold the lease ``name`` for the ``with`` block, in a thread: a sync
        ``QdrantClient``, or an ``AsyncQdrantClient`` whose ``loop`` runs in another thread
        (as ``AsyncQdrantStore``'s sync methods do)."""
        token = uuid.uuid4().hex
        try:
            held: _Held = self._drive(self._acquire(name, token), client, loop)
        except BaseException as err:  # interrupted: release whatever this token took
            with suppress(Exception):
                self._drive(self._release(name, token), client, loop)
            new = _unavailable(err)
            if new is err:
                raise
            raise new from err
        try:
            yield held
        finally:
            try:
                self._drive(self._release(name, token), client, loop)
            except Exception as err:  # the write is done; the lease expires after ttl
                _log.warning(
                    "write lease %s not released (%s); it expires in %g s",
                    _point(name),
                    type(err).__name__,
                    self.ttl,
                )

    @asynccontextmanager
    async def ahold(self, client: Any, name: str) -> AsyncIterator[_Held]:
        """Hold the lease ``name`` in a task (an ``AsyncQdrantClient``, or a sync client
        whose calls then run in a worker thread). A task cancelled while it acquires
        releases whatever its token took before the cancellation propagates."""
        token = uuid.uuid4().hex
        try:
            held: _Held = await self._adrive(self._acquire(name, token), client)
        except BaseException as err:
            with suppress(Exception):
                await asyncio.shield(self._adrive(self._release(name, token), client))
            new = _unavailable(err)
            if new is err:
                raise
            raise new from err
        try:
            yield held
        finally:
            try:
                await asyncio.shield(self._adrive(self._release(name, token), client))
            except Exception as err:
                _log.warning(
                    "write lease %s not released (%s); it expires in %g s",
                    _point(name),
                    type(err).__name__,
                    self.ttl,
                )


def _unavailable(err: BaseException) -> BaseException:
    """What a failed acquire raises: our own error as is, a cancellation or interrupt as
    is, and a client error as ``StoreUnavailableError`` (nothing was written)."""
    if isinstance(err, StoreUnavailableError) or not isinstance(err, Exception):
        return err
    return StoreUnavailableError(
        f"the Qdrant server did not grant the write lease ({type(err).__name__}: {err}); "
        "nothing was written. Retry when the server answers."
    )


def _point(name: str) -> str:
    return str(uuid.uuid5(_LEASE_NS, name))


class ServerLease(NamedTuple):
    """The lease of one server location, the client to take it with, and (for an
    ``AsyncQdrantStore``) the event loop that client runs on."""

    lease: QdrantLease
    client: Any
    loop: asyncio.AbstractEventLoop | None = None


_LEASES: dict[Hashable, QdrantLease] = {}  # one per server location in use: a handful
_LEASES_GUARD = threading.Lock()


def lease_for(store: Any) -> ServerLease | None:
    """The cross-process lease for ``store`` when it is a Qdrant server, else ``None``
    (Edge and local mode have one owner; other stores have no conditional write).

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> lease_for(InMemoryStore()) is None
        True
    """
    location = store_location(store)
    if not (isinstance(location, tuple) and location[0] == "qdrant-server"):
        return None
    inner = _inner(store)
    _, found = _engine_of(inner)
    client, collection = found
    with _LEASES_GUARD:
        lease = _LEASES.get(location)
        if lease is None:
            lease = _LEASES[location] = QdrantLease(collection)
    return ServerLease(lease, client, getattr(inner, "_loop", None))
