"""A forget topic said as a head noun with an "of" phrase names the complement's attribute
(issue 12): "my place of work" is the employer, never the place the user lives; "the name
of my dog" is the dog. Nothing the complement does not name is forgotten.
"""

from __future__ import annotations

import pytest

from langmem_plus.nodes.intents import blocked_predicates
from unit_tests.test_retraction_forms import held

FIRST = (
    "I work at Halden Forge.",
    "I live in Whitby.",
    "We have a dog called Pickle.",
    "I'm allergic to kiwi.",
)


@pytest.mark.parametrize(
    ("ask", "left"),
    [
        ("Kindly remove any record of my place of work.", ["Pickle", "Whitby", "kiwi"]),
        ("pls forget my place of work, ta", ["Pickle", "Whitby", "kiwi"]),
    ],
)
def test_an_of_phrase_topic_forgets_the_complements_attribute_only(
    ask: str, left: list[str]
) -> None:
    assert held(FIRST) == ["Halden Forge", "Pickle", "Whitby", "kiwi"]
    assert held(FIRST, (ask,)) == left


def test_stop_storing_a_place_of_work_blocks_no_home() -> None:
    assert "city" not in blocked_predicates("my place of work")
    assert "employer" in blocked_predicates("my place of work")
