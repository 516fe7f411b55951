"""What the offline rules read by a clause's structure, and what they must not (#12).

Each message goes through ``RuleExtractor`` as the extract node hands it over. A user
notices two things: a fact said plainly in a common shape is kept (the employer after the
field one works in, a first week somewhere, a trade at a workplace not named and the place
it is in, a name's other spelling in brackets), and nothing is made up from words that only
look like a slot (a possessive inside a prepositional phrase, the parents everyone has,
"a glutton for" a thing). Wordings and values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def read(text: str) -> set[tuple[str, str, str]]:
    """(predicate, value, polarity) of what the rules propose for one user message."""
    return {
        (c.predicate, c.object, c.polarity)
        for c in RuleExtractor().extract([HumanMessage(text)])
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the field one works in, then the employer
        ("I work in payroll at Brindle Foods, mostly spreadsheets", ("employer", "Brindle Foods")),
        ("i work in customer support for Quillon these days", ("employer", "Quillon")),
        # a first stretch somewhere, the verb before it
        ("made it through my first week at Harrowgate, shattered", ("employer", "Harrowgate")),
        ("just finished my first shift at Pellow Bakery!", ("employer", "Pellow Bakery")),
        # a trade at a workplace not named, and the place the workplace is in
        ("I'm a physio at a sports clinic up in Tromsø", ("job_title", "physio")),
        ("I'm a physio at a sports clinic up in Tromsø", ("city", "Tromsø")),
        ("I'm an RN at a small hospital in Galway, nights mostly", ("job_title", "RN")),
        ("I'm an RN at a small hospital in Galway, nights mostly", ("city", "Galway")),
        # everything done in one unit system
        ("fwiw I do everything in imperial, sorry", ("units", "imperial")),
        # the name in the reader's script when the user gives both
        ("my sister 美咲 (Misaki) starts uni in the autumn", ("sibling", "Misaki")),
        # the paper that names the employer
        ("my payslip says Corrin & Vale, weirdly", ("employer", "Corrin & Vale")),
    ],
)
def test_the_statement_is_read(text: str, expected: tuple[str, str]) -> None:
    assert (*expected, "assert") in read(text)


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        # "my dog" is the object of "for": the copula's subject is the vet, no pet is named
        ("the groomer for my dog is Pawsome Parlour", "pet"),
        ("the vet of our cat is Dr Mbeki, very kind", "pet"),
        # the parents everyone has are no fact of the user's
        ("our parents don't know about the move yet", "parent"),
        ("honestly my grandparents would love this", "family_member"),
        # "for" a thing that is no name: no employer, and the noun before it no title
        ("I'm a glutton for crime podcasts, the grislier the better", "employer"),
        ("I'm a glutton for crime podcasts, the grislier the better", "job_title"),
        # a guest at a place is not someone who works or lives there
        ("I'm a guest at a hotel in Lisbon this week", "city"),
        ("I'm a guest at a hotel in Lisbon this week", "job_title"),
        # the paper says no name
        ("my payslip says nothing about the overtime", "employer"),
        # a first week at something uncased is no employer
        ("survived my first week at the gym", "employer"),
    ],
)
def test_the_lookalike_is_refused(text: str, refused: str) -> None:
    assert not [f for f in read(text) if f[0] == refused]


def test_the_people_still_read_around_the_refusals() -> None:
    # the same shapes with the relation as subject, or a parent named, still hold
    assert ("pet", "Miso", "assert") in read("my dog is Miso")
    assert {("parent", "Keith", "assert"), ("parent", "Sue", "assert")} <= read(
        "my parents are Keith and Sue"
    )
    assert ("sibling", "Ana", "assert") in read("my sister Ana (Annie to us) is here")
    assert ("employer", "Lumen", "assert") in read("I'm a designer for Lumen")


def read_repairs(text: str) -> set[tuple[str, str, str | None]]:
    """(predicate, value, the value it corrects) of what the rules propose."""
    return {
        (c.predicate, c.object, c.corrects)
        for c in RuleExtractor().extract([HumanMessage(text)])
    }


@pytest.mark.parametrize(
    ("text", "meant", "slip"),
    [
        # a hesitation and "I mean" after a value no typed rule reads (a frame: "X for me is")
        ("closest airport for me is Bristol, er, I mean Exeter. I always swap them",
         "Exeter", "Bristol"),
        # a hedged restatement: "well, Y really" / "well, Y technically"
        ("I'm a sous chef — well, pastry chef technically, the menu says so",
         "pastry chef", "sous chef"),
        ("I'm vegan, well, vegetarian really, I still have cheese", "vegetarian", "vegan"),
        # the repair in a sentence of its own, the slip blamed on a typo
        ("Based in Lund nowadays. Sorry, typo, Luleå!! the far north", "Luleå", None),
    ],
)
def test_a_slip_repaired_in_the_same_message_keeps_the_meant_value(
    text: str, meant: str, slip: str | None
) -> None:
    values = {v for _p, v, _c in read_repairs(text)}
    assert meant in values
    assert slip is None or slip not in values
    if slip is not None:
        assert any(v == meant and c == slip for _p, v, c in read_repairs(text))


@pytest.mark.parametrize(
    "text",
    [
        # "well" as a filler, no hedge after it: nothing is repaired
        ("I'm a sous chef, well, for now anyway"),
        # an apology that opens a clause of its own is no repair
        ("I live in Lund, sorry, I have to dash"),
        # a name after a plain word is no repair of it
        ("I'm vegan, well, Tofu Palace really gets it right"),
    ],
)
def test_a_filler_or_an_apology_is_no_repair(text: str) -> None:
    before = text.split(",")[0]
    first = {v for _p, v, _c in read_repairs(before)}
    assert first and first <= {v for _p, v, _c in read_repairs(text)}


@pytest.mark.parametrize(
    ("text", "allergens"),
    [
        # the allergen as the subject of the body's reaction
        ("rye bread makes me come out in hives, annoyingly", {"rye bread"}),
        ("btw for anything I eat, mango and papaya both give me hives", {"mango", "papaya"}),
        ("walnuts bring me out in a rash every single time", {"walnuts"}),
        # what the user cannot have, the reaction said in the clause after it
        ("I can't do lupin at all, my throat closes up", {"lupin"}),
        ("honestly I can't have sesame, I swell up like a balloon", {"sesame"}),
        # the allergen as what the user reacts to
        ("it's apricots I react to, not plums", {"apricots"}),
    ],
)
def test_an_allergy_said_by_the_bodys_reaction_is_kept(text: str, allergens: set[str]) -> None:
    kept = {v for p, v, pol in read(text) if p == "allergy" and pol == "assert"}
    assert allergens <= kept


@pytest.mark.parametrize(
    "text",
    [
        # a reaction of no body: a figure of speech about a thing not eaten
        "that meeting gave me a headache",
        # "can't do" with no reaction after it is no allergy
        "I can't do mornings, I'm useless before ten",
        "I can't have visitors this week, the flat is a tip",
        # someone else's reaction
        "my flatmate can't have sesame, her throat closes up",
    ],
)
def test_a_reaction_that_is_no_allergy_of_the_user_is_not_one(text: str) -> None:
    assert not [v for p, v, pol in read(text) if p == "allergy" and pol == "assert"]


def test_the_one_that_was_a_false_alarm_is_the_allergy_the_message_named() -> None:
    # "the X one" stands for the diagnosis noun said before it in the same message
    said = read("allergy test results are in! the mango one was a false alarm, mango is fine")
    assert ("allergy", "mango", "retract") in said
    # no diagnosis named before it: "one" is just a thing
    assert not [f for f in read("the mango one was a false alarm") if f[0] == "allergy"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a rank said without an article, with and without a start before it
        ("I'm head of customer success at Tallis Labs", {("job_title", "head of customer success"),
                                                         ("employer", "Tallis Labs")}),
        ("Since last March I've been chief engineer at Brightline, long hours",
         {("job_title", "chief engineer"), ("employer", "Brightline")}),
        # a title at a workplace that is no name: the title is still said
        ("these days I'm a pharmacist at the big Boots in town", {("job_title", "pharmacist")}),
        ("I'm a teacher at the village primary, year 4 this year", {("job_title", "teacher")}),
    ],
)
def test_a_title_is_read_without_an_article_or_a_named_workplace(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert {(p, v) for p, v, pol in read(text) if pol == "assert"} >= expected


@pytest.mark.parametrize(
    "text",
    [
        # no trade and no post before "at the": a member, a regular, a helper at something
        "I'm a member at the tennis club these days",
        "I'm a regular at the Crown and Anchor",
        # a rank word that heads no title
        "I'm lead on the refit with Harwood Joinery",
    ],
)
def test_no_title_from_a_word_that_names_no_post(text: str) -> None:
    assert not [v for p, v, _ in read(text) if p == "job_title"]
