"""A person of the user's said by relation without "my" at a sentence's start, as people
text (#12, kind people): "flatmate Josie's gluten intolerant" gives Josie the
intolerance, never the user; "wife (Ines) works weekends at the Old Mill Inn" names the
user's wife and gives her the job; a possessive "'s" stays whose ("cousin Rafa's van is
a Transit"). A bare name before "'s" and a place word is no person ("Lisbon's in the
running"). Subjectless "officially between jobs" ends the user's job as "I'm between
jobs" does. Values are this file's own.
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {
        (c.subject, c.predicate, c.object)
        for c in RuleExtractor().extract([HumanMessage(text)])
        if c.polarity == "assert"
    }


def test_a_bare_relation_and_name_hold_the_persons_fact() -> None:
    facts = _facts("flatmate Josie's gluten intolerant so I bake separately")
    assert ("person:josie", "intolerance", "gluten") in facts
    assert not [f for f in facts if f[0] == "user" and f[1] == "intolerance"]


def test_a_bracketed_name_after_a_bare_relation_is_the_users_person() -> None:
    facts = _facts("wife (Marisol) works weekends at Harbourside Clinic, so Saturdays are mine")
    assert ("user", "partner", "Marisol") in facts
    assert ("person:marisol", "employer", "Harbourside Clinic") in facts
    assert not [f for f in facts if f[0] == "user" and f[1] == "employer"]


def test_a_possessive_after_a_bare_relation_stays_whose() -> None:
    facts = _facts("cousin Rafa's van is a Transit")
    assert ("person:rafa", "van", "Transit") in facts
    assert not [f for f in facts if f[0] == "user" and f[2] == "Transit"]


def test_a_place_before_s_is_no_person() -> None:
    facts = _facts("Lisbon's in the running, flights are cheap")
    assert not [f for f in facts if f[0].startswith("person:")]


def test_subjectless_between_jobs_ends_the_users_job() -> None:
    cands = RuleExtractor().extract(
        [HumanMessage("Harbourside let half the office go. officially between jobs for now")]
    )
    assert [(c.predicate, c.polarity) for c in cands if c.subject == "user"] == [
        ("employer", "retract")
    ]
