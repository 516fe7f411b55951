"""Clause forms of #12 (kinds people, past_state, unseen_statement), in this file's own
values: a comma before "he's"/"she's" opens a clause about the one just named ("my aunt
is staying over, she's diabetic" gives the aunt the fact, never the user); a pronoun
with nobody of the user's before it gives nobody a fact; "I report to X" names the
user's manager; "I was X for ages" is a state that is over; "it's X now, not Y" puts X in
the slot that holds Y (and stores nothing when none does).
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage
from langgraph.store.memory import InMemoryStore

from langmem_plus import FactMemory
from langmem_plus.extraction import RuleExtractor
from langmem_plus.facts.models import CandidateFact, utcnow


def _cands(text: str) -> list[CandidateFact]:
    return RuleExtractor().extract([HumanMessage(text)])


def test_a_comma_and_a_pronoun_give_the_fact_to_the_one_just_named() -> None:
    cands = _cands("My aunt Wen is staying over, she's vegan so I'm cooking lentils")
    facts = {(c.subject, c.predicate, c.object) for c in cands}
    assert ("person:aunt", "dietary_restriction", "vegan") in facts
    assert not [c for c in cands if c.subject == "user" and c.predicate == "dietary_restriction"]


def test_a_pronoun_with_nobody_of_the_users_before_it_gives_no_fact() -> None:
    cands = _cands("Bumped into Ilya at the market. He's an architect at Brightwall.")
    assert not [c for c in cands if c.predicate in ("employer", "job_title")]


def test_the_person_the_user_reports_to_is_their_manager() -> None:
    cands = _cands("after the merger I report to Oonagh Breslin, she's lovely")
    assert [(c.predicate, c.object) for c in cands if c.subject == "user"] == [
        ("manager", "Oonagh Breslin")
    ]


def test_a_state_held_for_a_span_and_said_in_the_past_is_over() -> None:
    cands = _cands("I was vegan for years, these days I'm just vegetarian")
    by_value = {c.object: c for c in cands if c.predicate == "dietary_restriction"}
    assert by_value["vegan"].valid_to is not None
    assert by_value["vegetarian"].valid_to is None


def test_a_households_we_were_with_is_no_job_of_the_users() -> None:
    cands = _cands("we were with Pellmore Gas until the spring, it was a nightmare")
    assert not [c for c in cands if c.predicate == "employer"]
    past = _cands("I was with Pellmore Gas for six years, in their billing team")
    assert [(c.predicate, c.object) for c in past if c.valid_to is not None] == [
        ("employer", "Pellmore Gas")
    ]


def test_a_thing_said_without_my_before_its_name_is_the_users() -> None:
    cands = _cands("moved in last week!! internet's with Fibrelane (meh) and the kitchen is tiny")
    assert ("internet", "Fibrelane") in {(c.predicate.split("_")[0], c.object) for c in cands}
    assert not _cands("Lisbon's off, the flights tripled")


def test_a_bracketed_relation_after_a_name_makes_that_person_the_subject() -> None:
    cands = _cands("Oriane (my wife) can't stand coriander, fishes it out of everything")
    facts = {(c.subject, c.predicate, c.object) for c in cands}
    assert ("person:oriane", "dislike", "coriander") in facts
    assert not [c for c in cands if c.subject == "user" and c.predicate == "dislike"]


def test_a_time_phrase_after_but_still_opens_the_users_next_clause() -> None:
    cands = _cands("I used to be vegetarian but since the spring I'm vegan, mostly")
    current = {c.object for c in cands if c.predicate == "dietary_restriction" and not c.valid_to}
    assert current == {"vegan"}


def test_a_value_now_in_the_place_of_a_held_one_replaces_it() -> None:
    memory = FactMemory(InMemoryStore())
    for text in (
        "Ramsgate's where we've got the house, for now anyway",
        "we completed on Friday so it's Deal now, not Ramsgate. night!",
    ):
        for cand in _cands(text):
            memory.remember("u1", cand)
    now = [f for f in memory.as_of("u1", utcnow()) if f.predicate == "city"]
    cities = [f.object for f in now]
    assert cities == ["Deal"]


def test_a_value_now_with_no_held_value_to_replace_is_not_stored() -> None:
    memory = FactMemory(InMemoryStore())
    decisions = [memory.remember("u1", c) for c in _cands("it's Deal now, not Ramsgate")]
    assert [d.code for d in decisions] == ["nothing_to_replace"]


def test_the_name_said_after_the_one_the_user_will_not_be_called_is_theirs() -> None:
    cands = _cands("fyi I hate being called Tam, it's Tamsin")
    assert ("preferred_name", "Tamsin") in {(c.predicate, c.object) for c in cands}


def test_a_joint_subject_with_the_user_in_it_holds_for_the_user() -> None:
    facts = {(c.subject, c.predicate, c.object) for c in _cands(
        "me and my sister are both allergic to kiwi, runs in the family"
    )}  # fmt: skip
    assert ("user", "allergy", "kiwi") in facts
    work = {(c.subject, c.predicate, c.object) for c in _cands(
        "My husband and I both work at Quayline Ferries."
    )}  # fmt: skip
    assert ("user", "employer", "Quayline Ferries") in work


def test_working_with_someone_at_a_place_names_the_place_not_the_person() -> None:
    held = {(c.predicate, c.object) for c in _cands("I work with Odile at Brisk Analytics.")}
    assert ("employer", "Brisk Analytics") in held
    assert ("employer", "Odile") not in held
