"""LangGraph stores on Qdrant: ``QdrantStore`` (sync) and ``AsyncQdrantStore``."""

from langmem_plus.stores.aio import AsyncQdrantStore
from langmem_plus.stores.config import QdrantIndexConfig
from langmem_plus.stores.sync import QdrantStore

__all__ = ["AsyncQdrantStore", "QdrantIndexConfig", "QdrantStore"]
