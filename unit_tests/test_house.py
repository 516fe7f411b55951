"""The house of docs/ARCHITECTURE.md holds (issue 15): the rooms stand in layers, and no
two modules import each other.

A loop makes import order matter (a half-initialised module is seen) and makes the rooms
impossible to read apart. Imports under ``TYPE_CHECKING`` and inside functions count too:
they are the same dependency, only deferred.
"""

from __future__ import annotations

import ast
from pathlib import Path

import langmem_plus

ROOT = Path(langmem_plus.__file__).parent


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts).removesuffix(".__init__")


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports (``from pkg import mod`` names ``mod``;
    the package itself only when a name is taken from its ``__init__``)."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            subs = {f"{base}.{a.name}" for a in node.names} & modules
            found |= subs
            if len(subs) < len(node.names):
                found.add(base)
    return (found & modules) - {name}


def _loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                loops.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return loops


def test_no_two_modules_of_the_package_import_each_other() -> None:
    paths = list(ROOT.rglob("*.py"))
    modules = {_module(p) for p in paths}
    graph = {_module(p): _imports(p, modules) for p in paths}
    graph["langmem_plus"] = set()  # the root only re-exports, lazily (PEP 562)
    assert graph["langmem_plus.nodes.core"] >= {"langmem_plus.facts.memory"}  # the reader works
    assert _loops(graph) == []


LAYERS = [
    ["cli"],
    ["web", "migrate", "tools", "middleware"],
    ["nodes"],
    ["extraction"],
    ["facts"],
    ["resilience"],
    ["stores"],
    ["errors", "ids"],
]
"""docs/ARCHITECTURE.md's layers, top first: a room imports only itself and lower layers."""


def _layer(module: str) -> int:
    room = module.split(".")[1]
    for depth, rooms in enumerate(LAYERS):
        if room in rooms:
            return depth
    raise AssertionError(f"{module}: room {room!r} is on no layer of docs/ARCHITECTURE.md")


def test_every_room_imports_only_its_own_room_and_lower_layers() -> None:
    paths = [p for p in ROOT.rglob("*.py") if p.parent != ROOT or p.name != "__init__.py"]
    modules = {_module(p) for p in ROOT.rglob("*.py")}
    upward = []
    for path in paths:
        name = _module(path)
        for used in sorted(_imports(path, modules) - {"langmem_plus"}):
            same_room = used.split(".")[1] == name.split(".")[1]
            if not same_room and _layer(used) <= _layer(name):
                upward.append(f"{name} -> {used}")
    assert upward == []
