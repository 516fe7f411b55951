"""Explicit saves (issue 12, kind 8): what the user asked to keep comes back.

An explicit save becomes a typed fact where a frame fits (a dislike, a constraint, an
intolerance, a routine), so it reaches the requests it bears on through the always-on
profile; otherwise a note whose words are searchable. Requests it has nothing to do with
get no fact line. Through ``RuleExtractor`` and ``FactMemory`` on a real store.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import RuleExtractor
from langmem_plus.extraction.saves import save_lead, weak_lead
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import Fact
from langmem_plus.facts.retrieval import RetrievalPolicy

NOW = datetime(2026, 4, 7, 10, 0, tzinfo=timezone.utc)
LATER = NOW + timedelta(days=9)


class _Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


def _saved(*messages: str) -> tuple[FactMemory, _Clock]:
    clock = _Clock()
    memory = FactMemory(InMemoryStore(), clock=clock)
    ex = RuleExtractor()
    for i, text in enumerate(messages):
        for c in ex.extract([HumanMessage(text, id=f"m{i}")], now=NOW):
            memory.remember("ana", c)
    clock.now = LATER
    return memory, clock


def _lines(block: str) -> list[str]:
    return [ln for ln in block.splitlines() if ln.startswith("- ")]


# (what the user says, a request the saved thing bears on, a word that must come back)
REACHES = [
    ("Please remember that I can't bear okra.", "what could I cook with the veg box?", "okra"),
    ("note that im not keen on anchovies", "a caesar salad for four", "anchovies"),
    ("Don't forget I never take overnight ferries.", "get me to Bilbao in June", "ferries"),
    ("keep in mind i cant kneel, dodgy hip", "a yoga class near the office?", "kneel"),
    ("fyi I run with the club on Wednesday evenings", "book a dinner with Sam midweek",
     "club"),
    ("heads up - I teach a pottery class every other Saturday", "plan my next weekend",
     "pottery"),
    ("Kindly note that I am not able to travel before 8am.", "find me a train to Leeds",
     "8am"),
    ("For future reference, I'm scared of dogs.", "a walk in the park with friends?", "dogs"),
    ("plz remembr i react badly to soy", "a stir fry for tonight", "soy"),
    ("remember that cucumber doesn't agree with me", "a summer salad idea", "cucumber"),
    ("Note for later: I'm staying away from sugar this month", "a dessert for Friday",
     "sugar"),
    ("Remember, I'm usually on the school run until 9", "when can I call the bank tomorrow?",
     "9"),
]  # fmt: skip


@pytest.mark.parametrize(("said", "ask", "word"), REACHES, ids=[r[0][:30] for r in REACHES])
def test_a_typed_save_reaches_the_requests_it_constrains(said: str, ask: str, word: str) -> None:
    memory, _ = _saved(said)
    block = memory.recall("ana", ask).block
    assert word.casefold() in block.casefold()
    assert not _lines(block), "a typed save is in the profile, not a ranked line"


@pytest.mark.parametrize("said", [r[0] for r in REACHES], ids=[r[0][:30] for r in REACHES])
def test_an_irrelevant_request_gets_no_fact_line(said: str) -> None:
    memory, _ = _saved(said)
    for request in ("what's the tallest mountain in Africa?", "write a haiku about rain",
                    "how does a transistor work?"):  # fmt: skip
        assert not _lines(memory.recall("ana", request).block)


NOTES = [
    ("Please remember my gym locker is number 312.", "which locker is mine at the gym?", "312"),
    ("save this: the shed key is under the blue pot", "where's the shed key?", "blue"),
    ("Don't forget my visa runs out in August 2031.", "when does my visa run out?", "2031"),
    ("remember we're going to repaint the hallway next month", "what are we doing to the "
     "hallway?", "repaint"),
]  # fmt: skip


@pytest.mark.parametrize(("said", "ask", "word"), NOTES, ids=[r[0][:30] for r in NOTES])
def test_a_note_comes_back_by_its_words(said: str, ask: str, word: str) -> None:
    memory, _ = _saved(said)
    assert word.casefold() in memory.recall("ana", ask).block.casefold()
    assert not _lines(memory.recall("ana", "how many moons does Mars have?").block)


def test_a_date_in_a_save_is_what_is_kept_not_when_it_starts() -> None:
    """A future date in the note does not make the note "not yet valid"."""
    memory, _ = _saved("Don't forget my visa runs out in August 2031.")
    [fact] = [f for f in memory.as_of("ana", LATER) if f.predicate == "note"]
    assert fact.valid_from <= LATER and "2031" in fact.text


def test_a_plan_asked_to_be_kept_is_kept_as_a_note_not_a_slot() -> None:
    memory, _ = _saved("remember I'm going to visit Lagos in December")
    assert [f.predicate for f in memory.as_of("ana", LATER)] == ["note"]
    assert "Lagos" in memory.recall("ana", "what am I up to in December?").block
    # always sent as what the user asked to keep (Notes), never as where they live
    assert "Notes: note: is going to visit Lagos in December" in memory.profile("ana")
    assert "city" not in memory.recall("ana", "where do I live?").block


def test_several_saves_after_a_label_are_each_typed() -> None:
    memory, _ = _saved("Things to remember: I hate marzipan, I volunteer on Sundays")
    profile = memory.profile("ana")
    assert "dislike: marzipan" in profile
    assert "volunteer on Sundays" in profile


def test_a_subjectless_part_keeps_what_it_is_about() -> None:
    memory, _ = _saved("remember that my violin tutor is Ilse Brandt, lessons every Tuesday at 5")
    assert "violin" in memory.recall("ana", "am I free on Tuesday afternoon?").block
    assert "Ilse Brandt" in memory.recall("ana", "who's my violin tutor?").block


def test_a_weak_lead_about_something_else_is_not_a_save() -> None:
    assert save_lead("fyi the bakery on the corner closed") is None
    assert save_lead("fyi I cycle to work") == "I cycle to work"
    memory, _ = _saved("fyi the bakery on the corner closed")
    assert memory.as_of("ana", LATER) == []


@pytest.mark.parametrize(
    "said",
    ["fyi my flight got cancelled", "for the record, I never said that",
     "heads up, I might be late", "just so you know I never went to Prague"],
)  # fmt: skip
def test_news_after_a_weak_lead_is_not_kept(said: str) -> None:
    """After "fyi" or "for the record" only what a frame types is kept: news, a past event
    or a maybe is not a note, nor a constraint."""
    memory, _ = _saved(said)
    assert memory.as_of("ana", LATER) == []


def test_remembering_is_not_recalling_a_memory() -> None:
    assert save_lead("I remember the old flat had a red door") is None
    assert save_lead("remembered that I left the oven on") is None


def _note(text: str) -> Fact:
    return Fact(fact_id="n1", user_id="ana", kind="fact", subject="user", predicate="note",
                object=text, text=text, valid_from=NOW, asserted_at=NOW)  # fmt: skip


def test_a_note_is_not_named_by_the_word_note() -> None:
    """Beyond the Notes section's bound (off here), a note is ranked: the word "note" in a
    request is not a word of the note."""
    note = _note("The user's bike is the green one with a basket.")
    ranked = RetrievalPolicy(max_notes=0)
    recall = ranked.select("write a note to the plumber", [note], scope=None, now=LATER)
    assert recall.kept == ()


def test_a_note_passes_at_its_own_floor() -> None:
    """One of a request's three terms is enough for a note the user asked to keep, not for
    an inferred fact; the floor is configurable. (Beyond the Notes section's bound, which
    is off here: within it a note is always sent.)"""
    note = _note("The user takes their tea with oat milk.")
    fact = note.model_copy(update={"predicate": "tea_habit"})
    request = "ordering tea for the office"
    ranked = RetrievalPolicy(max_notes=0)
    assert ranked.select(request, [note], scope=None, now=LATER).kept
    assert not ranked.select(request, [fact], scope=None, now=LATER).kept
    strict = RetrievalPolicy(note_floor=0.5, max_notes=0)
    assert not strict.select(request, [note], scope=None, now=LATER).kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("please save: I take my tea with honey", "I take my tea with honey"),
        ("stash this somewhere safe: the garage code is 5521", "the garage code is 5521"),
        ("for your records, I'm 190cm tall", "I'm 190cm tall"),
        ("just so you have it: my glove size is 8", "my glove size is 8"),
    ],
)
def test_more_ways_of_asking_to_keep_something_are_saves(said: str, kept: str) -> None:
    assert save_lead(said) == kept
    assert not weak_lead(said)


@pytest.mark.parametrize(
    "said", ["save: 30% off all boots this weekend", "keep: calm and carry on", "write: a haiku"]
)
def test_a_keep_verb_before_a_colon_about_nothing_of_the_users_is_no_save(said: str) -> None:
    assert save_lead(said) is None
