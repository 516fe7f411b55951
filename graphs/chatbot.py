"""A memory chatbot: START -> memory_recall -> chatbot -> memory_extract -> END.

Loaded by the LangGraph CLI / Studio through ``langgraph.json`` (``graphs/chatbot.py:graph``);
the platform supplies the checkpointer and the store. Run it with a user id::

    config = {"configurable": {"thread_id": "t1", "user_id": "alice"}}

The model is ``ChatOpenAI`` when ``OPENAI_API_KEY`` is set, else the demo's offline
responder (it answers only from the memory it was given).
"""

from __future__ import annotations

import os
from typing import Any

from langgraph.graph import StateGraph

from langmem_plus.demo import deterministic_responder
from langmem_plus.nodes import MemoryState, add_memory, memory_messages

SYSTEM_PROMPT = "You are a helpful assistant."


def _chatbot() -> Any:
    if not os.environ.get("OPENAI_API_KEY"):
        return deterministic_responder
    from langchain_openai import ChatOpenAI

    model = ChatOpenAI(model=os.environ.get("LANGMEM_PLUS_MODEL", "gpt-4o-mini"))

    def chatbot(state: MemoryState) -> dict[str, Any]:
        return {"messages": [model.invoke(memory_messages(state, system_prompt=SYSTEM_PROMPT))]}

    return chatbot


builder = add_memory(StateGraph(MemoryState), model_node=_chatbot(), model_name="chatbot")
graph = builder.compile()
