"""Tuning cases for retractions and corrections in many registers (issue 12 kinds 4 and 5).

Written before the fixes they drive, in this module's own words and values. Each case
checks both halves where it can: the first statement must be extracted (a probe that
also asks for a value that stays, "present") and the later retraction or correction
applied (the ended or mistaken value "absent"). Retractions end a membership or state with
no new value (a pet gone, a car sold, a diet dropped, a job left, a partner gone, a
membership cancelled, a place moved out of, one language among several); corrections come
in the same turn, the next turn or a later session, the wrong value named or not, the
attribute named or not ("*X" as texted, "X? no, Y", "I said X but it's Y", "scratch
that"). The ideal candidates name the retracted value in the ways an extractor might:
``""``, ``"*"``, a part of the value, a description, one of several.

The companion module ``tuning_kinds_revise_check.py`` holds cases of the same kinds that
no fix is made against: its figure is the generalisation check.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(3), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('retraction',)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS", "Case", "build", "fact", "gone", "scenario"]

Case = Callable[[random.Random], tuple[list[list[HoTurn]], HoProbe]]
"""One case: from a seeded generator, the sessions of turns and the probe."""


def fact(predicate: str, obj: str, text: str, **kw: object) -> CandidateFact:
    """An ideal candidate (kind ``fact``) with the grounding fields given."""
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, **kw}
    )


def gone(predicate: str, obj: str, text: str, **kw: object) -> CandidateFact:
    """An ideal retraction."""
    return fact(predicate, obj, text, polarity="retract", **kw)


def build(
    user: str, start: datetime, sessions: Sequence[Sequence[HoTurn]], probe: HoProbe
) -> HoConversation:
    """The conversation: one session every three days, the probe a day after the last."""

    def quoted(t: HoTurn) -> HoTurn:
        return replace(t, ideal=tuple(c.model_copy(update={"quote": t.text}) for c in t.ideal))

    at = [
        (start + timedelta(days=3 * i), tuple(quoted(t) for t in ts))
        for i, ts in enumerate(sessions)
    ]
    return HoConversation(
        user_id=user,
        sessions=tuple(at),
        probes=(probe,),
        probe_at=start + timedelta(days=3 * len(sessions) + 1),
        kinds=(probe.kind,),
    )


def scenario(case: Case) -> Callable[[random.Random, str, datetime], HoConversation]:
    """A ``tuning_kinds`` scenario from a case."""

    def make(rng: random.Random, user: str, start: datetime) -> HoConversation:
        sessions, probe = case(rng)
        return build(user, start, sessions, probe)

    make.__name__ = case.__name__.lstrip("_")
    return make


def _r(request: str, absent: Sequence[str], present: Sequence[str] = ()) -> HoProbe:
    return HoProbe(
        request,
        present=tuple(present),
        absent=tuple((v, "retracted") for v in absent),
        kind="retraction",
    )


def _c(request: str, right: str, wrong: str) -> HoProbe:
    return HoProbe(request, present=(right,), absent=((wrong, "corrected"),), kind="correction")


# ---------------------------------------------------------------------------- retractions


def _pet_among_several(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    a, b = rng.sample(["Pepper", "Miso", "Juniper", "Waffles", "Bramble", "Nacho"], 2)
    first = HoTurn(
        f"We have two dogs, {a} and {b}.",
        (fact("pet", a, f"Has a dog named {a}."), fact("pet", b, f"Has a dog named {b}.")),
    )
    back = rng.choice(
        [
            f"{b.lower()} died on tuesday 😢",
            f"Awful news, we lost {b} to kidney failure over the weekend.",
        ]
    )
    return [[first], [HoTurn(back, (gone("pet", b, f"The user's dog {b} died."),))]], _r(
        "what should I get the dogs for christmas?", [b], [a]
    )


def _car_sold(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    model = rng.choice(["Mazda CX-5", "Škoda Octavia", "Volvo V70", "Kia Ceed"])
    make = model.split()[0]
    first = HoTurn(
        f"I drive a {model}.", (fact("car", model, f"Drives a {model}.", single_valued=True),)
    )
    back = rng.choice(
        [
            f"We sold the {make} last month, no car for now.",
            f"sold my {make} on friday, going car-free for a while",
        ]
    )
    # the value by a part of it: the make alone
    return [[first], [HoTurn(back, (gone("car", make, f"No longer owns the {make}."),))]], _r(
        "tips for a long road trip in my car?", [model.split()[-1]]
    )


def _diet_done(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    diet = rng.choice(["keto", "paleo", "low-FODMAP"])
    first = HoTurn(
        f"I've been doing {diet} since january.",
        (fact("dietary_restriction", diet, f"Follows a {diet} diet."),),
    )
    back = rng.choice(
        [f"Done with {diet}, way too restrictive.", f"I'm done with {diet} for good!"]
    )
    return [
        [first],
        [HoTurn(back, (gone("dietary_restriction", diet, f"No longer follows {diet}."),))],
    ], _r("quick dinner ideas for tonight?", [diet])


def _not_at_employer(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    emp = rng.choice(["Brightwater Analytics", "Quillon Systems", "Tessaract Bio"])
    short = emp.split()[0]
    first = HoTurn(
        f"I work at {emp} as a data engineer.",
        (
            fact("employer", emp, f"Works at {emp}."),
            fact("job_title", "data engineer", "Works as a data engineer."),
        ),
    )
    back = rng.choice([f"fyi I'm not at {short} anymore", f"Not at {short} any more, btw."])
    # "*": whatever employer is current
    return [[first], [HoTurn(back, (gone("employer", "*", f"No longer works at {short}."),))]], _r(
        "help me rewrite my linkedin headline", [short]
    )


def _quit_bare(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    emp = rng.choice(["Marlow & Finch", "Oberon Logistics", "Pellucid Games"])
    first = HoTurn(f"I'm a copywriter at {emp}.", (fact("employer", emp, f"Works at {emp}."),))
    back = rng.choice(
        [
            "I quit last week. Taking the summer off before I look for anything new.",
            "So... I handed in my notice and I'm officially unemployed as of Friday!",
        ]
    )
    # "": the slot named, no value
    return [[first], [HoTurn(back, (gone("employer", "", "No longer works anywhere."),))]], _r(
        "draft a short bio about my work for a conference", [emp.split()[0]]
    )


def _engagement_off(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Tomasz", "Aurélie", "Ingrid", "Kwame"])
    first = HoTurn(
        f"My fiancé {name} and I are planning a trip.",
        (fact("partner", name, f"The user's partner is {name}."),),
    )
    back = rng.choice(["the engagement is off.", f"{name} and I called off the engagement."])
    # the words may not name the partner: "*", whoever is current
    return [
        [first],
        [HoTurn(back, (gone("partner", "*" if name not in back else name, "Not engaged."),))],
    ], _r("gift ideas for an anniversary?", [name])


def _moved_out(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    city = rng.choice(["Košice", "Ljubljana", "Aarhus", "Cluj-Napoca"])
    first = HoTurn(f"I live in {city}.", (fact("city", city, f"Lives in {city}."),))
    back = rng.choice(
        [
            f"Moved out of {city} in May, staying with friends till I find something.",
            f"I left {city} last month and I'm couch-surfing for now.",
        ]
    )
    return [[first], [HoTurn(back, (gone("city", city, f"No longer lives in {city}."),))]], _r(
        "any events in my city this weekend?", [city]
    )


def _membership_named(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    club = rng.choice(["Lakeside Rowing Club", "Harrowgate Chess Society", "Old Mill Tennis Club"])
    short = club.split()[0]
    first = HoTurn(
        f"I'm a member of the {club}.", (fact("membership", club, f"Is a member of {club}."),)
    )
    back = rng.choice(
        [
            f"Cancelled my {short} membership, too expensive.",
            f"I let my membership at the {club} lapse.",
        ]
    )
    # "a part of the value": the club's first word
    return [
        [first],
        [HoTurn(back, (gone("membership", short, f"No longer a member of {club}."),))],
    ], _r("what should I pack for my club session?", [short])


def _allergy_ruled_out(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    a, b = rng.sample(["shellfish", "sesame", "kiwi", "hazelnuts"], 2)
    first = HoTurn(
        f"I'm allergic to {a} and {b}.",
        (fact("allergy", a, f"Allergic to {a}."), fact("allergy", b, f"Allergic to {b}.")),
    )
    back = rng.choice(
        [
            f"Turns out I'm not allergic to {a} after all, the test came back negative!",
            f"Update from the allergist: the {a} allergy was a false alarm.",
        ]
    )
    return [
        [first],
        [HoTurn(back, (gone("allergy", a, f"Is not allergic to {a}."),))],
    ], _r("plan a dinner menu for friends", [a], [b])


def _rehomed_buried(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Clementine", "Biscotti", "Ravioli"])
    first = HoTurn(
        f"Our rabbit {name} loves carrots.", (fact("pet", name, f"Has a rabbit named {name}."),)
    )
    back = (
        "Long week. Work was chaos, the boiler broke, and on top of that we had to rehome "
        f"{name} because of my daughter's allergy. Anyway, can you suggest a film for tonight?"
    )
    # a description of the value
    return [
        [first],
        [HoTurn(back, (gone("pet", f"our rabbit {name}", f"No longer has {name}."),))],
    ], _r("what pets do I have?", [name])


def _formal_employment(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    emp = rng.choice(["Hargreaves & Lowe", "Delacroix Partners", "Whitcombe Legal"])
    first = HoTurn(
        f"I am a paralegal with {emp}.",
        (
            fact("employer", emp, f"Works at {emp}."),
            fact("job_title", "paralegal", "Works as a paralegal."),
        ),
    )
    back = f"Please note that I am no longer employed by {emp}."
    return [[first], [HoTurn(back, (gone("employer", emp, f"No longer works at {emp}."),))]], _r(
        "write a cover letter intro about my current job", [emp.split()[0]]
    )


def _language_among_several(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    a, b, c = rng.sample(["French", "German", "Portuguese", "Polish", "Greek"], 3)
    first = HoTurn(
        f"I speak {a}, {b} and {c}.",
        tuple(fact("language", x, f"Speaks {x}.") for x in (a, b, c)),
    )
    back = f"honestly my {b} is gone, I don't speak it anymore"
    return [[first], [HoTurn(back, (gone("language", b, f"No longer speaks {b}."),))]], _r(
        "which languages could I use on a europe trip?", [b], [a]
    )


def _cyrillic_pet(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Сокол", "Барсик", "Ёжик"])
    first = HoTurn(f"Our dog is called {name}.", (fact("pet", name, f"Has a dog named {name}."),))
    back = f"{name} passed away in March. We miss him."
    return [[first], [HoTurn(back, (gone("pet", name, f"The user's dog {name} died."),))]], _r(
        "ideas for a weekend with the family and the dog?", [name]
    )


# ---------------------------------------------------------------------------- corrections


def _same_session_named(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Poznań", "Gdańsk", "Wrocław", "Toruń"], 2)
    first = HoTurn(f"I live in {wrong}.", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(
        f"sorry, I meant {right} not {wrong}",
        (fact("city", right, f"Lives in {right}.", corrects=wrong),),
    )
    return [[first, back]], _c("any good weekend markets near me?", right, wrong)


def _texting_star(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.choice([("Nordvik", "Nordlys"), ("Calder", "Caldor"), ("Vesta", "Vestra")])
    first = HoTurn(
        f"just started at {wrong} as a designer",
        (fact("employer", wrong, f"Works at {wrong}."),),
    )
    back = HoTurn(f"*{right}", (fact("employer", right, f"Works at {right}.", corrects=wrong),))
    return [[first, back]], _c("help me write my work bio", right, wrong)


def _later_session_named(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Aarhus", "Odense", "Aalborg", "Esbjerg"], 2)
    first = HoTurn(f"I'm based in {wrong}.", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(
        rng.choice(
            [
                f"Correction: I live in {right}, not {wrong}.",
                f"I said {wrong} last time but it's {right}, sorry.",
            ]
        ),
        (fact("city", right, f"Lives in {right}.", corrects=wrong),),
    )
    return [[first], [back]], _c("what's on in my city this weekend?", right, wrong)


def _actually_its(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Linz", "Graz", "Salzburg", "Innsbruck"], 2)
    first = HoTurn(f"We just moved to {wrong}!", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(
        rng.choice([f"actually it's {right}", f"scratch that, {right}. long day"]),
        (fact("city", right, f"Lives in {right}.", corrects=wrong),),
    )
    return [[first, back]], _c("any restaurants to try near me?", right, wrong)


def _typo_dash(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.choice(
        [("Corvina Labs", "Corvana Labs"), ("Halberd Tech", "Halbert Tech"), ("Zephra", "Zephyra")]
    )
    first = HoTurn(
        f"I'm a QA engineer at {wrong}.", (fact("employer", wrong, f"Works at {wrong}."),)
    )
    back = HoTurn(
        f"typo — {right}", (fact("employer", right, f"Works at {right}.", corrects=wrong),)
    )
    return [[first, back]], _c("write a line about my job for my email signature", right, wrong)


def _question_then_no(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Bergen", "Stavanger", "Trondheim", "Tromsø"], 2)
    first = HoTurn(f"I live in {wrong}.", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(
        f"{wrong}? no, {right}. I always mix them up",
        (fact("city", right, f"Lives in {right}.", corrects=wrong),),
    )
    return [[first, back]], _c("good day trips from my city?", right, wrong)


def _no_wait_later(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Fenwick Health", "Orla Dynamics", "Sable Robotics"], 2)
    first = HoTurn(f"I work for {wrong}.", (fact("employer", wrong, f"Works at {wrong}."),))
    back = HoTurn(
        f"no wait, I work for {right}, not {wrong} — that was my old place",
        (fact("employer", right, f"Works at {right}.", corrects=wrong),),
    )
    return [[first], [back]], _c("help me describe my job in a tweet", right, wrong)


def _in_same_message(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Sevilla", "Granada", "Córdoba", "Málaga"], 2)
    first = HoTurn(
        f"I live in {wrong} — no wait, {right}, I moved in the spring.",
        (fact("city", right, f"Lives in {right}."),),
    )
    return [[first]], _c("any tapas places near me?", right, wrong)


def _habit_given_up(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    drink = rng.choice(["espresso", "matcha", "kombucha"])
    first = HoTurn(
        f"I have a {drink} every morning.",
        (fact("routine", f"{drink} every morning", f"Has a {drink} every morning."),),
    )
    back = rng.choice(
        [f"I gave up {drink} in lent and never went back", f"quit {drink} last month!!"]
    )
    return [[first], [HoTurn(back, (gone("routine", drink, f"No longer has {drink}."),))]], _r(
        "ideas to make my mornings better?", [drink]
    )


def _group_quit(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Bellwether", "Foxhollow", "Saltcote"])
    first = HoTurn(
        f"I sing in the {name} Community Choir.",
        (fact("hobby", f"{name} Community Choir", f"Sings in the {name} Community Choir."),),
    )
    back = f"quit the {name} choir last month, too many rehearsals"
    return [
        [first],
        [HoTurn(back, (gone("membership", name, f"Left the {name} choir."),))],
    ], _r("what could I do with my thursday evenings now?", [name])


def _not_there(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    emp = rng.choice(["Duneport Freight", "Larkspur Insurance", "Meridian Tiles"])
    first = HoTurn(f"I work at {emp}.", (fact("employer", emp, f"Works at {emp}."),))
    back = "I don't work there anymore — they laid off half the office in March."
    return [[first], [HoTurn(back, (gone("employer", "*", "No longer works there."),))]], _r(
        "help me polish my CV summary", [emp.split()[0]]
    )


def _later_with_attribute(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.choice([("Nimbus Rail", "Nimbus Row"), ("Atlas Dairy", "Atlas Data")])
    first = HoTurn(f"I'm an analyst at {wrong}.", (fact("employer", wrong, f"Works at {wrong}."),))
    back = HoTurn(
        f"my employer is actually {right}, not {wrong} — sorry",
        (fact("employer", right, f"Works at {right}.", corrects=wrong),),
    )
    return [[first], [back]], _c("write two lines about my job for a meetup", right, wrong)


def _later_to_what_i_said(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Hvar", "Brač", "Korčula", "Vis"], 2)
    first = HoTurn(f"We live on {wrong} now.", (fact("city", wrong, f"Lives on {wrong}."),))
    back = HoTurn(
        f"Correction to what I said before: it's {right}, not {wrong}.",
        (fact("city", right, f"Lives on {right}.", corrects=wrong),),
    )
    return [[first], [back]], _c("what's happening near me this weekend?", right, wrong)


def _quit_my_job(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    emp = rng.choice(["Embers Grill", "Tidewater Bistro", "Copper Kettle Diner"])
    first = HoTurn(
        f"I'm a line cook at {emp}.",
        (
            fact("employer", emp, f"Works at {emp}."),
            fact("job_title", "line cook", "Works as a line cook."),
        ),
    )
    back = "I quit my job yesterday, done with kitchens for good."
    # the slot by a noun of its own ("my job"), as an extractor names it
    return [
        [first],
        [
            HoTurn(
                back,
                (
                    gone("employer", "my job", "Quit the job."),
                    gone("job_title", "my job", "No longer a line cook."),
                ),
            )
        ],
    ], _r("help me write a short intro about what I do", [emp.split()[0]])


def _gym_by_a_word(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    gym = rng.choice(["Kettlebell Kollective", "Ironclad Barbell", "Summit Boulders"])
    word = gym.split()[0]
    first = HoTurn(
        f"I train at {gym}.", (fact("gym", gym, f"Trains at {gym}.", single_valued=True),)
    )
    back = f"cancelled the gym membership at {word} today"
    # a phrase around one word of the name
    return [
        [first],
        [HoTurn(back, (gone("gym", f"gym membership at {word}", "Left the gym."),))],
    ], _r("what time does my gym open on saturday?", [word])


def _plural_item(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    a, b = rng.sample(["cashews", "pecans", "almonds", "walnuts"], 2)
    first = HoTurn(
        f"I'm allergic to {a} and {b}.",
        (fact("allergy", a, f"Allergic to {a}."), fact("allergy", b, f"Allergic to {b}.")),
    )
    one = a[:-1]
    back = f"good news, I'm not allergic to {one} after all!"
    # one item of several, named in the singular
    return [[first], [HoTurn(back, (gone("allergy", one, f"Not allergic to {one}."),))]], _r(
        "a snack idea for a hike?", [a], [b]
    )


def _accent_dropped(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Chloé", "Zoë", "Inès", "Raphaël"])
    plain = name.translate(str.maketrans("éëèï", "eeei"))
    first = HoTurn(f"Our dog is {name}.", (fact("pet", name, f"Has a dog named {name}."),))
    back = f"{plain.lower()} died last week"
    # the name typed without its accent, in lowercase
    return [[first], [HoTurn(back, (gone("pet", plain.lower(), f"{plain} died."),))]], _r(
        "weekend plans with the family?", [name]
    )


def _not_married(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Anselm", "Birgitta", "Cosimo", "Dagny"])
    first = HoTurn(f"My husband is {name}.", (fact("partner", name, f"Partner is {name}."),))
    back = rng.choice(["I'm not married any more, the divorce came through.", "no longer married"])
    return [[first], [HoTurn(back, (gone("partner", "*", "No longer married."),))]], _r(
        "ideas for a relaxed sunday for me and my partner?", [name]
    )


def _membership_expired(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    place = rng.choice(["Pinewood Lanes", "Marlpit Pool", "Vantage Padel"])
    first = HoTurn(
        f"I'm a member at {place}.", (fact("membership", place, f"Is a member at {place}."),)
    )
    back = f"My membership at {place} has expired and I'm not renewing."
    return [
        [first],
        [HoTurn(back, (gone("membership", place, f"No longer a member at {place}."),))],
    ], _r("where can I go for some exercise this week?", [place.split()[0]])


def _stopped_volunteering(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    place = rng.choice(["Eastside Food Bank", "Northmoor Animal Rescue", "Quarry Lane Library"])
    first = HoTurn(
        f"I volunteer at the {place} on Saturdays.",
        (fact("routine", f"volunteering at the {place}", f"Volunteers at the {place}."),),
    )
    back = f"stopped volunteering at the {place}, my knees can't take it"
    return [
        [first],
        [HoTurn(back, (gone("routine", place, f"No longer volunteers at the {place}."),))],
    ], _r("plans for this saturday?", [place.split()[0]])


_CASES: tuple[Case, ...] = (
    _pet_among_several,
    _car_sold,
    _diet_done,
    _not_at_employer,
    _quit_bare,
    _engagement_off,
    _moved_out,
    _membership_named,
    _allergy_ruled_out,
    _rehomed_buried,
    _formal_employment,
    _language_among_several,
    _cyrillic_pet,
    _same_session_named,
    _texting_star,
    _later_session_named,
    _actually_its,
    _typo_dash,
    _question_then_no,
    _no_wait_later,
    _in_same_message,
    _habit_given_up,
    _group_quit,
    _not_there,
    _later_with_attribute,
    _later_to_what_i_said,
    _quit_my_job,
    _gym_by_a_word,
    _plural_item,
    _accent_dropped,
    _not_married,
    _membership_expired,
    _stopped_volunteering,
)

SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = tuple(
    scenario(c) for c in _CASES
)
"""One scenario per case."""
