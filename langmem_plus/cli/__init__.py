"""The ``langmem-plus`` command line. Each command registers itself on the parser.

Commands:
    demo    the scripted multi-session demo on the embedded default (no API key)
    import  a LangMem namespace of memories into facts (``langmem_plus.cli.import_command``)

plus the memory-control commands of ``langmem_plus.cli.commands`` (memories list/show,
forget, export, compact, sweep, serve, ...).

To add a command, write ``register_<name>(subparsers)`` that adds a subparser and sets
``func`` (a function of the parsed arguments returning the exit code), and append it to
``COMMANDS``.

Example:
    >>> build_parser().parse_args(["demo", "--offline"]).offline
    True
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["COMMANDS", "build_parser", "cmd_demo", "main", "register_demo"]


def cmd_demo(args: argparse.Namespace) -> int:
    """Run the demo; exit code 0 when every check passed, 1 otherwise."""
    from langmem_plus.cli.demo import run_demo

    report = run_demo(args.path, offline=args.offline)
    return 0 if all(report.checks.values()) else 1


def register_demo(subparsers: Any) -> None:
    """Add ``demo``."""
    p = subparsers.add_parser(
        "demo",
        help="run the scripted multi-session demo (embedded Qdrant Edge, no API key)",
        description=(
            "Run a scripted multi-session conversation on embedded Qdrant Edge and print what "
            "memory saved, superseded, rejected and forgot. Uses ChatOpenAI as the responder "
            "when OPENAI_API_KEY is set (unless --offline)."
        ),
    )
    p.add_argument("--path", metavar="DIR",
                   help="the store's directory, which also holds the demo's checkpoints "
                        "(default: $LANGMEM_PLUS_PATH or .langmem_plus, the store the other "
                        "commands open by default)")
    p.add_argument("--offline", action="store_true", help="never call OpenAI")
    p.set_defaults(func=cmd_demo)


def _register_memory_commands(subparsers: Any) -> None:
    """The memory-control commands (``langmem_plus.cli.commands``)."""
    from langmem_plus.cli.commands import register

    register(subparsers)


def _register_import(subparsers: Any) -> None:
    """``import``: a LangMem namespace into facts (``langmem_plus.cli.import_command``)."""
    from langmem_plus.cli.import_command import register

    register(subparsers)


COMMANDS: list[Callable[[Any], None]] = [
    register_demo,
    _register_memory_commands,
    _register_import,
]
"""Every command's registration function, in help order."""


def build_parser() -> argparse.ArgumentParser:
    """The ``langmem-plus`` parser with every registered command."""
    parser = argparse.ArgumentParser(
        prog="langmem-plus",
        description="Long-term memory for LangGraph apps that stays true.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for register in COMMANDS:
        register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``langmem-plus`` console script; returns the exit code."""
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
