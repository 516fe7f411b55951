"""Forget in natural language beyond the first recogniser (issue 12, kind 6): slang verbs,
no possessive, a value named in other words, wishes and polite questions, a misspelt
attribute, a topic or the previous message pointed back at, everything and stop-storing in
other words, and what only looks like a forget. Wordings and values are this file's own."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore

from langmem_plus.facts.models import Fact
from langmem_plus.nodes.intents import detect_command, forget_targets
from unit_tests.test_graph_support import (
    Clock,
    RecordingModel,
    alice_facts_text,
    build_chatbot,
    either_store,
    say_as_alice,
)

store = pytest.fixture(params=["inmemory", "qdrant"])(either_store)

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str, *, subject: str = "user", msg: str = "m1") -> Fact:
    return Fact(
        fact_id=f"{predicate}:{obj}" if subject == "user" else f"{subject}/{predicate}",
        user_id="u", kind="fact", subject=subject,
        predicate=predicate, object=obj, text=text, valid_from=T, asserted_at=T,
        message_id=msg,
    )  # fmt: skip


PROFILE = [
    fact("city", "Braga", "The user lives in Braga."),
    fact("employer", "Lanternfish", "The user works at Lanternfish."),
    fact("job_title", "luthier", "The user is a luthier."),
    fact("allergy", "sesame", "The user is allergic to sesame."),
    fact("allergy", "walnuts", "The user is allergic to walnuts."),
    fact("intolerance", "fructose", "The user is fructose intolerant."),
    fact("pet", "Noodle", "Has a parrot named Noodle."),
    fact("partner", "Ilse", "The user's partner is Ilse."),
    fact("city", "Braga", "The user's brother lives in Braga.", subject="person:brother"),
]


def gone(text: str, facts: list[Fact] = PROFILE, previous: tuple[str, ...] = ()) -> set[str]:
    """The facts a message deletes ("ALL" for everything), or ``set()`` when it is not a
    memory command at all."""
    command = detect_command(text)
    if command is None or command.kind != "forget":
        return set()
    if command.everything:
        return {"ALL"}
    return {f.fact_id for f in forget_targets(command, facts, previous=list(previous))}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a value named in other words, not the attribute
        ("forget the stuff about the Braga apartment", {"city:Braga"}),
        ("pls bin the braga thing", {"city:Braga"}),
        ("scrap the Lanternfish stuff", {"employer:Lanternfish"}),
        # slang and terse verbs, no possessive
        ("nuke my work info", {"employer:Lanternfish", "job_title:luthier"}),
        ("toss the fructose thing already", {"intolerance:fructose"}),
        ("lose the bit about the parrot", {"pet:Noodle"}),
        ("trash what I said about Noodle.", {"pet:Noodle"}),
        # wishes and polite questions
        ("would you mind forgetting where I live?", {"city:Braga"}),
        ("I wish you would forget my girlfriend", {"partner:Ilse"}),
        ("there's no need to remember my job", {"employer:Lanternfish", "job_title:luthier"}),
        ("you don't need to know about my parrot", {"pet:Noodle"}),
        # a misspelt attribute, a chat spelling of "about"
        ("forget my adress", {"city:Braga"}),
        ("delete my sesame alergy", {"allergy:sesame"}),
        ("forget abt my job", {"employer:Lanternfish", "job_title:luthier"}),
        # a topic stated first, then pointed back at
        ("the walnut thing, bin it", {"allergy:walnuts"}),
        ("sesame allergy: a false alarm. nuke it", {"allergy:sesame"}),
        # request frames around the verb
        ("Mind wiping my job info?", {"employer:Lanternfish", "job_title:luthier"}),
        ("let's forget what you know about my parrot", {"pet:Noodle"}),
        ("You must erase where I live.", {"city:Braga"}),
        ("could we delete my job stuff", {"employer:Lanternfish", "job_title:luthier"}),
        ("It would be great if you forgot my girlfriend", {"partner:Ilse"}),
        ("can ya forget my girlfriend", {"partner:Ilse"}),
        ("I want my parrot info gone", {"pet:Noodle"}),
        ("forget where I live at the moment", {"city:Braga"}),
        ("delete all info concerning my parrot", {"pet:Noodle"}),
        ("Erase all of my personal details", {"ALL"}),
        # several names of one attribute, "any mention of"
        ("remove my home address", {"city:Braga"}),
        ("erase every mention of my girlfriend", {"partner:Ilse"}),
        # everything but a topic
        (
            "forget everything except my allergies",
            {f.fact_id for f in PROFILE if f.predicate != "allergy"},
        ),
        # everything in other words
        ("wipe my entire profile please", {"ALL"}),
        ("reset everything you know about me", {"ALL"}),
        ("could you delete all the memories you have of me?", {"ALL"}),
    ],
)
def test_forget_wordings_delete_what_they_name_and_keep_the_rest(
    text: str, expected: set[str]
) -> None:
    assert gone(text) == expected


@pytest.mark.parametrize(
    "text",
    ["stop keeping tabs on where I live", "no more saving my location", "from now on don't "
     "store where i live", "you shouldn't keep track of where I live",
     "could you not retain my address", "please do not retain where I live"],
)  # fmt: skip
def test_stop_storing_in_other_words(text: str) -> None:
    command = detect_command(text)
    assert command is not None and command.stop and not command.everything
    assert gone(text) == {"city:Braga"}


@pytest.mark.parametrize(
    "text",
    ["Can you delete memories?", "Did you forget where I live?", "Forget about it.",
     "how would I get you to forget something?", "delete the last paragraph",
     "drop the onions from my stew recipe", "scratch that, make it shorter",
     "Don't forget my walnut allergy!", "Why did you forget my job?",
     "I keep forgetting my parrot's meds", "dropped my parrot at the vet, any tips?",
     "I want my old emails deleted"],
)  # fmt: skip
def test_what_only_looks_like_a_forget_deletes_nothing(text: str) -> None:
    assert gone(text, previous=("m1",)) == set()


def test_a_value_wrapped_in_words_never_takes_another_persons_or_another_attribute() -> None:
    # "my brother in Braga" is the brother's city, never the user's
    assert gone("forget the thing about my brother in Braga") == {"person:brother/city"}


def test_no_possessive_and_nothing_stored_is_not_a_command() -> None:
    others = [f for f in PROFILE if f.predicate != "intolerance"]
    assert gone("toss the fructose thing already", others) == set()


def test_pointing_back_at_the_previous_message_deletes_what_it_stated(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    saver = InMemorySaver()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=saver, store=store)
    say_as_alice(graph, "s1", "I work at Lanternfish.")
    clock.advance(days=1)
    say_as_alice(graph, "s2", "I'm vegan now.")
    assert "vegan" in alice_facts_text(store)
    out = say_as_alice(graph, "s2", "that's not true anymore, remove it")
    assert out["memory_command"] == "forget"
    assert "vegan" not in alice_facts_text(store) and "Lanternfish" in alice_facts_text(store)
    reply = out["messages"][-1].content
    assert "what you said in your last message" in reply and "vegan" not in reply


def test_a_pronoun_with_nothing_stated_before_it_is_left_to_the_model(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I work at Lanternfish.")
    calls = len(model.prompts)
    say_as_alice(graph, "s1", "Write me a haiku about rain.")
    out = say_as_alice(graph, "s1", "hmm, bad one, delete it")
    assert out["memory_command"] is None and len(model.prompts) == calls + 2
    assert "Lanternfish" in alice_facts_text(store)


def test_no_possessive_forget_through_the_graph(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I'm allergic to sesame.")
    say_as_alice(graph, "s1", "I work at Lanternfish.")
    clock.advance(days=2)
    out = say_as_alice(graph, "s2", "ugh, toss the sesame thing")
    assert out["memory_command"] == "forget" and "Done." in out["messages"][-1].content
    assert "sesame" not in alice_facts_text(store) and "Lanternfish" in alice_facts_text(store)
    calls = len(model.prompts)
    out = say_as_alice(graph, "s2", "toss the croutons, they're stale")
    assert out["memory_command"] is None and len(model.prompts) == calls + 1


def test_a_memory_reference_that_names_nothing_is_answered_nothing_matched(
    store: BaseStore,
) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I work at Lanternfish.")
    calls = len(model.prompts)
    out = say_as_alice(graph, "s1", "Trash whatever you picked up about my vocation.")
    assert out["memory_command"] == "forget" and len(model.prompts) == calls
    assert out["messages"][-1].content.startswith("Nothing matched: I have nothing saved about")
    assert "Lanternfish" in alice_facts_text(store)


def test_removing_what_the_assistant_just_wrote_is_an_edit_not_a_forget(
    store: BaseStore,
) -> None:
    from langchain_core.messages import AIMessage

    recipe = AIMessage("Satay: chicken, sesame seeds, lime, rice.")
    model, clock = RecordingModel(script=[AIMessage("ok"), recipe, AIMessage("ok")]), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I'm allergic to sesame.")
    say_as_alice(graph, "s1", "Give me a satay recipe.")
    out = say_as_alice(graph, "s1", "great, now drop the sesame")
    assert out["memory_command"] is None and "sesame" in alice_facts_text(store)


def test_a_command_after_an_opening_clause(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I work at Lanternfish and I live in Braga.")
    clock.advance(days=1)
    out = say_as_alice(graph, "s2", "I've thought about it, please delete my job details")
    assert out["memory_command"] == "forget"
    assert "Lanternfish" not in alice_facts_text(store) and "Braga" in alice_facts_text(store)


def test_the_forget_tool_keeps_what_everything_but_names() -> None:
    from unit_tests.test_tools_memory import call, run

    memory = InMemoryStore()
    run(memory, call("remember", fact="I'm allergic to sesame"))
    run(memory, call("remember", fact="I live in Braga"))
    [gone] = run(memory, call("forget", about="everything except my allergies"))
    assert gone.startswith("Done.")
    kept = " ".join(str(i.value) for i in memory.search(("langmem_plus", "alice", "facts")))
    assert "sesame" in kept and "Braga" not in kept


def test_a_capitalised_name_is_never_corrected_into_an_attribute() -> None:
    pets = [fact("pet", "Hobbes", "Has a ferret named Hobbes."),
            fact("hobby", "chess", "The user's hobby is chess.")]  # fmt: skip
    assert gone("forget Hobbes", pets) == {"pet:Hobbes"}
