"""More tuning cases of issue 12's kind "forget in natural language", in other registers.

The cases of ``tuning_kinds_forget.py`` taught the recogniser its structure; these are a
second, deliberately different set, written before the fixes they drive: slang and terse
verbs ("nuke", "bin", "lose", "toss"), no possessive ("drop the pescatarian bit"), a topic
named by a paraphrase of the value rather than the attribute ("the stuff about the Leiria
flat"), a wish or a polite question ("would you mind forgetting ...", "you don't need to
know ..."), a topic stated first and pointed back at ("the kiwi thing, bin it"), the
previous turn pointed back at ("that's not true anymore, remove it"), everything in other
words, "stop storing" in other words (checked by a later statement that must not be kept),
and questions or editing requests that only look like a forget (everything is kept).

Each scenario checks what is gone and what is kept. Wordings, names and values are this
module's own.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(0), "u1", datetime(2026, 3, 2, tzinfo=timezone.utc))
    >>> conv.kinds
    ('forget',)
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS", "WORDINGS"]


def _c(predicate: str, obj: str, text: str, quote: str) -> CandidateFact:
    return CandidateFact(
        kind="fact", subject="user", predicate=predicate, object=obj, text=text, quote=quote
    )


def _conv(
    user: str,
    start: datetime,
    first: list[HoTurn],
    forget: str,
    probes: list[HoProbe],
    forbidden: list[tuple[str, str]],
    *,
    later: list[HoTurn] = (),  # type: ignore[assignment]
) -> HoConversation:
    sessions = [(start, tuple(first)), (start + timedelta(days=2), (HoTurn(forget),))]
    if later:
        sessions.append((start + timedelta(days=4), tuple(later)))
    return HoConversation(
        user_id=user,
        sessions=tuple(sessions),
        probes=tuple(probes),
        probe_at=start + timedelta(days=7),
        forbidden=tuple(forbidden),
        kinds=("forget",),
    )


_CITIES = ["Leiria", "Gdańsk", "Bergamo", "Uppsala", "Olomouc"]
_EMPLOYERS = ["Quillfeather", "Marrowby", "Tinsel & Hart", "Ovenbird"]
_TITLES = ["sound designer", "paralegal", "welder"]
_FRUIT = ["kiwi", "papaya", "celery", "mustard"]
_PARTNERS = ["Odile", "Baptiste", "Wiebke", "Soren"]
_PETS = [("dog", "Pickle"), ("cat", "Mochi"), ("rabbit", "Juniper")]

WORDINGS: dict[str, list[str]] = {
    # a topic named by the value or a paraphrase of it, not the attribute
    "value": [
        "forget the stuff about the {city} flat",
        "plz remove the {low} thing",
        "honestly, just bin the {city} stuff",
        "lose the bit about my place in {city}",
    ],
    # slang, terse or abbreviated verbs over the job
    "job": [
        "nuke my job info",
        "lose the job stuff",
        "Could you delete my work details?",
        "forget abt my job pls",
        "scrub my employer and my job title",
        "toss whatever you have on my work, ta",
    ],
    # no possessive: the topic is a stored fact's value
    "no_my": [
        "ugh, delete the gluten thing already",
        "can you scrap the gluten intolerance? turns out it was something else",
        "get rid of the gluten stuff, the doctor says I'm fine",
        "Kindly remove the gluten intolerance from your records.",
    ],
    # a pet, by relation word or by name; the partner is kept
    "pet": [
        "lose the bit about the {pet}",
        "Delete what I said about {name}.",
        "forget i ever mentioned the {pet}",
        "erase {name} pls, he went to live with my parents",
    ],
    # a topic stated first, then pointed back at; a typo in the attribute
    "back": [
        "the {a} thing, bin it",
        "that {a} allergy was wrong, nuke it",
        "{a} allergy: false alarm. toss it pls",
        "forget my alergy to {a}",
    ],
    # a wish or a polite question, not an imperative
    "wish": [
        "I wish you'd forget about my ex",
        "would you mind forgetting my partner? we split up",
        "you don't need to know about my relationship any more",
        "no need to remember who I'm dating",
    ],
    # everything, in other words
    "everything": [
        "nuke everything you've got on me",
        "wipe my whole profile pls",
        "forget all about me",
        "clear out everything you've got on me, I want a clean slate",
        "I want you to forget everything about me",
        "could you delete all the memories you have of me?",
        "reset everything you know about me",
        "wipe all my personal info",
    ],
    # stop storing, in other words: a later statement must not be kept either
    "stop": [
        "stop keeping notes on where I live",
        "no more saving my location, ok?",
        "don't store my address going forward",
        "from now on don't save where i live",
        "you don't need to keep track of where I live anymore",
        "can u not remember where i live",
        "do not retain my location",
    ],
    # the previous turn pointed back at, in the same session
    "previous": [
        "that's not true anymore, remove it",
        "actually no, forget I said that",
        "scratch that, please delete it",
    ],
    # request frames around the verb: "mind ...ing", "let's", "you should", "make sure",
    # "can we", "I'd appreciate it if you ...ed", "I'm asking you to"
    "frame": [
        "Mind deleting my work details?",
        "let's erase what you know about my job",
        "You should forget what I do for work.",
        "please make sure you delete my job info",
        "can we remove my work stuff",
        "I'd appreciate it if you erased my job details",
        "I'm asking you to drop everything on my job",
        "would it be possible to erase my work details?",
        "yo forget my job lol",
        "would ya drop my work stuff",
        "forget where I work nowadays",
        "remove all details regarding my job",
        # a wish in the passive: "I want X gone"
        "I want my job info gone",
        "I'd like my work details erased, thanks",
    ],
    # the command after a short opening clause
    "opening": [
        "I've been thinking, please delete my work info",
        "changed my mind — erase my job details",
        "new year, new me: scrap my job stuff",
        "let's start fresh and forget my job",
    ],
    # several names of one attribute together, or "any mention of"
    "names": [
        "Please purge my home address from your memory.",
        "erase any mention of my home town",
        "remove all references to where I'm living",
        "Please don't keep any of my address details",
    ],
    # everything but what the user names
    "except": [
        "forget everything except my allergies",
        "wipe it all but my allergies",
        "delete everything apart from my allergy info",
    ],
    # not commands: a question about forgetting, or an editing request
    "not_command": [
        "do you forget things when I close the chat?",
        "how do I make you forget something?",
        "If I told you to forget my job, would you?",
        "Can you delete memories?",
        "what happens if I ask you to erase my data?",
        "is there a way to get you to stop remembering stuff?",
        "Did you forget where I live?",
        "would you ever forget my birthday?",
        "delete the last paragraph",
        "remove the peanuts from this recipe",
        "I forgot my password, can you help me reset it?",
        "Forget it, let's talk about something else.",
        "Drop the intro, it's too long.",
        "How do I delete my account?",
        "Why did you forget my name?",
        "I keep forgetting my keys, any tips?",
        "Drop me a line when the report is ready",
    ],
}
"""Every forget wording of this module, by scenario ("{city}" and the like are filled in)."""


def _value(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The city named by its value in a paraphrase ("the Leiria flat"); the job is kept."""
    city, emp = rng.choice(_CITIES), rng.choice(_EMPLOYERS)
    say = f"I rent a flat in {city}."
    job = f"I work for {emp}."
    forget = rng.choice(WORDINGS["value"]).format(city=city, low=city.lower())
    return _conv(
        user,
        start,
        [
            HoTurn(say, (_c("city", city, f"The user lives in {city}.", say),)),
            HoTurn(job, (_c("employer", emp, f"The user works at {emp}.", job),)),
        ],
        forget,
        [
            HoProbe(
                "Any day trips you'd suggest from where I live?",
                absent=((city, "forgotten"),),
                kind="forget",
            ),
            HoProbe(
                "Draft a note to my employer about working from home on Friday.",
                present=(emp,),
                kind="forget",
            ),
        ],
        [(city, "forgotten")],
    )


def _job(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The job in slang or terse words; the city is kept."""
    city, emp, title = rng.choice(_CITIES), rng.choice(_EMPLOYERS), rng.choice(_TITLES)
    say = f"I'm a {title} at {emp}."
    home = f"I live in {city}."
    forget = rng.choice(WORDINGS["job"])
    return _conv(
        user,
        start,
        [
            HoTurn(
                say,
                (
                    _c("employer", emp, f"The user works at {emp}.", say),
                    _c("job_title", title, f"The user is a {title}.", say),
                ),
            ),
            HoTurn(home, (_c("city", city, f"The user lives in {city}.", home),)),
        ],
        forget,
        [
            HoProbe(
                "Write a two-sentence bio of me for a conference badge.",
                absent=((emp, "forgotten"), (title, "forgotten")),
                kind="forget",
            ),
            HoProbe("Any good day trips near where I live?", present=(city,), kind="forget"),
        ],
        [(emp, "forgotten"), (title, "forgotten")],
    )


def _no_my(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """An intolerance named without "my"; an allergy is kept."""
    fruit = rng.choice(_FRUIT)
    say = "I'm gluten intolerant."
    allergy = f"I'm allergic to {fruit}."
    forget = rng.choice(WORDINGS["no_my"])
    return _conv(
        user,
        start,
        [
            HoTurn(say, (_c("intolerance", "gluten", "The user is gluten intolerant.", say),)),
            HoTurn(allergy, (_c("allergy", fruit, f"The user is allergic to {fruit}.", allergy),)),
        ],
        forget,
        [
            HoProbe(
                "Plan a dinner party menu for me.",
                present=(fruit,),
                absent=(("gluten", "forgotten"),),
                kind="forget",
            )
        ],
        [("gluten", "forgotten")],
    )


def _pet(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A pet by relation word or by name; the partner is kept."""
    (pet, name), partner = rng.choice(_PETS), rng.choice(_PARTNERS)
    say = f"We've got a {pet} called {name}."
    love = f"My partner is {partner}."
    forget = rng.choice(WORDINGS["pet"]).format(pet=pet, name=name)
    return _conv(
        user,
        start,
        [
            HoTurn(say, (_c("pet", name, f"Has a {pet} named {name}.", say),)),
            HoTurn(love, (_c("partner", partner, f"The user's partner is {partner}.", love),)),
        ],
        forget,
        [
            HoProbe(
                f"what should I buy my {pet} for its birthday?",
                absent=((name, "forgotten"),),
                kind="forget",
            ),
            HoProbe("Plan a date night for me and my partner.", present=(partner,), kind="forget"),
        ],
        [(name, "forgotten")],
    )


def _back(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """One allergy stated first and pointed back at (or misspelt); the other is kept."""
    gone, kept = rng.sample(_FRUIT, 2)
    turns = [
        HoTurn(
            f"I'm allergic to {a}.",
            (_c("allergy", a, f"The user is allergic to {a}.", f"I'm allergic to {a}."),),
        )
        for a in (gone, kept)
    ]
    forget = rng.choice(WORDINGS["back"]).format(a=gone)
    return _conv(
        user,
        start,
        turns,
        forget,
        [
            HoProbe(
                "Suggest a lunch I could make for myself.",
                present=(kept,),
                absent=((gone, "forgotten"),),
                kind="forget",
            )
        ],
        [(gone, "forgotten")],
    )


def _wish(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The partner, by a wish or a polite question; the pet is kept."""
    (pet, name), partner = rng.choice(_PETS), rng.choice(_PARTNERS)
    love = f"I'm seeing someone called {partner}."
    say = f"I have a {pet} named {name}."
    forget = rng.choice(WORDINGS["wish"])
    return _conv(
        user,
        start,
        [
            HoTurn(love, (_c("partner", partner, f"The user's partner is {partner}.", love),)),
            HoTurn(say, (_c("pet", name, f"Has a {pet} named {name}.", say),)),
        ],
        forget,
        [
            HoProbe(
                "Plan a romantic evening for me and my partner.",
                absent=((partner, "forgotten"),),
                kind="forget",
            ),
            HoProbe(f"any tips for keeping my {pet} busy?", present=(name,), kind="forget"),
        ],
        [(partner, "forgotten")],
    )


def _everything(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Everything, in other words."""
    city, emp = rng.choice(_CITIES), rng.choice(_EMPLOYERS)
    forget = rng.choice(WORDINGS["everything"])
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I'm based in {city}.",
                (_c("city", city, f"The user lives in {city}.", f"I'm based in {city}."),),
            ),
            HoTurn(
                f"I work at {emp}.",
                (_c("employer", emp, f"The user works at {emp}.", f"I work at {emp}."),),
            ),
        ],
        forget,
        [
            HoProbe(
                "Find me a place for lunch near my office.",
                absent=((city, "forgotten"), (emp, "forgotten")),
                kind="forget",
            )
        ],
        [(city, "forgotten"), (emp, "forgotten")],
    )


def _stop(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Stop storing the city, in other words; a later move is not kept."""
    city, city2 = rng.sample(_CITIES, 2)
    forget = rng.choice(WORDINGS["stop"])
    again = f"We just moved to {city2}!"
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I live in {city}.",
                (_c("city", city, f"The user lives in {city}.", f"I live in {city}."),),
            )
        ],
        forget,
        [
            HoProbe(
                "Any good running routes near where I live?",
                absent=((city, "forgotten"), (city2, "forgotten")),
                kind="forget",
            )
        ],
        [(city, "forgotten"), (city2, "forgotten")],
        later=[HoTurn(again, (_c("city", city2, f"The user lives in {city2}.", again),))],
    )


def _previous(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The previous turn pointed back at, in the same session; an earlier fact is kept."""
    diet = rng.choice(["pescatarian", "vegan", "vegetarian"])
    emp = rng.choice(_EMPLOYERS)
    job = f"I work at {emp}."
    say = f"I'm {diet} now."
    forget = rng.choice(WORDINGS["previous"])
    return HoConversation(
        user_id=user,
        sessions=(
            (start, (HoTurn(job, (_c("employer", emp, f"The user works at {emp}.", job),)),)),
            (
                start + timedelta(days=2),
                (
                    HoTurn(say, (_c("dietary_restriction", diet, f"The user is {diet}.", say),)),
                    HoTurn(forget),
                ),
            ),
        ),
        probes=(
            HoProbe("What should I cook tonight?", absent=((diet, "forgotten"),), kind="forget"),
            HoProbe("Draft a sick-day email to my employer.", present=(emp,), kind="forget"),
        ),
        probe_at=start + timedelta(days=5),
        forbidden=((diet, "forgotten"),),
        kinds=("forget",),
    )


def _frame(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The job inside a request frame ("mind deleting ...", "let's ..."); the city is kept."""
    conv = _job(rng, user, start)
    return _replace_forget(conv, rng.choice(WORDINGS["frame"]))


def _opening(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The job, the command after an opening clause; the city is kept."""
    conv = _job(rng, user, start)
    return _replace_forget(conv, rng.choice(WORDINGS["opening"]))


def _names(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The city by several of its names at once, or "any mention of"; the job is kept."""
    city, emp = rng.choice(_CITIES), rng.choice(_EMPLOYERS)
    home, job = f"My flat is in {city}.", f"I'm employed by {emp}."
    return _conv(
        user,
        start,
        [
            HoTurn(home, (_c("city", city, f"The user lives in {city}.", home),)),
            HoTurn(job, (_c("employer", emp, f"The user works at {emp}.", job),)),
        ],
        rng.choice(WORDINGS["names"]),
        [
            HoProbe(
                "What's a nice walk near where I live?",
                absent=((city, "forgotten"),),
                kind="forget",
            ),
            HoProbe("Write a leaving card message for my employer.", present=(emp,), kind="forget"),
        ],
        [(city, "forgotten")],
    )


def _except(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Everything but the allergies: the city and the job go, the allergy stays."""
    city, emp, fruit = rng.choice(_CITIES), rng.choice(_EMPLOYERS), rng.choice(_FRUIT)
    allergy = f"I'm allergic to {fruit}."
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I live in {city}.",
                (_c("city", city, f"The user lives in {city}.", f"I live in {city}."),),
            ),
            HoTurn(
                f"I work at {emp}.",
                (_c("employer", emp, f"The user works at {emp}.", f"I work at {emp}."),),
            ),
            HoTurn(allergy, (_c("allergy", fruit, f"The user is allergic to {fruit}.", allergy),)),
        ],
        rng.choice(WORDINGS["except"]),
        [
            HoProbe(
                "Find me a lunch spot near my office.",
                absent=((city, "forgotten"), (emp, "forgotten")),
                kind="forget",
            ),
            HoProbe("Suggest a fruit salad for me.", present=(fruit,), kind="forget"),
        ],
        [(city, "forgotten"), (emp, "forgotten")],
    )


def _replace_forget(conv: HoConversation, forget: str) -> HoConversation:
    """``conv`` with its forget turn (the second session's) said in other words."""
    (first, _turns), *rest = conv.sessions[1:]
    sessions = (conv.sessions[0], (first, (HoTurn(forget),)), *rest)
    return HoConversation(
        user_id=conv.user_id,
        sessions=sessions,
        probes=conv.probes,
        probe_at=conv.probe_at,
        forbidden=conv.forbidden,
        kinds=conv.kinds,
    )


def _not_command(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A question about forgetting, or an editing request: nothing is deleted."""
    city, emp = rng.choice(_CITIES), rng.choice(_EMPLOYERS)
    fruit = rng.choice(_FRUIT)
    asked = rng.choice(WORDINGS["not_command"])
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I live in {city}.",
                (_c("city", city, f"The user lives in {city}.", f"I live in {city}."),),
            ),
            HoTurn(
                f"I work at {emp}.",
                (_c("employer", emp, f"The user works at {emp}.", f"I work at {emp}."),),
            ),
            HoTurn(
                f"I'm allergic to {fruit}.",
                (
                    _c(
                        "allergy",
                        fruit,
                        f"The user is allergic to {fruit}.",
                        f"I'm allergic to {fruit}.",
                    ),
                ),
            ),
        ],
        asked,
        [
            HoProbe("Any good day trips near where I live?", present=(city,), kind="forget"),
            HoProbe(
                "Help me write a short bio for my work profile.", present=(emp,), kind="forget"
            ),
            HoProbe("Suggest a smoothie recipe for me.", present=(fruit,), kind="forget"),
        ],
        [],
    )


SCENARIOS = [
    _value,
    _job,
    _no_my,
    _pet,
    _back,
    _wish,
    _everything,
    _stop,
    _previous,
    _not_command,
    _frame,
    _names,
    _except,
    _opening,
]
"""This area's scenarios, collected by ``tuning_kinds.generate_tuning_kinds``."""
