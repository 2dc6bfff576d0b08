"""Reading a tree's imports without importing anything (`ast`): what each module imports, wherever
the import stands (in a function, under `if TYPE_CHECKING:`), and the import circles. Used by the
house tests of `rules/` (`tests/rules/test_rules_house.py`) and of the whole project (`tests/test_house.py`).

Parsing a whole tree takes about half a second on a slow core, so only the import statements are
parsed (each line that starts one, with its bracketed continuation); a file where one of them does
not parse alone (a backslash continuation) is parsed whole. A line of prose that reads as an
import would count too: none does. A package's `__init__` run before its submodules is not counted
as an import by them (every game's `__init__` imports its engine, so that would make every package
a circle).
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def sources(*rooms: str) -> dict[str, str]:
    """Every module under the project's `rooms` (`"rules"`, `"bot"`…) by its dotted name (a package
    by its own name), with its source."""
    found: dict[str, str] = {}
    for path in sorted(p for room in rooms for p in (ROOT / room).rglob("*.py")):
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
