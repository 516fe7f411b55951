"""A small, thread-safe circuit breaker with an injectable clock and a single half-open probe.

States::

    CLOSED ──(failure_threshold consecutive failures)──> OPEN
    OPEN ──(recovery_time elapsed; the next caller becomes the probe)──> HALF_OPEN
    HALF_OPEN ──(probe succeeds)──> CLOSED
    HALF_OPEN ──(probe fails)──> OPEN (the recovery clock restarts)

While HALF_OPEN exactly one call (the probe) may reach the store; every other call is
refused at once, as in OPEN. The breaker does no I/O and never sleeps: callers ask for a
:class:`Permit`, run the call themselves, and report the outcome. That is what lets the sync
and the async faces of :class:`~langmem_plus.resilience.ResilientStore` share it unchanged.

Example:
    >>> clock = [0.0]
    >>> b = CircuitBreaker(failure_threshold=2, recovery_time=10.0, clock=lambda: clock[0])
    >>> for _ in range(2):
    ...     b.record_failure(b.acquire())
    >>> b.state.value, b.acquire()
    ('open', None)
    >>> clock[0] = 10.0
    >>> probe = b.acquire()
    >>> probe.probe, b.acquire()
    (True, None)
    >>> b.record_success(probe)
    >>> b.state.value
    'closed'
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["BreakerState", "CircuitBreaker", "Permit"]


class BreakerState(str, enum.Enum):
    """The three states of a circuit breaker."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


@dataclass(frozen=True)
class Permit:
    """Leave to make one call to the protected resource.

    Attributes:
        probe: True when this call is the single half-open trial call.
        generation: breaker generation the permit was issued in; outcomes reported for an
            older generation (a call that outlived a state change) are ignored.
    """

    probe: bool
    generation: int


TransitionHook = Callable[[BreakerState, BreakerState], None]


class CircuitBreaker:
    """Closed / open / half-open breaker counting consecutive failures.

    Args:
        failure_threshold: consecutive failures (while closed) that open the breaker.
        recovery_time: seconds the breaker stays open before it lets one probe through.
        clock: monotonic clock in seconds; inject a fake one in tests.
        on_transition: called as ``on_transition(old, new)`` after every state change,
            outside the breaker's lock.

    Raises:
        ValueError: if ``failure_threshold`` < 1 or ``recovery_time`` < 0.
    """

    def __init__(
        self,
        *,
        failure_threshold: int = 5,
        recovery_time: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        on_transition: TransitionHook | None = None,
    ) -> None:
        if failure_threshold < 1:
            raise ValueError(f"failure_threshold must be >= 1, got {failure_threshold!r}")
        if recovery_time < 0:
            raise ValueError(f"recovery_time must be >= 0 seconds, got {recovery_time!r}")
        self.failure_threshold = failure_threshold
        self.recovery_time = recovery_time
        self._clock = clock
        self._on_transition = on_transition
        self._lock = threading.Lock()
        self._state = BreakerState.CLOSED
        self._failures = 0
        self._opened_at = 0.0
        self._probe_out = False
        self._generation = 0
        self._closed_permit = Permit(probe=False, generation=0)

    @property
    def state(self) -> BreakerState:
        """The current state (an OPEN breaker whose recovery time has passed still reads OPEN
        until a caller takes the probe)."""
        return self._state

    @property
    def consecutive_failures(self) -> int:
        """Failures counted since the last success while closed."""
        return self._failures

    def would_allow(self) -> bool:
        """Whether :meth:`acquire` would hand out a permit now (no state change)."""
        state = self._state
        if state is BreakerState.CLOSED:
            return True
        if state is BreakerState.OPEN:
            return self._clock() - self._opened_at >= self.recovery_time
        return not self._probe_out

    def acquire(self) -> Permit | None:
        """Ask to make one call.

        Returns:
            A :class:`Permit` to pass back to :meth:`record_success`, :meth:`record_failure`
            or :meth:`release`, or ``None`` when the call must not reach the resource.
        """
        if self._state is BreakerState.CLOSED:  # fast path, no lock: permits are immutable
            return self._closed_permit
        changed: tuple[BreakerState, BreakerState] | None = None
        with self._lock:
            if self._state is BreakerState.CLOSED:
                return self._closed_permit
            if self._state is BreakerState.OPEN:
                if self._clock() - self._opened_at < self.recovery_time:
                    return None
                changed = self._set(BreakerState.HALF_OPEN)
            if self._probe_out:
                return None
            self._probe_out = True
            permit = Permit(probe=True, generation=self._generation)
        self._notify(changed)
        return permit

    def record_success(self, permit: Permit) -> None:
        """Report that a permitted call succeeded (or was answered by a live resource)."""
        if self._state is BreakerState.CLOSED and self._failures == 0:
            return  # fast path: nothing to reset
        changed = None
        with self._lock:
            if permit.generation != self._generation:
                return
            if self._state is BreakerState.CLOSED:
                self._failures = 0
            elif permit.probe and self._state is BreakerState.HALF_OPEN:
                self._probe_out = False
                changed = self._set(BreakerState.CLOSED)
        self._notify(changed)

    def record_failure(self, permit: Permit) -> None:
        """Report that a permitted call failed or missed its deadline."""
        changed = None
        with self._lock:
            if permit.generation != self._generation:
                return
            if self._state is BreakerState.CLOSED:
                self._failures += 1
                if self._failures >= self.failure_threshold:
                    changed = self._set(BreakerState.OPEN)
            elif permit.probe and self._state is BreakerState.HALF_OPEN:
                self._probe_out = False
                changed = self._set(BreakerState.OPEN)
        self._notify(changed)

    def release(self, permit: Permit) -> None:
        """Give a permit back without an outcome (the caller was cancelled).

        An abandoned probe frees the half-open slot so that the next caller can probe.
        """
        if not permit.probe:
            return
        with self._lock:
            if permit.generation == self._generation and self._state is BreakerState.HALF_OPEN:
                self._probe_out = False

    def reset(self) -> None:
        """Force the breaker closed (operator action, tests)."""
        with self._lock:
            changed = None
            if self._state is not BreakerState.CLOSED:
                changed = self._set(BreakerState.CLOSED)
            self._failures = 0
        self._notify(changed)

    # -- internals -------------------------------------------------------------------------

    def _set(self, new: BreakerState) -> tuple[BreakerState, BreakerState]:
        old = self._state
        self._state = new
        self._generation += 1
        self._probe_out = False
        if new is BreakerState.OPEN:
            self._opened_at = self._clock()
        elif new is BreakerState.CLOSED:
            self._failures = 0
            self._closed_permit = Permit(probe=False, generation=self._generation)
        return old, new

    def _notify(self, changed: tuple[BreakerState, BreakerState] | None) -> None:
        if changed is not None and self._on_transition is not None:
            self._on_transition(*changed)
