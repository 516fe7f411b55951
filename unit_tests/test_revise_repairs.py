"""Corrections through the default graph (issue 12), in shapes people repair their words
with, and what the write policy does with them. Wordings, names and values are this file's
own; none is a split's case.

* a repair inside the statement: a star before the right name ("Oriel *Auriel"), the
  typist blaming the device ("Tomas — stupid autocorrect, Tamas"), "hold on" / "hang on"
  as the editing term ("Fenwick Labs, hold on, Fenwick Labz"): only the right value is
  kept;
* the wrong value asked back with "did I say X ...?" and the right one in a frame of its
  own ("it's Y"), with no "no" between;
* the wrong value named with the speaker's clause after it ("not Ilkley as I typed");
* a correction whose extractor names the attribute another way ("our town is X, not Y"
  for the city Y): the right value takes the slot the wrong one was held in, so it is the
  user's city, shown where the city is shown.
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction.retraction import stated_correction
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot, prompt_text
from unit_tests.test_retraction_forms import graph_rows, held


@pytest.mark.parametrize(
    ("said", "right"),
    [
        ("our eldest is Oriel *Auriel (the phone insists), she's nine", "Auriel"),
        ("my son Tomas — stupid autocorrect, Tamas — starts school in september", "Tamas"),
        ("I work at Fenwick Labs, hold on, Fenwick Labz. two years now", "Fenwick Labz"),
        ("my partner is Jorun *Jorunn", "Jorunn"),
    ],
)
def test_a_repair_inside_the_statement_keeps_only_the_right_value(said: str, right: str) -> None:
    assert held((said,)) == [right]


def test_the_wrong_value_asked_back_then_the_right_one_in_its_own_frame() -> None:
    first = "I work at Tarrow Mills."
    fix = "wait, did I say Tarrow Mills yesterday? it's Penlow Mills"
    assert held((first,), (fix,)) == ["Penlow Mills"]
    assert graph_rows("history", (first,), (fix,)) == ["Tarrow Mills"]


@pytest.mark.parametrize(
    "text",
    [
        "did I say Porto? it's gorgeous there",
        "did I tell you about Porto? it is lovely",
        "have I said that before? it's late, sorry",
    ],
)
def test_a_question_about_what_was_said_corrects_nothing(text: str) -> None:
    assert stated_correction(text) is None


def test_the_correction_takes_the_slot_of_the_value_it_corrects() -> None:
    first = "I live in Ilkley."
    fix = "a small fix to what I said: our town is Ilford, not Ilkley as I typed. cheers"
    assert held((first,), (fix,)) == ["Ilford"]
    assert graph_rows("history", (first,), (fix,)) == ["Ilkley"]
    # and it is shown as the city, where the city is shown
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(
        checkpointer=InMemorySaver(), store=InMemoryStore()
    )
    for k, text in enumerate((first, fix, "any walks near home this weekend?")):
        config = {"configurable": {"thread_id": f"s{k}", "user_id": "ines"}}
        graph.invoke({"messages": [("user", text)]}, config)
        clock.advance(days=1)
    system = prompt_text(model.prompts[-1])
    assert "city: Ilford" in system and "Ilkley" not in system
