"""Recall of the people in the user's life and of what constrains a request (issue 12, kinds
7 and 8): a relation said in other words reaches the facts about that person, a person
named reaches the facts held under their relation, a family request reaches every
relative's facts, routines and narrowed constraints are always sent, and none of it goes
to a request about something else."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from langmem_plus.extraction.filters import post_filter
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.facts.profile import render_profile
from langmem_plus.facts.retrieval import RetrievalPolicy
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock, cand

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)
T = NOW - timedelta(days=20)
POLICY = RetrievalPolicy()


def fact(i: str, predicate: str, obj: str, text: str, subject: str = "user") -> Fact:
    return Fact(fact_id=i, user_id="kim", kind="fact", subject=subject, predicate=predicate,
                object=obj, text=text, valid_from=T, asserted_at=T)  # fmt: skip


def sent(request: str, facts: list[Fact]) -> str:
    return POLICY.select(request, facts, scope=None, now=NOW).block


HOUSEHOLD = [
    fact("k1", "child", "Wren", "Has a daughter named Wren."),
    fact("k2", "child", "Isla", "Has a daughter named Isla."),
    fact("k3", "hobby", "fencing", "Wren does fencing.", subject="person:wren"),
    fact("p1", "partner", "Mattias", "Has a husband named Mattias."),
    fact(
        "p2",
        "intolerance",
        "lactose",
        "The user's husband is lactose intolerant.",
        subject="person:husband",
    ),
    fact("s1", "sibling", "Eoin", "Has a brother named Eoin."),
    fact(
        "s2",
        "dietary_restriction",
        "pescatarian",
        "The user's brother is pescatarian.",
        subject="person:brother",
    ),
    fact("m1", "city", "Tralee", "The user's mum lives in Tralee.", subject="person:mum"),
    fact("g1", "birthday", "August", "The user's nan turns 80 in August.", subject="person:nan"),
]


@pytest.mark.parametrize(
    ("request_", "value"),
    [
        ("dinner ideas for my other half", "lactose"),
        ("what can my better half eat at a barbecue?", "lactose"),
        ("how far is it to my mother's house?", "Tralee"),
        ("a weekend visiting my mom", "Tralee"),
        ("what should I get my grandmother?", "August"),
        ("an afternoon out for my two girls", "fencing"),
        ("what does my bro eat?", "pescatarian"),
    ],
)
def test_a_relation_in_other_words_reaches_the_facts_about_that_person(
    request_: str, value: str
) -> None:
    assert value in sent(request_, HOUSEHOLD)


def test_a_person_named_reaches_facts_held_under_their_relation() -> None:
    assert "pescatarian" in sent("Eoin is coming round for dinner, what should I cook?", HOUSEHOLD)


def test_a_person_named_only_in_the_words_their_fact_came_from_is_found_by_that_name() -> None:
    # the fact is held under the relation ("person:cousin"); the name was only in the
    # user's words ("my cousin Oddny ..."), which the fact keeps as its quote (#12)
    held = fact("c1", "allergy", "kiwi", "The user's cousin is allergic to kiwi.",
                subject="person:cousin").model_copy(
        update={"quote": "my cousin Oddny is allergic to kiwi, so no pavlova"})  # fmt: skip
    assert "kiwi" in sent("Oddny is staying the weekend, what do I cook?", [held])
    assert "kiwi" not in sent("what is the capital of Chile?", [held])


def test_the_people_next_door_are_the_neighbours() -> None:
    held = fact("n1", "pet", "a tortoise", "The user's neighbour keeps a tortoise.",
                subject="person:neighbour")  # fmt: skip
    assert "tortoise" in sent("a welcome note for the couple next door", [held])


@pytest.mark.parametrize(
    "request_",
    ["what can I do on my day off?", "give me something to do, I'm bored",
     "suggest a few activities for a rainy sunday"],
)  # fmt: skip
def test_a_request_for_something_to_do_reaches_the_users_hobbies(request_: str) -> None:
    held = [fact("h1", "hobby", "lino printing", "The user does lino printing.")]
    assert "lino printing" in sent(request_, held)


def test_a_family_request_reaches_every_relatives_facts() -> None:
    block = sent("plan a menu for a family get-together", HOUSEHOLD)
    for value in ("lactose", "pescatarian", "fencing", "Tralee"):
        assert value in block


@pytest.mark.parametrize(
    "request_",
    [
        "how do I halve a recipe?",  # "half" is not "my other half"
        "a little help with my CV",  # "little" is not "the little ones"
        "what's the boiling point of water?",
        "an afternoon out for my boys",  # the user has daughters, no sons
    ],
)
def test_requests_about_something_else_get_no_facts_about_people(request_: str) -> None:
    lines = [ln for ln in sent(request_, HOUSEHOLD).splitlines() if ln.startswith("- ")]
    assert lines == []


def test_routines_and_narrowed_constraints_are_always_sent() -> None:
    facts = [
        fact("r1", "routine", "swims weekdays at 7am", "Swims every weekday at 7am."),
        fact("r2", "sleep_routine", "in bed by 10pm", "Is always in bed by 10pm."),
        fact("a1", "food_allergy", "sesame", "Is allergic to sesame."),
    ]
    block = sent("when should I book a Tuesday dentist appointment?", facts)
    assert "7am" in block and "10pm" in block
    assert "sesame" in sent("order me a takeaway tonight", facts)
    assert render_profile(facts).splitlines() == [
        "Constraints: food allergy: sesame",
        "Routines: routine: swims weekdays at 7am; sleep routine: in bed by 10pm",
    ]


def test_people_held_under_a_relation_shaped_predicate_are_in_the_people_section() -> None:
    facts = [fact("d1", "daughter", "Ottilie", "Has a daughter named Ottilie."),
             fact("d2", "dog_name", "Bramble", "Has a dog named Bramble.")]  # fmt: skip
    assert render_profile(facts) == "People: daughter: Ottilie; dog name: Bramble (dog)"
    assert "Ottilie" in sent("rainy day ideas for the girls", facts)


@pytest.mark.parametrize(
    ("predicate", "value", "request_"),
    [
        ("landlord", "Mr Ferreira", "who do I pay my rent to?"),
        ("gp", "Dr Nakamura", "book me in with my doctor next week"),
        ("hairdresser", "Studio Vane", "where do I go for a haircut?"),
        ("energy_provider", "Voltwise", "who supplies our gas and electricity?"),
    ],
)
def test_one_at_a_time_attributes_are_found_by_their_everyday_names(
    predicate: str, value: str, request_: str
) -> None:
    facts = [fact("x1", predicate, value, f"The user's {predicate.replace('_', ' ')} is {value}.")]
    assert value in sent(request_, facts)


def test_on_edge_a_crowded_user_still_gets_children_held_under_their_relation(
    tmp_path: Path,
) -> None:
    """The ranked path reads a few rows: people and routines come from the profile row."""
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock())
    memory.remember("kim", cand("son", "Teodor", "Has a son named Teodor."))
    memory.remember("kim", cand("sleep_routine", "in bed by 9pm", "Is always in bed by 9pm."))
    for i in range(40):
        memory.remember("kim", cand("note", f"lads shelf {i}", f"Lads' shelf {i} needs fixing."))
    block = memory.recall("kim", "rainy Sunday plans for the lads").block
    assert "Teodor" in block and "9pm" in block


AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def _filtered(quote: str, predicate: str, obj: str) -> tuple[list[str], list[str]]:
    c = CandidateFact(kind="fact", subject="user", predicate=predicate, object=obj,
                      text=f"Has {obj}.", quote=quote)  # fmt: skip
    kept, dropped = post_filter([c], [UserTurn(ref="m1", text=quote, message_id=None, sent_at=AT)])
    return [k.modality for k in kept], [d.reason for d in dropped]


@pytest.mark.parametrize(
    ("quote", "predicate", "obj"),
    [
        ("My son's starting at a new school after the holidays.", "child", "a son"),
        ("Marit, our eldest, sits her exams next month.", "child", "Marit"),
        ("Taking the dog, Juno, camping this weekend.", "pet", "Juno"),
        ("Could you help me plan a surprise for my husband Idris?", "partner", "Idris"),
        ("Maybe I'll take my sister Lotte to the gig.", "sibling", "Lotte"),
    ],
)
def test_a_person_named_definitely_is_kept_whatever_the_sentence_plans_or_asks(
    quote: str, predicate: str, obj: str
) -> None:
    assert _filtered(quote, predicate, obj) == (["asserted"], [])


@pytest.mark.parametrize(
    ("quote", "predicate", "obj"),
    [
        ("We're getting a puppy next month!", "pet", "a puppy"),
        ("I'm going to marry Sam next year.", "partner", "Sam"),
    ],
)
def test_a_person_only_planned_is_not_a_current_fact(quote: str, predicate: str, obj: str) -> None:
    assert _filtered(quote, predicate, obj) != (["asserted"], [])
