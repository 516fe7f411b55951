"""Retractions and corrections that name their value otherwise than it was stored (#12).

An extractor (a model especially) rarely repeats the stored value word for word when the
user takes it back: "we had to put our rabbit down" gives "a rabbit named Quince" for the
stored "Quince", "I cancelled my gym membership" names only the slot, "I left the chess
club" may come under another predicate than the hobby it was stored as. Each test checks
what the user notices: the value stops reaching the memory block and the profile, and a
value the retraction does not name stays.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import post_filter, user_turns
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from unit_tests.test_graph_support import Clock as GraphClock
from unit_tests.test_graph_support import RecordingModel, build_chatbot
from unit_tests.test_memory_support import START, Clock, cand


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
def memory(base_store: BaseStore, clock: Clock) -> FactMemory:
    return FactMemory(base_store, clock=clock)


def current(memory: FactMemory, user: str) -> list[str]:
    """The values held as current (the facts namespace holds current rows only)."""
    return sorted(i.value["object"] for i in memory.store.search(memory.layout.facts(user)))


def test_a_pet_retracted_by_its_description_is_closed(memory: FactMemory, clock: Clock) -> None:
    memory.remember("ora", cand("pet", "Quince", "Has a rabbit named Quince."))
    memory.remember("ora", cand("pet", "Bramble", "Has a dog named Bramble."))
    clock.advance(days=9)
    gone = cand(
        "pet", "a rabbit named Quince", "No longer has a rabbit named Quince.", polarity="retract"
    )
    d = memory.remember("ora", gone)
    assert (d.action, d.code) == ("retracted", "retracted")
    assert current(memory, "ora") == ["Bramble"]
    assert "Quince" not in memory.recall("ora", "what should I feed my rabbit Quince?").block


def test_a_retraction_naming_only_the_slot_closes_its_current_value(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember(
        "ora", cand("gym", "Blue Heron Pool", "Is a member at Blue Heron Pool.", single_valued=True)
    )
    memory.remember("ora", cand("partner", "Alder", "The user's partner is Alder."))
    clock.advance(days=4)
    ended = cand("gym", "my gym membership", "Is no longer a gym member.", polarity="retract")
    assert memory.remember("ora", ended).action == "retracted"
    split = cand("partner", "my husband", "No longer has a partner.", polarity="retract")
    assert memory.remember("ora", split).action == "retracted"
    assert current(memory, "ora") == []
    assert "Blue Heron" not in memory.profile("ora")


def test_a_retraction_under_another_predicate_closes_the_value_where_it_is_held(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember(
        "ora", cand("hobby", "the Lantern Chess Club", "Plays at the Lantern Chess Club.")
    )
    memory.remember("ora", cand("hobby", "kayaking", "Enjoys kayaking."))
    clock.advance(days=6)
    left = cand(
        "membership", "Lantern Chess Club", "Left the Lantern Chess Club.", polarity="retract"
    )
    d = memory.remember("ora", left)
    assert (d.action, d.code) == ("retracted", "retracted")
    assert current(memory, "ora") == ["kayaking"]


def test_a_retraction_whose_own_text_names_the_held_value_closes_it(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember("ora", cand("dietary_restriction", "vegetarian", "Is vegetarian."))
    clock.advance(days=30)
    back = cand(
        "dietary_restriction", "meat", "Eats meat again; no longer vegetarian.", polarity="retract"
    )
    assert memory.remember("ora", back).action == "retracted"
    assert current(memory, "ora") == []
    assert "vegetarian" not in memory.profile("ora")


def test_a_retraction_of_a_value_never_held_leaves_the_others_alone(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember("ora", cand("allergy", "sesame", "Is allergic to sesame."))
    memory.remember("ora", cand("hobby", "pottery", "Enjoys pottery."))
    clock.advance(days=2)
    not_kiwi = cand("allergy", "kiwi", "Is not allergic to kiwi.", polarity="retract")
    d = memory.remember("ora", not_kiwi)
    assert (d.action, d.code) == ("rejected", "nothing_to_retract")
    assert current(memory, "ora") == ["pottery", "sesame"]


def test_used_to_closes_the_same_value_held_as_current(memory: FactMemory, clock: Clock) -> None:
    memory.remember("ora", cand("dietary_restriction", "vegan", "Is vegan."))
    clock.advance(days=40)
    past = cand(
        "dietary_restriction", "vegan", "Used to be vegan.", valid_to=clock.now - timedelta(days=1)
    )
    d = memory.remember("ora", past)
    assert (d.action, d.code) == ("retracted", "retracted")
    assert current(memory, "ora") == []
    assert "vegan" not in memory.profile("ora")


def test_a_correction_whose_wrong_value_was_in_another_slot_stops_believing_it(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember("ora", cand("allergy", "peanuts", "Is allergic to peanuts."))
    clock.advance(minutes=2)
    fixed = cand("intolerance", "lactose", "Is lactose intolerant.", corrects="peanuts")
    d = memory.remember("ora", fixed)
    assert (d.action, d.code) == ("superseded", "corrected")
    assert current(memory, "ora") == ["lactose"]
    assert "peanuts" not in memory.recall("ora", "a snack with peanuts?").block


def test_the_open_thread_never_repeats_a_value_retracted_later_in_that_session() -> None:
    """The last session asked for vegetarian recipes, then said they are not vegetarian any
    more: the next session's open thread is still the recipes, without "vegetarian"."""
    model, clock, store = RecordingModel(), GraphClock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    config = {"configurable": {"thread_id": "s1", "user_id": "ora"}}
    for text in (
        "I'm vegetarian.",
        "Can you suggest some vegetarian recipes for Friday?",
        "I'm not vegetarian any more, I eat everything again.",
    ):
        graph.invoke({"messages": [("user", text)]}, config)
        clock.advance(minutes=2)
    assert [i.value["object"] for i in store.search(("langmem_plus", "ora", "facts"))] == []
    clock.advance(days=3)
    later = {"configurable": {"thread_id": "s2", "user_id": "ora"}}
    graph.invoke({"messages": [("user", "Any more ideas for the Friday recipes?")]}, later)
    system = str(model.prompts[-1][0].content)
    assert "Open thread: Can you suggest some recipes for Friday?" in system
    assert "vegetarian" not in system.casefold()


def chat_facts(*turns: str, user: str = "ora") -> list[str]:
    """What the default graph (``RuleExtractor``) holds as current after ``turns``."""
    model, clock, store = RecordingModel(), GraphClock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    for text in turns:
        graph.invoke(
            {"messages": [("user", text)]}, {"configurable": {"thread_id": "s1", "user_id": user}}
        )
        clock.advance(minutes=2)
    return sorted(i.value["object"] for i in store.search(("langmem_plus", user, "facts")))


@pytest.mark.parametrize(
    "fix", ["typo: Ghent", "no wait, Ghent", "correction — it's Ghent", "sorry, I meant Ghent"]
)
def test_a_next_turn_correction_naming_only_the_right_value_replaces_the_wrong_one(
    fix: str,
) -> None:
    assert chat_facts("I live in Tartu.", fix) == ["Ghent"]


@pytest.mark.parametrize(
    "fix",
    [
        "Misspoke there: Ghent, not Tartu; long day.",
        "Ugh, my phone filled that in wrong — Ghent, not Tartu.",
        "Wait, Ghent, not Tartu, I was half asleep typing that.",
    ],
)
def test_x_not_y_inside_a_longer_turn_corrects_the_earlier_value(fix: str) -> None:
    assert chat_facts("I live in Tartu.", fix) == ["Ghent"]


def test_a_reply_that_corrects_nothing_leaves_the_value() -> None:
    assert chat_facts("I live in Tartu.", "no, thanks") == ["Tartu"]


@pytest.mark.parametrize(
    "ending",
    [
        "I cancelled my gym membership.",
        "not a gym member any more",
        "Ended my membership at the gym.",
        "I stopped going to Foundry Strength Club when the prices went up.",
        "I stopped going to the gym.",
    ],
)
def test_an_ended_membership_closes_the_gym(ending: str) -> None:
    assert chat_facts("My gym is Foundry Strength Club.", ending) == []


def test_no_longer_with_no_new_value_closes_the_value_wherever_it_is_held() -> None:
    assert chat_facts("I'm pescatarian and I live in Tartu.", "no longer pescatarian") == ["Tartu"]


def kept_as(candidate: CandidateFact, said: str) -> list[tuple[str, str]]:
    """``(modality, polarity)`` of what the post-filters keep of ``candidate``."""
    turns = user_turns([HumanMessage(said)], now=START)
    kept, _ = post_filter([candidate], turns)
    return [(c.modality, c.polarity) for c in kept]


def test_a_retraction_told_with_an_illness_word_is_kept_and_closes_the_pet(
    memory: FactMemory,
) -> None:
    said = "Mochi had cancer, so we had to put our cat to sleep on Friday."
    gone = cand("pet", "Mochi", "No longer has a cat named Mochi.", polarity="retract", quote=said)
    assert kept_as(gone, said) == [("asserted", "retract")]
    # a statement with the same words is still screened
    ill = cand("condition", "cancer", "Mochi had cancer.", quote=said)
    assert kept_as(ill, said) == []


@pytest.mark.parametrize(
    "said",
    [
        "I stopped going to Foundry Strength Club.",
        "gave up on trying to get to Foundry Strength Club",
    ],
)
def test_stopping_a_habit_is_not_read_as_a_plan(said: str) -> None:
    gone = cand(
        "gym", "Foundry Strength Club", "No longer goes there.", polarity="retract", quote=said
    )
    assert kept_as(gone, said) == [("asserted", "retract")]


def test_a_goal_said_as_an_intention_is_kept_and_replaces_the_old_goal(
    memory: FactMemory, clock: Clock
) -> None:
    old = cand(
        "current_goal",
        "a half marathon",
        "The user's goal is to run a half marathon.",
        modality="plan",
    )
    assert memory.remember("ora", old).action == "new"
    clock.advance(days=3)
    new = cand("goal", "learn Italian", "The user's goal is to learn Italian.", modality="plan")
    assert memory.remember("ora", new).action == "superseded"
    assert current(memory, "ora") == ["learn Italian"]
    trip = cand("city", "Lisbon", "Will move to Lisbon.", modality="plan")
    assert memory.remember("ora", trip).code == "plan"  # other plans are still not facts
