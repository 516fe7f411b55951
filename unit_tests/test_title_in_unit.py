"""A job title said with where in a workplace the user works (#12, kind unseen statement):
"I'm a midwife on the labour ward", "a tester on the mobile team". The unit is no
employer: only the title is kept, and a town after "in" is neither. Values are this
file's own.
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _facts(text: str) -> set[tuple[str, str]]:
    return {
        (c.predicate, c.object)
        for c in RuleExtractor().extract([HumanMessage(text)])
        if c.subject == "user" and c.polarity == "assert"
    }


def test_a_title_on_a_ward_or_team_is_the_users_job_title() -> None:
    assert _facts("I'm a midwife on the labour ward, nights mostly") == {
        ("job_title", "midwife")
    }
    assert _facts("I'm a designer on the growth team") == {("job_title", "designer")}


def test_the_unit_is_never_an_employer() -> None:
    got = _facts("I'm an engineer on the platform squad")
    assert ("job_title", "engineer") in got
    assert not [f for f in got if f[0] == "employer"]


def test_no_title_without_a_role_noun() -> None:
    assert _facts("I'm a regular on the night bus line") == set()
