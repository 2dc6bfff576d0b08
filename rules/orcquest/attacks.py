"""A Hero's Attacks (seed 004, L505-529, L565-622): what a card may attack, what it costs, the throw,
what may still change it once the dice are down (Boosts, an Enraged re-roll), and what it does:
Damage, Push, Lightning, Area, Weakening and the Enemy's Reaction.

An Attack with dice stops once they are thrown while a Boost or a re-roll could still change it
(L389-390, L575, L1080): the state then holds the throw (`HeldRoll`) and the after-roll question,
whose default is to read the dice as they lie.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import Context
from rules.orcquest.board import keep_watch, scene_of
from rules.orcquest.data import BADASS_FACES, HEROES, SKILLS, AttackKind, Badass, Effect, SkillKind
from rules.orcquest.fights import (
    LIGHTNING_REACH,
    add_badass,
    effect_reaches,
    hit_enemy,
    kinds_held,
    land,
    react,
    reroll_choices,
    reroll_faces,
    require,
    throw_at,
    weapon_for,
)
from rules.orcquest.geometry import distance, facing_towards, in_rear_arc, line_of_sight
from rules.orcquest.heroes import push_enemy, wound_enemy
from rules.orcquest.models import Ask, Attack, Boost, Card, Enemy, HeldRoll, Hero, QuestState, Reroll, Resolve
from rules.orcquest.questions import AFTER_ROLL


def effect_of(card: Card) -> Effect:
    """The effect a card in play is resolving: its Enhanced one when paid for, else its Main."""
    skill = SKILLS[card.skill]
    return skill.enhanced if card.enhanced and skill.enhanced is not None else skill.main


def payable(state: QuestState, hero: Hero, effect: Effect) -> str | None:
    """Why `hero` cannot pay `effect` now, or None: its own AP in its own activation, then extra AP
    bought (L706-715); BP from the pool, never while Cursed (L1052)."""
    ap = hero.ap if hero.code == state.active else 0
    if ap + hero.extra < effect.ap:
        need = effect.ap - ap - hero.extra
        return f"{hero.name} needs {need} more Action Point{'s' if need > 1 else ''} (buy them with Badass Points)."
    if effect.bp:
        if "cursed" in hero.conditions:
            return f"{hero.name} is Cursed and cannot spend Badass Points."
        if state.badass < effect.bp:
            return f"That needs {effect.bp} Badass Points; the party has {state.badass}."
    return None


def attack_moves(state: QuestState, hero: Hero, card: Card) -> list[Attack]:
    effect = effect_of(card)
    out = []
    for enemy in state.enemies:
        for kind in attack_kinds(hero, effect):
            if attack_fault(state, hero, enemy, effect, kind) is None:
                out.append(Attack(target=enemy.id, kind=kind))
    return out


def attack_kinds(hero: Hero, effect: Effect) -> list[AttackKind | None]:
    if effect.weakens:
        return [None]
    if effect.attack is not None:
        return [effect.attack]
    return list(kinds_held(hero))


def attack_fault(state: QuestState, hero: Hero, enemy: Enemy, effect: Effect,
                  kind: AttackKind | None) -> str | None:
    if hero.square is None:
        return f"{hero.name} is not on the board."
    if effect.weakens:
        return None if effect_reaches(state, hero, enemy, effect) else f"{enemy.label} is out of reach."
    if kind is None:
        return "Say which kind of Attack."
    if kind not in kinds_held(hero):
        return f"{hero.name} has no {kind} weapon equipped (L520)."
    if effect.area is not None:
        scene = scene_of(state)
        if distance(scene, hero.square, enemy.square) > effect.area or not line_of_sight(scene, hero.square,
                                                                                         enemy.square):
            return f"{enemy.label} is not in the Area."
        return None
    if weapon_for(state, hero, enemy, kind) is None:
        return f"{hero.name} cannot reach {enemy.label} with a {kind} Attack from {hero.square}."
    return None


def attack(ctx: Context, state: QuestState, hero: Hero, card: Card, action: Attack) -> None:
    """The card's Attack (L505-529, L565-585), then the Enemy's Reaction (L600-614)."""
    effect = effect_of(card)
    enemy = state.enemy(action.target)
    require(enemy is not None, f"There is no Enemy {action.target} on the board.")
    assert enemy is not None and hero.square is not None
    kinds = attack_kinds(hero, effect)
    kind = action.kind if action.kind is not None else (kinds[0] if len(kinds) == 1 else None)
    require(kind in kinds, "Say which kind of Attack: " + ", ".join(str(k) for k in kinds if k) + ".")
    fault = attack_fault(state, hero, enemy, effect, kind)
    require(fault is None, str(fault))
    piercing = boosts(ctx, state, hero, action.boosts)
    scene = scene_of(state)
    hero.facing = facing_towards(scene, hero.square, enemy.square)
    if hero.invisible:
        hero.invisible = False
        ctx.say(f"{hero.name} attacks and is no longer Invisible.")
    card.attack = False
    if effect.weakens:
        enemy.conditions.pop("fortified", None)
        enemy.conditions["weakened"] = 1
        ctx.say(f"{hero.name} weakens {enemy.label}: its Health Points drop a colour.")
        react(ctx, state, enemy, hero, AttackKind.MAGIC)
        return
    assert kind is not None
    if effect.area is not None:
        targets = [e for e in state.enemies if distance(scene, hero.square, e.square) <= effect.area
                   and line_of_sight(scene, hero.square, e.square)]
        for target in targets:
            dealt = hit_enemy(ctx, state, hero, target, effect.area_dice, kind,
                              f"{hero.name}'s {SKILLS[card.skill].name} on {target.label}")
            card.damaged |= dealt > 0
            if effect.burn and target in state.enemies:
                target.conditions["burn"] = effect.burn
                ctx.say(f"{target.label} is Burning.")
        for target in targets:
            react(ctx, state, target, hero, kind)
        return
    weapon = weapon_for(state, hero, enemy, kind)
    assert weapon is not None
    dice = weapon.dice
    if effect.rear_die is not None and in_rear_arc(scene, enemy.square, enemy.facing, hero.square):
        dice = (*dice, effect.rear_die)
        ctx.say(f"{hero.name} strikes from behind: +1 {effect.rear_die} die.")
    why = f"{hero.name}'s {SKILLS[card.skill].name} on {enemy.label}"
    full = enemy.damage == 0
    state.held = HeldRoll(hero=hero.code, target=enemy.id, kind=kind, full=full, brutality=effect.brutality,
                          piercing=piercing, push=weapon.push, lightning=effect.lightning,
                          faces=throw_at(ctx, state, hero, enemy, dice, kind, why))
    if len(after_roll_moves(state)) > 1:
        state.ask = Ask(kind=AFTER_ROLL, players=list(hero.owners))
        return
    land_held(ctx, state)


def after_roll_moves(state: QuestState) -> list[Any]:
    """What may still change a thrown Attack (L389-390, L575, L1080): each face-up Boost card its
    Hero can pay, an Enraged Hero's one re-roll of any of its Attack dice, or reading it."""
    held = state.held
    if held is None:
        return []
    hero = state.hero(held.hero)
    moves: list[Any] = [Resolve()]
    for code in HEROES[hero.code].skills:
        skill = SKILLS[code]
        if skill.kind is SkillKind.BOOST and code not in hero.down and payable(state, hero, skill.main) is None:
            moves.append(Boost(skill=code))
    if "enraged" in hero.conditions and not held.rerolled:
        moves += [Reroll(dice=dice) for dice in reroll_choices(len(held.faces.attack))]
    return moves


def after_roll(ctx: Context, state: QuestState, action: Any) -> None:
    held = state.held
    assert held is not None
    hero = state.hero(held.hero)
    if isinstance(action, Boost):
        held.piercing += boosts(ctx, state, hero, [action.skill])
    elif isinstance(action, Reroll):
        require(not held.rerolled and "enraged" in hero.conditions,
                "Only an Enraged Hero re-rolls, once per Attack (L575, L1080).")
        reroll_faces(ctx, hero, held.faces.attack, action.dice, "Attack")
        held.rerolled = True
    if isinstance(action, Resolve) or len(after_roll_moves(state)) <= 1:
        land_held(ctx, state)


def land_held(ctx: Context, state: QuestState) -> None:
    """Read the thrown Attack and apply it; then Push, Lightning and the Enemy's Reaction."""
    held = state.held
    assert held is not None
    state.held, state.ask = None, None
    hero = state.hero(held.hero)
    enemy = state.enemy(held.target)
    assert enemy is not None
    dealt = land(ctx, state, hero, enemy, held.faces.attack, held.faces.defence, brutality=held.brutality,
                 piercing=held.piercing, full=held.full)
    if state.card is not None:
        state.card.damaged |= dealt > 0
    if held.push and enemy in state.enemies:
        push_enemy(ctx, state, hero, enemy)
    if held.lightning and dealt > 0:
        lightning(ctx, state, hero, enemy, dealt, held.lightning)
    react(ctx, state, enemy, hero, held.kind)
    keep_watch(ctx, state)


def lightning(ctx: Context, state: QuestState, hero: Hero, first: Enemy, dealt: int, jumps: int) -> None:
    """Lightning X: the same Damage to X more Enemies up to 2 squares away, each new target rolling a
    Badass die that, on an Axe, lets it jump once more (L1126-1128; house set b: the Axe); nearest
    first, a target once per Attack (the players' choice, its default)."""
    scene = scene_of(state)
    struck, source = {first.id}, first.square
    while jumps > 0:
        options = [e for e in state.enemies if e.id not in struck and distance(scene, source, e.square)
                   <= LIGHTNING_REACH]
        if not options:
            return
        target = min(options, key=lambda e: (distance(scene, source, e.square), e.id))
        struck.add(target.id)
        jumps -= 1
        ctx.say(f"Lightning leaps to {target.label}!")
        wound_enemy(ctx, state, target, dealt, "Lightning", hero)
        face = BADASS_FACES[ctx.dice.d6(f"Lightning on {target.label}: Badass die", hero.owners[0]).faces[0] - 1]
        if face is Badass.AXE:
            jumps += 1
            ctx.say("An Axe: the Lightning leaps again.")


def boosts(ctx: Context, state: QuestState, hero: Hero, boosts: list[str]) -> int:
    """Boost cards played on the Attack, each paid in Badass Points and turned face down (L389-390):
    the Piercing they add."""
    piercing = 0
    for code in boosts:
        skill = SKILLS.get(code)
        require(skill is not None and skill.hero == hero.code and skill.kind is SkillKind.BOOST,
                f"{code} is not one of {hero.name}'s Boost cards.")
        assert skill is not None
        require(code not in hero.down, f"{skill.name} is face down until the End of Turn.")
        fault = payable(state, hero, skill.main)
        require(fault is None, str(fault))
    for code in boosts:
        skill = SKILLS[code]
        add_badass(ctx, state, -skill.main.bp, skill.name)
        hero.down.append(code)
        piercing += skill.main.piercing
    return piercing


__all__ = ["after_roll", "after_roll_moves", "attack", "attack_fault", "attack_kinds", "attack_moves", "boosts",
           "effect_of", "land_held", "lightning", "payable"]
