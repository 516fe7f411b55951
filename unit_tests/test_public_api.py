"""The public names users, docs and notebooks rely on. Changing this list is an API change."""

from __future__ import annotations

import importlib
from pathlib import Path

import langmem_plus

PUBLIC = {
    # storage
    "QdrantStore", "AsyncQdrantStore", "QdrantIndexConfig",
    # facts and the two policies
    "Fact", "CandidateFact", "FactMemory", "WritePolicy", "RetrievalPolicy", "Decision",
    "Recall", "Kept", "Dropped", "ForgetReceipt", "ListedFact", "LogEntry", "supersedes",
    "render_profile", "PROFILE_SECTIONS", "LEAD_LINE", "DEFAULT_SINGLE_VALUED",
    "DEFAULT_MULTI_VALUED", "validate_user_id",
    # extraction
    "BaseExtractor", "LLMExtractor", "RuleExtractor", "ExtractionResult", "PolicyOutcome",
    "announcement", "announcements", "remember_candidates", "aremember_candidates",
    "remember_reply", "is_remember_request",
    # graph
    "create_memory_nodes", "add_memory", "MemoryState", "memory_messages",
    "memory_system_message", "SessionManager", "ConsolidationReport", "opening_context",
    "MemoryMiddleware", "create_memory_tools",
    # resilience
    "ResilientStore", "track_degradation", "DegradationReport", "MetricsSnapshot",
    "ResilienceEvent", "BreakerState",
    # errors
    "LangmemPlusError", "InvalidUserIdError", "InvalidFactError", "ValueNotSerializableError",
    "EmbeddingDimensionError", "StoreConfigMismatchError", "StoreInUseError", "StoreRecoveryError",
    "StoreUnavailableError", "OutboxFullError", "OutboxInUseError",
}  # fmt: skip


def test_public_names_are_exactly_the_pinned_ones() -> None:
    assert set(langmem_plus.__all__) == PUBLIC


def test_every_public_name_resolves() -> None:
    for name in PUBLIC:
        assert getattr(langmem_plus, name) is not None, name


def test_every_error_derives_from_the_one_base() -> None:
    errors = [n for n in PUBLIC if n.endswith("Error")]
    for name in errors:
        assert issubclass(getattr(langmem_plus, name), langmem_plus.LangmemPlusError), name


def test_package_is_typed_and_its_modules_import() -> None:
    root = Path(langmem_plus.__file__).parent
    assert (root / "py.typed").exists()
    for path in root.rglob("*.py"):
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        importlib.import_module(module.removesuffix(".__init__"))
