"""Exploration (seed 004, L466-502): what waits in a Room or a Spawn Zone, found when the Heroes look.

A Room is explored when a Hero opens or smashes one of its doors (L469); a Spawn Zone when a Hero
has it in Line of Sight (L472). The Quest's number of dice are dropped on the area, each on a
square drawn at random (L478-480; reading d7); each die brings a token from the area's reserve,
face down in a hidden order (L483). An Enemy token becomes its figures facing where its arrow
points (a facing drawn at random, reading d7), the extra figures of a x2 or x3 on the nearest empty
squares (L490, L499); a Chicken stays as a token (L486, L501). A token landing on an Obstacle or a
figure moves to the nearest empty square (L488). Where several are as near, a Hero's Exploration asks
the players (the `place` question, every seat; the first in reading order by default) and waits in
`state.exploring` for the answer; so does an Enemy's on its move in the Enemy Phase, the Enemy waiting
where it stands (`enemies.resume_walk`); a Bell-ringer's run takes the default (readings d7, d23).
Main Reserve tokens go to its discard, which is shuffled back in when it runs out; Secondary ones
leave the game (L483, L490). Too few figures: the
Alert rises by 1 (L492). When a door was smashed (or the Bell rings) the Enemies revealed turn to
the Hero and are alerted by the noise (L493, L443).
"""

from __future__ import annotations

from typing import Literal

from rules.core.engine import Context
from rules.core.grid import Square
from rules.orcquest.board import keep_watch, layout_of, nearest_ties, scene_of
from rules.orcquest.data import ENEMIES, FIGURES, PRESENCE, QUEST1, PresenceKind, Quest
from rules.orcquest.geometry import FACINGS, facing_towards, line_of_sight
from rules.orcquest.models import Ask, Enemy, Exploring, Phase, QuestState, Token

QUESTS: dict[str, Quest] = {"farm": QUEST1}
MAIN = "main"
PLACE = "place"
"""The question where an Exploration's token or figure goes among tied squares (L488; reading d7)."""


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


def _can_draw(state: QuestState, area: str) -> bool:
    """Whether the area's reserve still gives a token (the Main Reserve from its discard too)."""
    reserve = MAIN if area.isdigit() else area
    return bool(state.reserves.get(reserve)) or (reserve == MAIN and bool(state.reserve_discard))


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


def explore(ctx: Context, state: QuestState, area: str, hero: str | None, *, noisy: bool = False,
            door: str | None = None, then: Literal["crash", "slip"] | None = None,
            beyond: Square | None = None, ask: bool | None = None) -> bool:
    """Explore `area` (a Room's number or a Spawn Zone's letter) for `hero` (None: an Enemy); see the
    module's text. False when it stopped to ask the players where a token or a figure goes among tied
    squares (reading d7): it waits in `state.exploring` with `door`, `then` and `beyond`, what the
    Hero's move still owes once it is done (`go_on` takes it up again). `ask`: whether ties are asked
    (by default when a Hero explores in the Hero Phase; an Enemy's walk says whether it can wait)."""
    if area in state.explored:
        return True
    state.explored.append(area)
    quest, squares = quest_of(state), area_squares(state, area)
    dice = quest.room_dice if area.isdigit() else quest.zone_dice
    ordered = sorted(squares, key=lambda s: (layout_of(state).grid.xy(s)[1], layout_of(state).grid.xy(s)[0]))
    ctx.say(f"Exploration of {area_name(area)}: {dice} dice are dropped on it.")
    landed = [ctx.dice.pick(ordered, f"Exploration of {area_name(area)}: where die {n + 1} lands")
              for n in range(dice)]
    asks = (hero is not None and state.phase is Phase.HERO) if ask is None else ask
    state.exploring = Exploring(area=area, hero=hero, asks=asks, noisy=noisy, landed=landed, door=door, then=then,
                                beyond=beyond)
    return go_on(ctx, state)


def asks_ties(state: QuestState) -> bool:
    """Whether the players are asked to settle the Exploration's ties (L488; reading d7): when a Hero
    explores in the Hero Phase, or an Enemy on the move in the Enemy Phase whose walk can wait for the
    answer (reading d23); else the default, reading order, is taken."""
    exploring = state.exploring
    return exploring is not None and exploring.asks


def _spot(state: QuestState, near: Square) -> Square | None:
    """The nearest empty square to `near` for the Exploration under way, the players' answer if they
    gave one; when they must choose, `exploring.options` lists the tie and None comes back with the
    question open (`state.ask`); None without a question: no room left."""
    exploring = state.exploring
    assert exploring is not None
    ties = nearest_ties(state, near, set(exploring.placed), area_squares(state, exploring.area))
    if exploring.chosen is not None and exploring.chosen in ties:
        chosen, exploring.chosen, exploring.options = exploring.chosen, None, []
        return chosen
    if len(ties) > 1 and asks_ties(state):
        exploring.options = ties
        state.ask = Ask(kind=PLACE, players=list(state.players))  # the party's question: every seat may answer
        return None
    return ties[0] if ties else None


def go_on(ctx: Context, state: QuestState) -> bool:
    """Resolve the dice of the Exploration under way from where it stands (L483-502); False when it
    stops to ask the players (see `explore`), True once it is done."""
    exploring = state.exploring
    assert exploring is not None
    area = exploring.area
    while exploring.n < len(exploring.landed):
        n, square = exploring.n, exploring.landed[exploring.n]
        if exploring.token is None:
            # the token's square is found before it is drawn (it is placed face down, L483-486); with
            # the reserve empty there is nothing to place and nothing to ask
            spot = _spot(state, square) if _can_draw(state, area) else None
            if exploring.options:
                return False
            token = draw_presence(ctx, state, area)
            if token is None:
                ctx.say(f"Die {n + 1} lands on {square}, but the reserve is empty.")
                exploring.n += 1
                continue
            if spot is None:
                exploring.n += 1
                continue
            exploring.placed.append(spot)
            exploring.token, exploring.spot, exploring.near, exploring.put = token, spot, spot, 0
            presence = PRESENCE[token]
            where = f"on {spot}" if spot == square else f"on {square}, moved to {spot}"
            if presence.kind is PresenceKind.ENEMY and presence.enemy is not None:
                exploring.facing = ctx.dice.pick(FACINGS, f"{area_name(area)}: where the token's arrow points")
                sheet = ENEMIES[presence.enemy]
                ctx.say(f"Die {n + 1} lands {where}: {presence.count} × {sheet.name}, facing {exploring.facing}.")
            elif presence.kind is PresenceKind.CHICKEN:
                ctx.say(f"Die {n + 1} lands {where}: a Chicken!")
                state.tokens.append(Token(square=spot, kind="chicken"))
        presence = PRESENCE[exploring.token]
        if presence.kind is PresenceKind.ENEMY and presence.enemy is not None:
            sheet = ENEMIES[presence.enemy]
            while exploring.put < presence.count:
                spot = exploring.near
                if exploring.put:
                    spot = _spot(state, exploring.near)  # type: ignore[arg-type]
                    if exploring.options:
                        return False
                    if spot is None:
                        break
                    exploring.placed.append(spot)
                    exploring.near = spot
                assert spot is not None and exploring.facing is not None
                on_board = sum(e.kind == presence.enemy for e in state.enemies)
                if on_board >= FIGURES[presence.enemy]:
                    if not exploring.short:
                        raise_alert(ctx, state, 1, f"no {sheet.name} figure left to place")
                    exploring.short = True
                    break
                enemy = Enemy(id=state.next_enemy, kind=presence.enemy, square=spot, facing=exploring.facing)
                state.next_enemy += 1
                state.enemies.append(enemy)
                exploring.revealed.append(enemy.id)
                exploring.put += 1
        exploring.token, exploring.spot, exploring.facing, exploring.near, exploring.put = None, None, None, None, 0
        exploring.n += 1
        if state.won is False:
            state.exploring = None
            return True
    state.exploring = None
    revealed = [e for e in state.enemies if e.id in exploring.revealed]
    if not revealed:
        ctx.say(f"{area_name(area)} holds no Enemy.")
    hero = exploring.hero
    exploring_hero = state.hero(hero) if hero is not None else None
    if (exploring.noisy or state.bell_rung) and exploring_hero is not None and exploring_hero.square is not None:
        scene = scene_of(state)
        for enemy in revealed:
            enemy.facing = facing_towards(scene, enemy.square, exploring_hero.square)
            enemy.alert = True
        if revealed:
            ctx.say(f"Alerted by the noise, the Enemies revealed turn on {exploring_hero.name}.")
    keep_watch(ctx, state)
    return True


def placing(state: QuestState) -> str:
    """What the open Exploration question is about, in words (its options listed), for the prompt."""
    exploring = state.exploring
    if exploring is None:
        return ""
    options = exploring.options
    listed = ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else "".join(options)
    n = exploring.n
    if exploring.token is None:
        what = (f"Exploration of {area_name(exploring.area)}: die {n + 1} landed on {exploring.landed[n]}, "
                "where something already stands. Its face-down token goes to the nearest empty square")
    else:
        presence = PRESENCE[exploring.token]
        name = ENEMIES[presence.enemy].name if presence.enemy else "figure"
        what = (f"Exploration of {area_name(exploring.area)}: the {ORDINALS[exploring.put]} {name} of the "
                f"×{presence.count} goes to the nearest empty square to {exploring.near}")
    return f"{what}: {listed} are as near. Which? (Unanswered: {options[0]}, the first in reading order.)"


ORDINALS = ("first", "second", "third", "fourth")


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


__all__ = ["MAIN", "PLACE", "QUESTS", "area_name", "area_squares", "asks_ties", "draw_presence", "explore", "go_on",
           "placing", "quest_of", "raise_alert", "rooms_behind", "zones_in_sight"]
