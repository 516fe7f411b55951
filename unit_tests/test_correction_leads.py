"""Corrections said the way people type them (#12, kind correction): an apology that says
the earlier turn was wrong before the right value ("Sorry, I had that wrong: AB negative",
"I spelled my own name wrong earlier 🙃 it's Niamh, with an m"), interjections before
"it's X, not Y" ("ah and it's Ingrida, not Ingrid — Lithuanian"), and a right value whose
lowercase word is part of it, as the wrong one's was ("AB negative" for "O negative").
Before, the first two corrected nothing and the third took the aside after the dash as
the partner's name. Values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _corrections(first: str, then: str) -> set[tuple[str, str, str | None]]:
    got = RuleExtractor().extract(
        [HumanMessage(first, id="m1"), HumanMessage(then, id="m2")], user_id="u"
    )
    return {(c.predicate, c.object, c.corrects) for c in got if c.message_id == "m2"}


def test_an_apology_that_says_it_was_wrong_then_the_value() -> None:
    assert ("blood_type", "AB negative", "O negative") in _corrections(
        "Blood type is O negative, I donate every spring.",
        "Sorry, I had that wrong: AB negative. Checked the card.",
    )


def test_a_misspelt_own_name_corrected_after_an_emoji() -> None:
    assert ("preferred_name", "Niamh", "Neve") in _corrections(
        "you can call me Neve btw",
        "hm, I spelled my own name wrong earlier 🙃 it's Niamh, with an m",
    )


def test_interjections_before_the_right_value_and_an_aside_after_the_wrong_one() -> None:
    got = _corrections(
        "my wife Ingrid wants a quiet birthday this year",
        "ah and it's Ingrida, not Ingrid — Lithuanian, she'd be cross if she saw that",
    )
    assert ("partner", "Ingrida", "Ingrid") in got
    assert not [c for c in got if c[1] == "Lithuanian"]


def test_a_hesitation_alone_is_no_correction() -> None:
    assert _corrections("I live in Tartu", "hmm, Lisbon sounds nice") == set()


def test_a_part_of_a_held_value_set_right_in_a_later_session(tmp_path: object) -> None:
    """Through the write policy, each turn extracted on its own (as the graph does across
    sessions): "I told you June for my birthday - it's July" of a held "23rd of June"
    keeps the day, and "5th of May, not March" of "5th of March" takes the whole."""
    from datetime import datetime, timezone

    from langmem_plus import FactMemory
    from langmem_plus.stores import QdrantStore

    store = QdrantStore(path=str(tmp_path) + "/parts")
    memory, rx = FactMemory(store), RuleExtractor()
    for user, turns in {
        "u1": ["my birthday's the 23rd of June, in case that's ever useful",
               "oops, I told you June for my birthday - it's July! no idea where June came from"],
        "u2": ["my birthday's the 5th of March, fyi",
               "Typo earlier: 5th of May, not March. I do know my own birthday."],
    }.items():  # fmt: skip
        for text in turns:
            for c in rx.extract([HumanMessage(text)], user_id=user):
                memory.remember(user, c)
    now = datetime.now(timezone.utc)
    held = {
        u: {f.object for f in memory.as_of(u, now) if f.predicate == "birthday"}
        for u in ("u1", "u2")
    }
    assert held == {"u1": {"23rd of July"}, "u2": {"5th of May"}}
    store.close()


@pytest.mark.parametrize(
    "then",
    [
        "my mistake, it should be Greywell",
        "that was wrong, it's actually Greywell",
        "I misspoke: Greywell. long week",
    ],
)
def test_more_ways_of_saying_the_last_value_was_wrong(then: str) -> None:
    """Said right after the slip, naming no wrong value (session 15)."""
    assert ("city", "Greywell", "Greyfell") in _corrections("I live in Greyfell.", then)
