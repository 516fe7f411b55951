"""Several processes writing one user on a real Qdrant server lose no acknowledged version.

In one process the shared lock registry serialises a user's writes; across processes the
server lease in ``langmem_plus.facts.locks`` does. Here separate OS processes (each with its own
``QdrantStore`` and threads) store a different city for one user at once; afterwards every
version a caller was told was stored is in current or history and exactly one is current.
Run: ``QDRANT_URL=http://localhost:6333 [QDRANT_API_KEY=...] pytest integration_tests``.
"""

from __future__ import annotations

import multiprocessing
import os
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from langmem_plus.facts.locks import LEASE_SUFFIX
from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import QdrantStore
from unit_tests.test_memory_concurrency import (
    CITIES,
    _tasks_trial,
    _thread_trial,
)
from unit_tests.test_memory_support import cand

QDRANT_URL = os.environ.get("QDRANT_URL")
API_KEY = os.environ.get("QDRANT_API_KEY")

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not QDRANT_URL,
        reason="QDRANT_URL is not set: these check that several processes writing one user "
        "on a real Qdrant server lose nothing (one process is covered in unit_tests/)",
    ),
]

PROCESSES = 4
THREADS = 3
TRIALS = 3


@pytest.fixture
def collection() -> Iterator[str]:
    """A fresh collection (created here, before any worker races to create it), dropped
    with its lease collection afterwards."""
    from qdrant_client import QdrantClient

    name = f"langmem_plus_it_{uuid.uuid4().hex[:12]}"
    QdrantStore(url=QDRANT_URL, api_key=API_KEY, collection_name=name).close()
    try:
        yield name
    finally:
        client = QdrantClient(url=QDRANT_URL, api_key=API_KEY)
        for c in (name, name + LEASE_SUFFIX):
            if client.collection_exists(c):
                client.delete_collection(c)
        client.close()


def _worker(collection: str, user: str, cities: list[str], barrier: Any, out: Any) -> None:
    """One process: its own store and FactMemory, one thread per city."""
    store = QdrantStore(url=QDRANT_URL, api_key=API_KEY, collection_name=collection)
    memory = FactMemory(store)
    try:
        barrier.wait()

        def one(city: str) -> tuple[str, str | None]:
            d = memory.remember(user, cand("city", city, f"Lives in {city}."))
            return d.action, d.fact_id

        with ThreadPoolExecutor(len(cities)) as pool:
            out.put(list(pool.map(one, cities)))
    except BaseException as err:
        out.put(repr(err))
        raise
    finally:
        store.close()


def test_processes_writing_one_user_lose_no_acknowledged_version(collection: str) -> None:
    ctx = multiprocessing.get_context("spawn")
    cities = (CITIES * 2)[: PROCESSES * THREADS]
    store = QdrantStore(url=QDRANT_URL, api_key=API_KEY, collection_name=collection)
    reader = FactMemory(store)
    try:
        for trial in range(TRIALS):
            user = f"proc{trial}"
            barrier, out = ctx.Barrier(PROCESSES), ctx.Queue()
            procs = [
                ctx.Process(
                    target=_worker,
                    args=(collection, user, cities[i * THREADS : (i + 1) * THREADS], barrier, out),
                )
                for i in range(PROCESSES)
            ]
            for p in procs:
                p.start()
            answers = [out.get(timeout=120) for _ in procs]
            for p in procs:
                p.join(timeout=60)
            assert all(isinstance(a, list) for a in answers), answers
            acked = {
                fid
                for a in answers
                for action, fid in a
                if action in ("new", "superseded") and fid is not None
            }
            listed = reader.list(user)
            assert acked - {f.fact_id for f in listed} == set(), f"trial {trial} lost versions"
            assert len([f for f in listed if f.status.startswith("current")]) == 1
            assert len(acked) == PROCESSES * THREADS
    finally:
        store.close()


def test_one_process_many_instances_on_a_server(collection: str) -> None:
    """The unit trials (threads, then tasks, each writer with its own FactMemory) on a
    server, where the lease is taken too."""
    store = QdrantStore(url=QDRANT_URL, api_key=API_KEY, collection_name=collection)
    try:
        for trial in range(TRIALS):
            lost, current, acked = _thread_trial(store, f"thr{trial}")
            assert (lost, current) == (set(), 1) and acked > 0
    finally:
        store.close()


async def test_tasks_with_many_instances_on_a_server(collection: str) -> None:
    store = QdrantStore(url=QDRANT_URL, api_key=API_KEY, collection_name=collection)
    try:
        for trial in range(TRIALS):
            lost, current, acked = await _tasks_trial(store, f"tsk{trial}")
            assert (lost, current) == (set(), 1) and acked > 0
    finally:
        store.close()
