"""Deletion that leaves no trace, with a receipt of every place touched."""

from __future__ import annotations

import logging

import pytest
from langgraph.store.base import BaseStore

from langmem_plus.facts.memory import FactMemory
from unit_tests.test_memory_support import Clock, all_rows, cand

SECRET = "divorce mediation with Jorinde"


@pytest.fixture
def memory(base_store: BaseStore) -> FactMemory:
    return FactMemory(base_store, clock=Clock())


def _text_anywhere(store: BaseStore, memory: FactMemory, needle: str) -> bool:
    return any(needle in repr(r.value) for r in all_rows(store, memory.layout.user("ines")))


def test_forget_removes_every_trace(
    base_store: BaseStore, memory: FactMemory, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    first = memory.remember(
        "ines",
        cand(
            "current_goal",
            SECRET,
            f"Is going through {SECRET}.",
            message_id="m1",
            quote="we started mediation",
        ),
        session_id="thread-a",
    )
    memory.remember(
        "ines",
        cand("current_goal", SECRET, f"Is going through {SECRET}.", message_id="m7"),
        session_id="thread-b",
    )
    memory.remember("ines", cand("city", "Ghent", "Lives in Ghent."), session_id="thread-a")
    assert first.fact_id is not None
    assert _text_anywhere(base_store, memory, "Jorinde")
    assert "Jorinde" in memory.profile("ines")

    receipt = memory.forget("ines", first.fact_id)

    assert receipt.fact_ids == (first.fact_id,)
    assert receipt.session_ids == ("thread-a", "thread-b")
    assert receipt.places["current facts"] == 1 and receipt.places["vectors"] == 1
    assert receipt.places["log entries"] == 2 and receipt.places["profile"] == 1
    assert "Jorinde" not in receipt.describe()
    # nothing comes back from any path
    assert not _text_anywhere(base_store, memory, "Jorinde")
    assert not any(
        first.fact_id in repr(r.value) for r in all_rows(base_store, memory.layout.user("ines"))
    )
    assert all(
        "Jorinde" not in repr(i.value)
        for i in base_store.search(memory.layout.user("ines"), query="Jorinde")
    )
    assert "Jorinde" not in memory.recall("ines", "how is the divorce mediation going?").block
    assert "Jorinde" not in memory.profile("ines")
    assert memory.profile("ines") == "Location: city: Ghent"
    assert all("Jorinde" not in f.text for f in memory.as_of("ines", memory.clock()))
    assert all("Jorinde" not in f.text for f in memory.believed_at("ines", memory.clock()))
    assert all("Jorinde" not in x.text for x in memory.list("ines"))
    assert all(e.fact_id != first.fact_id for e in memory.decision_log("ines"))
    assert "Jorinde" not in caplog.text


def test_forget_removes_history_versions_too(base_store: BaseStore, memory: FactMemory) -> None:
    old = memory.remember("ines", cand("employer", "Vandermolen BV", "Works at Vandermolen BV."))
    memory.remember("ines", cand("employer", "Kessel NV", "Works at Kessel NV."))
    assert old.fact_id is not None
    receipt = memory.forget("ines", old.fact_id)
    assert receipt.places["history versions"] == 1 and receipt.places["current facts"] == 0
    assert not _text_anywhere(base_store, memory, "Vandermolen")
    assert [x.text for x in memory.list("ines")] == ["Works at Kessel NV."]


def test_forget_all_leaves_only_the_setting(base_store: BaseStore, memory: FactMemory) -> None:
    memory.set_memory("ines", "on")
    for i, city in enumerate(["Ghent", "Leuven", "Namur"]):
        memory.remember("ines", cand("city", city, f"Lives in {city}."), session_id=f"t{i}")
    memory.remember("ines", cand("allergy", "kiwi", "Is allergic to kiwi."), session_id="t9")
    receipt = memory.forget_all("ines")
    assert len(receipt.fact_ids) == 4
    assert set(receipt.session_ids) == {"t0", "t1", "t2", "t9"}
    rows = all_rows(base_store, memory.layout.user("ines"))
    # the on/off setting, and one audit entry of the erase (a time and a count, no fact)
    assert sorted(r.namespace[-1] for r in rows) == ["log", "settings"]
    assert [(e.action, e.fact_id) for e in memory.decision_log("ines")] == [("forgotten", None)]
    assert not any(city in repr(r.value) for r in rows for city in ("Ghent", "Leuven", "kiwi"))
    assert memory.recall("ines", "city allergy").block == ""
    assert memory.profile("ines") == ""


def test_forget_of_another_users_fact_touches_nothing(
    base_store: BaseStore, memory: FactMemory
) -> None:
    d = memory.remember("ines", cand("city", "Ghent", "Lives in Ghent."))
    assert d.fact_id is not None
    receipt = memory.forget("omar", d.fact_id)
    assert receipt.places["current facts"] == 0
    assert memory.profile("ines") == "Location: city: Ghent"


def test_forget_all_also_removes_records_other_layers_keep_under_the_user(
    base_store: BaseStore,
) -> None:
    from langmem_plus import FactMemory

    memory = FactMemory(base_store)
    lay = memory.layout
    base_store.put((*lay.user("carol"), "sessions"), "thread-1", {"topic": "trip to Lisbon"})
    base_store.put((*lay.user("carol"), "working", "thread-1"), "w", {"note": "draft"})
    base_store.put((*lay.user("dave"), "sessions"), "thread-9", {"topic": "untouched"})
    receipt = memory.forget_all("carol")
    assert receipt.places.get("other records") == 2
    left = base_store.search(lay.user("carol"), limit=100)
    assert [(i.namespace[-1], i.value["action"]) for i in left] == [("log", "forgotten")]
    assert not any("Lisbon" in repr(i.value) or "draft" in repr(i.value) for i in left)
    assert len(base_store.search(lay.user("dave"), limit=100)) == 1


def test_forget_all_keeps_the_audit_of_earlier_deletions(
    base_store: BaseStore, memory: FactMemory
) -> None:
    lay = memory.layout
    d = memory.remember("ines", cand("employer", "Brouwerij Dops", "Works at Brouwerij Dops."))
    memory.remember("ines", cand("city", "Aalst", "Lives in Aalst."))
    assert d.fact_id is not None
    memory.forget("ines", d.fact_id)
    before = [e for e in memory.decision_log("ines") if e.action == "forgotten"]
    assert len(before) == 1

    memory.forget_all("ines")

    log = memory.decision_log("ines")
    assert [e.action for e in log] == ["forgotten", "forgotten"]
    assert log[0] == before[0]  # the earlier erasure is still on record
    assert all(e.fact_id is None for e in log)
    rows = all_rows(base_store, lay.user("ines"))
    assert not any(v in repr(r.value) for r in rows for v in ("Dops", "Aalst", d.fact_id))
    assert memory.profile("ines") == "" and memory.list("ines") == []


def test_forget_of_an_unknown_id_says_nothing_was_deleted(
    base_store: BaseStore, memory: FactMemory
) -> None:
    memory.remember("ines", cand("city", "Aalst", "Lives in Aalst."))
    log_before = memory.decision_log("ines")

    receipt = memory.forget("ines", "no-such-fact")

    assert receipt.fact_ids == ()
    assert "Deleted 1" not in receipt.describe()
    assert "0 facts deleted" in receipt.describe()
    assert memory.decision_log("ines") == log_before  # no audit entry for a deletion that was not
    assert memory.profile("ines") == "Location: city: Aalst"


def test_a_do_not_store_topic_rejects_later_statements_and_survives_forget_all(
    base_store: BaseStore, memory: FactMemory
) -> None:
    from datetime import datetime, timezone

    from langmem_plus.facts import do_not_store

    ns = memory.layout.settings("ines")
    at = datetime(2026, 5, 1, tzinfo=timezone.utc)
    value = do_not_store.add_topic(None, "where I live", ["city", "country"], at)
    value = do_not_store.add_topic(value, "my kiwi allergy", [], at)
    base_store.put(ns, do_not_store.KEY, value, index=False)

    city = memory.remember("ines", cand("city", "Tartu", "The user lives in Tartu."))
    kiwi = memory.remember("ines", cand("allergy", "kiwi", "The user is allergic to kiwi."))
    latex = memory.remember("ines", cand("allergy", "latex", "The user is allergic to latex."))
    assert (city.action, city.code) == ("rejected", "not_wanted")
    assert city.reason.startswith("the user asked not to keep")
    assert (kiwi.action, latex.action) == ("rejected", "new")  # only that allergy is blocked
    assert not _text_anywhere(base_store, memory, "Tartu")

    memory.forget_all("ines")  # the list is a setting: a wipe does not lift it
    again = memory.remember("ines", cand("city", "Tartu", "The user lives in Tartu."))
    assert again.code == "not_wanted"
    base_store.put(ns, do_not_store.KEY, do_not_store.remove_topic(value, "where I live"))
    allowed = memory.remember("ines", cand("city", "Tartu", "The user lives in Tartu."))
    assert allowed.action == "new"
