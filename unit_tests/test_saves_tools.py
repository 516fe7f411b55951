"""The ``remember`` tool (issue 12, kind 8): third-person text as models write it is saved as
the user's fact, comes back where it bears, and the reply never claims a save it did not
make."""

from __future__ import annotations

from langgraph.store.memory import InMemoryStore

from unit_tests.test_tools_memory import call, run


def _facts(store: InMemoryStore) -> list[dict[str, object]]:
    return [item.value for item in store.search(("langmem_plus", "alice", "facts"), limit=100)]


def test_a_third_person_fear_is_a_constraint_that_reaches_a_plan() -> None:
    store = InMemoryStore()
    [saved] = run(store, call("remember", fact="The user is terrified of wasps."))
    assert saved == "I'll remember that you are terrified of wasps."
    [found] = run(store, call("search_memory", query="plan a picnic for Sunday"))
    assert "wasps" in found and "Constraints:" in found


def test_a_third_person_note_with_a_future_date_is_found_now() -> None:
    store = InMemoryStore()
    [saved] = run(store, call("remember", fact="The user's passport expires in May 2030."))
    assert saved.startswith("I'll remember that")
    [found] = run(store, call("search_memory", query="when does my passport expire?"))
    assert "May 2030" in found


def test_a_plan_the_user_asked_to_keep_is_saved_and_said_so() -> None:
    store = InMemoryStore()
    [saved] = run(store, call("remember", fact="The user is going to run a marathon in Porto."))
    assert saved.startswith("I'll remember that you are going to run a marathon in Porto")
    [found] = run(store, call("search_memory", query="how should I train for the marathon?"))
    assert "Porto" in found
    [where] = run(store, call("search_memory", query="which city do I live in?"))
    assert "city: Porto" not in where  # a plan kept as a note (Notes), never the city


def test_the_reply_still_never_claims_a_save_it_did_not_make() -> None:
    store = InMemoryStore()
    [maybe] = run(store, call("remember", fact="The user might move to Tallinn one day."))
    assert maybe.startswith("Nothing was saved") and "I'll remember" not in maybe
    [health] = run(store, call("remember", fact="The user is colourblind."))
    assert "I'll remember" not in health
    assert _facts(store) == []
