"""Tuning cases of issue 12's kind 8, explicit saves: what the user asked to be remembered.

Each case is one user who asks, in their own register ("please remember ...", "note that
...", "don't forget I ...", "for future reference ...", "keep in mind ...", "save this:
...", "fyi I ...", "heads up ..."), to keep something: a dislike, a constraint, a routine,
a preference, an odd personal fact, a date, a code that is no secret, a person, a plan.
Later, in a new session, a request the saved thing bears on must bring it back (a recipe
for a food the user dislikes, a schedule for a routine, a trip for a constraint, or the
thing asked for by name), and requests it has nothing to do with must get no fact line.

A third of the cases live in ``tuning_kinds_saves_check.py`` and are never fixed against:
their figure before and after a change is the generalisation check. Wordings and values are
this module's own, written without reading the held-out split.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(1), "u", datetime(2026, 3, 2, tzinfo=timezone.utc))
    >>> conv.kinds, conv.probes[0].kind
    (('explicit_save',), 'explicit_save')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.tuning_kinds import Scenario
from langmem_plus.facts.models import CandidateFact

__all__ = ["IRRELEVANT", "SCENARIOS", "SaveCase", "fact", "scenario"]

SAVE = "explicit_save"

IRRELEVANT = (
    "how far is the Moon from the Earth?",
    "write a limerick about a lighthouse keeper",
    "what's 17% of 2,350?",
    "explain how a bill becomes law in the UK",
    "who painted the ceiling of the Sistine Chapel?",
    "translate 'good evening' into Italian",
    "what causes the northern lights?",
    "list three facts about octopuses",
    "how do vaccines train the immune system?",
    "what's the difference between a virus and a bacterium?",
)


def fact(
    predicate: str,
    obj: str,
    text: str,
    *,
    kind: str = "fact",
    subject: str = "user",
    holder: str = "user",
    modality: str = "asserted",
) -> CandidateFact:
    """An ideal candidate (its quote is filled with the turn's text by ``scenario``)."""
    return CandidateFact.model_validate(
        {"kind": kind, "subject": subject, "predicate": predicate, "object": obj,
         "text": text, "holder": holder, "modality": modality}
    )  # fmt: skip


@dataclass(frozen=True)
class SaveCase:
    """One user's saves and the requests that must (or must not) bring them back.

    Attributes:
        turns: the user's messages with what a careful extractor proposes for each.
        probes: ``(request, values that must be in the block)``.
        chatter: messages before the saves that say nothing to keep.
    """

    turns: tuple[tuple[str, tuple[CandidateFact, ...]], ...]
    probes: tuple[tuple[str, tuple[str, ...]], ...]
    chatter: tuple[str, ...] = ()


def scenario(case: SaveCase) -> Scenario:
    """The scenario of one case: the saves in one session, the probes a week later in new
    sessions, with two requests the saves have nothing to do with."""

    def make(rng: random.Random, user: str, start: datetime) -> HoConversation:
        turns = tuple(HoTurn(t) for t in case.chatter) + tuple(
            HoTurn(text, tuple(c.model_copy(update={"quote": text}) for c in cands))
            for text, cands in case.turns
        )
        probes = [HoProbe(r, present=p, kind=SAVE) for r, p in case.probes]
        probes += [HoProbe(r, irrelevant=True,
                           kind="irrelevant") for r in rng.sample(IRRELEVANT, 2)]
        return HoConversation(
            user, ((start, turns),), tuple(probes), start + timedelta(days=7), kinds=(SAVE,)
        )

    return make


def _cases(cases: Sequence[SaveCase]) -> tuple[Scenario, ...]:
    return tuple(scenario(c) for c in cases)


CASES: tuple[SaveCase, ...] = (
    # a food dislike, formal, reaches a recipe
    SaveCase(
        (("Please remember that I really can't abide fennel.",
          (fact("dislike", "fennel", "Dislikes fennel.", kind="preference"),)),),
        (("give me a salad recipe for tonight", ("fennel",)),),
    ),
    # lowercase, "lol"
    SaveCase(
        (("note that i hate beetroot lol",
          (fact("dislike", "beetroot", "Dislikes beetroot.", kind="preference"),)),),
        (("what should I make for dinner on Thursday?", ("beetroot",)),),
    ),
    # "don't forget I ...", an emoji, a multiword value
    SaveCase(
        (("Don't forget I'm not a fan of spicy food 🌶️",
          (fact("dislike", "spicy food", "Dislikes spicy food.", kind="preference"),)),),
        (("recommend a restaurant for Friday night", ("spicy",)),),
    ),
    # a travel constraint
    SaveCase(
        (("For future reference, I never fly with budget airlines.",
          (fact("constraint", "no budget airlines", "Never flies with budget airlines."),)),),
        (("find me flights to Copenhagen in May", ("budget",)),),
    ),
    # texting, no apostrophe, the reason after a comma
    SaveCase(
        (("keep in mind i cant do stairs, bad knee",
          (fact("constraint", "no stairs", "Can't do stairs (bad knee)."),)),),
        (("suggest a hotel in Porto for me", ("stairs",)),),
    ),
    # "save this:" and a weekly routine
    SaveCase(
        (("Save this: I do yoga every Thursday evening.",
          (fact("routine", "yoga every Thursday evening", "Does yoga every Thursday evening."),)),),
        (("when can I fit in a dentist appointment this week?", ("yoga",)),),
    ),
    # "fyi I ...", a school run at a time
    SaveCase(
        (("fyi I pick the kids up from school at 3:15 every weekday",
          (fact("routine", "school pick-up at 3:15 every weekday",
                "Picks the kids up from school at 3:15 every weekday."),)),),
        (("schedule a call with the supplier tomorrow afternoon", ("3:15",)),),
    ),
    # a code that is no secret, asked for by its own words
    SaveCase(
        (("Please remember my locker number at the pool is 4471.",
          (fact("note", "locker number at the pool is 4471",
                "The user's locker number at the pool is 4471."),)),),
        (("what's my locker number at the pool?", ("4471",)),),
    ),
    # an identifier with a hyphen
    SaveCase(
        (("Note that my library card number is LB-20931.",
          (fact("library_card_number", "LB-20931",
                "The user's library card number is LB-20931."),)),),
        (("which library card number do I have?", ("LB-20931",)),),
    ),
    # a date
    SaveCase(
        (("Remember that our wedding anniversary is 9 October.",
          (fact("anniversary", "9 October", "The user's wedding anniversary is 9 October."),)),),
        (("when is our anniversary?", ("October",)),
         ("gift ideas for our wedding anniversary", ("October",))),
    ),
    # a date asked for in other words
    SaveCase(
        (("Don't forget that my passport expires in February 2027.",
          (fact("passport_expiry", "February 2027",
                "The user's passport expires in February 2027."),)),),
        (("when does my passport expire?", ("February",)),
         ("is my passport still valid for a trip in 2027?", ("February",))),
    ),
    # a person, a key
    SaveCase(
        (("keep in mind my neighbour Oskar has a spare key to my flat",
          (fact("note", "neighbour Oskar has a spare key to the flat",
                "The user's neighbour Oskar has a spare key to the user's flat."),)),),
        (("I'm locked out of my flat, who has a key?", ("Oskar",)),),
    ),
    # a seat preference reaches a booking
    SaveCase(
        (("for the record, please remember I prefer aisle seats on planes",
          (fact("seat_preference", "aisle", "Prefers aisle seats on planes.",
                kind="preference"),)),),
        (("book me a flight to Madrid next Tuesday", ("aisle",)),),
    ),
    # a save buried in a long chatty message
    SaveCase(
        (("Morning! Busy week ahead, the kitchen renovation is finally starting and the "
          "builders arrive Monday. Oh and please remember that I'm allergic to latex, the "
          "dentist asked me last time and I blanked. Anyway, can you help me draft an email "
          "to the builders?",
          (fact("allergy", "latex", "Is allergic to latex."),)),),
        (("I've got a dentist appointment next week, anything I should tell them?", ("latex",)),),
    ),
    # several saves in one message
    SaveCase(
        (("Couple of things to remember: I don't eat pork, I work from home on Wednesdays, "
          "and my sister Ingrid's birthday is 3 March.",
          (fact("dietary_restriction", "pork", "Doesn't eat pork."),
           fact("routine", "works from home on Wednesdays", "Works from home on Wednesdays."),
           fact("sibling", "Ingrid", "Has a sister named Ingrid."),
           fact("birthday", "3 March", "Ingrid's birthday is 3 March.", subject="person:ingrid",
                holder="Ingrid"))),),
        (("plan a dinner party menu for six", ("pork",)),
         ("book an in-person meeting with the team next week", ("Wednesdays",)),
         ("when is Ingrid's birthday?", ("March",))),
    ),
    # formal, a scheduling constraint
    SaveCase(
        (("Kindly make a note that I am unable to attend meetings before 10 a.m.",
          (fact("constraint", "no meetings before 10 a.m.",
                "Can't attend meetings before 10 a.m."),)),),
        (("set up a meeting with the design team on Monday", ("10",)),),
    ),
    # texting abbreviations
    SaveCase(
        (("pls remember i dont do dairy",
          (fact("dietary_restriction", "dairy", "Doesn't eat dairy."),)),),
        (("smoothie recipe for breakfast?", ("dairy",)),),
    ),
    # a typo in the lead word
    SaveCase(
        (("plz remeber i hate capers",
          (fact("dislike", "capers", "Dislikes capers.", kind="preference"),)),),
        (("a pasta sauce I could make tonight", ("capers",)),),
    ),
    # lowercase, no punctuation, a plan with a month
    SaveCase(
        (("keep in mind im training for a half marathon in june",
          (fact("current_goal", "half marathon in June",
                "Is training for a half marathon in June."),)),),
        (("how should I plan my training this spring?", ("marathon",)),),
    ),
    # an emoji, a fear
    SaveCase(
        (("Remember I'm terrified of heights 😬",
          (fact("constraint", "no heights", "Is terrified of heights."),)),),
        (("ideas for a day out in Edinburgh", ("heights",)),),
    ),
    # "for the future", a refusal said as "won't"
    SaveCase(
        (("Note for the future: I won't stay in hostels.",
          (fact("constraint", "no hostels", "Won't stay in hostels."),)),),
        (("find me somewhere to stay in Kraków for two nights", ("hostels",)),),
    ),
    # another person's date, asked for by relation
    SaveCase(
        (("Please remember my mum's birthday is on the 22nd of July",
          (fact("birthday", "22nd of July", "The user's mum's birthday is on the 22nd of July.",
                subject="person:mum", holder="mum"),)),),
        (("remind me when mum's birthday is", ("July",)),
         ("gift ideas for my mother", ("July",))),
    ),
    # a wifi name
    SaveCase(
        (("save this for later: our office wifi is Orchard-Guest",
          (fact("note", "office wifi is Orchard-Guest", "The office wifi is Orchard-Guest."),)),),
        (("how do I connect to the office wifi?", ("Orchard-Guest",)),),
    ),
    # a person in the user's life, by role
    SaveCase(
        (("don't forget that my accountant is Thandiwe Mokoena",
          (fact("accountant", "Thandiwe Mokoena",
                "The user's accountant is Thandiwe Mokoena."),)),),
        (("what's my accountant's name?", ("Thandiwe",)),),
    ),
    # a plan with a date
    SaveCase(
        (("Remember we're moving house on 14 November!",
          (fact("plan", "moving house on 14 November", "Is moving house on 14 November.",
                modality="plan"),)),),
        (("anything big coming up for me in November?", ("moving",)),),
    ),
    # "heads up", a routine on an evening
    SaveCase(
        (("heads up, I go to choir practice on Monday nights",
          (fact("routine", "choir practice on Monday nights",
                "Goes to choir practice on Monday nights."),)),),
        (("can we do a team dinner on Monday evening?", ("choir",)),),
    ),
    # a preference that is a little odd
    SaveCase(
        (("keep in mind I take my coffee black, no sugar",
          (fact("coffee", "black, no sugar", "Takes coffee black, no sugar.",
                kind="preference"),)),),
        (("I'm ordering coffee for the team, what should I get myself?", ("black",)),),
    ),
    # the thing first, "a hard no"
    SaveCase(
        (("Note: coconut is a hard no for me.",
          (fact("dislike", "coconut", "Won't eat coconut.", kind="preference"),)),),
        (("suggest a curry recipe for the weekend", ("coconut",)),),
    ),
    # a social constraint, "only"
    SaveCase(
        (("Remember, I can only do weekends for anything social.",
          (fact("constraint", "social only at weekends",
                "Can only do weekends for anything social."),)),),
        (("when should I host the book club next month?", ("weekends",)),),
    ),
    # a non-Latin name and a day of the month
    SaveCase(
        (("Please remember my landlord is 王伟 and the rent is due on the 1st.",
          (fact("landlord", "王伟", "The user's landlord is 王伟."),
           fact("rent_due", "the 1st", "The rent is due on the 1st."))),),
        (("when's my rent due?", ("1st",)),),
    ),
    # diacritics, a teacher and a lesson time
    SaveCase(
        (("remember that my piano teacher is Zoë Ångström, lessons every Saturday at 10",
          (fact("piano_teacher", "Zoë Ångström", "The user's piano teacher is Zoë Ångström."),
           fact("routine", "piano lessons every Saturday at 10",
                "Has piano lessons every Saturday at 10."))),),
        (("am I free on Saturday morning?", ("piano",)),
         ("who's my piano teacher?", ("Zoë",))),
    ),
    # chatter first, then the save after a dash
    SaveCase(
        (("ok one more thing - remember that my desk at the new office is 4B",
          (fact("note", "desk at the new office is 4B",
                "The user's desk at the new office is 4B."),)),),
        (("where do I sit at the new office?", ("4B",)),),
        chatter=("thanks, that draft looks great", "I'll send it to Ruth tomorrow"),
    ),
    # a habit said with "normally" and a clock time
    SaveCase(
        (("fyi I normally have lunch at 12:30 sharp",
          (fact("routine", "lunch at 12:30", "Normally has lunch at 12:30."),)),),
        (("when should we hold the team meeting tomorrow?", ("12:30",)),),
    ),
    # a food that does not agree with the user, the thing first
    SaveCase(
        (("remember that garlic doesn't agree with me",
          (fact("intolerance", "garlic", "Garlic doesn't agree with the user."),)),),
        (("recipe for a tomato sauce", ("garlic",)),),
    ),
    # "sensitive to"
    SaveCase(
        (("Remember I'm sensitive to caffeine.",
          (fact("intolerance", "caffeine", "Is sensitive to caffeine."),)),),
        (("what should I drink at the café this afternoon?", ("caffeine",)),),
    ),
    # a reason, then "so no X"
    SaveCase(
        (("please remember I'm a light sleeper, so no rooms near the lift",
          (fact("constraint", "no rooms near the lift",
                "Light sleeper: no rooms near the lift."),)),),
        (("book me a hotel in Lyon for Friday", ("lift",)),),
    ),
    # giving something up for a while, progressive
    SaveCase(
        (("note that I'm staying off alcohol this year",
          (fact("constraint", "no alcohol this year", "Is staying off alcohol this year."),)),),
        (("cocktail ideas for my birthday party", ("alcohol",)),),
    ),
    # a keep verb straight before its colon, no "this" (session 15)
    SaveCase(
        (("please save: I take my coffee black, never with sugar",
          (fact("note", "takes coffee black, never with sugar",
                "Takes coffee black, never with sugar."),)),),
        (("order me something at the station café", ("black",)),),
    ),
    # "stick this somewhere safe", a code that is no secret
    SaveCase(
        (("stick this somewhere safe for me: the bike shed combination is 7302",
          (fact("note", "bike shed combination is 7302",
                "The user's bike shed combination is 7302."),)),),
        (("I'm standing at the shed and can't get in, help", ("7302",)),),
    ),
    # "for your records," a measurement that bears on later requests
    SaveCase(
        (("for your records, I'm 6'5\" so legroom is everything",
          (fact("note", "is 6'5\" so legroom is everything",
                "Is 6'5\" so legroom is everything."),)),),
        (("which seats should I pick on a nine-hour flight?", ("6'5",)),),
    ),
    # "just so you have it:" an attribute of one value
    SaveCase(
        (("just so you have it: my ring size is P",
          (fact("ring_size", "P", "The user's ring size is P."),)),),
        (("help me order a ring online for myself", ("ring size",)),),
    ),
)

SCENARIOS = _cases(CASES)
