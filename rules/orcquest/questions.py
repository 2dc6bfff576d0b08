"""The questions OrcQuest asks in the middle of something (`rules.core.stages`):

- after a Hero's Attack is thrown, Boosts and an Enraged re-roll may still change it (L389-390,
  L575, L1080): "read the dice as they lie" is the default;
- in the Enemy Phase a Hero attacked may react (L883-885) — Mek's Dodge in the house set — with
  "no Reaction" as the default, so the Enemies never wait for a player who is away.
"""

from __future__ import annotations

from rules.core.stages import Stage, Stages
from rules.orcquest.enemies import REACTION
from rules.orcquest.models import Ask, Boost, Dodge, Pass, QuestState, Reroll, Resolve

AFTER_ROLL = "after-roll"


def say(state: QuestState, ask: Ask) -> str:
    if ask.kind == AFTER_ROLL:
        held = state.held
        if held is None:
            return ""
        hero = state.hero(held.hero)
        return f"{hero.name}'s dice are down: play a Boost, re-roll (Enraged), or read them as they lie?"
    strike = state.enemy_turn.strike if state.enemy_turn else None
    if strike is None:
        return ""
    hero = state.hero(strike.hero)
    enemy = state.enemy(strike.enemy)
    who = enemy.label if enemy else "An Enemy"
    return (f"{who}'s Attack would deal {strike.damage} Damage to {hero.name}: react (Dodge, or an Enraged "
            "re-roll of the Defence dice) or take it?")


STAGES: Stages[QuestState] = Stages({
    REACTION: Stage((Dodge, Pass, Reroll), default=Pass()),
    AFTER_ROLL: Stage((Boost, Reroll, Resolve), default=Resolve()),
}, say)

__all__ = ["AFTER_ROLL", "STAGES", "say"]
