"""``QdrantStore.compact()``: forgotten text leaves the disk, everything live stays (issue 13).

Qdrant Edge keeps a deleted point's bytes in its write-ahead log for 100k-200k later writes
and in the payload indexes even after ``optimize()``. A test here reads every file under the
store's folder raw, so "gone" means gone from every file, not from every read.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import AsyncQdrantStore, QdrantStore
from unit_tests.fakes import FakeWordEmbeddings

ROOT = str(Path(__file__).resolve().parents[1])
MARKER = "Zyqvoxtrelmund"


def files_holding(folder: Path, needle: str) -> list[str]:
    """Every file under ``folder`` whose raw bytes contain ``needle`` (any case)."""
    found = []
    variants = {v.encode() for v in (needle, needle.lower(), needle.upper())}
    for root, _dirs, files in os.walk(folder):
        for f in files:
            path = os.path.join(root, f)
            with open(path, "rb") as fh:
                data = fh.read()
            if any(v in data for v in variants):
                found.append(os.path.relpath(path, folder))
    return found


def remember(memory: FactMemory, user: str, predicate: str, obj: str, text: str) -> str:
    decision = memory.remember(
        user, {"kind": "fact", "subject": "user", "predicate": predicate, "object": obj,
               "text": text, "quote": text},
    )  # fmt: skip
    assert decision.fact is not None, decision
    return decision.fact.fact_id


@pytest.mark.parametrize("how", ["forget", "forget_all"])
def test_after_forget_and_compact_no_byte_of_the_forgotten_text_is_in_any_file(
    how: str, tmp_path: Path
) -> None:
    path = tmp_path / "store"
    with QdrantStore(path=str(path)) as store:
        memory = FactMemory(store)
        secret = remember(memory, "alice", "city", MARKER, f"Lives in {MARKER}.")
        remember(memory, "alice", "city", "Lisbon", "Lives in Lisbon.")  # MARKER -> history
        remember(memory, "alice", "allergy", f"{MARKER}-pollen", f"Allergic to {MARKER} pollen.")
        keep = remember(memory, "bob", "employer", "Acme", "Works at Acme.")
        for n in range(50):  # later writes, as an app makes them
            store.put(("notes", "bob"), f"n{n}", {"text": f"note {n}"})
        if how == "forget":
            memory.forget("alice", secret)
            leftover = [r for r in memory.list("alice") if MARKER in r.text]
            for row in leftover:
                memory.forget("alice", row.fact_id)
        else:
            memory.forget_all("alice")
        assert not any(MARKER in r.text for r in memory.list("alice"))
        assert files_holding(path, MARKER), "the engine already erased it: test means nothing"
        report = store.compact()
        assert report.points > 0
        assert [r.fact_id for r in memory.list("bob")] == [keep]
    assert files_holding(path, MARKER) == []
    with QdrantStore(path=str(path)) as store:  # and the compacted store opens and reads
        assert "Acme" in FactMemory(store).profile("bob")
        assert store.get(("notes", "bob"), "n49") is not None


def ranking(store: QdrantStore, *, keys: bool = False) -> dict[str, Any]:
    """The top scores of a few queries, with the hits' keys when ``keys`` (BM25 ties make
    the order among equal scores arbitrary, so lexical rankings compare scores only)."""
    out: dict[str, Any] = {}
    for query in ("apple fruit", "berlin city", "item 7"):
        hits = store.search(("docs",), query=query, limit=1000)  # all: no ties at a cut
        scored = [(-round(h.score or 0, 5), h.key if keys else "") for h in hits]
        out[query] = sorted(scored)  # equal scores come back in any order
    return out


def snapshot(store: QdrantStore) -> dict[str, Any]:
    """Everything a caller can observe by key, filter, namespace and page."""
    out: dict[str, Any] = {}
    for ns in store.list_namespaces(limit=1000):
        items = store.search(ns, limit=1000)
        out[f"items {ns}"] = sorted((i.key, repr(i.value), i.created_at, i.updated_at)
                                    for i in items)  # fmt: skip
    filters = [
        {"user_id": "u3"},
        {"predicate": "city", "user_id": "u1"},
        {"n": {"$gte": 500}},
        {"tag": {"$ne": "even"}},
    ]
    for flt in filters:
        hits = store.search(("docs",), filter=flt, limit=1000)
        out[f"filter {flt}"] = sorted(h.key for h in hits)
    out["namespaces"] = store.list_namespaces(limit=1000)
    out["page"] = [i.key for i in store.search(("docs",), limit=5, offset=600)]
    return out


def fill(store: QdrantStore, *, deleted: bool = True) -> None:
    """700 items (more than one copy page), every 7th then deleted (or, with
    ``deleted=False``, never put)."""
    words = ["apple fruit", "berlin city", "paris city", "banana fruit"]
    for n in range(700):
        if not deleted and n % 7 == 0:
            continue
        store.put(
            ("docs", f"u{n % 5}"),
            f"item{n}",
            {"text": f"item {n} {words[n % 4]}", "n": n, "user_id": f"u{n % 5}",
             "predicate": "city" if n % 4 in (1, 2) else "likes",
             "tag": "even" if n % 2 == 0 else "odd"},
        )  # fmt: skip
    for n in range(0, 700, 7 if deleted else 700):
        store.delete(("docs", f"u{n % 5}"), f"item{n}")
    store.put(("ttl",), "short", {"text": "expires"}, ttl=60)


def test_compaction_keeps_every_live_item_vector_and_index(tmp_path: Path) -> None:
    index = {"dims": 16, "embed": FakeWordEmbeddings(16), "fields": ["text"]}
    path = tmp_path / "store"
    with QdrantStore(path=str(path), index=index) as store:  # type: ignore[arg-type]
        fill(store)
        before, dense = snapshot(store), ranking(store, keys=True)
        progress: list[tuple[int, int]] = []
        report = store.compact(progress=lambda done, total: progress.append((done, total)))
        assert report.points == 700 - 100 + 1
        assert progress[0] == (0, report.points) and progress[-1] == (report.points,) * 2
        assert snapshot(store) == before
        assert ranking(store, keys=True) == dense
        store.put(("docs", "u0"), "new", {"text": "apple after compaction", "n": 9999})
        assert store.get(("docs", "u0"), "new") is not None
    with QdrantStore(path=str(path), index=index) as store:  # type: ignore[arg-type]
        store.delete(("docs", "u0"), "new")
        assert snapshot(store) == before
        assert ranking(store, keys=True) == dense
        assert store.get(("ttl",), "short", refresh_ttl=False) is not None


def test_after_compaction_bm25_ranks_as_if_the_deleted_items_never_existed(
    tmp_path: Path,
) -> None:
    """BM25's IDF counted the deleted points until they were compacted away."""
    with QdrantStore(path=str(tmp_path / "fresh"), index={"fields": ["text"]}) as fresh:
        fill(fresh, deleted=False)
        never_deleted = ranking(fresh)
    with QdrantStore(path=str(tmp_path / "s"), index={"fields": ["text"]}) as store:
        fill(store)
        before = snapshot(store)
        store.compact()
        assert snapshot(store) == before
        assert ranking(store) == never_deleted


def test_async_store_compacts_too(tmp_path: Path) -> None:
    async def main() -> tuple[int, Any]:
        async with AsyncQdrantStore(path=str(tmp_path / "s")) as store:
            await store.aput(("a",), "gone", {"text": MARKER})
            await store.aput(("a",), "kept", {"text": "kept"})
            await store.adelete(("a",), "gone")
            report = await store.compact()
            kept = await store.aget(("a",), "kept")
            return report.points, kept.value if kept else None

    assert asyncio.run(main()) == (1, {"text": "kept"})
    assert files_holding(tmp_path / "s", MARKER) == []


def test_compact_on_a_server_store_says_it_does_not_apply() -> None:
    store = QdrantStore(location=":memory:")
    with pytest.raises(NotImplementedError, match="embedded store"):
        store.compact()
    store.close()


# A child that compacts and ends itself at a named step of the swap.
CHILD = r"""
import os, sys
from langmem_plus.stores import QdrantStore
from langmem_plus.stores.engines import edge
path, at = sys.argv[1], sys.argv[2]
def hook(name):
    if name == at:
        os._exit(17)
store = QdrantStore(path=path)
edge._crash_hook = hook
store.compact()
print("done")
"""


@pytest.mark.slow
@pytest.mark.parametrize("at", ["compact:built", "compact:marked", "compact:set-aside"])
def test_a_crash_during_compaction_leaves_the_old_or_the_new_shard(
    at: str, tmp_path: Path
) -> None:
    path = tmp_path / "store"
    with QdrantStore(path=str(path)) as store:
        for n in range(20):
            store.put(("a",), f"k{n}", {"text": f"v{n}"})
        store.put(("a",), "gone", {"text": MARKER})
        store.delete(("a",), "gone")
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), at], env={**os.environ, "PYTHONPATH": ROOT},
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 17, proc.stderr[-2000:]
    with QdrantStore(path=str(path)) as store:
        assert sorted(i.key for i in store.search(("a",), limit=100)) == sorted(
            f"k{n}" for n in range(20)
        )
        assert store.get(("a",), "gone") is None
    assert sorted(os.listdir(path)) == ["shard", "store.json", "store.lock"]
    if at != "compact:built":  # the new shard was complete: the swap was finished
        assert files_holding(path, MARKER) == []


def test_store_and_outbox_files_are_owner_only(tmp_path: Path) -> None:
    from langgraph.store.base import PutOp

    from langmem_plus.resilience.outbox import Outbox

    with QdrantStore(path=str(tmp_path / "store")) as store:
        store.put(("a",), "k", {"text": "private"})
        store.compact()
    for root, _dirs, files in os.walk(tmp_path / "store"):
        assert os.stat(root).st_mode & 0o777 == 0o700, root
        for f in files:
            assert os.stat(os.path.join(root, f)).st_mode & 0o777 == 0o600, f
    path = tmp_path / "outbox.sqlite"
    with Outbox(str(path)) as box:
        box.enqueue([PutOp(("a",), "k", {"text": "private"})])
        made = [p for p in tmp_path.iterdir() if p.name.startswith("outbox.sqlite")]
        assert {p.name for p in made} >= {"outbox.sqlite", "outbox.sqlite-wal"}
        for p in made:
            assert p.stat().st_mode & 0o777 == 0o600, p.name
