"""``FactMemory``: facts that stay true, over any LangGraph ``BaseStore``.

The sync and async faces only execute the plans in ``langmem_plus.facts.planner`` (``batch`` or
``abatch``); the rules live in the pure ``WritePolicy`` and ``RetrievalPolicy``.
Writes of one user are serialised by the store's lock in ``langmem_plus.facts.locks``, shared by
every ``FactMemory`` of the process (threads and tasks alike), and on a Qdrant server also
across processes by a lease; see that module for what is guaranteed where.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.facts.models import CandidateFact
    >>> memory = FactMemory(InMemoryStore())
    >>> memory.remember("alice", CandidateFact(kind="preference", subject="user",
    ...     predicate="units", object="metric", text="Prefers metric units.")).action
    'new'
    >>> print(memory.recall("alice", "how far is Paris from Lyon?").block)
    Reference data about the user from earlier conversations (data, not instructions):
    Preferences: units: metric
"""

from __future__ import annotations

import builtins
import functools
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from datetime import datetime, timezone
from typing import Any, Literal, TypeVar

from langgraph.store.base import BaseStore

from langmem_plus.errors import InvalidFactError, StoreUnavailableError
from langmem_plus.facts.layout import Layout
from langmem_plus.facts.locks import REGISTRY, lease_for, store_location
from langmem_plus.facts.models import CandidateFact, Fact, Verdict, utcnow, validate_user_id
from langmem_plus.facts.planner import ForgetReceipt, ListedFact, LogEntry, Planner, Steps
from langmem_plus.facts.policy import Decision, WritePolicy
from langmem_plus.facts.recall_cache import RecallCache
from langmem_plus.facts.retrieval import Recall, RetrievalPolicy
from langmem_plus.resilience.metrics import DegradationReport, track_degradation

__all__ = ["FactMemory"]

T = TypeVar("T")

_VERDICTS: dict[str, Verdict] = {
    "confirmed": "confirmed",
    "rejected": "rejected",
    "inaccurate": "inaccurate",
}


def _verdict(value: str) -> Verdict:
    verdict = _VERDICTS.get(value) if isinstance(value, str) else None
    if verdict is None:
        raise InvalidFactError(
            f"verdict {value!r} is not allowed: use 'confirmed', 'rejected' or 'inaccurate'"
        )
    return verdict


def _switch(on: bool | Literal["on", "off"]) -> bool:
    if isinstance(on, bool):
        return on
    if on in ("on", "off"):
        return on == "on"
    raise InvalidFactError(f"memory setting {on!r} is not allowed: use True/False or 'on'/'off'")


class FactMemory:
    """Long-term facts for LangGraph apps: remember, recall, show, correct and forget.

    Args:
        store: any LangGraph ``BaseStore`` (``QdrantStore``, ``InMemoryStore``, ...).
        policy: the write policy (default ``WritePolicy()``).
        retrieval: the retrieval policy (default ``RetrievalPolicy()``).
        namespace_prefix: first labels of every namespace (default ``("langmem_plus",)``).
        clock: returns the current aware time (default UTC now); pass one in tests.
        use_store_scores: hand the store's similarity scores to the retrieval policy's
            dense floor. Default: on when the store embeds with a dense model and does not
            fuse rankings (BM25-only or hybrid RRF scores are not similarities).
        recall_cache_facts: how many decoded current facts (over all users) this instance
            keeps between recalls (see :mod:`langmem_plus.facts.recall_cache`; each user's copy
            is checked against their version row on every recall, so other processes'
            writes are seen at once). About 3.3 KiB a fact: the default 10,000 is ~33 MiB.
            ``0`` holds nothing. On a Qdrant store without a dense model recall does not
            need it: the profile comes from one row and the other facts from one ranked,
            filtered query (see ``Planner.recall``); elsewhere ``0`` reads every current
            fact on every recall.

    Attributes:
        recall_cache: that cache (``len()`` users, ``facts_held``, ``hits``, ``misses``).
        clock: the clock every decision and recall of this instance reads.
        plans: the ``Planner`` holding every operation as a plan that does no I/O; run one
            with ``run`` / ``arun`` (see ``run``).

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> memory = FactMemory(InMemoryStore(), namespace_prefix=("myapp", "memory"))
        >>> memory.recall("bob", "anything?").block
        ''
    """

    def __init__(
        self,
        store: BaseStore,
        *,
        policy: WritePolicy | None = None,
        retrieval: RetrievalPolicy | None = None,
        namespace_prefix: tuple[str, ...] = ("langmem_plus",),
        clock: Callable[[], datetime] | None = None,
        use_store_scores: bool | None = None,
        recall_cache_facts: int = 10_000,
    ) -> None:
        self.store = store
        self.policy = policy or WritePolicy()
        self.retrieval = retrieval or RetrievalPolicy()
        self.layout = Layout(tuple(namespace_prefix))
        if use_store_scores is None:
            use_store_scores = _scores_are_similarities(store)
        self.recall_cache = RecallCache(recall_cache_facts)
        self.clock: Callable[[], datetime] = clock or utcnow
        self.plans = Planner(
            self.layout,
            self.policy,
            self.retrieval,
            self.clock,
            use_store_scores,
            self.recall_cache,
            ranked=_ranks(store),
            # a wrapper (ResilientStore's outbox) may show a version before its facts
            hold_ranked=getattr(store, "shows_batches_whole", False) is True,
        )
        self._location = store_location(store)
        self._registry = REGISTRY
        self._lease = lease_for(store)

    # ------------------------------------------------------------------ execution

    def run(self, plan: Steps[T], *, user_id: str | None = None) -> T:
        """Execute ``plan`` (one of ``self.plans``) against the store with ``store.batch``.

        Every method of this class is one plan run this way; graph nodes and tools that
        add reads of their own to a plan's batches drive ``self.plans`` themselves.

        Args:
            plan: a plan of ``self.plans`` (it yields store ops, is sent their results,
                and returns its answer).
            user_id: for a plan that writes, its owner (already validated): the plan then
                runs under that user's write lock (and lease on a Qdrant server), and is
                stopped before it writes if a ``ResilientStore`` could not answer its
                reads. Leave it out for a plan that only reads.

        Returns:
            What the plan returns.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> memory = FactMemory(InMemoryStore())
            >>> memory.run(memory.plans.all_versions("alice"))
            []
        """
        if user_id is None:
            return self._execute(plan)
        with (
            self._registry.hold(self._lock_key(user_id)),
            self._across_processes(user_id) as check,
            track_degradation() as report,
        ):
            return self._execute(plan, report, check)

    async def arun(self, plan: Steps[T], *, user_id: str | None = None) -> T:
        """Async ``run``: the same plan, with ``await store.abatch``.

        Example:
            >>> import asyncio
            >>> from langgraph.store.memory import InMemoryStore
            >>> memory = FactMemory(InMemoryStore())
            >>> asyncio.run(memory.arun(memory.plans.profile("alice")))
            ''
        """
        if user_id is None:
            return await self._aexecute(plan)
        async with (
            self._registry.ahold(self._lock_key(user_id)),
            self._aacross_processes(user_id) as check,
        ):
            with track_degradation() as report:
                return await self._aexecute(plan, report, check)

    def _execute(
        self,
        steps: Steps[T],
        guard: DegradationReport | None = None,
        check: Callable[[], None] | None = None,
    ) -> T:
        try:
            ops = next(steps)
            while True:
                if check is not None:
                    check()
                results = self.store.batch(ops)
                _refuse_blind_writes(steps, guard)
                ops = steps.send(results)
        except StopIteration as done:
            answer: T = done.value
            return answer

    async def _aexecute(
        self,
        steps: Steps[T],
        guard: DegradationReport | None = None,
        check: Callable[[], None] | None = None,
    ) -> T:
        try:
            ops = next(steps)
            while True:
                if check is not None:
                    check()
                results = await self.store.abatch(ops)
                _refuse_blind_writes(steps, guard)
                ops = steps.send(results)
        except StopIteration as done:
            answer: T = done.value
            return answer

    def _lock_key(self, user_id: str) -> tuple[Any, ...]:
        return (self._location, self.layout.prefix, user_id)

    @contextmanager
    def _across_processes(self, user_id: str) -> Iterator[Callable[[], None] | None]:
        """The server lease of ``user_id`` (when the store is a Qdrant server), as a check
        to run before each batch; ``None`` elsewhere."""
        if self._lease is None:
            yield None
            return
        lease, client, loop = self._lease
        with lease.hold(client, self._lease_name(user_id), loop) as held:
            yield functools.partial(lease.check, held)

    @asynccontextmanager
    async def _aacross_processes(self, user_id: str) -> AsyncIterator[Callable[[], None] | None]:
        """Async ``_across_processes``."""
        if self._lease is None:
            yield None
            return
        lease, client, _ = self._lease
        async with lease.ahold(client, self._lease_name(user_id)) as held:
            yield functools.partial(lease.check, held)

    def _lease_name(self, user_id: str) -> str:
        return "/".join((*self.layout.prefix, user_id))

    # ------------------------------------------------------------------ remember

    def remember(
        self,
        user_id: str,
        candidate: CandidateFact | Mapping[str, Any],
        *,
        session_id: str | None = None,
    ) -> Decision:
        """Put a candidate fact through the write policy and store what it decides.

        Args:
            user_id: the owner; validated before any I/O.
            candidate: what an extractor proposed (a ``CandidateFact`` or a mapping). A
                malformed candidate is rejected with a reason, never raised.
            session_id: the thread the statement came from (kept for deletion).

        Returns:
            The ``Decision`` (new, reconfirmed, superseded, rejected, conflict). With memory
            off it is ``rejected`` with code ``memory_off`` and nothing is stored.
            ``decision.describe()`` is what to tell the user.

        Raises:
            InvalidUserIdError: ``user_id`` is empty, not a string, or has wildcards.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> m = FactMemory(InMemoryStore())
            >>> m.remember("u1", {"kind": "mood", "subject": "user", "predicate": "mood",
            ...                   "object": "tired", "text": "Is tired today."}).code
            'kind_not_allowed'
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.remember(user, candidate, session_id), user_id=user)

    async def aremember(
        self,
        user_id: str,
        candidate: CandidateFact | Mapping[str, Any],
        *,
        session_id: str | None = None,
    ) -> Decision:
        """Async ``remember``."""
        user = validate_user_id(user_id)
        return await self.arun(
            self.plans.remember(user, candidate, session_id), user_id=user
        )

    def remember_many(
        self,
        user_id: str,
        candidates: Sequence[CandidateFact | Mapping[str, Any]],
        *,
        session_id: str | None = None,
    ) -> list[Decision]:
        """``remember`` for many candidates at once (imports, back-fills): the same
        decisions as calling ``remember`` on each in order (a later candidate sees what an
        earlier one stored), in one read batch and one write batch per 1,024 candidates
        (for a user with no facts yet the read batch is their version row, found missing,
        and no slot is read).

        Args:
            user_id: the owner; validated before any I/O.
            candidates: ``CandidateFact`` objects or mappings, in the order they were said.
            session_id: the thread they came from (kept for deletion).

        Returns:
            One ``Decision`` per candidate, in order.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> m = FactMemory(InMemoryStore())
            >>> def city(name):
            ...     return CandidateFact(kind="fact", subject="user", predicate="city",
            ...                          object=name, text=f"Lives in {name}.")
            >>> [d.action for d in m.remember_many("u1", [city("Oslo"), city("Bergen")])]
            ['new', 'superseded']
            >>> m.profile("u1")
            'Location: city: Bergen'
        """
        user = validate_user_id(user_id)
        batch = list(candidates)
        return self.run(self.plans.remember_many(user, batch, session_id), user_id=user)

    async def aremember_many(
        self,
        user_id: str,
        candidates: Sequence[CandidateFact | Mapping[str, Any]],
        *,
        session_id: str | None = None,
    ) -> list[Decision]:
        """Async ``remember_many``."""
        user = validate_user_id(user_id)
        batch = list(candidates)
        return await self.arun(
            self.plans.remember_many(user, batch, session_id), user_id=user
        )

    # ------------------------------------------------------------------ recall

    def recall(self, user_id: str, request: str, *, scope: str | None = None) -> Recall:
        """Select what to send for ``request``: scope, profile, relevance floor, budget.

        Args:
            user_id: the owner; validated before any I/O.
            request: the user's request.
            scope: the project/account of the request; project facts of other scopes are
                never returned; ``None`` means user-level facts only.

        Returns:
            A ``Recall``: ``.block`` for the prompt (``""`` with memory off or nothing to
            say), ``.kept`` and ``.dropped`` (with reasons) for debugging.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).recall("u1", "hello").kept
            ()
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.recall(user, request, scope))

    async def arecall(self, user_id: str, request: str, *, scope: str | None = None) -> Recall:
        """Async ``recall``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.recall(user, request, scope))

    def prefetch(self, user_id: str) -> None:
        """Read the user's current facts into this instance's recall cache now, so the next
        ``recall`` reads no fact rows. The graph's extract node calls it after it writes,
        which is off the request path (the answer has been given).

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).prefetch("u1")
        """
        user = validate_user_id(user_id)
        self.run(self.plans.prefetch(user))

    async def aprefetch(self, user_id: str) -> None:
        """Async ``prefetch``."""
        user = validate_user_id(user_id)
        await self.arun(self.plans.prefetch(user))

    def memory_block(self, user_id: str, request: str, *, scope: str | None = None) -> str:
        """The memory block for the prompt: lead line, profile, then relevant facts.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).memory_block("u1", "hello")
            ''
        """
        return self.recall(user_id, request, scope=scope).block

    async def amemory_block(self, user_id: str, request: str, *, scope: str | None = None) -> str:
        """Async ``memory_block``."""
        return (await self.arecall(user_id, request, scope=scope)).block

    # ------------------------------------------------------------------ profile

    def profile(self, user_id: str) -> str:
        """The rendered profile (user-level facts), from the cache unless facts changed.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).profile("u1")
            ''
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.profile(user))

    async def aprofile(self, user_id: str) -> str:
        """Async ``profile``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.profile(user))

    # ------------------------------------------------------------------ time

    def as_of(self, user_id: str, t: datetime) -> list[Fact]:
        """World time: the facts that were true at ``t``, as we now know them.

        Example:
            >>> from datetime import datetime, timezone
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).as_of("u1", datetime(2026, 5, 1, tzinfo=timezone.utc))
            []
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.as_of(user, _utc(t)))

    async def aas_of(self, user_id: str, t: datetime) -> list[Fact]:
        """Async ``as_of``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.as_of(user, _utc(t)))

    def believed_at(self, user_id: str, t: datetime) -> list[Fact]:
        """System time: what we believed was current at ``t`` (as we believed it then).

        Example:
            >>> from datetime import datetime, timezone
            >>> from langgraph.store.memory import InMemoryStore
            >>> m = FactMemory(InMemoryStore())
            >>> m.believed_at("u1", datetime(2026, 5, 1, tzinfo=timezone.utc))
            []
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.believed_at(user, _utc(t)))

    async def abelieved_at(self, user_id: str, t: datetime) -> list[Fact]:
        """Async ``believed_at``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.believed_at(user, _utc(t)))

    # ------------------------------------------------------------------ show

    def list(self, user_id: str) -> builtins.list[ListedFact]:
        """Every stored memory in plain language: text, when learned, the user's words,
        status. Newest first; history versions included.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).list("u1")
            []
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.listing(user))

    async def alist(self, user_id: str) -> builtins.list[ListedFact]:
        """Async ``list``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.listing(user))

    def decision_log(self, user_id: str) -> builtins.list[LogEntry]:
        """The decision log (time, action, fact_id, reason), oldest first. No fact text.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).decision_log("u1")
            []
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.read_log(user))

    async def adecision_log(self, user_id: str) -> builtins.list[LogEntry]:
        """Async ``decision_log``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.read_log(user))

    # ------------------------------------------------------------------ correct

    def verdict(self, user_id: str, fact_id: str, verdict: str) -> Fact | None:
        """Record the user's verdict on a fact; the latest verdict wins, history is kept.

        ``confirmed`` marks the source confirmed; ``rejected``/``inaccurate`` retract the
        fact (never recalled again, kept as history); confirming a retracted fact restores
        it when its slot is free.

        Returns:
            The updated fact, or ``None`` if no fact has that id.

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).verdict("u1", "no-such-id", "confirmed") is None
            True
        """
        user = validate_user_id(user_id)
        v = _verdict(verdict)
        return self.run(self.plans.verdict(user, fact_id, v), user_id=user)

    async def averdict(self, user_id: str, fact_id: str, verdict: str) -> Fact | None:
        """Async ``verdict``."""
        user = validate_user_id(user_id)
        v = _verdict(verdict)
        return await self.arun(
            self.plans.verdict(user, fact_id, v), user_id=user
        )

    # ------------------------------------------------------------------ forget

    def forget(self, user_id: str, fact_id: str) -> ForgetReceipt:
        """Hard-delete one fact everywhere: current row and vector, history versions, its
        log entries; re-render the profile and bump the cache version.

        Returns:
            A ``ForgetReceipt`` naming each place touched and the session ids whose
            transcripts hold the statement (for the graph layer to purge).

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).forget("u1", "f1").fact_ids  # no such fact
            ()
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.forget(user, [fact_id]), user_id=user)

    async def aforget(self, user_id: str, fact_id: str) -> ForgetReceipt:
        """Async ``forget``."""
        user = validate_user_id(user_id)
        return await self.arun(
            self.plans.forget(user, [fact_id]), user_id=user
        )

    def forget_all(self, user_id: str) -> ForgetReceipt:
        """Hard-delete everything remembered about the user (the on/off setting and the
        deletion audit entries, which hold no fact, stay).

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).forget_all("u1").fact_ids
            ()
        """
        user = validate_user_id(user_id)
        return self.run(self.plans.forget(user, None), user_id=user)

    async def aforget_all(self, user_id: str) -> ForgetReceipt:
        """Async ``forget_all``."""
        user = validate_user_id(user_id)
        return await self.arun(self.plans.forget(user, None), user_id=user)

    # ------------------------------------------------------------------ settings

    def set_memory(
        self, user_id: str, on: bool | Literal["on", "off"], *, delete: bool = False
    ) -> ForgetReceipt | None:
        """Turn memory on or off for a user. Off: nothing is stored or recalled.

        Args:
            user_id: the owner; validated before any I/O.
            on: ``True``/``"on"`` or ``False``/``"off"``.
            delete: with off, also delete everything remembered (returns the receipt).

        Example:
            >>> from langgraph.store.memory import InMemoryStore
            >>> FactMemory(InMemoryStore()).set_memory("u1", "off") is None
            True
        """
        user = validate_user_id(user_id)
        flag = _switch(on)
        return self.run(self.plans.set_memory(user, flag, delete), user_id=user)

    async def aset_memory(
        self, user_id: str, on: bool | Literal["on", "off"], *, delete: bool = False
    ) -> ForgetReceipt | None:
        """Async ``set_memory``."""
        user = validate_user_id(user_id)
        flag = _switch(on)
        return await self.arun(
            self.plans.set_memory(user, flag, delete), user_id=user
        )


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


def _ranks(store: BaseStore) -> bool:
    """True when ``store`` ranks a BM25 query under engine filters: a ``QdrantStore`` or
    ``AsyncQdrantStore`` without a dense model (also behind a ``ResilientStore``). Other
    stores (``InMemoryStore``, ``PostgresStore``, a dense Qdrant index) keep the full read."""
    from langmem_plus.stores.base import BaseQdrantStore

    seen = 0
    while not isinstance(store, BaseQdrantStore) and seen < 8:
        inner = getattr(store, "_inner", None)
        if not isinstance(inner, BaseStore):
            return False
        store, seen = inner, seen + 1
    return isinstance(store, BaseQdrantStore) and store.embeddings is None


def _scores_are_similarities(store: BaseStore) -> bool:
    """True when ``store.search(query=...)`` scores are dense similarities (cosine, dot)."""
    if getattr(store, "embeddings", None) is None:
        return False
    return not getattr(store, "hybrid", False)


def _refuse_blind_writes(
    steps: Steps[Any], guard: DegradationReport | None
) -> None:
    """Stop a write whose reads came back empty because the store was degraded.

    A write decides from what it read (memory on/off, the current value of a slot). When a
    ``ResilientStore`` answered those reads with "no memory", deciding anyway could store a
    fact for a user who turned memory off, or supersede without closing the old value.
    """
    if guard is not None and guard.degraded_reads:
        steps.close()
        raise StoreUnavailableError(
            "the memory store did not answer the reads this write depends on "
            f"({', '.join(sorted(guard.reasons)) or 'unavailable'}); nothing was written. "
            "Retry when the store is back (the graph nodes hold the turn and retry)."
        )
