"""Run LangGraph's own store test suites against QdrantStore / AsyncQdrantStore.

Downloads the source distributions of ``langgraph-checkpoint-postgres`` 3.2.0 and
``langgraph-checkpoint`` 4.3.2 from PyPI into a temporary folder (nothing of theirs is kept
in this repository), rewrites only their fixtures so each test gets a fresh Qdrant store
instead of a Postgres database, and runs them with pytest.

Deselected, because they test Postgres or psycopg internals rather than the BaseStore API:
``test_escape_like_literal``, ``test_namespace_match_pattern``, ``test_nonnull_migrations``,
``test_abatch_uses_single_pool_checkout`` and the ``omit_expired`` tests (they backdate rows
with SQL; QdrantStore always omits expired items).

Usage::

    python scripts/langgraph_suites.py [--engine edge|local|server] [pytest args...]

``--engine server`` needs ``QDRANT_URL``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

SDISTS = ("langgraph-checkpoint-postgres==3.2.0", "langgraph-checkpoint==4.3.2")
ROOT = Path(__file__).resolve().parent.parent

CONFTEST = """
import os, tempfile
import pytest
from tests.embed_test_utils import CharacterEmbeddings
VECTOR_TYPES = ["vector", "halfvec"]
DEFAULT_URI = "unused"
ENGINE = os.environ.get("REF_ENGINE", "edge")

def target():
    if ENGINE == "edge":
        return {"path": tempfile.mkdtemp()}
    if ENGINE == "local":
        return {"location": ":memory:"}
    return {"url": os.environ["QDRANT_URL"], "api_key": os.environ.get("QDRANT_API_KEY"),
            "collection_name": "ref_" + os.urandom(6).hex()}

@pytest.fixture
def fake_embeddings() -> CharacterEmbeddings:
    return CharacterEmbeddings(dims=500)
"""

SYNC_STORE = """@pytest.fixture
def store():
    s = QdrantStore(**target(), ttl={"default_ttl": TTL_MINUTES, "refresh_on_read": True,
                                     "sweep_interval_minutes": TTL_MINUTES / 2})
    yield s
    s.stop_ttl_sweeper()
    s.close()"""

ASYNC_STORE = """@pytest.fixture
async def store():
    async with AsyncQdrantStore(**target(), ttl={"default_ttl": TTL_MINUTES,
            "refresh_on_read": True, "sweep_interval_minutes": TTL_MINUTES / 2}) as s:
        await s.start_ttl_sweeper()
        yield s
        await s.stop_ttl_sweeper()"""

SYNC_VECTOR = """@contextmanager
def _create_vector_store(vector_type, distance_type, fake_embeddings, text_fields=None,
                         enable_ttl=True):
    index = {"dims": fake_embeddings.dims, "embed": fake_embeddings,
             "distance_type": distance_type, "fields": text_fields}
    s = QdrantStore(**target(), index=index,
                    ttl={"default_ttl": 2, "refresh_on_read": True} if enable_ttl else None)
    try:
        yield s
    finally:
        s.close()"""

ASYNC_VECTOR = """@asynccontextmanager
async def _create_vector_store(vector_type, distance_type, fake_embeddings, text_fields=None,
                               enable_ttl=True):
    index = {"dims": fake_embeddings.dims, "embed": fake_embeddings,
             "distance_type": distance_type, "fields": text_fields}
    async with AsyncQdrantStore(**target(), index=index,
            ttl={"default_ttl": 2, "refresh_on_read": True} if enable_ttl else None) as s:
        yield s"""


def _blocks(src: str) -> list[str]:
    """Split a module into top-level blocks, keeping decorators with what they decorate."""
    blocks: list[str] = []
    cur: list[str] = []
    for line in src.split("\n"):
        starts = line and not line[0].isspace() and line[0] not in ")]#"
        if starts and cur and not cur[-1].startswith("@"):
            blocks.append("\n".join(cur))
            cur = []
        cur.append(line)
    blocks.append("\n".join(cur))
    return blocks


def adapt_postgres_suite(src: str, *, sync: bool) -> str:
    out = []
    for block in _blocks(src):
        if 'params=["default", "pipe", "pool"]' in block:
            out.append(SYNC_STORE if sync else ASYNC_STORE)
            continue
        if re.search(r"^(async )?def _create_vector_store", block, re.M):
            out.append(SYNC_VECTOR if sync else ASYNC_VECTOR)
            continue
        block = re.sub(r"^from psycopg.*$", "", block, flags=re.M)
        block = re.sub(r"^from langgraph\.checkpoint\.postgres.*$", "", block, flags=re.M)
        block = re.sub(
            r"^from langgraph\.store\.postgres import .*$",
            "from langmem_plus.stores import QdrantStore, AsyncQdrantStore\n"
            "PostgresStore = QdrantStore\nAsyncPostgresStore = AsyncQdrantStore",
            block,
            flags=re.M,
        )
        block = re.sub(
            r"^from langgraph\.store\.postgres\.base import \((.|\n)*?\)$", "", block, flags=re.M
        )
        block = block.replace(
            "from tests.conftest import (", "from tests.conftest import (\n    target,"
        )
        out.append(block)
    return "\n".join(out)


def adapt_base_suite(src: str) -> str:
    return src.replace(
        "from langgraph.store.memory import InMemoryStore\n",
        "from langmem_plus.stores import QdrantStore\nfrom tests.conftest import target\n"
        "class InMemoryStore(QdrantStore):\n    def __init__(self, **kw):\n"
        "        super().__init__(**target(), **kw)\n",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=["edge", "local", "server"], default="edge")
    args, pytest_args = parser.parse_known_args()
    work = Path(tempfile.mkdtemp(prefix="langgraph-suites-"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--no-binary",
            ":all:",
            "-d",
            str(work),
            *SDISTS,
        ],
        check=True,
    )
    for sdist in work.glob("*.tar.gz"):
        with tarfile.open(sdist) as tar:
            tar.extractall(work, filter="data")
    pg = next(work.glob("langgraph_checkpoint_postgres-*/tests"))
    base = next(work.glob("langgraph_checkpoint-*/tests"))
    tests = work / "run" / "tests"
    tests.mkdir(parents=True)
    (tests / "__init__.py").write_text("")
    (tests / "conftest.py").write_text(CONFTEST)
    (tests / "embed_test_utils.py").write_text((pg / "embed_test_utils.py").read_text())
    (tests / "test_store.py").write_text(
        adapt_postgres_suite((pg / "test_store.py").read_text(), sync=True)
    )
    (tests / "test_async_store.py").write_text(
        adapt_postgres_suite((pg / "test_async_store.py").read_text(), sync=False)
    )
    (tests / "test_base_store.py").write_text(
        adapt_base_suite((base / "test_store.py").read_text())
    )
    env = {
        **os.environ,
        "REF_ENGINE": args.engine,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(work / "run")]),
    }
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "tests",
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "asyncio_mode=auto",
        "-W",
        "ignore::DeprecationWarning",
        "--deselect",
        "tests/test_store.py::test_escape_like_literal",
        "--deselect",
        "tests/test_store.py::test_namespace_match_pattern",
        "--deselect",
        "tests/test_store.py::test_nonnull_migrations",
        "-k",
        "not omit_expired and not single_pool_checkout",
        *pytest_args,
    ]
    return subprocess.run(cmd, cwd=work / "run", env=env).returncode


if __name__ == "__main__":
    raise SystemExit(main())
