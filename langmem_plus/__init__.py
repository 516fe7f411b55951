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


def __getattr__(name: str) -> object:
    """``MemoryMiddleware`` needs the ``agents`` extra (langchain); import it on first use."""
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
