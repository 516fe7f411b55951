"""Statements the core patterns did not read (#12, unseen statements): a question's
preamble, texting, passive and noun frames, a value first. The value is the user's, in
their own words, and the question itself stays a question (nothing stored from it)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.rules import RuleExtractor


def read(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract([HumanMessage(text)])
    return {
        (c.predicate, c.object)
        for c in found
        if c.subject == "user" and c.modality == "asserted" and c.valid_to is None
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As a vegetarian living in Tromsø, which restaurants should I try?",
         {("dietary_restriction", "vegetarian"), ("city", "Tromsø")}),
        ("being gluten intolerant, what can I bake for a party?", {("intolerance", "gluten")}),
        ("i live in bergen n work at Skarven Marine", {("city", "bergen"),
                                                       ("employer", "Skarven Marine")}),
        ("moved to Aalborg, work at Nordkap Foods now", {("city", "Aalborg"),
                                                         ("employer", "Nordkap Foods")}),
        ("new job at Brackenridge Labs 🎉 + moved to Cork!!", {("employer", "Brackenridge Labs"),
                                                              ("city", "Cork")}),
        ("I've been hired by Halvorsen & Lie!", {("employer", "Halvorsen & Lie")}),
        ("Antwerp's home for me these days.", {("city", "Antwerp")}),
        ("Haarlem has been my base since 2021.", {("city", "Haarlem")}),
        ("I call Ljubljana home now.", {("city", "Ljubljana")}),
        ("These days I'm at Brightline Freight.", {("employer", "Brightline Freight")}),
        ("long story short, I ended up taking the job at Ferrow Labs",
         {("employer", "Ferrow Labs")}),
        ("Work's at Coldharbour Press these days.", {("employer", "Coldharbour Press")}),
        ("I'm employed as a radiographer by Westmoor Clinic.",
         {("employer", "Westmoor Clinic"), ("job_title", "radiographer")}),
        ("Being allergic to hazelnuts, which snacks can I take on a plane?",
         {("allergy", "hazelnuts")}),
        ("As a Vilnius resident, which museums are free?", {("city", "Vilnius")}),
    ],
)  # fmt: skip
def test_an_unusual_statement_is_read(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= read(text)


def test_a_preamble_does_not_read_the_question_as_a_fact() -> None:
    # only the preamble states something; "where should I live" asks
    got = read("As a nurse working nights, where should I live in Oslo?")
    assert not any(p == "city" for p, _ in got)


def test_a_relation_said_first_holds_its_own_fact() -> None:
    """ "Mum's living in Dundee": the mother's city, never the user's."""
    found = RuleExtractor().extract([HumanMessage("Mum's living in Perth these days")])
    assert {(c.subject, c.predicate, c.object) for c in found} == {("person:mum", "city", "Perth")}
