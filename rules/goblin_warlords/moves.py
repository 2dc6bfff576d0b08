"""Goblin warlords' moves as players say them (`/gw …`, the buttons and menus, the terminal): declared once.

Territories are named by their number (the d20's, 1-18) or their name (`9`, `black mire`); a path is
several, in order (`9 10`). Chips are named by number or by name (`Orc`, `Orc leader`), looked up among
the chips the naming player can see: his hand, his armies, the battle's units; an army by its number,
its leader or its territory. Moves made in secret (the set-up's trade, the strategy, the discard, the
trading phase's offers and answers) are buttons, menus and forms in private only (`typed=False`): a slash
command's options show in the channel. Their parameters can all be typed, so a choice the menu has no
room for (more than 25 ways to trade or discard, any offer at all) is typed into the private form.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Move, MoveBook, Param, Reading
from rules.core.offers import Buttons, Menu
from rules.goblin_warlords.combat import power
from rules.goblin_warlords.data import BOUGHT_DRAWS, FORTRESS_RATINGS, TERRITORIES, chip, territory
from rules.goblin_warlords.models import SpyEffect, Strategy, Work

STRATEGY_CHOICES: tuple[tuple[str, str], ...] = (
    (Strategy.CHARGE.value, "Mindless Charge"), (Strategy.CAREFUL.value, "Careful Advance (or Defence)"),
    (Strategy.CLEVER.value, "Clever Strategy"), (Strategy.FLEE.value, "Flee (a lone chief)"))
FIGHT_CHOICES = STRATEGY_CHOICES[:3]
ORDERS = "Other orders: caves, claims, raids, spies, building"
"""B3's rarer orders share one menu under the board, beside the moves' and the levies' (Discord's five rows)."""
PLUNDER = "Rampage, or wreck a mine"
SPY_CHOICES: tuple[tuple[str, str], ...] = (
    (SpyEffect.PEEK.value, "Peek at a hand"), (SpyEffect.INCITE.value, "Incite a leader"),
    (SpyEffect.SABOTAGE.value, "Sabotage a mine"))
WORK_CHOICES: tuple[tuple[str, str], ...] = ((Work.FORTRESS.value, "Fortress"), (Work.MINE.value, "Mine"))


DIGITS = re.compile(r"[0-9]{1,3}")
"""A chip, army or territory number as typed: plain digits, a few of them (no other script's digits)."""


def place(number: int) -> str:
    """'Black Mire (9)'."""
    return f"{territory(number).name} ({number})"


def read_territory(text: str, reading: Reading | None = None) -> int:
    """A territory by its number or its name (any case; a unique beginning is enough)."""
    words = text.strip().casefold().replace("_", " ")
    if DIGITS.fullmatch(words) and any(t.number == int(words) for t in TERRITORIES):
        return int(words)
    found = [t.number for t in TERRITORIES if t.name.casefold() == words] or \
        [t.number for t in TERRITORIES if words and t.name.casefold().startswith(words)]
    if len(found) != 1:
        raise RuleViolation(f"'{text.strip()}' is not a territory: give its number (1-18) or its name.")
    return found[0]


def read_path(text: str, reading: Reading | None = None) -> list[int]:
    """Territories in order: '9', '9 10', 'black mire, rust hills'."""
    parts = [p for p in re.split(r"[,;→>]+|\s+(?=\d)|(?<=\d)\s+", text.strip()) if p.strip()]
    if not parts:
        raise RuleViolation("Give the territories to move through, in order, like 9 10.")
    return [read_territory(p) for p in parts]


def _visible_chips(reading: Reading) -> list[int]:
    """The chips the naming player can see and may name: his hand, the armies on the map, the fight's."""
    view = reading.view
    seen: list[int] = []
    for warlord in getattr(view, "warlords", None) or []:
        seen += list(warlord.hand or []) + list(warlord.captives or [])
    for army in getattr(view, "armies", None) or []:
        seen += ([army.leader] if army.leader is not None else []) + list(army.units)
    return seen


def read_units(text: str, reading: Reading) -> list[int]:
    """Chips by number or name, separated by commas ('24, 25', 'Orc, Troll', 'none'): each name takes the
    first chip of that name not yet taken among those the player can see."""
    words = text.strip()
    if words.casefold() in ("", "none", "nothing", "-"):
        return []
    pool = _visible_chips(reading)
    picked: list[int] = []
    for part in (p.strip() for p in re.split(r"[,;+]+", words) if p.strip()):
        if DIGITS.fullmatch(part):
            picked.append(int(part))
            continue
        folded = part.casefold()
        free = [c for c in pool if c not in picked]
        found = [c for c in free if folded in (chip(c).name.casefold(), chip(c).name.split(" (")[0].casefold())] \
            or [c for c in free if chip(c).name.casefold().startswith(folded)]
        if not found:
            raise RuleViolation(f"'{part}' names no chip you can see: give its number or its name, like Orc.")
        picked.append(found[0])
    return picked


def show_units(units: Any, reading: Reading) -> str:
    return ", ".join(chip(c).name for c in units) or "none"


def spell_units(units: Any, reading: Reading) -> str:
    return ",".join(str(c) for c in units) or "none"


def read_hits(text: str, reading: Reading) -> dict[int, int]:
    """Damage by chip: '24=2, 25=1' or 'Orc=2, Orc leader=1'."""
    hits: dict[int, int] = {}
    for part in (p.strip() for p in re.split(r"[,;]+", text) if p.strip()):
        found = re.fullmatch(r"(.+?)\s*[=:]\s*([0-9]+)", part)
        if found is None:
            raise RuleViolation(f"'{part}' is not a hit: give a chip and its damage, like Orc=2.")
        unit = _one(read_units(found.group(1), reading))
        if len(found.group(2)) > 3:
            raise RuleViolation(f"'{part}': no unit takes that much damage.")
        while unit in hits:  # a second 'Orc' names the next orc
            more = [c for c in _visible_chips(reading) if c not in hits and chip(c).name == chip(unit).name]
            if not more:
                raise RuleViolation(f"'{part}': no other {chip(unit).name} to strike.")
            unit = more[0]
        hits[unit] = int(found.group(2))
    return hits


def show_hits(hits: Any, reading: Reading) -> str:
    return ", ".join(f"{chip(c).name} {d}" for c, d in sorted(hits.items())) or "as the rules spread it"


def spell_hits(hits: Any, reading: Reading) -> str:
    return ",".join(f"{c}={d}" for c, d in sorted(hits.items()))


def _army(reading: Reading, army_id: Any) -> Any:
    return next((a for a in getattr(reading.view, "armies", None) or [] if a.id == army_id), None)


def battle_brief(view: Any, reading: Reading) -> str | None:
    """What a side choosing its strategy needs to know, from the table's view (L94-99): who stands in the
    battle's territory with what power and leader, and the defender's fortress. None when no battle
    waits (another secret question: the discard, a trade)."""
    battles = getattr(view, "battles", None)
    if not battles or getattr(view, "fight", None) is not None:
        return None
    here = battles[0].territory
    sides: dict[str | None, list[Any]] = {}
    for army in view.armies:
        if army.territory == here and not army.lost:
            sides.setdefault(army.owner, []).append(army)
    said = []
    for owner, armies in sides.items():
        chips = [c for a in armies for c in ([a.leader] if a.leader is not None else []) + list(a.units)]
        leaders = [chip(a.leader).name.split(" (")[0] + f" (authority {chip(a.leader).authority})" for a in armies
                   if a.leader is not None]
        who = reading.names.get(owner, owner) if owner is not None else "the rebels"
        said.append(f"{who}: power {power(chips)}" + (f", led by {', '.join(leaders)}" if leaders else ", no leader"))
    castle = next((f for f in view.fortresses if f.territory == here), None)
    if castle is not None and castle.owner is not None:
        said.append(f"{reading.names.get(castle.owner, castle.owner)}'s fortress, rating {castle.rating}")
    return f"In {place(here)}: " + "; ".join(said) + "." if said else None


def army_words(army_id: Any, reading: Reading) -> str:
    """An army as players know it: its leader (or its units) and where it stands."""
    army = _army(reading, army_id)
    if army is None:
        return f"army {army_id}"
    head = chip(army.leader).name.split(" (")[0] if army.leader is not None else show_units(army.units, reading)
    return f"{head} in {place(army.territory)}"


def read_army(text: str, reading: Reading) -> int:
    """An army by its number, its leader's name or its territory (when only one army the player may
    mean stands there)."""
    words = text.strip()
    armies = list(getattr(reading.view, "armies", None) or [])
    if DIGITS.fullmatch(words) and any(a.id == int(words) for a in armies):
        return int(words)
    folded = words.casefold()
    led = [a.id for a in armies if a.leader is not None and chip(a.leader).name.casefold().startswith(folded)]
    if len(led) == 1:
        return led[0]
    try:
        number = read_territory(words)
    except RuleViolation:
        number = None
    mine = reading.view.viewer if hasattr(reading.view, "viewer") else None
    there = [a.id for a in armies if a.territory == number and (a.owner == mine or mine is None)] or \
        [a.id for a in armies if a.territory == number]
    if len(there) == 1:
        return there[0]
    raise RuleViolation(f"'{words}' names no single army: give the army's number, its leader or its territory.")


def _territory(name: str, help: str, *, required: bool = True, field: str | None = None) -> Param:
    return Param(name, Kind.TEXT, help, field=field, required=required, read=read_territory,
                 show=lambda n, r: place(n) if n is not None else "stay", spell=lambda n, r: str(n), example="9")


def _army_param(help: str = "The army (its number, leader or territory)") -> Param:
    return Param("army", Kind.PIECE, help, read=read_army, show=army_words, example="Black Mire")


def _units(name: str, help: str, *, required: bool = True) -> Param:
    return Param(name, Kind.TEXT, help, required=required, read=read_units, show=show_units, spell=spell_units,
                 example="Orc, Goblin")


def _leader(help: str = "The leader (his chip's number or name)") -> Param:
    return Param("leader", Kind.TEXT, help, read=lambda t, r: _one(read_units(t, r)), show=lambda c, r: chip(c).name,
                 spell=lambda c, r: str(c), example="Orc leader")


def _one(units: Sequence[int]) -> int:
    if len(units) != 1:
        raise RuleViolation("Name one chip.")
    return units[0]


def _say_move(action: Any, reading: Reading) -> str:
    route = " → ".join(place(n) for n in action.path)
    left = f", leaving {show_units(action.leave, reading)}" if action.leave else ""
    return f"{army_words(action.army, reading)} → {route}{left}"


def _say_levy(action: Any, reading: Reading) -> str:
    name = chip(action.leader).name.split(" (")[0]
    return f"{name} levies {show_units(action.units, reading)}" if action.units else f"Levy the {name}"


def _say_trade(action: Any, reading: Reading) -> str:
    return f"Trade {show_units(action.units, reading)} for gold" if action.units else "Keep every unit"


def _say_spy(action: Any, reading: Reading) -> str:
    if action.effect == SpyEffect.PEEK:
        return f"Spy: peek at {reading.name(action.player)}'s hand"
    if action.effect == SpyEffect.INCITE:
        return f"Spy: incite {army_words(action.army, reading)}"
    return f"Spy: sabotage the mine in {place(action.territory)}"


def _say_build(action: Any, reading: Reading) -> str:
    name = chip(action.leader).name.split(" (")[0]
    if action.work == Work.FORTRESS:
        return f"{name} builds a fortress of rating {action.rating} ({action.rating} gold)"
    return f"{name} digs a mine"


def _say_caravan(action: Any, reading: Reading) -> str:
    caravan = next((c for c in getattr(reading.view, "caravans", None) or [] if c.id == action.caravan), None)
    what = f"the {caravan.kind.title} caravan" if caravan is not None else "the caravan"
    return f"{army_words(action.army, reading)} attacks {what}: {Strategy(action.strategy).title()}"


def _say_offer(action: Any, reading: Reading) -> str:
    give = [*([show_units(action.give, reading)] if action.give else []),
            *([f"{action.give_gold} gold"] if action.give_gold else [])]
    take = [*([show_units(action.take, reading)] if action.take else []),
            *([f"{action.take_gold} gold"] if action.take_gold else [])]
    return f"To {reading.name(action.partner)}: {' and '.join(give) or 'nothing'} for {' and '.join(take) or 'nothing'}"


def _say_assign(action: Any, reading: Reading) -> str:
    if not action.hits:
        return "Spread it for me"
    saved = f"; {chip(action.survivor).name.split(' (')[0]} rolls to survive" if action.survivor is not None else ""
    return show_hits(action.hits, reading) + saved


def _count(name: str, help: str, bounds: tuple[int, int], *, required: bool = True) -> Param:
    return Param(name, Kind.COUNT, help, required=required, bounds=(float(bounds[0]), float(bounds[1])), example="1")


MOVES = MoveBook("gw", help="Goblin Warlords: march, levy, fight, rampage and trade.", moves=[
    Move("bosses", "bosses", "Bosses", "Start with one boss or two.", (_count("count", "1 or 2", (1, 2)),),
         say=lambda a, r: f"Start with {a.count} boss{'es' if a.count > 1 else ''}", offer=Buttons(emoji="👑"),
         quiet=True),
    Move("trade-for-gold", "trade-for-gold", "Trade for gold", "Set-up: give units back for gold.",
         (_units("units", "Units to give back (none keeps them)", required=False),), say=_say_trade,
         offer=Menu(emoji="🪙"), typed=False, quiet=True),
    Move("redraw", "redraw", "Redraw", "No leader: show your hand and draw six anew.", offer=Buttons(emoji="🔄")),
    Move("keep-hand", "keep-hand", "Keep hand", "Keep your hand.", offer=Buttons(emoji="✋"), quiet=True),
    Move("reinforce", "buy", "Buy", "Buy up to two more units at 2 gold each.",
         (_count("bought", "How many", (0, BOUGHT_DRAWS)),), say=lambda a, r: f"Buy {a.bought}",
         offer=Buttons(emoji="🛒"), quiet=True),
    Move("move", "move", "Move", "Move an army (a lone leader two areas).",
         (_army_param(), Param("path", Kind.TEXT, "Territories in order", read=read_path,
                               show=lambda p, r: " → ".join(place(n) for n in p),
                               spell=lambda p, r: " ".join(str(n) for n in p), example="9 10"),
          _units("leave", "Units left behind", required=False)),
         say=_say_move, offer=Menu(emoji="🥾", style="primary")),
    Move("underground", "underground", "Underground", "Go into the caves (a d20 says where).", (_army_param(),),
         say=lambda a, r: f"{army_words(a.army, r)} goes underground", offer=Menu(emoji="🕳️", shared=ORDERS)),
    Move("levy", "levy", "Levy", "A leader levies units from your hand.",
         (_leader(), _units("units", "Units from your hand", required=False)), say=_say_levy, offer=Menu(emoji="📯")),
    Move("claim", "claim", "Claim", "A leader claims leaderless units where he stands.",
         (_leader(), _army_param("The leaderless units (number or territory)")),
         say=lambda a, r: f"{chip(a.leader).name.split(' (')[0]} claims {army_words(a.army, r)}",
         offer=Menu(emoji="🤝", shared=ORDERS)),
    Move("attack-caravan", "raid", "Raid a caravan", "An army attacks a caravan where it stands.",
         (_army_param(), Param("caravan", Kind.COUNT, "The caravan's number", example="3"),
          Param("strategy", Kind.CHOICE, "Your strategy", choices=FIGHT_CHOICES)),
         say=_say_caravan, offer=Menu(emoji="🐫", style="danger", shared=ORDERS)),
    Move("spy", "spy", "Spy", "Send a spy from your hand.",
         (Param("spy", Kind.TEXT, "The spy chip (number or Spy)", read=lambda t, r: _one(read_units(t, r)),
                show=lambda c, r: chip(c).name, spell=lambda c, r: str(c), example="Spy"),
          Param("effect", Kind.CHOICE, "What it does", choices=SPY_CHOICES),
          Param("player", Kind.PLAYER, "Whose hand", required=False),
          Param("army", Kind.PIECE, "Whose leader", required=False, read=read_army, show=army_words),
          _territory("mine", "The mine", required=False, field="territory")),
         say=_say_spy, offer=Menu(emoji="🕵️", shared=ORDERS)),
    Move("build", "build", "Build", "A leader builds a fortress or a mine.",
         (_leader(), Param("work", Kind.CHOICE, "What", choices=WORK_CHOICES),
          _count("rating", "Fortress rating", (0, FORTRESS_RATINGS[-1]), required=False)),
         say=_say_build, offer=Menu(emoji="🏰", shared=ORDERS)),
    Move("end-turn", "end-turn", "End turn", "Done: the battles are fought.", offer=Buttons(emoji="⏹️"),
         quiet=True),
    Move("allow-passage", "pass", "Passage", "Let the leader through, or bar the way.",
         (Param("allow", Kind.FLAG, "Let him through"),),
         say=lambda a, r: "Let him pass" if a.allow else "Bar the way", offer=Buttons(emoji="🚧")),
    Move("attack-passer", "catch", "Catch", "Attack the caught leader, or let him go.",
         (Param("attack", Kind.FLAG, "Attack him"),),
         say=lambda a, r: "Attack him" if a.attack else "Let him go", offer=Buttons(emoji="🪤")),
    Move("reroll-underground", "reroll", "Reroll", "Roll the caves' d20 again, or stay.",
         (Param("reroll", Kind.FLAG, "Roll again"),),
         say=lambda a, r: "Roll again" if a.reroll else "Stay here", offer=Buttons(emoji="🎲"), quiet=True),
    Move("strategy", "strategy", "Strategy", "Your battle strategy, in secret.",
         (Param("strategy", Kind.CHOICE, "The strategy", choices=STRATEGY_CHOICES),),
         say=lambda a, r: dict(STRATEGY_CHOICES)[Strategy(a.strategy).value], offer=Buttons(emoji="⚔️"),
         typed=False, brief=battle_brief),
    Move("assign", "assign", "Take the damage", "Spread your damage; name the survivor.",
         (Param("hits", Kind.TEXT, "Chip=damage, like Orc=2", required=False, read=read_hits, show=show_hits,
                spell=spell_hits, example="Orc=2, Troll=1"),
          Param("survivor", Kind.TEXT, "The chip that rolls to survive", required=False,
                read=lambda t, r: _one(read_units(t, r)), show=lambda c, r: chip(c).name, spell=lambda c, r: str(c))),
         say=_say_assign, offer=Menu(emoji="🩸"), quiet=True),
    Move("retreat", "retreat", "Retreat", "Where your beaten side retreats.",
         (_territory("to", "A free neighbour", required=False),),
         say=lambda a, r: f"Retreat to {place(a.to)}" if a.to is not None else "Retreat where it is best",
         offer=Menu(emoji="🏃"), quiet=True),
    Move("extra-move", "move-on", "Move on", "After the retreat: one more area, or stay.",
         (_territory("to", "A neighbour", required=False),),
         say=lambda a, r: f"Move on to {place(a.to)}" if a.to is not None else "Stay",
         offer=Menu(emoji="👣"), quiet=True),
    Move("rampage", "rampage", "Rampage", "Plunder the outlands for gold.", (_army_param(),),
         say=lambda a, r: f"{army_words(a.army, r)} rampages",
         offer=Menu(emoji="🔥", style="danger", shared=PLUNDER)),
    Move("destroy-mine", "wreck", "Wreck a mine", "Your troops destroy the mine instead of mining.",
         (_territory("mine", "The mine", field="territory"),),
         say=lambda a, r: f"Wreck the mine in {place(a.territory)}", offer=Menu(emoji="⛏️", shared=PLUNDER)),
    Move("end-rampage", "end-rampage", "Done", "Done rampaging: the mines produce.",
         offer=Buttons(emoji="⏹️"), quiet=True),
    Move("discard", "discard", "Discard", "Discard down to ten units.", (_units("units", "Units to discard"),),
         say=lambda a, r: f"Discard {show_units(a.units, r)}", offer=Menu(emoji="🗑️"), typed=False,
         quiet=True),
    Move("offer-trade", "offer", "Offer", "Offer a trade.",
         (Param("partner", Kind.PLAYER, "To whom", read=lambda t, r: r.player(t)),
          _units("give", "Units you give", required=False),
          _count("give_gold", "Gold you give", (0, 99), required=False),
          _units("take", "Units you ask for", required=False),
          _count("take_gold", "Gold you ask for", (0, 99), required=False)),
         say=_say_offer, offer=Menu(emoji="💱"), typed=False),
    Move("accept-trade", "accept", "Answer", "Take the offer, or not.", (Param("accept", Kind.FLAG, "Take it"),),
         say=lambda a, r: "Accept" if a.accept else "Turn it down", offer=Buttons(emoji="🤝"), typed=False),
    Move("end-trading", "end-trading", "Done trading", "Done trading.", offer=Buttons(emoji="⏹️"),
         quiet=True, typed=False),
])

__all__ = ["FIGHT_CHOICES", "MOVES", "battle_brief", "SPY_CHOICES", "STRATEGY_CHOICES", "WORK_CHOICES", "army_words", "place",
           "read_army", "read_hits", "read_path", "read_territory", "read_units"]
