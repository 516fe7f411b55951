"""``langmem-plus import`` and ``import_langmem``: a LangMem namespace, written by LangMem's own
tools, carried into facts through the extractor and the write policy, with a report.

The memories are written by LangMem itself: ``create_manage_memory_tool`` invoked with the
run config that fills ``("memories", "{langgraph_user_id}")``, and
``create_memory_store_manager`` inside a compiled graph. What is FAKE: the store manager's
chat model (``ScriptedChatModel`` from ``test_langmem_compat``, which returns the ``Memory``
tool call trustcall expects). The extractor is the real ``RuleExtractor``; the stores are
real (Qdrant Edge at a temp path, qdrant-client local mode, LangGraph's InMemoryStore).
"""

from __future__ import annotations

import json
import logging
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from langgraph.store.base import BaseStore, InvalidNamespaceError
from langgraph.store.memory import InMemoryStore

from langmem_plus.cli import main
from langmem_plus.cli.commands import EXIT_NOT_FOUND, EXIT_OK, EXIT_USAGE
from langmem_plus.errors import InvalidUserIdError
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import utcnow
from langmem_plus.migrate import ImportReport, aimport_langmem, first_person, import_langmem
from langmem_plus.stores import AsyncQdrantStore, QdrantStore

with warnings.catch_warnings():
    # trustcall (LangMem's dependency) imports Send from langgraph.constants (deprecated)
    warnings.filterwarnings("ignore", message="Importing Send from langgraph.constants")
    langmem = pytest.importorskip("langmem", reason="needs the langmem extra")

from unit_tests.test_langmem_compat import ScriptedChatModel, call, manager_graph

NAMESPACE = ("memories", "{langgraph_user_id}")
ENGINES = ["inmemory", "qdrant_edge", "qdrant_local"]

# What a LangMem agent typically leaves behind: third-person notes, one stale city that a
# later note contradicts (LangMem created a new memory instead of updating the old one),
# a note that is no fact, and one repeated.
NOTES = [
    "User lives in Berlin",
    "User is allergic to peanuts",
    "User asked about flights to Rome",
    "The user lives in Munich now",
    "User is allergic to shellfish",
    "User is allergic to peanuts",
]


def open_store(engine: str, tmp_path: Path) -> BaseStore:
    if engine == "inmemory":
        return InMemoryStore()
    if engine == "qdrant_edge":
        return QdrantStore(path=tmp_path / "edge")
    return QdrantStore(location=":memory:")


@pytest.fixture(params=ENGINES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BaseStore]:
    s = open_store(str(request.param), tmp_path)
    yield s
    if isinstance(s, QdrantStore):
        s.close()


def write_with_langmem(store: BaseStore, user: str, notes: list[str]) -> list[str]:
    """Each note written by LangMem's own manage tool, one call after another; the keys."""
    tool = langmem.create_manage_memory_tool(namespace=NAMESPACE, store=store)
    config = {"configurable": {"langgraph_user_id": user}}
    return [str(tool.invoke({"content": n}, config)).split()[-1] for n in notes]


def current_facts(memory: FactMemory, user: str) -> dict[str, set[str]]:
    """What is true of ``user`` now, per predicate."""
    facts: dict[str, set[str]] = {}
    for fact in memory.as_of(user, utcnow()):
        facts.setdefault(fact.predicate, set()).add(fact.object)
    return facts


# ---------------------------------------------------------------------------- the import


def test_langmem_memories_become_facts_and_the_report_says_what_happened(
    store: BaseStore, caplog: pytest.LogCaptureFixture
) -> None:
    keys = write_with_langmem(store, "alice", NOTES)
    memory = FactMemory(store)
    seen: list[tuple[int, int]] = []
    with caplog.at_level(logging.INFO, logger="langmem_plus.migrate"):
        report = import_langmem(store, ("memories", "alice"), memory=memory, user_id="alice",
                                progress=lambda done, total: seen.append((done, total)))

    assert report.counts() == {"new": 3, "reconfirmed": 1, "superseded": 1, "rejected": 0,
                               "conflict": 0, "not_a_fact": 1, "unreadable": 0}
    # oldest first: the later Munich note supersedes the earlier Berlin one
    assert [m.key for m in report.memories] == keys
    by_key = {m.key: m for m in report.memories}
    [munich] = by_key[keys[3]].decisions
    assert (munich.action, munich.code) == ("superseded", "newer_valid_time")
    assert munich.other is not None and munich.other.object == "Berlin"
    flights = by_key[keys[2]]
    assert (flights.outcome, flights.reasons, flights.decisions) == (
        "not_a_fact", ("no_fact_found",), ())
    assert by_key[keys[5]].decisions[0].code == "same_value"

    assert current_facts(memory, "alice") == {"city": {"Munich"},
                                              "allergy": {"peanuts", "shellfish"}}
    berlin_time = by_key[keys[0]].decisions[0].fact
    assert berlin_time is not None
    assert {f.object for f in memory.as_of("alice", berlin_time.valid_from)} == {"Berlin"}
    stored = [memory.as_of("alice", m.decisions[0].fact.valid_from)  # type: ignore[union-attr]
              for m in report.memories if m.decisions]
    assert all(f.source == "imported" for facts in stored for f in facts)
    assert {f.quote for facts in stored for f in facts} <= set(NOTES)

    # progress: once after reading, then once per memory
    assert seen == [(0, 6), *((n, 6) for n in range(1, 7))]
    # the person's report shows text; the log never does
    lines = "\n".join(report.lines())
    assert "superseded: The user lives in Munich. (replaces: The user lives in Berlin.)" in lines
    assert 'not a fact: memory ' + keys[2] + ': "User asked about flights to Rome"' in lines
    assert all(k in caplog.text for k in keys)
    for word in ("Berlin", "Munich", "peanuts", "shellfish", "Rome"):
        assert word not in caplog.text


def test_importing_again_writes_nothing_new(store: BaseStore) -> None:
    write_with_langmem(store, "alice", NOTES)
    memory = FactMemory(store)
    import_langmem(store, ("memories", "alice"), memory=memory, user_id="alice")
    before = sorted((f.fact_id, f.status) for f in memory.list("alice"))

    again = import_langmem(store, ("memories", "alice"), memory=memory, user_id="alice")

    c = again.counts()
    assert (c["new"], c["superseded"], c["not_a_fact"]) == (0, 0, 1)
    # every note was recorded the first time: a replayed message writes nothing, even the
    # Berlin note whose value has been superseded since (it must not come back, nor be judged
    # again against Munich)
    assert c["reconfirmed"] == 5 and c["rejected"] == 0
    assert again.reasons()[("reconfirmed", "replayed")] >= 1
    assert sorted((f.fact_id, f.status) for f in memory.list("alice")) == before


def test_a_memory_langmem_updated_later_counts_as_the_later_one(store: BaseStore) -> None:
    """Order comes from the items' timestamps, not from when a memory was first created."""
    tool = langmem.create_manage_memory_tool(namespace=NAMESPACE, store=store)
    config = {"configurable": {"langgraph_user_id": "bob"}}
    first = str(tool.invoke({"content": "User lives in Oslo"}, config)).split()[-1]
    tool.invoke({"content": "User lives in Bergen"}, config)
    tool.invoke({"id": first, "action": "update", "content": "User lives in Tromso"}, config)

    memory = FactMemory(store)
    report = import_langmem(store, ("memories", "bob"), memory=memory, user_id="bob")

    assert [d.fact.object for _, d in report.decisions() if d.fact] == ["Bergen", "Tromso"]
    assert report.counts()["superseded"] == 1
    assert current_facts(memory, "bob") == {"city": {"Tromso"}}


def test_store_manager_memories_and_odd_items_are_reported_never_dropped(
    store: BaseStore,
) -> None:
    model = ScriptedChatModel()
    manager = langmem.create_memory_store_manager(model, namespace=NAMESPACE)
    graph = manager_graph(store, manager)
    model.replies += [call("Memory", content="User works at Acme")]
    graph.invoke({"messages": [("user", "I work at Acme")]},
                 {"configurable": {"langgraph_user_id": "carol"}})
    [written] = store.search(("memories", "carol"))
    assert written.value["kind"] == "Memory"
    store.put(("memories", "carol"), "not-langmem", {"note": "something else"})
    store.put(("memories", "carol"), "empty", {"content": "  "})

    memory = FactMemory(store)
    report = import_langmem(store, ("memories", "carol"), memory=memory, user_id="carol")

    outcomes = {m.key: (m.outcome, m.reasons) for m in report.memories}
    assert outcomes == {
        written.key: ("imported", ()),
        "not-langmem": ("unreadable", ("not_langmem_shape",)),
        "empty": ("unreadable", ("no_text",)),
    }
    assert current_facts(memory, "carol") == {"employer": {"Acme"}}
    assert report.counts()["unreadable"] == 2


def test_one_note_with_two_facts_gives_two_decisions(store: BaseStore) -> None:
    write_with_langmem(store, "gus", ["User lives in Oslo and works at Equinor"])
    memory = FactMemory(store)
    report = import_langmem(store, ("memories", "gus"), memory=memory, user_id="gus")
    [note] = report.memories
    assert [(d.action, d.fact.predicate) for d in note.decisions if d.fact] == [
        ("new", "city"), ("new", "employer")]
    assert current_facts(memory, "gus") == {"city": {"Oslo"}, "employer": {"Equinor"}}


def test_what_the_person_said_outranks_an_imported_note(store: BaseStore) -> None:
    memory = FactMemory(store)
    said = memory.remember("fay", {"kind": "fact", "subject": "user", "predicate": "city",
                                   "object": "Lisbon", "text": "The user lives in Lisbon."})
    assert said.action == "new"
    write_with_langmem(store, "fay", ["User lives in Berlin"])

    report = import_langmem(store, ("memories", "fay"), memory=memory, user_id="fay")

    [(_, decision)] = report.decisions()
    assert (decision.action, decision.code) == ("rejected", "imported_loses")
    assert "(kept: The user lives in Lisbon.)" in report.lines()[0]
    assert current_facts(memory, "fay") == {"city": {"Lisbon"}}


def test_with_memory_off_every_fact_is_rejected_and_nothing_is_stored(store: BaseStore) -> None:
    write_with_langmem(store, "dave", ["User lives in Rome", "User speaks Italian"])
    memory = FactMemory(store)
    memory.set_memory("dave", "off")
    report = import_langmem(store, ("memories", "dave"), memory=memory, user_id="dave")
    assert report.reasons() == {("rejected", "memory_off"): 2}
    assert memory.list("dave") == []


def test_bad_input_is_refused_by_name_before_any_write(store: BaseStore) -> None:
    memory = FactMemory(store)
    with pytest.raises(InvalidUserIdError, match=r"'\*'"):
        import_langmem(store, ("memories", "x"), memory=memory, user_id="*")
    with pytest.raises(InvalidNamespaceError, match=r"\(\)"):
        import_langmem(store, (), memory=memory, user_id="x")
    with pytest.raises(InvalidNamespaceError, match="overlaps the facts"):
        import_langmem(store, ("langmem_plus",), memory=memory, user_id="x")
    assert list(store.list_namespaces()) == []


async def test_async_import_reports_what_the_sync_one_does(tmp_path: Path) -> None:
    sync_store = QdrantStore(path=tmp_path / "sync")
    async_store = AsyncQdrantStore(path=tmp_path / "async")
    try:
        write_with_langmem(sync_store, "erin", NOTES)
        tool = langmem.create_manage_memory_tool(namespace=NAMESPACE, store=async_store)
        for note in NOTES:
            await tool.ainvoke({"content": note}, {"configurable": {"langgraph_user_id": "erin"}})
        sync = import_langmem(None, ("memories", "erin"), memory=FactMemory(sync_store),
                              user_id="erin")
        ticks: list[int] = []

        async def progress(done: int, total: int) -> None:
            ticks.append(done)

        amemory = FactMemory(async_store)
        asyn = await aimport_langmem(None, ("memories", "erin"), memory=amemory,
                                     user_id="erin", progress=progress)
        assert asyn.counts() == sync.counts()
        assert [(d.action, d.code) for _, d in asyn.decisions()] == [
            (d.action, d.code) for _, d in sync.decisions()]
        assert ticks == list(range(7))
        assert {f.object for f in await amemory.aas_of("erin", utcnow())} == {
            "Munich", "peanuts", "shellfish"}
    finally:
        sync_store.close()
        await async_store.aclose()


# ---------------------------------------------------------------------------- the reading


@pytest.mark.parametrize(("note", "said"), [
    ("User lives in Berlin", "I live in Berlin"),
    ("The user's sister lives in Paris", "My sister lives in Paris"),
    ("User no longer eats meat. User watches F1.", "I no longer eat meat. I watch F1."),
    ("- user is vegetarian\n- user has two cats", "- I am vegetarian\n- I have two cats"),
    ("User moved to Munich in March", "I moved to Munich in March"),
    ("User lives in Oslo and works at Equinor", "I live in Oslo and work at Equinor"),
    ("User likes cats and dogs", "I like cats and dogs"),
    ("User's wife lives in Rome and works at FAO", "My wife lives in Rome and works at FAO"),
    ("Team prefers Python for backend work", "Team prefers Python for backend work"),
    ("Users like dark mode", "Users like dark mode"),
])
def test_langmem_notes_about_the_user_are_read_as_the_users_words(note: str, said: str) -> None:
    assert first_person(note) == said


def test_the_persons_name_can_stand_for_the_user() -> None:
    assert first_person("Priya works at Globex", names=["Priya"]) == "I work at Globex"
    assert first_person("Priya works at Globex") == "Priya works at Globex"


# ---------------------------------------------------------------------------- the command


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def edge_path(tmp_path: Path) -> Path:
    path = tmp_path / "app-store"
    with QdrantStore(path=path) as s:
        write_with_langmem(s, "alice", NOTES)
    return path


def test_the_command_imports_with_a_progress_bar_and_prints_the_report(
    edge_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["import", "--user", "alice", "--path", str(edge_path)], capsys)
    assert code == EXIT_OK, err
    assert out.startswith(
        "Imported 6 LangMem memories from memories.alice into alice's facts: 3 new, "
        "1 reconfirmed, 1 superseded, 0 rejected, 0 in conflict; 1 not a fact, 0 unreadable\n")
    assert "- superseded: The user lives in Munich. (replaces: The user lives in Berlin.)" in out
    assert '- not a fact: memory ' in out and '"User asked about flights to Rome"' in out
    assert err.splitlines()[-1] == f"importing LangMem memories [{'#' * 30}] 6/6"

    code, out, _ = run(["memories", "list", "alice", "--path", str(edge_path)], capsys)
    assert code == EXIT_OK
    munich = next(line for line in out.splitlines() if "lives in Munich" in line)
    assert munich.startswith("- The user lives in Munich.") and "Status: current." in munich


def test_the_command_speaks_json_and_takes_langmems_namespace_template(
    edge_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["import", "--user", "alice", "--namespace", "memories.{langgraph_user_id}",
                        "--json", "--path", str(edge_path)], capsys)
    assert code == EXIT_OK
    data = json.loads(out)
    assert data["namespace"] == ["memories", "alice"]
    assert data["counts"]["superseded"] == 1 and len(data["memories"]) == 6


def test_the_command_reads_another_store_with_from_path(
    edge_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "facts"
    QdrantStore(path=target).close()
    code, out, err = run(["import", "--user", "alice", "--from-path", str(edge_path),
                          "--path", str(target)], capsys)
    assert code == EXIT_OK, err
    assert "3 new" in out
    with QdrantStore(path=target) as s:
        assert current_facts(FactMemory(s), "alice") == {
            "city": {"Munich"}, "allergy": {"peanuts", "shellfish"}}
        assert list(s.search(("memories", "alice"))) == []  # nothing copied, only facts


def test_an_empty_namespace_is_not_found_and_names_what_is_there(
    edge_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["import", "--user", "bob", "--path", str(edge_path)], capsys)
    assert code == EXIT_NOT_FOUND
    assert "no LangMem memories under namespace memories.bob" in err
    assert "memories.alice" in err


def test_a_bad_namespace_or_user_is_a_usage_error(
    edge_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["import", "--user", "alice", "--namespace", "memories..x",
                        "--path", str(edge_path)], capsys)
    assert code == EXIT_USAGE and "empty label" in err
    code, _, err = run(["import", "--user", "alice", "--namespace", "langmem_plus",
                        "--path", str(edge_path)], capsys)
    assert code == EXIT_USAGE and "overlaps" in err
    code, _, err = run(["import", "--user", "a b", "--path", str(edge_path)], capsys)
    assert code == EXIT_USAGE and "'a b'" in err


def test_the_report_has_no_entries_for_an_empty_namespace() -> None:
    report = import_langmem(InMemoryStore(), ("memories", "z"), memory=FactMemory(InMemoryStore()),
                            user_id="z")
    assert isinstance(report, ImportReport) and report.memories == []


def test_the_command_has_help_with_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["import", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("usage: langmem-plus import")
    assert "--namespace" in out and "--from-path" in out
    assert "exit codes: 0 done, 1 not found" in out
