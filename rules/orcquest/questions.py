"""The questions OrcQuest asks in the middle of something (`rules.core.stages`):

- after a Hero's Attack is thrown, Boosts and an Enraged re-roll may still change it (L389-390,
  L575, L1080): "read the dice as they lie" is the default;
- in the Enemy Phase a Hero attacked may react (L883-885) — Mek's Dodge in the house set — with
  "no Reaction" as the default, so the Enemies never wait for a player who is away;
- ties the rules leave to the players: where an Exploration's token or figure goes among equally near
  empty squares (L488, L499; reading d7), and which of the Patrol's Enemies tied nearest the Bell
  becomes the Bell-ringer (L803). The party answers, so every seat is asked (`Stages` asks them all
  and takes the first answer; a computer seat waits its any-time pause before a timed question, so a
  human has the time to answer): the first in reading order, or the lowest number, is the default.
"""

from __future__ import annotations

from rules.core.stages import Stage, Stages
from rules.orcquest.enemies import REACTION
from rules.orcquest.exploration import PLACE, placing
from rules.orcquest.models import Ask, Boost, Dodge, Pass, Place, QuestState, Reroll, Resolve, Ringer

AFTER_ROLL = "after-roll"
RINGER = "ringer"
"""The question which Enemy tied nearest the Bell becomes the Bell-ringer (L803)."""


def ringer_question(state: QuestState) -> str:
    tied = [e for i in state.ringer_tie if (e := state.enemy(i)) is not None]
    if not tied:
        return ""
    names = [f"{e.label} on {e.square}" for e in tied]
    listed = ", ".join(names[:-1]) + f" or {names[-1]}"
    return (f"The Patrol is Alert and {listed} stand as near the Bell: which runs to ring it? "
            f"(Unanswered: {tied[0].label}, the lowest number.)")


def say(state: QuestState, ask: Ask) -> str:
    if ask.kind == PLACE:
        return placing(state)
    if ask.kind == RINGER:
        return ringer_question(state)
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


def _first_square(state: QuestState) -> Place:
    """A tie's square left unanswered: the first of the tied in reading order (reading d7), named so the
    log says where the token went."""
    options = state.exploring.options if state.exploring is not None else []
    return Place(square=options[0]) if options else Place()


def _lowest_ringer(state: QuestState) -> Ringer:
    """A tie for the Bell left unanswered: the lowest number runs (L803), named."""
    return Ringer(enemy=min(state.ringer_tie)) if state.ringer_tie else Ringer()


STAGES: Stages[QuestState] = Stages({
    REACTION: Stage((Dodge, Pass, Reroll), default=Pass()),
    AFTER_ROLL: Stage((Boost, Reroll, Resolve), default=Resolve()),
    PLACE: Stage((Place,), default=lambda state, ask: _first_square(state)),
    RINGER: Stage((Ringer,), default=lambda state, ask: _lowest_ringer(state)),
}, say)

__all__ = ["AFTER_ROLL", "PLACE", "RINGER", "STAGES", "ringer_question", "say"]
