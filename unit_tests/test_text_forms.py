"""One verb/person rewrite for the remember tool, the LangMem import and announcements."""

from __future__ import annotations

import pytest

from langmem_plus.extraction.announce import second_person
from langmem_plus.facts.text_forms import base_form, elided_first_person, first_person


@pytest.mark.parametrize(
    ("note", "said"),
    [
        ("The user mentioned they are vegetarian.", "I am vegetarian."),
        ("User says he no longer eats pork.", "I no longer eat pork."),
        ("The user has told me that she's moving to Riga.", "I'm moving to Riga."),
        ("Greet the user warmly; the user prefers first names.",
         "Greet me warmly; I prefer first names."),
        ("User's partner is Tove and the user carries an EpiPen.",
         "My partner is Tove and I carry an EpiPen."),
        ("Tove says she likes jazz.", "Tove says she likes jazz."),
    ],
)  # fmt: skip
def test_a_note_about_the_user_reads_as_the_users_words(note: str, said: str) -> None:
    assert first_person(note) == said


def test_one_base_form_for_every_person() -> None:
    assert [base_form(v) for v in ("dies", "fixes", "focus", "always", "is")] == [
        "die", "fix", "focus", "always", "am",
    ]  # fmt: skip
    assert base_form("is", person="second") == "are"
    # the announcements and the import agree with it
    assert second_person("The user dies laughing at puns.") == "you die laughing at puns"
    assert elided_first_person("Fixes bikes on weekends.") == "I fix bikes on weekends."
