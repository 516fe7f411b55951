"""A memory chatbot: START -> memory_recall -> chatbot -> memory_extract -> END.

Loaded by the LangGraph CLI / Studio through ``langgraph.json`` (``graphs/chatbot.py:graph``);
the platform supplies the checkpointer, and the store comes from ``graphs/store.py`` (a
``QdrantStore``). The graph declares ``MemoryContext`` as its context schema, so Studio asks
for the user id in its Context form; in code, pass it as the run's context::

    graph.invoke({"messages": [("user", "hi")]},
                 {"configurable": {"thread_id": "t1"}}, context={"user_id": "alice"})

(``config["configurable"]["user_id"]`` works too; a run with neither raises
``MissingUserIdError``.)

The model is ``ChatOpenAI`` when ``OPENAI_API_KEY`` is set, else the demo's offline
responder (it answers only from the memory it was given).
"""

from __future__ import annotations

import os
from typing import Any

from langgraph.graph import StateGraph

from langmem_plus.cli.demo import deterministic_responder
from langmem_plus.nodes import MemoryContext, MemoryState, add_memory, memory_messages

SYSTEM_PROMPT = "You are a helpful assistant."


def _chatbot() -> Any:
    if not os.environ.get("OPENAI_API_KEY"):
        return deterministic_responder
    from langchain_openai import ChatOpenAI

    model = ChatOpenAI(model=os.environ.get("LANGMEM_PLUS_MODEL", "gpt-4o-mini"))

    def chatbot(state: MemoryState) -> dict[str, Any]:
        return {"messages": [model.invoke(memory_messages(state, system_prompt=SYSTEM_PROMPT))]}

    return chatbot


builder = add_memory(
    StateGraph(MemoryState, context_schema=MemoryContext),
    model_node=_chatbot(),
    model_name="chatbot",
)
graph = builder.compile()
