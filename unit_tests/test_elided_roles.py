"""A job or workplace told without its usual frame is still read (#12, kind 2).

"currently employed by X" leaves the subject out; "I'm a T by trade" marks an occupation
by its tail; "as of today I'm T" gives the start of a new role with no article; "quit X
— T at Y now" names the new title and workplace with neither subject nor verb; "I'm a
landscape gardener" is a compound headed by an agent noun. Each is said again in a frame
the rules read (``elided.elided_readings``), with the value's words unchanged.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.rules import RuleExtractor


def read(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract([HumanMessage(text)])
    return {
        (c.predicate, c.object)
        for c in found
        if c.subject == "user" and c.polarity == "assert" and c.valid_to is None
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("currently employed by Harrowgate Mills", {("employer", "Harrowgate Mills")}),
        ("Presently working for Dunmore & Vail, mostly remote.", {("employer", "Dunmore & Vail")}),
        ("I'm a sound engineer by trade.", {("job_title", "sound engineer")}),
        ("im a carpenter by trade tbh", {("job_title", "carpenter")}),
        ("as of today I'm tram driver, wish me luck", {("job_title", "tram driver")}),
        ("quit Fernbrook — welder at Ostley Works now, better pay",
         {("job_title", "welder"), ("employer", "Ostley Works")}),
        ("I'm a landscape gardener.", {("job_title", "landscape gardener")}),
        ("Starting Monday I'm officially the site foreman.", {("job_title", "site foreman")}),
        ("from this month on I'm the lab supervisor here", {("job_title", "lab supervisor")}),
        ("senior archivist as of Monday, still can't believe it",
         {("job_title", "senior archivist")}),
        ("from Monday I'm museum archivist 🎉 can't wait", {("job_title", "museum archivist")}),
        ("Handed in my notice; starting June I'm tutor at Brackley College.",
         {("job_title", "tutor"), ("employer", "Brackley College")}),
        ("Hi all, I'm a wildlife photographer based in the hills.",
         {("job_title", "wildlife photographer")}),
    ],
)  # fmt: skip
def test_a_job_told_without_its_frame_is_read(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a keen cyclist.",
        "I'm a light sleeper, so no late calls",
        "I'm a big believer in naps",
        "I'm a season ticket holder",
        "I'm a first-time buyer",
        "I'm a vegetarian these days",
        "I'm a morning person",
    ],
)
def test_a_trait_or_habit_is_no_job(text: str) -> None:
    assert not {p for p, _ in read(text)} & {"job_title", "employer"}


def test_a_title_read_after_a_start_keeps_only_its_own_words() -> None:
    got = read("As of today I'm officially the depot manager!")
    titles = {o for p, o in got if p == "job_title"}
    assert titles == {"depot manager"}
