"""Counters, export events, and the per-turn degradation report of a ``ResilientStore``.

Three ways to observe resilience, all carrying ids only (namespace/key at most), never a
stored value or fact text, and never an inner exception's message (which may quote a value),
only its type name:

* **Counters** (:class:`ResilienceMetrics`, read with :meth:`~ResilienceMetrics.snapshot`):
  cheap to poll from a dashboard or an OpenTelemetry observable gauge.
* **Events** (:class:`ResilienceEvent` passed to ``on_event``): pushed on everything that is
  not the healthy path (timeouts, errors, degraded calls, breaker transitions, queued and
  replayed writes, a full outbox). A raising hook is logged and ignored.
* **The turn report** (:func:`track_degradation`): a context manager the node layer wraps
  around one graph turn to learn whether *that* turn ran without memory. It rides on a
  ``ContextVar``, so concurrent turns (threads or asyncio tasks) never see each other's.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.resilience import ResilientStore, track_degradation
    >>> with ResilientStore(InMemoryStore()) as store, track_degradation() as report:
    ...     store.put(("memories", "u1"), "city", {"text": "lives in Berlin"})
    ...     item = store.get(("memories", "u1"), "city")
    >>> report.degraded, item.value["text"]
    (False, 'lives in Berlin')
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "DegradationReport",
    "EventKind",
    "MetricsSnapshot",
    "ResilienceEvent",
    "ResilienceMetrics",
    "current_degradation",
    "track_degradation",
]

EventKind = Literal[
    "timeout",
    "error",
    "degraded",
    "breaker_transition",
    "write_queued",
    "outbox_replayed",
    "outbox_full",
    "replay_dead_lettered",
]
"""What a :class:`ResilienceEvent` reports."""

DegradeReason = Literal["timeout", "error", "open", "saturated"]


@dataclass(frozen=True)
class ResilienceEvent:
    """One notable thing that happened, for export (logs, OpenTelemetry, alerts).

    Attributes:
        kind: what happened (see :data:`EventKind`).
        at: unix time.
        op: ``"read"``, ``"write"`` or ``"replay"`` where it applies.
        reason: why a call degraded: ``"timeout"``, ``"error"``, ``"open"`` (breaker refused
            the call) or ``"saturated"`` (too many abandoned calls still pending).
        error_type: the inner exception's class name (never its message).
        from_state: breaker state before a transition.
        to_state: breaker state after a transition.
        namespace: the item's namespace, for per-item events (dead letters).
        key: the item's key, for per-item events.
        count: how many ops/writes the event covers.
        outbox_depth: pending writes after the event.
        elapsed: seconds the call took (timeouts, replays).
    """

    kind: EventKind
    at: float
    op: str | None = None
    reason: DegradeReason | None = None
    error_type: str | None = None
    from_state: str | None = None
    to_state: str | None = None
    namespace: tuple[str, ...] | None = None
    key: str | None = None
    count: int | None = None
    outbox_depth: int | None = None
    elapsed: float | None = None


@dataclass(frozen=True)
class MetricsSnapshot:
    """A consistent copy of the counters at one instant.

    Attributes:
        calls: ``batch``/``abatch`` calls on the wrapper.
        ops: operations in those calls.
        store_calls: calls that reached the inner store (replays included).
        timeouts: store calls abandoned at their deadline.
        errors: store calls that raised a counted failure.
        rejected: calls refused without touching the store (breaker open or saturated).
        degraded_calls: wrapper calls in which at least one op ran degraded.
        degraded_reads: read ops answered with "no memory" instead of the store.
        read_your_writes: get ops answered from a pending outbox write.
        writes_queued: writes put in the outbox (degraded, or behind older queued writes).
        writes_superseded: queued writes replaced by a later write to the same item.
        writes_replayed: queued writes the store acknowledged on replay.
        writes_dead_lettered: queued writes the store refused as invalid on replay.
        outbox_full: writes refused because the outbox was full.
        breaker_transitions: ``"closed->open"`` style keys to counts.
        breaker_state: current breaker state.
        outbox_depth: pending writes now.
    """

    calls: int
    ops: int
    store_calls: int
    timeouts: int
    errors: int
    rejected: int
    degraded_calls: int
    degraded_reads: int
    read_your_writes: int
    writes_queued: int
    writes_superseded: int
    writes_replayed: int
    writes_dead_lettered: int
    outbox_full: int
    breaker_transitions: dict[str, int]
    breaker_state: str
    outbox_depth: int

    @property
    def degraded_rate(self) -> float:
        """Share of wrapper calls that ran degraded (0.0 when there were no calls)."""
        return self.degraded_calls / self.calls if self.calls else 0.0

    def as_dict(self) -> dict[str, object]:
        """Flat dict (``degraded_rate`` included), handy for JSON or a metrics exporter."""
        out: dict[str, object] = {name: getattr(self, name) for name in self.__dataclass_fields__}
        out["degraded_rate"] = self.degraded_rate
        return out


_COUNTERS = (
    "calls",
    "ops",
    "store_calls",
    "timeouts",
    "errors",
    "rejected",
    "degraded_calls",
    "degraded_reads",
    "read_your_writes",
    "writes_queued",
    "writes_superseded",
    "writes_replayed",
    "writes_dead_lettered",
    "outbox_full",
)


class ResilienceMetrics:
    """Thread-safe counters; :meth:`snapshot` reads them all at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._c = dict.fromkeys(_COUNTERS, 0)
        self._transitions: dict[str, int] = {}

    def add(self, name: str, n: int = 1) -> None:
        """Add ``n`` to counter ``name``."""
        with self._lock:
            self._c[name] += n

    def healthy_call(self, ops: int) -> None:
        """Count one call that reached the store once and did not degrade (the hot path)."""
        with self._lock:
            c = self._c
            c["calls"] += 1
            c["ops"] += ops
            c["store_calls"] += 1

    def transition(self, old: str, new: str) -> None:
        """Count a breaker transition."""
        with self._lock:
            name = f"{old}->{new}"
            self._transitions[name] = self._transitions.get(name, 0) + 1

    def snapshot(self, *, breaker_state: str, outbox_depth: int) -> MetricsSnapshot:
        """Copy the counters (the two gauges are passed in by the owner)."""
        with self._lock:
            counters = dict(self._c)
            transitions = dict(self._transitions)
        return MetricsSnapshot(
            **counters,
            breaker_transitions=transitions,
            breaker_state=breaker_state,
            outbox_depth=outbox_depth,
        )


@dataclass
class DegradationReport:
    """What happened to memory during one tracked span (normally one graph turn).

    Attributes:
        degraded_reads: reads answered with "no memory" because the store was unavailable.
        queued_writes: writes that went to the outbox because the store was unavailable
            (they are durable and will be replayed; the turn did not lose them).
        reasons: why: any of ``"timeout"``, ``"error"``, ``"open"``, ``"saturated"``.
    """

    degraded_reads: int = 0
    queued_writes: int = 0
    reasons: set[str] = field(default_factory=set)
    _parent: DegradationReport | None = field(default=None, repr=False, compare=False)

    @property
    def degraded(self) -> bool:
        """True when any read or write in the span ran without the store."""
        return bool(self.degraded_reads or self.queued_writes)

    def _record(self, reads: int, writes: int, reason: str) -> None:
        report: DegradationReport | None = self
        while report is not None:  # nested spans all see it
            report.degraded_reads += reads
            report.queued_writes += writes
            report.reasons.add(reason)
            report = report._parent


_CURRENT: contextvars.ContextVar[DegradationReport | None] = contextvars.ContextVar(
    "langmem_plus_degradation", default=None
)


@contextlib.contextmanager
def track_degradation() -> Iterator[DegradationReport]:
    """Collect, for the enclosed code, whether any ``ResilientStore`` call ran degraded.

    Works across threads only where the context is copied (LangGraph does this for nodes),
    and across asyncio tasks created inside the block. Spans nest: an outer span sees what
    inner spans saw.

    Yields:
        A :class:`DegradationReport` filled in as calls happen.

    Example:
        >>> with track_degradation() as report:
        ...     pass  # run the turn's store calls here
        >>> report.degraded
        False
    """
    report = DegradationReport(_parent=_CURRENT.get())
    token = _CURRENT.set(report)
    try:
        yield report
    finally:
        _CURRENT.reset(token)


def current_degradation() -> DegradationReport | None:
    """The innermost active report, or ``None`` outside :func:`track_degradation`."""
    return _CURRENT.get()


def _record_degraded(reads: int, writes: int, reason: str) -> None:
    report = _CURRENT.get()
    if report is not None:
        report._record(reads, writes, reason)


EventHook = Callable[[ResilienceEvent], None]


def _now() -> float:
    return time.time()
