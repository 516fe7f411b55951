"""``MemoryMiddleware``: the same long-term memory for ``langchain.agents.create_agent``.

The hooks map onto the node pair, over the same ``FactMemory`` and the same logic
(``MemoryCore``):

============================  ================================================================
hook                          what it does
============================  ================================================================
``before_agent`` (once/turn)  recall: memory context into state; memory commands answered
                              (the agent then jumps to the end, the model is not called)
``wrap_model_call``           every model call of the turn gets the memory context appended
                              to its system message (tool loops included)
``after_agent`` (once/turn)   extract: the new *user* turns (never tool results) through the
                              write policy; announcements in ``memory_announcements``
============================  ================================================================

Recall and extraction run once per agent turn, not once per model call, so a tool loop does
not re-read memory or re-extract. The cursor lives in the agent's checkpointed state.

Example:
    >>> from langchain.agents import create_agent
    >>> from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    >>> from langchain_core.messages import AIMessage
    >>> from langgraph.checkpoint.memory import InMemorySaver
    >>> from langgraph.store.memory import InMemoryStore
    >>> agent = create_agent(GenericFakeChatModel(messages=iter([AIMessage("Noted!")])),
    ...                      middleware=[MemoryMiddleware()],
    ...                      checkpointer=InMemorySaver(), store=InMemoryStore())
    >>> out = agent.invoke({"messages": [("user", "I live in Berlin.")]},
    ...                    {"configurable": {"thread_id": "t1", "user_id": "alice"}})
    >>> out["memory_announcements"]
    ["I'll remember that you live in Berlin."]
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ModelRequest,
    ModelResponse,
    hook_config,
)
from langchain_core.messages import SystemMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime
from typing_extensions import NotRequired

from langmem_plus.facts.memory import FactMemory
from langmem_plus.nodes.core import MemoryCore, RunContext
from langmem_plus.nodes.effects import adrive, drive
from langmem_plus.nodes.state import MemoryDecision
from langmem_plus.resilience import track_degradation

__all__ = ["MemoryAgentState", "MemoryMiddleware"]


class MemoryAgentState(AgentState[Any]):
    """The agent state plus the memory keys (see ``MemoryState`` for their meaning)."""

    memory_context: NotRequired[str]
    memory_block: NotRequired[str]
    memory_opening: NotRequired[str]
    memory_announcements: NotRequired[list[str]]
    memory_decisions: NotRequired[list[MemoryDecision]]
    memory_degraded: NotRequired[bool]
    memory_errors: NotRequired[list[str]]
    memory_command: NotRequired[str | None]
    memory_cursor: NotRequired[str | None]
    memory_session: NotRequired[dict[str, Any]]
    memory_working_set: NotRequired[list[dict[str, Any]]]


def _with_memory(request: ModelRequest[Any]) -> ModelRequest[Any]:
    text = request.state.get("memory_context") if isinstance(request.state, Mapping) else None
    if not text:
        return request
    current = request.system_message.text if request.system_message is not None else ""
    merged = f"{current}\n\n{text}" if current else str(text)
    return request.override(system_message=SystemMessage(merged))


class MemoryMiddleware(AgentMiddleware[MemoryAgentState, Any, Any]):
    """Long-term memory for ``create_agent``: recall before the turn, memory in every model
    call, extraction after the turn.

    Args:
        memory: the ``FactMemory`` (default: one over ``store`` or the agent's store).
        **options: everything ``create_memory_nodes`` takes (``store``, ``extractor``,
            ``resilience``, ``persist``, ``checkpointer``, ``purge_threads``, ``clock``...).

    The user id comes from the runtime context (``context={"user_id": ...}``; declare
    ``create_agent(..., context_schema=MemoryContext)`` so LangGraph Studio asks for it),
    else from ``config["configurable"]["user_id"]``, else from the thread's state; blank
    values count as not given. None at all raises ``MissingUserIdError``, a malformed one
    ``InvalidUserIdError`` (see ``MemoryCore.resolve``).
    """

    state_schema = MemoryAgentState

    def __init__(self, memory: FactMemory | None = None, **options: Any) -> None:
        super().__init__()
        self.core = MemoryCore(memory, **options)
        self.tools = []

    def _ctx(self, runtime: Runtime[Any], state: MemoryAgentState) -> RunContext:
        return self.core.resolve(get_config(), runtime.context, runtime.store, state)

    @hook_config(can_jump_to=["end"])
    def before_agent(self, state: MemoryAgentState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        """Recall (and answer memory commands) once per turn."""
        ctx = self._ctx(runtime, state)
        with track_degradation() as report:
            update = drive(self.core.recall(state, ctx))
        return self._jump(self.core.finish(update, report, ctx))

    @hook_config(can_jump_to=["end"])
    async def abefore_agent(
        self, state: MemoryAgentState, runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        """Async ``before_agent``."""
        ctx = self._ctx(runtime, state)
        with track_degradation() as report:
            update = await adrive(self.core.recall(state, ctx))
        return self._jump(self.core.finish(update, report, ctx))

    @staticmethod
    def _jump(update: dict[str, Any]) -> dict[str, Any]:
        if update.get("memory_command"):
            update["jump_to"] = "end"
        return update

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any]:
        """Append the memory context to the system message of every model call."""
        return handler(_with_memory(request))

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any]:
        """Async ``wrap_model_call``."""
        return await handler(_with_memory(request))

    def after_agent(self, state: MemoryAgentState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        """Extract the turn's new user messages through the write policy."""
        ctx = self._ctx(runtime, state)
        with track_degradation() as report:
            update = drive(self.core.extract(state, ctx))
        return self.core.finish(update, report, ctx)

    async def aafter_agent(
        self, state: MemoryAgentState, runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        """Async ``after_agent``."""
        ctx = self._ctx(runtime, state)
        with track_degradation() as report:
            update = await adrive(self.core.extract(state, ctx))
        return self.core.finish(update, report, ctx)
