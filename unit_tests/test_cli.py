"""The ``langmem-plus`` memory-control commands, in-process and as a real subprocess, on the
embedded store (Qdrant Edge on disk): what a person or an operator sees, and the exit codes
scripts rely on."""

from __future__ import annotations

import argparse
import doctest
import io
import json
import os
import stat
import subprocess
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

import langmem_plus.nodes
from langmem_plus.cli import commands as cli_commands
from langmem_plus.cli.commands import (
    EXIT_NOT_FOUND,
    EXIT_OK,
    EXIT_STORE,
    EXIT_USAGE,
    main,
    register,
)
from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import QdrantStore
from unit_tests.test_web_support import Seeded, seed, stored_fact_ids

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = [
    ["memories"], ["memories", "list"], ["memories", "show"], ["forget"], ["forget-all"],
    ["off"], ["on"], ["export"], ["as-of"], ["compact"], ["sweep"], ["serve"],
]


@dataclass
class World:
    path: Path
    ids: Seeded

    def args(self, *argv: str) -> list[str]:
        return [*argv, "--path", str(self.path)]

    def memory(self) -> Iterator[FactMemory]:
        with QdrantStore(path=self.path) as store:
            yield FactMemory(store)


@pytest.fixture
def world(tmp_path: Path) -> World:
    path = tmp_path / "edge"
    with QdrantStore(path=path) as store:
        ids = seed(store)
    return World(path, ids)


def reopen(world: World) -> Any:
    return QdrantStore(path=world.path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------- reading


def test_list_shows_each_memory_in_plain_language(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(world.args("memories", "list", "alice"), capsys)
    assert code == EXIT_OK
    assert out.splitlines()[0] == (
        "alice: 2 memories, 1 earlier version in their history (memory is on)"
    )
    assert ('- Prefers metric units. Learned 2026-03-02 (you said: "I always use metric"). '
            "Status: current.") in out
    assert "  earlier: Lives in Pune. Learned 2026-03-02" in out
    assert "Status: replaced on 2026-06-10" in out
    assert f"id: {world.ids.delhi}" in out
    assert "Oslo" not in out


def test_list_json_is_for_scripts(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(world.args("memories", "list", "bob", "--json"), capsys)
    data = json.loads(out)
    assert code == EXIT_OK and data["memory_enabled"] is True
    assert [(m["text"], m["quote"], m["status"]) for m in data["memories"]] == [
        ("Lives in Oslo.", "I live in Oslo", "current")
    ]


def test_list_of_someone_with_no_memories_says_so(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(world.args("memories", "list", "carol"), capsys)
    assert code == EXIT_OK
    assert "carol: 0 memories" in out and "Nothing is remembered about this person." in out


def test_show_prints_the_history_of_a_memory(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(world.args("memories", "show", world.ids.delhi), capsys)
    assert code == EXIT_OK
    assert out.splitlines()[0] == "Lives in Delhi."
    assert "person:      alice" in out and "user · city · Delhi" in out
    assert 'you said:    "I\'ve moved to Delhi"' in out
    history = out.split("History (newest first):")[1]
    assert history.index("Lives in Delhi.") < history.index("Lives in Pune.")
    assert "superseded" in out


def test_show_unknown_fact_is_not_found_with_a_hint(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(world.args("memories", "show", "no-such-id"), capsys)
    assert code == EXIT_NOT_FOUND
    assert "no memory has the id 'no-such-id'" in err and "memories list" in err
    code, _, err = run(world.args("memories", "show", world.ids.oslo, "--user", "alice"), capsys)
    assert code == EXIT_NOT_FOUND and "alice has no memory with the id" in err


def test_as_of_answers_both_time_questions(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(world.args("as-of", "alice", "2026-04-01"), capsys)
    assert code == EXIT_OK and "Lives in Pune." in out and "Delhi" not in out
    code, out, _ = run(world.args("as-of", "alice", "2026-07-01T12:00:00+02:00"), capsys)
    assert "Lives in Delhi." in out and "Pune" not in out
    code, out, _ = run(world.args("as-of", "alice", "2026-04-01", "--believed", "--json"),
                       capsys)
    data = json.loads(out)
    assert data["clock"] == "believed"
    assert sorted(f["object"] for f in data["facts"]) == ["Pune", "metric"]
    code, out, _ = run(world.args("as-of", "alice", "2026-02-01"), capsys)
    assert "0 facts" in out


def test_export_holds_everything_about_the_person_and_nobody_else(
    world: World, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(world.args("export", "alice"), capsys)
    data = json.loads(out)
    assert code == EXIT_OK and data["user_id"] == "alice"
    assert {m["fact_id"] for m in data["memories"]} == {
        world.ids.units, world.ids.pune, world.ids.delhi
    }
    assert {f["quote"] for f in data["facts"]} >= {"I live in Pune", "I've moved to Delhi"}
    assert [e["action"] for e in data["decision_log"]] == ["new", "new", "superseded"]
    # the latest decisions are held in the version row (profile/meta), older ones under log
    assert {"langmem_plus/alice/facts", "langmem_plus/alice/history",
            "langmem_plus/alice/profile"} <= set(data["stored_items"])
    assert "Oslo" not in out and "bob" not in out

    target = tmp_path / "alice.json"
    code, _, err = run(world.args("export", "alice", "-o", str(target)), capsys)
    assert code == EXIT_OK and "Wrote everything held about alice" in err
    assert json.loads(target.read_text())["user_id"] == "alice"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


# ---------------------------------------------------------------------------- changing


def test_forget_prints_the_receipt_and_the_memory_is_gone_everywhere(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(world.args("forget", "alice", world.ids.units), capsys)
    assert code == EXIT_OK
    assert out.startswith("Deletion receipt for alice")
    assert world.ids.units in out and "current facts: 1" in out and "vectors: 1" in out
    assert "purge them from your checkpointer): t-alice-1" in out
    with reopen(world) as store:
        memory = FactMemory(store)
        assert world.ids.units not in stored_fact_ids(store)
        assert "metric" not in memory.recall("alice", "which units?").block
        assert "Delhi" in memory.recall("alice", "where do I live?").block


def test_forget_of_another_persons_fact_is_not_found_and_deletes_nothing(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(world.args("forget", "alice", world.ids.oslo, "--json"), capsys)
    assert code == EXIT_NOT_FOUND and out == ""
    assert "nothing was deleted" in err
    with reopen(world) as store:
        assert world.ids.oslo in stored_fact_ids(store)


def test_forget_all_needs_yes_without_a_terminal_then_deletes_only_that_person(
    world: World, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # not a terminal
    code, _, err = run(world.args("forget-all", "alice"), capsys)
    assert code == EXIT_USAGE and "without --yes" in err
    code, out, _ = run(world.args("forget-all", "alice", "--yes", "--json"), capsys)
    receipt = json.loads(out)
    assert code == EXIT_OK
    assert set(receipt["fact_ids"]) == {world.ids.units, world.ids.pune, world.ids.delhi}
    assert sorted(receipt["session_ids"]) == ["t-alice-1", "t-alice-2"]
    with reopen(world) as store:
        memory = FactMemory(store)
        assert memory.list("alice") == []
        assert [r.text for r in memory.list("bob")] == ["Lives in Oslo."]


def test_off_stops_memory_and_on_resumes(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    vegan = {"kind": "preference", "subject": "user", "predicate": "diet", "object": "vegan",
             "text": "Is vegan."}
    code, out, _ = run(world.args("off", "alice"), capsys)
    assert code == EXIT_OK and "Memory is off for alice" in out and "already stored is kept" in out
    _, out, _ = run(world.args("memories", "list", "alice"), capsys)
    assert "(memory is off)" in out
    with reopen(world) as store:
        memory = FactMemory(store)
        assert memory.remember("alice", vegan).code == "memory_off"
        assert memory.recall("alice", "units?").block == ""
    code, out, _ = run(world.args("on", "alice"), capsys)
    assert code == EXIT_OK and "Memory is on for alice" in out
    with reopen(world) as store:
        assert FactMemory(store).remember("alice", vegan).action == "new"


def test_off_with_delete_empties_the_memory(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(world.args("off", "alice", "--delete", "--yes"), capsys)
    assert code == EXIT_OK and "Deletion receipt for alice" in out
    with reopen(world) as store:
        assert FactMemory(store).list("alice") == []


# ---------------------------------------------------------------------------- errors


@pytest.mark.parametrize("bad", ["", "*", "alice bob", "../etc", "a.b"])
def test_a_bad_user_id_is_a_usage_error_naming_the_rule(
    world: World, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    code, out, err = run(world.args("memories", "list", bad), capsys)
    assert code == EXIT_USAGE and out == ""
    assert "is not allowed" in err and "letters, digits" in err


def test_a_bad_date_is_a_usage_error(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(world.args("as-of", "alice", "1 May"), capsys)
    assert code == EXIT_USAGE and "use YYYY-MM-DD" in err


def test_a_missing_store_path_is_store_unavailable_with_a_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["memories", "list", "alice", "--path", str(tmp_path / "nope")], capsys)
    assert code == EXIT_STORE and "no memory store at" in err and "--path" in err
    assert not (tmp_path / "nope").exists()  # looking never creates a store
    (tmp_path / "empty").mkdir()
    code, _, err = run(["memories", "list", "alice", "--path", str(tmp_path / "empty")], capsys)
    assert code == EXIT_STORE and "is not a langmem-plus store" in err


def test_a_store_open_elsewhere_is_store_unavailable_with_a_hint(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    with reopen(world):
        code, _, err = run(world.args("memories", "list", "alice"), capsys)
    assert code == EXIT_STORE and "open in another process" in err


def test_an_unreachable_server_is_store_unavailable(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["memories", "list", "alice", "--url", "http://127.0.0.1:9"], capsys)
    assert code == EXIT_STORE and "cannot open the memory store at http://127.0.0.1:9" in err


def test_path_and_url_together_is_a_usage_error(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(world.args("memories", "list", "alice", "--url", "http://x:6333"), capsys)
    assert code == EXIT_USAGE and "not both" in err


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_help_with_exit_codes(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("usage: langmem-plus")
    assert "exit codes: 0 done, 1 not found" in out


def test_a_missing_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["memories"])
    assert done.value.code == EXIT_USAGE
    assert "list,show" in capsys.readouterr().err


# ---------------------------------------------------------------------------- sweep


class FakeManager:
    """Stands in for ``langmem_plus.nodes.SessionManager``: two idle sessions."""

    seen: ClassVar[dict[str, Any]] = {}

    def __init__(self, memory: FactMemory, checkpointer: Any, *, idle_timeout: Any) -> None:
        FakeManager.seen = {"memory": memory, "checkpointer": checkpointer,
                            "idle_timeout": idle_timeout}

    def idle_sessions(self) -> list[tuple[str, str]]:
        return [("t-1", "alice"), ("t-2", "bob")]

    def consolidate(self, thread_id: str, *, user_id: str) -> Any:
        decision = types.SimpleNamespace(action="new")
        return types.SimpleNamespace(thread_id=thread_id, user_id=user_id,
                                     decisions=(decision,), skipped=None, error=None)


def test_sweep_consolidates_idle_sessions_with_a_progress_bar(
    world: World, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr(langmem_plus.nodes, "SessionManager", FakeManager)
    db = tmp_path / "checkpoints.sqlite"
    db.touch()
    code, out, err = run(world.args("sweep", "--checkpoint-db", str(db),
                                    "--idle-minutes", "5"), capsys)
    assert code == EXIT_OK
    assert "consolidating idle sessions [...............................] 0/2" not in err
    assert err.splitlines()[-1] == f"consolidating idle sessions [{'#' * 30}] 2/2"
    assert "Swept 2 idle sessions: 2 consolidated, 0 skipped, 0 failed" in out
    assert "- t-1 (alice): new 1" in out
    assert FakeManager.seen["idle_timeout"].total_seconds() == 300


def test_sweep_needs_a_checkpointer(world: World, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(langmem_plus.nodes, "SessionManager", FakeManager)
    code, _, err = run(world.args("sweep"), capsys)
    assert code == EXIT_USAGE and "--checkpoint-db" in err


def test_sweep_with_the_real_session_layer_on_an_empty_checkpointer(
    world: World, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from langgraph.checkpoint import sqlite
    db = tmp_path / "checkpoints.sqlite"
    with sqlite.SqliteSaver.from_conn_string(str(db)) as saver:
        saver.setup()
    code, out, _ = run(world.args("sweep", "--checkpoint-db", str(db)), capsys)
    assert code == EXIT_OK and "Swept 0 idle sessions" in out


# ---------------------------------------------------------------------------- wiring


def test_register_adds_the_commands_to_any_argparse_program() -> None:
    parser = argparse.ArgumentParser(prog="langmem-plus")
    subparsers = parser.add_subparsers(dest="command", required=True)
    subparsers.add_parser("demo")
    register(subparsers)
    args = parser.parse_args(["forget", "alice", "f-1", "--path", "/nonexistent"])
    assert callable(args.func) and args.func(args) == EXIT_STORE


def test_the_langmem_plus_program_registers_these_commands(
    world: World, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from langmem_plus import cli

    monkeypatch.setattr(sys, "argv", ["langmem-plus", *world.args("memories", "list", "bob")])
    code: int | str | None
    try:
        code = cli.main()
    except SystemExit as done:
        code = done.code
    assert code in (0, None)
    assert "Lives in Oslo." in capsys.readouterr().out


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(cli_commands, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 5


# ---------------------------------------------------------------------------- subprocess


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "langmem_plus.cli.commands", *argv],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


def test_subprocess_list_forget_and_exit_codes(world: World) -> None:
    listed = cli(*world.args("memories", "list", "alice"))
    assert listed.returncode == EXIT_OK, listed.stderr
    assert "Prefers metric units." in listed.stdout
    gone = cli(*world.args("forget", "alice", world.ids.units))
    assert gone.returncode == EXIT_OK and "Deletion receipt for alice" in gone.stdout
    again = cli(*world.args("forget", "alice", world.ids.units))
    assert again.returncode == EXIT_NOT_FOUND
    assert again.stderr.startswith("langmem-plus: error: alice has no memory with the id")


def test_subprocess_store_missing_and_bad_usage(tmp_path: Path) -> None:
    usage = cli("forget", "alice")
    assert usage.returncode == EXIT_USAGE and "FACT_ID" in usage.stderr
    env_path = subprocess.run(
        [sys.executable, "-m", "langmem_plus.cli.commands", "memories", "list", "alice"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), "LANGMEM_PLUS_PATH": str(tmp_path / "x")},
    )
    assert env_path.returncode == EXIT_STORE and str(tmp_path / "x") in env_path.stderr


# ---------------------------------------------------------------------------- issue 13


def test_export_to_a_symlink_replaces_the_link_and_never_writes_through_it(
    world: World, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("do not touch")
    victim.chmod(0o644)
    link = tmp_path / "out.json"
    link.symlink_to(victim)
    code, _, err = run(world.args("export", "alice", "-o", str(link)), capsys)
    assert code == EXIT_OK, err
    assert victim.read_text() == "do not touch"
    assert not link.is_symlink() and json.loads(link.read_text())["user_id"] == "alice"
    assert stat.S_IMODE(link.stat().st_mode) == 0o600


def test_export_over_an_existing_file_leaves_it_owner_only(
    world: World, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "alice.json"
    target.write_text("old")
    target.chmod(0o644)
    code, _, _ = run(world.args("export", "alice", "-o", str(target)), capsys)
    assert code == EXIT_OK
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert json.loads(target.read_text())["user_id"] == "alice"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["alice.json", "edge"]


@pytest.mark.parametrize(
    "argv",
    [
        ["export", "alice", "-o", "/proc/version"],
        ["export", "alice", "-o", "/proc"],
        ["memories", "list", "alice", "--namespace-prefix", ".."],
        ["forget", "alice", "f1", "--namespace-prefix", "a..b"],
    ],
)
def test_bad_output_file_or_namespace_prefix_is_one_line_and_exit_2(
    argv: list[str], world: World
) -> None:
    done = cli(*world.args(*argv))
    assert done.returncode == EXIT_USAGE, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("langmem-plus: error: "), done.stderr
    assert "Traceback" not in done.stderr


def test_compact_erases_forgotten_text_from_the_files_with_a_progress_bar(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    from unit_tests.test_store_compact import files_holding

    code, _, err = run(world.args("forget-all", "alice", "--yes"), capsys)
    assert code == EXIT_OK
    assert "langmem-plus compact" in err and "--compact" in err  # the hint
    assert files_holding(world.path, "Pune")
    code, _, err = run(world.args("compact"), capsys)
    assert code == EXIT_OK, err
    assert "compacting [" in err and "Compacted the store at" in err
    assert files_holding(world.path, "Pune") == []
    with reopen(world) as store:
        assert [r.text for r in FactMemory(store).list("bob")] == ["Lives in Oslo."]


def test_forget_all_with_compact_erases_at_once(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    from unit_tests.test_store_compact import files_holding

    code, _, err = run(world.args("forget-all", "alice", "--yes", "--compact"), capsys)
    assert code == EXIT_OK and "Compacted the store" in err
    assert files_holding(world.path, "Delhi") == []


def test_compact_on_a_server_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["compact", "--url", "http://127.0.0.1:9"], capsys)
    assert code == EXIT_USAGE and "embedded store" in err


def test_a_half_created_store_is_named_with_the_fix(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    (world.path / "store.json").unlink()
    code, _, err = run(world.args("memories", "list", "alice"), capsys)
    assert code == EXIT_STORE
    assert "no store.json" in err and "restore store.json" in err


# ---------------------------------------------------------------------------- first hour (#15)


def _docs_block(marker: str) -> str:
    text = (ROOT / "docs" / "control.md").read_text(encoding="utf-8")
    start = text.index(marker) + len(marker)
    return text[start : text.index("```", start)]


def test_the_list_example_in_control_md_is_what_the_cli_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from datetime import datetime, timezone

    now = [datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)]
    path = tmp_path / "memory"
    with QdrantStore(path=path) as store:
        memory = FactMemory(store, clock=lambda: now[0])

        def say(predicate: str, value: str, text: str, quote: str, kind: str = "fact") -> None:
            memory.remember("alice", {"kind": kind, "subject": "user", "predicate": predicate,
                                      "object": value, "text": text, "quote": quote})

        say("city", "Pune", "The user lives in Pune.", "I live in Pune")
        say("units", "metric", "The user prefers metric units.", "I always use metric",
            "preference")
        now[0] = datetime(2026, 6, 10, 9, 0, tzinfo=timezone.utc)
        say("city", "Delhi", "The user lives in Delhi.", "I've moved to Delhi")
    code, out, _ = run(["memories", "list", "alice", "--path", str(path)], capsys)
    assert code == EXIT_OK
    assert out == _docs_block("$ langmem-plus memories list alice --path ./memory\n")


def test_a_progress_bar_with_nothing_to_do_is_not_full() -> None:
    out = io.StringIO()
    bar = cli_commands.ProgressBar("consolidating idle sessions", out=out, width=10)
    bar(0, 0)
    bar.close()
    assert "#" not in out.getvalue()
    assert "0/0 (nothing to do)" in out.getvalue()


class _Vectors:
    """Deterministic 4-dimensional embeddings for a store built with an index."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.embed_query(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return [1.0 + len(text) % 3, 1.0, float(text.count("e")), 0.5]


def test_a_store_with_an_embedding_index_is_read_and_deleted_without_the_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from langchain_core.embeddings import Embeddings

    class Model(_Vectors, Embeddings):
        pass

    path = tmp_path / "indexed"
    with QdrantStore(path=path, index={"dims": 4, "embed": Model()}) as store:
        memory = FactMemory(store)
        kept = memory.remember("alice", {"kind": "fact", "subject": "user", "predicate": "city",
                                         "object": "Oslo", "text": "The user lives in Oslo."})
        gone = memory.remember("alice", {"kind": "fact", "subject": "user",
                                         "predicate": "employer", "object": "Acme",
                                         "text": "The user works at Acme."})
    code, out, err = run(["memories", "list", "alice", "--path", str(path)], capsys)
    assert (code, err) == (EXIT_OK, "")
    assert "The user lives in Oslo." in out and out.startswith("alice: 2 memories")
    code, out, err = run(["forget", "alice", str(gone.fact_id), "--path", str(path)], capsys)
    assert code == EXIT_OK and "facts deleted: 1" in out
    with QdrantStore(path=path, index={"dims": 4, "embed": Model()}) as store:
        memory = FactMemory(store)
        assert [r.fact_id for r in memory.list("alice")] == [kept.fact_id]
        assert "Oslo" in memory.recall("alice", "where do I live?").block


def test_after_the_readme_quickstart_the_cli_lists_alice_with_no_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's quickstart and the CLI share one default store location (#15)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Quickstart") :]
    start = section.index("```python\n") + len("```python\n")
    code = section[start : section.index("```", start)]
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LANGMEM_PLUS_PATH", raising=False)
    monkeypatch.delenv("LANGMEM_PLUS_URL", raising=False)
    scope: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), scope)
    scope["store"].close()
    capsys.readouterr()
    code_, out, err = run(["memories", "list", "alice"], capsys)
    assert (code_, err) == (EXIT_OK, "")
    assert out.startswith("alice: 1 memory, 1 earlier version in their history")
    assert "- Alice lives in Berlin." in out and "  earlier: Alice lives in Munich." in out


def test_help_loads_neither_the_store_nor_the_memory_nor_the_graph_layer() -> None:
    """`langmem-plus --help` builds the parser only: the commands import what they use when
    they run (#15; measured 2.2 s -> 0.4 s of CPU, see the report)."""
    probe = (
        "import sys\n"
        "from langmem_plus.cli import build_parser\n"
        "build_parser().format_help()\n"
        "heavy = ('langmem_plus.facts.memory', 'langmem_plus.stores', 'langmem_plus.nodes',\n"
        "         'langmem_plus.web.records', 'qdrant_edge', 'qdrant_client', 'langgraph.graph')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=env, timeout=120, check=True)
    assert done.stdout.strip() == "[]"
