"""The house rules of `rules/` (issue 42), read off the source with `ast` (nothing is imported):

- no module imports another module's private names (`from x import _helper`): a helper two modules
  need is made public where it belongs;
- no engine imports a computer player: a game's `standing` and tactics live in its `computer.py` and
  are found through its `TACTICS` (`rules.core.tactics`), so no module of a game's package but its
  `computer` imports it, and no `engine` module imports any `computer`;
- no import circle between the modules of `rules/`, counting every import statement wherever it
  stands: in a function, or under `if TYPE_CHECKING:` (a circle hidden there is still a circle).
  A package's `__init__` run before its submodules is not counted as an import by them (every
  game's `__init__` imports its engine, so that would make every package a circle).

Parsing all of `rules/` takes half a second on a slow core, so only the import statements are
parsed (each line that starts one, with its bracketed continuation); a file where one of them does
not parse alone (a backslash continuation) is parsed whole. A line of prose that reads as an
import would count too: none does.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules"


def rules_sources() -> dict[str, str]:
    """Every module under `rules/` by its dotted name (a package by its own name), with its source."""
    found: dict[str, str] = {}
    for path in sorted(RULES.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path.read_text(encoding="utf-8")
    return found


IMPORT_LINE = re.compile(r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import\b|import[ \t]+[\w.])", re.M)


def import_nodes(name: str, source: str) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of `source`, wherever it stands (module level, in a function, under
    `if TYPE_CHECKING:`)."""
    statements: list[ast.stmt] = []
    for found in IMPORT_LINE.finditer(source):
        end = source.find("\n", found.start())
        text = source[found.start():end if end != -1 else None]
        if "(" in text and ")" not in text:
            text = source[found.start():source.find(")", found.start()) + 1]
        try:
            tree = ast.parse(textwrap.dedent(text), filename=name)
            statements += ast.increment_lineno(tree, source.count("\n", 0, found.start())).body
        except SyntaxError:
            statements = list(ast.walk(ast.parse(source, filename=name)))  # type: ignore[arg-type]
            break
    return [s for s in statements if isinstance(s, (ast.Import, ast.ImportFrom))]


def _is_package(name: str, sources: Mapping[str, str]) -> bool:
    return any(other.startswith(name + ".") for other in sources)


def _owner(name: str, sources: Mapping[str, str]) -> str | None:
    """The module of `sources` that `name` is, or lies in (an attribute of it); None when outside."""
    while name and name not in sources:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, source: str, sources: Mapping[str, str]) -> tuple[set[str], list[str]]:
    """The modules of `sources` that module `name` imports (anywhere in it), and the private names it
    imports from other modules (as `module.name`, wherever they come from)."""
    package = name if _is_package(name, sources) else name.rpartition(".")[0]
    modules: set[str] = set()
    private: list[str] = []
    for node in import_nodes(name, source):
        if isinstance(node, ast.Import):
            for alias in node.names:
                owner = _owner(alias.name, sources)
                if owner is not None:
                    modules.add(owner)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            for alias in node.names:
                full = f"{origin}.{alias.name}"
                owner = full if full in sources else _owner(origin, sources)
                if owner is not None:
                    modules.add(owner)
                hidden = alias.name.startswith("_") and not alias.name.endswith("__")
                if hidden and (owner is None or owner != name):
                    private.append(f"{origin}.{alias.name} (line {node.lineno})")
    modules.discard(name)
    return modules, private


def circles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:  # Tarjan's, without recursion
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(found)


def house_faults(sources: Mapping[str, str]) -> list[str]:
    """Every breach of the house rules in `sources` (dotted name -> source), each naming its modules."""
    faults: list[str] = []
    edges: dict[str, set[str]] = {}
    for name, source in sorted(sources.items()):
        modules, private = imports_of(name, source, sources)
        edges[name] = modules
        faults += [f"{name} imports the private name {each}" for each in private]
        package, _, last = name.rpartition(".")
        for imported in sorted(modules):
            if not imported.endswith(".computer") or last == "computer":
                continue
            if imported == f"{package}.computer" or last == "engine":
                faults.append(f"{name} imports the computer player {imported} (ask its TACTICS instead)")
    faults += [f"import circle: {' <-> '.join(group)}" for group in circles(edges)]
    return faults


def test_rules_keeps_the_house_rules() -> None:
    sources = rules_sources()
    faults = house_faults(sources)
    assert not faults, "rules/ breaks its house rules:\n" + "\n".join(faults)
    assert len(sources) > 100  # the whole tree was read


def test_only_the_import_statements_are_read_and_all_of_them() -> None:
    source = textwrap.dedent('''
        """A module: its prose may say where things come from without importing them."""
        import os, rules.core.dice
        from rules.core.grid import (
            xy,
            ALL_SQUARES,
        )
        if TYPE_CHECKING:
            from rules.core.engine import Game
        def later():
            from rules.core import search as s
        ''')
    read = [ast.unparse(n) for n in import_nodes("m", source)]
    assert read == ["import os, rules.core.dice", "from rules.core.grid import xy, ALL_SQUARES",
                    "from rules.core.engine import Game", "from rules.core import search as s"]
    continued = source + "from rules.core.moves import Move, \\\n    MoveBook\n"
    assert sorted(ast.unparse(n) for n in import_nodes("m", continued)) == sorted(
        [*read, "from rules.core.moves import Move, MoveBook"])  # a backslash: the file is parsed whole


def test_the_house_rules_catch_each_breach() -> None:
    game = {
        "rules.game": "from rules.game.engine import Game\n",
        "rules.game.engine": "from rules.game.models import State\n",
        "rules.game.models": "from __future__ import annotations\n",
        "rules.game.computer": "from rules.game.engine import Game\n",
        "rules.other.engine": "",
    }
    assert house_faults(game) == []
    private = {**game, "rules.game.computer": "from rules.game.engine import Game, _helper\n"}
    assert house_faults(private) == ["rules.game.computer imports the private name rules.game.engine._helper (line 1)"]
    relative = {**game, "rules.game.computer": "from .engine import _helper\n"}
    assert house_faults(relative) == ["rules.game.computer imports the private name rules.game.engine._helper (line 1)"]
    asked = {**game, "rules.game.engine": "def standing(state):\n    from rules.game.computer import standing\n"}
    assert house_faults(asked) == ["rules.game.engine imports the computer player rules.game.computer (ask its TACTICS "
                                   "instead)", "import circle: rules.game.computer <-> rules.game.engine"]
    other = {**game, "rules.other.engine": "import rules.game.computer\n"}
    assert house_faults(other) == ["rules.other.engine imports the computer player rules.game.computer (ask its "
                                   "TACTICS instead)"]
    typed = {**game, "rules.game.models": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                           "    from rules.game import engine\n")}
    assert house_faults(typed) == ["import circle: rules.game.engine <-> rules.game.models"]
