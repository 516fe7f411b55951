"""Which one-at-a-time values are always sent (the profile's Attributes section): only an
attribute a reader knows, never one the rule extractor guessed from a sentence's shape
(issue 12). A guessed attribute is still stored, superseded and found by a request that
names it."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from langchain_core.messages import HumanMessage

from langmem_plus.extraction.rules import RuleExtractor
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.facts.policy import WritePolicy
from langmem_plus.facts.retrieval import RetrievalPolicy

T = datetime(2026, 3, 9, tzinfo=timezone.utc)
POLICY = RetrievalPolicy()


def read(text: str) -> list[CandidateFact]:
    return RuleExtractor().extract([HumanMessage(text)])


def kept(*turns: str) -> list[Fact]:
    """What the write policy keeps current after the rule extractor read these turns."""
    held: list[Fact] = []
    for day, text in enumerate(turns):
        for c in read(text):
            d = WritePolicy().decide(
                c, user_id="oddny", current=held, now=T + timedelta(days=day), session_id="s"
            )
            closed = {x.fact_id for x in d.closed}
            held = [f for f in held if f.fact_id not in closed]
            if d.fact is not None:
                held.append(d.fact)
    return held


def block(request: str, facts: list[Fact]) -> str:
    return POLICY.select(request, facts, scope=None, now=T + timedelta(days=30)).block


def test_a_label_the_rules_guessed_is_not_sent_with_an_unrelated_request() -> None:
    facts = kept("quick background: Tromsø, that's where I am")
    assert any(f.object == "Tromsø" for f in facts)  # still kept: found when asked
    assert "background" not in block("suggest a film for tonight", facts)


def test_a_guessed_attribute_is_kept_superseded_and_found_when_named() -> None:
    facts = kept(
        "my podcast app is Overcast these days", "my podcast app is Castro now, much better"
    )
    assert [f.object for f in facts if "podcast" in f.predicate] == ["Castro"]
    assert "Castro" not in block("write a limerick about a heron", facts)
    named = block("my podcast app keeps crashing, any fix?", facts)
    assert "Castro" in named and "Overcast" not in named


def test_an_attribute_a_reader_knows_is_still_always_sent() -> None:
    facts = kept("I drive a Skoda Octavia", "my dentist is Dr Halvorsen")
    shown = block("anything to sort out before I go away for a month?", facts)
    assert "car: Skoda Octavia" in shown and "dentist: Dr Halvorsen" in shown


def test_a_declared_attribute_of_a_model_is_sent_and_a_guessed_restatement_keeps_it() -> None:
    declared = CandidateFact(
        kind="fact",
        predicate="podcast_app",
        object="Overcast",
        text="The user's podcast app is Overcast.",
        single_valued=True,
    )
    held: list[Fact] = []
    d = WritePolicy().decide(declared, user_id="oddny", current=held, now=T, session_id="s")
    assert d.fact is not None
    held = [d.fact]
    assert "podcast app: Overcast" in block("write a limerick about a heron", held)
    guessed = [c for c in read("my podcast app is Castro now") if c.object == "Castro"]
    assert guessed and guessed[0].attribute is False
    d = WritePolicy().decide(
        guessed[0], user_id="oddny", current=held, now=T + timedelta(days=1), session_id="s"
    )
    assert d.fact is not None and d.closed
    shown = block("write a limerick about a heron", [d.fact])
    assert "podcast app: Castro" in shown


def test_a_label_no_rule_knows_gives_way_to_the_typed_reading_of_its_value() -> None:
    facts = kept("quick background: Tromsø, that's where I live")
    assert "city: Tromsø" in block("any rainy-day museums near me?", facts)
    # said as the user's own ("my ..."), the guessed attribute keeps its value
    insurer = kept("Kestrel Mutual is my home insurer")
    assert [f.predicate for f in insurer] == ["home_insurer"]
