"""Session lifecycle: opening context from the gap, consolidation from the checkpointer's
transcript (later corrections win), the idle sweeper, idempotence."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import datetime, timedelta, timezone
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import Fact
from langmem_plus.nodes import SessionManager, confirm_line, opening_context
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def cfg(thread: str, user: str = "alice") -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "user_id": user}}


def city(obj: str) -> Fact:
    return Fact(fact_id="f", user_id="u", kind="fact", subject="user", predicate="city",
                object=obj, text=f"The user lives in {obj}.", valid_from=T,
                asserted_at=T)  # fmt: skip


def test_same_day_gap_says_nothing() -> None:
    assert opening_context(timedelta(hours=5), topic="x", request="x", facts=[city("Rome")]) == ""
    assert opening_context(None, topic=None, request="hi", facts=[]) == ""


def test_open_thread_only_when_the_new_message_relates() -> None:
    related = opening_context(
        timedelta(days=6), topic="planning the Lisbon trip", request="Lisbon hotels?", facts=[]
    )
    assert "Open thread: planning the Lisbon trip" in related
    assert "only if the user's message relates" in related
    unrelated = opening_context(
        timedelta(days=6), topic="planning the Lisbon trip", request="Fix my SQL", facts=[]
    )
    assert unrelated == "Last conversation was 6 day(s) ago."


def test_long_gap_confirms_time_sensitive_facts() -> None:
    text = opening_context(timedelta(days=90), topic=None, request="hi", facts=[city("Berlin")])
    assert "possibly outdated" in text
    assert "I have you in Berlin — is that still right?" in text
    assert confirm_line(city("Berlin")) == "I have you in Berlin — is that still right?"


def test_long_gap_reaches_the_model_prompt() -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(
        checkpointer=InMemorySaver(), store=InMemoryStore()
    )
    graph.invoke({"messages": [("user", "I live in Berlin.")]}, cfg("s1"))
    clock.advance(days=95)
    graph.invoke({"messages": [("user", "Any dentist you'd recommend?")]}, cfg("s2"))
    assert "I have you in Berlin — is that still right?" in str(model.prompts[-1][0].content)
    graph.invoke({"messages": [("user", "Thanks.")]}, cfg("s2"))
    assert "is that still right" not in str(model.prompts[-1][0].content)  # start only


def _session_end_graph(saver: Any, store: Any, clock: Clock, model: RecordingModel) -> Any:
    return build_chatbot(model, clock=clock, persist="session_end").compile(
        checkpointer=saver, store=store
    )


def test_session_end_consolidation_reads_the_transcript_and_sees_corrections() -> None:
    model, clock, store, saver = RecordingModel(), Clock(), InMemoryStore(), InMemorySaver()
    memory = FactMemory(store, clock=clock)
    graph = _session_end_graph(saver, store, clock, model)
    for text in ["I live in Munich.", "I'm allergic to peanuts.", "Sorry, I live in Berlin."]:
        graph.invoke({"messages": [("user", text)]}, cfg("s1"))
        clock.advance(minutes=1)
    # within the session: the working set reaches the model; nothing permanent yet
    assert "The user is allergic to peanuts." in str(model.prompts[-1][0].content)
    assert store.search(("langmem_plus", "alice", "facts")) == []
    sessions = SessionManager(memory, saver, clock=clock)
    assert sessions.sweep() == []  # not idle yet
    clock.advance(minutes=31)
    assert sessions.idle_sessions() == [("s1", "alice")]
    [report] = sessions.sweep()
    assert report.thread_id == "s1" and report.user_id == "alice"
    assert "Location: city: Berlin" in report.profile
    versions = memory.believed_at("alice", clock()) + memory.as_of("alice", T)
    assert not any(f.object == "Munich" for f in versions)  # the correction won
    assert sorted(f.object for f in memory.as_of("alice", clock())) == ["Berlin", "peanuts"]
    log = len(memory.decision_log("alice"))
    assert sessions.sweep() == []  # idempotent: nothing left to do
    assert sessions.consolidate("s1").decisions == ()
    assert len(memory.decision_log("alice")) == log
    clock.advance(days=2)
    graph.invoke({"messages": [("user", "Where should I eat?")]}, cfg("s2"))
    assert "city: Berlin" in str(model.prompts[-1][0].content)


def test_consolidation_with_sqlite_checkpointer_and_async(tmp_path: Any) -> None:
    conn = sqlite3.connect(tmp_path / "cp.sqlite", check_same_thread=False)
    saver, store, clock, model = SqliteSaver(conn), InMemoryStore(), Clock(), RecordingModel()
    graph = _session_end_graph(saver, store, clock, model)
    graph.invoke({"messages": [("user", "I work at Initech.")]}, cfg("s1"))
    clock.advance(hours=1)
    memory = FactMemory(store, clock=clock)
    [report] = SessionManager(memory, saver, clock=clock).sweep()
    assert [d["action"] for d in report.decisions] == ["new"]
    assert "employer: Initech" in memory.profile("alice")
    conn.close()

    async def run() -> None:
        saver2, store2 = InMemorySaver(), InMemoryStore()
        g = _session_end_graph(saver2, store2, clock, RecordingModel())
        await g.ainvoke({"messages": [("user", "I live in Porto.")]}, cfg("a1"))
        clock.advance(hours=1)
        [r] = await SessionManager(FactMemory(store2, clock=clock), saver2, clock=clock).asweep()
        assert r.profile.startswith("Location: city: Porto")

    asyncio.run(run())


def test_consolidate_unknown_thread_and_memory_off() -> None:
    store, saver, clock = InMemoryStore(), InMemorySaver(), Clock()
    memory = FactMemory(store, clock=clock)
    sessions = SessionManager(memory, saver, clock=clock)
    assert sessions.consolidate("nope").skipped == "no_transcript"
    graph = _session_end_graph(saver, store, clock, RecordingModel())
    graph.invoke({"messages": [("user", "I live in Oslo.")]}, cfg("s1"))
    memory.set_memory("alice", "off")
    assert sessions.consolidate("s1").skipped == "memory_off"
    assert store.search(("langmem_plus", "alice", "facts")) == []


def test_the_open_thread_keeps_the_request_and_drops_statements() -> None:
    from langmem_plus.nodes.lifecycle import topic_of

    assert topic_of("Bergen has been great so far. Any tips on finding a flat?") == (
        "Any tips on finding a flat?"
    )
    assert topic_of("I'm in Bergen now.") == ""  # nothing open: memory keeps the move


def test_the_open_thread_never_brings_back_a_superseded_value() -> None:
    from langmem_plus.facts.memory import FactMemory
    from unit_tests.test_memory_support import cand

    model, clock, store = RecordingModel(), Clock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    graph.invoke({"messages": [("user", "Any tips on finding a flat?")]}, cfg("s1"))
    graph.invoke({"messages": [("user", "I live in Bergen now.")]}, cfg("s1"))  # the last word
    clock.advance(days=2)  # the move reaches memory elsewhere (another app, an import)
    moved = FactMemory(store, clock=clock).remember(
        "alice", cand("city", "Lyon", "The user lives in Lyon.")
    )
    assert moved.action == "superseded"
    clock.advance(days=3)
    graph.invoke({"messages": [("user", "Still hunting for a flat to live in, any tips?")]},
                 cfg("s3"))  # fmt: skip
    system = str(model.prompts[-1][0].content)
    assert "Bergen" not in system
    assert "Open thread: Any tips on finding a flat?" in system
    assert "Lyon" in system  # the current value, from the profile


def test_the_open_thread_drops_a_name_memory_no_longer_holds() -> None:
    gap, asked, now_in = timedelta(days=4), "any luck with the bouldering gym?", [city("Lyon")]
    topic = "Can you find a bouldering gym near Trondheim?"
    line = opening_context(gap, topic=topic, request=asked, facts=now_in, closed=["Trondheim"])
    assert line.endswith(
        "Open thread: Can you find a bouldering gym? Reference it only if the user's "
        "message relates to it."
    )
    kept = opening_context(
        gap, topic="Can you find a bouldering gym near Lyon?", request=asked, facts=now_in,
        closed=["Lyon"],
    )  # fmt: skip
    assert "gym near Lyon?" in kept  # closed once, current again


def test_the_open_thread_keeps_a_name_that_was_never_a_stored_value() -> None:
    # issue 12's rule is that a value SUPERSEDED or FORGOTTEN never comes back; a name the
    # user was in the middle of, which memory never held, is not superseded
    line = opening_context(
        timedelta(days=2), topic="Still need the quote from Harlow & Vane for rooms 3 to 5",
        request="ok where were we with the quotes", facts=[city("Lyon")],
    )  # fmt: skip
    assert "Open thread: Still need the quote from Harlow & Vane for rooms 3 to 5." in line


def test_a_long_gap_never_confirms_another_persons_fact_as_the_users() -> None:
    sister = city("Oulu").model_copy(
        update={"subject": "person:sister", "text": "The user's sister lives in Oulu."}
    )
    text = opening_context(timedelta(days=60), topic=None, request="hi", facts=[sister])
    assert "Oulu" not in text
