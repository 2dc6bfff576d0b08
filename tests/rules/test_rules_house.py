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

How imports are read is `tests/house.py`.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Mapping

from tests.house import circles, import_nodes, imports_of, sources


def rules_sources() -> dict[str, str]:
    return sources("rules")


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
