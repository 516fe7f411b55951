"""Shared fixtures. ``base_store`` yields each BaseStore engine the behaviour tests must agree on.

Engines: LangGraph's ``InMemoryStore`` (the reference), ``QdrantStore`` on Qdrant Edge (the
embedded default, on disk in a temp dir) and ``QdrantStore`` on qdrant-client's local mode
(the client code path). A test that passes on one and fails on another has found a bug.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore

from langmem_plus.stores import QdrantStore

STORE_ENGINES = ["inmemory", "qdrant_edge", "qdrant_local"]


def make_store(engine: str, tmp_path: Path, **kwargs: object) -> BaseStore:
    """A fresh, empty store of ``engine``; kwargs go to the constructor (index=, ttl=)."""
    if engine == "inmemory":
        return InMemoryStore(**kwargs)  # type: ignore[arg-type]
    if engine == "qdrant_edge":
        return QdrantStore(path=tmp_path / "edge", **kwargs)  # type: ignore[arg-type]
    if engine == "qdrant_local":
        return QdrantStore(location=":memory:", **kwargs)  # type: ignore[arg-type]
    raise AssertionError(f"unknown engine {engine}")


@pytest.fixture(params=STORE_ENGINES)
def base_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BaseStore]:
    """A fresh, empty store of each engine."""
    store = make_store(request.param, tmp_path)
    yield store
    if isinstance(store, QdrantStore):
        store.close()
