"""The house of the whole project (issue 42), read off the source (nothing is imported):

- no import circle anywhere in `rules/`, `renderers/` and `bot/`, type-only imports included;
- the rooms import one way: `rules/` nothing else of the project, `renderers/` only `rules/`, and
  `bot/`'s rooms only the rooms under them, in the order `bot/__init__.py` draws (a room's modules
  may import each other, without a circle);
- no room of `bot/` holds more than 12 modules of its own, so each can be read as one thing;
- a family's ideas stay in its plug-in: no module of `bot/` outside `bot/plugins/<family>/` imports
  that family's rules, and only the rooms above the plug-ins (`app`, `cli`) find them.
"""

from __future__ import annotations

from collections.abc import Mapping

from tests.house import circles, imports_of, sources

BOT_ROOMS: tuple[str, ...] = ("bot.cli", "bot.app", "bot.plugins", "bot.cogs", "bot.waits", "bot.ui",
                              "bot.service", "bot.settings", "bot.storage")
"""`bot/`'s rooms from the top down: each may import only the rooms after it (and `rules`, `renderers`)."""
FAMILY_PLUGINS = "bot.plugins."
MOST_MODULES = 12


def room_of(module: str) -> str:
    """The room of a module: `bot`'s sub-package it lies in, or its top package (`rules`, `renderers`)."""
    if module.startswith("bot."):
        for room in BOT_ROOMS:
            if module == room or module.startswith(room + "."):
                return room
    return module.split(".")[0]


def house_faults(found: Mapping[str, str]) -> list[str]:
    """Every breach of the house in `found` (dotted name -> source), one sentence each."""
    faults: list[str] = []
    edges: dict[str, set[str]] = {}
    for name, source in sorted(found.items()):
        modules, _ = imports_of(name, source, found)
        edges[name] = modules
        here = room_of(name)
        for imported in sorted(modules):
            there = room_of(imported)
            if here == there or (here in BOT_ROOMS and name == here):  # a room's `__init__` may name its own
                continue
            if here == "rules" or (here == "renderers" and there != "rules"):
                faults.append(f"{name} ({here}) imports {imported}: {here}/ may not import {there}")
            elif here in BOT_ROOMS and there in BOT_ROOMS and BOT_ROOMS.index(there) <= BOT_ROOMS.index(here):
                faults.append(f"{name} ({here}) imports {imported} ({there}), a room above it")
            elif here in BOT_ROOMS and here != "bot" and imported == "bot":
                faults.append(f"{name} imports the package bot itself")
        for imported in sorted(modules):
            family = imported.split(".")[1] if imported.startswith("rules.") and imported.count(".") >= 1 else None
            if family is None or not name.startswith("bot.") or family in ("core", "registry"):
                continue
            if not name.startswith(f"{FAMILY_PLUGINS}{family}"):
                faults.append(f"{name} imports the game family {imported} (a family's ideas live in its plug-in)")
    faults += [f"import circle: {' <-> '.join(group)}" for group in circles(edges)]
    return faults


def rooms_too_big(found: Mapping[str, str]) -> list[str]:
    """The packages of `bot/` with more than `MOST_MODULES` modules of their own."""
    packages = {name for name in found if name.split(".")[0] == "bot"
                and any(other.startswith(name + ".") for other in found)}
    sizes = {p: sum(1 for n in found if n.rpartition(".")[0] == p and n not in packages) for p in packages}
    return [f"{p} holds {n} modules" for p, n in sorted(sizes.items()) if n > MOST_MODULES]


def test_the_project_keeps_its_house() -> None:
    found = sources("rules", "renderers", "bot")
    faults = house_faults(found)
    assert not faults, "the house is broken:\n" + "\n".join(faults)
    assert not rooms_too_big(found)
    assert {room_of(n) for n in found if n.startswith("bot.")} == {*BOT_ROOMS}  # every module is in a room


def test_the_house_catches_each_breach() -> None:
    house = {
        "bot": "", "bot.ui": "", "bot.ui.board": "from bot.service.table import TableService\n",
        "bot.service": "", "bot.service.table": "from bot.storage.store import Store\nimport rules.core.engine\n",
        "bot.storage": "", "bot.storage.store": "", "bot.plugins": "",
        "bot.plugins.orclympics": "from rules.orclympics.campaign import Campaign\n",
        "rules": "", "rules.core": "", "rules.core.engine": "", "rules.orclympics": "",
        "rules.orclympics.campaign": "from rules.core.engine import Game\n",
        "renderers": "", "renderers.common": "from rules.core.engine import Game\n",
    }
    assert house_faults(house) == []
    up = {**house, "bot.storage.store": "from bot.ui.board import x\n"}
    assert house_faults(up) == ["bot.storage.store (bot.storage) imports bot.ui.board (bot.ui), a room above it",
                                "import circle: bot.service.table <-> bot.storage.store <-> bot.ui.board"]
    typed = {**house, "bot.service.table": "if TYPE_CHECKING:\n    from bot.ui import board\n"}
    assert house_faults(typed)[0] == "bot.service.table (bot.service) imports bot.ui.board (bot.ui), a room above it"
    family = {**house, "bot.ui.board": "from rules.orclympics.campaign import Campaign\n"}
    assert house_faults(family) == ["bot.ui.board imports the game family rules.orclympics.campaign (a family's "
                                    "ideas live in its plug-in)"]
    drawn = {**house, "renderers.common": "from bot.service.table import TableService\n"}
    assert house_faults(drawn) == ["renderers.common (renderers) imports bot.service.table: renderers/ may not "
                                   "import bot.service"]
    crowded = {**house, **{f"bot.ui.m{n}": "" for n in range(MOST_MODULES)}}
    assert rooms_too_big(crowded) == [f"bot.ui holds {MOST_MODULES + 1} modules"]
