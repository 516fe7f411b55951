"""People in the user's life said in forms the rules did not read yet (#12, kind people).

Each message is read by the offline extractor; what a user notices is that the person (or
pet) is held as theirs, named or described in their own words: the kin adjective they gave
("an older brother", not "an brother"), a British "we've a ferret, X", a contracted copula
("my wife's called X"), and a bracketed afterthought that says whose the names before it
are ("X lost a glove and Y forgot her bag (my two girls)"). Values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from unit_tests.test_people import people


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the user's description keeps its kin adjectives
        ("I have an older brother, he's the loud one", {("sibling", "an older brother")}),
        ("i have a little sister who lives with mum", {("sibling", "a little sister")}),
        ("We have two grown-up daughters.", {("child", "two grown-up daughters")}),
        # "'ve" as the verb itself
        ("Oh, we've a ferret, Pickle. Absolute menace.", {("pet", "Pickle")}),
        ("I've a tortoise called Shelby", {("pet", "Shelby")}),
        # the contracted copula in a naming frame
        ("My husband's called Tavita, fyi.", {("partner", "Tavita")}),
        ("so my stepdad's named Ruairí", {("parent", "Ruairí")}),
        ("Our dog's called Bosun.", {("pet", "Bosun")}),
        # a bracketed afterthought names the people of the sentence before it
        ("morning from hell, Ottilie lost a glove and Maeve forgot her bag (my two girls)",
         {("child", "Ottilie"), ("child", "Maeve")}),
        ("Kit and Sami are off to scout camp tomorrow (our boys) so the house is quiet",
         {("child", "Kit"), ("child", "Sami")}),
        ("Chaos here. Pudding chewed a slipper and Biscuit ate the post (our pair of dogs).",
         {("pet", "Pudding"), ("pet", "Biscuit")}),
        # names with ages, a name then the relation in brackets, a name given by a verb
        ("the kids (Oisín, 9, and Bláithín, 6) are off school all week",
         {("child", "Oisín"), ("child", "Bláithín")}),
        ("Tomasz (my husband) is doing the school run", {("partner", "Tomasz")}),
        ("Our wee one, Rua, has started crawling", {("child", "Rua")}),
        ("got a kitten at the weekend!! we're calling her Miso", {("pet", "Miso")}),
        ("We named the puppy Dexter.", {("pet", "Dexter")}),
        ("Two cats at home: Tofu and Pesto.", {("pet", "Tofu"), ("pet", "Pesto")}),
        # every member of a list a have-clause opens, and a relation as a label
        ("We've a border collie named Skye and a rabbit named Clover.",
         {("pet", "Skye"), ("pet", "Clover")}),
        ("I have a stepson, Ravi, and a stepdaughter, Leila.",
         {("child", "Ravi"), ("child", "Leila")}),
        ("Kids: Ada (8) and Tomé (5).", {("child", "Ada"), ("child", "Tomé")}),
        # a counted list: an unnamed member next to a named one is a relation too
        ("Two children: a grown-up son who never phones, and Ama, my daughter, who does.",
         {("child", "a grown-up son")}),
        ("we've 3 dogs - a whippet, Mabel, and an old greyhound who never barks",
         {("pet", "an old greyhound"), ("pet", "a whippet")}),
    ],
)  # fmt: skip
def test_the_users_people_in_these_forms_are_theirs(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert expected <= people(text)


@pytest.mark.parametrize(
    "text",
    [
        # one person in the bracket is not a list of the names before it
        "Lunch was fun, Jo ordered the soup and Ravi told stories (my brother)",
        # people who are not the user's relations
        "Yesterday Priya phoned and Tom came round (my colleagues)",
        # "'s named after": not a name given
        "my husband's named after his grandad",
        # "'ve" before something else than a relation
        "we've a meeting at three",
        # another person's counted list
        "My sister has two kids: a son and a daughter.",
        "My neighbour has two cats: Tofu and Pesto.",
        "My sister has a dog named Rex and a cat named Tom.",
        # a name given to someone who is not the user's
        "I called my boss Steve by mistake",
    ],
)
def test_no_relation_is_read_into_other_words(text: str) -> None:
    assert not {p for p in people(text) if p[0] in ("child", "partner", "pet")}


def test_a_pet_put_down_by_its_relation_word_is_retracted_once_it_has_a_name() -> None:
    """Named at adoption, then lost by its relation word: the name must not stay current."""
    from langmem_plus.extraction.rules import RuleExtractor as Rules

    first = Rules().extract([HumanMessage("We got a hamster called Nutmeg back in May.")])
    assert ("pet", "Nutmeg") in {(c.predicate, c.object) for c in first}
    later = Rules().extract([HumanMessage("we had to put our hamster to sleep, poor thing")])
    assert [(c.predicate, c.polarity) for c in later] == [("pet", "retract")]
