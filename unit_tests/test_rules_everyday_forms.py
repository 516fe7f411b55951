"""Everyday forms of the user's home, allergies and people (#12, kind unseen statement):
where a commute starts is where the user lives ("the commute from Strood into town"); a
list of allergens ends where a subjectless clause starts ("allergic to lupin, found out
the hard way at a bakery", which stored the rest as a second allergen); "alergic" is
the same word misspelt; a boss named in another script then in brackets in Latin letters
("my boss is 王磊 (Wang Lei)") is kept by the name the user reads. Values are this file's
own.
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


def test_where_a_commute_starts_is_home() -> None:
    assert ("city", "Haywards Heath") in _facts(
        "the commute from Haywards Heath into town is brutal, 80 minutes door to door"
    )
    assert ("city", "Delft") in _facts("my daily commute from Delft to the office is fine")


def test_a_commute_from_a_place_that_is_no_name_says_no_home() -> None:
    assert _facts("my commute from the station is short") == set()
    assert _facts("the commute from hell again") == set()


def test_an_allergen_list_ends_at_a_subjectless_clause() -> None:
    assert _facts("I'm allergic to sesame, found out at a wedding in Porto") == {
        ("allergy", "sesame")
    }
    assert _facts("I'm allergic to kiwi, nearly ended up in A&E") == {("allergy", "kiwi")}
    assert _facts("I'm allergic to sesame, walnuts and kiwi") == {
        ("allergy", "sesame"),
        ("allergy", "walnuts"),
        ("allergy", "kiwi"),
    }


def test_alergic_is_allergic_misspelt() -> None:
    assert _facts("im alergic to sesame") == {("allergy", "sesame")}


def test_a_person_named_in_another_script_keeps_the_bracketed_name() -> None:
    assert ("manager", "Chen Jing") in _facts("my manager is 陈静 (Chen Jing), very hands-off")


def test_news_of_a_new_home_names_where_it_is() -> None:
    assert ("city", "Portobello") in _facts("new flat 🏠 in Portobello!! tiny but ours")
    assert ("city", "Ghent") in _facts("our new place in Ghent has no oven yet")


def test_a_new_home_that_is_only_wished_for_is_not_home() -> None:
    assert _facts("new flat in Antibes would be a dream") == set()
    assert _facts("a new flat in Antibes would cost a fortune") == set()


def test_a_new_one_named_without_my_is_the_users() -> None:
    assert ("manager", "Ines Duarte") in _facts("New manager is Ines Duarte, very sharp")


def test_a_home_bought_with_the_subject_left_out_is_home() -> None:
    assert ("city", "Kassel") in _facts("and then bought a little place in Kassel, May 2024")
    assert ("city", "Kassel") in _facts("then bought a flat in Kassel")
