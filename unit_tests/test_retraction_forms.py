"""Endings and corrections in the forms people use, through the default graph (#12).

Both halves are checked each time: the first statement is held, then the ending or the
correction leaves what the user would expect current (the ended value gone, a value it did
not name kept; the right value in the wrong one's place, never an invented one). Sessions
are separate threads, so a correction in a later session has no earlier turn to read.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import RuleExtractor, post_filter, user_turns
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import CORRECTION, WritePolicy
from unit_tests.test_graph_support import Clock as GraphClock
from unit_tests.test_graph_support import RecordingModel, build_chatbot
from unit_tests.test_memory_support import START, Clock, cand


def held(*sessions: tuple[str, ...], user: str = "ines") -> list[str]:
    """What the default graph holds as current after ``sessions`` (each its own thread)."""
    return graph_rows("facts", *sessions, user=user)


def graph_rows(kind: str, *sessions: tuple[str, ...], user: str = "ines") -> list[str]:
    """The objects of the rows the default graph keeps in the user's ``kind`` namespace
    ("facts": current, "history": ended) after ``sessions`` (each its own thread)."""
    model, clock, store = RecordingModel(), GraphClock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    for k, turns in enumerate(sessions):
        for text in turns:
            graph.invoke(
                {"messages": [("user", text)]},
                {"configurable": {"thread_id": f"s{k}", "user_id": user}},
            )
            clock.advance(minutes=2)
        clock.advance(days=2)
    return sorted(i.value["object"] for i in store.search(("langmem_plus", user, kind)))


@pytest.mark.parametrize(
    ("first", "ending", "left"),
    [
        ("I drive a Subaru Outback.", "we sold the Subaru in june", []),
        ("We have a cat called Tansy.", "our cat passed away over the winter", []),
        ("Our dog is called Жучка.", "Жучка passed away last night.", []),
        ("I work at Ferngate Studios.", "fyi not at Ferngate any more", []),
        ("I work at Ferngate Studios.", "I quit. Taking a break from work for now.", []),
        ("My fiancée is Odalys.", "the wedding is off.", []),
        ("I live in Zadar.", "Moved out of Zadar this spring, staying with my aunt.", []),
        (
            "I'm allergic to celery and mustard.",
            "the celery allergy was a false alarm",
            ["mustard"],
        ),
        ("I speak Finnish and Welsh.", "I don't speak Welsh any more.", ["Finnish"]),
        ("I'm on a paleo diet.", "Done with paleo, it was too much.", []),
        ("I drink yerba mate every day.", "I gave up yerba mate in march", []),
        ("I'm a barista at Quayside Roasters.", "I quit my job last week, done with cafés.", []),
        ("My wife is Ottilie.", "I'm not married any more.", []),
        (
            "I volunteer at the Larchmont Soup Kitchen on Sundays.",
            "stopped helping at the Larchmont",
            [],
        ),
        ("I'm a member of the Copperbeech Bowls Club.", "left the Copperbeech club", []),
        ("I sing in the Marram Harbour Choir.", "I quit the Marram choir, no time", []),
        ("I speak Basque and Czech.", "my Basque is rusty, I can't speak it any more", ["Czech"]),
    ],
)
def test_an_ending_closes_the_value_and_invents_none(
    first: str, ending: str, left: list[str]
) -> None:
    before = held((first,))
    assert len(before) > len(left)  # the statement was read: the ending has a value to end
    assert held((first,), (ending,)) == left


def test_a_pet_named_in_a_long_turn_that_ends_with_a_question_is_closed() -> None:
    ending = (
        "What a month. The car broke down, the roof leaked and we had to rehome Tansy "
        "because of the baby's asthma. Could you recommend a podcast?"
    )
    assert held(("We have a cat called Tansy.",), (ending,)) == []


def test_one_pet_of_two_dies_and_the_other_stays() -> None:
    assert held(("We have two cats, Tansy and Quill.",), ("quill passed away on sunday",)) == [
        "Tansy"
    ]


@pytest.mark.parametrize(
    "fix", ["*Skopje", "actually it's Skopje", "scratch that, Skopje. tired", "Ohrid? no, Skopje"]
)
def test_a_next_turn_correction_in_texting_forms_replaces_the_value(fix: str) -> None:
    assert held(("I live in Ohrid.", fix)) == ["Skopje"]


def test_a_bare_correction_replaces_the_value_it_is_spelled_like() -> None:
    # "a tester at Lumora": the job title was said last, the employer is what was misspelt
    facts = held(("I'm a tester at Lumora Labs.", "typo — Lumena Labs"))
    assert "Lumena Labs" in facts and "Lumora Labs" not in facts
    assert "tester" in facts


@pytest.mark.parametrize(
    "fix",
    [
        "oops, typo above: Skopje, with the j. long day",
        "sorry, typo earlier: Skopje, double p",
    ],
)
def test_a_typo_fix_that_says_where_and_how_it_is_spelt_replaces_the_value(fix: str) -> None:
    """A next-turn fix may say where the slip stood ("typo above") and how the right value
    is spelt ("with the j", "double p"): the value is still the words before that note."""
    assert held(("I live in Skopie.", fix)) == ["Skopje"]


@pytest.mark.parametrize(
    "fix",
    [
        "I said Ohrid last time but it's Skopje, sorry.",
        "Correction: I live in Skopje, not Ohrid.",
        "Sorry — Skopje, not Ohrid.",
    ],
)
def test_a_correction_in_a_later_session_replaces_the_value_in_its_slot(fix: str) -> None:
    assert held(("I live in Ohrid.",), (fix,)) == ["Skopje"]


def test_a_later_correction_of_a_value_never_held_stores_nothing() -> None:
    assert held(("I live in Ohrid.",), ("I said Bitola before but it's Prilep.",)) == ["Ohrid"]


def test_a_correction_without_its_slot_takes_the_wrong_values_slot_and_words() -> None:
    clock = Clock(START)
    memory = FactMemory(InMemoryStore(), clock=clock)
    memory.remember("ines", cand("city", "Ohrid", "Lives in Ohrid."))
    clock.advance(days=3)
    fix = CandidateFact(
        kind="fact",
        predicate=CORRECTION,
        object="Skopje",
        text="The user corrected Ohrid to Skopje.",
        corrects="Ohrid",
    )
    d = memory.remember("ines", fix)
    assert (d.action, d.code) == ("superseded", "corrected")
    assert d.fact is not None and (d.fact.predicate, d.fact.text) == ("city", "Lives in Skopje.")
    assert "Skopje" in memory.profile("ines") and "Ohrid" not in memory.profile("ines")


def test_a_slotless_correction_with_nothing_to_correct_is_rejected() -> None:
    fix = CandidateFact(
        kind="fact", predicate=CORRECTION, object="Skopje", text="Corrected.", corrects="Ohrid"
    )
    now = datetime(2026, 5, 1, tzinfo=timezone.utc)
    d = WritePolicy().decide(fix, user_id="ines", current=[], now=now)
    assert (d.action, d.code) == ("rejected", "nothing_to_retract")


@pytest.mark.parametrize(
    ("obj", "said"),
    [
        ("", "So, I handed in my notice on Friday and I'm between jobs!"),
        ("our cat Tansy", "Rough week; we rehomed Tansy. Any film tips for tonight?"),
    ],
)
def test_a_retraction_an_extractor_proposes_survives_the_post_filters(obj: str, said: str) -> None:
    """An empty value means "whatever is current"; a description of a name ("our cat
    Tansy") is judged in the clause that names it, not by a question asked after it."""
    gone = CandidateFact(
        kind="fact", predicate="pet" if obj else "employer", object=obj, text="Ended.",
        polarity="retract", quote=said,
    )  # fmt: skip
    kept, dropped = post_filter([gone], user_turns([HumanMessage(said)], now=START))
    assert [(c.object, c.modality, c.polarity) for c in kept] == [(obj, "asserted", "retract")]
    assert dropped == []


def test_a_thing_given_up_is_not_stored_as_something_avoided() -> None:
    assert held(("I drink yerba mate every day.",), ("gave up yerba mate in lent",)) == []


def test_a_statement_naming_the_value_it_replaces_corrects_it() -> None:
    said = "my employer is Ashgrove Hospital, not Ashgrove Clinic"
    facts = RuleExtractor().extract([HumanMessage(said)])
    assert [(f.predicate, f.object, f.corrects) for f in facts] == [
        ("employer", "Ashgrove Hospital", "Ashgrove Clinic")
    ]


def current(memory: FactMemory, user: str) -> list[str]:
    return sorted(i.value["object"] for i in memory.store.search(memory.layout.facts(user)))


@pytest.mark.parametrize(
    ("held_as", "retracted_as", "left"),
    [
        # a slot of one value named by a description with no name
        (("employer", "Saltfleet Ferries", "Works at Saltfleet Ferries."),
         ("employer", "my job"), []),
        # a phrase around one word of the name
        (("gym", "Ironstone Barbell", "Trains at Ironstone Barbell."),
         ("gym", "membership at Ironstone"), []),
        # the name typed without its accent, lowercase
        (("pet", "Anaïs", "Has a cat named Anaïs."), ("pet", "anais"), []),
    ],
)  # fmt: skip
def test_a_retraction_names_the_held_value_in_the_words_an_extractor_uses(
    held_as: tuple[str, str, str], retracted_as: tuple[str, str], left: list[str]
) -> None:
    clock = Clock(START)
    memory = FactMemory(InMemoryStore(), clock=clock)
    predicate, value, text = held_as
    memory.remember("ines", cand(predicate, value, text, single_valued=predicate == "gym"))
    clock.advance(days=2)
    gone = cand(*retracted_as, "Ended.", polarity="retract")
    assert memory.remember("ines", gone).action == "retracted"
    assert current(memory, "ines") == left


def test_a_nameless_description_does_not_close_every_value_of_a_multi_valued_slot() -> None:
    clock = Clock(START)
    memory = FactMemory(InMemoryStore(), clock=clock)
    memory.remember("ines", cand("allergy", "sesame", "Allergic to sesame."))
    memory.remember("ines", cand("allergy", "lupin", "Allergic to lupin."))
    clock.advance(days=2)
    gone = cand("allergy", "the thing from the clinic", "Not allergic.", polarity="retract")
    assert memory.remember("ines", gone).action == "rejected"
    assert current(memory, "ines") == ["lupin", "sesame"]


def test_a_correction_of_something_never_remembered_is_not_announced() -> None:
    model, clock, store = RecordingModel(), GraphClock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    cfg = {"configurable": {"thread_id": "s1", "user_id": "ines"}}
    out = graph.invoke({"messages": [("user", "Sorry, I meant Thursday not Wednesday.")]}, cfg)
    assert out.get("memory_announcements", []) == []
    assert list(store.search(("langmem_plus", "ines", "facts"))) == []


def test_a_thing_that_died_is_no_pet() -> None:
    assert RuleExtractor().extract([HumanMessage("laptop died ugh, no work today")]) == []
