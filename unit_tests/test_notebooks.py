"""The notebooks cannot rot: every notebook in ``docs/notebooks`` is executed here, offline,
on the embedded default store. (The Python blocks of README.md and docs/*.md are run by
``test_docs_blocks.py``.)

* Notebooks run with ``nbclient`` on an ``ipykernel`` started from *this* interpreter (the
  project venv), through a kernel spec written to a temporary ``JUPYTER_PATH``, so a
  ``python3`` kernel installed elsewhere on the machine is never picked up. The kernel
  talks over IPC sockets (no TCP port). A cell that raises fails the test.
* Notebooks are committed with outputs stripped; a test keeps it that way.
* ``TMPDIR`` points at a scratch directory (RAM-backed when possible) that is removed
  afterwards, so the stores the examples open in ``tempfile.mkdtemp()`` leave nothing behind.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "docs" / "notebooks").glob("*.ipynb"))
KERNEL = "langmem-plus-venv"
CELL_TIMEOUT = 60  # seconds; each notebook takes a few seconds in all

PYTHONPATH = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """TMPDIR for the code under test: RAM-backed when the machine has a roomy /dev/shm.

    Every example opens a fresh embedded store in ``tempfile.mkdtemp()``; creating one on a
    slow disk costs up to a second of fsyncs, on tmpfs a few milliseconds. The directory is
    removed afterwards, so nothing is left in RAM.
    """
    shm = Path("/dev/shm")
    fast = shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 2**30
    path = Path(tempfile.mkdtemp(prefix="langmem-plus-docs-", dir=shm if fast else None))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def jupyter_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A JUPYTER_PATH holding one kernel spec: ipykernel on this very interpreter."""
    share = tmp_path_factory.mktemp("jupyter")
    spec_dir = share / "kernels" / KERNEL
    spec_dir.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "langmem-plus (project venv)",
        "language": "python",
        "env": {"PYTHONPATH": PYTHONPATH},
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    return share


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(
    path: Path,
    jupyter_path: Path,
    scratch: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("JUPYTER_PATH", str(jupyter_path))
    monkeypatch.setenv("TMPDIR", str(scratch))  # inherited by the kernel
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")  # no jupyter_core migration warning
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.chdir(tmp_path)  # IPC socket files land here
    notebook = nbformat.read(path, as_version=4)
    kernel = KernelManager(kernel_name=KERNEL, transport="ipc")
    client = NotebookClient(
        notebook,
        km=kernel,
        timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()  # raises CellExecutionError naming the cell that failed
    errors = [
        out
        for cell in notebook.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors


def test_notebooks_exist_and_are_stripped() -> None:
    """The four notebooks are there, valid, and committed without outputs."""
    assert {p.stem for p in NOTEBOOKS} >= {"quickstart", "temporal", "deletion", "circuit_breaker"}
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [], f"{path.name}: clear all outputs before committing"
                assert cell.execution_count is None, f"{path.name}: strip execution counts"

