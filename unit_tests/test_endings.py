"""Endings told by the event that ended them, not by "no longer" (#12).

People say what happened: the last shift worked somewhere, the keys handed back, a pet
that "didn't make it", a condition "never the problem", a diet binned. Each test states a
value, then the ending in such words, and checks what the user notices: the ended value
is no longer current and a value the ending does not name stays. Everyday words that only
look like an ending (a goodbye at a station, a place "fine for me") change nothing.
"""

from __future__ import annotations

import pytest

from unit_tests.test_retraction_forms import held


@pytest.mark.parametrize(
    ("first", "ending", "left"),
    [
        (
            "I work at Pollard Mills and I live in Tromsø.",
            "Worked my last shift at Pollard Mills yesterday, taking the summer off.",
            ["Tromsø"],
        ),
        (
            "I work at Harrow & Pike. I live in Gdynia.",
            "finally handed my keys back at Harrow & Pike, no regrets",
            ["Gdynia"],
        ),
        ("I work at Lumen Yard.", "I've cleared out my desk at Lumen Yard.", []),
        (
            "We have a hamster called Biscuit. We also have a dog called Rolo.",
            "Biscuit didn't make it through the night, the vet did what she could.",
            ["Rolo"],
        ),
        (
            "We have a rabbit called Juniper. We also have a cat called Moss.",
            "We said goodbye to Juniper on Sunday. Old age, she was eleven.",
            ["Moss"],
        ),
        (
            "I'm lactose intolerant. I'm also allergic to kiwi.",
            "the tests came back: lactose is fine for me after all",
            ["kiwi"],
        ),
        (
            "I'm allergic to sesame and mustard.",
            "Turns out sesame was never the issue, it was the mustard all along.",
            ["mustard"],
        ),
        ("I'm vegan. I'm allergic to soy.", "I'm not doing vegan any more, too hard.", ["soy"]),
        ("I work at Copperleaf.", "Copperleaf let me go in the spring.", []),
        (
            "I work at Copperleaf. I live in Tromsø.",
            "got made redundant on Monday, oh well",
            ["Tromsø"],
        ),
        ("I work at Copperleaf.", "I lost my job last week.", []),
        ("I work at Copperleaf.", "Copperleaf and I parted ways in May.", []),
        ("We have a dog called Rex.", "we had to put Rex to sleep yesterday", []),
        ("We have a dog called Rex.", "Rex passed last night, we're gutted", []),
        ("I'm gluten intolerant.", "the gluten thing turned out to be nothing", []),
        ("I'm allergic to kiwi.", "kiwi's not an issue any more, I grew out of it", []),
    ],
)
def test_an_ending_told_by_its_event_closes_the_value(
    first: str, ending: str, left: list[str]
) -> None:
    assert held((first,), (ending,)) == left


@pytest.mark.parametrize(
    ("first", "talk", "kept"),
    [
        (
            "My partner is Maren.",
            "said goodbye to Maren at the station, she's off to Oslo",
            ["Maren"],
        ),
        ("I live in Leeds.", "Leeds is fine for me for the meetup, see you there", ["Leeds"]),
        ("I'm allergic to kiwi.", "kiwi is not an issue for the menu, I'll skip it", ["kiwi"]),
        ("We have a dog called Rex.", "Rex passed the puppy class!", ["Rex"]),
        ("I work at Copperleaf.", "I may leave Copperleaf in May", ["Copperleaf"]),
        ("I work at Copperleaf.", "I've been fired up about climbing lately", ["Copperleaf"]),
        (
            "I work at Pollard Mills.",
            "my last day at Pollard Mills is next Friday",
            ["Pollard Mills"],
        ),
        (
            "We have a dog called Rolo.",
            "Rolo didn't make it to the groomer today, traffic",
            ["Rolo"],
        ),
    ],
)
def test_words_that_only_look_like_an_ending_change_nothing(
    first: str, talk: str, kept: list[str]
) -> None:
    assert held((first,), (talk,)) == kept
