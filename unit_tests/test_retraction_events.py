"""Endings told by their event or their period, not by "no longer" (#12).

What a user notices, through the real default graph: the value said before is no longer
current after

* a period of their life said to be over ("the keto phase is officially over");
* a named thing, then its end ("Ravelry Plus: cancelled.");
* a named subscription ended ("I've ended my Brightline subscription");
* a condition denied ("turns out no sesame allergy after all");
* a pet's death with the causative ("we had to have Biscuit put down");
* "no more X for me", "said goodbye to the X";
* a breakup naming the partner ("me and Tomasz broke up");
* "no longer at X" for a named place.

Nothing the ending does not name is closed: the user's other values stay.
"""

from __future__ import annotations

import pytest

from langmem_plus.extraction.retraction import ended
from unit_tests.test_retraction_forms import held


@pytest.mark.parametrize(
    ("first", "ending", "left"),
    [
        (
            "I'm keto and I live in Tarbert.",
            "the keto phase is officially over, pass the bread",
            ["Tarbert"],
        ),
        (
            "My streaming service is Ravelry Plus. I live in Tarbert.",
            "Ravelry Plus: cancelled. too many price rises",
            ["Tarbert"],
        ),
        (
            "My streaming service is Brightline. I live in Tarbert.",
            "I've ended my Brightline subscription as of today",
            ["Tarbert"],
        ),
        (
            "I'm allergic to sesame and kiwi.",
            "Turns out no sesame allergy after all, the re-test was clear!",
            ["kiwi"],
        ),
        (
            "We have a dog called Biscuit and a cat called Pip.",
            "we had to have Biscuit put down last night, worst day",
            ["Pip"],
        ),
        (
            "I sing in the Calder Valley Choir. I live in Tarbert.",
            "No more Calder Valley Choir for me, gave my folder back",
            ["Tarbert"],
        ),
        (
            "I drive a Fiat Uno. I live in Tarbert.",
            "said goodbye to the Fiat Uno on friday, bus pass from now on",
            ["Tarbert"],
        ),
        (
            "My boyfriend is Tomasz and we live in Tarbert.",
            "so me and Tomasz broke up 😢",
            ["Tarbert"],
        ),
        (
            "I work at Pinecrest Mills. I live in Tarbert.",
            "no longer at Pinecrest Mills!! redundancy round",
            ["Tarbert"],
        ),
    ],
)
def test_an_ending_told_by_its_event_closes_the_named_value(
    first: str, ending: str, left: list[str]
) -> None:
    assert len(held((first,))) == len(left) + 1
    assert held((first,), (ending,)) == left


@pytest.mark.parametrize(
    "text",
    [
        "my Lisbon trip is cancelled",
        "no more allergy tests for me, thank goodness",
        "said goodbye to my sister at the station",
        "The meeting: cancelled",
    ],
)
def test_words_that_end_nothing_of_the_users_close_nothing(text: str) -> None:
    assert ended(text) == []
