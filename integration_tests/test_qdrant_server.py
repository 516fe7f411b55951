"""The unit behaviour tests, again, against a real Qdrant server at ``QDRANT_URL``.

Every test here gets a fresh collection on the server and deletes it afterwards. Run:
``QDRANT_URL=http://localhost:6333 [QDRANT_API_KEY=...] pytest integration_tests``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from langgraph.store.base import BaseStore

from langmem_plus.stores import QdrantStore
from unit_tests.test_memory import *  # noqa: F403  (FactMemory behaviour, same assertions)
from unit_tests.test_store_behaviour import *  # noqa: F403  (BaseStore behaviour)

QDRANT_URL = os.environ.get("QDRANT_URL")

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not QDRANT_URL,
        reason="QDRANT_URL is not set: these run the unit behaviour tests against a real "
        "Qdrant server (the same tests run on Qdrant Edge and local mode in unit_tests/)",
    ),
]


@pytest.fixture
def base_store() -> Iterator[BaseStore]:
    """A fresh collection on the server, dropped after the test."""
    from qdrant_client import QdrantClient

    name = f"langmem_plus_it_{uuid.uuid4().hex[:12]}"
    client = QdrantClient(url=QDRANT_URL, api_key=os.environ.get("QDRANT_API_KEY"))
    store = QdrantStore(client=client, collection_name=name)
    try:
        yield store
    finally:
        client.delete_collection(name)
        client.close()
