"""Exploration (seed 004, L466-502): what waits in a Room or a Spawn Zone, found when the Heroes look.

A Room is explored when a Hero opens or smashes one of its doors (L469); a Spawn Zone when a Hero
has it in Line of Sight (L472). The Quest's number of dice are dropped on the area, each on a
square drawn at random (L478-480; reading d7); each die brings a token from the area's reserve,
face down in a hidden order (L483). An Enemy token becomes its figures facing where its arrow
points (a facing drawn at random, reading d7), the extra figures of a x2 or x3 on the nearest empty
squares (L490, L499); a Chicken stays as a token (L486, L501). A token landing on an Obstacle or a
figure moves to the nearest empty square (L488). Main Reserve tokens go to its discard, which is
shuffled back in when it runs out; Secondary ones leave the game (L483, L490). Too few figures: the
Alert rises by 1 (L492). When a door was smashed (or the Bell rings) the Enemies revealed turn to
the Hero and are alerted by the noise (L493, L443).
"""

from __future__ import annotations

from rules.core.engine import Context
from rules.core.grid import Square
from rules.orcquest.board import keep_watch, layout_of, nearest_free, scene_of
from rules.orcquest.data import ENEMIES, FIGURES, PRESENCE, QUEST1, PresenceKind, Quest
from rules.orcquest.geometry import FACINGS, facing_towards, line_of_sight
from rules.orcquest.models import Enemy, QuestState, Token

QUESTS: dict[str, Quest] = {"farm": QUEST1}
MAIN = "main"


def quest_of(state: QuestState) -> Quest:
    return QUESTS[state.quest]


def area_name(area: str) -> str:
    return f"Room {area}" if area.isdigit() else f"Spawn Zone {area}"


def area_squares(state: QuestState, area: str) -> frozenset[Square]:
    layout = layout_of(state)
    if area.isdigit():
        return frozenset(layout.room_squares(area))
    return layout.zones[area]


def raise_alert(ctx: Context, state: QuestState, by: int, why: str) -> None:
    """Move the Alert marker (never below 1); above 15 the Quest is lost (L732; reading d1)."""
    state.alert = max(1, state.alert + by)
    ctx.say(f"Alert {'+' if by > 0 else ''}{by} ({why}): the Alert Level is {state.alert}.")
    if state.alert > 15:
        state.won = False
        ctx.say("The Alert Level is beyond 15: the farm is swarming with Humans and the Quest is lost.", kind="end")


def draw_presence(ctx: Context, state: QuestState, area: str) -> str | None:
    """The top token of the area's reserve (the Main Reserve re-formed from its discard when empty)."""
    reserve = MAIN if area.isdigit() else area
    stack = state.reserves.setdefault(reserve, [])
    if not stack and reserve == MAIN and state.reserve_discard:
        stack.extend(ctx.dice.shuffled(state.reserve_discard, "the Main Reserve shuffled again"))
        state.reserve_discard.clear()
        ctx.say("The Main Reserve was empty: its discard is shuffled back in.")
    if not stack:
        return None
    token = stack.pop(0)
    if reserve == MAIN:
        state.reserve_discard.append(token)
    return token


def explore(ctx: Context, state: QuestState, area: str, hero: str | None, *, noisy: bool = False) -> None:
    """Explore `area` (a Room's number or a Spawn Zone's letter) for `hero`; see the module's text."""
    if area in state.explored:
        return
    state.explored.append(area)
    quest, squares = quest_of(state), area_squares(state, area)
    dice = quest.room_dice if area.isdigit() else quest.zone_dice
    ordered = sorted(squares, key=lambda s: (layout_of(state).grid.xy(s)[1], layout_of(state).grid.xy(s)[0]))
    ctx.say(f"Exploration of {area_name(area)}: {dice} dice are dropped on it.")
    landed = [ctx.dice.pick(ordered, f"Exploration of {area_name(area)}: where die {n + 1} lands")
              for n in range(dice)]
    placed: set[Square] = set()
    revealed: list[Enemy] = []
    short = False  # too few figures: the Alert rises once for the Exploration
    for n, square in enumerate(landed):
        token = draw_presence(ctx, state, area)
        if token is None:
            ctx.say(f"Die {n + 1} lands on {square}, but the reserve is empty.")
            continue
        presence = PRESENCE[token]
        spot = nearest_free(state, square, placed, squares)
        if spot is None:
            continue
        placed.add(spot)
        where = f"on {spot}" if spot == square else f"on {square}, moved to {spot}"
        if presence.kind is PresenceKind.ENEMY and presence.enemy is not None:
            facing = ctx.dice.pick(FACINGS, f"{area_name(area)}: where the token's arrow points")
            sheet = ENEMIES[presence.enemy]
            ctx.say(f"Die {n + 1} lands {where}: {presence.count} × {sheet.name}, facing {facing}.")
            for k in range(presence.count):
                if k:
                    spot = nearest_free(state, spot, placed, squares)  # type: ignore[arg-type]
                    if spot is None:
                        break
                    placed.add(spot)
                on_board = sum(e.kind == presence.enemy for e in state.enemies)
                if on_board >= FIGURES[presence.enemy]:
                    if not short:
                        raise_alert(ctx, state, 1, f"no {sheet.name} figure left to place")
                    short = True
                    break
                enemy = Enemy(id=state.next_enemy, kind=presence.enemy, square=spot, facing=facing)
                state.next_enemy += 1
                state.enemies.append(enemy)
                revealed.append(enemy)
        elif presence.kind is PresenceKind.CHICKEN:
            ctx.say(f"Die {n + 1} lands {where}: a Chicken!")
            state.tokens.append(Token(square=spot, kind="chicken"))
        if state.won is False:
            return
    if not revealed:
        ctx.say(f"{area_name(area)} holds no Enemy.")
    exploring = state.hero(hero) if hero is not None else None
    if (noisy or state.bell_rung) and exploring is not None and exploring.square is not None:
        scene = scene_of(state)
        for enemy in revealed:
            enemy.facing = facing_towards(scene, enemy.square, exploring.square)
            enemy.alert = True
        if revealed:
            ctx.say(f"Alerted by the noise, the Enemies revealed turn on {exploring.name}.")
    keep_watch(ctx, state)


def zones_in_sight(state: QuestState) -> list[str]:
    """The unexplored Spawn Zones some Hero on the board has in Line of Sight (L472); a Hero turns
    freely in its own activation, so its facing does not hide a zone."""
    scene = scene_of(state)
    found = []
    for letter, squares in layout_of(state).zones.items():
        if letter in state.explored:
            continue
        if any(line_of_sight(scene, h.square, s) for h in state.heroes if h.on_board and h.square is not None
               for s in squares):
            found.append(letter)
    return found


def rooms_behind(state: QuestState, door: str) -> list[str]:
    """The unexplored Rooms on either side of `door`."""
    layout = layout_of(state)
    spec = next(d for d in layout.doors if d.code == door)
    rooms = {layout.rooms.get(s) for edge in spec.edges for s in edge}
    return sorted(r for r in rooms if r is not None and r not in state.explored)


__all__ = ["MAIN", "QUESTS", "area_name", "area_squares", "draw_presence", "explore", "quest_of", "raise_alert",
           "rooms_behind", "zones_in_sight"]
