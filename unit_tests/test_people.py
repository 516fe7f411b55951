"""People in the user's life, in the forms the core patterns missed (#12, kind 7).

Each test reads a message with the offline extractor and checks what the user would notice:
the person (or pet) is held as theirs under the conventions' predicate, named as they named
them, and a request about that relation brings the name back. Values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.base import BaseStore

from langmem_plus.extraction.rules import RuleExtractor
from langmem_plus.facts.memory import FactMemory
from unit_tests.test_memory_support import START, Clock, cand


def people(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract([HumanMessage(text)])
    return {
        (c.predicate, c.object)
        for c in found
        if c.subject == "user" and c.polarity == "assert" and c.modality == "asserted"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My mum (Adaeze) is flying in on Thursday.", {("parent", "Adaeze")}),
        ("my little brother (Søren) hates broccoli", {("sibling", "Søren")}),
        ("Our kitten, a tabby called Wasabi, sleeps all day.", {("pet", "Wasabi")}),
        ("my new puppy is a spaniel named Clementine", {("pet", "Clementine")}),
        ("Mum's name is Ngaire, by the way.", {("parent", "Ngaire")}),
        ("I'm a mum of three — Ana, Bea and Cleo — so weekends are loud.",
         {("child", "Ana"), ("child", "Bea"), ("child", "Cleo")}),
        ("we have 2 rabbits — Dumpling & Sago", {("pet", "Dumpling"), ("pet", "Sago")}),
        ("My girlfriend and I are renting in the old town.", {("partner", "a girlfriend")}),
        ("me and my husband both work nights", {("partner", "a husband")}),
        ("Me and Ilka, my girlfriend, love climbing.", {("partner", "Ilka")}),
        ("We got a rescue cat in May, her name is Tansy.", {("pet", "Tansy")}),
        ("ideas for my son Oisín's birthday party?", {("child", "Oisín")}),
        ("Our twins, Bram and Ida, start school next week.", {("child", "Bram"), ("child", "Ida")}),
        ("I've got a teenager at home.", {("child", "a teenager")}),
        ("My youngest, Wren, is obsessed with trains.", {("child", "Wren")}),
        ("my bro Tadhg is coming over", {("sibling", "Tadhg")}),
        ("My daughter turns nine on Sunday!", {("child", "a daughter")}),
    ],
)  # fmt: skip
def test_a_person_said_in_another_form_is_the_users(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert expected <= people(text)


@pytest.mark.parametrize(
    ("text", "name", "animal"),
    [
        ("Rescued a hedgehog on saturday! Her name is Fig and she snores.", "Fig", "hedgehog"),
        ("We took in an African grey last spring. His name is Captain.", "Captain",
         "african grey"),
        ("picked up a tegu from a breeder, its name is Ziggy lol", "Ziggy", "tegu"),
    ],
)  # fmt: skip
def test_a_newcomer_named_by_her_name_is_is_the_users_pet_whatever_the_animal(
    text: str, name: str, animal: str
) -> None:
    """No list of species: the animal the user's clause brought in is kept as they said
    it, and "her name is" after it names it."""
    found = RuleExtractor().extract([HumanMessage(text)])
    pets = [c for c in found if c.subject == "user" and c.predicate == "pet"]
    assert [c.object for c in pets] == [name]
    assert animal in pets[0].text.casefold()


def test_a_newcomer_someone_else_brought_in_or_a_person_met_is_not_the_users_pet() -> None:
    assert people("My neighbour got a tegu, its name is Ziggy.") == set()
    assert people("I met a guy at the climbing wall, his name is Ruairí.") == set()


def test_a_lead_in_before_a_comma_is_no_name_and_a_planned_pet_is_not_yet_one() -> None:
    assert people("Anyway, my husband is vegan.") == set()
    assert people("We're adopting a puppy named Rook next month.") == set()


def test_a_sentence_about_someone_else_gives_the_user_no_person() -> None:
    # "my neighbour's dog (Rex)" is the neighbour's dog; a colleague "and I" is not family
    assert people("my neighbour's dog barked all night") == set()
    assert people("My colleague and I shipped the release") == set()


def test_an_unnamed_partner_does_not_replace_the_named_one(base_store: BaseStore) -> None:
    clock = Clock(START)
    memory = FactMemory(base_store, clock=clock)
    memory.remember("zia", cand("partner", "Ilse", "Has a wife named Ilse.", single_valued=True))
    clock.advance(days=4)
    [unnamed] = [
        c
        for c in RuleExtractor().extract([HumanMessage("my wife and I are off to the coast")])
        if c.predicate == "partner"
    ]
    decision = memory.remember("zia", unnamed)
    assert decision.action == "reconfirmed"
    assert "Ilse" in memory.recall("zia", "anniversary ideas for my wife").block


@pytest.mark.parametrize(
    ("text", "name", "ended"),
    [
        ("We used to have a spaniel, Rolo — he passed away in March 😢 now it's just the hamster",
         "Rolo", True),
        ("our old tabby, Mischa, she died last winter", "Mischa", True),
        ("we have a cat, Pip - she loves the sofa, and our neighbour died last year", "Pip", False),
        ("my dog Rex is twelve. She died, my aunt I mean", "Rex", False),
    ],
)  # fmt: skip
def test_a_pet_named_then_said_to_have_died_by_pronoun_is_not_kept_as_current(
    text: str, name: str, ended: bool
) -> None:
    """ "a spaniel, Rolo - he passed away": the pronoun of the next clause of the sentence is
    the pet just named, so the pet is not a current one; a death said of someone else, or in
    another sentence, leaves the pet current."""
    found = {(c.object, c.polarity) for c in RuleExtractor().extract([HumanMessage(text)])
             if c.predicate == "pet"}  # fmt: skip
    assert (name, "retract" if ended else "assert") in found
