"""An agent with long-term memory: ``create_agent`` + ``MemoryMiddleware`` + memory tools.

Loaded through ``langgraph.json`` (``graphs/agent.py:agent``). Needs ``OPENAI_API_KEY``
(tool calling needs a real model); without it, the graph is built with the offline
responder and no tools, so it still loads in Studio.

The agent declares ``MemoryContext`` as its context schema: Studio asks for ``user_id``, and
code passes ``context={"user_id": "alice"}`` (or ``config["configurable"]["user_id"]``).
"""

from __future__ import annotations

import os
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from langmem_plus.middleware import MemoryMiddleware
from langmem_plus.nodes import MemoryContext
from langmem_plus.tools import create_memory_tools


def _model() -> Any:
    if os.environ.get("OPENAI_API_KEY"):
        from langchain_openai import ChatOpenAI

        return ChatOpenAI(model=os.environ.get("LANGMEM_PLUS_MODEL", "gpt-4o-mini"))
    return GenericFakeChatModel(messages=iter([AIMessage("(offline) Set OPENAI_API_KEY.")] * 1000))


agent = create_agent(
    _model(),
    tools=create_memory_tools() if os.environ.get("OPENAI_API_KEY") else [],
    system_prompt="You are a helpful assistant with long-term memory tools.",
    middleware=[MemoryMiddleware()],
    context_schema=MemoryContext,
)
