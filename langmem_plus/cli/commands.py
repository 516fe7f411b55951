"""The ``langmem-plus`` commands that let people (and operators acting for them) see and
control what is remembered: list, show, forget, forget-all, off/on, export, as-of, compact,
sweep, serve.

They register themselves on the ``langmem-plus`` argparse parser (``register(subparsers)``);
each sets ``func`` so the main program runs ``sys.exit(args.func(args))``. This module also
runs on its own: ``python -m langmem_plus.cli.commands memories list alice``.

The store is chosen per command: ``--path DIR`` (embedded Qdrant Edge; default
``$LANGMEM_PLUS_PATH`` or ``.langmem_plus``) or ``--url URL`` (a Qdrant server, with
``--api-key`` or ``$QDRANT_API_KEY``).

Exit codes, for scripts:

====  ==========================================================================
0     done
1     not found (no such fact for that user)
2     usage or bad input (bad user id, bad date, missing ``--yes``, unsafe ``serve``)
3     store unavailable (path missing or in use, server unreachable, config mismatch)
4     a part is not installed (``serve`` without the ``web`` extra, ``sweep`` without
      the session layer)
====  ==========================================================================

Example:
    >>> import tempfile
    >>> from langmem_plus.facts.memory import FactMemory
    >>> from langmem_plus.stores import QdrantStore
    >>> path = tempfile.mkdtemp() + "/memory"
    >>> with QdrantStore(path=path) as store:
    ...     _ = FactMemory(store).remember("alice", {"kind": "preference", "subject": "user",
    ...         "predicate": "units", "object": "metric", "text": "Prefers metric units."})
    >>> main(["memories", "list", "alice", "--path", path])  # doctest: +ELLIPSIS
    alice: 1 memory (memory is on)
    - Prefers metric units. Learned ... Status: current.
      id: ...
    0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime, time, timedelta, timezone
from typing import TYPE_CHECKING, Any, TextIO

from langmem_plus.errors import (
    EmbeddingModelRequiredError,
    InvalidFactError,
    InvalidUserIdError,
    StoreConfigMismatchError,
    StoreInUseError,
    StoreRecoveryError,
    StoreUnavailableError,
)

if TYPE_CHECKING:  # the commands import the store and the memory only when they run,
    # so `langmem-plus --help` stays fast
    from langmem_plus.facts.memory import FactMemory
    from langmem_plus.facts.models import Fact
    from langmem_plus.facts.planner import ForgetReceipt
    from langmem_plus.nodes import ConsolidationReport, SessionManager

__all__ = [
    "DEFAULT_PATH",
    "EXIT_MISSING_PART",
    "EXIT_NOT_FOUND",
    "EXIT_OK",
    "EXIT_STORE",
    "EXIT_USAGE",
    "CommandError",
    "ProgressBar",
    "build_parser",
    "main",
    "register",
]

EXIT_OK = 0
EXIT_NOT_FOUND = 1
EXIT_USAGE = 2
EXIT_STORE = 3
EXIT_MISSING_PART = 4

DEFAULT_PATH = ".langmem_plus"
"""Where ``--path`` points when neither it, ``--url`` nor ``$LANGMEM_PLUS_PATH`` is given."""

_PROG = "langmem-plus"


class CommandError(Exception):
    """A failure to report in one line, with the exit code a script can test."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ---------------------------------------------------------------------------- store


def _store_errors() -> tuple[type[BaseException], ...]:
    """Errors that mean "the store is not answering", not "the command is wrong"."""
    errors: list[type[BaseException]] = [StoreUnavailableError, OSError, ConnectionError]
    try:
        from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

        errors += [ResponseHandlingException, UnexpectedResponse]
    except ImportError:  # pragma: no cover - qdrant-client is a dependency
        pass
    return tuple(errors)


def _open_failure(where: str, exc: BaseException) -> CommandError:
    text = str(exc)
    if isinstance(exc, StoreInUseError) or "WouldBlock" in text:
        hint = (
            "it is open in another process (your app or `langmem-plus serve`); stop that "
            "process, or run the store as a Qdrant server and pass --url"
        )
    elif isinstance(exc, (StoreConfigMismatchError, StoreRecoveryError)):
        hint = text
    else:
        hint = f"{type(exc).__name__}: {text}"
    return CommandError(EXIT_STORE, f"cannot open the memory store at {where}: {hint}")


@contextlib.contextmanager
def _open_memory(args: argparse.Namespace) -> Iterator[FactMemory]:
    """The ``FactMemory`` over the store the options name; the store is closed after."""
    from langmem_plus.stores import QdrantStore

    prefix = _namespace_prefix(args.namespace_prefix)
    if args.path and args.url:
        raise CommandError(EXIT_USAGE, "give --path (embedded store) or --url (server), not both")
    url = args.url or os.environ.get("LANGMEM_PLUS_URL")
    closers: list[Callable[[], object]] = []
    if url:
        api_key = args.api_key or os.environ.get("QDRANT_API_KEY")
        where = url
        from qdrant_client import QdrantClient

        # no background version-check thread: a CLI run is too short for it
        client = QdrantClient(url=url, api_key=api_key, timeout=10, check_compatibility=False)
        closers.append(client.close)
        try:
            store = QdrantStore(client=client, collection_name=args.collection,
                                index=_server_index(client, args.collection))
        except Exception as exc:
            client.close()
            raise _open_failure(where, exc) from exc
    else:
        path = args.path or os.environ.get("LANGMEM_PLUS_PATH") or DEFAULT_PATH
        where = os.path.abspath(path)
        if not os.path.isdir(path):
            raise CommandError(
                EXIT_STORE,
                f"no memory store at {where}: pass --path with the directory your app gives "
                "QdrantStore(path=...), set LANGMEM_PLUS_PATH, or use --url for a Qdrant server",
            )
        if not any(os.path.exists(os.path.join(path, n)) for n in ("store.json", "shard")):
            raise CommandError(
                EXIT_STORE,
                f"{where} is not a langmem-plus store (it has no store.json): pass --path with "
                "the directory your app gives QdrantStore(path=...)",
            )
        try:
            store = QdrantStore(path=path, index=_edge_index(path))
        except Exception as exc:
            raise _open_failure(where, exc) from exc
    from langmem_plus.facts.memory import FactMemory

    try:
        yield FactMemory(store, namespace_prefix=prefix)
    except _store_errors() as exc:
        raise CommandError(
            EXIT_STORE, f"the memory store at {where} failed: {type(exc).__name__}: {exc}"
        ) from exc
    finally:
        for close in [store.close, *closers]:
            with contextlib.suppress(Exception):
                close()


def _reader_index(dims: int | None, distance: str | None) -> Any:
    """The index config that opens a store built with an embedding index without its model.

    The stored size and distance are used as they are, and ``NoEmbeddingModel`` refuses the
    few writes that would need a new vector (see ``langmem_plus.web.records``); a store
    built without embeddings is opened as before (``None``).
    """
    if not dims:
        return None
    from langmem_plus.web.records import NoEmbeddingModel

    index: dict[str, Any] = {"dims": int(dims), "embed": NoEmbeddingModel(int(dims))}
    if distance:
        index["distance"] = distance
    return index


def _edge_index(path: str) -> Any:
    """``_reader_index`` from an embedded store's ``store.json`` (its dims and distance)."""
    try:
        with open(os.path.join(path, "store.json"), encoding="utf-8") as fh:
            meta = json.load(fh)
    except (OSError, ValueError):
        return None  # a store still being created: the store itself says what is wrong
    return _reader_index(meta.get("dims"), meta.get("distance"))


def _server_index(client: Any, collection: str) -> Any:
    """``_reader_index`` from a server collection's dense vector (none: no index)."""
    try:
        info = client.get_collection(collection)
    except Exception:
        return None  # no such collection yet, or unreachable: opening says which
    vectors = info.config.params.vectors
    dense = vectors.get("dense") if isinstance(vectors, dict) else None
    if dense is None:
        return None
    names = {"cosine": "cosine", "dot": "dot", "euclid": "euclid"}
    return _reader_index(dense.size, names.get(str(dense.distance.value).lower()))


def _namespace_prefix(value: str) -> tuple[str, ...]:
    """``--namespace-prefix`` as a namespace tuple; empty labels are a usage error.

    Example:
        >>> _namespace_prefix("myapp.memory")
        ('myapp', 'memory')
    """
    parts = tuple(str(value).split("."))
    if not all(p.strip() for p in parts):
        raise CommandError(
            EXIT_USAGE,
            f"--namespace-prefix {value!r} has an empty label: give the prefix FactMemory was "
            "built with, dotted, such as 'langmem_plus' or 'myapp.memory'",
        )
    return parts


def _records(memory: FactMemory) -> Any:
    """The read-only ``Records`` views over ``memory`` (shared with the web view)."""
    from langmem_plus.web.records import Records

    return Records(memory)


def _user(value: str) -> str:
    from langmem_plus.facts.models import validate_user_id

    try:
        return validate_user_id(value)
    except InvalidUserIdError as exc:
        raise CommandError(EXIT_USAGE, str(exc)) from exc


# ---------------------------------------------------------------------------- output


def _print_json(data: Any, out: TextIO | None = None) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False, default=str), file=out or sys.stdout)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _receipt_data(receipt: ForgetReceipt) -> dict[str, Any]:
    return {
        "user_id": receipt.user_id,
        "fact_ids": list(receipt.fact_ids),
        "places": dict(receipt.places),
        "session_ids": list(receipt.session_ids),
        "profile_version": receipt.profile_version,
    }


def _print_receipt(receipt: ForgetReceipt, as_json: bool) -> None:
    if as_json:
        _print_json(_receipt_data(receipt))
        return
    print(f"Deletion receipt for {receipt.user_id}")
    print(f"  facts deleted: {len(receipt.fact_ids)}")
    for fact_id in receipt.fact_ids:
        print(f"    {fact_id}")
    for place, count in receipt.places.items():
        print(f"  {place}: {count}")
    if receipt.session_ids:
        print("  transcripts that still hold these statements (purge them from your "
              "checkpointer): " + ", ".join(receipt.session_ids))
    else:
        print("  transcripts to purge: none")


def _when(t: datetime | None) -> str:
    return t.strftime("%Y-%m-%d %H:%M UTC") if t is not None else "-"


class ProgressBar:
    """A text progress bar on stderr: redrawn in place on a terminal, a line per 10% elsewhere.

    Example:
        >>> import io
        >>> out = io.StringIO()
        >>> bar = ProgressBar("sessions", out=out, width=10)
        >>> bar(5, 10); bar(10, 10); bar.close()
        >>> out.getvalue().splitlines()[-1]
        'sessions [##########] 10/10'
    """

    def __init__(self, label: str, *, out: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.out = out or sys.stderr
        self.width = width
        self.tty = bool(getattr(self.out, "isatty", lambda: False)())
        self._last_tenth = -1
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        total = max(int(total), 0)
        done = min(max(int(done), 0), total) if total else 0
        if not total:  # nothing to do is not "done": an empty bar that says so
            line = f"{self.label} [{'.' * self.width}] 0/0 (nothing to do)"
            tenth = 10
        else:
            filled = self.width * done // total
            line = f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}"
            tenth = 10 * done // total
        if self.tty:
            self.out.write("\r" + line)
            self._drawn = True
        elif tenth != self._last_tenth:
            self.out.write(line + "\n")
        self._last_tenth = tenth
        self.out.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.tty and self._drawn:
            self.out.write("\n")
            self.out.flush()


# ---------------------------------------------------------------------------- commands


def _cmd_list(args: argparse.Namespace) -> int:
    from langmem_plus.web.records import count_line

    user = _user(args.user_id)
    with _open_memory(args) as memory:
        records = _records(memory)
        groups = records.groups(user)
        enabled = records.memory_enabled(user)
    if args.json:
        _print_json({
            "user_id": user, "memory_enabled": enabled,
            "memories": [g.latest.listed._asdict() for g in groups],
            "earlier_versions": [r.listed._asdict() for g in groups for r in g.earlier],
        })
        return EXIT_OK
    state = "on" if enabled else "off"
    print(f"{user}: {count_line(groups)} (memory is {state})")
    if not groups:
        print("Nothing is remembered about this person.")
    for group in groups:
        print(f"- {group.latest.listed}")
        print(f"  id: {group.latest.fact_id}")
        for row in group.earlier:
            print(f"  earlier: {row.listed}")
            print(f"    id: {row.fact_id}")
    return EXIT_OK


def _cmd_show(args: argparse.Namespace) -> int:
    with _open_memory(args) as memory:
        records = _records(memory)
        user = _user(args.user) if args.user else records.owner(args.fact_id)
        if user is None:
            raise CommandError(
                EXIT_NOT_FOUND,
                f"no memory has the id {args.fact_id!r}; list ids with "
                f"`{_PROG} memories list USER`",
            )
        group = records.history(user, args.fact_id)
        fact = records.find(user, args.fact_id)
    if group is None or fact is None:
        raise CommandError(
            EXIT_NOT_FOUND,
            f"{user} has no memory with the id {args.fact_id!r}; list ids with "
            f"`{_PROG} memories list {user}`",
        )
    if args.json:
        _print_json({
            "fact": fact.model_dump(mode="json"),
            "history": [
                {**r.fact.model_dump(mode="json"), "status": r.listed.status} for r in group.rows
            ],
            "decisions": [e._asdict() for e in group.log],
        })
        return EXIT_OK
    status = next(r.listed.status for r in group.rows if r.fact_id == fact.fact_id)
    print(f"{fact.text}")
    print(f"  id:          {fact.fact_id}")
    print(f"  person:      {fact.user_id}" + (f" (scope {fact.scope})" if fact.scope else ""))
    print(f"  as a triple: {fact.subject} · {fact.predicate} · {fact.object} ({fact.kind})")
    print(f"  status:      {status}")
    print(f"  learned:     {_when(fact.asserted_at)} ({fact.source}, said {fact.seen}x)")
    if fact.quote:
        print(f'  you said:    "{fact.quote}"')
    if fact.session_id:
        print(f"  session:     {fact.session_id}")
    print(f"  true:        from {_when(fact.valid_from)} until {_when(fact.valid_to)}")
    print(f"  believed:    from {_when(fact.asserted_at)} until {_when(fact.expired_at)}")
    print("History (newest first):")
    for row in group.rows:
        mark = "*" if row.fact_id == fact.fact_id else " "
        print(f" {mark} {row.listed.learned}  {row.fact.text}  [{row.listed.status}]  "
              f"id {row.fact_id}")
    verdicts = [v for r in group.rows for v in r.fact.verdicts]
    if verdicts:
        print("Verdicts:")
        for v in sorted(verdicts, key=lambda v: v.get("at", "")):
            print(f"   {v.get('at', '?')[:16]}  {v.get('verdict')}")
    if group.log:
        print("Decisions:")
        for e in group.log:
            print(f"   {e.time[:16]}  {e.action} ({e.reason})  id {e.fact_id}")
    return EXIT_OK


def _cmd_forget(args: argparse.Namespace) -> int:
    user = _user(args.user_id)
    with _open_memory(args) as memory:
        if _records(memory).find(user, args.fact_id) is None:
            raise CommandError(
                EXIT_NOT_FOUND,
                f"{user} has no memory with the id {args.fact_id!r}; nothing was deleted. "
                f"List ids with `{_PROG} memories list {user}`",
            )
        receipt = memory.forget(user, args.fact_id)
        _print_receipt(receipt, args.json)
        _after_delete(memory, args)
    return EXIT_OK


def _compact(memory: FactMemory, where: str) -> None:
    """Rewrite an embedded store with a progress bar and say what it did."""
    compact = getattr(memory.store, "compact", None)
    if compact is None:
        raise CommandError(EXIT_USAGE, f"{where} cannot be compacted")
    bar = ProgressBar("compacting")
    try:
        report = compact(progress=bar)
    except NotImplementedError as exc:
        raise CommandError(EXIT_USAGE, str(exc)) from exc
    finally:
        bar.close()
    print(f"Compacted {where}: {_plural(report.points, 'item')} kept, "
          f"{report.bytes_before:,} -> {report.bytes_after:,} bytes on disk. Deleted memories "
          "are no longer in the store's files.", file=sys.stderr)


def _after_delete(memory: FactMemory, args: argparse.Namespace) -> None:
    """Compact with ``--compact``; otherwise say that the deleted text is still on disk."""
    embedded = not (args.url or os.environ.get("LANGMEM_PLUS_URL"))
    if getattr(args, "compact", False):
        _compact(memory, "the store")
    elif embedded:
        print(f"The deleted text is gone from every answer, but stays in the store's files "
              f"until you run `{_PROG} compact` (or pass --compact); see docs/privacy.md.",
              file=sys.stderr)


def _confirmed(args: argparse.Namespace, user: str, what: str) -> None:
    if args.yes:
        return
    if not sys.stdin.isatty():
        raise CommandError(
            EXIT_USAGE, f"refusing to {what} without --yes (no terminal to ask for confirmation)"
        )
    answer = input(f"This will {what}. Type the user id ({user}) to confirm: ")
    if answer.strip() != user:
        raise CommandError(EXIT_USAGE, "not confirmed; nothing was deleted")


def _cmd_forget_all(args: argparse.Namespace) -> int:
    user = _user(args.user_id)
    _confirmed(args, user, f"delete everything remembered about {user}")
    with _open_memory(args) as memory:
        receipt = memory.forget_all(user)
        _print_receipt(receipt, args.json)
        _after_delete(memory, args)
    return EXIT_OK


def _cmd_switch(args: argparse.Namespace) -> int:
    user = _user(args.user_id)
    on = args.state == "on"
    delete = bool(getattr(args, "delete", False))
    if delete:
        _confirmed(args, user, f"turn memory off and delete everything remembered about {user}")
    with _open_memory(args) as memory:
        receipt = memory.set_memory(user, on, delete=delete)
        if receipt is not None:
            _after_delete(memory, args)
    if on:
        print(f"Memory is on for {user}: new facts they state can be remembered.")
    else:
        print(f"Memory is off for {user}: nothing new is stored and nothing is recalled.")
        if not delete:
            print(f"What is already stored is kept; delete it with `{_PROG} forget-all {user}` "
                  "or turn off with --delete.")
    if receipt is not None:
        _print_receipt(receipt, False)
    return EXIT_OK


def _cmd_export(args: argparse.Namespace) -> int:
    user = _user(args.user_id)
    with _open_memory(args) as memory:
        data = _records(memory).export(user)
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    if args.output in (None, "-"):
        print(text)
        return EXIT_OK
    _write_private(args.output, text + "\n")
    print(f"Wrote everything held about {user} to {args.output} "
          f"({_plural(len(data['facts']), 'fact version')}).", file=sys.stderr)
    return EXIT_OK


def _write_private(target: str, text: str) -> None:
    """Write ``text`` to a new owner-only (0600) file and rename it onto ``target``.

    The rename replaces whatever ``target`` was (a symlink is replaced, never followed), so
    a reader sees the old file or the whole new one, never a part.
    """
    if os.path.isdir(target):
        raise CommandError(EXIT_USAGE, f"cannot write {target}: it is a directory")
    folder = os.path.dirname(os.path.abspath(target))
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(target)}.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise CommandError(
            EXIT_USAGE, f"cannot write {target}: {reason} (choose a file in a folder you own)"
        ) from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _cmd_compact(args: argparse.Namespace) -> int:
    if args.url or os.environ.get("LANGMEM_PLUS_URL"):
        raise CommandError(
            EXIT_USAGE,
            "compact rewrites an embedded store (--path); a Qdrant server removes deleted "
            "points from disk with its own optimizer",
        )
    with _open_memory(args) as memory:
        where = os.path.abspath(args.path or os.environ.get("LANGMEM_PLUS_PATH") or DEFAULT_PATH)
        _compact(memory, f"the store at {where}")
    return EXIT_OK


def parse_when(text: str) -> datetime:
    """An aware UTC datetime from ``YYYY-MM-DD`` (the end of that day) or ISO 8601.

    Example:
        >>> parse_when("2026-05-01").isoformat()
        '2026-05-01T23:59:59.999999+00:00'
        >>> parse_when("2026-05-01T09:30:00+02:00").isoformat()
        '2026-05-01T07:30:00+00:00'
    """
    raw = text.strip()
    try:
        if len(raw) == 10:
            day = date.fromisoformat(raw)
            return datetime.combine(day, time.max, tzinfo=timezone.utc)
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise CommandError(
            EXIT_USAGE,
            f"cannot read the date {text!r}: use YYYY-MM-DD (end of that day, UTC) or an "
            "ISO time such as 2026-05-01T09:30:00+02:00",
        ) from None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def _cmd_as_of(args: argparse.Namespace) -> int:
    user = _user(args.user_id)
    when = parse_when(args.date)
    with _open_memory(args) as memory:
        facts: list[Fact] = (memory.believed_at(user, when) if args.believed
                             else memory.as_of(user, when))
    if args.json:
        _print_json({"user_id": user, "at": when.isoformat(),
                     "clock": "believed" if args.believed else "world",
                     "facts": [f.model_dump(mode="json") for f in facts]})
        return EXIT_OK
    if args.believed:
        head = f"What we believed about {user} at {_when(when)}"
    else:
        head = f"What was true of {user} at {_when(when)}, as we know it now"
    print(f"{head}: {_plural(len(facts), 'fact')}")
    for f in facts:
        print(f"- {f.text} (true from {_when(f.valid_from)}; id {f.fact_id})")
    return EXIT_OK


def _open_checkpointer(path: str) -> contextlib.AbstractContextManager[Any]:
    if not os.path.exists(path):
        raise CommandError(EXIT_STORE, f"no checkpoint database at {os.path.abspath(path)}")
    try:
        from langgraph.checkpoint.sqlite import SqliteSaver
    except ImportError as exc:
        raise CommandError(
            EXIT_MISSING_PART,
            "--checkpoint-db needs langgraph-checkpoint-sqlite: "
            "pip install 'langmem-plus[sqlite]'",
        ) from exc
    return SqliteSaver.from_conn_string(path)


def _run_sweep(manager: SessionManager, bar: ProgressBar) -> list[ConsolidationReport]:
    """``manager.sweep()`` one idle session at a time, so the bar moves per session."""
    todo = manager.idle_sessions()
    bar(0, len(todo))
    reports = []
    for n, (thread_id, user_id) in enumerate(todo, 1):
        reports.append(manager.consolidate(thread_id, user_id=user_id))
        bar(n, len(todo))
    return reports


def _report_data(report: Any) -> dict[str, Any]:
    actions: dict[str, int] = {}
    for d in getattr(report, "decisions", ()):
        action = str(getattr(d, "action", "decision"))
        actions[action] = actions.get(action, 0) + 1
    return {
        "thread_id": getattr(report, "thread_id", None),
        "user_id": getattr(report, "user_id", None),
        "decisions": actions,
        "skipped": getattr(report, "skipped", None),
        "error": getattr(report, "error", None),
    }


def _cmd_sweep(args: argparse.Namespace) -> int:
    from langmem_plus.nodes import SessionManager

    if args.idle_minutes <= 0:
        raise CommandError(EXIT_USAGE, "--idle-minutes must be more than 0")
    if not args.checkpoint_db:
        raise CommandError(
            EXIT_USAGE,
            "sweep reads transcripts from your graph's checkpointer: pass --checkpoint-db "
            "FILE (the SQLite file given to SqliteSaver)",
        )
    bar = ProgressBar("consolidating idle sessions")
    with _open_memory(args) as memory, _open_checkpointer(args.checkpoint_db) as saver:
        manager = SessionManager(memory, saver, idle_timeout=timedelta(minutes=args.idle_minutes))
        try:
            reports = [_report_data(r) for r in _run_sweep(manager, bar)]
        finally:
            bar.close()
    failed = [r for r in reports if r["error"]]
    if args.json:
        _print_json({"sessions": reports, "failed": len(failed)})
        return EXIT_OK
    done = [r for r in reports if not r["error"] and not r["skipped"]]
    print(f"Swept {_plural(len(reports), 'idle session')}: {len(done)} consolidated, "
          f"{sum(1 for r in reports if r['skipped'])} skipped, {len(failed)} failed "
          "(failed ones are retried by the next sweep).")
    for r in reports:
        what = (f"failed: {r['error']}" if r["error"] else f"skipped: {r['skipped']}"
                if r["skipped"] else ", ".join(f"{k} {v}" for k, v in r["decisions"].items())
                or "nothing new")
        print(f"- {r['thread_id']} ({r['user_id'] or 'unknown user'}): {what}")
    return EXIT_OK


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from langmem_plus.web import server
    except ImportError as exc:  # pragma: no cover - server has no third-party imports
        raise CommandError(EXIT_MISSING_PART, str(exc)) from exc
    token = args.token or os.environ.get("LANGMEM_PLUS_WEB_TOKEN")
    users = [_user(u) for u in args.user]
    try:
        server.check_bind(args.host, token)
    except server.WebConfigError as exc:
        raise CommandError(EXIT_USAGE, str(exc)) from exc
    missing = [m for m in ("starlette", "uvicorn", "jinja2", "multipart")
               if importlib.util.find_spec(m) is None]
    if missing:
        raise CommandError(
            EXIT_MISSING_PART,
            f"serve needs the web extra ({', '.join(missing)} missing): "
            "pip install 'langmem-plus[web]'",
        )
    with _open_memory(args) as memory:
        try:
            server.serve(memory, host=args.host, port=args.port, token=token, users=users,
                         public_url=args.public_url, link_hours=args.link_hours)
        except KeyboardInterrupt:
            pass
    return EXIT_OK


# ---------------------------------------------------------------------------- parser


def _store_parent() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("store (--path or --url)")
    group.add_argument(
        "--path", metavar="DIR",
        help=f"embedded Qdrant Edge store directory (default: $LANGMEM_PLUS_PATH or "
             f"{DEFAULT_PATH})",
    )
    group.add_argument("--url", metavar="URL",
                       help="Qdrant server URL (default: $LANGMEM_PLUS_URL)")
    group.add_argument("--api-key", metavar="KEY",
                       help="Qdrant server API key (default: $QDRANT_API_KEY)")
    group.add_argument("--collection", default="langgraph_store", metavar="NAME",
                       help="collection on the server (default: %(default)s)")
    group.add_argument("--namespace-prefix", default="langmem_plus", metavar="A.B",
                       help="namespace prefix FactMemory was built with, dotted "
                            "(default: %(default)s)")
    return parent


def _json_parent() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true", help="print JSON for scripts")
    return parent


def _guarded(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Run ``handler`` and turn expected failures into one stderr line and an exit code."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except CommandError as exc:
            print(f"{_PROG}: error: {exc.message}", file=sys.stderr)
            return exc.code
        except (InvalidUserIdError, InvalidFactError, EmbeddingModelRequiredError) as exc:
            print(f"{_PROG}: error: {exc}", file=sys.stderr)
            return EXIT_USAGE
        except Exception as exc:
            from langgraph.store.base import InvalidNamespaceError

            if not isinstance(exc, InvalidNamespaceError):
                raise
            print(f"{_PROG}: error: {exc}", file=sys.stderr)
            return EXIT_USAGE
        except (StoreUnavailableError, StoreConfigMismatchError, StoreRecoveryError) as exc:
            print(f"{_PROG}: error: {exc}", file=sys.stderr)
            return EXIT_STORE
        except KeyboardInterrupt:
            print(f"{_PROG}: interrupted", file=sys.stderr)
            return 130

    run.__name__ = handler.__name__
    return run


_EPILOG = (
    "exit codes: 0 done, 1 not found, 2 usage or bad input, 3 store unavailable, "
    "4 part not installed"
)


def register(subparsers: Any) -> None:
    """Add the memory-control commands to a ``langmem-plus`` subparsers object.

    Every command sets ``func``; run it as ``sys.exit(args.func(args))``.

    Example:
        >>> import argparse
        >>> parser = argparse.ArgumentParser(prog="langmem-plus")
        >>> register(parser.add_subparsers(dest="command", required=True))
        >>> args = parser.parse_args(["forget", "alice", "f-1", "--path", "/tmp/none"])
        >>> args.func(args)
        3
    """
    store, js = _store_parent(), _json_parent()
    fmt = argparse.RawDescriptionHelpFormatter

    def add(name: str, handler: Callable[[argparse.Namespace], int], help_: str,
            parents: Sequence[argparse.ArgumentParser], target: Any = subparsers,
            description: str | None = None) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = target.add_parser(
            name, help=help_, description=description or help_, parents=list(parents),
            epilog=_EPILOG, formatter_class=fmt,
        )
        p.set_defaults(func=_guarded(handler))
        return p

    mem = subparsers.add_parser(
        "memories", help="list a person's memories or show one with its history",
        description="List a person's memories or show one with its history.", epilog=_EPILOG,
    )
    mem_sub = mem.add_subparsers(dest="memories_command", required=True, metavar="{list,show}")
    p = add("list", _cmd_list, "every memory of USER in plain language: text, when learned, "
            "their words, status", [store, js], mem_sub)
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p = add("show", _cmd_show, "one memory and its history (versions, verdicts, decisions)",
            [store, js], mem_sub)
    p.add_argument("fact_id", metavar="FACT_ID", help="an id printed by `memories list`")
    p.add_argument("--user", metavar="USER",
                   help="only look among this person's memories")

    p = add("forget", _cmd_forget, "delete one memory everywhere and print the receipt",
            [store, js])
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p.add_argument("fact_id", metavar="FACT_ID", help="an id printed by `memories list`")
    p.add_argument("--compact", action="store_true",
                   help="then compact the store, so the text also leaves its files")

    p = add("forget-all", _cmd_forget_all,
            "delete everything remembered about USER and print the receipt", [store, js])
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    p.add_argument("--compact", action="store_true",
                   help="then compact the store, so the text also leaves its files")

    p = add("off", _cmd_switch, "turn memory off for USER: nothing stored or recalled",
            [store])
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p.add_argument("--delete", action="store_true",
                   help="also delete everything already remembered")
    p.add_argument("--yes", action="store_true", help="do not ask before --delete")
    p.set_defaults(state="off")
    p = add("on", _cmd_switch, "turn memory back on for USER", [store])
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p.set_defaults(state="on")

    p = add("export", _cmd_export,
            "everything held about USER, as JSON (memories, every version, decisions, "
            "settings, raw stored items)", [store])
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write to FILE (created readable by you only) instead of stdout")

    p = add("as-of", _cmd_as_of, "what was true of USER at DATE (world time), or with "
            "--believed what we believed then (system time)", [store, js])
    p.add_argument("user_id", metavar="USER", help="the person's user id")
    p.add_argument("date", metavar="DATE",
                   help="YYYY-MM-DD (end of that day, UTC) or an ISO 8601 time")
    p.add_argument("--believed", action="store_true",
                   help="what we believed at DATE instead of what was true")

    add("compact", _cmd_compact, "rewrite the embedded store so deleted memories leave its "
        "files (WAL, segments, indexes), with a progress bar", [store],
        description="Rewrite the embedded store so deleted memories leave its files: every "
        "live item is copied into a fresh shard, which replaces the old one. Run it after "
        "forget/forget-all when the text must leave the disk. Stop the app using the store "
        "first (one process owns an embedded store).")

    p = add("sweep", _cmd_sweep, "consolidate sessions idle for --idle-minutes, with a "
            "progress bar", [store, js])
    p.add_argument("--idle-minutes", type=float, default=30.0, metavar="N",
                   help="a session idle this long is consolidated (default: %(default)s)")
    p.add_argument("--checkpoint-db", metavar="FILE",
                   help="the SQLite checkpointer file (SqliteSaver) holding the transcripts")

    p = add("serve", _cmd_serve, "serve the web memory view (127.0.0.1 unless --host and "
            "--token are given)", [store])
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: %(default)s)")
    p.add_argument("--port", type=int, default=8765, help="port (default: %(default)s)")
    p.add_argument("--token", help="secret signing the links, at least 16 characters; "
                   "required beyond loopback (default: $LANGMEM_PLUS_WEB_TOKEN)")
    p.add_argument("--user", action="append", default=[], metavar="USER",
                   help="print a sign-in link for USER (repeatable)")
    p.add_argument("--public-url", metavar="URL",
                   help="address people open, if behind a proxy (used in the links)")
    p.add_argument("--link-hours", type=float, default=12.0, metavar="H",
                   help="how long printed links work (default: %(default)s)")


def build_parser() -> argparse.ArgumentParser:
    """A ``langmem-plus`` parser with only these commands (for running this module alone).

    Example:
        >>> build_parser().parse_args(["on", "alice"]).state
        'on'
    """
    parser = argparse.ArgumentParser(
        prog=_PROG, description="See and control what langmem-plus remembers about people.",
        epilog=_EPILOG,
    )
    register(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns its exit code.

    Example:
        >>> main(["memories", "list", "not a valid id!", "--path", "/tmp/x"])
        2
    """
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
