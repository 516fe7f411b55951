"""A background thread that runs a callable every ``interval`` seconds until stopped."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

__all__ = ["Sweeper"]

logger = logging.getLogger("langmem_plus.stores")


class Sweeper:
    """Calls ``fn`` every ``interval`` seconds on a daemon thread; ``stop`` ends it."""

    def __init__(self, fn: Callable[[], object], interval: float, name: str) -> None:
        self._fn = fn
        self._interval = max(interval, 0.01)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)

    def start(self) -> Sweeper:
        self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                self._fn()
            except Exception as exc:  # a failed sweep must not kill the thread
                logger.warning("ttl sweep failed: %s", type(exc).__name__)

    def stop(self, timeout: float | None = None) -> bool:
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)
        return not self._thread.is_alive()

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and not self._stop.is_set()
