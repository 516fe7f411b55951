"""``create_memory_nodes`` and ``add_memory``: long-term memory in a LangGraph graph.

The wiring ``add_memory`` builds (and how to build it by hand, see ``docs/graph.md``)::

    START -> memory_recall --(memory command answered?)--> memory_extract -> END
                   \\                                          ^
                    `--------------> model ------------------'

Example:
    >>> from langchain_core.messages import AIMessage
    >>> from langgraph.checkpoint.memory import InMemorySaver
    >>> from langgraph.graph import StateGraph
    >>> from langgraph.store.memory import InMemoryStore
    >>> def model(state):
    ...     return {"messages": [AIMessage("ok")]}
    >>> graph = add_memory(StateGraph(MemoryState), model_node=model).compile(
    ...     checkpointer=InMemorySaver(), store=InMemoryStore())
    >>> cfg = {"configurable": {"thread_id": "t1", "user_id": "alice"}}
    >>> graph.invoke({"messages": [("user", "I live in Berlin.")]}, cfg)["memory_announcements"]
    ["I'll remember that you live in Berlin."]
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any, Literal

from langchain_core.messages import AIMessage
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.errors import GraphBubbleUp
from langgraph.graph import END, START, StateGraph
from langgraph.store.base import BaseStore

from langmem_plus.extraction import BaseExtractor
from langmem_plus.facts.memory import FactMemory
from langmem_plus.nodes.core import MemoryCore, Persist, RunContext
from langmem_plus.nodes.effects import adrive, drive
from langmem_plus.nodes.lifecycle import DEFAULT_IDLE_TIMEOUT
from langmem_plus.nodes.state import MemoryState
from langmem_plus.resilience import track_degradation

__all__ = [
    "EXTRACT_NODE",
    "MODEL_ERROR_REPLY",
    "RECALL_NODE",
    "MemoryNode",
    "MemoryState",
    "add_memory",
    "create_memory_nodes",
    "route_after_recall",
]

logger = logging.getLogger("langmem_plus.nodes")

RECALL_NODE = "memory_recall"
EXTRACT_NODE = "memory_extract"
MODEL_ERROR_REPLY = (
    "Sorry, I couldn't produce an answer just now. Your message is kept; please try again."
)
"""What the user sees when the model node raised (``on_model_error="reply"``)."""


def _runtime() -> Any:
    try:
        from langgraph.runtime import get_runtime

        return get_runtime()
    except Exception:  # outside a graph run
        return None


def _found_store(runtime: Any) -> BaseStore | None:
    store = getattr(runtime, "store", None)
    if store is not None:
        return store
    try:
        from langgraph.config import get_store

        return get_store()
    except Exception:
        return None


class MemoryNode(RunnableLambda[Any, dict[str, Any]]):
    """A node of ``create_memory_nodes``: a ``RunnableLambda`` that also carries the
    ``MemoryCore`` it runs, as ``.core`` (to reach the run's ``FactMemory``)."""

    def __init__(
        self,
        core: MemoryCore,
        sync: Callable[[Mapping[str, Any], RunnableConfig], dict[str, Any]],
        aio: Callable[[Mapping[str, Any], RunnableConfig], Any],
        *,
        name: str,
    ) -> None:
        super().__init__(sync, afunc=aio, name=name)
        self.core = core


def _node(core: MemoryCore, kind: Literal["recall", "extract"]) -> MemoryNode:
    def context(config: RunnableConfig, state: Mapping[str, Any]) -> RunContext:
        runtime = _runtime()
        return core.resolve(
            config, getattr(runtime, "context", None), _found_store(runtime), state
        )

    def plan(state: Mapping[str, Any], ctx: RunContext) -> Any:
        return core.recall(state, ctx) if kind == "recall" else core.extract(state, ctx)

    def sync(state: Mapping[str, Any], config: RunnableConfig) -> dict[str, Any]:
        ctx = context(config, state)
        with track_degradation() as report:
            update = drive(plan(state, ctx))
        return core.finish(update, report, ctx)

    async def aio(state: Mapping[str, Any], config: RunnableConfig) -> dict[str, Any]:
        ctx = context(config, state)
        with track_degradation() as report:
            update = await adrive(plan(state, ctx))
        return core.finish(update, report, ctx)

    return MemoryNode(core, sync, aio, name=f"memory_{kind}")


def create_memory_nodes(
    memory: FactMemory | None = None,
    *,
    store: BaseStore | None = None,
    extractor: BaseExtractor | None = None,
    checkpointer: BaseCheckpointSaver[Any] | None = None,
    resilience: bool | Mapping[str, Any] | None = None,
    persist: Persist = "per_turn",
    idle_timeout: timedelta = DEFAULT_IDLE_TIMEOUT,
    purge_threads: bool = False,
    commands: bool = True,
    clock: Callable[[], datetime] | None = None,
    user_id_key: str = "user_id",
    scope_key: str = "scope",
    memory_options: Mapping[str, Any] | None = None,
) -> tuple[MemoryNode, MemoryNode]:
    """The memory node pair ``(recall, extract)`` for a ``MessagesState``-style graph.

    ``recall`` runs before the model: it reads the user's memory in one store batch (only
    the version row when this process holds the user's facts; a second batch only when
    another process changed them since) and puts
    ``memory_context`` (the memory-exists line, the opening context at session start, and
    the labelled block: profile first, then relevant facts, under the budget) in state for
    the model node (see ``memory_messages``). It also answers memory commands itself
    ("remember that ...", "what did I tell you?", "forget that I told you about X") and sets
    ``memory_command`` so the model is skipped (``route_after_recall``).

    ``extract`` runs after the model on the user turns after the cursor
    (``memory_cursor``, checkpointed), writes through the write policy, and puts the save
    announcements in ``memory_announcements``. Session id = thread id.

    Both nodes work with ``invoke`` and ``ainvoke`` (one implementation).

    Args:
        memory: the ``FactMemory`` to use. Default: one built over ``store``, else over the
            graph's store (``builder.compile(store=...)``), found at run time.
        store: a store to use instead of the graph's.
        extractor: proposes candidate facts (default ``RuleExtractor()``, offline).
        checkpointer: the graph's checkpointer; needed only to purge forgotten statements
            from other threads (``purge_threads``).
        resilience: wrap the store in ``ResilientStore`` (``True`` or its keyword
            arguments); a turn that ran without memory says so in ``memory_degraded``.
            Ignored when ``memory`` is given (wrap its store yourself).
        persist: ``"per_turn"`` (default) writes each turn's facts through the policy at
            once; ``"session_end"`` keeps them in the session's working set (shown to the
            model within the session) and lets ``SessionManager`` write them at the end.
        idle_timeout: a thread idle this long starts a new session (opening context).
        purge_threads: "forget ..." also deletes other threads holding the statement.
        commands: answer memory commands in the recall node (default True).
        clock: returns the current aware time (tests); default the memory's clock.
        user_id_key: the configurable/context key of the user id (default ``"user_id"``).
        scope_key: the configurable/context key of the project scope (default ``"scope"``).
        memory_options: keyword arguments for the ``FactMemory`` built from a store.

    Returns:
        ``(recall, extract)``, two runnables to add as nodes.

    Raises:
        InvalidUserIdError: at run time, when the run has no valid ``user_id``.

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> recall, extract = create_memory_nodes(store=InMemoryStore())
        >>> recall.name, extract.name
        ('memory_recall', 'memory_extract')
    """
    core = MemoryCore(
        memory,
        store=store,
        extractor=extractor,
        checkpointer=checkpointer,
        resilience=resilience,
        persist=persist,
        idle_timeout=idle_timeout,
        purge_threads=purge_threads,
        commands=commands,
        clock=clock,
        user_id_key=user_id_key,
        scope_key=scope_key,
        memory_options=memory_options,
    )
    return _node(core, "recall"), _node(core, "extract")


def route_after_recall(model: str = "model") -> Callable[[Mapping[str, Any]], str]:
    """The conditional edge after ``memory_recall``: to the model, or straight to
    ``memory_extract`` when the recall node already answered a memory command.

    Example:
        >>> route = route_after_recall("chatbot")
        >>> route({"memory_command": None}), route({"memory_command": "forget"})
        ('chatbot', 'memory_extract')
    """

    def route(state: Mapping[str, Any]) -> str:
        return EXTRACT_NODE if state.get("memory_command") else model

    return route


_INJECTED = ("config", "runtime", "store", "writer")


def _guard_model(node: Any, on_error: str) -> Any:
    """Wrap a model node so that, when it raises, the turn is kept: a fixed reply, the
    error type in ``memory_errors``, and extraction still runs on the user's turn."""
    if on_error == "raise":
        return node

    def failed(state: Mapping[str, Any], exc: Exception) -> dict[str, Any]:
        logger.warning("model node failed (%s); replied with the fallback line", type(exc).__name__)
        errors = [*list(state.get("memory_errors") or []), f"model:{type(exc).__name__}"]
        return {"messages": [AIMessage(MODEL_ERROR_REPLY)], "memory_errors": errors}

    if isinstance(node, Runnable):
        runnable: Runnable[Any, Any] = node

        def rsync(state: Mapping[str, Any], config: RunnableConfig) -> Any:
            try:
                return runnable.invoke(state, config)
            except GraphBubbleUp:
                raise
            except Exception as exc:
                return failed(state, exc)

        async def raio(state: Mapping[str, Any], config: RunnableConfig) -> Any:
            try:
                return await runnable.ainvoke(state, config)
            except GraphBubbleUp:
                raise
            except Exception as exc:
                return failed(state, exc)

        return RunnableLambda(rsync, afunc=raio, name=getattr(node, "name", None) or "model")

    params = inspect.signature(node).parameters
    wanted = [p for p in _INJECTED if p in params]

    def kwargs(config: RunnableConfig, runtime: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for p in wanted:
            if p == "config":
                out[p] = config
            elif p == "runtime":
                out[p] = runtime
            elif p == "store":
                out[p] = getattr(runtime, "store", None)
            elif p == "writer":
                out[p] = getattr(runtime, "stream_writer", None)
        return out

    if inspect.iscoroutinefunction(node):

        async def aguarded(state: Any, config: RunnableConfig, runtime: Any) -> Any:
            try:
                return await node(state, **kwargs(config, runtime))
            except GraphBubbleUp:
                raise
            except Exception as exc:
                return failed(state, exc)

        return aguarded

    def guarded(state: Any, config: RunnableConfig, runtime: Any) -> Any:
        try:
            return node(state, **kwargs(config, runtime))
        except GraphBubbleUp:
            raise
        except Exception as exc:
            return failed(state, exc)

    return guarded


def add_memory(
    builder: StateGraph[Any, Any, Any, Any],
    *,
    model_node: Any,
    model_name: str = "model",
    on_model_error: Literal["reply", "raise"] = "reply",
    **options: Any,
) -> StateGraph[Any, Any, Any, Any]:
    """Wire ``START -> memory_recall -> model -> memory_extract -> END`` into ``builder``.

    The state schema must have ``messages`` and the memory keys: use ``MemoryState`` or
    subclass it. The model node reads ``state["memory_context"]`` (``memory_messages``).

    Args:
        builder: a ``StateGraph`` (not compiled yet).
        model_node: the node that answers (a function or runnable), or the name of a node
            already in ``builder``.
        model_name: the model node's name (default ``"model"``).
        on_model_error: ``"reply"`` (default): a model node that raises does not lose the
            turn: the user gets ``MODEL_ERROR_REPLY``, ``memory_errors`` names the error,
            and the user's turn is still extracted. ``"raise"``: the error propagates (the
            turn stays in the checkpoint; the cursor does not move, so it is extracted
            next turn).
        **options: everything ``create_memory_nodes`` takes (``memory``, ``store``,
            ``extractor``, ``resilience``, ``persist``, ``clock``, ...).

    Returns:
        The same builder, for chaining into ``.compile(checkpointer=..., store=...)``.

    Example:
        >>> from langchain_core.messages import AIMessage
        >>> from langgraph.graph import StateGraph
        >>> builder = add_memory(StateGraph(MemoryState),
        ...                      model_node=lambda s: {"messages": [AIMessage("hi")]})
        >>> sorted(builder.nodes)
        ['memory_extract', 'memory_recall', 'model']
    """
    recall, extract = create_memory_nodes(**options)
    builder.add_node(RECALL_NODE, recall)
    if isinstance(model_node, str):
        model_name = model_node
        if model_name not in builder.nodes:
            raise ValueError(f"model_node {model_name!r} is not a node of this graph")
    else:
        builder.add_node(model_name, _guard_model(model_node, on_model_error))
    builder.add_node(EXTRACT_NODE, extract)
    builder.add_edge(START, RECALL_NODE)
    builder.add_conditional_edges(
        RECALL_NODE, route_after_recall(model_name), [model_name, EXTRACT_NODE]
    )
    builder.add_edge(model_name, EXTRACT_NODE)
    builder.add_edge(EXTRACT_NODE, END)
    return builder

