"""Graph integration: the checkpoint-aware recall/extract node pair and the session lifecycle.

Modules::

    graph      create_memory_nodes, add_memory, route_after_recall   the wiring
    state      MemoryState, memory_messages                          what the model reads
    core       MemoryCore                                            the logic, written once
    lifecycle  SessionManager, opening_context                       start, end, sweeper
    intents    detect_command                                        remember / recall / forget
    effects    drive, adrive                                         sync and async drivers

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> recall, extract = create_memory_nodes(store=InMemoryStore())
    >>> recall.name
    'memory_recall'
"""

from langmem_plus.nodes.core import MEMORY_EXISTS, MemoryCore, RunContext
from langmem_plus.nodes.graph import (
    EXTRACT_NODE,
    MODEL_ERROR_REPLY,
    RECALL_NODE,
    add_memory,
    create_memory_nodes,
    route_after_recall,
)
from langmem_plus.nodes.intents import NOTHING_SAVED, MemoryCommand, detect_command
from langmem_plus.nodes.lifecycle import (
    DEFAULT_IDLE_TIMEOUT,
    ConsolidationReport,
    SessionManager,
    confirm_line,
    opening_context,
)
from langmem_plus.nodes.state import (
    MEMORY_STATE_KEYS,
    MemoryContext,
    MemoryDecision,
    MemoryState,
    memory_messages,
    memory_system_message,
)

__all__ = [
    "DEFAULT_IDLE_TIMEOUT",
    "EXTRACT_NODE",
    "MEMORY_EXISTS",
    "MEMORY_STATE_KEYS",
    "MODEL_ERROR_REPLY",
    "NOTHING_SAVED",
    "RECALL_NODE",
    "ConsolidationReport",
    "MemoryCommand",
    "MemoryContext",
    "MemoryCore",
    "MemoryDecision",
    "MemoryState",
    "RunContext",
    "SessionManager",
    "add_memory",
    "confirm_line",
    "create_memory_nodes",
    "detect_command",
    "memory_messages",
    "memory_system_message",
    "opening_context",
    "route_after_recall",
]
