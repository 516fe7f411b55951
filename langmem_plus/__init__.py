"""langmem-plus: long-term memory for LangGraph apps that stays true.

Facts are stored as triples with two clocks on Qdrant (embedded Qdrant Edge by default),
superseded when the world changes, recalled under a budget, and shown to and deletable by
the person they are about. Memory is never a hard dependency of the request path.

This module exports the surface an app needs (``__all__``: the stores, ``FactMemory`` and
its policies, the extractors, the graph, agent and tool entry points, ``ResilientStore``
and the errors a request path catches). Everything else is imported from its own module:
every error from ``langmem_plus.errors``, the profile rendering from
``langmem_plus.facts.profile``, the extractor's helpers from ``langmem_plus.extraction``, the
node helpers from ``langmem_plus.nodes``, the resilience metrics from
``langmem_plus.resilience``.

Example:
    >>> import tempfile
    >>> from langmem_plus import CandidateFact, FactMemory, QdrantStore
    >>> store = QdrantStore(path=tempfile.mkdtemp())
    >>> memory = FactMemory(store)
    >>> memory.remember("alice", CandidateFact(kind="fact", subject="user", predicate="city",
    ...                  object="Berlin", text="Alice lives in Berlin.")).action
    'new'
    >>> store.close()
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from langmem_plus.errors import InvalidUserIdError, LangmemPlusError, StoreUnavailableError
    from langmem_plus.extraction import BaseExtractor, LLMExtractor, RuleExtractor
    from langmem_plus.facts.memory import FactMemory
    from langmem_plus.facts.models import CandidateFact, Fact
    from langmem_plus.facts.planner import ForgetReceipt
    from langmem_plus.facts.policy import Decision, WritePolicy
    from langmem_plus.facts.retrieval import Recall, RetrievalPolicy
    from langmem_plus.nodes import MemoryState, SessionManager, add_memory, create_memory_nodes
    from langmem_plus.resilience import ResilientStore, track_degradation
    from langmem_plus.stores import AsyncQdrantStore, QdrantIndexConfig, QdrantStore
    from langmem_plus.tools import create_memory_tools

_EXPORTS: dict[str, str] = {
    "AsyncQdrantStore": "langmem_plus.stores",
    "BaseExtractor": "langmem_plus.extraction",
    "CandidateFact": "langmem_plus.facts.models",
    "Decision": "langmem_plus.facts.policy",
    "Fact": "langmem_plus.facts.models",
    "FactMemory": "langmem_plus.facts.memory",
    "ForgetReceipt": "langmem_plus.facts.planner",
    "InvalidUserIdError": "langmem_plus.errors",
    "LLMExtractor": "langmem_plus.extraction",
    "LangmemPlusError": "langmem_plus.errors",
    "MemoryState": "langmem_plus.nodes",
    "QdrantIndexConfig": "langmem_plus.stores",
    "QdrantStore": "langmem_plus.stores",
    "Recall": "langmem_plus.facts.retrieval",
    "ResilientStore": "langmem_plus.resilience",
    "RetrievalPolicy": "langmem_plus.facts.retrieval",
    "RuleExtractor": "langmem_plus.extraction",
    "SessionManager": "langmem_plus.nodes",
    "StoreUnavailableError": "langmem_plus.errors",
    "WritePolicy": "langmem_plus.facts.policy",
    "add_memory": "langmem_plus.nodes",
    "create_memory_nodes": "langmem_plus.nodes",
    "create_memory_tools": "langmem_plus.tools",
    "track_degradation": "langmem_plus.resilience",
}
"""Where each public name lives. Imported on first use (PEP 562), so that importing a
submodule (``langmem_plus.cli`` for ``langmem-plus --help``) does not load the store, the
graph layer and the models."""


def __getattr__(name: str) -> object:
    """Each public name is imported on first use; ``MemoryMiddleware`` needs the ``agents``
    extra (langchain)."""
    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(import_module(module), name)
        globals()[name] = value
        return value
    if name == "MemoryMiddleware":
        try:
            from langmem_plus.middleware import MemoryMiddleware
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError(
                f"MemoryMiddleware needs langchain ({exc}): pip install 'langmem-plus[agents]'"
            ) from exc
        return MemoryMiddleware
    raise AttributeError(f"module 'langmem_plus' has no attribute {name!r}")


__all__ = [
    "AsyncQdrantStore",
    "BaseExtractor",
    "CandidateFact",
    "Decision",
    "Fact",
    "FactMemory",
    "ForgetReceipt",
    "InvalidUserIdError",
    "LLMExtractor",
    "LangmemPlusError",
    "MemoryMiddleware",
    "MemoryState",
    "QdrantIndexConfig",
    "QdrantStore",
    "Recall",
    "ResilientStore",
    "RetrievalPolicy",
    "RuleExtractor",
    "SessionManager",
    "StoreUnavailableError",
    "WritePolicy",
    "add_memory",
    "create_memory_nodes",
    "create_memory_tools",
    "track_degradation",
]
