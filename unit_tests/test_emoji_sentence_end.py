"""An emoji between two runs of words ends a sentence, as a full stop would (#12, kind
unseen statement): in "I'm a farrier now 🐴 any tips for the first month??" the question
is the second sentence's, so the job is kept, not dropped as a question; an emoji before
"and" goes on with the sentence. Values are this file's own.
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


def test_a_question_after_an_emoji_is_its_own_sentence() -> None:
    assert ("job_title", "farrier") in _facts(
        "ok so im a farrier now 🐴 any tips for the first month??"
    )
    assert ("dietary_restriction", "vegan") in _facts("I'm vegan 🌱 what should I cook tonight?")


def test_a_question_in_the_same_sentence_still_asks() -> None:
    assert _facts("am I a farrier now??") == set()


def test_an_emoji_before_and_goes_on_with_the_sentence() -> None:
    got = _facts("moved to Truro 🎉 and I work at Kernow Tiles now")
    assert ("city", "Truro") in got and ("employer", "Kernow Tiles") in got
