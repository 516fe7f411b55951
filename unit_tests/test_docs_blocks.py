"""Docs that run: every ```` ```python ```` block of README.md and docs/*.md is executed here.

Each page's blocks run in order, in one namespace, in a fresh interpreter started in a fresh
temporary working directory (so relative paths such as ``QdrantStore(path="memory")`` land
there), with ``TMPDIR`` on a scratch directory and a timeout per page. Each block is its
own test, named by page and line (``docs/store.md:9``); a failure shows the block's
traceback with the page's own line numbers.

A block that must not run as it stands carries a marker: an HTML comment on the line right
before its fence, and, right above that, an italic line the reader sees that says the same::

    *Needs an OpenAI key (`OPENAI_API_KEY`).*
    <!-- needs: OPENAI_API_KEY -->
    ```python

Markers (several go in one comment, separated by ``;``):

``fragment``
    Not a whole program (names it does not define, ``...`` in calls, top-level ``await``).
    Never run; it must still parse. The italic line says "fragment".
``needs: VAR[, VAR]``
    Needs an outside service, configured by the environment variable(s) in :data:`SERVICES`.
    Runs when they are set, skipped with a reason otherwise. The italic line names each
    variable. Unmarked blocks run without these variables, so they cannot lean on them.
``continues``
    Uses names an earlier block of the page defined. Required exactly when a block does
    (checked from the code), so a reader copying one block knows it is not standalone.
    The italic line says "continues".

Any other comment right before a python fence is an error, so a misspelt marker never
silently turns a block off.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PAGE_TIMEOUT = 120  # seconds for all the blocks of one page; each page takes a few seconds

#: ``needs:`` names -> what the reader is told is missing, and the variables hidden from
#: unmarked blocks (the service variable and its companions).
SERVICES: dict[str, tuple[str, tuple[str, ...]]] = {
    "OPENAI_API_KEY": ("an OpenAI key", ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID")),
    "QDRANT_URL": ("a Qdrant server", ("QDRANT_URL", "QDRANT_API_KEY")),
}

_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
_COMMENT = re.compile(r"^<!--(.*?)-->[ \t]*$")
_ITALIC = re.compile(r"^(\*[^*].*\*|_[^_].*_)$")


@dataclass(frozen=True)
class Block:
    """One python block of a page."""

    page: str  # relative to the repository root, e.g. "docs/store.md"
    line: int  # line number of the block's first code line
    code: str
    fragment: bool = False
    needs: tuple[str, ...] = ()
    continues: bool = False
    marker: str | None = None  # the comment as written, for messages
    note: str | None = None  # the italic line above the marker
    problems: tuple[str, ...] = field(default=())  # marker errors found while parsing

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def runs_when(self) -> str | None:
        """Why this block does not run here, or None when it does."""
        if self.fragment:
            return "marked as a fragment"
        missing = [name for name in self.needs if not os.environ.get(name)]
        if missing:
            return "needs " + ", ".join(f"{SERVICES[n][0]} ({n})" for n in missing if n in SERVICES)
        return None


def _parse_marker(text: str) -> tuple[bool, tuple[str, ...], bool, list[str]]:
    fragment, continues, needs, problems = False, False, [], []
    for item in (part.strip() for part in text.split(";")):
        if item == "fragment":
            fragment = True
        elif item == "continues":
            continues = True
        elif item.startswith("needs:"):
            for name in (n.strip() for n in item[len("needs:") :].split(",")):
                if name in SERVICES:
                    needs.append(name)
                else:
                    problems.append(f"unknown service {name!r} (known: {sorted(SERVICES)})")
        else:
            problems.append(
                f"unknown marker {item!r}: use 'fragment', 'needs: VAR' or 'continues'"
            )
    return fragment, tuple(needs), continues, problems


def parse_page(path: Path) -> list[Block]:
    """The python blocks of one markdown page, with their markers."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    page = path.relative_to(ROOT).as_posix()
    blocks = []
    for match in _FENCE.finditer(text):
        fence = text.count("\n", 0, match.start())  # 0-based line of the fence
        above = lines[fence - 1].strip() if fence > 0 else ""
        comment = _COMMENT.match(above)
        fragment, needs, continues, problems = False, (), False, []
        marker = note = None
        if comment:
            marker = above
            fragment, needs, continues, problems = _parse_marker(comment.group(1).strip())
            i = fence - 2
            while i >= 0 and not lines[i].strip():
                i -= 1
            note = lines[i].strip() if i >= 0 else None
        blocks.append(
            Block(
                page=page,
                line=fence + 2,
                code=match.group(1),
                fragment=fragment,
                needs=needs,
                continues=continues,
                marker=marker,
                note=note,
                problems=tuple(problems),
            )
        )
    return blocks


BLOCKS = [block for page in PAGES for block in parse_page(page)]


# -- which names a block takes from the blocks above it ------------------------------------


def _bound_and_read(tree: ast.AST) -> tuple[set[str], set[str]]:
    """Names a block binds anywhere (generously) and names it reads."""
    bound: set[str] = set()
    read: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
    return bound, read


def _parse(block: Block) -> ast.Module:
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT | ast.PyCF_ONLY_AST
    source = "\n" * (block.line - 1) + block.code
    tree = compile(source, block.page, "exec", flags=flags, dont_inherit=True)
    assert isinstance(tree, ast.Module)
    return tree


def borrowed_names(block: Block) -> set[str]:
    """Names ``block`` reads that only an earlier block of its page defines."""
    earlier: set[str] = set()
    for other in BLOCKS:
        if other.page != block.page or other.line >= block.line:
            continue
        earlier |= _bound_and_read(_parse(other))[0]
    bound, read = _bound_and_read(_parse(block))
    return (read - bound - set(dir(builtins))) & earlier


# -- running one page in its own interpreter -----------------------------------------------


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """TMPDIR for the blocks: RAM-backed when the machine has a roomy /dev/shm."""
    shm = Path("/dev/shm")
    fast = shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 2**30
    path = Path(tempfile.mkdtemp(prefix="langmem-plus-blocks-", dir=shm if fast else None))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def page_results(
    request: pytest.FixtureRequest, scratch: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, dict[int, dict[str, object]]]]:
    """page -> line -> what happened to that block; each page runs once.

    The pages with a selected block that runs here start at once, two at a time.
    """
    selected = [
        item.callspec.params["block"]
        for item in request.session.items
        if getattr(item, "originalname", None) == "test_block_runs" and hasattr(item, "callspec")
    ]
    pages = sorted({b.page for b in selected if b.runs_when is None})
    workers = max(1, min(2, os.cpu_count() or 1))  # CI has two cores
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {page: pool.submit(_run_page, page, scratch, tmp_path_factory) for page in pages}

        class Results(dict):  # type: ignore[type-arg]
            def __missing__(self, page: str) -> dict[int, dict[str, object]]:
                self[page] = futures[page].result()
                return self[page]

        yield Results()


def _run_page(
    page: str, scratch: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[int, dict[str, object]]:
    workdir = tmp_path_factory.mktemp(re.sub(r"\W", "_", page))
    spec = workdir / "blocks.json"
    log = workdir / "blocks.log"
    blocks = [b for b in BLOCKS if b.page == page]
    spec.write_text(
        json.dumps(
            [{"line": b.line, "code": b.code, "needs": list(b.needs)} for b in blocks
             if b.runs_when is None]
        ),
        encoding="utf-8",
    )
    pythonpath = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": pythonpath, "TMPDIR": str(scratch)}
    try:
        done = subprocess.run(
            [sys.executable, __file__, page, str(spec), str(log)],
            cwd=workdir,
            env=env,
            capture_output=True,
            text=True,
            timeout=PAGE_TIMEOUT,
        )
        crashed = done.returncode != 0 and f"the interpreter exited with {done.returncode}"
        tail = f"{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    except subprocess.TimeoutExpired:
        crashed, tail = f"the page took over {PAGE_TIMEOUT} s", ""
    results: dict[int, dict[str, object]] = {}
    if log.exists():
        for raw in log.read_text(encoding="utf-8").splitlines():
            record = json.loads(raw)
            results[record["line"]] = record
    for record in results.values():
        if record["status"] == "started":  # it never finished
            record.update(status="error", detail=f"{crashed or 'stopped'}\n{tail}")
    results[0] = {"status": "crashed" if crashed else "done", "detail": f"{crashed}\n{tail}"}
    return results


def _drive(page: str, spec_path: str, log_path: str) -> int:
    """In the child interpreter: run the page's blocks in order, logging each outcome."""
    # A warning a reader running the block would see is an error. Python shows deprecations
    # only when the reader's own code (``__main__``) makes them, not a library's imports.
    warnings.simplefilter("error")
    for quiet in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.filterwarnings("ignore", category=quiet)
    warnings.filterwarnings("error", category=DeprecationWarning, module="__main__")
    hidden = {name: os.environ.pop(name) for names in (v[1] for v in SERVICES.values())
              for name in names if name in os.environ}
    namespace: dict[str, object] = {"__name__": "__main__"}
    with open(log_path, "a", encoding="utf-8") as log:

        def record(**fields: object) -> None:
            log.write(json.dumps(fields) + "\n")
            log.flush()

        for block in json.loads(Path(spec_path).read_text(encoding="utf-8")):
            line, code, needs = block["line"], block["code"], block["needs"]
            record(line=line, status="started")
            shown = [n for name in needs for n in SERVICES[name][1] if n in hidden]
            os.environ.update({n: hidden[n] for n in shown})
            out = io.StringIO()
            started = time.perf_counter()
            try:
                compiled = compile("\n" * (line - 1) + code, page, "exec", dont_inherit=True)
                with contextlib.redirect_stdout(out):
                    exec(compiled, namespace)
            except BaseException as exc:
                frames = exc.__traceback__.tb_next if exc.__traceback__ else None  # not _drive
                detail = "".join(traceback.format_exception(type(exc), exc, frames))
                record(line=line, status="error", detail=detail, stdout=out.getvalue())
                return 1
            finally:
                for n in shown:
                    os.environ.pop(n, None)
            record(line=line, status="ok", seconds=round(time.perf_counter() - started, 3),
                   stdout=out.getvalue())
    return 0


# -- the tests -----------------------------------------------------------------------------


def test_pages_have_blocks() -> None:
    """The extraction finds the blocks (a broken fence regex would pass every test)."""
    assert {b.page for b in BLOCKS} >= {"README.md", "docs/quickstart.md", "docs/store.md"}
    assert len(BLOCKS) >= 20


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.id)
def test_block_is_marked_honestly(block: Block) -> None:
    """It parses; its marker is known; the page says in words what the marker says."""
    try:
        _parse(block)
    except SyntaxError as exc:
        pytest.fail(f"{block.id}: does not parse: {exc}")
    assert not block.problems, f"{block.id}: {block.marker}: {'; '.join(block.problems)}"
    borrowed = borrowed_names(block)
    if borrowed and not block.fragment:
        assert block.continues, (
            f"{block.id} uses {sorted(borrowed)} from an earlier block of the page: mark it "
            "'<!-- continues -->' with an italic line saying it continues the block above"
        )
    if block.continues and not block.fragment:
        assert borrowed, f"{block.id} is marked 'continues' but uses nothing from above"
    if block.marker is None:
        return
    note = block.note or ""
    assert _ITALIC.match(note), (
        f"{block.id}: the line above {block.marker} must be an italic line saying it to the "
        f"reader, e.g. '*Needs an OpenAI key (`OPENAI_API_KEY`).*'; found {note!r}"
    )
    said = note.lower()
    if block.fragment:
        assert "fragment" in said, f"{block.id}: {note!r} does not say it is a fragment"
    for name in block.needs:
        assert name.lower() in said, f"{block.id}: {note!r} does not name {name}"
    if block.continues:
        assert "continues" in said, f"{block.id}: {note!r} does not say it continues"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.id)
def test_block_runs(block: Block, page_results: dict[str, dict[int, dict[str, object]]]) -> None:
    """The block runs (after the page's earlier blocks) without raising or warning."""
    reason = block.runs_when
    if reason:
        pytest.skip(f"{block.id}: {reason}")
    results = page_results[block.page]
    record = results.get(block.line)
    if record is None:
        earlier = [r for line, r in results.items() if line and r["status"] == "error"]
        why = "an earlier block of the page failed" if earlier else results[0]["detail"]
        pytest.fail(f"{block.id}: did not run: {why}")
    assert record["status"] == "ok", f"{block.id} failed:\n{record['detail']}"


def test_missing_outbox_folder_is_named(tmp_path: Path) -> None:
    """docs/resilience.md says the outbox folder must exist; the error says which one."""
    from langgraph.store.memory import InMemoryStore

    from langmem_plus.resilience import ResilientStore

    folder = tmp_path / "not-created"
    with pytest.raises(FileNotFoundError, match=re.escape(f"folder {str(folder)!r} does not")):
        ResilientStore(InMemoryStore(), outbox_path=folder / "outbox.sqlite")


if __name__ == "__main__":
    sys.exit(_drive(*sys.argv[1:4]))
