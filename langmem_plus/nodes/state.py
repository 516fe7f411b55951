"""Graph state of the memory nodes, and how a model node reads the memory.

The recall node writes ``memory_context`` (what the model should read this turn); the model
node puts it in front of the conversation, for example as a ``SystemMessage``::

    def model(state: MemoryState):
        return {"messages": [llm.invoke(memory_messages(state, system_prompt="Be brief."))]}

Every key the nodes use starts with ``memory_``, so they can be added to any
``MessagesState``-style state (``MemoryState`` is ``MessagesState`` plus these keys).

Declare ``MemoryContext`` as the graph's context schema and pass the user id as the run's
context (``StateGraph(MemoryState, context_schema=MemoryContext)``, or
``create_agent(..., context_schema=MemoryContext)``); LangGraph Studio then asks for it.

Example:
    >>> from langgraph.checkpoint.memory import InMemorySaver
    >>> from langgraph.graph import StateGraph
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.cli.demo import deterministic_responder
    >>> from langmem_plus.nodes import add_memory
    >>> builder = StateGraph(MemoryState, context_schema=MemoryContext)
    >>> graph = add_memory(builder, model_node=deterministic_responder).compile(
    ...     checkpointer=InMemorySaver(), store=InMemoryStore())
    >>> out = graph.invoke({"messages": [("user", "I live in Rome.")]},
    ...                    {"configurable": {"thread_id": "t1"}}, context={"user_id": "alice"})
    >>> out["memory_announcements"]
    ["I'll remember that you live in Rome."]

    >>> from langchain_core.messages import HumanMessage
    >>> state = {"messages": [HumanMessage("hi", id="m1")],
    ...          "memory_context": "Reference data ...\\nLocation: city: Berlin"}
    >>> [type(m).__name__ for m in memory_messages(state, system_prompt="Be brief.")]
    ['SystemMessage', 'HumanMessage']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AnyMessage, BaseMessage, SystemMessage
from langgraph.graph import MessagesState
from typing_extensions import Required, TypedDict

__all__ = [
    "MEMORY_STATE_KEYS",
    "MemoryContext",
    "MemoryDecision",
    "MemoryState",
    "memory_messages",
    "memory_system_message",
]


class MemoryContext(TypedDict, total=False):
    """Who this run remembers for: pass it as the run's context, ``context={"user_id": ...}``.

    Declare it as the graph's ``context_schema`` so LangGraph Studio asks for it. The memory
    nodes read it first, then ``config["configurable"]``; a blank value counts as not given.
    """

    user_id: Required[str]
    """Whose memory this run reads and writes (1-128 letters, digits or ``_-@+:=``)."""
    scope: str | None
    """Optional project/account scope (``"atlas"``); recall never crosses scopes."""


class MemoryDecision(TypedDict):
    """One write-policy (or extractor filter) outcome of this turn, for the app to show.

    It holds the fact text: show it to the user it belongs to, never log it.
    """

    action: str
    """new | reconfirmed | superseded | rejected | conflict."""
    code: str
    """The policy's reason code (``transient``, ``newer_valid_time``, ...)."""
    text: str
    """The fact as one sentence (the candidate's text when rejected)."""
    fact_id: str | None
    """The stored fact's id, when there is one."""


class MemoryState(MessagesState, total=False):
    """``MessagesState`` plus the keys the memory nodes read and write.

    Attributes:
        memory_context: what the model should read this turn (the memory-exists line, the
            opening context at session start, the labelled memory block); ``""`` when there
            is nothing to say. Put it in a ``SystemMessage`` (see ``memory_messages``).
        memory_block: the labelled reference-data block alone (profile, then relevant facts).
        memory_opening: the opening context of this session (``""`` after the first turn).
        memory_announcements: lines to show the user this turn ("I'll remember that ...").
        memory_decisions: what the write policy decided this turn (see ``MemoryDecision``).
        memory_degraded: True when this turn ran without (part of) its memory.
        memory_errors: error *type names* of what failed this turn (``"model:TimeoutError"``).
        memory_command: the memory command the recall node answered itself, if any
            (``"remember"``, ``"recall"``, ``"forget"``); the model is then skipped.
        memory_cursor: id of the last message already extracted (checkpointed: a resumed,
            retried or forked thread never extracts a message twice).
        memory_session: the session (thread) bookkeeping: user, start, whether memory is on.
        memory_working_set: candidates extracted per turn in this session.
    """

    memory_context: str
    memory_block: str
    memory_opening: str
    memory_announcements: list[str]
    memory_decisions: list[MemoryDecision]
    memory_degraded: bool
    memory_errors: list[str]
    memory_command: str | None
    memory_cursor: str | None
    memory_session: dict[str, Any]
    memory_working_set: list[dict[str, Any]]


MEMORY_STATE_KEYS: tuple[str, ...] = tuple(
    k for k in MemoryState.__annotations__ if k.startswith("memory_")
)
"""Every state key the memory nodes use."""


def memory_system_message(
    state: Mapping[str, Any], *, system_prompt: str | None = None
) -> SystemMessage | None:
    """The system message for the model: your prompt, then the memory context.

    Returns ``None`` when there is neither a prompt nor memory context.

    Example:
        >>> memory_system_message({"memory_context": ""}, system_prompt="Be brief.").content
        'Be brief.'
        >>> memory_system_message({}) is None
        True
    """
    parts = [p for p in (system_prompt, state.get("memory_context") or "") if p]
    return SystemMessage("\n\n".join(parts)) if parts else None


def memory_messages(
    state: Mapping[str, Any], *, system_prompt: str | None = None
) -> list[BaseMessage]:
    """The messages to send to the model: the system message (with memory), then the
    conversation (``state["messages"]``) without any earlier system message.

    Example:
        >>> from langchain_core.messages import HumanMessage
        >>> msgs = memory_messages({"messages": [HumanMessage("hi")], "memory_context": "M"})
        >>> msgs[0].content
        'M'
    """
    conversation: Sequence[AnyMessage] = state.get("messages") or []
    system = memory_system_message(state, system_prompt=system_prompt)
    rest = [m for m in conversation if not isinstance(m, SystemMessage)]
    return [system, *rest] if system is not None else list(rest)
