"""OrcQuest's moves as players say them (`/oq …`, the buttons and menus, the terminal): declared once.

The Hero Phase reads as the Discord flow of the house notes (reading e): "Activate Orrus", then the
Active Hero's face-up cards ("Orrus: Stomp (1 AP)"), "Buy AP", "Potion", a turn, "End"; a card in
play offers its moves nearest first ("Move Thalla to f6 (3 MP)"), its doors and its legal targets
("Attack the Peasant on g7 with the Bow"); after a Hero's dice are down, the Boosts and re-rolls or
"Read the dice"; under an Enemy's Attack, Dodge or "Take it". The reactions' defaults and the ends of
a card, an activation or an End of Turn are quiet: what the bot plays for a player who is away.

A move is typed by where it ends (`/oq move path:f6`): the path is filled in from what the table
shows, the least damaging way first, as the rules' own list of moves finds it; a path typed step by
step (`path:e5 f6`) is walked as typed, and squares with gaps between them are joined the same way.
Enemies are named by their square (`attack target:g7`), their number or their name ("Peasant 3").
"""

from __future__ import annotations

import re
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.grid import Square
from rules.core.moves import Kind, Move, MoveBook, Param, Reading, choice
from rules.core.offers import Auto, Buttons, Menu
from rules.orcquest.board import LAYOUTS
from rules.orcquest.data import FARM, ATTACK_FACES, CARDS, DEFENCE_FACES, HERO_ORDER, HEROES, SKILLS, AttackKind, SkillKind
from rules.orcquest.geometry import Figure, Route, Scene, path_route, reachable, sees, step_cost, steps
from rules.orcquest.heroes import mover_of

HERO_CHOICES: tuple[tuple[str, str], ...] = tuple((h, HEROES[h].name) for h in HERO_ORDER)
FACING_CHOICES: tuple[tuple[str, str], ...] = (("N", "North (rank 10)"), ("E", "East (file t)"),
                                                ("S", "South (rank 1)"), ("W", "West (file a)"))
KIND_CHOICES: tuple[tuple[str, str], ...] = tuple((k.value, k.value.capitalize()) for k in AttackKind)
ACTION_SKILLS: tuple[str, ...] = tuple(c for c, s in SKILLS.items() if s.kind is SkillKind.ACTION)
BOOST_SKILLS: tuple[tuple[str, str], ...] = tuple((c, s.name) for c, s in SKILLS.items() if s.kind is SkillKind.BOOST)
EXTRAS = "Buy AP, drink a Potion, or turn…"
"""The Active Hero's rarer choices share one menu under the cards (Discord's five rows)."""
STUFF = "Stuff: throw away or Rekup…"
"""Stuff moves share a menu when the board is short of rows."""
ARROWS = re.compile(r"[\s,;→>_-]+")


# -- what the table shows --------------------------------------------------------------------------------

def _heroes(reading: Reading) -> dict[str, Any]:
    return {h.code: h for h in getattr(reading.view, "heroes", None) or []}


def _hero_name(code: str) -> str:
    return HEROES[code].name if code in HEROES else code


def _acting(reading: Reading) -> Any:
    """The Hero whose card is in play, else the Active Hero, as the table shows them (or None)."""
    view = reading.view
    card = getattr(view, "card", None)
    code = card.hero if card is not None else getattr(view, "active", None)
    return _heroes(reading).get(code) if code else None


def scene_of_view(view: Any) -> Scene | None:
    """The map as a table's view shows it (the same `Scene` the engine builds from its state), so a
    move's cost and path can be worked out from what the players see; None without a view."""
    if view is None or not hasattr(view, "heroes"):
        return None
    return Scene(
        layout=LAYOUTS[getattr(view, "quest", "farm")],
        open_doors=frozenset((*view.open_doors, *view.destroyed_doors)),
        furniture=frozenset(view.furniture),
        heroes={h.square: h.code for h in view.heroes if h.on_board and h.square is not None},
        enemies={e.square: Figure(e.facing, e.menacing) for e in view.enemies},
        dead=frozenset(h.square for h in view.heroes if h.dead and h.square is not None))


# -- paths -----------------------------------------------------------------------------------------------

def _squares(text: str, reading: Reading) -> list[Square]:
    view = reading.view
    grid = LAYOUTS[getattr(view, "quest", "farm")].grid
    parts = [p for p in ARROWS.split(text.strip()) if p]
    if not parts:
        raise RuleViolation("Give the square to move to, like f6 (or the squares on the way, like e5 f6).")
    if len(parts) > 40:
        raise RuleViolation("That path is longer than any card's Movement Points.")
    return [grid.parse_square(p) for p in parts]


def read_path(text: str, reading: Reading) -> list[Square]:
    """The squares a Hero steps on, from what a player types: each square one step from the last is
    walked as typed; a square further off is reached the least damaging way, then the cheapest (as
    the legal moves list it), with the card's Movement Points left."""
    wanted = _squares(text, reading)
    hero, scene = _acting(reading), scene_of_view(reading.view)
    card = getattr(reading.view, "card", None)
    if hero is None or scene is None or card is None or hero.square is None:
        return wanted
    mover, here, left, path = mover_of(hero), hero.square, card.mp, []
    for square in wanted:
        if square in steps(scene, mover, here):
            path.append(square)
            left -= step_cost(scene, here)
        else:
            route = reachable(scene, mover, here, max(left, 0)).get(square)
            if route is None:
                raise RuleViolation(f"{hero.name} cannot reach {square} from {here} with {max(left, 0)} "
                                    "Movement Points.")
            path += route.path
            left -= route.mp
        here = square
    return path


def spell_path(path: Any, reading: Reading) -> str:
    """A path as it is typed back: where it ends, when that alone names this very path (the way the
    rules list it), else every square on the way."""
    try:
        if read_path(path[-1], reading) == list(path):
            return str(path[-1])
    except RuleViolation:
        pass
    return " ".join(path)


def _route(action: Any, reading: Reading) -> Route | None:
    hero, scene = _acting(reading), scene_of_view(reading.view)
    if hero is None or scene is None or hero.square is None:
        return None
    found = path_route(scene, mover_of(hero), hero.square, action.path)
    return found if isinstance(found, Route) else None


def _say_move(action: Any, reading: Reading) -> str:
    hero, route = _acting(reading), _route(action, reading)
    who = f"{hero.name} " if hero is not None else ""
    mp = route.mp if route is not None else len(action.path)
    return f"Move {who}to {action.path[-1]} ({mp} MP)"


def _note_move(action: Any, reading: Reading) -> str | None:
    """What the preview would say: Danger Zone damage on the way, and who would see the Hero there."""
    route, scene = _route(action, reading), scene_of_view(reading.view)
    said = []
    if route is not None and route.damage:
        said.append(f"{route.damage} Danger Zone Damage")
    if scene is not None:
        end = action.path[-1]
        watchers = [e.label for e in getattr(reading.view, "enemies", []) if sees(scene, e.square, e.facing, end)]
        if watchers:
            said.append("seen by " + ", ".join(watchers))
    return " · ".join(said) or None


def offer_paths(legal: Any, reading: Reading, given: Any) -> list[tuple[str, str]]:
    """Autocomplete for `/oq move path:`: every square the card can reach, nearest first, as it is typed
    (where it ends) with what the preview would say (its cost, Danger Zone damage, who would see it)."""
    walks = sorted((a for a in legal if getattr(a, "type", None) == "move"), key=lambda a: _move_order(a, reading))
    offered = []
    for walk in walks:
        note = _note_move(walk, reading)
        offered.append((spell_path(walk.path, reading), _say_move(walk, reading) + (f": {note}" if note else "")))
    return offered


def _move_order(action: Any, reading: Reading) -> tuple[int, int, str]:
    route = _route(action, reading)
    return (route.mp if route else len(action.path), route.damage if route else 0, action.path[-1])


# -- Enemies ---------------------------------------------------------------------------------------------

def _enemies(reading: Reading) -> list[Any]:
    return list(getattr(reading.view, "enemies", None) or [])


def read_enemy(text: str, reading: Reading) -> int:
    """An Enemy by its square (g7), its number (3) or its name (Peasant 3, Peasant_3)."""
    words = text.strip().replace("_", " ").casefold().removeprefix("the ")
    enemies = _enemies(reading)
    for enemy in enemies:
        named = (enemy.square, str(enemy.id), enemy.label.casefold(), f"{enemy.sheet_name} on {enemy.square}".casefold())
        if words in named:
            return int(enemy.id)
    kinds = [e for e in enemies if e.sheet_name.casefold() == words]
    if len(kinds) == 1:
        return int(kinds[0].id)
    raise RuleViolation(f"'{text.strip()[:30]}' names no Enemy on the board: give its square, like g7, or its name.")


def _enemy(enemy_id: Any, reading: Reading) -> Any:
    return next((e for e in _enemies(reading) if e.id == enemy_id), None)


def enemy_words(enemy_id: Any, reading: Reading) -> str:
    enemy = _enemy(enemy_id, reading)
    return f"the {enemy.sheet_name} on {enemy.square}" if enemy is not None else f"Enemy {enemy_id}"


def _spell_enemy(enemy_id: Any, reading: Reading) -> str:
    enemy = _enemy(enemy_id, reading)
    return str(enemy.square) if enemy is not None else str(enemy_id)


def _weapon(hero: Any, kind: Any) -> str | None:
    names = list(dict.fromkeys(CARDS[c].name for c in hero.hands
                               if any(line.kind == kind for line in CARDS[c].attacks)))
    return names[0] if len(names) == 1 else (" or ".join(names) or None)


def _say_attack(action: Any, reading: Reading) -> str:
    target = enemy_words(action.target, reading)
    if action.kind is None:
        return f"Weaken {target}"
    hero = _acting(reading)
    weapon = _weapon(hero, action.kind) if hero is not None else None
    if weapon is None:
        return f"{AttackKind(action.kind).capitalize()} Attack on {target}"
    return f"Attack {target} with the {weapon}"


# -- cards -----------------------------------------------------------------------------------------------

def _read_door(text: str, reading: Reading) -> str:
    """A door by its name as the board says it: 'west', 'the west door', 'door-west'."""
    return "door-" + text.strip().casefold().removeprefix("the ").removeprefix("door-").removesuffix(" door")


def _cost(effect: Any) -> str:
    parts = [f"{effect.ap} AP"] if effect.ap else []
    parts += [f"{effect.bp} BP"] if effect.bp else []
    return ", ".join(parts) or "free"


def _say_skill(action: Any, reading: Reading) -> str:
    skill = SKILLS[action.skill]
    if action.combo:
        return f"{_hero_name(action.hero)}: {skill.name}, Combo {skill.combo} (free)"
    effect = skill.enhanced if action.enhanced and skill.enhanced is not None else skill.main
    return f"{_hero_name(action.hero)}: {skill.name}{' Enhanced' if action.enhanced else ''} ({_cost(effect)})"


def _skill_order(action: Any, reading: Reading) -> tuple[bool, int, bool, bool]:
    """The Active Hero's cards first, in its sheet's order."""
    skill = SKILLS[action.skill]
    return (action.hero != getattr(reading.view, "active", None), HEROES[skill.hero].skills.index(action.skill),
            action.enhanced, action.combo)


def _read_skill(text: str, reading: Reading) -> str:
    return choice(text, tuple((c, SKILLS[c].name) for c in ACTION_SKILLS), "card")


def _read_card(text: str, reading: Reading) -> str:
    return choice(text, tuple((c, card.name) for c, card in CARDS.items()), "Stuff")


def _card_param(help: str) -> Param:
    return Param("card", Kind.TEXT, help, read=_read_card, show=lambda c, r: CARDS[c].name if c in CARDS else str(c),
                 spell=lambda c, r: str(c), example="axe")


def _hero_param(help: str = "The Hero") -> Param:
    return Param("hero", Kind.CHOICE, help, choices=HERO_CHOICES)


def _say_stuff(verb: str) -> Any:
    return lambda a, r: f"{_hero_name(a.hero)} {verb} the {CARDS[a.card].name}"


def _say_rekup(action: Any, reading: Reading) -> str:
    into = " and ".join(CARDS[c].name for c in CARDS[action.card].rekup)
    return f"{_hero_name(action.hero)}: Rekup the {CARDS[action.card].name} into {into}"


def _say_end(action: Any, reading: Reading) -> str:
    hero = _acting(reading)
    if hero is None:
        return "End the activation"
    left = f" ({hero.ap} AP unspent)" if hero.ap else ""
    return f"End {hero.name}'s activation{left}"


def _say_finish(action: Any, reading: Reading) -> str:
    card = getattr(reading.view, "card", None)
    if card is None:
        return "Finish the card"
    left = f" ({card.mp} MP unused)" if card.mp else ""
    return f"Finish {SKILLS[card.skill].name}{left}"


# -- dice ------------------------------------------------------------------------------------------------

def _faces(reading: Reading) -> tuple[list[tuple[Any, int]], Any]:
    """The dice a re-roll would throw again: a Hero's own Attack dice, or its Defence dice under an Enemy's."""
    view = reading.view
    held, strike = getattr(view, "held", None), getattr(view, "strike", None)
    if held is not None:
        return list(held.faces.attack), ATTACK_FACES
    if strike is not None and strike.faces is not None:
        return list(strike.faces.defence), DEFENCE_FACES
    return [], ATTACK_FACES


def read_dice(text: str, reading: Reading) -> list[int]:
    """Dice by their places, counted from 1 as the log shows them: '1 3', '1,3', 'all'."""
    words = text.strip().casefold()
    faces, _ = _faces(reading)
    if words == "all" and faces:
        return list(range(len(faces)))
    if not re.fullmatch(r"[0-9]{1,2}([\s,;+]+[0-9]{1,2})*", words):
        raise RuleViolation("Give the dice to throw again by their places, counted from 1, like 1 3.")
    places = sorted({int(n) - 1 for n in re.findall(r"[0-9]+", words)})
    if places[0] < 0:
        raise RuleViolation("The dice are counted from 1.")
    return places


def _die(place: int, reading: Reading) -> str:
    faces, table = _faces(reading)
    if place >= len(faces):
        return f"die {place + 1}"
    colour, face = faces[place]
    return f"die {place + 1} ({colour} {table[colour][face - 1].name.capitalize()})"


def _say_reroll(action: Any, reading: Reading) -> str:
    return "Re-roll " + ", ".join(_die(n, reading) for n in action.dice)


# -- the book ------------------------------------------------------------------------------------------

MOVES = MoveBook("oq", help="OrcQuest: activate a Hero, play its cards, move, attack, react.", moves=[
    Move("activate", "activate", "Activate", "Choose the next Hero to act (2 AP).",
         (_hero_param("The Hero to activate"),
          Param("entry", Kind.SQUARE, "The Hero Entry square, for a Hero off the board", required=False,
                grid=FARM.grid)),
         say=lambda a, r: f"Activate {_hero_name(a.hero)}" + (f" (enters on {a.entry})" if a.entry else ""),
         offer=Buttons(emoji="⚔️", style="primary")),
    Move("use-skill", "play", "Play a card", "Play a face-up Action card (Main, Enhanced or a free Combo).",
         (Param("card", Kind.CHOICE, "The card", choices=tuple((c, SKILLS[c].name) for c in ACTION_SKILLS),
                read=_read_skill, put=lambda v: {"skill": v, "hero": SKILLS[v].hero}, get=lambda a: a.skill),
          Param("enhanced", Kind.FLAG, "Its Enhanced effect", required=False),
          Param("combo", Kind.FLAG, "Free, as the Combo it is marked with", required=False)),
         say=_say_skill, offer=Auto(emoji="🃏", style="primary"), order=_skill_order),
    Move("move", "move", "Move", "Walk with the card's Movement Points (type where to end).",
         (Param("path", Kind.SQUARES, "Where to end, or the squares on the way", read=read_path,
                show=lambda p, r: " → ".join(p), spell=spell_path, example="f6", offers=offer_paths),),
         say=_say_move, note=_note_move, offer=Menu(emoji="🥾", style="primary"), order=_move_order),
    Move("attack", "attack", "Attack", "The card's Attack on an Enemy in reach.",
         (Param("target", Kind.PIECE, "The Enemy (its square or name)", read=read_enemy, show=enemy_words,
                spell=_spell_enemy, example="g7"),
          Param("kind", Kind.CHOICE, "Melee, Magic or Ranged", required=False, choices=KIND_CHOICES)),
         say=_say_attack, offer=Auto(emoji="🗡️", style="danger")),
    Move("open-door", "door", "Door", "Open or close a door beside the Hero (1 MP).",
         (Param("door", Kind.TEXT, "The door: west, south, north or yard",
                read=_read_door,
                show=lambda d, r: f"the {str(d).removeprefix('door-')} door",
                spell=lambda d, r: str(d).removeprefix("door-"),
                example="west"),),
         say=lambda a, r: f"Open or close the {a.door.removeprefix('door-')} door (1 MP)", offer=Auto(emoji="🚪")),
    Move("leave", "leave", "Leave", "Step out by the Hero Exit (1 MP), carrying the Totem.",
         say=lambda a, r: f"{getattr(_acting(r), 'name', 'The Hero')} leaves by the Hero Exit",
         offer=Buttons(emoji="🏁", style="success")),
    Move("finish", "finish", "Finish", "Finish the card being played, leaving what is left of it.",
         say=_say_finish, offer=Buttons(emoji="✅"), quiet=True),
    Move("buy-ap", "buy-ap", "Buy AP", "Buy an extra Action Point with Badass Points (1, 2, 3… this phase).",
         (_hero_param("The Hero who gets it"),),
         say=lambda a, r: f"Buy AP for {_hero_name(a.hero)} ({getattr(r.view, 'next_ap_price', '?')} BP)",
         offer=Menu(emoji="💪", shared=EXTRAS)),
    Move("drink", "potion", "Potion", "Drink a Healing Potion (+2 HP), any time in the Hero Phase.",
         (_hero_param("The Hero who drinks"),), say=lambda a, r: f"{_hero_name(a.hero)} drinks a Potion",
         offer=Menu(emoji="🧪", style="success", shared=EXTRAS)),
    Move("face", "face", "Turn", "The Active Hero turns to face another way (free).",
         (Param("facing", Kind.CHOICE, "Which way", choices=FACING_CHOICES),),
         say=lambda a, r: f"Turn to face {dict(FACING_CHOICES)[a.facing]}", offer=Menu(emoji="🧭", shared=EXTRAS)),
    Move("end-activation", "end", "End", "End the activation (unspent AP are lost; an Event is drawn).",
         say=_say_end, offer=Buttons(emoji="⏹️", style="danger"), quiet=True),
    Move("boost", "boost", "Boost", "Play a Boost card on the dice just thrown.",
         (Param("skill", Kind.CHOICE, "The Boost card", choices=BOOST_SKILLS),),
         say=lambda a, r: f"Boost: {SKILLS[a.skill].name} ({_cost(SKILLS[a.skill].main)})",
         offer=Buttons(emoji="🎯", style="primary")),
    Move("reroll", "reroll", "Re-roll", "Enraged: throw chosen dice again, once per Attack.",
         (Param("dice", Kind.TEXT, "Their places, from 1, like 1 3", read=read_dice,
                show=lambda d, r: ", ".join(str(n + 1) for n in d), spell=lambda d, r: " ".join(str(n + 1) for n in d),
                example="1 3"),),
         say=_say_reroll, offer=Menu(emoji="🎲")),
    Move("resolve", "read", "Read the dice", "Read the dice as they lie.",
         say=lambda a, r: "Read the dice as they lie", offer=Buttons(emoji="✅"), quiet=True),
    Move("dodge", "dodge", "Dodge", "Mek's Reaction: ignore the Attack's Damage and step aside (1 BP).",
         (Param("square", Kind.SQUARE, "Where to step", grid=FARM.grid),), say=lambda a, r: f"Dodge to {a.square} (1 BP)",
         offer=Auto(emoji="💨", style="primary")),
    Move("pass", "take-it", "Take it", "No Reaction: the Attack's Damage stands.",
         say=lambda a, r: f"Take it ({getattr(getattr(r.view, 'strike', None), 'damage', '?')} Damage)",
         offer=Buttons(emoji="🛡️"), quiet=True),
    Move("resurrect", "resurrect", "Resurrect", "Raise a dead Hero for 10 of the Badass Limit.",
         (_hero_param("The dead Hero"),), say=lambda a, r: f"Resurrect {_hero_name(a.hero)} (Limit −10)",
         offer=Buttons(emoji="✨", style="success")),
    Move("end-turn", "done", "Done", "Done with this End of Turn: the next Turn starts when all are.",
         say=lambda a, r: "Done", offer=Buttons(emoji="⏭️", style="primary"), quiet=True),
    Move("discard", "discard", "Throw away", "Throw a card away for good.",
         (_hero_param(), _card_param("The card, like axe")), say=_say_stuff("throws away"),
         offer=Menu(emoji="🗑️", crowded=STUFF)),
    Move("rekup", "rekup", "Rekup", "Turn a Stuff into its Resources.",
         (_hero_param(), _card_param("The Stuff, like leather")), say=_say_rekup,
         offer=Menu(emoji="🔧", crowded=STUFF)),
    Move("equip", "equip", "Equip", "End of Turn: equip a Stuff from the Inventory.",
         (_hero_param(), _card_param("The Stuff, like club")), say=_say_stuff("equips"), offer=Menu(emoji="🪓")),
    Move("unequip", "unequip", "Put away", "End of Turn: put an equipped Stuff in the Inventory.",
         (_hero_param(), _card_param("The Stuff, like axe")), say=_say_stuff("puts away"), offer=Menu(emoji="🎒")),
    # the ties the players settle (L488, L499, L803; reading d7): any seat answers, the default is quiet
    Move("place", "place", "Place", "A tie of nearest empty squares: where the token or figure goes.",
         (Param("square", Kind.SQUARE, "One of the tied squares", required=False, grid=FARM.grid),),
         say=lambda a, r: f"Put it on {a.square}" if a.square else "The first in reading order",
         offer=Buttons(emoji="📍", style="primary"), quiet=True),
    Move("ringer", "ringer", "Bell-ringer", "A tie nearest the Bell: which Enemy runs to ring it.",
         (Param("enemy", Kind.PIECE, "The Enemy (its square or name)", required=False, read=read_enemy,
                show=enemy_words, spell=_spell_enemy, example="d9"),),
         say=lambda a, r: f"{enemy_words(a.enemy, r).capitalize()} rings" if a.enemy is not None
         else "The lowest number rings", offer=Buttons(emoji="🔔", style="primary"), quiet=True),
])

__all__ = ["MOVES", "enemy_words", "read_dice", "read_enemy", "read_path", "scene_of_view"]
