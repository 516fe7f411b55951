"""The logic of :class:`~langmem_plus.resilience.ResilientStore`, written once, with no store I/O.

A *flow* is a generator that plans a call: it consults the breaker, answers what it can from
the outbox, and ``yield``s a :class:`StoreCall` whenever it needs the inner store; the driver
(sync: a worker thread under a deadline; async: a task under a deadline) performs the call
and ``send``s back an :class:`~langmem_plus.resilience.deadline.Outcome`. The flow then
settles the breaker, fills results, degrades or queues, counts, logs and emits events, and
finally returns the results. So the sync and async faces share every decision; they differ
only in the one line that touches the store.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Literal, cast

from langgraph.store.base import (
    GetOp,
    InvalidNamespaceError,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from langmem_plus.errors import (
    EmbeddingDimensionError,
    InvalidFactError,
    InvalidUserIdError,
    OutboxFullError,
    ValueNotSerializableError,
)
from langmem_plus.resilience.breaker import BreakerState, CircuitBreaker, Permit
from langmem_plus.resilience.deadline import Outcome, OutcomeKind
from langmem_plus.resilience.metrics import (
    DegradeReason,
    EventHook,
    ResilienceEvent,
    ResilienceMetrics,
    _record_degraded,
)
from langmem_plus.resilience.outbox import Outbox, PendingWrite

__all__ = ["DEFAULT_PASSTHROUGH_EXCEPTIONS", "ResilienceCore", "StoreCall"]

logger = logging.getLogger("langmem_plus.resilience")

DEFAULT_PASSTHROUGH_EXCEPTIONS: tuple[type[BaseException], ...] = (
    InvalidNamespaceError,
    InvalidUserIdError,
    InvalidFactError,
    ValueNotSerializableError,
    EmbeddingDimensionError,
    NotImplementedError,
)
"""Errors that mean "the caller's request is wrong", not "the store is down": they reach the
caller unchanged, do not count against the breaker, and a write failing with one is not
queued (it would fail again on replay)."""

CallKind = Literal["read", "write", "replay"]


@dataclass(frozen=True)
class StoreCall:
    """One request a flow makes of the inner store: run ``ops`` within ``timeout`` seconds."""

    ops: list[Op]
    timeout: float | None
    kind: CallKind


BatchFlow = Generator[StoreCall, Outcome, list[Result]]
DrainFlow = Generator[StoreCall, Outcome, int]


class ResilienceCore:
    """Breaker, outbox, metrics and the two flows (batch and drain) built on them."""

    def __init__(
        self,
        *,
        breaker: CircuitBreaker,
        outbox: Outbox,
        metrics: ResilienceMetrics,
        read_timeout: float | None,
        write_timeout: float | None,
        replay_timeout: float | None,
        replay_batch_size: int,
        failure_exceptions: tuple[type[BaseException], ...],
        passthrough_exceptions: tuple[type[BaseException], ...],
        on_event: EventHook | None,
    ) -> None:
        self.breaker = breaker
        self.outbox = outbox
        self.metrics = metrics
        self.read_timeout = read_timeout
        self.write_timeout = write_timeout
        self.replay_timeout = replay_timeout
        self.replay_batch_size = replay_batch_size
        self.failure_exceptions = failure_exceptions
        self.passthrough_exceptions = passthrough_exceptions
        self.on_event = on_event

    # -- the batch flow --------------------------------------------------------------------

    def batch_flow(self, ops: Sequence[Op]) -> BatchFlow:
        """Plan and settle one ``batch``/``abatch`` call; yields at most two store calls
        (the reads, then the writes, as stores apply reads before writes in a batch)."""
        results: list[Result] = [None] * len(ops)
        reads: list[int] = []
        writes: list[PutOp] = []
        for i, op in enumerate(ops):
            if isinstance(op, PutOp):
                writes.append(op)
            elif isinstance(op, (GetOp, SearchOp, ListNamespacesOp)):
                reads.append(i)
            else:
                raise ValueError(f"Unknown operation type: {type(op)}")
        outbox = self.outbox
        store_calls = 0
        reason: DegradeReason | None = None
        ryw = 0
        if reads and outbox.depth:
            reads, ryw = self._read_your_writes(ops, reads, results)

        degraded_reads = 0
        if reads:
            permit = self.breaker.acquire()
            if permit is None:
                reason = "open"
                self.metrics.add("rejected")
            else:
                store_calls += 1
                call = StoreCall([ops[i] for i in reads], self.read_timeout, "read")
                outcome = yield from self._call(permit, call)
                reason, error = self._settle(permit, outcome, call)
                if error is not None:
                    self._count_call(len(ops), store_calls, 0, 0, ryw, None)
                    raise error
                if reason is None:
                    for i, value in zip(reads, outcome.value, strict=True):
                        results[i] = value
                    if outbox.depth:
                        self._overlay_searches(ops, reads, results)
            if reason is not None:
                degraded_reads = len(reads)
                for i in reads:
                    op = ops[i]
                    results[i] = None if isinstance(op, GetOp) else []

        queued = 0
        if writes:
            if reason is None and not outbox.depth:
                permit = self.breaker.acquire()
                if permit is None:
                    reason = "open"
                    self.metrics.add("rejected")
                else:
                    store_calls += 1
                    call = StoreCall(list[Op](writes), self.write_timeout, "write")
                    outcome = yield from self._call(permit, call)
                    reason, error = self._settle(permit, outcome, call)
                    if error is not None:
                        self._count_call(len(ops), store_calls, degraded_reads, 0, ryw, reason)
                        raise error
                    if reason is None:
                        writes = []
            if writes:
                # degraded (reason set), or healthy but behind older queued writes: either
                # way the outbox keeps per-item order and replays them
                if reason is None and not self.breaker.would_allow():
                    reason = "open"  # queued behind the outbox while the breaker is open
                self._enqueue(writes, reason)
                queued = len(writes)

        degraded_writes = queued if reason else 0
        self._count_call(len(ops), store_calls, degraded_reads, degraded_writes, ryw, reason)
        return results

    # -- the drain flow --------------------------------------------------------------------

    def drain_flow(self, max_writes: int | None = None) -> DrainFlow:
        """Replay pending writes oldest first until the outbox is empty, the breaker refuses,
        a chunk fails, or ``max_writes`` were replayed. Returns how many were replayed."""
        outbox = self.outbox
        replayed = 0
        size = self.replay_batch_size
        started = time.perf_counter()
        while outbox.depth and (max_writes is None or replayed < max_writes):
            limit = size if max_writes is None else min(size, max_writes - replayed)
            chunk = outbox.peek(limit)
            if not chunk:
                break
            permit = self.breaker.acquire()
            if permit is None:
                break
            call = StoreCall(list[Op](w.op for w in chunk), self.replay_timeout, "replay")
            self.metrics.add("store_calls")
            outcome = yield from self._call(permit, call)
            reason, error = self._settle(permit, outcome, call)
            if error is not None:
                # the store refused something in this chunk as invalid: find it, one by one
                done, ok = yield from self._replay_singly(chunk)
                replayed += done
                if not ok:
                    break
                continue
            if reason is not None:
                if reason == "timeout" and size > 1:
                    size = max(1, size // 2)  # a slow store gets smaller chunks
                break
            outbox.ack(chunk)
            replayed += len(chunk)
            self.metrics.add("writes_replayed", len(chunk))
        if replayed:
            elapsed = time.perf_counter() - started
            logger.info(
                "memory store outbox: replayed %d queued write(s) in %.0f ms, %d pending",
                replayed,
                elapsed * 1000,
                outbox.depth,
            )
            self._emit(
                "outbox_replayed",
                op="replay",
                count=replayed,
                outbox_depth=outbox.depth,
                elapsed=elapsed,
            )
        return replayed

    def _replay_singly(
        self, chunk: list[PendingWrite]
    ) -> Generator[StoreCall, Outcome, tuple[int, bool]]:
        done = 0
        for w in chunk:
            permit = self.breaker.acquire()
            if permit is None:
                return done, False
            call = StoreCall(list[Op]([w.op]), self.replay_timeout, "replay")
            self.metrics.add("store_calls")
            outcome = yield from self._call(permit, call)
            reason, error = self._settle(permit, outcome, call)
            if error is not None:
                self.outbox.dead_letter(w, type(error).__name__)
                self.metrics.add("writes_dead_lettered")
                logger.error(
                    "memory store refused a queued write on replay (%s); moved to the "
                    "outbox's dead letters: namespace=%r key=%r",
                    type(error).__name__,
                    w.namespace,
                    w.key,
                )
                self._emit(
                    "replay_dead_lettered",
                    op="replay",
                    error_type=type(error).__name__,
                    namespace=w.namespace,
                    key=w.key,
                    outbox_depth=self.outbox.depth,
                )
                continue
            if reason is not None:
                return done, False
            self.outbox.ack([w])
            self.metrics.add("writes_replayed")
            done += 1
        return done, True

    # -- pieces ----------------------------------------------------------------------------

    def should_drain(self) -> bool:
        """Whether a drain could make progress now (cheap; no I/O)."""
        return bool(self.outbox.depth) and self.breaker.would_allow()

    def _call(self, permit: Permit, call: StoreCall) -> Generator[StoreCall, Outcome, Outcome]:
        try:
            outcome = yield call
        except GeneratorExit:  # the driver was cancelled mid-call
            self.breaker.release(permit)
            raise
        return outcome

    def _settle(
        self, permit: Permit, outcome: Outcome, call: StoreCall
    ) -> tuple[DegradeReason | None, BaseException | None]:
        """Report the outcome to the breaker; say why the call degraded, or which error to
        pass through to the caller."""
        if outcome.kind is OutcomeKind.OK:
            self.breaker.record_success(permit)
            return None, None
        if outcome.kind is OutcomeKind.ERROR:
            exc = outcome.error
            assert exc is not None
            if isinstance(exc, self.passthrough_exceptions) or not isinstance(
                exc, self.failure_exceptions
            ):
                self.breaker.record_success(permit)  # the store is alive: it answered
                return None, exc
            self.breaker.record_failure(permit)
            self.metrics.add("errors")
            logger.warning(
                "memory store %s call failed (%s, %d ops); breaker %s",
                call.kind,
                type(exc).__name__,
                len(call.ops),
                self.breaker.state.value,
            )
            self._emit("error", op=call.kind, error_type=type(exc).__name__, count=len(call.ops))
            return "error", None
        self.breaker.record_failure(permit)
        if outcome.kind is OutcomeKind.SATURATED:
            self.metrics.add("rejected")
            return "saturated", None
        self.metrics.add("timeouts")
        logger.warning(
            "memory store %s call missed its %.0f ms deadline (%d ops); breaker %s",
            call.kind,
            (call.timeout or 0.0) * 1000,
            len(call.ops),
            self.breaker.state.value,
        )
        self._emit("timeout", op=call.kind, count=len(call.ops), elapsed=outcome.elapsed)
        return "timeout", None

    def _read_your_writes(
        self, ops: Sequence[Op], reads: list[int], results: list[Result]
    ) -> tuple[list[int], int]:
        keys = [(op.namespace, op.key) for i in reads if isinstance(op := ops[i], GetOp)]
        pending = self.outbox.get_pending(keys)
        if not pending:
            return reads, 0
        remaining = []
        for i in reads:
            op = ops[i]
            hit = pending.get((op.namespace, op.key)) if isinstance(op, GetOp) else None
            if hit is None:
                remaining.append(i)
            else:
                results[i] = hit.as_item()
        answered = len(reads) - len(remaining)
        return remaining, answered

    def _overlay_searches(self, ops: Sequence[Op], reads: list[int], results: list[Result]) -> None:
        """Show pending writes over search hits: pending deletes vanish, pending puts show
        their new value (hits are not re-ranked or re-filtered)."""
        for i in reads:
            if not isinstance(ops[i], SearchOp):
                continue
            hits = cast("list[SearchItem]", results[i])
            pending = self.outbox.get_pending((h.namespace, h.key) for h in hits)
            if not pending:
                continue
            merged: list[SearchItem] = []
            for h in hits:
                p = pending.get((h.namespace, h.key))
                if p is None:
                    merged.append(h)
                elif p.op.value is not None:
                    merged.append(
                        SearchItem(
                            namespace=h.namespace,
                            key=h.key,
                            value=dict(p.op.value),
                            created_at=h.created_at,
                            updated_at=datetime.fromtimestamp(p.enqueued_at, tz=timezone.utc),
                            score=h.score,
                        )
                    )
            results[i] = merged

    def _enqueue(self, writes: list[PutOp], reason: DegradeReason | None) -> None:
        before = self.outbox.depth
        try:
            superseded = self.outbox.enqueue(writes)
        except OutboxFullError:
            self.metrics.add("outbox_full", len(writes))
            logger.error(
                "memory store outbox is full (%d pending, bound %d): %d write(s) refused",
                self.outbox.depth,
                self.outbox.max_size,
                len(writes),
            )
            self._emit("outbox_full", op="write", count=len(writes), outbox_depth=self.outbox.depth)
            raise
        self.metrics.add("writes_queued", len(writes))
        if superseded:
            self.metrics.add("writes_superseded", superseded)
        depth = self.outbox.depth
        log = logger.info if before == 0 else logger.debug
        log(
            "memory store outbox: queued %d write(s) (%s), %d pending",
            len(writes),
            reason or "behind older queued writes",
            depth,
        )
        self._emit("write_queued", op="write", reason=reason, count=len(writes), outbox_depth=depth)

    def _count_call(
        self,
        n_ops: int,
        store_calls: int,
        degraded_reads: int,
        degraded_writes: int,
        ryw: int,
        reason: DegradeReason | None,
    ) -> None:
        if reason is None and ryw == 0 and store_calls == 1:
            self.metrics.healthy_call(n_ops)
            return
        m = self.metrics
        m.add("calls")
        m.add("ops", n_ops)
        if store_calls:
            m.add("store_calls", store_calls)
        if ryw:
            m.add("read_your_writes", ryw)
        if reason is not None and (degraded_reads or degraded_writes):
            m.add("degraded_calls")
            if degraded_reads:
                m.add("degraded_reads", degraded_reads)
            _record_degraded(degraded_reads, degraded_writes, reason)
            if reason == "open":
                logger.debug(
                    "memory store breaker open: %d read(s) degraded, %d write(s) queued",
                    degraded_reads,
                    degraded_writes,
                )
            self._emit(
                "degraded",
                reason=reason,
                count=degraded_reads + degraded_writes,
                outbox_depth=self.outbox.depth,
            )

    def on_transition(self, old: BreakerState, new: BreakerState) -> None:
        """Breaker hook: count, log and emit every state change."""
        self.metrics.transition(old.value, new.value)
        level = logging.WARNING if new is BreakerState.OPEN else logging.INFO
        logger.log(level, "memory store breaker %s -> %s", old.value, new.value)
        self._emit("breaker_transition", from_state=old.value, to_state=new.value)

    def _emit(self, kind: str, **fields: object) -> None:
        hook = self.on_event
        if hook is None:
            return
        try:
            hook(ResilienceEvent(kind=kind, at=time.time(), **fields))  # type: ignore[arg-type]
        except Exception as exc:  # an exporter must never break the request path
            logger.warning("resilience on_event hook raised %s; ignored", type(exc).__name__)
