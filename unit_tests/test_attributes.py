"""One-at-a-time attributes the defaults do not know (issue 12, kind 10): the structural
reader (``extraction/attributes.py``), the rule extractor with it, and the write policy's
switch of an attribute the switch does not name.

Wordings and values are written for these tests (the tuning cases are in
``benchmarks/truth/tuning_kinds_attributes.py``).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.base import BaseStore

from langmem_plus.extraction import RuleExtractor
from langmem_plus.extraction.attributes import bound_value, read_attributes
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import UNNAMED_ATTRIBUTE, WritePolicy
from unit_tests.test_memory_support import Clock

NOW = datetime(2026, 11, 20, 12, tzinfo=timezone.utc)


def extract(text: str) -> list[CandidateFact]:
    return RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)


def said(text: str) -> set[tuple[str, str, bool | None]]:
    return {(c.predicate, c.object, c.single_valued) for c in extract(text)}


# ------------------------------------------------------------------ statements


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a possessive noun phrase and a copula
        ("My dog walker is Pawsome Trails.", set()),  # a person of the user's life: not ours
        ("our window cleaner's Glassworks Ltd now", {("window_cleaner", "Glassworks Ltd", True)}),
        ("my e-reader = a Kobo Clara 2E", {("e_reader", "Kobo Clara 2E", True)}),
        ("My usual bakery order is a cardamom bun.", {("bakery_order", "cardamom bun", True)}),
        ("my commute's by ferry these days", {("commute", "ferry", True)}),
        # labels
        ("Tyre brand: Nokian Hakkapeliitta", {("tyre_brand", "Nokian Hakkapeliitta", True)}),
        ("Found a new physio: Ørsted Klinik.", {("physio", "Ørsted Klinik", True)}),
        # a verb with its object and the attribute named beside it
        ("I ride a Brompton C Line bike to the station.", {("bike", "Brompton C Line", True)}),
        ("I got a Kobo e-reader for my birthday.", {("e_reader", "Kobo", True)}),
        ("I play on a Yamaha P-45, my piano since 2019.", {("piano", "Yamaha P-45", True)}),
        ("the dog goes to Hollow Tree Vets, that's our vet", {("vet", "Hollow Tree Vets", True)}),
        ("I've been going to Kinship Yoga for ages, that's my yoga place.",
         {("yoga_place", "Kinship Yoga", True)}),
        # a figure keeps its colon, its unit, and loses its approximator (#12)
        ("my parkrun pace is roughly 4:55/km, on a good day", {("parkrun_pace", "4:55/km", True)}),
        ("My resting heart rate is about 58 bpm.", {("resting_heart_rate", "58 bpm", True)}),
    ],
)  # fmt: skip
def test_an_attribute_held_one_at_a_time_is_read_from_its_frame(
    text: str, expected: set[tuple[str, str, bool | None]]
) -> None:
    assert said(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my laptop is slow today",
        "my car is in the garage",
        "my e-reader is broken again",
        "Our dog Rex is 3",
        "my sister's car is a Fiat Uno",  # hers, not the user's
        "we went from bad to worse",
        "No more Netflix, I'm on Mubi now.",  # "I'm" is no value
    ],
)
def test_a_state_a_person_or_a_name_inside_is_no_attribute_of_the_user(text: str) -> None:
    assert {c.object for c in extract(text) if c.holder == "user" and c.single_valued} == set()


@pytest.mark.parametrize(
    ("text", "predicate", "new", "old"),
    [
        ("Switched my tyre brand from Pirelli to Nokian Hakkapeliitta at the garage.",
         "tyre_brand", "Nokian Hakkapeliitta", "Pirelli"),
        ("We switched physios from Ørsted Klinik to Bodyworks.", "physio", "Bodyworks",
         "Ørsted Klinik"),
        ("I replaced Evernote with Obsidian as my notes app.", "notes_app", "Obsidian",
         "Evernote"),
        ("Ditched Lebara for Giffgaff as my network.", "network", "Giffgaff", "Lebara"),
        ("No more Lebara, my network is Giffgaff now.", "network", "Giffgaff", "Lebara"),
        ("Sunset Rovers are out, Harbour Athletic are in: my pub team these days.", "pub_team",
         "Harbour Athletic", "Sunset Rovers"),
    ],
)  # fmt: skip
def test_a_switch_names_the_new_value_the_old_one_and_no_other_fact(
    text: str, predicate: str, new: str, old: str
) -> None:
    facts = extract(text)
    assert [(c.predicate, c.object, c.replaces, c.polarity) for c in facts] == [
        (predicate, new, old, "assert")
    ]  # "from Pirelli" is no city, "no more Lebara" takes back nothing of Giffgaff


def test_a_switch_naming_no_attribute_leaves_it_to_the_slot_that_holds_the_old_value() -> None:
    (c,) = extract("ditched Evernote for Obsidian last month")
    assert (c.predicate, c.object, c.replaces) == (UNNAMED_ATTRIBUTE, "Obsidian", "Evernote")
    assert c.time_stated


def test_values_end_at_the_clause_and_its_adjuncts_and_names_stay_whole() -> None:
    assert bound_value("Marlow & Finch Removals since March, and they're great") == (
        "Marlow & Finch Removals"
    )
    assert bound_value("Sony WH-1000XM4 for the commute") == "Sony WH-1000XM4"
    assert bound_value("a flat white with oat milk", lowercase=True) == "flat white"
    assert [r.value for r in read_attributes("my chess app is Lichess for now, lol")] == ["Lichess"]


def test_the_same_attribute_said_twice_is_one_predicate() -> None:
    first = {c.predicate for c in extract("My vet is Willowbrook Clinic.")}
    plural = {c.predicate for c in extract("We switched vets to Oakfield Animal Care.")}
    new = {c.predicate for c in extract("Our new vet is Oakfield Animal Care.")}
    assert first == plural == new == {"vet"}


# ------------------------------------------------------------ through the memory


@pytest.fixture
def memory(base_store: BaseStore) -> FactMemory:
    return FactMemory(base_store, clock=Clock())


def _tell(memory: FactMemory, text: str, mid: str, at: datetime) -> list[str]:
    facts = RuleExtractor().extract([HumanMessage(text, id=mid)], now=at)
    return [memory.remember("kai", c, session_id=mid).action for c in facts]


def test_a_switch_in_a_later_session_replaces_the_value_even_unnamed(memory: FactMemory) -> None:
    _tell(memory, "My climbing gym is Boulderhaus Nord.", "s1", NOW)
    _tell(memory, "My notes app is Evernote.", "s2", NOW + timedelta(days=1))
    assert _tell(memory, "ditched Boulderhaus Nord for Kletterwerk", "s3", NOW + timedelta(days=3))
    now = NOW + timedelta(days=4)
    current = {(f.predicate, f.object) for f in memory.as_of("kai", now) if f.is_current}
    assert current == {("climbing_gym", "Kletterwerk"), ("notes_app", "Evernote")}
    block = memory.recall("kai", "what time does my climbing gym open on Sunday?").block
    assert "Kletterwerk" in block and "Boulderhaus" not in block


def test_a_named_switch_in_a_later_session_leaves_one_current_value(memory: FactMemory) -> None:
    _tell(memory, "Our window cleaner is Glassworks Ltd.", "s1", NOW)
    _tell(memory, "we moved our window cleaner from Glassworks Ltd to ClearView", "s2", NOW)
    current = [f for f in memory.as_of("kai", NOW + timedelta(days=1)) if f.is_current]
    assert [(f.predicate, f.object) for f in current] == [("window_cleaner", "ClearView")]


# ------------------------------------------------------------------- the policy


def _fact(policy: WritePolicy, c: CandidateFact) -> object:
    return policy.to_fact(c, user_id="u", now=NOW - timedelta(days=9))


def test_the_policy_puts_an_unnamed_switch_in_the_slot_holding_the_old_value() -> None:
    policy = WritePolicy()
    held = policy.to_fact(
        CandidateFact(kind="fact", predicate="notes_app", object="Evernote",
                      text="The user's notes app is Evernote.", single_valued=True),
        user_id="u", now=NOW - timedelta(days=9),
    )  # fmt: skip
    switch = CandidateFact(kind="fact", predicate=UNNAMED_ATTRIBUTE, object="Obsidian",
                           text="The user now has Obsidian.", replaces="Evernote")  # fmt: skip
    assert policy.reaches_other_slots(switch)
    d = policy.decide(switch, user_id="u", current=[held], now=NOW)
    assert d.action == "superseded" and d.fact is not None
    assert (d.fact.predicate, d.fact.object, d.fact.text) == (
        "notes_app", "Obsidian", "The user's notes app is Obsidian."
    )  # fmt: skip
    assert [(f.object, f.expired_at) for f in d.closed] == [("Evernote", NOW)]
    none = policy.decide(switch, user_id="u", current=[], now=NOW)
    assert (none.action, none.code) == ("rejected", "nothing_to_replace")


def test_a_switch_under_another_name_of_the_attribute_ends_the_old_value() -> None:
    policy = WritePolicy()
    held = policy.to_fact(
        CandidateFact(kind="fact", predicate="weekly_shop", object="Aldi",
                      text="The user's weekly shop is Aldi.", single_valued=True),
        user_id="u", now=NOW - timedelta(days=9),
    )  # fmt: skip
    switch = CandidateFact(kind="fact", predicate="supermarket", object="Lidl",
                           text="The user's supermarket is Lidl.", replaces="Aldi",
                           single_valued=True)  # fmt: skip
    d = policy.decide(switch, user_id="u", current=[held], now=NOW)
    assert d.fact is not None and (d.fact.predicate, d.fact.object) == ("weekly_shop", "Lidl")
    assert [f.object for f in d.closed] == ["Aldi"]


def test_a_one_word_attribute_is_the_longer_one_it_heads_when_one_is_held() -> None:
    policy = WritePolicy()
    held = policy.to_fact(
        CandidateFact(kind="fact", predicate="tariff_plan", object="Skyline 15",
                      text="The user's tariff plan is Skyline 15.", single_valued=True),
        user_id="u", now=NOW - timedelta(days=9),
    )  # fmt: skip
    (said,) = [c for c in extract("Neonet Max is my plan now.") if c.predicate == "plan"]
    assert policy.reaches_other_slots(said)
    d = policy.decide(said, user_id="u", current=[held], now=NOW)
    assert d.action == "superseded" and d.fact is not None
    assert (d.fact.predicate, d.fact.object) == ("tariff_plan", "Neonet Max")
    other = held.model_copy(update={"predicate": "meal_plan", "fact_id": "other"})
    two = policy.decide(said, user_id="u", current=[held, other], now=NOW)
    assert two.fact is not None and two.fact.predicate == "plan"  # which one is unclear


def test_a_switch_from_something_never_stored_is_announced_not_dropped_silently() -> None:
    from langmem_plus.extraction.announce import PolicyOutcome, announcement

    switch = CandidateFact(
        kind="fact", predicate=UNNAMED_ATTRIBUTE, object="Jazz", text="Switched to a Jazz.",
        replaces="Niro", single_valued=True,
    )  # fmt: skip
    decision = WritePolicy().decide(switch, user_id="u", current=[], now=NOW)
    said = announcement(PolicyOutcome.from_decision(decision, switch))
    assert decision.code == "nothing_to_replace"
    assert said is not None and "didn't save" in said


@pytest.mark.parametrize(
    ("text", "theirs"),
    [
        ("my housemate Idris is pescatarian and keeps hinting I should cook fish",
         ("pescatarian", "Idris")),
        ("my neighbour Hilde is coeliac and wants me to bake for her", None),
    ],
)  # fmt: skip
def test_a_person_named_after_their_role_is_not_an_attribute_of_the_users(
    text: str, theirs: tuple[str, str] | None
) -> None:
    """ "my housemate Idris is X" says what Idris is: nothing of it lands in the user's own
    slots (no "housemate idris" attribute), whatever the rules for people make of it."""
    found = extract(text)
    assert [c for c in found if c.holder == "user" and c.subject == "user"] == []
    if theirs is not None:
        assert (theirs[0], theirs[1]) in {(c.object, c.holder) for c in found}
