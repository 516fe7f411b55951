"""One-at-a-time attributes whose statement does not say "my X is Y" (issue 12, kind 10).

People name the attribute beside the value rather than as its subject ("Said goodbye to the
old printer — went with a Brother"), after it ("..., watch-wise"), through the verb's frame
("I get into the office by tram": a commute), or through a thing the provider keeps for
them ("moved both my accounts across to X": the bank). The first statement and the switch
must land in one slot, so only the new value reaches a later request. Wordings and values
are written for these tests.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import RuleExtractor
from langmem_plus.facts.memory import FactMemory
from unit_tests.test_memory_support import Clock

NOW = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)


def _said(text: str) -> set[tuple[str, str]]:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    return {(c.predicate, c.object) for c in facts if c.single_valued and c.holder == "user"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Said goodbye to the old printer — went with a Brother HL-L2350 in the end.",
         {("printer", "Brother HL-L2350")}),
        ("I'm on the Garmin Venu, watch-wise", {("watch", "Garmin Venu")}),
        ("new watch — picked up a Polar Pacer last weekend", {("watch", "Polar Pacer")}),
        ("Finally scrapped the old car, got a Skoda Fabia.", {("car", "Skoda Fabia")}),
        ("I'm still with Tallis Telecom, broadband-wise",
         {("internet_provider", "Tallis Telecom")}),
        ("I get into the office by tram, about half an hour", {("commute", "tram")}),
        ("we usually go in by ferry", {("commute", "ferry")}),
        ("moved both my accounts across to Tidewater Savings", {("bank", "Tidewater Savings")}),
        ("these days I take the ferry into the office", {("commute", "ferry")}),
        ("I'm with Norwave for broadband", {("internet_provider", "Norwave")}),
        ("Now I'm with Kestrel Mobile for mobile", {("phone_plan", "Kestrel Mobile")}),
    ],
)
def test_an_attribute_named_beside_its_value_is_read(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert _said(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "New boss, new office — went with Zed for lunch.",  # people and places, no holding
        "the old place had a garden — we go to the park now",
        "I get to bed by 11 usually",  # going to bed is no commute
        "we went with Postgres — the old database was slow",  # the team's, not the user's
        "I'm on the train, back in ten",
        "I take the kids to school",  # an errand, not a commute
        "I take my daughter in to uni",
        "I use Spotify for the commute",  # a purpose, not the slot
    ],
)
def test_words_beside_a_value_that_name_no_holding_make_no_attribute(text: str) -> None:
    assert _said(text) == set()


# (first statement, the switch in a later session, a request about it, new, old)
SWITCHES = [
    ("My printer is an Epson WF-2830.",
     "Said goodbye to the old printer — went with a Brother HL-L2350 in the end.",
     "my printer keeps jamming, any ideas?", "Brother HL-L2350", "Epson WF-2830"),
    ("I'm on the Garmin Venu, watch-wise",
     "new watch — picked up a Polar Pacer last weekend",
     "my watch won't sync with my phone", "Polar Pacer", "Garmin Venu"),
    ("I get into the office by tram, about half an hour",
     "I come in by scooter now, much quicker",
     "a podcast for my commute?", "scooter", "tram"),
    ("My bank is Rowan Mutual.",
     "moved both my accounts across to Tidewater Savings",
     "my bank card got declined, what do I do?", "Tidewater Savings", "Rowan Mutual"),
    # the provider of a thing is the thing's slot, and a request names it by its service
    ("I'm on Vodafone for my phone", "my phone carrier changed to Lyca",
     "my phone keeps dropping signal, who do I call?", "Lyca", "Vodafone"),
    ("Our insurer is Halden Cover.", "Got a new insurer — Thornbury Mutual.",
     "how do I make a claim on my insurance?", "Thornbury Mutual", "Halden Cover"),
    ("Our energy supplier is Tallis Power.",
     "Switched energy suppliers, we're with Brightwatt now",
     "my energy bill went up again, should I complain?", "Brightwatt", "Tallis Power"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "switch", "ask", "new", "old"), SWITCHES, ids=[s[4] for s in SWITCHES]
)
def test_a_switch_said_another_way_replaces_the_value_for_later_requests(
    first: str, switch: str, ask: str, new: str, old: str
) -> None:
    clock = Clock()
    memory = FactMemory(InMemoryStore(), clock=clock)
    ex = RuleExtractor()
    for i, (text, at) in enumerate(((first, NOW), (switch, NOW + timedelta(days=5)))):
        clock.now = at
        for c in ex.extract([HumanMessage(text, id=f"m{i}")], now=at):
            memory.remember("noor", c, session_id=f"s{i}")
    clock.now = NOW + timedelta(days=6)
    block = memory.recall("noor", ask).block
    assert new in block
    assert old not in block


def test_a_provider_named_for_its_service_reaches_no_unrelated_request() -> None:
    memory = FactMemory(InMemoryStore(), clock=Clock(NOW))
    for c in RuleExtractor().extract(
        [HumanMessage("Got a new insurer — Thornbury Mutual.", id="m1")], now=NOW
    ):
        memory.remember("noor", c)
    for ask in ("what's a good film tonight?", "how do I plan a birthday party?"):
        block = memory.recall("noor", ask).block
        # one insurer at a time: the profile's Attributes line carries it to every request,
        # and no ranked fact line ("- ...") reaches these by the words "plan" or "cover"
        assert not [ln for ln in block.splitlines() if ln.startswith("- ")], block
