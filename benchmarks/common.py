"""Helpers shared by the benchmarks: timing, percentiles, progress, tables, machine facts.

Nothing here depends on the library under test, so any benchmark can import it::

    from benchmarks.common import Progress, machine_info, markdown_table, summarize

Percentiles use linear interpolation between closest ranks (numpy's default), so p95 of 20
samples is not simply the maximum.
"""

from __future__ import annotations

import json
import math
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

__all__ = [
    "DOCS",
    "PG_INSTALL_HINT",
    "RESULTS",
    "ROOT",
    "Progress",
    "find_pg_bin",
    "fmt_ms",
    "fmt_rate",
    "fmt_ratio",
    "git_state",
    "load_average",
    "machine_info",
    "markdown_table",
    "percentile",
    "provenance",
    "replace_block",
    "summarize",
    "temp_postgres",
    "time_ms",
    "write_json",
]

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""
RESULTS = ROOT / "benchmarks" / "results"
"""Where every benchmark writes its raw numbers (JSON)."""
DOCS = ROOT / "docs" / "benchmarks.md"
"""The page every benchmark writes its tables into."""


def percentile(samples: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100) with linear interpolation; NaN for no samples."""
    if not samples:
        return math.nan
    xs = sorted(samples)
    if len(xs) == 1:
        return float(xs[0])
    rank = (len(xs) - 1) * p / 100.0
    lo = math.floor(rank)
    hi = min(lo + 1, len(xs) - 1)
    return float(xs[lo] + (xs[hi] - xs[lo]) * (rank - lo))


def summarize(samples: Sequence[float]) -> dict[str, float | int]:
    """n, mean, p50, p95, p99, min, max of a list of samples (same unit as the samples)."""
    if not samples:
        return {"n": 0}
    return {
        "n": len(samples),
        "mean": sum(samples) / len(samples),
        "p50": percentile(samples, 50),
        "p95": percentile(samples, 95),
        "p99": percentile(samples, 99),
        "min": float(min(samples)),
        "max": float(max(samples)),
    }


def elapsed_ms(t0_ns: int) -> float:
    """Milliseconds since ``t0_ns``, a ``time.perf_counter_ns()`` reading."""
    return (time.perf_counter_ns() - t0_ns) / 1e6


def profile_text(fn: Callable[[], Any], *, top: int = 30) -> str:
    """Run ``fn`` under cProfile; the ``top`` functions by cumulative time, as text."""
    import cProfile
    import io
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("cumulative").print_stats(top)
    return buf.getvalue()


def time_ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Run ``fn`` once; (elapsed milliseconds, its result)."""
    t0 = time.perf_counter_ns()
    out = fn()
    return (time.perf_counter_ns() - t0) / 1e6, out


class Progress:
    """A one-line progress indicator on stderr (no dependency), redrawn at most 10x/s.

    Example:
        >>> p = Progress("put", total=3, stream=open(os.devnull, "w"))
        >>> for _ in range(3):
        ...     p.update()
        >>> p.close()
    """

    def __init__(
        self, label: str, total: int | None = None, *, stream: TextIO | None = None
    ) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.t0 = time.perf_counter()
        self._last = 0.0
        self._tty = self.stream.isatty()

    def update(self, n: int = 1, note: str = "") -> None:
        self.done += n
        now = time.perf_counter()
        if now - self._last >= 0.1 or (self.total is not None and self.done >= self.total):
            self._last = now
            self._draw(note)

    def _draw(self, note: str) -> None:
        elapsed = time.perf_counter() - self.t0
        if self.total:
            frac = min(self.done / self.total, 1.0)
            eta = elapsed / frac - elapsed if frac > 0 else math.nan
            body = f"{self.done}/{self.total} ({frac:4.0%}) {elapsed:6.1f}s eta {eta:5.1f}s"
        else:
            body = f"{self.done} {elapsed:6.1f}s"
        line = f"  {self.label}: {body} {note}".rstrip()
        # Without a terminal (CI, a log file) print a line at most every 5 s.
        if self._tty:
            self.stream.write("\r" + line.ljust(100)[:100])
            self.stream.flush()
        elif elapsed - getattr(self, "_printed", -10.0) >= 5.0:
            self._printed = elapsed
            self.stream.write(line + "\n")
            self.stream.flush()

    def close(self, note: str = "") -> None:
        elapsed = time.perf_counter() - self.t0
        line = f"  {self.label}: {self.done} in {elapsed:.1f}s {note}".rstrip()
        if self._tty:
            self.stream.write("\r" + line.ljust(100)[:100] + "\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _mem_gb() -> float | None:
    try:
        with open("/proc/meminfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return None


def machine_info(packages: Iterable[str] = ()) -> dict[str, Any]:
    """CPU model, cores, memory, OS, Python and the installed versions of ``packages``."""
    versions: dict[str, str | None] = {}
    for name in packages:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_gb": _mem_gb(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "packages": versions,
    }


def fmt_ms(ms: float | None) -> str:
    """Milliseconds with sensible precision: 0.123, 4.56, 78.9, 1,234."""
    if ms is None or (isinstance(ms, float) and math.isnan(ms)):
        return "-"
    if ms < 1:
        return f"{ms:.3f}"
    if ms < 10:
        return f"{ms:.2f}"
    if ms < 100:
        return f"{ms:.1f}"
    return f"{ms:,.0f}"


def fmt_rate(x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:,.0f}"


def fmt_ratio(x: float | None) -> str:
    """A ratio as ``1.0x``, ``12x``, ``1,234x``."""
    if x is None or (isinstance(x, float) and (math.isnan(x) or math.isinf(x))):
        return "-"
    if x < 10:
        return f"{x:.1f}x"
    return f"{x:,.0f}x"


def markdown_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A GitHub-flavoured markdown table (numbers right-aligned when a column is numeric)."""
    rows = [[str(c) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    sep = "| " + " | ".join("-" * w for w in widths) + " |"
    return "\n".join([line(headers), sep, *(line(r) for r in rows)])


def replace_block(path: Path, name: str, content: str, skeleton: str) -> None:
    """Replace the text between ``<!-- name:start -->`` and ``<!-- name:end -->`` in ``path``.

    A missing file is created from ``skeleton`` (which must contain both markers), so a
    benchmark rewrites only its own generated block and never the prose around it.
    """
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    text = path.read_text(encoding="utf-8") if path.exists() else skeleton
    if start not in text or end not in text:
        text = text.rstrip("\n") + "\n\n" + start + "\n" + end + "\n"
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + start + "\n" + content.strip("\n") + "\n" + end + tail, "utf-8")


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented JSON, atomically (via a ``.tmp`` file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, default=str) + "\n", encoding="utf-8")
    tmp.replace(path)


# ---------------------------------------------------------------------------- provenance


def git_state(*, allow_dirty: bool = False) -> dict[str, Any]:
    """The commit a run measures: ``git rev-parse HEAD`` and ``git status --porcelain``.

    A benchmark calls this before it measures anything. A tree with local changes (tracked
    or untracked) measures code that no commit holds, so it is refused with ``SystemExit``
    unless ``allow_dirty`` is given; the results then carry ``dirty: true`` and the status
    lines, and every rendered block says so.

    Example:
        >>> state = git_state(allow_dirty=True)
        >>> sorted(state)
        ['dirty', 'head', 'status']
    """
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError) as exc:
        if not allow_dirty:
            raise SystemExit(
                f"cannot read the git state of {ROOT} ({exc}): run from a git checkout, or "
                "pass --allow-dirty to record unversioned results"
            ) from exc
        return {"head": None, "dirty": True, "status": [f"git unavailable: {exc}"]}
    dirty = bool(status)
    if dirty and not allow_dirty:
        shown = "\n  ".join(status[:10]) + ("\n  ..." if len(status) > 10 else "")
        raise SystemExit(
            f"refusing to benchmark a dirty tree (commit {head[:12]} plus local changes):\n  "
            f"{shown}\ncommit or stash them first, or pass --allow-dirty (the results and "
            "the docs are then marked dirty)"
        )
    return {"head": head, "dirty": dirty, "status": status}


def provenance(results: dict[str, Any]) -> str:
    """One markdown line: the command, commit, tree state, date and machine of a results
    file (as written by the benchmarks), for the top of a rendered block.

    Example:
        >>> print(provenance({"command": "python -m x", "git": {"head": "ab" * 20,
        ...     "dirty": False, "status": []}, "machine": {"date": "d", "cpu": "c",
        ...     "cores": 2, "memory_gb": 1.0}, "wall_seconds": 3.0}))
        Command: `python -m x`, commit ababababab (clean tree), d, 3 s wall; c, 2 cores, 1.0 GB RAM
    """
    g = results.get("git") or {}
    head = (g.get("head") or "unknown")[:10]
    if g.get("dirty"):
        tree = f"**dirty tree: {len(g.get('status') or [])} local changes, not reproducible**"
    else:
        tree = "clean tree"
    m = results.get("machine") or {}
    load = results.get("load")
    loaded = f", load average {load[0]:.1f} -> {load[1]:.1f}" if load else ""
    return (
        f"Command: `{results.get('command', '?')}`, commit {head} ({tree}), "
        f"{m.get('date', '?')}, {results.get('wall_seconds', 0):.0f} s wall; "
        f"{m.get('cpu', '?')}, {m.get('cores', '?')} cores, {m.get('memory_gb', '?')} GB RAM"
        f"{loaded}"
    )


def load_average() -> float:
    """The 1-minute load average (NaN where it cannot be read)."""
    try:
        with open("/proc/loadavg", encoding="utf-8") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return math.nan


# ---------------------------------------------------------------------------- PostgreSQL

PG_INSTALL_HINT = (
    "PostgreSQL server binaries (initdb, pg_ctl) were not found: on Debian/Ubuntu "
    "`apt-get install postgresql` (they land in /usr/lib/postgresql/<version>/bin), or put "
    "them on PATH / set PG_BIN to their directory"
)


def find_pg_bin() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``: ``$PG_BIN``, PATH, then Debian's
    ``/usr/lib/postgresql/<newest>/bin``; ``None`` when PostgreSQL is not installed."""
    candidates: list[Path] = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]))
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = sorted(
            (p for p in debian.iterdir() if p.name.split(".")[0].isdigit()),
            key=lambda p: int(p.name.split(".")[0]),
            reverse=True,
        )
        candidates += [v / "bin" for v in versions]
    for c in candidates:
        if (c / "initdb").exists() and (c / "pg_ctl").exists():
            return c
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def temp_postgres(*, log: TextIO | None = None) -> Iterator[str]:
    """Start a throwaway PostgreSQL server on loopback in a temp dir; yield its conninfo.

    ``initdb`` (trust auth, no password) and ``pg_ctl start`` listen on 127.0.0.1 at a free
    port, with the socket in the temp dir; on exit the server is stopped (``-m fast``) and
    the directory removed. As root (PostgreSQL refuses to run as root) the server runs as
    the ``postgres`` user, which Debian's package creates. Raises ``RuntimeError`` with
    ``PG_INSTALL_HINT`` when the binaries are missing.
    """
    bindir = find_pg_bin()
    if bindir is None:
        raise RuntimeError(PG_INSTALL_HINT)
    out = log if log is not None else sys.stderr
    tmp = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    data = tmp / "data"
    prefix: list[str] = []
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        import pwd

        try:
            pw = pwd.getpwnam("postgres")
        except KeyError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise RuntimeError(
                "running as root and there is no 'postgres' user to run the server as: "
                "`apt-get install postgresql` creates it, or run the benchmark as another user"
            ) from exc
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    env = {**os.environ, "LC_ALL": "C"}

    def run(*cmd: str) -> None:
        done = subprocess.run([*prefix, *cmd], capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr}")

    started = False
    try:
        run(
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {tmp} -c fsync=on"
        run(
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(tmp / "server.log"),
            "-o",
            opts,
            "-w",
            "-t",
            "60",
            "start",
        )
        started = True
        out.write(f"  PostgreSQL ({bindir}) on 127.0.0.1:{port}, data in {data}\n")
        yield f"host=127.0.0.1 port={port} user=postgres dbname=postgres"
    finally:
        if started:
            subprocess.run(
                [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                capture_output=True,
                env=env,
            )
        shutil.rmtree(tmp, ignore_errors=True)
