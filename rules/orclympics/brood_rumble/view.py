"""What a viewer may see of a Brood Rumble. Everything on the table is public except the
attack an attacker has chosen and not yet revealed: only that attacker's player sees it."""

from __future__ import annotations

from rules.core.engine import Outcome, PlayerId
from rules.core.views import table_fields
from rules.orclympics.brood_rumble.board import (
    BOARD,
    FEATURE_SIZES,
    HEALTH,
    engaged_pairs,
    on_platform,
)
from rules.orclympics.brood_rumble.secrets import ATTACK_KEY, SECRET_ATTACK
from rules.orclympics.brood_rumble.models import (
    AskKind,
    BroodRumbleState,
    BroodRumbleView,
    CombatView,
    FeatureView,
    OrcView,
    TeamView,
)


def build_view(state: BroodRumbleState, viewer: PlayerId | None, outcome: Outcome | None) -> BroodRumbleView:
    colours = {s.player: s.colour for s in state.seats}
    team_colour = {t.id: colours.get(t.players[0], i) for i, t in enumerate(state.teams.values())}
    orcs = [OrcView(id=o.id, team=o.team, player=o.player, name=state.name_of(o.player), brood=o.brood,
                    colour=team_colour[o.team], x=o.x, y=o.y, hp=max(o.hp, 0), max_hp=HEALTH,
                    knocked_down=o.knocked_down, item=o.item, activated=o.activated, out=o.out,
                    on_platform=o.on_board and on_platform(state, o.xy) is not None)
            for o in state.orcs.values()]
    features = []
    for f in state.features:
        width, height, round_ = FEATURE_SIZES[f.kind]
        features.append(FeatureView(id=f.id, kind=f.kind, x=f.x, y=f.y, width=width, height=height, round=round_))
    fight = state.combat
    combat_view = None
    if fight is not None:
        combat_view = CombatView(orcs=fight.orcs, attacker=fight.attacker, defender=fight.defender,
                                 counter=fight.counter, attack_chosen=fight.attack is not None,
                                 attack=SECRET_ATTACK.seen(state, ATTACK_KEY, viewer),
                                 lost=dict(fight.lost), exchanges=[e.model_copy() for e in fight.exchanges])
    ask = state.ask
    act = state.activation
    return BroodRumbleView(
        **table_fields(state, viewer, list(ask.players) if ask is not None else [],
                       outcome.placings if outcome is not None else None),
        phase=state.phase, turn=state.turn, board=(BOARD.width, BOARD.height),
        teams=[TeamView(id=t.id, players=list(t.players), names=[state.name_of(p) for p in t.players],
                        colour=team_colour[t.id], edge=t.edge) for t in state.teams.values()],
        orcs=orcs, features=features, barrels=[b.model_copy() for b in state.barrels],
        initiative=state.initiative, active=act.orc if act is not None else None,
        deciding=ask.kind if ask is not None else None,
        move_budget=act.budget if act is not None and ask is not None and ask.kind in (
            AskKind.MOVE_TO, AskKind.MOVE_REROLL) else None,
        terrain_left=state.terrain_left, engaged=engaged_pairs(state), combat=combat_view,
        feats=dict(state.feats), trail=[list(t) for t in state.trail], winner=state.winner)
