"""Check cases of explicit saves (issue 12, kind 8): written with ``tuning_kinds_saves.py``,
never fixed against.

Same shape and scoring as ``tuning_kinds_saves.py``; their figure before and after a change
to the product says whether the change generalised beyond the cases it was tuned on. Do not
change product code to fix a miss here: add a case of the same kind, in other words and
values, to ``tuning_kinds_saves.py`` first.

Example:
    >>> len(CASES) >= 12
    True
"""

from __future__ import annotations

from benchmarks.truth.tuning_kinds_saves import SaveCase, fact, scenario

__all__ = ["CASES", "SCENARIOS"]

CASES: tuple[SaveCase, ...] = (
    SaveCase(
        (("Could you please remember that I detest raisins?",
          (fact("dislike", "raisins", "Dislikes raisins.", kind="preference"),)),),
        (("a recipe for oat cookies", ("raisins",)),),
    ),
    SaveCase(
        (("jot this down: i don't drive at night",
          (fact("constraint", "no driving at night", "Doesn't drive at night."),)),),
        (("plan a road trip to the lakes", ("night",)),),
    ),
    SaveCase(
        (("For the record: I meditate every morning at 6.",
          (fact("routine", "meditates every morning at 6", "Meditates every morning at 6."),)),),
        (("book a breakfast meeting for tomorrow", ("meditate",)),),
    ),
    SaveCase(
        (("Don't forget my bike lock combination is 0930.",
          (fact("bike_lock_combination", "0930", "The user's bike lock combination is 0930."),)),),
        (("what's the combination for my bike lock?", ("0930",)),),
    ),
    SaveCase(
        (("Remember my daughter Freya's school finishes at 2:45 on Fridays.",
          (fact("child", "Freya", "Has a daughter named Freya."),
           fact("routine", "school finishes at 2:45 on Fridays",
                "Freya's school finishes at 2:45 on Fridays.", subject="person:freya",
                holder="Freya"))),),
        (("can I take a call at 3 on Friday?", ("2:45",)),),
    ),
    SaveCase(
        (("keep in mind I get seasick so no boats pls",
          (fact("constraint", "no boats", "Gets seasick; no boats."),)),),
        (("weekend trip ideas on the coast", ("seasick",)),),
    ),
    SaveCase(
        (("Please make a note that my car insurance renews on 5 April.",
          (fact("car_insurance_renewal", "5 April",
                "The user's car insurance renews on 5 April."),)),),
        (("when is my car insurance due?", ("April",)),),
    ),
    SaveCase(
        (("So the move went fine, boxes everywhere, the cat is hiding under the bed and I "
          "still can't find the kettle. Also remember that I'm trying to cut down on sugar. "
          "What's a good way to unpack a kitchen quickly?",
          (fact("current_goal", "cut down on sugar", "Is trying to cut down on sugar."),)),),
        (("dessert ideas for a dinner party", ("sugar",)),),
    ),
    SaveCase(
        (("fyi i'm a night owl, never schedule anything before 9",
          (fact("constraint", "nothing before 9", "Nothing scheduled before 9."),)),),
        (("pick a time for my dentist appointment", ("9",)),),
    ),
    SaveCase(
        (("Save this: my membership number at the climbing wall is CW-5521.",
          (fact("note", "climbing wall membership number CW-5521",
                "The user's membership number at the climbing wall is CW-5521."),)),),
        (("what's my climbing wall membership number?", ("CW-5521",)),),
    ),
    SaveCase(
        (("Remember: my brother-in-law Kwame is allergic to nuts",
          (fact("family_member", "Kwame", "Has a brother-in-law named Kwame."),
           fact("allergy", "nuts", "Kwame is allergic to nuts.", subject="person:kwame",
                holder="Kwame"))),),
        (("menu ideas for when Kwame visits", ("nuts",)),),
    ),
    SaveCase(
        (("note that I hate being called Bob, it's Robert",
          (fact("preferred_name", "Robert", "Prefers to be called Robert.", kind="preference"),)),),
        (("write a short bio for me", ("Robert",)),),
    ),
    SaveCase(
        (("Pls keep in mind that I work night shifts Tue-Thu 🌙",
          (fact("routine", "night shifts Tue-Thu", "Works night shifts Tuesday to Thursday."),)),),
        (("when's a good time for my weekly call with Mum?", ("shifts",)),),
    ),
)

SCENARIOS = tuple(scenario(c) for c in CASES)
