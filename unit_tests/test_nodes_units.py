"""Pure pieces of the node layer: command detection, forget matching, the drivers."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from typing import Any

import pytest

from langmem_plus.facts.models import Fact
from langmem_plus.nodes import NOTHING_SAVED, detect_command
from langmem_plus.nodes.effects import Call, adrive, drive
from langmem_plus.nodes.intents import describe_facts, match_facts

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str) -> Fact:
    return Fact(fact_id=predicate, user_id="u", kind="fact", subject="user",
                predicate=predicate, object=obj, text=text, valid_from=T,
                asserted_at=T)  # fmt: skip



def not_a_command(text: str) -> bool:
    """Not a memory command for a user with a few ordinary facts: not recognised, or a
    tentative forget that names none of them (``forget_targets``)."""
    from langmem_plus.nodes.intents import forget_targets

    command = detect_command(text)
    if command is None:
        return True
    t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    facts = [
        Fact(fact_id=p, user_id="u", kind="fact", subject="user", predicate=p, object=o,
             text=x, valid_from=t, asserted_at=t, message_id="m0")
        for p, o, x in [("city", "Oslo", "The user lives in Oslo."),
                        ("employer", "Acme", "The user works at Acme."),
                        ("allergy", "kiwi", "The user is allergic to kiwi.")]
    ]  # fmt: skip
    return command.tentative and not forget_targets(command, facts, previous=["m0"])

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
    # a deletion verb without a memory word is a command only if it names a stored fact
    assert not_a_command(text)


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
    assert "I won't keep it" in stop and "remember it again" in stop


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


@pytest.mark.parametrize(
    ("text", "about"),
    [
        ("Could you forget where I live? I'd rather keep that private.", "where I live"),
        ("hmm, actually can you drop the stuff about my job? it's under NDA", "my job"),
        ("please scrap whatever you have on my address pls", "my address"),
        ("Scratch the kiwi one from my allergies, the rest are right.", "kiwi"),
        ("can you just forget my partner? we split up", "my partner"),
        ("Please don't remember Vilnius.", "Vilnius"),
        ("Delete Ilse from your memories, that's over.", "Ilse"),
        ("Forget anything to do with where I work, I'm leaving.", "where I work"),
        ("nah wait, plz forget my employer, my bad", "my employer"),
        ("Could you remove that I'm diabetic? It was a wrong test result.", "diabetic"),
    ],
)
def test_forget_requests_as_people_phrase_them_are_commands(text: str, about: str) -> None:
    from langmem_plus.nodes.intents import detect_command

    command = detect_command(text)
    assert command is not None and command.kind == "forget" and not command.everything
    assert about.casefold() in command.about.casefold()
    assert len(command.about) < len(text) - 10  # the reason after it is not the topic


@pytest.mark.parametrize(
    "text",
    ["ok can you just forget all of it. fresh start", "delete all my data, I'm done"],
)
def test_everyday_wipes_are_forget_everything(text: str) -> None:
    from langmem_plus.nodes.intents import detect_command

    command = detect_command(text)
    assert command is not None and command.everything


@pytest.mark.parametrize(
    "text",
    [
        "Can you remove the second paragraph?",
        "drop the table users",
        "scrap that idea, let's do pasta",
        "Delete my account?",
        "Can you delete the last line of my essay?",
    ],
)
def test_editing_requests_are_not_forget_commands(text: str) -> None:
    # a deletion verb without a memory word is a command only if it names a stored fact
    assert not_a_command(text)


@pytest.mark.parametrize(
    "topic", ["all my health stuff", "the medical things I told you", "my health info you kept"]
)
def test_forgetting_a_health_topic_takes_the_allergies_only(topic: str) -> None:
    assert sorted(f.fact_id for f in match_facts(topic, KEPT)) == ["a-latex", "a-shell"]


def test_stop_storing_blocks_later_statements_until_the_user_allows_them() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

    store = InMemoryStore()
    graph = build_chatbot(RecordingModel(), clock=Clock()).compile(
        checkpointer=InMemorySaver(), store=store
    )

    def say(text: str, thread: str) -> dict[str, Any]:
        config = {"configurable": {"thread_id": thread, "user_id": "ines"}}
        return dict(graph.invoke({"messages": [("user", text)]}, config))

    def values() -> set[str]:
        return {i.value["object"] for i in store.search(("langmem_plus", "ines", "facts"))}

    say("I live in Turku.", "s1")
    say("I work at Lumen Oy.", "s1")
    out = say("Please stop storing where I live.", "s2")
    assert "Turku" not in values() and "Lumen Oy" in values()
    assert "remember it again" in str(out["messages"][-1].content)
    # a later session: the forgotten value is not recalled, and a new one is not kept
    assert "Turku" not in (say("Any walks near where I live?", "s3")["memory_block"] or "")
    out = say("I live in Oulu now.", "s4")
    assert "Oulu" not in values()
    assert any("you asked me not to keep that" in a for a in out["memory_announcements"])
    assert "Lumen Oy" in (say("Help me with my work bio.", "s5")["memory_block"] or "")
    # undo: the user turns it back on, and the next statement is kept
    out = say("You can remember where I live again.", "s6")
    assert "again" in str(out["messages"][-1].content)
    say("I live in Oulu.", "s7")
    assert "Oulu" in values()


def test_forgetting_before_session_end_means_it_is_never_saved() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from langmem_plus.facts.memory import FactMemory
    from langmem_plus.nodes import SessionManager
    from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

    model, clock, store, saver = RecordingModel(), Clock(), InMemoryStore(), InMemorySaver()
    graph = build_chatbot(model, clock=clock, persist="session_end").compile(
        checkpointer=saver, store=store
    )
    config = {"configurable": {"thread_id": "s1", "user_id": "noor"}}
    for text in ["I'm allergic to kiwi.", "I live in Tartu.", "can you forget my kiwi allergy?",
                 "What's a good snack?"]:  # fmt: skip
        out = graph.invoke({"messages": [("user", text)]}, config)
        clock.advance(minutes=1)
    assert "kiwi" not in str(model.prompts[-1][0].content)
    assert "Tartu" in str(model.prompts[-1][0].content)
    clock.advance(minutes=40)
    SessionManager(FactMemory(store, clock=clock), saver, clock=clock).sweep()
    objects = {i.value["object"] for i in store.search(("langmem_plus", "noor", "facts"))}
    assert objects == {"Tartu"}
    assert out["memory_working_set"] and "kiwi" not in str(out["memory_working_set"])



@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("You may keep my address again.", "allow"),
        ("ok, go back to storing my job again", "allow"),
        ("Remember that I changed teams again.", "remember"),
    ],
)
def test_allowing_a_topic_again_needs_a_permission(text: str, kind: str) -> None:
    from langmem_plus.nodes.intents import detect_command

    command = detect_command(text)
    assert command is not None and command.kind == kind


def test_forgetting_a_value_takes_it_whoever_holds_it() -> None:
    from datetime import datetime, timezone

    t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    sister = Fact(fact_id="s1", user_id="u", kind="fact", subject="person:sister",
                  holder="sister", predicate="city", object="Porto",
                  text="The user's sister lives in Porto.",
                  valid_from=t, asserted_at=t)  # fmt: skip
    assert [f.fact_id for f in match_facts("Porto", [*KEPT, sister])] == ["s1"]
    assert match_facts("where I live", [sister]) == []  # a topic stays the user's own


def test_stop_storing_anything_wipes_and_turns_memory_off() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

    store = InMemoryStore()
    graph = build_chatbot(RecordingModel(), clock=Clock()).compile(
        checkpointer=InMemorySaver(), store=store
    )

    def say(text: str, thread: str) -> str:
        config = {"configurable": {"thread_id": thread, "user_id": "oskar"}}
        return str(graph.invoke({"messages": [("user", text)]}, config)["messages"][-1].content)

    say("I work at Lumen Oy.", "a")
    assert "Memory is now off" in say("please never save anything about me", "b")
    say("I live in Turku.", "c")
    assert store.search(("langmem_plus", "oskar", "facts")) == []


# ------------------------------------------- forget by structure, not by phrasing (#12)

DIET = person("diet", "user", "dietary_restriction", "pescatarian", "The user is pescatarian.")
WIFE = person("wife", "user", "partner", "Ines", "The user's wife is Ines.")
INES = person("ines-job", "person:ines", "employer", "Halvard", "Ines works at Halvard.")


@pytest.mark.parametrize(
    ("text", "ids", "stop"),
    [
        # a wish that it not be kept
        ("I'd much rather you didn't keep my workplace.", ["employer"], True),
        ("honestly I don't want you to know my location", ["city", "country"], True),
        ("i dont want you to keep my job title", ["job_title"], True),
        ("I honestly would prefer you not remember my shellfish allergy", ["a-shell"], True),
        # a memory reference with a verb of its own, the topic named another way
        ("Bin whatever you scribbled down about my occupation", ["employer", "job_title"],
         False),
        ("Delete all the notes you made on my line of work.", ["employer", "job_title"], False),
        # a definite topic without "my", and a reason that is a clause of its own
        ("Delete the latex allergy, an immunologist cleared me in June.", ["a-latex"], False),
        ("remove the shellfish allergy, the second test said otherwise", ["a-shell"], False),
        # the topic stated first, the command pointing back at it
        ("The shellfish allergy was a childhood thing. Please cross it off your list.",
         ["a-shell"], False),
        ("my latex allergy got ruled out — so delete it", ["a-latex"], False),
        ("That shellfish allergy never existed; yank it out of your notes.", ["a-shell"],
         False),
        # the diet as a category; several topics after commas are all kept
        ("Forget my eating habits, they change weekly.", ["diet"], False),
        ("forget my employer, my daughter and where I live",
         ["employer", "city", "country", "kid"], False),
    ],
)  # fmt: skip
def test_forget_is_found_by_structure_and_maps_to_the_attributes(
    text: str, ids: list[str], stop: bool
) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == "forget" and not command.everything
    assert command.stop is stop
    assert sorted(f.fact_id for f in match_facts(command.about, [*KEPT, DIET])) == sorted(ids)


@pytest.mark.parametrize(
    "text",
    ["Erase every single fact you've gathered about me",
     "wipe each and every bit you've saved on me",
     "Could you purge every last detail you have about me?",
     "Can you delete everything I shared with you?"],
)  # fmt: skip
def test_forget_everything_is_a_verb_and_an_everything_object(text: str) -> None:
    command = detect_command(text)
    assert command is not None and command.everything


@pytest.mark.parametrize(
    "text",
    ["Can you forget stuff?", "could you delete everything I share with you?",
     "can you erase things if I ask?", "Would you forget whatever I type, in general?",
     # a statement and a pronoun that is not one of the user's attributes
     "The meeting got moved, delete it.", "My essay is too long, so delete it.",
     "My gym pass ran out, so forget it"],
)  # fmt: skip
def test_questions_about_forgetting_and_other_its_are_not_commands(text: str) -> None:
    # a deletion verb without a memory word is a command only if it names a stored fact
    assert not_a_command(text)


def test_forgetting_what_another_person_said_takes_only_their_facts() -> None:
    facts = [*KEPT, WIFE, INES]
    command = detect_command("please forget what my wife told you")
    assert command is not None and command.kind == "forget"
    # her facts (known by the name the user gave her), never the user's own or the partner
    assert [f.fact_id for f in match_facts(command.about, facts)] == ["ines-job"]
    other = detect_command("forget everything my brother said")
    assert other is not None and match_facts(other.about, facts) == []
    from langmem_plus.nodes.intents import forget_reply

    assert forget_reply(other, [], {}).startswith("Nothing matched")


def test_forget_by_structure_through_the_graph() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

    store = InMemoryStore()
    graph = build_chatbot(RecordingModel(), clock=Clock()).compile(
        checkpointer=InMemorySaver(), store=store
    )

    def say(text: str, thread: str = "t1") -> str:
        config = {"configurable": {"thread_id": thread, "user_id": "ilka"}}
        return str(graph.invoke({"messages": [("user", text)]}, config)["messages"][-1].content)

    def values() -> set[str]:
        return {i.value["object"] for i in store.search(("langmem_plus", "ilka", "facts"))}

    for text in ["I'm allergic to latex.", "I'm allergic to shellfish.", "I live in Turku."]:
        say(text)
    assert {"latex", "shellfish", "Turku"} <= values()
    say("Can you forget stuff?")  # a question about forgetting: nothing goes
    assert {"latex", "shellfish", "Turku"} <= values()
    reply = say("The latex allergy was a lab mix-up. Could you cross it off your notes?")
    assert reply.startswith("Done.") and "1 fact (allergy)" in reply and "latex" not in reply
    assert "latex" not in values() and "shellfish" in values()
    reply = say("I would prefer you not keep my location.", "t2")
    assert reply.startswith("Done.") and "Turku" not in values()
    say("I live in Oulu now.", "t3")  # a wish not to keep it is a "stop storing"
    assert "Oulu" not in values()


@pytest.mark.parametrize(
    ("topic", "blocked"),
    [("my eating habits", ["dietary_restriction"]), ("my occupation", ["employer", "job_title"]),
     ("where I'm based", ["city"]), ("my shellfish allergy", [])],
)  # fmt: skip
def test_stop_storing_blocks_the_attributes_the_topic_names(topic: str, blocked: list[str]) -> None:
    from langmem_plus.nodes.intents import blocked_predicates

    assert blocked_predicates(topic) == blocked


def test_what_someone_said_about_the_user_is_the_users_topic() -> None:
    command = detect_command("Forget what my dermatologist said about my latex allergy.")
    assert command is not None and command.about == "my latex allergy"
    assert [f.fact_id for f in match_facts(command.about, KEPT)] == ["a-latex"]


def test_a_wish_not_to_keep_it_is_undone_in_the_same_words() -> None:
    command = detect_command("You can hang on to where I live again.")
    assert command is not None and command.kind == "allow" and command.about == "where I live"
