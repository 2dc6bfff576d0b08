"""What a Hero does on the board in its activation (seed 004): walking with a card's Movement Points
(L394-465), doors (L418-421), Smashing (L429-443), Push (L440, L1137), picking up Objectives and
Chickens (L412-413, L501), Invisible in ponds and tree shadows (L457, L463, L1122), and the Event
drawn when its activation ends (L362-363, L718-722).
"""

from __future__ import annotations

from rules.core.engine import Context
from rules.core.grid import Square
from rules.orcquest.board import (
    enemy_at,
    flair_reveals,
    free,
    hero_at,
    in_danger_zone,
    keep_watch,
    layout_of,
    scene_of,
    seen_by_any,
)
from rules.orcquest.data import (
    CARDS,
    ENEMIES,
    EVENT_BY_CODE,
    HEROES,
    Ability,
    AttackKind,
    DieColour,
    EventKind,
    Slot,
)
from rules.orcquest.exploration import explore, go_on, raise_alert, rooms_behind, zones_in_sight
from rules.orcquest.fights import (
    add_badass,
    draw_loot,
    heal_hero,
    hit_enemy,
    kill,
    require,
    wound_hero,
)
from rules.orcquest.geometry import (
    Mover,
    can_stop,
    facing_towards,
    leaving_damage,
    open_between,
    path_route,
    push_square,
    steps,
)
from rules.orcquest.models import Enemy, Hero, Phase, QuestState

BLEED_DAMAGE = 1
CHICKEN_HEAL = 1
"""A Chicken heals 1 Damage (L501)."""


def mover_of(hero: Hero) -> Mover:
    """How a Hero walks: its Innate Ability, and while Invisible it slips through doors but never
    Smashes (L1124)."""
    innate = HEROES[hero.code].innate
    return Mover(hero=True, agile=innate is Ability.AGILE, smashing=innate is Ability.SMASHING and not hero.invisible,
                 slips=hero.invisible)


def carried(hero: Hero) -> int:
    """The weight in the Inventory (L671)."""
    return sum(CARDS[c].weight for c in hero.inventory)


def overloaded(hero: Hero) -> bool:
    """Over its Inventory capacity a Hero may use no Movement Point (L672)."""
    return carried(hero) > HEROES[hero.code].inventory


def look_around(ctx: Context, state: QuestState) -> None:
    """After anything moves: the Enemies keep watch, and a Spawn Zone in a Hero's sight is explored."""
    keep_watch(ctx, state)
    for zone in zones_in_sight(state):
        if state.won is not None:
            return
        seer = next((h.code for h in state.heroes if h.on_board), None)
        if not explore(ctx, state, zone, seer):
            return  # the players are asked where a token goes (reading d7)


def finish_exploring(ctx: Context, state: QuestState) -> bool:
    """Go on with the Exploration the players' choice held up (reading d7), then with what the door
    still owed: its other Room, and for a Hero a smashed door's crash or an Invisible slip (the Hero's
    walk itself ended where the question came) and a look around; False when it asks again. An Enemy's
    walk is taken up by the Enemy Phase (`enemies.resume_walk`)."""
    exploring = state.exploring
    assert exploring is not None
    if not go_on(ctx, state):
        return False
    hero = state.hero(exploring.hero) if exploring.hero is not None else None
    if exploring.door is not None:
        for room in rooms_behind(state, exploring.door):
            if not explore(ctx, state, room, exploring.hero, noisy=exploring.noisy, door=exploring.door,
                           then=exploring.then, beyond=exploring.beyond, ask=exploring.asks):
                return False
        if hero is not None and exploring.beyond is not None and state.won is None and hero.alive:
            if exploring.then == "crash":
                crash(ctx, state, hero, exploring.beyond)
            elif exploring.then == "slip" and enemy_at(state, exploring.beyond) is not None:
                slip_past(ctx, state, hero, exploring.door, exploring.beyond)  # found at the door
            elif exploring.then == "slip":
                ctx.say(f"{hero.name} stands unseen at the closed door: another move may slip through it.")
    if state.won is None and state.phase is Phase.HERO:
        look_around(ctx, state)
    return state.exploring is None


def wound_enemy(ctx: Context, state: QuestState, enemy: Enemy, amount: int, why: str, by: Hero | None) -> None:
    """Automatic Damage on an Enemy (no Defence, L417)."""
    enemy.damage += amount
    ctx.say(f"{enemy.label} takes {amount} Automatic Damage ({why}).")
    if enemy.damage >= ENEMIES[enemy.kind].hp:
        kill(ctx, state, enemy, by, one_roll=False)


def push_enemy(ctx: Context, state: QuestState, pusher: Hero, enemy: Enemy) -> bool:
    """Push 1 on `enemy` away from `pusher` (L440, L1137; reading d21): against scenery, the board's
    edge or a wall it takes 1 Automatic Damage, into a figure both take 1. True when it was blocked."""
    assert pusher.square is not None
    scene = scene_of(state)
    to = push_square(scene, pusher.square, enemy.square)
    if to is None or not open_between(scene, enemy.square, to):
        ctx.say(f"{enemy.label} is pushed against an Obstacle.")
        wound_enemy(ctx, state, enemy, 1, "pushed against an Obstacle", pusher)
        return True
    hero, other = hero_at(state, to), enemy_at(state, to)
    if hero is not None or other is not None:
        ctx.say(f"{enemy.label} is pushed into {hero.name if hero else other.label}: both are hurt.")  # type: ignore[union-attr]
        if hero is not None:
            wound_hero(ctx, state, hero, 1, "a Push collision")
        if other is not None:
            wound_enemy(ctx, state, other, 1, "a Push collision", pusher)
        wound_enemy(ctx, state, enemy, 1, "a Push collision", pusher)
        return True
    if not free(state, to):
        ctx.say(f"{enemy.label} is pushed against an Obstacle.")
        wound_enemy(ctx, state, enemy, 1, "pushed against an Obstacle", pusher)
        return True
    enemy.square = to
    ctx.say(f"{enemy.label} is pushed to {to}.")
    return False


def smash_furniture(ctx: Context, state: QuestState, hero: Hero, square: Square) -> None:
    """Smashing into furniture destroys the piece; the Hero draws a Loot card, turned into Resources
    (L429-432)."""
    piece = layout_of(state).furniture_at(square)
    if piece is None or piece.code not in state.furniture:
        return
    state.furniture.remove(piece.code)
    card = draw_loot(ctx, state)
    got = [card] if card is not None and CARDS[card].resource else list(CARDS[card].rekup) if card else []
    if card is not None and not CARDS[card].resource:
        state.loot_discard.append(card)
    hero.inventory += got
    names = ", ".join(CARDS[c].name for c in got) or "nothing"
    ctx.say(f"{hero.name} smashes the furniture on {square} and keeps {names}.")


def smash_door(ctx: Context, state: QuestState, hero: Hero, door: str, beyond: Square) -> bool:
    """Walking through a closed door with Smashing destroys it (L433-443): the Room behind is explored
    with noise, an Enemy right behind suffers 1 grey Attack die and Push 1; if it is blocked and lives
    the Hero's move ends (True)."""
    state.destroyed_doors.append(door)
    if door in state.open_doors:
        state.open_doors.remove(door)
    ctx.say(f"{hero.name} smashes the door down!")
    for room in rooms_behind(state, door):
        if not explore(ctx, state, room, hero.code, noisy=True, door=door, then="crash", beyond=beyond):
            return True  # the players choose where a token goes first (reading d7): the move ends here
        if state.won is not None:
            return True
    return crash(ctx, state, hero, beyond)


def crash(ctx: Context, state: QuestState, hero: Hero, beyond: Square) -> bool:
    """A smashed door falls on an Enemy just behind it: 1 grey Attack die and Push 1 (L437-441); True
    when it is blocked and lives (the Hero's move ends)."""
    enemy = enemy_at(state, beyond)
    if enemy is None:
        return False
    hit_enemy(ctx, state, hero, enemy, (DieColour.GREY,), AttackKind.MELEE,
              f"The door crashes onto {enemy.label}")
    if enemy not in state.enemies:
        return False
    blocked = push_enemy(ctx, state, hero, enemy)
    return blocked and enemy in state.enemies


def slip_through(ctx: Context, state: QuestState, hero: Hero, door: str, beyond: Square) -> bool:
    """An Invisible Hero passing a closed door without opening it (L1124): the Room behind is explored
    first; an Enemy standing just behind turns to the Hero and opens the door, and the Hero, seen, stops
    (True)."""
    for room in rooms_behind(state, door):
        if not explore(ctx, state, room, hero.code, door=door, then="slip", beyond=beyond):
            return True  # the players choose where a token goes first (reading d7): the move ends here
        if state.won is not None:
            return True
    return slip_past(ctx, state, hero, door, beyond)


def slip_past(ctx: Context, state: QuestState, hero: Hero, door: str, beyond: Square) -> bool:
    """The slip itself, the Room behind explored (L1124): True when an Enemy behind the door stops it."""
    enemy = enemy_at(state, beyond)
    if enemy is None:
        ctx.say(f"{hero.name} slips through the closed door unseen.")
        return False
    assert hero.square is not None
    enemy.facing = facing_towards(scene_of(state), enemy.square, hero.square)
    state.open_doors.append(door)
    hero.invisible = False
    ctx.say(f"{enemy.label} opens the door on {hero.name}: no longer Invisible, the move ends.")
    keep_watch(ctx, state)
    return True


def enter_square(ctx: Context, state: QuestState, hero: Hero, square: Square) -> None:
    """What a Hero meets stepping onto `square`: the Objective is taken, a Chicken eaten (L412-414,
    L501), furniture smashed (L429-432), Invisible gained or lost (L457, L463, L1122)."""
    layout = layout_of(state)
    for token in [t for t in state.tokens if t.square == square]:
        state.tokens.remove(token)
        if token.kind == "objective":
            hero.inventory.append("totem")
            ctx.say(f"{hero.name} takes the Totem!")
        else:
            ctx.say(f"{hero.name} catches the Chicken.")
            heal_hero(ctx, hero, CHICKEN_HEAL, "a Chicken")
    if mover_of(hero).smashing:
        smash_furniture(ctx, state, hero, square)
    cover = square in layout.ponds or square in layout.shadow
    if not cover:
        if hero.invisible:
            ctx.say(f"{hero.name} leaves cover and is no longer Invisible.")
        hero.invisible = False
    elif not hero.invisible and not seen_by_any(state, square):
        hero.invisible = True
        ctx.say(f"{hero.name} slips into cover unseen: Invisible.")
    if hero.invisible and (in_danger_zone(state, square) or flair_reveals(state, square)):
        hero.invisible = False
        ctx.say(f"{hero.name} is revealed and loses Invisible.")


def walk(ctx: Context, state: QuestState, hero: Hero, path: list[Square], mp: int) -> int:
    """Walk `path` step by step with `mp` Movement Points; the Movement Points spent. Refused whole when
    it cannot be walked now; a Danger Zone left costs 2 Automatic Damage (L415), a Bleeding Hero
    takes 1 for the move (L1041); an Exploration on the way may stop it early, and one that asks the
    players where a token goes (reading d7) ends it there (the card keeps its Movement Points left)."""
    require(hero.square is not None, f"{hero.name} is not on the board.")
    require(bool(path), "Name at least one square to move to.")
    require(not overloaded(hero), f"{hero.name} carries too much to move (L672): drop or Rekup something first.")
    scene, mover = scene_of(state), mover_of(hero)
    route = path_route(scene, mover, hero.square, path)  # type: ignore[arg-type]
    require(not isinstance(route, str), str(route))
    assert not isinstance(route, str)
    require(route.mp <= mp, f"That path costs {route.mp} Movement Points; {hero.name} has {mp} left.")
    require(can_stop(scene, mover, path[-1]), f"{hero.name} cannot end a move on {path[-1]}.")
    spent = 0
    resting = hero.square  # the last square on the way where it could have stopped
    if "bleed" in hero.conditions:
        wound_hero(ctx, state, hero, BLEED_DAMAGE, "Bleed")
    for square in path:
        here = hero.square
        assert here is not None
        if hero.dead or state.won is not None:
            break
        if not any(h is not hero and h.square == here and not h.left for h in state.heroes):
            resting = here
        scene = scene_of(state)
        door = layout_of(state).door_at(here, square)
        closed = door is not None and door.code not in state.open_doors and door.code not in state.destroyed_doors
        if closed and door is not None:
            hero.moved = True
            if mover_of(hero).slips:
                if slip_through(ctx, state, hero, door.code, square):
                    break
            elif smash_door(ctx, state, hero, door.code, square):
                ctx.say(f"{hero.name}'s move ends at the door.")
                break
            scene = scene_of(state)
        mover = mover_of(hero)
        if square not in steps(scene, mover, here) or (square == path[-1] and not can_stop(scene, mover, square)):
            ctx.say(f"{hero.name} cannot go on to {square} and stops on {here}.")
            break
        hurt = leaving_damage(scene, here)
        spent += 1 + (here in layout_of(state).ponds)
        hero.moved = True
        if hurt:  # struck as it turns to go: a Hero killed so falls where it stood, or, crossing
            # another Hero, on the last square it could have stopped on (L398, L892)
            wound_hero(ctx, state, hero, hurt, f"leaving a Danger Zone at {here}")
            if hero.dead:
                if hero.square != resting:
                    hero.square = resting
                    ctx.say(f"{hero.name} falls back on {resting}.")
                break
        hero.square = square
        enter_square(ctx, state, hero, square)
        look_around(ctx, state)
        if state.exploring is not None:  # the players are asked where a token goes: the walk ends here
            break
    ctx.say(f"{hero.name} is on {hero.square}.")
    return spent


def door_fault(state: QuestState, hero: Hero, door: str) -> str | None:
    """Why `hero` cannot open or close `door` now, or None (L418-423, L433): it must stand beside
    it, not Smash its way, the door not destroyed nor reinforced, and nobody in the doorway to close it."""
    spec = next((d for d in layout_of(state).doors if d.code == door), None)
    if spec is None:
        return f"There is no door called {door}."
    if hero.square is None or not any(hero.square in edge for edge in spec.edges):
        return f"{hero.name} is not beside that door."
    if mover_of(hero).smashing:
        return f"{hero.name} cannot open or close doors, only smash them (L433)."
    if door in state.destroyed_doors:
        return "That door is destroyed: it can no longer be closed."
    if spec.kind == "reinforced":
        return "A reinforced door needs its key."
    if door in state.open_doors and any(hero_at(state, s) or enemy_at(state, s) for e in spec.edges for s in e
                                        if s != hero.square):
        return "Something stands in the doorway."
    return None


def toggle_door(ctx: Context, state: QuestState, hero: Hero, door: str) -> None:
    """Open or close a door beside the Hero for 1 Movement Point; opening an unexplored Room's door
    explores it (L418-421, L469)."""
    fault = door_fault(state, hero, door)
    require(fault is None, str(fault))
    if door in state.open_doors:
        state.open_doors.remove(door)
        ctx.say(f"{hero.name} closes the door.")
        keep_watch(ctx, state)
        return
    state.open_doors.append(door)
    ctx.say(f"{hero.name} opens the door.")
    for room in rooms_behind(state, door):
        if not explore(ctx, state, room, hero.code, door=door):
            return  # the players choose where a token goes first (reading d7)
    look_around(ctx, state)


def draw_event(ctx: Context, state: QuestState, drawer: Hero) -> None:
    """The Event drawn as an activation ends, applied at once and laid on a sheet: a personal Event
    goes to its own Hero whoever drew it (L718-722). An empty deck takes its discard (reading d19)."""
    if not state.events and state.event_discard:
        state.events = ctx.dice.shuffled(state.event_discard, "the Event discard shuffled into a new deck")
        state.event_discard = []
    if not state.events:
        return
    card = EVENT_BY_CODE[state.events.pop(0)]
    target = state.hero(card.hero) if card.hero else drawer
    if target.event is not None:
        state.event_discard.append(target.event)
    target.event = card.code
    words = EVENT_WORDS[card.kind]
    ctx.say(f"{drawer.name} draws an Event: {words}" + (f" — for {target.name}." if card.hero else "."))
    if target.dead and card.kind not in (EventKind.BADASS, EventKind.ALERT_UP, EventKind.ALERT_DOWN):
        return
    match card.kind:
        case EventKind.BADASS:
            add_badass(ctx, state, 1, "an Event")
        case EventKind.ALERT_UP:
            raise_alert(ctx, state, 1, "an Event")
        case EventKind.ALERT_DOWN:
            raise_alert(ctx, state, -1, "an Event")
        case EventKind.WOUND:
            wound_hero(ctx, state, target, 1, "an Event")
        case EventKind.HEAL:
            heal_hero(ctx, target, 1, "an Event")
        case EventKind.LOOT:
            loot = draw_loot(ctx, state)
            if loot is not None:
                target.inventory.append(loot)
                ctx.say(f"{target.name} finds a {CARDS[loot].name}.")
        case EventKind.NOTHING:
            pass
        case _:
            give_condition(ctx, target, card.kind.value)


EVENT_WORDS: dict[EventKind, str] = {
    EventKind.NOTHING: "nothing happens", EventKind.BADASS: "Badass is pleased (+1 Badass Point)",
    EventKind.ALERT_UP: "a dog barks somewhere (Alert +1)", EventKind.ALERT_DOWN: "the farm dozes off (Alert -1)",
    EventKind.WOUND: "a rusty nail (1 Automatic Damage)", EventKind.HEAL: "a deep breath (heal 1)",
    EventKind.ENRAGED: "a red mist (Enraged 1)", EventKind.CURSED: "a bad omen (Cursed)",
    EventKind.LOOT: "something shiny (draw a Loot card)", EventKind.FORTIFIED: "iron skin (Fortified)",
    EventKind.DISORIENTED: "a knock on the head (Disoriented)", EventKind.BLEED: "an old wound opens (Bleed)",
}

CONDITION_KIND = {"bleed": "affliction", "burn": "affliction", "poison": "affliction"}


def give_condition(ctx: Context, hero: Hero, condition: str) -> None:
    """A condition token on a Hero: never twice (reading, conditions), Afflictions ignored by a Hero
    immune to them (Mandar, house set b); Cursed and Blessed, Fortified and Weakened undo each other
    (L1053, L1075, L1078, L1084)."""
    if CONDITION_KIND.get(condition) == "affliction" and HEROES[hero.code].innate is Ability.IMMUNE_AFFLICTIONS:
        ctx.say(f"{hero.name} is immune to Afflictions.")
        return
    opposite = {"fortified": "weakened", "weakened": "fortified", "cursed": "blessed", "blessed": "cursed"}
    if condition in opposite and opposite[condition] in hero.conditions:
        hero.conditions.pop(opposite[condition])
    hero.conditions[condition] = 1
    ctx.say(f"{hero.name} {CONDITION_WORDS.get(condition, 'is ' + condition.capitalize())}.")


CONDITION_WORDS = {"bleed": "is Bleeding", "burn": "is Burning", "poison": "is Poisoned"}


def hand_weight_ok(hero: Hero) -> bool:
    """Hands and Body within their capacities (L670), two hands at most, one bulky Stuff alone (L632)."""
    sheet = HEROES[hero.code]
    hands = sum(CARDS[c].weight for c in hero.hands)
    bulky = any(CARDS[c].bulky for c in hero.hands)
    return (hands <= sheet.hands and sum(CARDS[c].weight for c in hero.body) <= sheet.body
            and len(hero.hands) <= (1 if bulky else 2) and len(hero.body) <= 1
            and all(CARDS[c].slot is Slot.HAND for c in hero.hands))


__all__ = ["CHICKEN_HEAL", "EVENT_WORDS", "carried", "crash", "door_fault", "draw_event", "enter_square",
           "finish_exploring", "give_condition", "hand_weight_ok", "look_around", "mover_of", "overloaded", "push_enemy", "smash_door",
           "slip_past", "slip_through", "smash_furniture", "toggle_door", "walk", "wound_enemy"]

