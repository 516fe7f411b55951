"""Shared helpers for the graph, session, middleware, tools and demo tests (no tests here).

``RecordingModel`` is a chat model that records every prompt it is sent, so tests assert on
what the MODEL SAW, not only on the store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langgraph.graph import StateGraph
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore
from pydantic import Field

from langmem_plus.nodes import MemoryState, add_memory, memory_messages
from langmem_plus.stores import QdrantStore

__all__ = ["Clock", "RecordingModel", "build_chatbot", "prompt_text"]


class Clock:
    """A settable clock for tests: ``clock()`` is now; ``clock.advance(...)`` moves it."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now = self.now + timedelta(**kwargs)


class RecordingModel(BaseChatModel):
    """Records each prompt; replies from ``script`` (AIMessages, tool calls...) or "ok"."""

    prompts: list[list[BaseMessage]] = Field(default_factory=list)
    script: list[AIMessage] = Field(default_factory=list)
    fail: bool = False

    @property
    def _llm_type(self) -> str:
        return "recording"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.prompts.append(list(messages))
        if self.fail:
            raise TimeoutError("model timed out")
        reply = self.script.pop(0) if self.script else AIMessage("ok")
        return ChatResult(generations=[ChatGeneration(message=reply)])

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> RecordingModel:  # type: ignore[override]
        return self

    @property
    def last_prompt(self) -> str:
        return prompt_text(self.prompts[-1]) if self.prompts else ""


def prompt_text(messages: Sequence[BaseMessage]) -> str:
    """Everything the model was sent, as one string."""
    return "\n".join(str(m.content) for m in messages)


def build_chatbot(
    model: RecordingModel, *, system_prompt: str = "You are helpful.", **options: Any
) -> StateGraph[Any, Any, Any, Any]:
    """A memory chatbot builder whose model node sends ``memory_messages`` to ``model``."""

    def chatbot(state: MemoryState) -> dict[str, Any]:
        return {"messages": [model.invoke(memory_messages(state, system_prompt=system_prompt))]}

    return add_memory(StateGraph(MemoryState), model_node=chatbot, **options)


def turns(
    graph: Any, user: str, thread: str, texts: Sequence[str], **extra: Any
) -> Iterator[dict[str, Any]]:
    cfg = {"configurable": {"thread_id": thread, "user_id": user, **extra}}
    for text in texts:
        yield graph.invoke({"messages": [("user", text)]}, cfg)


Callback = Callable[..., Any]


def either_store(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[BaseStore]:
    """LangGraph's InMemoryStore, then Qdrant Edge on disk: make it a fixture with
    ``store = pytest.fixture(params=["inmemory", "qdrant"])(either_store)``."""
    if request.param == "inmemory":
        yield InMemoryStore()
        return
    s = QdrantStore(path=tmp_path / "qdrant")
    yield s
    s.close()


def say_as_alice(graph: Any, thread: str, text: str) -> dict[str, Any]:
    cfg = {"configurable": {"thread_id": thread, "user_id": "alice"}}
    return graph.invoke({"messages": [("user", text)]}, cfg)  # type: ignore[no-any-return]


def alice_facts_text(store: BaseStore) -> str:
    """Every stored fact row of alice's, as one string (all of them, not a first page)."""
    return " ".join(
        str(i.value) for i in store.search(("langmem_plus", "alice", "facts"), limit=1000)
    )
