"""Corrections said in a later session, in the shapes people repair their words with (#12).

What a user notices, through the real default graph (the wrong value was said in an
earlier session, so only the held value can say which slot it was in):

* the repair in its own sentence or after a dash ("Earlier I said X. I meant Y.", "I said
  X but I meant Y — the small one");
* the wrong value asked back in the user's own frame ("did i say i work at X?? nope. Y");
* a starred word inside the turn ("Y*, not X. fat fingers");
* the speaker's copula and article around both values ("I'm a Y, not an X");
* a bare apology after a name ("my GP is Dr X - sorry, Dr Y");
* "my dentist is Dr X": a person the user has one of, named after the relation.

Each leaves the right value current and the wrong one in history, never both current.
"""

from __future__ import annotations

import pytest

from langmem_plus.extraction.retraction import corrected_value, stated_correction
from unit_tests.test_retraction_forms import graph_rows, held


@pytest.mark.parametrize(
    ("first", "fix", "right", "wrong"),
    [
        (
            "My home airport is Kirkwall.",
            "earlier I said Kirkwall but I meant Sumburgh — the small one up north",
            "Sumburgh",
            "Kirkwall",
        ),
        (
            "I live in Dunmore.",
            "Earlier I said Dunmore. I meant Dunmere, the next village over.",
            "Dunmere",
            "Dunmore",
        ),
        (
            "I work at Quillon Press.",
            "hang on, did i say i work at Quillon Press?? nope. Marlin Books. they print for us",
            "Marlin Books",
            "Quillon Press",
        ),
        ("I live in Dunmore.", "Dunmere*, not Dunmore. fat fingers today", "Dunmere", "Dunmore"),
        (
            "I work as a cooper.",
            "oops, I'm a wheelwright, not a cooper — easy to mix up",
            "wheelwright",
            "cooper",
        ),
        (
            "My GP is Dr Imrie.",
            "my GP is Dr Imrie - sorry, Dr Imlach. phone keyboard",
            "Dr Imlach",
            "Dr Imrie",
        ),
        # the repair after a bare comma, and in the frame of its attribute (session 15)
        (
            "I live in Dunmore.",
            "I told you Dunmore last time, it's Dunmere. same county",
            "Dunmere",
            "Dunmore",
        ),
        (
            "My home airport is Kirkwall.",
            "I wrote Kirkwall before but my home airport is Sumburgh",
            "Sumburgh",
            "Kirkwall",
        ),
    ],
)
def test_a_later_correction_replaces_the_held_value(
    first: str, fix: str, right: str, wrong: str
) -> None:
    assert held((first,)) == [wrong]
    assert held((first,), (fix,)) == [right]
    assert graph_rows("history", (first,), (fix,)) == [wrong]


def test_a_one_at_a_time_person_named_after_the_relation_is_kept() -> None:
    assert held(("my dentist is Dr Haldane, near the station",)) == ["Dr Haldane"]
    # a state of the person is not a name
    assert held(("my dentist is away until May",)) == []


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("i said tuesday. i meant thursday lol", ("thursday", "tuesday")),
        ("have I told you I live in Leeds? no, Hull actually", ("Hull", "Leeds")),
        ("I said Esbjerg last time but it's Odense - sorry", ("Odense", "Esbjerg")),
        ("we put Thursday earlier, it's Friday", ("Friday", "Thursday")),
        ("I typed Lenzie before but my town is Kirkintilloch", ("Kirkintilloch", "Lenzie")),
    ],
)
def test_the_pair_a_correction_states(text: str, pair: tuple[str, str]) -> None:
    assert stated_correction(text) == pair


@pytest.mark.parametrize(
    "text",
    [
        "did I say I was tired? no, I'm fine",
        "I said I'd call. It's fine, don't worry",
        "we said Friday, it's too late now",  # a comma, and no name or number after it
        "I said yes, it was a long day",
    ],
)
def test_no_pair_from_words_that_correct_no_value(text: str) -> None:
    assert stated_correction(text) is None


def test_a_corrected_value_loses_the_speakers_frame() -> None:
    assert corrected_value("I'm an osteopath") == "osteopath"
    assert corrected_value("a physiotherapist") == "physiotherapist"
    assert corrected_value("The Hague") == "The Hague"  # a name keeps its article


@pytest.mark.parametrize(
    ("first", "fix", "right", "wrong"),
    [
        ("Blood type is O positive, I donate in spring.",
         "sorry, I had that wrong: AB positive", "AB positive", "O positive"),
        ("my physio is Dr Kessler, she's great", "typo up there: Dr Kestler", "Dr Kestler",
         "Dr Kessler"),
    ],
)  # fmt: skip
def test_a_later_correction_that_names_no_wrong_value_finds_it_by_its_shape(
    first: str, fix: str, right: str, wrong: str
) -> None:
    """In a later session, "sorry, I had that wrong: X" names no wrong value: the held value
    of X's shape (as many words, cased alike, a word shared or spelt alike) is the slip."""
    assert held((first,), (fix,)) == [right]
    assert graph_rows("history", (first,), (fix,)) == [wrong]


def test_a_correction_that_names_no_wrong_value_and_fits_none_changes_nothing() -> None:
    assert held(("I live in Greyfell.",), ("sorry, I had that wrong: Halbrook",)) == ["Greyfell"]
    # two held values as like it as each other: which was the slip is unknown
    both = ("My car is a Leaf Ka and my scooter is a Leaf Ko.",)
    assert held(both, ("sorry, I had that wrong: Leaf Ki",)) == ["Leaf Ka", "Leaf Ko"]
