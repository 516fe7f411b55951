"""One implementation, two faces: plans that yield calls, run by a sync or an async driver.

Every piece of node logic (recall, extract, the memory commands, consolidation) is written
once as a generator *plan*. Where it needs I/O it yields a :class:`Call` naming the sync
function and its async twin; :func:`drive` runs the sync one, :func:`adrive` awaits the async
one, and the result (or the exception) is sent back into the plan. So the sync and async
nodes differ only at the I/O call, as STYLE.md asks.

Example:
    >>> def plan():
    ...     value = yield Call(len, None, ("abc",))
    ...     return value * 2
    >>> drive(plan())
    6
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["Call", "Plan", "adrive", "drive"]

T = TypeVar("T")


@dataclass(frozen=True)
class Call:
    """One I/O request of a plan: ``sync(*args, **kwargs)`` or ``await aio(*args, **kwargs)``.

    ``aio=None`` means the call does no I/O worth awaiting; the async driver then calls the
    sync function inline.
    """

    sync: Callable[..., Any]
    aio: Callable[..., Awaitable[Any]] | None
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)


Plan = Generator[Call, Any, T]


def drive(plan: Plan[T]) -> T:
    """Run ``plan`` with the sync functions; exceptions are thrown back into the plan."""
    try:
        call = next(plan)
        while True:
            try:
                result = call.sync(*call.args, **call.kwargs)
            except Exception as exc:
                call = plan.throw(exc)
            else:
                call = plan.send(result)
    except StopIteration as stop:
        return stop.value


async def adrive(plan: Plan[T]) -> T:
    """Run ``plan`` with the async functions; exceptions are thrown back into the plan."""
    try:
        call = next(plan)
        while True:
            try:
                if call.aio is None:
                    result = call.sync(*call.args, **call.kwargs)
                else:
                    result = await call.aio(*call.args, **call.kwargs)
            except Exception as exc:
                call = plan.throw(exc)
            else:
                call = plan.send(result)
    except StopIteration as stop:
        return stop.value
