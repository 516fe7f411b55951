"""langmem-plus: long-term memory for LangGraph apps that stays true.

Facts are stored as triples with two clocks on Qdrant (embedded Qdrant Edge by default),
superseded when the world changes, recalled under a budget, and shown to and deletable by
the person they are about. Memory is never a hard dependency of the request path.

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
    from langmem_plus.errors import (
        EmbeddingDimensionError,
        InvalidFactError,
        InvalidUserIdError,
        LangmemPlusError,
        OutboxFullError,
        OutboxInUseError,
        StoreConfigMismatchError,
        StoreInUseError,
        StoreRecoveryError,
        StoreUnavailableError,
        ValueNotSerializableError,
    )
    from langmem_plus.extraction import (
        BaseExtractor,
        ExtractionResult,
        LLMExtractor,
        PolicyOutcome,
        RuleExtractor,
        announcement,
        announcements,
        aremember_candidates,
        is_remember_request,
        remember_candidates,
        remember_reply,
    )
    from langmem_plus.memory import FactMemory
    from langmem_plus.models import CandidateFact, Fact, validate_user_id
    from langmem_plus.nodes import (
        ConsolidationReport,
        MemoryState,
        SessionManager,
        add_memory,
        create_memory_nodes,
        memory_messages,
        memory_system_message,
        opening_context,
    )
    from langmem_plus.planner import ForgetReceipt, ListedFact, LogEntry
    from langmem_plus.policy import (
        DEFAULT_MULTI_VALUED,
        DEFAULT_SINGLE_VALUED,
        Decision,
        WritePolicy,
        supersedes,
    )
    from langmem_plus.profile import PROFILE_SECTIONS, render_profile
    from langmem_plus.resilience import (
        BreakerState,
        DegradationReport,
        MetricsSnapshot,
        ResilienceEvent,
        ResilientStore,
        track_degradation,
    )
    from langmem_plus.retrieval import LEAD_LINE, Dropped, Kept, Recall, RetrievalPolicy
    from langmem_plus.stores import AsyncQdrantStore, QdrantIndexConfig, QdrantStore
    from langmem_plus.tools import create_memory_tools

_EXPORTS: dict[str, str] = {
    "AsyncQdrantStore": "langmem_plus.stores",
    "BaseExtractor": "langmem_plus.extraction",
    "BreakerState": "langmem_plus.resilience",
    "CandidateFact": "langmem_plus.models",
    "ConsolidationReport": "langmem_plus.nodes",
    "DEFAULT_MULTI_VALUED": "langmem_plus.policy",
    "DEFAULT_SINGLE_VALUED": "langmem_plus.policy",
    "Decision": "langmem_plus.policy",
    "DegradationReport": "langmem_plus.resilience",
    "Dropped": "langmem_plus.retrieval",
    "EmbeddingDimensionError": "langmem_plus.errors",
    "ExtractionResult": "langmem_plus.extraction",
    "Fact": "langmem_plus.models",
    "FactMemory": "langmem_plus.memory",
    "ForgetReceipt": "langmem_plus.planner",
    "InvalidFactError": "langmem_plus.errors",
    "InvalidUserIdError": "langmem_plus.errors",
    "Kept": "langmem_plus.retrieval",
    "LEAD_LINE": "langmem_plus.retrieval",
    "LLMExtractor": "langmem_plus.extraction",
    "LangmemPlusError": "langmem_plus.errors",
    "ListedFact": "langmem_plus.planner",
    "LogEntry": "langmem_plus.planner",
    "MemoryState": "langmem_plus.nodes",
    "MetricsSnapshot": "langmem_plus.resilience",
    "OutboxFullError": "langmem_plus.errors",
    "OutboxInUseError": "langmem_plus.errors",
    "PROFILE_SECTIONS": "langmem_plus.profile",
    "PolicyOutcome": "langmem_plus.extraction",
    "QdrantIndexConfig": "langmem_plus.stores",
    "QdrantStore": "langmem_plus.stores",
    "Recall": "langmem_plus.retrieval",
    "ResilienceEvent": "langmem_plus.resilience",
    "ResilientStore": "langmem_plus.resilience",
    "RetrievalPolicy": "langmem_plus.retrieval",
    "RuleExtractor": "langmem_plus.extraction",
    "SessionManager": "langmem_plus.nodes",
    "StoreConfigMismatchError": "langmem_plus.errors",
    "StoreInUseError": "langmem_plus.errors",
    "StoreRecoveryError": "langmem_plus.errors",
    "StoreUnavailableError": "langmem_plus.errors",
    "ValueNotSerializableError": "langmem_plus.errors",
    "WritePolicy": "langmem_plus.policy",
    "add_memory": "langmem_plus.nodes",
    "announcement": "langmem_plus.extraction",
    "announcements": "langmem_plus.extraction",
    "aremember_candidates": "langmem_plus.extraction",
    "create_memory_nodes": "langmem_plus.nodes",
    "create_memory_tools": "langmem_plus.tools",
    "is_remember_request": "langmem_plus.extraction",
    "memory_messages": "langmem_plus.nodes",
    "memory_system_message": "langmem_plus.nodes",
    "opening_context": "langmem_plus.nodes",
    "remember_candidates": "langmem_plus.extraction",
    "remember_reply": "langmem_plus.extraction",
    "render_profile": "langmem_plus.profile",
    "supersedes": "langmem_plus.policy",
    "track_degradation": "langmem_plus.resilience",
    "validate_user_id": "langmem_plus.models",
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
    "DEFAULT_MULTI_VALUED",
    "DEFAULT_SINGLE_VALUED",
    "LEAD_LINE",
    "PROFILE_SECTIONS",
    "AsyncQdrantStore",
    "BaseExtractor",
    "BreakerState",
    "CandidateFact",
    "ConsolidationReport",
    "Decision",
    "DegradationReport",
    "Dropped",
    "EmbeddingDimensionError",
    "ExtractionResult",
    "Fact",
    "FactMemory",
    "ForgetReceipt",
    "InvalidFactError",
    "InvalidUserIdError",
    "Kept",
    "LLMExtractor",
    "LangmemPlusError",
    "ListedFact",
    "LogEntry",
    "MemoryMiddleware",
    "MemoryState",
    "MetricsSnapshot",
    "OutboxFullError",
    "OutboxInUseError",
    "PolicyOutcome",
    "QdrantIndexConfig",
    "QdrantStore",
    "Recall",
    "ResilienceEvent",
    "ResilientStore",
    "RetrievalPolicy",
    "RuleExtractor",
    "SessionManager",
    "StoreConfigMismatchError",
    "StoreInUseError",
    "StoreRecoveryError",
    "StoreUnavailableError",
    "ValueNotSerializableError",
    "WritePolicy",
    "add_memory",
    "announcement",
    "announcements",
    "aremember_candidates",
    "create_memory_nodes",
    "create_memory_tools",
    "is_remember_request",
    "memory_messages",
    "memory_system_message",
    "opening_context",
    "remember_candidates",
    "remember_reply",
    "render_profile",
    "supersedes",
    "track_degradation",
    "validate_user_id",
]
