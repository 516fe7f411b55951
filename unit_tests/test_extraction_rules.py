"""``RuleExtractor`` over many phrasings, and the time phrases every extractor resolves."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor, find_time_expression, third_person, user_turns

NOW = datetime(2026, 11, 11, 12, tzinfo=timezone.utc)  # a Wednesday


def triples(text: str, **kwargs: object) -> set[tuple[str, str]]:
    facts = RuleExtractor(**kwargs).extract([HumanMessage(text)], now=NOW)  # type: ignore[arg-type]
    return {(f.predicate, f.object) for f in facts}


PHRASINGS = [
    # where the user lives
    ("I live in Berlin.", {("city", "Berlin")}),
    ("i LIVE IN berlin", {("city", "berlin")}),
    ("We're based in Toronto these days", {("city", "Toronto")}),
    ("I've just moved from Munich to Berlin!", {("city", "Berlin")}),
    ("We relocated to Lisbon", {("city", "Lisbon")}),
    ("I currently reside in Cape Town", {("city", "Cape Town")}),
    ("I moved to the Netherlands", {("country", "the Netherlands")}),
    ("I live in Berlin now, not Munich", {("city", "Berlin")}),
    ("I'm originally from Porto", {("hometown", "Porto")}),
    # work
    ("I work at Acme Ltd.", {("employer", "Acme Ltd")}),
    ("I'm working for Globex now", {("employer", "Globex")}),
    ("I just joined Stripe", {("employer", "Stripe")}),
    ("My company is called Meridian", {("employer", "Meridian")}),
    ("I'm a staff engineer at Initech", {("employer", "Initech"), ("job_title", "staff engineer")}),
    (
        "I joined Hooli as a product manager",
        {("employer", "Hooli"), ("job_title", "product manager")},
    ),
    ("I work as a nurse", {("job_title", "nurse")}),
    # names
    ("My name is Priya Sharma", {("name", "Priya Sharma")}),
    ("Please call me Sam", {("preferred_name", "Sam")}),
    ("I go by Alex", {("preferred_name", "Alex")}),
    ("Hi, I'm Tom.", {("name", "Tom")}),
    # allergies and diets
    (
        "I'm severely allergic to tree nuts, sesame and kiwi",
        {("allergy", "tree nuts"), ("allergy", "sesame"), ("allergy", "kiwi")},
    ),
    ("I have a peanut allergy", {("allergy", "peanut")}),
    ("my allergies are penicillin and latex", {("allergy", "penicillin"), ("allergy", "latex")}),
    ("I'm vegan", {("dietary_restriction", "vegan")}),
    ("I became vegetarian", {("dietary_restriction", "vegetarian")}),
    ("I'm on a low-FODMAP diet", {("dietary_restriction", "low-FODMAP diet")}),
    ("I don't eat pork", {("dietary_restriction", "no pork")}),
    ("I keep halal", {("dietary_restriction", "halal")}),
    # preferences
    ("I prefer metric units", {("units", "metric")}),
    ("Use Celsius, not Fahrenheit.", {("units", "metric")}),
    ("switch me to miles please", {("units", "imperial")}),
    ("Please answer in Spanish", {("response_language", "Spanish")}),
    ("I'd like replies in German from now on", {("response_language", "German")}),
    ("I speak Dutch and some French", {("language", "Dutch"), ("language", "French")}),
    ("Keep it casual.", {("tone", "casual")}),
    ("I prefer a more formal tone", {("tone", "more formal")}),
    ("Concise answers please", {("response_length", "concise")}),
    ("I like tables", {("format", "tables")}),
    ("no emojis please", {("emoji", "no emojis")}),
    ("I prefer morning meetings", {("prefers", "morning meetings")}),
    ("I'd rather have calls in the afternoon", {("prefers", "calls in the afternoon")}),
    ("I love hiking", {("likes", "hiking")}),
    ("I can't stand long meetings", {("dislike", "long meetings")}),  # conventions: dislike
    ("my timezone is CET", {("timezone", "CET")}),
    # decisions
    (
        "We settled on session cookies because JWT revocation is hard",
        {("decision", "session cookies")},
    ),
    ("we decided to use Postgres", {("decision", "Postgres")}),
    ("We chose Rust for the agent", {("decision", "Rust for the agent")}),
    ("For atlas, we went with Kafka", {("queue", "Kafka")}),
    ("We decided against GraphQL", {("decision", "not GraphQL")}),
    # identifiers
    ("Our repo is acme/atlas", {("repository", "acme/atlas")}),
    ("The repository is called atlas-api", {("repository", "atlas-api")}),
    (
        "the beacon repo is https://github.com/acme/beacon.",
        {("repository", "https://github.com/acme/beacon")},
    ),
    ("Our tickets are prefixed ATL-", {("ticket_prefix", "ATL-")}),
    ("Jira tickets look like OPS-123", {("ticket_prefix", "OPS-")}),
    # projects
    ("our project atlas uses PostgreSQL 16", {("database", "PostgreSQL 16")}),
    ("atlas is on postgres 16", {("database", "postgres 16")}),
    ("Atlas's database is MySQL 8", {("database", "MySQL 8")}),
    ("The service beacon is written in Go", {("language", "Go")}),
    # remember that ...
    # a typed fact about the sister (her own subject), no longer a note (issue 12)
    ("Remember that my sister lives in London", {("city", "London")}),
    ("please remember I'm allergic to shellfish", {("allergy", "shellfish")}),
]


@pytest.mark.parametrize(("text", "expected"), PHRASINGS, ids=[p[0] for p in PHRASINGS])
def test_phrasings(text: str, expected: set[tuple[str, str]]) -> None:
    assert triples(text) == expected


NOTHING = [
    "I'm not allergic to anything",
    "I moved to a new apartment",  # not a place name
    "We moved to Postgres last year",  # a technology, not a city (no project named)
    "please call me back tomorrow",
    "I'd like a coffee",
    "How many miles is Paris from Lyon?",
    "Hi, I'm Spanish",
    "The weather is nice",
    "I'm so tired today",
    "I'm in a hurry",
]


@pytest.mark.parametrize("text", NOTHING)
def test_no_fact(text: str) -> None:
    assert triples(text) == set()


def test_a_relations_tool_is_not_the_users_project() -> None:
    # the user has a wife (issue 12, people); Postgres is not the user's project
    assert triples("My wife uses Postgres") == {("partner", "a wife")}


# Once "nothing" (issue 12): now a candidate whose grounding says it cannot become current.
NOT_CURRENT = [
    ("I'm moving to Paris next month", ("city", "Paris"), {"modality": "plan"}),
    ("I no longer live in Rome", ("city", "Rome"), {"polarity": "retract"}),
    ("I used to work at Acme", ("employer", "Acme"), {"past": True}),
    ("I might move to Odense", ("city", "Odense"), {"modality": "plan"}),
    ("I'm thinking about moving to Bergen", ("city", "Bergen"), {"modality": "plan"}),
    ("I left Calloway", ("employer", "Calloway"), {"polarity": "retract"}),
]


@pytest.mark.parametrize(
    ("text", "triple", "grounding"), NOT_CURRENT, ids=[n[0] for n in NOT_CURRENT]
)
def test_not_current(text: str, triple: tuple[str, str], grounding: dict[str, object]) -> None:
    [c] = RuleExtractor().extract([HumanMessage(text)], now=NOW)
    assert (c.predicate, c.object) == triple
    past = grounding.pop("past", False)
    assert (c.valid_to is not None) == past
    for name, value in grounding.items():
        assert getattr(c, name) == value


def test_scope_comes_from_the_sentence_the_projects_list_or_the_call() -> None:
    ex = RuleExtractor(projects=["beacon"])
    [f] = ex.extract([HumanMessage("beacon runs on Go")], now=NOW)
    assert (f.subject, f.scope, f.text) == ("beacon.language", "beacon", "Beacon runs on Go.")
    [d] = RuleExtractor().extract([HumanMessage("We settled on session cookies")], scope="atlas")
    assert (d.subject, d.scope, d.predicate) == ("atlas.auth_method", "atlas", "auth_method")
    [u] = RuleExtractor().extract([HumanMessage("I live in Rome")], scope="atlas")
    assert u.scope is None  # facts about the user are not project facts


def test_quote_is_the_clause_and_message_id_is_kept() -> None:
    msg = HumanMessage("Hi! I live in Rome and I work at Acme. What's up?", id="abc")
    facts = RuleExtractor().extract([msg], now=NOW)
    assert [(f.quote, f.message_id) for f in facts] == [
        ("I live in Rome", "abc"),
        ("I work at Acme.", "abc"),
    ]


def test_elided_subject_after_and() -> None:
    assert triples("I live in Leeds and work at Sage") == {("city", "Leeds"), ("employer", "Sage")}


def test_third_person() -> None:
    assert third_person("my brother works at the BBC") == "The user's brother works at the BBC."
    assert third_person("I have two cats") == "The user has two cats."
    assert third_person("we ship on Fridays") == "The user's team ships on Fridays."


# ---------------------------------------------------------------- time phrases

TIMES = [
    ("in August", date(2026, 8, 1)),
    ("in December", date(2025, 12, 1)),  # December has not come yet this year
    ("since March 2024", date(2024, 3, 1)),
    ("on 3 March", date(2026, 3, 3)),
    ("March 3rd, 2025", date(2025, 3, 3)),
    ("since 2019", date(2019, 1, 1)),
    ("2024-02-29", date(2024, 2, 29)),
    ("yesterday", date(2026, 11, 10)),
    ("the day before yesterday", date(2026, 11, 9)),
    ("today", date(2026, 11, 11)),
    ("since last week", date(2026, 11, 4)),
    ("last month", date(2026, 10, 1)),
    ("last year", date(2025, 1, 1)),
    ("this week", date(2026, 11, 9)),
    ("two months ago", date(2026, 9, 11)),
    ("3 weeks ago", date(2026, 10, 21)),
    ("a couple of days ago", date(2026, 11, 9)),
    ("a year ago", date(2025, 11, 11)),
    ("last Monday", date(2026, 11, 9)),
    ("since Wednesday", date(2026, 11, 4)),  # the most recent Wednesday before today
]


@pytest.mark.parametrize(("phrase", "day"), TIMES)
def test_time_phrases(phrase: str, day: date) -> None:
    found = find_time_expression(f"I moved to Rome {phrase}.", NOW)
    assert found is not None and found.phrase.endswith(phrase.split()[-1])
    assert found.when.date() == day and found.when.tzinfo is not None


@pytest.mark.parametrize("text", ["next week", "in two days", "at 3 pm", "I may go", "room 2024"])
def test_no_time_phrase(text: str) -> None:
    assert find_time_expression(text, NOW) is None


def test_month_end_is_clamped() -> None:
    found = find_time_expression("a month ago", datetime(2026, 3, 31, tzinfo=timezone.utc))
    assert found is not None and found.when.date() == date(2026, 2, 28)


def test_message_time_beats_now_and_naive_is_utc() -> None:
    msg = HumanMessage(
        "I moved to Oslo yesterday", additional_kwargs={"sent_at": "2026-01-01T10:00:00"}
    )
    [turn] = user_turns([msg], now=NOW)
    assert turn.sent_at == datetime(2026, 1, 1, 10, tzinfo=timezone.utc)
    [f] = RuleExtractor().extract([msg], now=NOW)
    assert f.valid_from == datetime(2025, 12, 31, tzinfo=timezone.utc)


def test_valid_from_is_the_phrase_else_the_message_stamp_else_left_to_the_policy() -> None:
    stamped = HumanMessage(
        "I live in Oslo", additional_kwargs={"timestamp": "2026-02-02T08:00:00Z"}
    )
    bad = HumanMessage("I work at Acme", additional_kwargs={"timestamp": "last tuesday-ish"})
    relative = HumanMessage("I'm vegan since yesterday")
    got = [f.valid_from for f in RuleExtractor().extract([stamped, bad, relative], now=NOW)]
    assert got == [
        datetime(2026, 2, 2, 8, tzinfo=timezone.utc),
        None,
        datetime(2026, 11, 10, tzinfo=timezone.utc),
    ]


# ---------------------------------------------------------------- coverage gaps

GAPS: list[tuple[str, str | None, set[tuple[str, str, str]]]] = [
    # job changes: (subject, predicate, object)
    (
        "I quit Bramblewood Ltd and now work for Ostrander Labs.",
        None,
        {("user", "employer", "Ostrander Labs")},
    ),
    ("I left Pellucid Inc to join Marrowgate.", None, {("user", "employer", "Marrowgate")}),
    (
        "I've left the bakery and currently work at Tidewell Foods",
        None,
        {("user", "employer", "Tidewell Foods")},
    ),
    ("i'm working at Barnes & Fitch these days", None, {("user", "employer", "Barnes & Fitch")}),
    ("I joined Pike & Sons last year", None, {("user", "employer", "Pike & Sons")}),
    # deploy / hosting
    ("We deploy lantern to Vercel.", None, {("lantern.deploy_target", "deploy_target", "Vercel")}),
    (
        "We host the lantern app on Hetzner",
        None,
        {("lantern.deploy_target", "deploy_target", "Hetzner")},
    ),
    (
        "we ship Lantern to AWS every Friday",
        None,
        {("lantern.deploy_target", "deploy_target", "AWS")},
    ),
    (
        "Gorse is hosted on Azure in production.",
        None,
        {("gorse.deploy_target", "deploy_target", "Azure")},
    ),
    (
        "gorse runs on Kubernetes in prod",
        None,
        {("gorse.deploy_target", "deploy_target", "Kubernetes")},
    ),
    ("We deploy it to Render.", "gorse", {("gorse.deploy_target", "deploy_target", "Render")}),
    (
        "Our hosting provider is DigitalOcean.",
        "gorse",
        {("gorse.deploy_target", "deploy_target", "DigitalOcean")},
    ),
    # project database
    ("The db here is MariaDB.", "pylon", {("pylon.database", "database", "MariaDB")}),
    ("Our main database is ClickHouse", "pylon", {("pylon.database", "database", "ClickHouse")}),
    ("the database for pylon is DynamoDB", None, {("pylon.database", "database", "DynamoDB")}),
    ("Postgres is our database for pylon.", None, {("pylon.database", "database", "Postgres")}),
    ("We moved pylon over from MySQL to CockroachDB", None, set()),  # not a known tech word
    (
        "We migrated pylon from MySQL to Supabase last month.",
        None,
        {("pylon.database", "database", "Supabase")},
    ),
    (
        "We've switched the pylon service to Cassandra",
        None,
        {("pylon.database", "database", "Cassandra")},
    ),
    ("Pylon currently runs on MySQL", None, {("pylon.database", "database", "MySQL")}),
    ("Pylon is now on SQLite.", None, {("pylon.database", "database", "SQLite")}),
    ("We migrated to Postgres recently", "pylon", {("pylon.database", "database", "Postgres")}),
    # trailing filler
    ("I relocated to Tromsø lately", None, {("user", "city", "Tromsø")}),
    (
        "We use MongoDB as our primary datastore.",
        "pylon",
        {("pylon.database", "database", "MongoDB")},
    ),
    ("We use Scylla as our database", "pylon", {("pylon.database", "database", "Scylla")}),
    # living somewhere "at the moment" is not transient
    ("I'm living in Tallinn at the moment, it's great.", None, {("user", "city", "Tallinn")}),
    ("I live in Cork right now", None, {("user", "city", "Cork")}),
    ("I'm based in Graz for the time being", None, {("user", "city", "Graz")}),
    ("I work at Vellum Press at the moment.", None, {("user", "employer", "Vellum Press")}),
    # self-corrections inside one message
    ("I live in Aarhus, sorry, I mean Odense.", None, {("user", "city", "Odense")}),
    (
        "I work at Calloway. Oops, I meant Brindle Works.",
        None,
        {("user", "employer", "Brindle Works")},
    ),
    ("I moved to Ljubljana - no wait, make that Maribor", None, {("user", "city", "Maribor")}),
    (
        "We deploy lantern to AWS, or rather GCP.",
        None,
        {("lantern.deploy_target", "deploy_target", "GCP")},
    ),
]


@pytest.mark.parametrize(("text", "scope", "expected"), GAPS, ids=[g[0] for g in GAPS])
def test_gap_phrasings(text: str, scope: str | None, expected: set[tuple[str, str, str]]) -> None:
    facts = RuleExtractor().extract([HumanMessage(text)], now=NOW, scope=scope)
    assert {(f.subject, f.predicate, f.object) for f in facts} == expected
    for f in facts:  # project facts carry the project as scope; user facts none
        assert f.scope == (f.subject.split(".")[0] if f.subject != "user" else None)
        assert f.quote and f.quote in text


GAP_NOTHING = [
    "Do we deploy lantern to Vercel?",
    "Is the database here MariaDB?",
    "Which database does pylon run on?",
    "I'm in a rush at the moment",
    "I'm working from the café right now",
    "I'm so stressed at the moment",
    "We ran the numbers on Friday",
    "We ship orders to Germany",
    "The database is slow today",
    "I live in Aarhus. I mean, it's fine.",  # "I mean" that corrects nothing
]


@pytest.mark.parametrize("text", GAP_NOTHING)
def test_gap_negatives(text: str) -> None:
    facts = RuleExtractor().extract([HumanMessage(text)], now=NOW, scope="pylon")
    assert [(f.predicate, f.object) for f in facts] in ([], [("city", "Aarhus")])


def test_gap_statements_from_the_assistant_or_a_tool_give_nothing() -> None:
    from langchain_core.messages import AIMessage, ToolMessage

    said = "We deploy lantern to Vercel. I now work at Ostrander Labs. The db here is MariaDB."
    msgs = [AIMessage(said), ToolMessage(said, tool_call_id="t1")]
    assert RuleExtractor().extract(msgs, now=NOW, scope="pylon") == []


def test_correction_across_clauses_keeps_the_whole_quote() -> None:
    text = "I work at Calloway. Oops, I meant Brindle Works."
    [f] = RuleExtractor().extract([HumanMessage(text, id="m9")], now=NOW)
    assert (f.object, f.quote, f.message_id) == ("Brindle Works", text, "m9")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an adverb between the subject (or "work") and the frame (#12)
        ("I work part time as a radiographer", {("job_title", "radiographer")}),
        ("these days I mostly speak Welsh at home", {("language", "Welsh")}),
        ("I mainly work remotely for Lindqvist Acoustics",
         {("employer", "Lindqvist Acoustics")}),
        # a participle after the value is not part of the clause's frame
        ("currently i'm in Tórshavn doing contract work.", {("city", "Tórshavn")}),
    ],
)  # fmt: skip
def test_a_frame_is_read_through_inner_adverbs_and_a_trailing_participle(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert triples(text) == expected


def test_a_name_with_a_participle_in_it_stays_whole() -> None:
    assert triples("new bank: Harrowgate Building Society. the app is fine") == {
        ("bank", "Harrowgate Building Society")
    }


def test_the_plainer_reading_is_only_a_fallback() -> None:
    # what the clause says as written wins: the adverb-free reading is not added to it
    assert triples("I'm mostly a morning person and I live in Tórshavn") == {
        ("city", "Tórshavn")
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a relationship status, a closed class of states (#12)
        ("we got engaged in the Dolomites!", {("relationship_status", "engaged")}),
        ("divorced since 2021, all good", {("relationship_status", "divorced")}),
        # a home noun between "live in" and the place
        ("we live in a narrow boat flat in Sneek", {("city", "Sneek")}),
        # "X-based" after a pronoun names X, never the pronoun
        ("I'm Zwolle-based these days", {("city", "Zwolle")}),
    ],
)  # fmt: skip
def test_statements_of_status_home_and_base(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= triples(text)


def test_a_status_of_someone_else_or_asked_is_not_the_users() -> None:
    assert ("relationship_status", "married") not in triples("are you married?")
    facts = RuleExtractor().extract([HumanMessage("my cousin got married in May")], now=NOW)
    assert all(f.subject != "user" for f in facts if f.predicate == "relationship_status")


@pytest.mark.parametrize(
    ("text", "tone"),
    [
        ("be direct with me, no sugar-coating. here's the pitch deck", "direct"),
        ("could you go a little warmer when you reply from now on?", "warmer"),
    ],
)
def test_a_tone_asked_for_in_the_imperative_is_the_users_tone(text: str, tone: str) -> None:
    """"Be X with me" and "go a bit X-er" ask for the tone of every reply: read as the tone
    preference (a comparative too), so a later tone takes its place in the one slot."""
    said = RuleExtractor().extract([HumanMessage(text)], now=NOW)
    assert ("tone", tone) in {(c.predicate, c.object) for c in said}
