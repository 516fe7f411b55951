"""A process killed at any step of creating a store or of one logical write (issue 13).

Each crash is real: a child process runs the step on a copy of a store and ends itself with
``os._exit`` (no flush, no close, exactly what a kill leaves) at a chosen boundary between
engine calls; the test then opens the store in this process. The boundaries are counted by
wrapping the engine's own calls, so the same test runs against any version of the engine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from langmem_plus.errors import StoreInUseError, StoreRecoveryError
from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import QdrantStore
from langmem_plus.stores.engines import edge

ROOT = str(Path(__file__).resolve().parents[1])
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
WRITES = ("Upsert", "Delete", "DeleteByFilter", "SetPayload")


def clock() -> datetime:
    return T0 + timedelta(days=1)


# The child: run one operation on the store at argv[1], ending the process at boundary
# argv[3] (0 = before the first engine write, k = after the k-th write).
CHILD = r"""
import asyncio, os, sys
from datetime import datetime, timedelta, timezone
from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import AsyncQdrantStore, QdrantStore
from langmem_plus.stores.engines import edge

path, op, crash_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
clock = lambda: T0 + timedelta(days=1)
done = []
original = edge.EdgeEngine._execute

def counted(self, shard, call):
    if type(call).__name__ not in WRITES_HERE:
        return original(self, shard, call)
    if crash_at == 0:
        os._exit(17)
    result = original(self, shard, call)
    done.append(call)
    if len(done) == crash_at:
        os._exit(17)
    return result

def run(memory):
    fid = sys.argv[4]
    if op == "supersede":
        return memory.remember("u1", {"kind": "fact", "subject": "user", "predicate": "city",
                                      "object": "Paris", "text": "Lives in Paris."})
    if op == "forget":
        return memory.forget("u1", fid)
    if op == "forget_all":
        return memory.forget_all("u1")
    if op == "inaccurate":
        return memory.verdict("u1", fid, "inaccurate")
    raise SystemExit("unknown op " + op)

async def arun():
    async with AsyncQdrantStore(path=path) as store:
        edge.EdgeEngine._execute = counted
        memory = FactMemory(store, clock=clock)
        fid = sys.argv[4]
        await memory.aforget("u1", fid)

if op == "aforget":
    asyncio.run(arun())
else:
    store = QdrantStore(path=path)
    edge.EdgeEngine._execute = counted
    run(FactMemory(store, clock=clock))
    store.close()
print("finished", len(done))
""".replace("WRITES_HERE", repr(WRITES))


def child(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        env=env, capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip


def snapshot(path: Path) -> tuple[str, list[tuple[str, str]]]:
    """What a user can see: the profile and every memory with its status."""
    with QdrantStore(path=str(path)) as store:
        memory = FactMemory(store, clock=clock)
        rows = sorted((r.text, r.status) for r in memory.list("u1"))
        return memory.profile("u1"), rows


def berlin_id(path: Path) -> str:
    with QdrantStore(path=str(path)) as store:
        rows = FactMemory(store, clock=clock).list("u1")
    return next(r.fact_id for r in rows if "Berlin" in r.text)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with acknowledged writes: a city (single-valued), an allergy (multi-valued)."""
    path = tmp_path_factory.mktemp("seed") / "store"
    with QdrantStore(path=str(path)) as store:
        memory = FactMemory(store, clock=lambda: T0)
        for c in (
            {"kind": "fact", "subject": "user", "predicate": "city", "object": "Berlin",
             "text": "Lives in Berlin."},
            {"kind": "fact", "subject": "user", "predicate": "allergy", "object": "peanuts",
             "text": "Is allergic to peanuts."},
        ):  # fmt: skip
            memory.remember("u1", c)
        assert len(memory.list("u1")) == 2
    return path


def count_writes(path: Path, op: str, fid: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many engine writes ``op`` makes (run here, on a throwaway copy)."""
    calls: list[str] = []
    original = edge.EdgeEngine._execute

    def counted(self: Any, shard: Any, call: Any) -> Any:
        if type(call).__name__ in WRITES:
            calls.append(type(call).__name__)
        return original(self, shard, call)

    with QdrantStore(path=str(path)) as store, monkeypatch.context() as m:
        m.setattr(edge.EdgeEngine, "_execute", counted)
        memory = FactMemory(store, clock=clock)
        ops: dict[str, Callable[[], object]] = {
            "supersede": lambda: memory.remember("u1", {
                "kind": "fact", "subject": "user", "predicate": "city", "object": "Paris",
                "text": "Lives in Paris."}),
            "forget": lambda: memory.forget("u1", fid),
            "aforget": lambda: memory.forget("u1", fid),
            "forget_all": lambda: memory.forget_all("u1"),
            "inaccurate": lambda: memory.verdict("u1", fid, "inaccurate"),
        }  # fmt: skip
        ops[op]()
    return len(calls)


@pytest.mark.slow
@pytest.mark.parametrize("op", ["supersede", "forget", "forget_all", "inaccurate", "aforget"])
def test_a_crash_at_every_engine_call_boundary_leaves_all_or_nothing(
    op: str, seeded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fid = berlin_id(seeded)
    before = snapshot(seeded)
    ref = tmp_path / "reference"
    shutil.copytree(seeded, ref)
    writes = count_writes(ref, op, fid, monkeypatch)
    after = snapshot(ref)
    assert writes >= (2 if op in ("forget", "inaccurate") else 1), writes
    assert before != after
    for boundary in range(writes + 1):
        trial = tmp_path / f"crash-{boundary}"
        shutil.copytree(seeded, trial)
        proc = child(str(trial), op, str(boundary), fid)
        assert proc.returncode == 17, proc.stderr[-2000:]
        seen = snapshot(trial)  # reopens the store: it must open
        assert seen in (before, after), (
            f"{op}, crash after {boundary} of {writes} engine writes: half a write is "
            f"visible\n  profile: {seen[0]!r}\n  memories: {seen[1]}"
        )
        profile, rows = seen
        if op in ("forget", "aforget", "forget_all") and not any("Berlin" in t for t, _ in rows):
            assert "Berlin" not in profile, "the profile shows a forgotten city"
        if op == "inaccurate":
            assert any("Berlin" in t for t, _ in rows), "the verdict lost the fact's history"
        if op == "supersede":
            assert any("Berlin" in t for t, _ in rows), "the supersession lost Berlin"
        if op != "forget_all":
            assert any("peanuts" in t for t, _ in rows), "an acknowledged fact was lost"
        assert not (trial / "intent.json").exists(), "the open did not finish the journal"


@pytest.mark.slow
def test_a_crash_without_a_journal_in_the_way_completes_normally(
    seeded: Path, tmp_path: Path
) -> None:
    """Sanity of the harness: with no crash the child finishes and the write is applied."""
    trial = tmp_path / "trial"
    shutil.copytree(seeded, trial)
    proc = child(str(trial), "forget", "-1", berlin_id(seeded))
    assert proc.returncode == 0, proc.stderr[-2000:]
    profile, rows = snapshot(trial)
    assert "Berlin" not in profile
    assert not any("Berlin" in t for t, _ in rows)


# ---- creation ---------------------------------------------------------------------------

# The child: create a store at argv[1], ending the process before engine step argv[2] (each
# call into the shard during creation, and each named step of the engine if it has them).
CREATE = r"""
import json, os, sys, types
import qdrant_edge
from langmem_plus.stores import QdrantStore
from langmem_plus.stores.engines import edge

path, crash_at = sys.argv[1], int(sys.argv[2])
steps = []

def step(name):
    steps.append(name)
    if len(steps) == crash_at:
        os._exit(17)

class Shard:
    def __init__(self, inner):
        self._inner = inner
    def __getattr__(self, name):
        attr = getattr(self._inner, name)
        def call(*a, **k):
            step("shard." + name)
            return attr(*a, **k)
        return call

class EdgeShard:
    @staticmethod
    def create(*a, **k):
        step("EdgeShard.create")
        return Shard(qdrant_edge.EdgeShard.create(*a, **k))
    @staticmethod
    def load(*a, **k):
        return qdrant_edge.EdgeShard.load(*a, **k)

proxy = types.SimpleNamespace(**{n: getattr(qdrant_edge, n) for n in dir(qdrant_edge)
                                 if not n.startswith("__")})
proxy.EdgeShard = EdgeShard
edge.qe = proxy
if hasattr(edge, "_crash_hook"):
    edge._crash_hook = step
QdrantStore(path=path).close()
step("closed")
print(json.dumps(steps))
"""


def create_child(path: Path, crash_at: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run(
        [sys.executable, "-c", CREATE, str(path), str(crash_at)],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def crash_points(names: list[str]) -> list[int]:
    """1-based steps to end the process at, one per state the disk can be left in: the
    engine's named creation steps when it has them, else each kind of shard call once (of
    the payload indexes, one call each, the first and the last)."""
    named = [n + 1 for n, name in enumerate(names) if name.startswith("create:")]
    if named:
        index_steps = [n + 1 for n, name in enumerate(names) if name.startswith("shard:index:")]
        return sorted({*named, names.index("shard:created") + 1,
                       index_steps[len(index_steps) // 2]})  # fmt: skip
    kinds = ["index" if n == "shard.update" else n for n in names]
    keep = []
    for n, kind in enumerate(kinds):
        first = n == 0 or kinds[n - 1] != kind
        last_index = kind == "index" and (n + 1 == len(kinds) or kinds[n + 1] != kind)
        if (first or last_index) and kind != "closed":
            keep.append(n + 1)
    return keep


def creation_steps(path: Path) -> list[str]:
    """The steps of creating a store at ``path``, by name (a child run with no crash)."""
    probe = create_child(path, -1)
    assert probe.returncode == 0, probe.stderr[-2000:]
    names: list[str] = json.loads(probe.stdout.splitlines()[-1])
    assert len(names) >= 3
    shutil.rmtree(path)
    return names


def crash_creating(path: Path, crash_at: int) -> None:
    proc = create_child(path, crash_at)
    assert proc.returncode == 17, proc.stderr[-2000:]
    with QdrantStore(path=str(path)) as store:  # opens: fresh, or what was completed
        store.put(("docs",), "a", {"text": "hello"})
        item = store.get(("docs",), "a")
        assert item is not None and item.value == {"text": "hello"}
    with QdrantStore(path=str(path)) as store:
        assert store.get(("docs",), "a") is not None
    assert sorted(os.listdir(path.parent)) == ["store"], "a dead build was left beside it"
    assert ".creating" not in os.listdir(path)


@pytest.mark.slow
@pytest.mark.parametrize("existing", ["absent", "empty folder"])
def test_a_kill_at_any_step_of_creation_leaves_a_store_that_opens(
    existing: str, tmp_path: Path
) -> None:
    """A new path is built beside and renamed in; an existing empty folder (a mount point)
    is built inside and moved up, store.json last."""
    probe = tmp_path / "probe" / "store"
    probe.mkdir(parents=True)
    if existing == "absent":
        probe.rmdir()
    for crash_at in crash_points(creation_steps(probe)):
        path = tmp_path / f"crash-{crash_at}" / "store"
        path.mkdir(parents=True)
        if existing == "absent":
            path.rmdir()
        crash_creating(path, crash_at)


RACE = r"""
import os, sys, time
from langmem_plus.stores import QdrantStore
path, go, release = sys.argv[1:4]
open(sys.argv[4], "w").close()
while not os.path.exists(go):
    time.sleep(0.001)
try:
    store = QdrantStore(path=path)
except Exception as exc:
    print(type(exc).__name__, flush=True)
    raise SystemExit(0)
print("opened", flush=True)
while not os.path.exists(release):
    time.sleep(0.01)
store.close()
"""


@pytest.mark.slow
@pytest.mark.parametrize("existing", ["absent", "empty folder"])
def test_two_processes_creating_one_new_path_the_loser_gets_store_in_use(
    existing: str, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": ROOT}
    for trial in range(2):
        base = tmp_path / f"t{trial}"
        base.mkdir()
        if existing == "empty folder":
            (base / "store").mkdir()
        go, release = base / "go", base / "release"
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", RACE, str(base / "store"), str(go), str(release),
                 str(base / f"ready{n}")],
                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for n in range(2)
        ]
        try:
            while not all((base / f"ready{n}").exists() for n in range(2)):
                assert all(p.poll() is None for p in procs), procs[0].stderr
                time.sleep(0.01)
            go.touch()
            lines = [p.stdout.readline().strip() for p in procs]  # type: ignore[union-attr]
        finally:
            release.touch()
            outs = [p.communicate(timeout=60) for p in procs]
        assert sorted(lines) == ["StoreInUseError", "opened"], (lines, outs)
        with QdrantStore(path=str(base / "store")) as store:
            store.put(("a",), "k", {"v": 1})


def test_a_second_store_on_an_open_path_in_this_process_is_store_in_use(
    tmp_path: Path,
) -> None:
    with QdrantStore(path=str(tmp_path / "s")), pytest.raises(StoreInUseError, match="s'"):
        QdrantStore(path=str(tmp_path / "s"))


def test_an_empty_shard_an_older_version_left_half_created_is_recreated(
    tmp_path: Path,
) -> None:
    """What a kill left before this fix: shard/ written, store.json not, nothing stored."""
    path = tmp_path / "store"
    QdrantStore(path=str(path)).close()
    (path / "store.json").unlink()
    (path / "store.lock").unlink()
    with QdrantStore(path=str(path)) as store:
        store.put(("a",), "k", {"v": 1})
        assert store.get(("a",), "k") is not None


def test_a_shard_with_items_but_no_store_json_is_a_named_error_with_the_fix(
    tmp_path: Path,
) -> None:
    path = tmp_path / "store"
    with QdrantStore(path=str(path)) as store:
        store.put(("a",), "k", {"v": 1})
    (path / "store.json").unlink()
    with pytest.raises(StoreRecoveryError, match=r"store.*1 points but no store\.json.*restore"):
        QdrantStore(path=str(path))
    assert (path / "shard").is_dir(), "the items were deleted"


def test_a_folder_holding_other_files_is_refused_untouched(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(StoreRecoveryError, match=r"notes\.txt.*new or empty folder"):
        QdrantStore(path=str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"]


def test_a_journal_that_cannot_be_applied_is_a_named_error_naming_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "store"
    QdrantStore(path=str(path)).close()
    bad = {"format": 1, "calls": [{"call": "delete", "ids": ["not-a-uuid"]}] * 2}
    (path / "intent.json").write_text(json.dumps(bad))
    with pytest.raises(StoreRecoveryError, match=r"intent\.json.*move"):
        QdrantStore(path=str(path))
    (path / "intent.json").write_text('{"format": 1, "calls": [')  # damaged by hand
    with pytest.raises(StoreRecoveryError, match=r"intent\.json.*move"):
        QdrantStore(path=str(path))
    (path / "intent.json").unlink()
    QdrantStore(path=str(path)).close()


def test_store_folders_are_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "store"
    with QdrantStore(path=str(path)) as store:
        store.put(("a",), "k", {"v": 1})
    for root, _dirs, files in os.walk(path):
        assert os.stat(root).st_mode & 0o777 == 0o700, root
        for f in files:
            assert os.stat(os.path.join(root, f)).st_mode & 0o777 == 0o600, f


def test_an_intent_point_that_cannot_be_applied_is_moved_to_a_named_file(
    tmp_path: Path,
) -> None:
    """A multi-call write is recorded in the shard (issue 14); one the next open cannot
    apply is not dropped: it leaves the shard as ``intent.json``, and the error names it."""
    import qdrant_edge as qe

    path = tmp_path / "store"
    with QdrantStore(path=str(path)) as store:
        store.put(("a",), "k", {"v": 1})
        shard = store._engine._shard  # type: ignore[union-attr]
        bad = json.dumps({"format": 1, "calls": [{"call": "delete", "ids": ["not-a-uuid"]}]})
        shard.update(
            qe.UpdateOperation.upsert_points([qe.Point(edge.INTENT_ID, {}, {"intent": bad})])
        )
    with pytest.raises(StoreRecoveryError, match=r"intent\.json.*move"):
        QdrantStore(path=str(path))
    assert json.loads((path / "intent.json").read_text())["calls"][0]["ids"] == ["not-a-uuid"]
    (path / "intent.json").unlink()
    with QdrantStore(path=str(path)) as store:
        assert store.get(("a",), "k").value == {"v": 1}  # type: ignore[union-attr]
        assert store.search(()) and len(store.search((), limit=10)) == 1
