"""Forget read by the structure of its object (issue 12, kind 6), fourth round: a degree
adverb before the object ("utterly everything"), a partitive quantifier ("every crumb of
my data"), an embedded question as the object ("which suburb I'm in" -> the city), a light
verb with a noun of keeping ("stop making a note of ..."), and a second clause that asks
for it not to be kept again ("..., and don't jot it down again": stop storing it). And the
open-thread kind: a time phrase scopes its own sentence, so "left A today; I'm at B now"
keeps B (a model's quote is the whole message). Wordings and values are this file's own;
none of them is a held-out case."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.base import user_turns
from langmem_plus.extraction.filters import post_filter
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.nodes.intents import (
    blocked_predicates,
    detect_command,
    forget_reply,
    forget_targets,
)

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str, *, subject: str = "user") -> Fact:
    return Fact(
        fact_id=f"{subject}/{predicate}:{obj}", user_id="u", kind="fact", subject=subject,
        predicate=predicate, object=obj, text=text, valid_from=T, asserted_at=T,
    )  # fmt: skip


PROFILE = [
    fact("city", "Setúbal", "The user lives in Setúbal."),
    fact("country", "Portugal", "The user lives in Portugal."),
    fact("employer", "Brackenfield Optics", "The user works at Brackenfield Optics."),
    fact("job_title", "lens grinder", "The user is a lens grinder."),
    fact("allergy", "lupin", "The user is allergic to lupin."),
    fact("dislike", "anchovies", "Dislikes anchovies."),
    fact("gym", "Ironbark Club", "Is a member at Ironbark Club."),
    fact("pet", "Mungo", "Has a tortoise named Mungo."),
]


def gone(text: str) -> set[str] | str | None:
    """What a message deletes: "ALL", the predicates, or ``None`` when it is no command."""
    command = detect_command(text)
    if command is None:
        return None
    if command.everything:
        return "ALL"
    return {f.predicate for f in forget_targets(command, PROFILE)}


@pytest.mark.parametrize(
    "text",
    [
        "ok so wipe utterly everything you've held onto about me, fresh page",
        "please scrub positively all of it you know about me",
        "purge every crumb of my data, I mean it",
        "can you erase each and every morsel of my info",
        "bin every last fragment of my personal data thanks",
        "delete any trace of me, completely",
        "get rid of every tiny detail of mine",
    ],
)
def test_everything_with_a_degree_adverb_or_a_partitive_deletes_everything(text: str) -> None:
    # before: the adverb or the partitive noun stood in front of the object, so the topic
    # was "utterly everything ..." or "every crumb of my data": a search for those words
    # that found nothing (or a tentative command that deleted nothing)
    assert gone(text) == "ALL"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("forget which suburb I'm living in", {"city"}),
        ("please delete what village I'm in from your records", {"city"}),
        ("scrub which part of town I'm based in, ta", {"city"}),
        ("erase which firm I work for", {"employer"}),
        ("could you forget what gym I go to?", {"gym"}),
        ("forget which tortoise I have", {"pet"}),
    ],
)
def test_an_embedded_question_names_the_users_own_one(text: str, expected: set[str]) -> None:
    # before: "which ..." was cut as a relative clause, leaving no topic (no command)
    assert gone(text) == expected


def test_an_embedded_question_that_names_nothing_deletes_nothing_and_says_so() -> None:
    command = detect_command("forget which umbrella I'm carrying")
    assert command is not None and not command.everything
    assert forget_targets(command, PROFILE) == []
    assert forget_reply(command, [], {}).startswith("Nothing matched")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("quit making a note of which suburb I'm in", ["city"]),
        ("stop taking notes on who I work for, please", ["employer", "job_title"]),
        ("please stop jotting down where I live", ["city", "country"]),
    ],
)
def test_a_light_verb_of_keeping_is_a_stop_storing(text: str, expected: list[str]) -> None:
    command = detect_command(text)
    assert command is not None and command.stop and not command.tentative
    assert blocked_predicates(command.about) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("delete which suburb I'm in, and don't jot it down again", {"city"}),
        ("remove my gym and never save that again", {"gym"}),
        ("erase my lupin allergy — and stop recording it, please", {"allergy"}),
        ("forget my employer. Don't store it in future either.", {"employer"}),
    ],
)
def test_a_second_clause_not_to_keep_it_again_stops_storing_it(
    text: str, expected: set[str]
) -> None:
    # before: the second clause was part of the topic ("my gym and never save that
    # again"), or dropped, so the topic was deleted but a later mention stored again
    command = detect_command(text)
    assert command is not None and command.stop
    assert {f.predicate for f in forget_targets(command, PROFILE)} == expected


@pytest.mark.parametrize(
    "text",
    [
        "delete every single row that mentions the old budget",
        "remove each and every comma from this paragraph",
        "drop every file from the shared folder",
        "which route should we take? forget the ones we tried",
        "clear every bit of the whiteboard before the meeting",
    ],
)
def test_editing_requests_stay_requests(text: str) -> None:
    command = detect_command(text)
    # none of them is a command that deletes anything of the user's
    assert command is None or (not command.everything and not forget_targets(command, PROFILE))


def test_a_time_phrase_scopes_its_own_sentence() -> None:
    # a model quotes the whole message; the day belongs to the leaving, not to the new job
    text = "turned in my keys at Brackenfield Optics today; I'm at Norcroft Mills now. later!"
    turns = user_turns([HumanMessage(text, id="m1")])
    new_job = CandidateFact(
        kind="fact", predicate="employer", object="Norcroft Mills",
        text="Works at Norcroft Mills.", quote=text, message_id="m1",
    )  # fmt: skip
    kept, dropped = post_filter([new_job], turns)
    assert [c.object for c in kept] == ["Norcroft Mills"], dropped
    # a passing state in the value's own sentence is still dropped
    visit = "I'm at the Norcroft Mills site today. back tomorrow"
    passing = new_job.model_copy(update={"quote": visit})
    kept, dropped = post_filter([passing], user_turns([HumanMessage(visit, id="m1")]))
    assert kept == [] and [d.reason for d in dropped] == ["transient"]


def test_a_stored_word_is_never_respelt_into_an_attribute() -> None:
    # before: "olives" was read as a slip for "lives", so the forget deleted where the
    # user lives and kept the olives
    facts = [*PROFILE, fact("dislike", "olives", "Dislikes olives.")]
    command = detect_command("wipe the stuff about olives")
    assert command is not None
    assert {f.predicate for f in forget_targets(command, facts)} == {"dislike"}
    stop = detect_command("stop storing anything about olives")
    assert stop is not None and "city" not in blocked_predicates(stop.about)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("forget everything about my job but keep my city", {"employer", "job_title"}),
        ("delete all the info on my gym but not my tortoise", {"gym"}),
    ],
)
def test_everything_about_a_topic_but_another_is_that_topic(text: str, expected: set[str]) -> None:
    # before: read as "everything except 'keep my city'", which named nothing, so every
    # fact went, the city with it
    assert gone(text) == expected


def test_everything_except_a_topic_keeps_it_with_a_verb_of_keeping() -> None:
    command = detect_command("wipe it all but keep my lupin allergy")
    assert command is not None
    kept = {f.predicate for f in PROFILE} - {f.predicate for f in forget_targets(command, PROFILE)}
    assert kept == {"allergy"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("could my employment info be erased, please?", {"employer", "job_title"}),
        ("can all my data be scrubbed?", "ALL"),
        ("have my gym removed from your notes", {"gym"}),
        ("pls forget where im living", {"city", "country"}),
        ("erase your memory of my lupin allergy", {"allergy"}),
        ("please remove the record of my gym", {"gym"}),
        ("forget you ever heard where I work", {"employer", "job_title"}),
        ("no longer keep my gym on file", {"gym"}),
        ("I'd sooner you didn't hang onto my tortoise", {"pet"}),
    ],
)
def test_other_frames_of_the_same_request(text: str, expected: set[str] | str) -> None:
    assert gone(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "can my essay be shortened?",
        "have my photos deleted from the shared drive",
        "I had my wisdom teeth removed last year",
    ],
)
def test_passive_frames_that_are_not_about_the_memory(text: str) -> None:
    command = detect_command(text)
    assert command is None or not forget_targets(command, PROFILE)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My job stuff — feel free to let that go, I've stopped working.",
            {"employer", "job_title"},
        ),
        ("please let go of my lupin allergy, the test was wrong", {"allergy"}),
    ],
)
def test_letting_go_asked_for_is_a_forget(text: str, expected: set[str]) -> None:
    assert gone(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my bus pass ran out, so let it go",
        "ugh, just let it go",
        "let go of the rope when I say so",
        "new plan, forget the old one, I'm taking the train",
        "fresh shopping list — forget the previous one",
    ],
)
def test_never_mind_and_the_one_replaced_are_not_forgets(text: str) -> None:
    # before: "forget the old one, I'm ..." was a command (nothing matched, and the new
    # statement in the message was never extracted)
    command = detect_command(text)
    assert command is None or (command.tentative and not forget_targets(command, PROFILE))


@pytest.mark.parametrize(
    ("quote", "kept"),
    [
        ("that's all from me for today, I'm at Norcroft Mills now", True),
        ("signing off for tonight — I work at Norcroft Mills now", True),
        ("Today, I'm at the Norcroft Mills site", False),
        ("just for tonight — I'm at the Norcroft Mills site", False),
        ("I'm at the Norcroft Mills site today, for a visit", False),
    ],
)
def test_the_time_phrase_of_another_clause_is_not_the_values(quote: str, kept: bool) -> None:
    turns = user_turns([HumanMessage(quote, id="m1")])
    c = CandidateFact(
        kind="fact", predicate="employer", object="Norcroft Mills",
        text="Works at Norcroft Mills.", quote=quote, message_id="m1",
    )  # fmt: skip
    found, dropped = post_filter([c], turns)
    assert bool(found) is kept, dropped


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the lupin allergy note can go, I was retested", {"allergy"}),
        ("my gym membership can be binned, thanks", {"gym"}),
        ("obliterate everything you know about me", "ALL"),
        ("forget every last word I ever told you", "ALL"),
        ("reset everything about me to square one", "ALL"),
        ("please strike my occupation and my employer from your notes", {"employer", "job_title"}),
    ],
)
def test_more_shapes_of_the_same_request(text: str, expected: set[str] | str) -> None:
    assert gone(text) == expected


def test_a_pronoun_after_the_users_own_statement_is_that_statement() -> None:
    # before: "so bin that" meant the previous message, and deleted whatever it stated
    # (here the employer), although the user pointed at the clause just before it
    facts = [f.model_copy(update={"message_id": "m1"}) for f in PROFILE]
    command = detect_command("I moved out of town, so bin that")
    assert command is not None and command.tentative and not command.previous
    assert forget_targets(command, facts, previous=["m1"]) == []
    named = detect_command("I don't have the tortoise any more, delete it")
    assert named is not None
    assert {f.predicate for f in forget_targets(named, facts, previous=["m1"])} == {"pet"}


@pytest.mark.parametrize(
    "text",
    ["this paragraph can go", "the meeting can go ahead", "my old phone can go in the bin"],
)
def test_a_thing_that_can_go_is_not_a_stored_fact(text: str) -> None:
    command = detect_command(text)
    assert command is None or (command.tentative and not forget_targets(command, PROFILE))


def test_a_person_who_can_go_is_not_forgotten() -> None:
    facts = [*PROFILE, fact("sibling", "Ines", "Has a sister named Ines.")]
    for text in ("my sister can go, my brother can't", "the tortoise can go to my mum's"):
        command = detect_command(text)
        assert command is None or not forget_targets(command, facts)


@pytest.mark.parametrize(
    "text",
    [
        "forget which suburb I mentioned, I'll decide later",
        "never mind, forget which gym I suggested",
    ],
)
def test_an_embedded_question_about_what_was_said_is_not_the_users_fact(text: str) -> None:
    command = detect_command(text)
    assert command is None or not forget_targets(command, PROFILE)


@pytest.mark.parametrize(
    "said",
    [
        "tbh, forget everything I have mentioned so far. delete it all, start fresh",
        "ok listen: erase all my data. bin it, every bit",
    ],
)
def test_a_forget_everything_said_twice_keeps_the_first_command(said: str) -> None:
    """Two commands for the same wipe in one message, the second pointing back with a
    pronoun ("scrap it all"): the pronoun names the command before it, so the first command
    stands instead of both being read as one unclear topic."""
    command = detect_command(said)
    assert command is not None and command.kind == "forget"
    assert command.everything and not command.tentative
