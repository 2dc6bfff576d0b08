"""Combat (II.4.3): who strikes first, the secret attack, the block, wounds and their effects,
Second Serving and Counterstroke, and the End of Combat.

The attack is a secret: it is stored in `Combat.attack`, told only to its owner (a private
event) and shown only in its owner's view, until the reveal event, which is public.
"""

from __future__ import annotations

from rules.core.engine import Context
from rules.core.initiative import age_ties, roll_off
from rules.orclympics.brood_rumble.board import engaged_pairs, pair_key
from rules.orclympics.brood_rumble.effects import award, hurt, name
from rules.orclympics.brood_rumble.models import (
    STOPS,
    Ask,
    AskKind,
    Attack,
    Block,
    BroodRumbleState,
    Combat,
    Exchange,
    Feat,
    Item,
    Orc,
    OrcId,
)
from rules.orclympics.brood_rumble.movement import push

BLOCKED = 3  # II.4.3 Step 3: a matching block takes 3 wounds off
BIG_HIT = 3  # II.4.3 Step 2: 3 HP or more from one attack triggers its effect
BEATING = 5  # II.4.3.1: 5 HP lost in one Round of Combat knocks an Orc down


def pairs_left(state: BroodRumbleState) -> list[tuple[OrcId, OrcId]]:
    """Engaged pairs that have not fought yet this Game Turn."""
    return [p for p in engaged_pairs(state) if pair_key(*p) not in state.fought]


def start(ctx: Context, state: BroodRumbleState, pair: tuple[OrcId, OrcId]) -> None:
    """Step 1: the charger strikes first; otherwise the two players roll off. A tie is rolled
    again, or, in a campaign that knows the broods' ages, settled by age (campaign rules 4)."""
    key = pair_key(*pair)
    state.fought.append(key)
    a, b = (state.orcs[o] for o in pair)
    charger = state.charges.get(key)
    if charger is not None:
        first = state.orcs[charger]
        ctx.say(f"⚔️ {a.id} and {b.id} fight; {first.id} charged, so it strikes first.", kind="phase")
    else:
        players = [a.player, b.player]
        ages = state.ages or {}
        tie = age_ties(ages, players)
        winner = roll_off(ctx.dice, players, f"who strikes first between {a.id} and {b.id}", tie)
        first = a if winner == a.player else b
        ctx.say(f"⚔️ {a.id} and {b.id} fight; {first.id} wins the roll and strikes first.", kind="phase")
    other = b if first is a else a
    state.combat = Combat(orcs=pair, first=first.id, attacker=first.id, defender=other.id,
                          lost={a.id: 0, b.id: 0})
    ask_attack(state)


def ask_attack(state: BroodRumbleState) -> None:
    combat = state.combat
    assert combat is not None
    attacker = state.orcs[combat.attacker]
    state.ask = Ask(kind=AskKind.ATTACK, players=[attacker.player], orc=attacker.id)


def choose_attack(ctx: Context, state: BroodRumbleState, attack: Attack) -> None:
    """Step 2: the hidden die under the palm. Only its owner hears what it is."""
    combat = state.combat
    assert combat is not None
    attacker, defender = state.orcs[combat.attacker], state.orcs[combat.defender]
    combat.attack = attack
    ctx.say(f"🤫 You chose {attack.label} for {attacker.id}; it stays hidden until {defender.id} has blocked.",
            visible_to=[attacker.player])
    ctx.say(f"✋ {name(state, attacker)} has picked an attack, hidden under a palm.")
    state.ask = Ask(kind=AskKind.DEFENCE, players=[defender.player], orc=defender.id)


def choose_defence(ctx: Context, state: BroodRumbleState, block: Block) -> OrcId | None:
    """Steps 3 and 4: the defender blocks, the attack is revealed and resolved. Returns the Orc
    that must fall back (after a knock-down), if any."""
    combat = state.combat
    assert combat is not None and combat.attack is not None
    attacker, defender = state.orcs[combat.attacker], state.orcs[combat.defender]
    attack = combat.attack
    combat.attack = None
    ctx.say(f"🛡️ {name(state, defender)} goes for a {block.label}.")
    ctx.say(f"👊 Revealed: {attacker.id} goes for a {attack.label}!")
    return _resolve(ctx, state, combat, attacker, defender, attack, block)


def _resolve(ctx: Context, state: BroodRumbleState, combat: Combat, attacker: Orc, defender: Orc, attack: Attack,
             block: Block) -> OrcId | None:
    roll = ctx.dice.d3(f"wounds of {attacker.id}'s {attack.label}", attacker.player)
    wounds, notes = roll.result, []
    if attack is Attack.PUNCH and attacker.item is Item.KNUCKLE_DUSTERS:
        attacker.item, wounds = None, wounds + 1
        notes.append("+1 for the Rusty Knuckle Dusters")
    if attack is Attack.HEADBUTT and attacker.item is Item.OLD_HELMET:
        attacker.item, wounds = None, wounds + 1
        notes.append(f"+1 for {attacker.id}'s Old Helmet")
    if attack is Attack.HEADBUTT and defender.item is Item.OLD_HELMET:
        defender.item, wounds = None, wounds - 1
        notes.append(f"-1 for {defender.id}'s Old Helmet")
    matched = STOPS[block] is attack
    if matched:
        wounds -= BLOCKED
        notes.append(f"-{BLOCKED} for the right block")
    wounds = max(0, wounds)
    combat.exchanges.append(Exchange(attacker=attacker.id, attack=attack, block=block, wounds=wounds))
    ctx.say(f"{attacker.id}'s {attack.label} deals {wounds} wound{'s' if wounds != 1 else ''}"
            f"{' (' + ', '.join(notes) + ')' if notes else ''}.")
    before = {o.id: o.hp for o in (attacker, defender)}
    hurt(ctx, state, defender, wounds, f"to the {attack.label}")
    ended, fall_back = False, None
    if wounds >= BIG_HIT and not defender.out:
        if attack is Attack.HEADBUTT:
            ctx.say(f"The {attack.label} sends {defender.id} flying!")
            push(ctx, state, attacker, defender)
            ended = True
        elif attack is Attack.PUNCH:
            hurt(ctx, state, defender, 1, "more: the Punch rattles its teeth")
            ctx.say("The Punch leaves both Orcs reeling: this fight resumes next turn.")
            ended = True
        else:
            defender.knocked_down = True
            ctx.say(f"{defender.id} folds up and goes down!")
            ended, fall_back = True, attacker.id
    for orc in (attacker, defender):
        combat.lost[orc.id] = combat.lost.get(orc.id, 0) + before[orc.id] - orc.hp
    if defender.out:
        if wounds >= BIG_HIT:
            award(ctx, state, Feat.GO_PLAY_DOLLS, attacker)
        return _close(ctx, state, None)
    if attacker.out:
        return _close(ctx, state, None)
    if combat.lost[defender.id] >= BEATING:
        if not defender.knocked_down:
            defender.knocked_down = True
            ctx.say(f"{defender.id} has taken {combat.lost[defender.id]} HP this round and goes down!")
        award(ctx, state, Feat.ORC_PEDAGOGY, attacker)
        return _close(ctx, state, attacker.id)
    if ended:
        return _close(ctx, state, fall_back)
    if not matched:
        ctx.say(f"Second serving: {defender.id} guessed wrong, so {attacker.id} attacks again.")
        ask_attack(state)
        return None
    if combat.counter:
        ctx.say(f"Both have struck; {attacker.id} and {defender.id} will go on next turn if still in contact.")
        return _close(ctx, state, None)
    combat.counter = True
    combat.attacker, combat.defender = defender.id, attacker.id
    ctx.say(f"{defender.id} blocked it: Counterstroke, {defender.id} attacks.")
    ask_attack(state)
    return None


def _close(ctx: Context, state: BroodRumbleState, fall_back: OrcId | None) -> OrcId | None:
    state.combat = None
    state.ask = None
    if fall_back is not None and state.orcs[fall_back].on_board:
        winner = state.orcs[fall_back]
        state.ask = Ask(kind=AskKind.FALL_BACK, players=[winner.player], orc=winner.id)
        return winner.id
    return None
