"""``FactMemory.run`` / ``arun``: the one public way to execute a plan of ``memory.plans``
(issue 15). The graph nodes, the web view and the CLI use it, never the private driver."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterable
from pathlib import Path

import pytest
from langgraph.store.base import Op, Result
from langgraph.store.memory import InMemoryStore

import langmem_plus
from langmem_plus import CandidateFact, FactMemory, ResilientStore, StoreUnavailableError


def city(name: str) -> CandidateFact:
    return CandidateFact(
        kind="fact", subject="user", predicate="city", object=name, text=f"Lives in {name}."
    )


class SwitchableStore(InMemoryStore):
    """A real InMemoryStore that raises ConnectionError while ``down`` is set."""

    down = False

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        if self.down:
            raise ConnectionError("store is down")
        return super().batch(ops)


def test_run_executes_a_read_plan_and_returns_its_typed_answer() -> None:
    memory = FactMemory(InMemoryStore())
    memory.remember("alice", city("Oslo"))
    memory.remember("alice", city("Bergen"))
    versions = memory.run(memory.plans.all_versions("alice"))
    assert [f.object for f in versions] == ["Oslo", "Bergen"]
    assert versions[-1].is_current and not versions[0].is_current


async def test_arun_executes_the_same_plan_asynchronously() -> None:
    memory = FactMemory(InMemoryStore())
    await memory.aremember("bob", city("Lyon"))
    recall = await memory.arun(memory.plans.recall("bob", "where do I live?", None))
    assert [k.fact.object for k in recall.kept] == ["Lyon"]
    assert await memory.arun(memory.plans.profile("bob")) == memory.profile("bob")


def test_a_write_plan_run_for_its_user_is_refused_when_its_reads_were_degraded() -> None:
    inner = SwitchableStore()
    with ResilientStore(inner, read_timeout=0.2, recovery_time=0.01) as store:
        memory = FactMemory(store)
        memory.remember("carol", city("Rome"))
        inner.down = True
        plan = memory.plans.remember("carol", city("Milan"), None)
        with pytest.raises(StoreUnavailableError, match="nothing was written"):
            memory.run(plan, user_id="carol")
        inner.down = False
        assert [f.object for f in memory.as_of("carol", memory.clock())] == ["Rome"]


def test_no_module_outside_the_memory_reaches_into_its_private_members() -> None:
    """Every private member of ``FactMemory`` (methods and instance attributes) is used by
    ``FactMemory`` alone: the rest of the package goes through ``run``/``plans``."""
    memory = FactMemory(InMemoryStore())
    private = {n for n in [*vars(FactMemory), *vars(memory)] if n.startswith("_")}
    private -= {n for n in private if n.startswith("__")}
    assert private, "FactMemory has no private members to guard"
    root = Path(langmem_plus.__file__).parent
    home = Path(inspect.getfile(FactMemory))
    offenders = []
    for path in root.rglob("*.py"):
        if path == home:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in private
                and not (isinstance(node.value, ast.Name) and node.value.id == "self")
            ):
                offenders.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
    assert offenders == []
