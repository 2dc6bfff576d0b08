"""Fights on the board (seed 004, L505-622, L890-892): a Hero's Attack on an Enemy, an Enemy's on a
Hero, Damage and death, Loot and Badass Points, and the Enemy's Reaction.

An Attack needs equipped Stuff of its kind; Melee and Magic need Line of Sight, Ranged Line of Fire;
two weapons of the kind roll together (L520-521); the attacker turns to its target for free (L509).
The defender rolls the Defence of its sheet or of its equipped Stuff (L615-616), with a white die
more for a Hero on high furniture or a trunk against Melee (L459) and for anyone in a field against
Ranged (L461). After the first Attack on it, an Enemy that survives and is not Petrified, Stunned or
Terrified reacts once per Hero Phase: attacked from its Rear Arc it only turns round (reading d14),
else it turns to the attacker and reacts, when it can (L603-614).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.engine import Context
from rules.core.errors import RuleViolation
from rules.orcquest.board import keep_watch, layout_of, scene_of
from rules.orcquest.combat import LEVEL_WORDS, Pool, resolve, shifted, throw, words
from rules.orcquest.data import (
    ATTACK_FACES,
    BADASS_FACES,
    CARDS,
    DEFENCE_FACES,
    ENEMIES,
    HEROES,
    Ability,
    AttackKind,
    AttackLine,
    Badass,
    DieColour,
    Effect,

)
from rules.orcquest.geometry import (
    adjacent,
    distance,
    facing_towards,
    in_rear_arc,
    line_of_fire,
    line_of_sight,
)
from rules.orcquest.models import Enemy, Faces, Hero, QuestState, Strike

LIGHTNING_REACH = 2
"""Lightning X jumps to Enemies up to 2 squares away (L1126)."""


@dataclass(frozen=True)
class Weapon:
    """The Stuff a Hero attacks with: the lines of one kind that reach the target, rolled together."""

    kind: AttackKind
    lines: tuple[AttackLine, ...]

    @property
    def dice(self) -> tuple[DieColour, ...]:
        return tuple(d for line in self.lines for d in line.dice)

    @property
    def push(self) -> int:
        return max((line.push for line in self.lines), default=0)


def kinds_held(hero: Hero) -> list[AttackKind]:
    """The kinds of Attack the Hero's equipped Stuff allows (L520)."""
    return sorted({line.kind for card in hero.hands for line in CARDS[card].attacks})


def weapon_for(state: QuestState, hero: Hero, enemy: Enemy, kind: AttackKind) -> Weapon | None:
    """The equipped Stuff of `kind` that reaches `enemy` from where `hero` stands: one line per card
    (the first that reaches), every such card together (L520-529); None when nothing reaches or the
    line is blocked (Line of Sight for Melee and Magic, of Fire for Ranged, L507-519)."""
    assert hero.square is not None
    scene = scene_of(state)
    near = enemy.square in adjacent(scene, hero.square)
    far = distance(scene, hero.square, enemy.square)
    lines = []
    for card in hero.hands:
        line = next((ln for ln in CARDS[card].attacks if ln.kind == kind and ln.reaches(far, near)), None)
        if line is not None:
            lines.append(line)
    if not lines:
        return None
    if kind is AttackKind.RANGED:
        clear = line_of_fire(scene, hero.square, enemy.square,
                             supported=HEROES[hero.code].innate is Ability.SUPPORT)
    else:
        clear = line_of_sight(scene, hero.square, enemy.square)
    return Weapon(kind, tuple(lines)) if clear else None


def effect_reaches(state: QuestState, hero: Hero, enemy: Enemy, effect: Effect) -> bool:
    """Whether an effect with its own Range and no dice (Weakening) reaches `enemy`: in Range and Line
    of Sight."""
    assert hero.square is not None and effect.reach is not None
    scene = scene_of(state)
    low, high = effect.reach
    return low <= distance(scene, hero.square, enemy.square) <= high and line_of_sight(scene, hero.square, enemy.square)


def hero_defence(state: QuestState, hero: Hero, kind: AttackKind) -> tuple[DieColour, ...]:
    """A Hero's Defence dice: every equipped Stuff's (L615), with a white die on high furniture or
    a trunk against Melee (L459) and in a field against Ranged (L461)."""
    dice = [d for card in (*hero.hands, *hero.body) for d in CARDS[card].defence]
    layout = layout_of(state)
    square = hero.square
    assert square is not None
    piece = layout.furniture_at(square)
    raised = square in layout.trunks or (piece is not None and piece.high and piece.code in state.furniture)
    if kind is AttackKind.MELEE and raised:
        dice.append(DieColour.WHITE)
    if kind is AttackKind.RANGED and square in layout.fields:
        dice.append(DieColour.WHITE)
    return tuple(dice)


def enemy_defence(state: QuestState, enemy: Enemy, kind: AttackKind) -> tuple[DieColour, ...]:
    """An Enemy's Defence dice: its sheet's, and a white die in a field against Ranged (L461)."""
    dice = list(ENEMIES[enemy.kind].defence)
    if kind is AttackKind.RANGED and enemy.square in layout_of(state).fields:
        dice.append(DieColour.WHITE)
    return tuple(dice)


def wound_hero(ctx: Context, state: QuestState, hero: Hero, amount: int, why: str) -> None:
    """Damage on a Hero; at its last Health Point it dies and leaves a Dead Hero token (L890-892).
    With every Hero dead the Quest is lost (L190)."""
    if amount <= 0 or hero.dead:
        return
    hero.damage = min(hero.hp, hero.damage + amount)
    ctx.say(f"{hero.name} takes {amount} Damage ({why}): {hero.hp - hero.damage} of {hero.hp} HP left.")
    if hero.damage >= hero.hp:
        hero.dead = True
        hero.invisible = False
        ctx.say(f"{hero.name} is dead! A Dead Hero token lies on {hero.square}.")
        if all(h.dead for h in state.heroes):
            state.won = False
            ctx.say("Every Hero is dead: the Quest is lost.", kind="end")


def heal_hero(ctx: Context, hero: Hero, amount: int, why: str) -> None:
    healed = min(amount, hero.damage)
    hero.damage -= healed
    ctx.say(f"{hero.name} heals {healed} ({why}): {hero.hp - hero.damage} of {hero.hp} HP.")


def draw_loot(ctx: Context, state: QuestState) -> str | None:
    """The top Loot card; an empty deck takes its discard shuffled (reading d19)."""
    if not state.loot and state.loot_discard:
        state.loot = ctx.dice.shuffled(state.loot_discard, "the Loot discard shuffled into a new deck")
        state.loot_discard = []
    return state.loot.pop(0) if state.loot else None


def kill(ctx: Context, state: QuestState, enemy: Enemy, killer: Hero | None, *, one_roll: bool) -> None:
    """An Enemy at or past its Health Points is removed; its killer draws its Loot cards and the party
    gains its Badass Points, 1 more when it fell from full health to a single roll (L619-622, L694-697).
    The Enemies who see it die are alerted (L323)."""
    sheet = ENEMIES[enemy.kind]
    state.enemies.remove(enemy)
    gain = sheet.badass + (1 if one_roll else 0)
    ctx.say(f"{enemy.label} is dead!" + (" Killed in one roll from full health: +1 Badass Point." if one_roll else ""))
    add_badass(ctx, state, gain, f"{enemy.label} killed")
    if killer is not None:
        for _ in range(sheet.loot):
            card = draw_loot(ctx, state)
            if card is not None:
                killer.inventory.append(card)
                ctx.say(f"{killer.name} loots a {CARDS[card].name}.")
    keep_watch(ctx, state, dying=[enemy.square])


def add_badass(ctx: Context, state: QuestState, amount: int, why: str) -> None:
    """Badass Points gained or spent, between 0 and the Limit (L686-691)."""
    before = state.badass
    state.badass = max(0, min(state.limit, state.badass + amount))
    if state.badass != before:
        ctx.say(f"Badass Points {before} → {state.badass} ({why}).")


def hit_enemy(ctx: Context, state: QuestState, hero: Hero | None, enemy: Enemy, dice: tuple[DieColour, ...],
              kind: AttackKind, why: str, *, brutality: int = 0, piercing: int = 0) -> int:
    """Roll one Attack of `dice` on `enemy` and apply it; the Damage dealt."""
    full = enemy.damage == 0
    thrown = throw_at(ctx, state, hero, enemy, dice, kind, why)
    return land(ctx, state, hero, enemy, thrown.attack, thrown.defence, brutality=brutality, piercing=piercing,
                full=full)


def throw_at(ctx: Context, state: QuestState, hero: Hero | None, enemy: Enemy, dice: tuple[DieColour, ...],
             kind: AttackKind, why: str) -> Faces:
    """The dice of an Attack on `enemy` thrown, not yet read (L571); an Attack with no dice (the
    Staff's Push, house set b) throws nothing."""
    if not dice:
        return Faces(attack=[], defence=[])
    pool = Pool(dice, enemy_defence(state, enemy, kind)).capped()
    thrown = throw(ctx.dice, pool, why, hero.owners[0] if hero else None, None)
    return Faces(attack=[(c, r.faces[0]) for c, r in thrown.attack],
                 defence=[(c, r.faces[0]) for c, r in thrown.defence])


def land(ctx: Context, state: QuestState, hero: Hero | None, enemy: Enemy, attack: list[tuple[DieColour, int]],
         defence: list[tuple[DieColour, int]], *, brutality: int = 0, piercing: int = 0, full: bool) -> int:
    """An Attack's thrown dice read and applied to `enemy` (L572-585): the Damage dealt; at its Health
    Points it dies (`kill`), with the one-roll bonus when it was at full health before the roll."""
    sheet = ENEMIES[enemy.kind]
    hits = [ATTACK_FACES[c][f - 1] for c, f in attack]
    blocks = [DEFENCE_FACES[c][f - 1] for c, f in defence]
    hp = shifted(sheet.colour, fortified="fortified" in enemy.conditions, weakened="weakened" in enemy.conditions)
    result = resolve(hits, blocks, hp, brutality=brutality, piercing=piercing)
    enemy.conditions.pop("fortified", None)
    enemy.conditions.pop("weakened", None)
    enemy.damage += result.damage
    shown = words([c for c, _ in attack], hits, [c for c, _ in defence], blocks)
    ctx.say(f"{shown} against {LEVEL_WORDS[hp]} HP: {result.damage} Damage to {enemy.label}.")
    if enemy.damage >= sheet.hp:
        kill(ctx, state, enemy, hero, one_roll=full)
    return result.damage


def roll_on_hero(ctx: Context, state: QuestState, enemy: Enemy, hero: Hero, why: str, *,
                 blue: bool = False) -> Strike:
    """An Enemy's Attack on a Hero rolled, its Damage not yet dealt: the sheet's dice, and a blue Badass
    die on whose Skull a Peasant strikes with Brutality (house set b); the Hero rolls every equipped
    Defence (L615-616). Fortified and Weakened end with the Attack (L1074, L1084)."""
    sheet = ENEMIES[enemy.kind]
    pool = Pool(sheet.attack.dice, hero_defence(state, hero, sheet.attack.kind), 1 if blue else 0).capped()
    thrown = throw(ctx.dice, pool, why, None, hero.owners[0])
    hp = shifted(HEROES[hero.code].colour, fortified="fortified" in hero.conditions,
                 weakened="weakened" in hero.conditions)
    hero.conditions.pop("fortified", None)
    hero.conditions.pop("weakened", None)
    faces = Faces(attack=[(c, r.faces[0]) for c, r in thrown.attack],
                  defence=[(c, r.faces[0]) for c, r in thrown.defence], badass=[r.faces[0] for r in thrown.badass])
    strike = Strike(enemy=enemy.id, hero=hero.code, damage=0, faces=faces, hp=hp)
    read_strike(ctx, strike)
    return strike


def read_strike(ctx: Context, strike: Strike) -> None:
    """Read an Enemy's thrown Attack into its Damage (L572-585), a Skull on its blue die adding Brutality."""
    faces = strike.faces
    assert faces is not None
    hits = [ATTACK_FACES[c][f - 1] for c, f in faces.attack]
    blocks = [DEFENCE_FACES[c][f - 1] for c, f in faces.defence]
    badass = [BADASS_FACES[f - 1] for f in faces.badass]
    skulls = [b for b in badass if b is Badass.SKULL]
    strike.damage = resolve(hits, blocks, strike.hp, badass=skulls, skulls_brutal=True).damage
    shown = words([c for c, _ in faces.attack], hits, [c for c, _ in faces.defence], blocks, badass)
    ctx.say(f"{shown} against {LEVEL_WORDS[strike.hp]} HP: {strike.damage} Damage.")


def hit_hero(ctx: Context, state: QuestState, enemy: Enemy, hero: Hero, why: str, *, blue: bool = False) -> int:
    """An Enemy's Attack on a Hero, rolled and dealt."""
    damage = roll_on_hero(ctx, state, enemy, hero, why, blue=blue).damage
    wound_hero(ctx, state, hero, damage, f"{enemy.label}'s Attack")
    return damage


def react(ctx: Context, state: QuestState, enemy: Enemy, hero: Hero, kind: AttackKind) -> None:
    """The Enemy's Reaction to its first Attack this Hero Phase (L600-614; reading d14)."""
    if enemy not in state.enemies or enemy.reacted or not enemy.menacing or hero.square is None:
        return
    enemy.reacted = True
    scene = scene_of(state)
    behind = in_rear_arc(scene, enemy.square, enemy.facing, hero.square)
    enemy.facing = facing_towards(scene, enemy.square, hero.square)
    if behind:
        ctx.say(f"Caught by surprise, {enemy.label} turns round to face {hero.name}.")
        keep_watch(ctx, state)
        return
    reaction = ENEMIES[enemy.kind].reaction
    keep_watch(ctx, state)
    if reaction != "counterattack" or hero.dead:
        ctx.say(f"{enemy.label} turns to face {hero.name}.")
        return
    line = ENEMIES[enemy.kind].attack
    near = hero.square in adjacent(scene, enemy.square)
    if not line.reaches(distance(scene, enemy.square, hero.square), near) or kind is not AttackKind.MELEE and not near:
        ctx.say(f"{enemy.label} cannot reach {hero.name} to strike back: its Reaction is lost.")
        return
    ctx.say(f"{enemy.label} counterattacks {hero.name}!")
    hit_hero(ctx, state, enemy, hero, f"{enemy.label}'s Counterattack on {hero.name}")


def reroll_faces(ctx: Context, hero: Hero, side: list[tuple[DieColour, int]], chosen: list[int], word: str) -> None:
    """An Enraged Hero's re-roll of the chosen dice of one side (`word`: Attack or Defence), in place
    (L575, L1080)."""
    require(bool(chosen) and all(0 <= n < len(side) for n in chosen), f"Name {word} dice from 0 to {len(side) - 1}.")
    for n in sorted(set(chosen)):
        colour, _ = side[n]
        side[n] = (colour, ctx.dice.d6(f"{hero.name} re-rolls a {colour} {word} die (Enraged)", hero.owners[0]).faces[0])


def reroll_choices(count: int) -> list[list[int]]:
    """Every non-empty set of `count` dice, by their places: what 'any number of dice' offers (L1080)."""
    return [[n for n in range(count) if mask >> n & 1] for mask in range(1, 2 ** count)]


def require(condition: bool, sentence: str) -> None:
    """Refuse a move with `sentence` unless `condition` holds."""
    if not condition:
        raise RuleViolation(sentence)


__all__ = ["LIGHTNING_REACH", "Weapon", "add_badass", "draw_loot", "effect_reaches", "heal_hero", "hero_defence",
           "enemy_defence", "hit_enemy", "hit_hero", "kill", "kinds_held", "land", "throw_at", "react", "read_strike", "reroll_choices", "reroll_faces", "require", "roll_on_hero", "weapon_for",
           "wound_hero"]
