"""The open thread never repeats a superseded value, even where the user named it by the
first word of its name only ("the Harrowgate van" after leaving Harrowgate Mutual) (#12)."""

from __future__ import annotations

from langmem_plus.nodes.lifecycle import held_values_only, topic_of


def test_closed_value_named_by_its_leading_word_leaves_the_thread() -> None:
    topic = topic_of(
        "The Ferrand rota still needs its weekend shifts. I gave back the Harrowgate van "
        "when I moved over to Tollbridge Couriers, so I'll finish it from home tomorrow."
    )
    assert "Harrowgate" in topic  # the thread as written in that session
    thread = held_values_only(topic, [], "ok, let's pick this up", ["Harrowgate Mutual"])
    assert "Harrowgate" not in thread
    assert "Ferrand rota" in thread and "tomorrow" in thread


def test_leading_word_still_held_or_asked_stays() -> None:
    topic = "Can you draft the Harrowgate van booking? Still need to pick a date."
    # the user asks about it again: the word is the request's, not a closed value's
    asked = held_values_only(
        topic, [], "the Harrowgate booking, where were we", ["Harrowgate Mutual"]
    )
    assert "Harrowgate" in asked
    # a one-word value or a lowercase one is matched whole only
    assert held_values_only("Still need to fix the van rota.", [], "hi", ["van hire"]) == (
        "Still need to fix the van rota."
    )
