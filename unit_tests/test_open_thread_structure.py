"""The open thread by its structure (issue 12, kind 9): a choice or a defer in any wording
opens it, the line carries the whole thread without what was taken back, and a request
that leans on the last session for its topic brings it back (through the real graph)."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langmem_plus.nodes.lifecycle import THREAD_CHARS
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot, either_store

store = pytest.fixture(params=["inmemory", "qdrant"])(either_store)


def cfg(thread: str, user: str = "wren") -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "user_id": user}}


def _session(store: Any, *said: str) -> tuple[Any, Clock]:
    clock = Clock()
    graph = build_chatbot(RecordingModel(), clock=clock).compile(
        checkpointer=InMemorySaver(), store=store
    )
    for text in said:
        graph.invoke({"messages": [("user", text)]}, cfg("s1"))
        clock.advance(minutes=2)
    clock.advance(days=3)
    return graph, clock


def _thread(out: dict[str, Any]) -> str:
    opening = out.get("memory_opening") or ""
    assert "Open thread:" in opening, opening
    return opening.split("Open thread:")[1].split("Reference it only")[0].strip()


@pytest.mark.parametrize(
    "resume",
    [
        "still torn, what do you reckon?",
        "ok, go on then, which one would you get?",
        "morning. I mulled it over, help me weigh them up",
    ],
)
def test_a_choice_left_open_comes_back_with_its_latest_options(store: Any, resume: str) -> None:
    graph, _ = _session(
        store,
        "looking at kilns for the pottery shed, it's the Ashgrove or the Pellam",
        "the Ashgrove won't fit through the door lol. Pellam vs Stannard then, I'll mull it over",
    )
    out = graph.invoke({"messages": [("user", resume)]}, cfg("s2"))
    thread = _thread(out)
    assert "Pellam" in thread and "Stannard" in thread
    assert "Ashgrove" not in thread  # the earlier list of options is replaced


def test_the_line_carries_what_the_defer_stands_on_without_the_value_taken_back(
    store: Any,
) -> None:
    graph, _ = _session(
        store,
        "renewing the lease on the studio with Quillon Lets, rent was quoted at 910 "
        "... oh wait, they came back with 865. I'll sign it next week",
    )
    out = graph.invoke({"messages": [("user", "can we look at that lease again?")]}, cfg("s2"))
    thread = _thread(out)
    assert "Quillon Lets" in thread and "865" in thread and "sign" in thread
    assert "910" not in thread


def test_a_past_clause_a_but_changes_is_left_out(store: Any) -> None:
    graph, _ = _session(
        store,
        "we're choosing between the Farrow and the Lune tent. the cap was 300 but we "
        "stretched it to 420 after the storm",
    )
    out = graph.invoke({"messages": [("user", "so which should I buy?")]}, cfg("s2"))
    thread = _thread(out)
    assert "Farrow" in thread and "Lune" in thread and "420" in thread
    assert "300" not in thread


def test_a_defer_that_refers_back_keeps_what_it_refers_to(store: Any) -> None:
    graph, _ = _session(
        store,
        "Brackley Tyres can fit the winter set for 240 if I drop the car in by Thursday",
        "let me sleep on it",
    )
    out = graph.invoke({"messages": [("user", "right, I slept on it. thoughts?")]}, cfg("s2"))
    thread = _thread(out)
    assert "Brackley Tyres" in thread and "240" in thread


def test_a_long_thread_is_bounded_and_ends_with_what_is_open(store: Any) -> None:
    context = ". ".join(
        f"the {word} shelf is {n} cm deep" for word, n in [("oak", 31), ("ash", 44), ("elm", 52)]
    )
    graph, _ = _session(store, f"{context}. also the pine one is 60. I'll finish the plan tonight")
    out = graph.invoke({"messages": [("user", "ok, where were we?")]}, cfg("s2"))
    thread = _thread(out)
    assert len(thread) <= THREAD_CHARS
    assert thread.endswith("I'll finish the plan tonight.")


@pytest.mark.parametrize(
    "unrelated",
    ["how do volcanoes form?", "write a limerick about a sleepy owl", "what's 15% of 80?"],
)
def test_a_request_with_its_own_topic_gets_no_thread_and_no_fact_lines(
    store: Any, unrelated: str
) -> None:
    graph, _ = _session(
        store,
        "picking a name for the allotment society newsletter: Dig This or The Trowel, "
        "I'll decide tomorrow",
    )
    out = graph.invoke({"messages": [("user", unrelated)]}, cfg("s2"))
    assert "Open thread" not in (out.get("memory_opening") or "")
    block = out.get("memory_block") or ""
    assert not [ln for ln in block.splitlines() if ln.startswith("- ")]


def test_a_change_leaves_out_the_name_it_replaced_everywhere_in_the_thread(store: Any) -> None:
    graph, _ = _session(
        store,
        "sorting the allotment shed, and Brambling Joinery are making the door.",
        "Brambling Joinery pulled out, Hesketh & Daughter are doing it now. still need to "
        "choose the hinges",
    )
    out = graph.invoke({"messages": [("user", "ok, back to the shed, which hinges?")]}, cfg("s2"))
    thread = _thread(out)
    assert "Hesketh & Daughter" in thread and "hinges" in thread
    assert "Brambling" not in thread


@pytest.mark.parametrize(
    ("last_word", "resume"),
    [
        ("the quiz night is all set apart from the raffle", "so where had I got to?"),
        ("the quiz night is all set except for the raffle", "can we finish what we began?"),
        ("the quiz night is all set other than the raffle", "Morning. Resume."),
    ],
)
def test_what_a_done_task_still_lacks_is_open_and_a_bare_resume_brings_it(
    store: Any, last_word: str, resume: str
) -> None:
    graph, _ = _session(store, last_word)
    out = graph.invoke({"messages": [("user", resume)]}, cfg("s2"))
    assert "raffle" in _thread(out)
