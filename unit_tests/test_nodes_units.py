"""Pure pieces of the node layer: command detection, forget matching, the drivers."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from langmem_plus.models import Fact
from langmem_plus.nodes import NOTHING_SAVED, detect_command
from langmem_plus.nodes.effects import Call, adrive, drive
from langmem_plus.nodes.intents import describe_facts, match_facts

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str) -> Fact:
    return Fact(fact_id=predicate, user_id="u", kind="fact", subject="user",
                predicate=predicate, object=obj, text=text, valid_from=T,
                asserted_at=T)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "about"),
    [
        ("What did I tell you?", "recall", ""),
        ("what do you know about me", "recall", ""),
        ("Forget that I told you about my divorce.", "forget", "my divorce"),
        ("Please delete what you know about my allergies", "forget", "my allergies"),
        ("Forget everything.", "forget", "everything"),
        ("Remember that my sister lives in London.", "remember", "my sister lives in London."),
    ],
)
def test_commands_are_recognised(text: str, kind: str, about: str) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == kind and command.about == about


@pytest.mark.parametrize(
    "text",
    ["I forget things easily", "Forget about it.", "How do I forget a password?",
     "Remember I'm vegan. What should I cook?", "What did I tell you about Berlin?"],
)  # fmt: skip
def test_ordinary_messages_are_not_commands(text: str) -> None:
    assert detect_command(text) is None


def test_forget_matches_by_topic_not_by_accident() -> None:
    employer = fact("employer", "Acme", "The user works at Acme.")
    allergy = fact("allergy", "peanuts", "The user is allergic to peanuts.")
    assert match_facts("my employer", [employer, allergy]) == [employer]
    assert match_facts("Acme", [employer, allergy]) == [employer]
    assert match_facts("my cat", [employer, allergy]) == []


def test_recall_reply_lists_facts_or_says_nothing_is_saved() -> None:
    assert describe_facts([]) == NOTHING_SAVED
    assert "- you work at Acme (since 2026-05-01)" in describe_facts(
        [fact("employer", "Acme", "The user works at Acme.")]
    )


def test_sync_and_async_drivers_run_the_same_plan() -> None:
    async def alen(x: str) -> int:
        return len(x) + 100

    def plan():  # type: ignore[no-untyped-def]
        try:
            yield Call(int, None, ("not a number",))
        except ValueError:
            pass
        n = yield Call(len, alen, ("abc",))
        return n

    assert drive(plan()) == 3
    assert asyncio.run(adrive(plan())) == 103


# ---------------------------------------------------------------- forget in plain language


@pytest.mark.parametrize(
    ("text", "about"),
    [
        ("Please forget my shellfish allergy - the doctor got it wrong", "my shellfish allergy"),
        ("forget what I mentioned about my job, I was made redundant", "my job"),
        ("Could you delete everything you know about where I live?", "where I live"),
        ("Forget my location. I'm travelling for a year.", "my location"),
        ("Erase my latex allergy; it was a rash from something else", "my latex allergy"),
    ],
)
def test_a_forget_names_its_topic_without_the_trailing_clause(text: str, about: str) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == "forget"
    assert (command.about, command.everything, command.stop) == (about, False, False)


@pytest.mark.parametrize(
    "text",
    ["Stop remembering my address, thanks", "please stop storing where I work",
     "Don't keep track of my location any more"],
)  # fmt: skip
def test_stop_storing_is_a_forget_command(text: str) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == "forget" and command.stop


@pytest.mark.parametrize(
    "text",
    ["Could you wipe out everything you've stored on me?", "scrub it all.",
     "clear whatever you have on me", "Delete all my data, please",
     "Forget me, I'm done with this app"],
)  # fmt: skip
def test_forget_everything_in_everyday_words(text: str) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == "forget" and command.everything


@pytest.mark.parametrize(
    "text",
    ["Remove the duplicates from my spreadsheet", "Delete the second bullet point",
     "Clear my schedule for Monday", "Can you remove my name from this letter?",
     "Erase the whiteboard sketch and start over", "Forget it, let's plan the Rome trip"],
)  # fmt: skip
def test_editing_requests_are_not_memory_commands(text: str) -> None:
    assert detect_command(text) is None


def person(fact_id: str, subject: str, predicate: str, obj: str, text: str) -> Fact:
    return fact(predicate, obj, text).model_copy(update={"fact_id": fact_id, "subject": subject})


KEPT = [
    fact("employer", "Lumen Oy", "The user works at Lumen Oy."),
    fact("job_title", "barista", "The user is a barista."),
    fact("city", "Turku", "The user lives in Turku."),
    fact("country", "Finland", "The user lives in Finland."),
    person("a-shell", "user", "allergy", "shellfish", "The user is allergic to shellfish."),
    person("a-latex", "user", "allergy", "latex", "The user is allergic to latex."),
    person("sis", "person:sister", "city", "Oulu", "The user's sister lives in Oulu."),
    person("kid", "user", "child", "Aino", "Has a daughter named Aino."),
]


@pytest.mark.parametrize(
    ("topic", "ids"),
    [
        ("my job", ["employer", "job_title"]),
        ("my work", ["employer", "job_title"]),
        ("where I live", ["city", "country"]),
        ("my location", ["city", "country"]),
        ("my shellfish allergy", ["a-shell"]),
        ("the whole latex allergy thing", ["a-latex"]),
        ("my sister", ["sis"]),
        ("my daughter", ["kid"]),
        ("my job and where I live", ["employer", "job_title", "city", "country"]),
        ("a-latex", ["a-latex"]),
        ("my son", []),
        ("my car", []),
    ],
)
def test_forget_finds_facts_by_topic_like_recall_does(topic: str, ids: list[str]) -> None:
    assert [f.fact_id for f in match_facts(topic, KEPT)] == ids


def test_the_forget_reply_names_what_went_or_says_nothing_matched() -> None:
    from langmem_plus.nodes.intents import MemoryCommand, forget_reply

    job = MemoryCommand("forget", about="my job")
    reply = forget_reply(job, KEPT[:2], {"current facts": 2, "history versions": 0})
    assert "about your job: 2 facts (employer, job title)" in reply
    assert "Lumen" not in reply and "barista" not in reply
    nothing = forget_reply(MemoryCommand("forget", about="my car"), [], {})
    assert nothing.startswith("Nothing matched") and "nothing was deleted" in nothing
    stop = forget_reply(MemoryCommand("forget", about="where I live", stop=True), KEPT[2:4],
                        {"current facts": 2})  # fmt: skip
    assert "memory can be turned off" in stop


def test_forget_in_plain_language_through_the_graph() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

    store = InMemoryStore()
    graph = build_chatbot(RecordingModel(), clock=Clock()).compile(
        checkpointer=InMemorySaver(), store=store
    )
    config = {"configurable": {"thread_id": "t1", "user_id": "mara"}}

    def say(text: str) -> str:
        out = graph.invoke({"messages": [("user", text)]}, config)
        return str(out["messages"][-1].content)

    def values() -> set[str]:
        return {i.value["object"] for i in store.search(("langmem_plus", "mara", "facts"))}

    for text in ["I'm allergic to shellfish.", "I'm allergic to latex.", "I work at Lumen Oy.",
                 "I live in Turku."]:  # fmt: skip
        say(text)
    assert {"shellfish", "latex", "Lumen Oy", "Turku"} <= values()

    reply = say("Forget my shellfish allergy — turns out it was a misdiagnosis")
    assert reply.startswith("Done.") and "shellfish" not in reply
    assert "shellfish" not in values() and "latex" in values()

    reply = say("please forget what I told you about my work, I've changed jobs")
    assert reply.startswith("Done.") and "Lumen Oy" not in values()

    assert say("Forget my car, please").startswith("Nothing matched")

    reply = say("Wipe whatever you've got on me.")
    assert reply.startswith("Done.") and values() == set()
