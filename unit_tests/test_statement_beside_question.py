"""A statement beside a question, a condition or another person's words stays a statement.

A careful extractor (a model) proposes the user's own fact, asserted; the post-filters must
not turn it into a question, a hypothetical or someone else's because of a sentence next to
it: a question after an emoji that ends the statement ("... X 🙄 do i need ...?"), a
question after the contrast that states the value ("if I moved I'd ..., but I'm in X. any
tips?"), another person's reported question ("my landlady asked what I do"), a hedge of
the next clause ("... in X so Y is mine now i guess"). Each case is the user's value and
the policy may make it current (issue 12). The wordings are this file's own.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from langmem_plus.extraction.base import UserTurn
from langmem_plus.extraction.filters import post_filter
from langmem_plus.facts.models import CandidateFact

AT = datetime(2026, 9, 14, 10, tzinfo=timezone.utc)


def _kept(text: str, predicate: str, value: str) -> tuple[list[CandidateFact], list[str]]:
    c = CandidateFact(
        kind="fact",
        predicate=predicate,
        object=value,
        text=f"The user's {predicate.replace('_', ' ')} is {value}.",
        quote=text,
    )
    kept, dropped = post_filter([c], [UserTurn("m1", text, None, AT)])
    return kept, [d.reason for d in dropped]


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        # an emoji ends the statement; the question after it is the next sentence's
        ("landlord changed hands, it's Brightlet Homes now 😤 do i have to re-sign?",
         "landlord", "Brightlet Homes"),
        ("we're in Kotka since spring 🌊 what's the ferry to Tallinn like",
         "city", "Kotka"),
        # the contrast states the value; the question after its full stop is another's
        ("were we ever to move we'd try Aarhus, but for now we rent in Odense. any "
         "good bakeries?", "city", "Odense"),
        ("if money were no object I'd live in Nice, but I'm in Sète. what's on this "
         "weekend?", "city", "Sète"),
        # another person's reported question beside the user's own clause
        ("I'm a welder at Kestrel Fabrication and my landlady asked what I do. how do I "
         "say that in Polish?", "employer", "Kestrel Fabrication"),
        # a hedge of the next clause ("so X is mine now i guess") is not this clause's
        ("moved to Tampere at the start of the month so TMP is my airport now i guess",
         "city", "Tampere"),
    ],
)  # fmt: skip
def test_the_statement_is_kept_asserted(text: str, predicate: str, value: str) -> None:
    kept, reasons = _kept(text, predicate, value)
    assert [(c.object, c.modality, c.holder) for c in kept] == [(value, "asserted", "user")], (
        reasons
    )


@pytest.mark.parametrize(
    ("text", "predicate", "value", "reason"),
    [
        # the emoji does not end a question that holds the value
        ("is it Brightlet Homes 🤔 or someone else who owns the block now?", "landlord",
         "Brightlet Homes", "question"),
        # nor a condition: the value is still the hypothetical's
        ("if I lived in Nice 😎 I'd swim daily", "city", "Nice", "hypothetical"),
        # the user's own reported question still asks
        ("I asked whether Kestrel Fabrication is hiring", "employer", "Kestrel Fabrication",
         "question"),
    ],
)  # fmt: skip
def test_what_the_value_s_own_sentence_asks_or_supposes_still_counts(
    text: str, predicate: str, value: str, reason: str
) -> None:
    kept, reasons = _kept(text, predicate, value)
    # dropped as a question, or kept with its mood for the write policy to turn down
    assert reasons == [reason] or [c.modality for c in kept] == [reason]


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("the boiler's been dead a week. what are my rights as a tenant in Dundee?",
         "city", "Dundee"),
        ("how do I claim expenses on my taxes as a freelancer in Graz?", "city", "Graz"),
        ("is a rail card worth it for me as a student at Keele?", "university", "Keele"),
    ],
)  # fmt: skip
def test_a_description_of_the_speaker_inside_a_question_is_stated(
    text: str, predicate: str, value: str
) -> None:
    """The question takes the description as given: "my rights as a tenant in X" says
    the user is a tenant in X (#12)."""
    kept, reasons = _kept(text, predicate, value)
    assert [(c.object, c.modality) for c in kept] == [(value, "asserted")], reasons


@pytest.mark.parametrize(
    "text",
    [
        "what would my rights be as a tenant in Dundee?",
        "what's it like as a tenant in Dundee?",
        "should I rent in Dundee as a student?",
    ],
)
def test_a_description_in_an_unreal_or_general_question_is_not(text: str) -> None:
    kept, reasons = _kept(text, "city", "Dundee")
    assert kept == [] and reasons == ["question"]


def test_a_reason_the_speaker_gives_after_a_hedge_is_stated() -> None:
    """"Maybe it's X, since I moved to Y ..." hedges X, not the move the reason gives
    (#12); a hedge of the value's own clause still drops it."""
    kept, reasons = _kept(
        "perhaps it's the hard water, ever since we moved to Ballarat the kettle furs up. "
        "any descaling tips?",
        "city",
        "Ballarat",
    )
    assert [(c.object, c.modality) for c in kept] == [("Ballarat", "asserted")], reasons
    kept, reasons = _kept("I probably live in Ballarat, since I moved there", "city", "Ballarat")
    assert kept == [] and reasons == ["inferred"]
