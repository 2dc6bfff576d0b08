"""The one question OrcQuest's Enemy Phase asks (`rules.core.stages`): a Hero attacked may react
(L883-885) — Mek's Dodge in the house set — with "no Reaction" as the default when the time runs
out, so the Enemies never wait for a player who is away."""

from __future__ import annotations

from rules.core.stages import Stage, Stages
from rules.orcquest.enemies import REACTION
from rules.orcquest.models import Ask, Dodge, Pass, QuestState


def say(state: QuestState, ask: Ask) -> str:
    strike = state.enemy_turn.strike if state.enemy_turn else None
    if strike is None:
        return ""
    hero = state.hero(strike.hero)
    enemy = state.enemy(strike.enemy)
    who = enemy.label if enemy else "An Enemy"
    return (f"{who}'s Attack would deal {strike.damage} Damage to {hero.name}: Dodge (1 Badass Point, "
            "ignore it and step one square) or take it?")


STAGES: Stages[QuestState] = Stages({REACTION: Stage((Dodge, Pass), default=Pass())}, say)

__all__ = ["STAGES", "say"]
