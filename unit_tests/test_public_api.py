"""The public names users, docs and notebooks rely on. Changing this list is an API change."""

from __future__ import annotations

import importlib
from pathlib import Path

import langmem_plus

PUBLIC = {
    # storage
    "QdrantStore", "AsyncQdrantStore", "QdrantIndexConfig",
    # facts and the two policies
    "FactMemory", "Fact", "CandidateFact", "WritePolicy", "RetrievalPolicy", "Decision",
    "Recall", "ForgetReceipt",
    # extraction
    "BaseExtractor", "LLMExtractor", "RuleExtractor",
    # graph, agents, tools
    "create_memory_nodes", "add_memory", "MemoryState", "SessionManager", "MemoryMiddleware",
    "create_memory_tools",
    # resilience
    "ResilientStore", "track_degradation",
    # the errors a request path catches (every error: langmem_plus.errors)
    "LangmemPlusError", "InvalidUserIdError", "StoreUnavailableError",
}  # fmt: skip
"""The surface a user needs (issue 15: at most 25 names). The rest stays importable from
its module, as ``test_helpers_stay_importable_from_their_modules`` checks."""

HELPERS = {
    "langmem_plus.errors": ["OutboxFullError", "StoreConfigMismatchError"],
    "langmem_plus.extraction": ["announcement", "remember_reply", "PolicyOutcome"],
    "langmem_plus.facts.models": ["validate_user_id"],
    "langmem_plus.nodes": ["memory_messages", "opening_context", "ConsolidationReport"],
    "langmem_plus.facts.planner": ["ListedFact", "LogEntry"],
    "langmem_plus.facts.policy": ["DEFAULT_SINGLE_VALUED", "supersedes"],
    "langmem_plus.facts.profile": ["PROFILE_SECTIONS", "render_profile"],
    "langmem_plus.resilience": ["DegradationReport", "MetricsSnapshot", "BreakerState"],
    "langmem_plus.facts.retrieval": ["LEAD_LINE", "Kept", "Dropped"],
}
"""Names the package root exported before issue 15, and where they are imported from now."""


def test_public_names_are_exactly_the_pinned_ones() -> None:
    assert set(langmem_plus.__all__) == PUBLIC
    assert len(langmem_plus.__all__) == len(PUBLIC) <= 25


def test_helpers_stay_importable_from_their_modules() -> None:
    for module, names in HELPERS.items():
        for name in names:
            assert name not in langmem_plus.__all__, name
            assert getattr(importlib.import_module(module), name) is not None, (module, name)


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
