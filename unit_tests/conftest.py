"""Shared fixtures. ``base_store`` yields each BaseStore engine the behaviour tests must agree on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore

STORE_ENGINES = ["inmemory"]


@pytest.fixture(params=STORE_ENGINES)
def base_store(request: pytest.FixtureRequest, tmp_path) -> Iterator[BaseStore]:  # type: ignore[no-untyped-def]
    """A fresh, empty store of each engine: LangGraph's InMemoryStore and QdrantStore engines."""
    if request.param == "inmemory":
        yield InMemoryStore()
        return
    raise AssertionError(f"unknown engine {request.param}")
