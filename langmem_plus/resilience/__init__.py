"""Resilience: memory that degrades instead of failing the request.

:class:`ResilientStore` wraps any LangGraph ``BaseStore`` with a per-call deadline, a circuit
breaker and a durable outbox of pending writes. The small pieces it is built from are
public too, for code that wants the same guarantees around other calls.

Modules::

    breaker   CircuitBreaker, BreakerState, Permit        closed / open / half-open, one probe
    deadline  ThreadDeadline, TaskDeadline, Outcome,      stop waiting at the deadline
              InlineWatch                                 (opt-in: sync calls inline while healthy)
    outbox    Outbox, PendingWrite                        SQLite (WAL) queue, latest write per item
    metrics   ResilienceEvent, MetricsSnapshot,           counters, export events, and the
              track_degradation, DegradationReport        per-turn "ran without memory" report
    core      ResilienceCore                              the logic, once, with no store I/O
    store     ResilientStore                              the BaseStore and its sync/async drivers
    defaults  protect, INTERACTIVE_DEFAULTS               what the memory layer wraps by default

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.resilience import ResilientStore, track_degradation
    >>> with ResilientStore(InMemoryStore(), read_timeout=0.3) as store:
    ...     with track_degradation() as turn:
    ...         hits = store.search(("memories", "u1"))
    ...     (hits, turn.degraded, store.state.value)
    ([], False, 'closed')
"""

from langmem_plus.resilience.breaker import BreakerState, CircuitBreaker, Permit
from langmem_plus.resilience.core import DEFAULT_PASSTHROUGH_EXCEPTIONS
from langmem_plus.resilience.deadline import (
    InlineWatch,
    Outcome,
    OutcomeKind,
    TaskDeadline,
    ThreadDeadline,
)
from langmem_plus.resilience.defaults import INTERACTIVE_DEFAULTS, protect
from langmem_plus.resilience.metrics import (
    DegradationReport,
    EventKind,
    MetricsSnapshot,
    ResilienceEvent,
    current_degradation,
    track_degradation,
)
from langmem_plus.resilience.outbox import Outbox, PendingWrite
from langmem_plus.resilience.store import ResilientStore

__all__ = [
    "DEFAULT_PASSTHROUGH_EXCEPTIONS",
    "INTERACTIVE_DEFAULTS",
    "BreakerState",
    "CircuitBreaker",
    "DegradationReport",
    "EventKind",
    "InlineWatch",
    "MetricsSnapshot",
    "Outbox",
    "Outcome",
    "OutcomeKind",
    "PendingWrite",
    "Permit",
    "ResilienceEvent",
    "ResilientStore",
    "TaskDeadline",
    "ThreadDeadline",
    "current_degradation",
    "protect",
    "track_degradation",
]
