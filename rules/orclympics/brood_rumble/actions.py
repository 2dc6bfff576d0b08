"""An activated Orc's actions (II.4.2): Move, Throw a Barrel, Grab an Item, Get Up, Fight.

Up to two different actions per activation; a Knocked Down Orc can only Get Up and an Orc
in base contact with an enemy can only Fight (a pass: combat comes at the end of the turn).
"""

from __future__ import annotations

from rules.core.engine import Context
from rules.core.errors import RuleViolation
from rules.core.geometry import centre_distance, touching
from rules.orclympics.brood_rumble import barrels
from rules.orclympics.brood_rumble.board import (
    MOVE_BONUS,
    enemies,
    engaged,
    feature_shape,
    features,
    orc_shape,
    touched_barrels,
)
from rules.orclympics.brood_rumble.effects import award, name
from rules.orclympics.brood_rumble.models import (
    Action,
    Activation,
    Ask,
    AskKind,
    BonusThrow,
    BroodRumbleState,
    CatchThrow,
    EndActivation,
    Feat,
    Feature,
    FeatureKind,
    Fight,
    GetUp,
    Grab,
    Item,
    Move,
    Orc,
    Throw,
)
from rules.orclympics.broods import Brood

ACT_ACTIONS: tuple[type, ...] = (Move, Throw, Grab, GetUp, Fight, EndActivation)

GRAB_TABLE: dict[int, Item | None] = {1: None, 2: None, 3: Item.KNUCKLE_DUSTERS, 4: Item.KNUCKLE_DUSTERS,
                                      5: Item.OLD_HELMET, 6: Item.OLD_HELMET}
"""II.4.2.3: 1-2 Oh, a Barrel! (None), 3-4 Rusty Knuckle Dusters, 5-6 Old Helmet."""


def activate_orc(ctx: Context, state: BroodRumbleState, orc: Orc) -> None:
    state.activation = Activation(orc=orc.id)
    note = " It is on the ground and must get up." if orc.knocked_down else (
        " It is locked in a fight." if engaged(state, orc) else "")
    ctx.say(f"{name(state, orc)} is activated.{note}", kind="phase")


def grab_mound(state: BroodRumbleState, orc: Orc) -> Feature | None:
    """II.4.2.3: a Debris Mound the Orc touches that no enemy touches."""
    shape = orc_shape(orc)
    for mound in features(state, FeatureKind.MOUND):
        mound_shape = feature_shape(mound)
        if touching(shape, mound_shape) and not any(touching(orc_shape(e), mound_shape)
                                                    for e in enemies(state, orc)):
            return mound
    return None


def act_offers(state: BroodRumbleState, orc: Orc, act: Activation) -> list[Action]:
    if orc.knocked_down:
        return [GetUp()]
    if engaged(state, orc):
        return [Fight()]
    offers: list[Action] = []
    if "move" not in act.used:
        offers.append(Move())
    if "throw" not in act.used and touched_barrels(state, orc):
        offers += [Throw(target=t) for t in barrels.throw_targets(state, orc)]
    if "grab" not in act.used and grab_mound(state, orc) is not None:
        offers.append(Grab())
    offers.append(EndActivation())
    return offers


def bonus_offers(state: BroodRumbleState, orc: Orc) -> list[Action]:
    return [*(BonusThrow(target=t) for t in barrels.throw_targets(state, orc)), BonusThrow(target=None)]


def catch_offers(state: BroodRumbleState, orc: Orc) -> list[Action]:
    """A caught crowd Barrel may go at any other Orc, or any way at all (8 directions offered)."""
    others = sorted(o.id for o in state.orcs.values() if o.on_board and o.id != orc.id)
    return [*(CatchThrow(target=t) for t in others), *(CatchThrow(angle=k * 45.0) for k in range(8))]


def apply_act(ctx: Context, state: BroodRumbleState, orc: Orc, act: Activation, action: Action) -> None:
    """Validate and carry out one action of the active Orc."""
    if orc.knocked_down and not isinstance(action, GetUp):
        raise RuleViolation(f"{orc.id} is Knocked Down: getting up is all it can do this activation.")
    if not orc.knocked_down and engaged(state, orc) and not isinstance(action, Fight):
        raise RuleViolation(f"{orc.id} is in base contact with an enemy: Fight is its only action.")
    match action:
        case Move():
            _once(orc, act, "move", "Move")
            roll = ctx.dice.d6_plus(MOVE_BONUS, f"{orc.id}'s move distance", orc.player)
            act.used.append("move")
            act.roll, act.budget = roll, float(roll.result)
            # a die already thrown again (a War Cry) is not rerolled a second time
            kind = AskKind.MOVE_REROLL if orc.brood is Brood.FERAL and ctx.dice.can_reroll(roll) else AskKind.MOVE_TO
            state.ask = Ask(kind=kind, players=[orc.player], orc=orc.id)
        case Throw():
            _once(orc, act, "throw", "Throw a Barrel")
            _throw(ctx, state, orc, act, action)
        case Grab():
            _once(orc, act, "grab", "Grab an Item")
            _grab(ctx, state, orc, act)
        case GetUp():
            if not orc.knocked_down:
                raise RuleViolation(f"{orc.id} is already on its feet.")
            orc.knocked_down = False
            act.used.append("get_up")
            act.done = True
            ctx.say(f"{name(state, orc)} gets back up, and that takes its whole activation.")
        case Fight():
            if not engaged(state, orc):
                raise RuleViolation(f"{orc.id} touches no enemy: there is nobody to fight.")
            act.used.append("fight")
            act.done = True
            ctx.say(f"{name(state, orc)} stays in the fight; blows fly at the end of the turn.")
        case EndActivation():
            act.done = True
            ctx.say(f"{name(state, orc)} is done.")
        case _:
            raise RuleViolation("That is not something an activated Orc can do.")


def _once(orc: Orc, act: Activation, key: str, label: str) -> None:
    if key in act.used:
        raise RuleViolation(f"{orc.id} has already chosen {label} in this activation: its two actions must differ.")


def _throw(ctx: Context, state: BroodRumbleState, orc: Orc, act: Activation, action: Throw) -> None:
    """II.4.2.2: an unengaged Orc touching a Barrel throws it at an enemy."""
    touched = touched_barrels(state, orc)
    if not touched:
        raise RuleViolation(f"{orc.id} touches no Barrel to throw.")
    if action.barrel is not None:
        barrel = next((b for b in touched if b.id == action.barrel), None)
        if barrel is None:
            raise RuleViolation(f"{orc.id} does not touch the Barrel {action.barrel}.")
    else:
        barrel = min(touched, key=lambda b: (centre_distance(orc.xy, (b.x, b.y)), b.id))
    target = state.orcs.get(action.target)
    if target is None or not target.on_board or target.team == orc.team:
        raise RuleViolation(f"{action.target} is not an enemy Orc on the board.")
    if action.target not in barrels.throw_targets(state, orc):
        raise RuleViolation(f"Cover stands between {orc.id} and {target.id}: no Barrel is thrown over Cover.")
    state.barrels.remove(barrel)
    act.used.append("throw")
    barrels.declare(ctx, state, orc, target, "action")


def _grab(ctx: Context, state: BroodRumbleState, orc: Orc, act: Activation) -> None:
    """II.4.2.3: dig in a Debris Mound; a new Item replaces an unused old one."""
    mound = grab_mound(state, orc)
    if mound is None:
        raise RuleViolation(f"{orc.id} must touch a Debris Mound that no enemy touches to Grab an Item.")
    act.used.append("grab")
    roll = ctx.dice.d6(f"what {orc.id} digs out of {mound.id}", orc.player)
    found = GRAB_TABLE[roll.result]
    lost = f" and drops its {orc.item.label}" if orc.item is not None else ""
    orc.item = found
    if found is None:
        ctx.say(f"Oh, a Barrel! {name(state, orc)} pulls a Barrel out of {mound.id}{lost}.")
        state.ask = Ask(kind=AskKind.BONUS_THROW, players=[orc.player], orc=orc.id)
    else:
        ctx.say(f"{name(state, orc)} digs up {found.label}{lost}.")
    grabbed = state.grabs.setdefault(orc.player, [])
    if mound.id not in grabbed:
        grabbed.append(mound.id)
    if len(grabbed) >= 2:
        award(ctx, state, Feat.COLLECTOR, orc)
