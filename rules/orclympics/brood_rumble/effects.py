"""What happens to Orcs, shared by moves, Barrels and combat: wounds, elimination, Feats,
Dangerous Terrain. One place so the turn's "did anyone bleed?" flag (II.4.4) is never missed."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.engine import Context
from rules.orclympics.brood_rumble.board import feature
from rules.orclympics.brood_rumble.models import (
    BroodRumbleState,
    Feat,
    FeatureKind,
    Orc,
)


def name(state: BroodRumbleState, orc: Orc) -> str:
    """An Orc as the log names it: its number and who controls it, e.g. "A2 (Grak)"."""
    return f"{orc.id} ({state.name_of(orc.player)})"


def hurt(ctx: Context, state: BroodRumbleState, orc: Orc, amount: int, why: str) -> None:
    """Take Health Points away; at 0 or below the Orc is stunned and out (II.1)."""
    if amount <= 0 or orc.out:
        return
    orc.hp -= amount
    state.hp_lost = True
    left = max(orc.hp, 0)
    ctx.say(f"{name(state, orc)} loses {amount} HP {why} ({left} left).")
    if orc.hp <= 0:
        eliminate(ctx, state, orc, "is stunned and carried off")


def eliminate(ctx: Context, state: BroodRumbleState, orc: Orc, how: str) -> None:
    """Take an Orc out of the game; its Item goes with it."""
    if orc.out:
        return
    orc.out = True
    orc.hp = max(orc.hp, 0)
    orc.item = None
    orc.knocked_down = False
    ctx.say(f"💀 {name(state, orc)} {how}!")
    if state.activation is not None and state.activation.orc == orc.id:
        state.activation.done = True


def award(ctx: Context, state: BroodRumbleState, feat: Feat, orc: Orc) -> None:
    """A Feat goes to the first player to complete it (II.5), through the Orc they control."""
    if feat.value not in state.feats:
        state.feats[feat.value] = orc.player
        ctx.say(f"🏅 Feat: {feat.value} — {state.name_of(orc.player)} is the first, with {orc.id}!", kind="feat")


def dangerous_ground(ctx: Context, state: BroodRumbleState, orc: Orc, touched: Iterable[str]) -> None:
    """II.2 Dangerous Terrain: one D6 per Dangerous Terrain feature touched during a movement,
    each 4+ costing a Health Point (one roll per feature and movement: our reading)."""
    for key in dict.fromkeys(touched):
        if orc.out:
            return
        if not any(f.id == key and f.kind is FeatureKind.DANGEROUS for f in state.features):
            continue
        roll = ctx.dice.d6(f"{orc.id} crosses the Dangerous Terrain {feature(state, key).id} (4+ hurts)", orc.player)
        if roll.result >= 4:
            hurt(ctx, state, orc, 1, "on the Dangerous Terrain")
