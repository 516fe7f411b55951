"""A revision said beside a value that holds leaves that value standing (#12).

What a user notices:

* "I'm not allergic to X after all! Y still is a no" takes X back and keeps Y: the ending
  is X's sentence's, the kept value's sentence says it holds. An ending read over the whole
  turn made the kept value a retraction too, and both were lost;
* "it's not X after all, it's Y" is a correction, not a retraction of Y: "not X after all"
  negates X, the value beside it is stated;
* "no longer with X, I joined Y" ends X; Y's clause states Y;
* a dated past value said beside the current one ("we were with X from 2021 until the
  spring and we've been on Y since") is history with its own window; Y stays current;
* repairs the offline extractor reads by structure: "call me X - hm actually no, make it
  Y", "the title is Y, not X" after an apology, "ignore what I said about X, the one we use
  is Y", a list said again after "sorry" ("A and B - sorry, A and C").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_plus.extraction.filters import verify_grounding
from langmem_plus.extraction.past import clause_with
from langmem_plus.extraction.retraction import set_aside, stated_value
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.facts.policy import WritePolicy
from unit_tests.test_retraction_forms import held

SENT = datetime(2026, 6, 2, 10, 0, tzinfo=UTC)
EARLIER = datetime(2026, 5, 1, tzinfo=UTC)


def checked(text: str, predicate: str, value: str, **fields: object) -> CandidateFact:
    """The candidate ``predicate=value`` an extractor proposed for ``text``, verified."""
    c = CandidateFact(
        kind="fact",
        predicate=predicate,
        object=value,
        text=f"The user: {value}.",
        quote=text,
        **fields,  # type: ignore[arg-type]
    )
    return verify_grounding(c, [UserTurn("m1", text, None, SENT)])


def held_fact(fact_id: str, predicate: str, value: str) -> Fact:
    return Fact(
        fact_id=fact_id,
        user_id="u",
        kind="fact",
        subject="user",
        predicate=predicate,
        object=value,
        text=f"The user: {value}.",
        valid_from=EARLIER,
        asserted_at=EARLIER,
    )


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("turns out I'm not allergic to walnuts after all! sesame is still off limits", "sesame"),
        ("The dermatologist says I'm not allergic to latex after all. Nickel still is.",
         "Nickel"),
        ("Not doing aqua aerobics any more; the archery is still on though", "archery"),
    ],
)  # fmt: skip
def test_a_value_kept_beside_an_ending_stays_asserted(text: str, kept: str) -> None:
    assert checked(text, "allergy", kept).polarity == "assert"


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("turns out I'm not allergic to walnuts after all! sesame is still off limits",
         "walnuts"),
        ("I'm no longer with Harrow & Finch, I joined Pellow Labs in May", "Harrow & Finch"),
        ("not a member of the Quayside Rowing Club any more", "Quayside Rowing Club"),
    ],
)  # fmt: skip
def test_the_value_the_ending_names_is_still_a_retraction(text: str, gone: str) -> None:
    assert checked(text, "x", gone).polarity == "retract"


def test_the_new_side_of_a_change_with_no_longer_stays_asserted() -> None:
    c = checked("I'm no longer with Harrow & Finch, I joined Pellow Labs in May", "employer",
                "Pellow Labs")  # fmt: skip
    assert c.polarity == "assert"


def test_not_x_after_all_its_y_corrects_x_and_keeps_y() -> None:
    text = "oh, the new place is not Aubagne after all, it's Cassis"
    c = checked(text, "city", "Cassis", corrects="Aubagne")
    assert (c.polarity, c.corrects) == ("assert", "Aubagne")
    d = WritePolicy().decide(c, user_id="u", current=[held_fact("f1", "city", "Aubagne")],
                             now=SENT)  # fmt: skip
    assert (d.action, d.code) == ("superseded", "corrected")
    assert d.fact is not None and d.fact.object == "Cassis"
    assert [f.object for f in d.closed] == ["Aubagne"]
    assert d.closed[0].verdict == "inaccurate"


def test_a_retraction_beside_a_restated_value_closes_only_the_retracted_one() -> None:
    text = "turns out I'm not allergic to walnuts after all! sesame is still off limits"
    policy = WritePolicy()
    current = [held_fact("f1", "allergy", "walnuts"), held_fact("f2", "allergy", "sesame")]
    gone = policy.decide(checked(text, "allergy", "walnuts", polarity="retract"), user_id="u",
                         current=current, now=SENT)  # fmt: skip
    kept = policy.decide(checked(text, "allergy", "sesame"), user_id="u", current=current,
                         now=SENT)  # fmt: skip
    assert [f.object for f in gone.closed] == ["walnuts"]
    assert kept.action == "reconfirmed"
    assert not kept.closed


def test_a_dated_past_value_beside_the_current_one_leaves_it_current() -> None:
    text = (
        "we were with Lantern Energy from 2021 until the spring and we've been on "
        "Brightwell since"
    )
    assert clause_with(text, "Brightwell") == "we've been on Brightwell since"
    now = checked(text, "energy_provider", "Brightwell")
    past = checked(text, "energy_provider", "Lantern Energy")
    assert now.valid_to is None
    assert past.valid_to is not None


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("I had my role wrong - the title is deputy registrar", "deputy registrar"),
        ("the airport we actually use is Leeds Bradford", "Leeds Bradford"),
        ("Tartu", "Tartu"),
        ("a sous chef", "a sous chef"),
    ],
)
def test_the_value_a_correction_states_in_a_clause(said: str, value: str) -> None:
    assert stated_value(said) == value


def test_setting_aside_what_was_said_names_the_wrong_and_the_right_value() -> None:
    assert set_aside("pls disregard what I told you about Norwich, the one we use is Stansted") == (
        "Stansted",
        "Norwich",
    )
    assert set_aside("ignore what I said earlier about my job, it's been a week") is None


# --------------------------------------------------------------- the default graph


def test_a_preferred_name_repaired_with_make_it_keeps_the_repair() -> None:
    assert held(("call me Tomek - hm actually no, make it Tomasz, Tomek is for family",)) == [
        "Tomasz"
    ]


def test_a_title_corrected_after_an_apology_replaces_the_wrong_title() -> None:
    facts = held(
        ("I work as a deputy registrar now, lots more meetings.",),
        ("Sorry, I had my role wrong before - the title is assistant registrar, "
         "not deputy registrar.",),
    )  # fmt: skip
    assert "assistant registrar" in facts
    assert "deputy registrar" not in facts
    assert "I" not in facts  # the clause's first word is never the value


def test_ignoring_what_was_said_about_a_value_corrects_it() -> None:
    facts = held(
        ("Our nearest airport is Norwich, handy for the kids.",),
        ("ignore what I said earlier about Norwich, the one we use is Stansted. long week",),
    )
    assert "Stansted" in facts
    assert "Norwich" not in facts


def test_a_list_said_again_after_sorry_replaces_the_list() -> None:
    facts = held(("we've got two dogs, Biscuit and Pepper - sorry, Biscuit and Clove, fat thumbs",))
    assert facts == ["Biscuit", "Clove"]
