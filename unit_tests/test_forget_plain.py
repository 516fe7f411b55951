"""Forget in plain language, third round (issue 12, kind 6): a wish in a favourable frame, a
memory reference pointed back at, where the memory is kept as a tail, topics joined by "+",
set phrases ("what I do for a living"), relation words for people whose facts are held
under their name, everything in everyday words, the previous message as a whole; and what
only looks like a forget: an option set aside ("forget the hotel, book a flat"), a verb of
keeping with its complement ("don't log me out", "don't keep it short"). Wordings and
values are this file's own."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.base import BaseStore

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


def fact(predicate: str, obj: str, text: str, *, subject: str = "user") -> Fact:
    return Fact(
        fact_id=f"{subject}/{predicate}:{obj}", user_id="u", kind="fact", subject=subject,
        predicate=predicate, object=obj, text=text, valid_from=T, asserted_at=T,
        message_id="m1",
    )  # fmt: skip


PROFILE = [
    fact("city", "Ljubljana", "The user lives in Ljubljana."),
    fact("employer", "Copperleaf", "The user works at Copperleaf."),
    fact("job_title", "glazier", "The user is a glazier."),
    fact("dietary_restriction", "pescatarian", "The user is pescatarian."),
    fact("allergy", "celery", "The user is allergic to celery."),
    fact("child", "Örjan", "Has a son named Örjan."),
    fact("child", "Tove", "Has a daughter named Tove."),
    fact("partner", "Kasimir", "Has a husband named Kasimir."),
    fact("pet", "Waffle", "Has a ferret named Waffle."),
    fact("gym", "Summit Hall", "Is a member at Summit Hall."),
    fact("sibling", "Radka", "Has a sister named Radka."),
    fact("city", "Brno", "The user's sister Radka lives in Brno.", subject="person:radka"),
    fact("job_title", "vet", "Radka is a vet.", subject="person:radka"),
]
JOB = {"user/employer:Copperleaf", "user/job_title:glazier"}


def gone(text: str, facts: list[Fact] = PROFILE, previous: tuple[str, ...] = ()) -> set[str]:
    """The facts a message deletes ("ALL" for everything, "PREVIOUS" for the previous
    message's), or ``set()`` when it is not a memory command at all."""
    command = detect_command(text)
    if command is None or command.kind != "forget":
        return set()
    if command.everything:
        return {"ALL"}
    if command.previous:
        return {"PREVIOUS"}
    return {f.fact_id for f in forget_targets(command, facts, previous=list(previous))}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a wish in a favourable frame is the request
        ("I would be grateful if you could erase my dietary information.",
         {"user/dietary_restriction:pescatarian"}),
        ("it'd be great if you could drop where I live", {"user/city:Ljubljana"}),
        # a memory reference names the topic a command points back at
        ("that stuff I told you about my job — scrap it", JOB),
        # where the memory is kept ends the topic; "+" joins two
        ("can you not keep my allergy on file?", {"user/allergy:celery"}),
        ("forget my allergy + my diet pls",
         {"user/allergy:celery", "user/dietary_restriction:pescatarian"}),
        # another name of an attribute, a wrapping word inside a relation's name
        ("Forget my place, please — I'm moving soon.", {"user/city:Ljubljana"}),
        ("delete the info about my little ones", {"user/child:Örjan", "user/child:Tove"}),
        ("erase my furry friend from your memory", {"user/pet:Waffle"}),
        # set phrases for an attribute, never the attribute their words name
        ("forget what I do for a living", JOB),
        ("stop remembering where I work out", {"user/gym:Summit Hall"}),
        ("please forget where I'm from", {"user/city:Ljubljana"}),
        # a person by relation, whose facts are held under her name
        ("forget where my sister lives", {"person:radka/city:Brno"}),
        ("forget my sister",
         {"user/sibling:Radka", "person:radka/city:Brno", "person:radka/job_title:vet"}),
        # everything, in everyday words
        ("forget everything we talked about", {"ALL"}),
        ("forget our conversations", {"ALL"}),
        ("Please forget everything I've told you so far.", {"ALL"}),
        ("I want you to forget who I am", {"ALL"}),
        ("please purge all my personal data per GDPR", {"ALL"}),
        # the previous message as a whole
        ("forget I said anything", {"PREVIOUS"}),
        ("forget the last thing I said", {"PREVIOUS"}),
        ("actually no, don't save that", {"PREVIOUS"}),
        ("never mind that, don't store it", {"PREVIOUS"}),
        ("ignore what I just said", {"PREVIOUS"}),
        # a verb that moves it out of the memory; keeping verbs after "stop"
        ("please take my address off your list", {"user/city:Ljubljana"}),
        ("get my job details out of your memory", JOB),
        ("Don't include my kids in your notes.", {"user/child:Örjan", "user/child:Tove"}),
        ("please stop holding on to my diet info", {"user/dietary_restriction:pescatarian"}),
        ("can you unremember my allergy", {"user/allergy:celery"}),
        ("forget my details", {"ALL"}),
        # "my name" is the user's name, never every person whose fact says "named"
        ("forget my name", set()),
    ],
)  # fmt: skip
def test_plain_forgets_delete_what_they_name_and_keep_the_rest(
    text: str, expected: set[str]
) -> None:
    assert gone(text) == expected


@pytest.mark.parametrize(
    "text",
    ["forget the hotel, book an Airbnb near the station", "forget Ljubljana, let's go to Rome",
     "let's forget the budget and just plan the route", "don't log me out",
     "don't keep it short", "don't save it as a PDF", "don't record this meeting",
     "don't track my package", "I'd be upset if you forgot my birthday",
     "It would be great if you could remove the typos from my essay",
     "I forgot my keys at the gym", "forget it, let's do pasta",
     "Give me a risotto recipe and don't forget the salt",
     "forget about formatting, just give me the facts", "take milk off my list",
     "don't put my name in the file"],
)  # fmt: skip
def test_what_only_looks_like_a_forget_is_left_to_the_model(text: str) -> None:
    # not a command (a tentative one would be, only if it named a stored fact)
    command = detect_command(text)
    assert command is None or (command.tentative and not forget_targets(command, PROFILE))


def test_a_value_set_aside_for_another_is_not_a_forget_even_when_it_is_stored() -> None:
    command = detect_command("Forget Ljubljana, let's plan a weekend in Rome instead.")
    assert command is None
    # said on its own, the stored value is what the user means
    bare = detect_command("forget Ljubljana")
    assert bare is not None and bare.tentative
    assert {f.fact_id for f in forget_targets(bare, PROFILE)} == {"user/city:Ljubljana"}


def test_a_verb_of_keeping_with_its_complement_never_wipes_the_memory(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I live in Ljubljana.")
    clock.advance(days=1)
    calls = len(model.prompts)
    out = say_as_alice(graph, "s2", "don't log me out, I'm still working")
    assert out["memory_command"] is None and len(model.prompts) == calls + 1
    assert "Ljubljana" in alice_facts_text(store)
    clock.advance(days=1)
    say_as_alice(graph, "s3", "I work at Copperleaf.")
    assert "Copperleaf" in alice_facts_text(store)  # memory was not turned off


def test_a_memory_reference_pointed_back_at_deletes_that_topic(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I live in Ljubljana.")
    say_as_alice(graph, "s1", "I work at Copperleaf.")
    clock.advance(days=2)
    out = say_as_alice(graph, "s2", "that thing I told you about my job — drop it")
    assert out["memory_command"] == "forget"
    assert out["messages"][-1].content.startswith("Done. I've deleted what you told me about")
    assert "Copperleaf" not in alice_facts_text(store) and "Ljubljana" in alice_facts_text(store)


def test_dont_save_that_deletes_what_the_previous_message_stated(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I work at Copperleaf.")
    clock.advance(days=1)
    say_as_alice(graph, "s2", "I'm pescatarian now.")
    assert "pescatarian" in alice_facts_text(store)
    out = say_as_alice(graph, "s2", "Actually no, don't save that.")
    assert out["memory_command"] == "forget"
    assert "pescatarian" not in alice_facts_text(store) and "Copperleaf" in alice_facts_text(store)


def test_an_option_set_aside_keeps_the_stored_value(store: BaseStore) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I live in Ljubljana.")
    clock.advance(days=1)
    calls = len(model.prompts)
    out = say_as_alice(graph, "s2", "Forget Ljubljana, let's plan a weekend in Rome instead.")
    assert out["memory_command"] is None and len(model.prompts) == calls + 1
    assert "Ljubljana" in alice_facts_text(store)


@pytest.mark.parametrize(
    ("topic", "blocked"),
    [
        ("my kids' names", ["child"]),  # the kids' names, never the user's own name
        ("my husband's name", ["partner"]),
        ("where I work", ["employer", "job_title"]),  # not what the user is working on
        ("my name", ["preferred_name"]),
    ],
)
def test_stop_storing_blocks_the_attribute_the_topic_names_and_no_other(
    topic: str, blocked: list[str]
) -> None:
    from langmem_plus.nodes.intents import blocked_predicates

    assert blocked_predicates(topic) == blocked


def test_a_forgotten_value_said_in_another_facts_words_goes_too() -> None:
    facts = [
        fact("employer", "Copperleaf", "The user works at Copperleaf."),
        fact("job_title", "glazier", "The user is a glazier at Copperleaf."),
        fact("city", "Ljubljana", "The user lives in Ljubljana."),
        fact("city", "Copperleaf", "Radka works at Copperleaf.", subject="person:radka"),
    ]
    # the job title would still say where the user works; the city and Radka's fact stay
    assert gone("please forget my employer", facts) == {
        "user/employer:Copperleaf", "user/job_title:glazier"
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Dropping my sister Lotte at the airport on Friday, any parking tips?",
        "drop the kids off at 8 then head to the gym",
        "Dropping the dog at my mum's before work",
    ],
)
def test_an_errand_with_drop_is_not_a_forget(text: str) -> None:
    """Taking someone somewhere is not a request to forget them (it used to delete the
    sister's facts)."""
    assert detect_command(text) is None


def test_drop_with_a_memory_reference_is_still_a_forget() -> None:
    cmd = detect_command("drop the bit about my trip to the coast")
    assert cmd is not None and cmd.kind == "forget"


@pytest.mark.parametrize(
    "said",
    [
        "could you not keep the pottery class thing on file? rather it didn't come up",
        "please don't keep the locksmith stuff on record",
    ],
)
def test_keeping_on_file_is_the_memory_so_nothing_held_is_said_plainly(
    store: BaseStore, said: str
) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I live in Ljubljana.")
    clock.advance(days=1)
    out = say_as_alice(graph, "s2", said)
    assert out["memory_command"] == "forget"
    assert out["messages"][-1].content.startswith("Nothing matched")
    assert "Ljubljana" in alice_facts_text(store)


@pytest.mark.parametrize(
    "said", ["nvm that last thing I said, delete it", "that previous bit I wrote — remove it"]
)
def test_the_previous_message_pointed_back_at_first_is_deleted(store: BaseStore, said: str) -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    say_as_alice(graph, "s1", "I live in Ljubljana.")
    clock.advance(days=1)
    say_as_alice(graph, "s2", "I work at Copperleaf.")
    out = say_as_alice(graph, "s2", said)
    assert out["memory_command"] == "forget"
    assert "Copperleaf" not in alice_facts_text(store) and "Ljubljana" in alice_facts_text(store)
