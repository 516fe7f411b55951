"""A clause about someone the user just named, opened by a pronoun after "and", "but" or a
comma (#12, kind people): "my dad is over for the weekend, he doesn't eat beef" gives the
dad the diet and leaves the user's dad where he was (before, the "doesn't" of the second
clause read as a denial of having a dad, a retraction of the user's own person); the
person may be named without "my" ("Uncle (Bram) arrives Friday and he ..."); a
consequence "so no X this time" is not the fact's words (it made the fact transient); a
relation word in another language's spelling ("papá") is one word, not "pap" and a name.
Values are this file's own.
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _candidates(text: str) -> set[tuple[str, str, str, str]]:
    return {
        (c.subject, c.predicate, c.object, c.polarity)
        for c in RuleExtractor().extract([HumanMessage(text)])
    }


def test_a_negated_clause_about_a_visitor_never_retracts_the_users_person() -> None:
    got = _candidates("my dad is over for the weekend, he doesn't eat beef")
    assert ("person:dad", "dietary_restriction", "no beef", "assert") in got
    assert not [c for c in got if c[3] == "retract"]
    assert not [c for c in got if c[0] == "user" and c[1] == "dietary_restriction"]


def test_and_then_a_pronoun_opens_the_persons_own_clause() -> None:
    got = _candidates("my stepmum is staying till Sunday and she doesn't eat lamb")
    assert ("person:stepmum", "dietary_restriction", "no lamb", "assert") in got
    assert not [c for c in got if c[3] == "retract"]


def test_the_person_may_be_named_without_my() -> None:
    got = _candidates("Uncle (Bram) arrives Friday and he doesn't eat shellfish")
    assert ("user", "family_member", "Bram", "assert") in got
    assert ("person:uncle", "dietary_restriction", "no shellfish", "assert") in got
    assert not [c for c in got if c[0] == "user" and c[1] == "dietary_restriction"]


def test_a_consequence_after_so_no_is_not_part_of_the_fact() -> None:
    got = _candidates("my partner is vegan so no cheese board this time")
    assert ("person:partner", "dietary_restriction", "vegan", "assert") in got


def test_a_relation_word_with_an_accent_is_one_word() -> None:
    got = _candidates("my papá is vegetarian")
    assert ("person:papá", "dietary_restriction", "vegetarian", "assert") in got
    assert not [c for c in got if c[0] in ("person:á", "user")]


def test_a_pronoun_with_nobody_named_gives_nobody_a_fact() -> None:
    assert _candidates("Actually, she's vegan") == set()
    assert _candidates("the new guy at work is nice and he's vegan") == set()


def test_a_partner_in_an_activity_is_not_the_users_partner() -> None:
    assert not [c for c in _candidates("my sparring partner broke his wrist") if c[1] == "partner"]
    assert not [
        c for c in _candidates("my study partner Aoife moved to Galway") if c[0] == "user"
    ]
    assert ("user", "partner", "a partner", "assert") in _candidates("my partner broke his wrist")
