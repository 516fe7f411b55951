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


def test_a_time_with_a_colon_is_never_cut_at_it() -> None:
    """ "at 6:40, not 7:40" read "6:" as a lead and stored a correction of "7:40" to "40"."""
    got = RuleExtractor().extract([HumanMessage("the ferry leaves at 6:40, not 7:40")])
    assert not [c for c in got if c.object in ("40", "15") or c.predicate == "correction"]
    said = "remember that Milo's nursery closes at 5:45 on Fridays, not six like other days"
    objects = [c.object for c in RuleExtractor().extract([HumanMessage(said)])]
    assert objects and all("5:45" in o for o in objects)


def test_dont_let_me_forget_asks_to_keep_what_follows() -> None:
    got = RuleExtractor().extract(
        [HumanMessage("don't let me forget: I'm never free before 9am on weekdays")]
    )
    assert any("9am" in c.object for c in got)


def test_a_titles_point_is_not_a_sentence_end() -> None:
    """ "my GP is Dr. Okafor" stored "Dr" as the GP: the point after a title ended the
    sentence, or the value."""
    assert ("gp", "Dr. Adaeze Okafor") in _facts("my GP is Dr. Adaeze Okafor")
    assert ("vet", "Dr. Mira Holm") in _facts("Vet: Dr. Mira Holm at Larchfield")
    assert ("landlord", "Mr. Castellan") in _facts("our landlord is Mr. Castellan, lives upstairs")


def test_a_new_one_of_a_person_the_user_has_one_of() -> None:
    got = _facts("the flat got sold, so Brackley Lettings is the landlord now instead of Mr Oduya")
    assert ("landlord", "Brackley Lettings") in got
    assert not [f for f in got if f[1] == "Mr Oduya"]


def test_a_ported_number_names_the_phone_network() -> None:
    assert ("phone_plan", "Kestrel Mobile") in _facts(
        "ported my number over to Kestrel Mobile last week, full signal now"
    )


def test_a_persons_title_is_never_a_place() -> None:
    assert not [f for f in _facts("update: moved over to Dr. Anand") if f[0] == "city"]


def test_a_date_after_a_contracted_copula_is_the_value() -> None:
    assert ("birthday", "14th of August") in _facts(
        "my birthday's the 14th of August, in case that's ever handy"
    )


def test_a_new_title_with_the_subject_left_out() -> None:
    assert ("job_title", "sound engineer") in _facts(
        "got the promotion!!! officially a sound engineer as of this week"
    )


def test_a_lowercase_place_of_two_words_stays_whole() -> None:
    """A reading of one lowercase word ("I live in ipswich") never cuts "ipswich bay"."""
    assert _facts("ok so update: i'm living in whitley bay now 🙃 new flat, tiny kitchen") == {
        ("city", "whitley bay")
    }


def test_whom_the_user_sees_for_a_service() -> None:
    """ "I see Dr. Moreau for my teeth" stored the dentist "Moreau": the clause reader
    ended a sentence at "Dr." and read "Moreau for my teeth" alone."""
    assert ("dentist", "Dr. Lindahl") in _facts("I see Dr. Lindahl for my teeth")
    assert ("dentist", "Dr Lindahl") in _facts("I usually see Dr Lindahl for my teeth")
    assert {f[0] for f in _facts("I see my aunt for lunch on Sundays")} <= {"routine"}
