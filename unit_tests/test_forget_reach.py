"""A forget reaches every fact that holds the value it names, and only the attributes its
topic names (issue 12): an attribute's name is not a word to look for in other facts."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from langmem_plus.facts.models import Fact
from langmem_plus.nodes.intents import detect_command, forget_targets

T = datetime(2026, 4, 2, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str, **kw: object) -> Fact:
    return Fact(
        fact_id=f"{predicate}:{obj}",
        user_id="tove",
        kind="fact",
        subject="user",
        predicate=predicate,
        object=obj,
        text=text,
        valid_from=T,
        asserted_at=T,
        **kw,  # type: ignore[arg-type]
    )


def gone(said: str, facts: list[Fact]) -> set[str]:
    command = detect_command(said)
    assert command is not None, said
    return {f.fact_id for f in forget_targets(command, facts)}


SHIFTS = [
    fact("employer", "Brightwater Foods", "The user works at Brightwater Foods."),
    fact("routine", "works late shifts", "The user works late shifts on weekdays."),
    fact("routine", "swims before work", "The user swims before work."),
]


@pytest.mark.parametrize(
    "said", ["please forget my employer", "forget where I work", "drop my work details"]
)
def test_forgetting_the_employer_keeps_routines_that_share_a_word(said: str) -> None:
    assert gone(said, SHIFTS) == {"employer:Brightwater Foods"}


def test_a_topic_that_names_no_attribute_still_finds_the_routine_by_its_words() -> None:
    assert gone("forget the late shifts thing", SHIFTS) == {"routine:works late shifts"}


def test_an_attribute_named_and_not_held_takes_nothing_else() -> None:
    assert gone("forget where I work", SHIFTS[1:]) == set()


def test_a_forgotten_allergy_also_leaves_the_odd_attribute_that_holds_it() -> None:
    facts = [
        fact("allergy", "lupin", "The user is allergic to lupin."),
        fact(
            "heads_up",
            "lupin allergy",
            "The user's heads up is lupin allergy.",
            single_valued=True,
            attribute=False,
        ),
        fact("dislike", "lupin crackers", "The user dislikes lupin crackers."),
        fact("allergy", "kiwi", "The user is allergic to kiwi."),
    ]
    assert gone("forget my allergies", facts) == {
        "allergy:lupin",
        "heads_up:lupin allergy",
        "allergy:kiwi",
    }  # a dislike is an attribute of its own: it stays
    assert gone("forget my lupin allergy", facts) == {"allergy:lupin", "heads_up:lupin allergy"}


def test_a_forgotten_value_goes_from_every_attribute_that_holds_it_whole() -> None:
    facts = [
        fact("city", "Bodø", "The user lives in Bodø."),
        fact(
            "some_background",
            "Bodø",
            "The user's some background is Bodø.",
            single_valued=True,
            attribute=False,
        ),
        fact("shift_pattern", "nights", "The user works nights.", single_valued=True),
    ]
    assert gone("stop keeping track of where I live", facts) == {
        "city:Bodø",
        "some_background:Bodø",
    }


@pytest.mark.parametrize(
    "said",
    ["forget my wages please", "scrap anything about my income", "forget what I get paid"],
)
def test_pay_in_other_words_forgets_the_salary(said: str) -> None:
    facts = [
        fact("salary", "63k", "The user earns 63k a year.", single_valued=True),
        fact("city", "Bodø", "The user lives in Bodø."),
    ]
    assert gone(said, facts) == {"salary:63k"}


HOME = [
    fact("address", "9 Kestrel Lane", "The user lives at 9 Kestrel Lane.", single_valued=True),
    fact("city", "Tromsø", "The user lives in Tromsø."),
    fact("employer", "Northwind Ferries", "The user works at Northwind Ferries."),
]


@pytest.mark.parametrize("said", ["please forget my address", "wipe my home address"])
def test_a_held_attribute_of_its_own_name_is_forgotten_beside_the_known_ones(said: str) -> None:
    # "address" names the city as well; the fact kept under "address" is what was asked for
    assert "address:9 Kestrel Lane" in gone(said, HOME)
    assert "employer:Northwind Ferries" not in gone(said, HOME)


def test_where_i_live_also_takes_an_attribute_named_by_one_of_its_names() -> None:
    assert gone("forget where I live", HOME) == {"address:9 Kestrel Lane", "city:Tromsø"}


def person_fact(who: str, predicate: str, obj: str, text: str) -> Fact:
    return fact(predicate, obj, text).model_copy(
        update={"subject": f"person:{who}", "holder": who}
    )


def test_a_person_named_by_name_reaches_facts_kept_under_the_relation() -> None:
    facts = [
        fact("sibling", "Tomas", "The user has a brother called Tomas."),
        person_fact(
            "brother", "life_event", "wedding", "The user's brother Tomas is planning a wedding."
        ),
        fact("dislike", "olives", "The user dislikes olives."),
    ]
    # the wedding goes, the brother himself stays: only the wedding was named
    assert gone("forget what I told you about Tomas's wedding", facts) == {"life_event:wedding"}


@pytest.mark.parametrize(
    "said",
    [
        "please wipe the rent figure I mentioned",
        "could you forget my rent amount",
        "erase the rent number you have",
    ],
)
def test_a_word_for_the_value_after_the_attribute_still_names_the_attribute(said: str) -> None:
    # "the rent figure" is the rent: "figure", "amount", "number" say only that it is a value
    facts = [
        fact("rent", "980", "The user pays 980 a month in rent.", single_valued=True),
        fact("salary", "48k", "The user earns 48k a year.", single_valued=True),
        fact("internet_provider", "Zen", "The user's broadband is with Zen."),
    ]
    assert gone(said, facts) == {"rent:980"}


def test_a_value_word_that_is_part_of_a_held_attribute_name_stays_part_of_it() -> None:
    facts = [
        fact("phone_number", "0612 448 901", "The user's phone number is 0612 448 901."),
        fact("phone", "Pixel 8", "The user has a Pixel 8 phone.", single_valued=True),
    ]
    assert gone("forget my phone number", facts) == {"phone_number:0612 448 901"}


@pytest.mark.parametrize(
    "said", ["please forget my street address", "drop the street address you have"]
)
def test_an_attribute_named_with_another_of_its_names_beside_it_is_that_attribute(
    said: str,
) -> None:
    # "street" is another name of the address (recall's ``ATTRIBUTE_WORDS``), so "street
    # address" says the address twice and narrows nothing; the city stays
    assert gone(said, HOME) == {"address:9 Kestrel Lane"}


def test_another_attribute_word_beside_the_name_still_narrows_it() -> None:
    facts = [*HOME, fact("email", "tove@fjord.no", "The user's email is tove@fjord.no.")]
    assert "address:9 Kestrel Lane" not in gone("forget my email address", facts)
