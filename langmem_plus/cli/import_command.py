"""``langmem-plus import``: carry a LangMem namespace into a person's facts, from the shell.

It opens the store as every other command does (``--path DIR`` for embedded Qdrant Edge,
``--url URL`` for a server), reads the LangMem memories under ``--namespace`` (default
``memories.USER``, LangMem's own default ``("memories", "{langgraph_user_id}")``), or in
another embedded store given by ``--from-path``, and sends each through the extractor and
the write policy (see :mod:`langmem_plus.migrate.from_langmem`). A progress bar runs on
stderr; the report lists every memory: what was kept (new), reconfirmed, superseded and
rejected, which were no fact, and why.

Exit codes are the CLI's: 0 done, 1 no memories under that namespace, 2 bad input,
3 store unavailable.

Example:
    >>> import tempfile
    >>> from langmem_plus.stores import QdrantStore
    >>> path = tempfile.mkdtemp() + "/store"
    >>> with QdrantStore(path=path) as store:
    ...     store.put(("memories", "alice"), "m1", {"content": "User lives in Lisbon"})
    >>> from langmem_plus.cli import main
    >>> main(["import", "--user", "alice", "--path", path])  # doctest: +ELLIPSIS
    Imported 1 LangMem memory from memories.alice into alice's facts: 1 new, 0 reconfirmed, ...
    - new: The user lives in Lisbon. - from memory m1: "User lives in Lisbon" - new (...)
    0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from langgraph.store.base import BaseStore, InvalidNamespaceError

from langmem_plus.cli.commands import (
    _EPILOG,
    DEFAULT_PATH,
    EXIT_NOT_FOUND,
    EXIT_OK,
    EXIT_STORE,
    EXIT_USAGE,
    CommandError,
    ProgressBar,
    _guarded,
    _json_parent,
    _open_failure,
    _open_memory,
    _plural,
    _print_json,
    _store_parent,
    _user,
)

__all__ = ["parse_namespace", "register"]

_PLACEHOLDERS = ("{langgraph_user_id}", "{user_id}", "{user}")


def parse_namespace(text: str | None, user_id: str) -> tuple[str, ...]:
    """The namespace ``--namespace`` names: dotted labels; ``{langgraph_user_id}``,
    ``{user_id}`` or ``{user}`` become the user; default ``memories.USER``.

    Example:
        >>> parse_namespace(None, "alice")
        ('memories', 'alice')
        >>> parse_namespace("project_memories.{langgraph_user_id}", "alice")
        ('project_memories', 'alice')
    """
    if text is None:
        return ("memories", user_id)
    for placeholder in _PLACEHOLDERS:
        text = text.replace(placeholder, user_id)
    labels = tuple(label.strip() for label in text.split("."))
    if not all(labels):
        raise CommandError(
            EXIT_USAGE,
            f"--namespace {text!r} has an empty label: give dotted labels, e.g. memories.alice",
        )
    return labels


@contextlib.contextmanager
def _source(args: argparse.Namespace, target: BaseStore) -> Iterator[tuple[BaseStore, str]]:
    """The store holding the LangMem memories: ``--from-path``, else the target store."""
    if not args.from_path:
        yield target, "this store"
        return
    target_path = None
    if not (args.url or os.environ.get("LANGMEM_PLUS_URL")):
        target_path = args.path or os.environ.get("LANGMEM_PLUS_PATH") or DEFAULT_PATH
    where = os.path.abspath(args.from_path)
    if not os.path.isdir(args.from_path):
        raise CommandError(EXIT_STORE, f"no store at --from-path {where}")
    if target_path is not None and os.path.samefile(args.from_path, target_path):
        yield target, where
        return
    if not os.path.exists(os.path.join(args.from_path, "store.json")):
        raise CommandError(
            EXIT_STORE,
            f"{where} is not a QdrantStore directory (it has no store.json); from another "
            "store (InMemoryStore, PostgresStore) import with the Python API, "
            "langmem_plus.migrate.import_langmem",
        )
    from langmem_plus.stores import QdrantStore

    try:
        source = QdrantStore(path=args.from_path)
    except Exception as exc:
        raise _open_failure(where, exc) from exc
    try:
        yield source, where
    finally:
        source.close()


def _namespaces_hint(store: BaseStore, facts_prefix: tuple[str, ...]) -> str:
    try:
        found = [ns for ns in store.list_namespaces(limit=50) if ns[: len(facts_prefix)]
                 != facts_prefix]
    except Exception:  # the hint is a courtesy; the error below says what matters
        return ""
    if not found:
        return "; the store holds no other namespaces"
    return "; namespaces there: " + ", ".join(".".join(ns) for ns in found[:10])


def _cmd_import(args: argparse.Namespace) -> int:
    from langmem_plus.migrate.from_langmem import import_langmem

    user = _user(args.user)
    namespace = parse_namespace(args.namespace, user)
    bar = ProgressBar("importing LangMem memories")
    with _open_memory(args) as memory, _source(args, memory.store) as (source, where):
        try:
            report = import_langmem(source, namespace, memory=memory, user_id=user,
                                    names=args.name, progress=bar)
        except InvalidNamespaceError as exc:
            raise CommandError(EXIT_USAGE, str(exc)) from exc
        finally:
            bar.close()
        if not report.memories:
            raise CommandError(
                EXIT_NOT_FOUND,
                f"no LangMem memories under namespace {'.'.join(namespace)} in {where}"
                + _namespaces_hint(source, memory.layout.prefix)
                + " (pass --namespace)",
            )
    if args.json:
        _print_json(report.to_dict())
        return EXIT_OK
    print(f"Imported {_plural(len(report.memories), 'LangMem memory', 'LangMem memories')} "
          f"from {'.'.join(namespace)} into {user}'s facts: {report.summary()}")
    for line in report.lines():
        print(line)
    return EXIT_OK


def register(subparsers: Any) -> None:
    """Add ``import`` to a ``langmem-plus`` subparsers object.

    Example:
        >>> import argparse
        >>> parser = argparse.ArgumentParser(prog="langmem-plus")
        >>> register(parser.add_subparsers(dest="command", required=True))
        >>> args = parser.parse_args(["import", "--user", "alice", "--path", "/tmp/none"])
        >>> args.func(args)
        3
    """
    p = subparsers.add_parser(
        "import",
        help="carry a LangMem namespace of memories into USER's facts, through the "
             "extractor and the write policy",
        description=(
            "Read every LangMem memory under --namespace (oldest first), extract facts from "
            "its text and put each through the write policy (source: imported). Prints what "
            "was kept, reconfirmed, superseded and rejected, and why. Running it again "
            "writes nothing new."
        ),
        parents=[_store_parent(), _json_parent()],
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--user", required=True, metavar="USER",
                   help="whose facts the memories become")
    p.add_argument("--namespace", metavar="A.B",
                   help="the LangMem namespace, dotted; {langgraph_user_id} is replaced by "
                        "USER (default: memories.USER, LangMem's default)")
    p.add_argument("--from-path", metavar="DIR",
                   help="another embedded store (QdrantStore path) holding the LangMem "
                        "memories (default: the store given by --path/--url)")
    p.add_argument("--name", action="append", default=[], metavar="NAME",
                   help="a name the memories use for this person, read like 'User' "
                        "(repeatable)")
    p.set_defaults(func=_guarded(_cmd_import))


if __name__ == "__main__":  # pragma: no cover - ``langmem-plus import`` is the entry point
    parser = argparse.ArgumentParser(prog="langmem-plus")
    register(parser.add_subparsers(dest="command", required=True))
    parsed = parser.parse_args()
    sys.exit(parsed.func(parsed))
