"""Goblin warlords (seed 002): the engine of the first slice — the set-up and the game turn up to
the end of B2 (see the package docstring for what is still to come).

The set-up (L5-7): every player at once chooses one boss or two, is dealt that many leaders and
then random units up to six, and may trade units back for gold one for one; a caravan chip drawn
goes on the map at once and another chip is drawn in its place. A random player starts.

The game turn (L8-25): A, every caravan steps on along its road; B, each player in turn (the
first game turn from the drawn first player, later the smallest sum of leader authority first,
ties by a die, then clockwise) places and moves any caravans in the hand (B1) and draws
reinforcements (B2: three free, up to two bought, and a leaderless player's redraw).

Line numbers (L…) are those of ../shared/seeds/002_6fc21e352e2e7ee3.txt; the house set and the
readings are those of ../shared/games/goblin-warlords.md (b) and (c). Readings this slice adds where
neither the text nor the reading settles it (for the guide to state):

- the set-up's bosses are chosen by all players at once, each then trading at their own pace; the
  first player is drawn before, and plays first in game turn 1 (reading c1);
- a leaderless player's redraw (L25) comes first in B2, "at the start of his turn", before the three
  free units; it sends back the hand's units only (gold, caravans and captives stay), and keeping the
  hand ends the offers for that turn;
- the order of B from game turn 2: the tied players for the smallest sum roll a D6 each, highest
  first, tied again roll again (`rules.core.initiative.roll_off`);
- a caravan that reaches its destination leaves its chip in the gold cup again, so caravans keep
  coming (L18 only says it is removed).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.core.engine import Context, Game, Outcome, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.views import table_fields
from rules.goblin_warlords.data import (
    BOSSES,
    BOUGHT_DRAWS,
    BOUGHT_PRICE,
    FREE_DRAWS,
    GOLD,
    REDRAW_SIZE,
    REDRAWS,
    ROADS,
    START_UNITS,
    STARTING_MINES,
    UNIT_CHIPS,
    CaravanKind,
    chip,
    gold_cup,
)
from rules.goblin_warlords.models import (
    SLUG,
    Ask,
    AskKind,
    CaravanView,
    ChooseBosses,
    GoblinAction,
    GoblinState,
    GoblinView,
    KeepHand,
    Phase,
    Redraw,
    Reinforce,
    SetupStep,
    TradeForGold,
    Warlord,
    WarlordView,
)
from rules.goblin_warlords.questions import STAGES
from rules.goblin_warlords.rules import (
    authority_sum,
    clockwise_from,
    counted,
    draw_gold_chip,
    draw_units,
    has_leader,
    is_caravan_chip,
    order_of_play,
    place_caravan,
    step_caravan,
    unit_list,
    where,
)
from rules.goblin_warlords.secrets import HANDS, SECRETS, hand_key


BOSSES_QUESTION = "Start with one boss or two? The rest of your six units are drawn at random."
TRADE_QUESTION = "Trade any of your units back for gold, one gold chip each, or keep them all."


class GoblinWarlords(Game[GoblinState, Any]):
    slug = SLUG
    title = "Goblin Warlords"
    min_players = 2
    max_players = 4
    recommended = (2, 4)
    state_type = GoblinState
    action_adapter = TypeAdapter(GoblinAction)
    secrets = SECRETS
    private_by_secrets = True

    # -- set-up (L5-7) ---------------------------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> GoblinState:
        state = GoblinState(seats=list(seats), dice=ctx.dice.state,
                            warlords=[Warlord(player=s.player) for s in seats],
                            tribe_cup=[c.number for c in UNIT_CHIPS], gold_cup=gold_cup(),
                            mines=sorted(STARTING_MINES))
        state.first = ctx.dice.pick(range(len(seats)), "first player")  # L7
        ctx.say(f"{seats[state.first].name} will take the first turn. Each warlord now chooses to start with one "
                "boss or two; the rest of the six starting units are drawn from the tribe cup.")
        return state

    def _setup_prompts(self, state: GoblinState) -> list[Prompt]:
        prompts = []
        for warlord in state.warlords:
            if warlord.setup is SetupStep.BOSSES:
                prompts.append(Prompt(player=warlord.player, kind=PromptKind.ACTION, text=BOSSES_QUESTION))
            elif warlord.setup is SetupStep.TRADE:
                prompts.append(Prompt(player=warlord.player, kind=PromptKind.SECRET, secret=True, text=TRADE_QUESTION))
        return prompts

    def _choose_bosses(self, ctx: Context, state: GoblinState, player: PlayerId, action: ChooseBosses) -> None:
        """L6 (reading a7, b3): the bosses are leaders drawn at random, then units up to six."""
        warlord = state.warlord(player)
        if warlord.setup is not SetupStep.BOSSES:
            raise RuleViolation("You have already chosen your bosses.")
        if action.count not in BOSSES:
            raise RuleViolation("You may start with one boss or two.")
        bosses = draw_units(ctx.dice, state.tribe_cup, action.count, "bosses", player, leaders_only=True)
        others = draw_units(ctx.dice, state.tribe_cup, START_UNITS - len(bosses), "starting units", player)
        warlord.units = [*bosses, *others]
        warlord.bosses = len(bosses)
        warlord.setup = SetupStep.TRADE
        ctx.say(f"{state.name_of(player)} starts with {counted(len(bosses), 'boss', 'bosses')} and draws "
                f"{counted(len(others), 'more unit')}.")
        ctx.say(f"Your bosses: {unit_list(bosses)}. Your other units: {unit_list(others)}.", visible_to=[player])

    def _trade_for_gold(self, ctx: Context, state: GoblinState, player: PlayerId, action: TradeForGold) -> None:
        """L6 (reading a8): units back to the tribe cup, a gold chip each; a caravan chip drawn goes on
        the map at once and another chip is drawn in its place."""
        warlord = state.warlord(player)
        if warlord.setup is not SetupStep.TRADE:
            raise RuleViolation("Choose your bosses first." if warlord.setup is SetupStep.BOSSES
                                else "You have already traded your units.")
        if len(set(action.units)) != len(action.units):
            raise RuleViolation("Name each unit you trade only once.")
        missing = [c for c in action.units if c not in warlord.units]
        if missing:
            raise RuleViolation("You can only trade units that are in your hand.")
        for unit in action.units:
            warlord.units.remove(unit)
            state.tribe_cup.append(unit)
        got = 0
        for _ in action.units:
            got += self._gold_for(ctx, state, player)
        warlord.gold += got
        warlord.setup = SetupStep.DONE
        if action.units:
            ctx.say(f"{state.name_of(player)} trades {counted(len(action.units), 'unit')} for gold.")
            ctx.say(f"You gave back {unit_list(action.units)} and got {counted(got, 'gold chip')}.",
                    visible_to=[player])
        else:
            ctx.say(f"{state.name_of(player)} keeps every unit.")
        if all(w.setup is SetupStep.DONE for w in state.warlords):
            ctx.say("Every warlord is ready: the war begins.")
            self._begin_game_turn(ctx, state)

    def _gold_for(self, ctx: Context, state: GoblinState, player: PlayerId) -> int:
        """One gold chip drawn at the set-up (L6): a caravan drawn is placed on the map at once and
        another chip drawn in its place, until a gold chip comes (0 when the cup runs dry)."""
        while (drawn := draw_gold_chip(ctx.dice, state.gold_cup, "gold", player)) is not None:
            if not is_caravan_chip(drawn):
                return 1
            caravan = place_caravan(state, CaravanKind(drawn))
            ctx.say(f"{state.name_of(player)} draws {caravan.kind.an} caravan: it sets out from "
                    f"{where(caravan.territory)} for {where(ROADS[caravan.kind][-1])}.")
        return 0

    # -- the game turn (L8-20) -----------------------------------------------------------------------------
    def _begin_game_turn(self, ctx: Context, state: GoblinState) -> None:
        """A: every caravan steps on (L18); then the order of B (L20; reading c1) and the first player turn."""
        state.turn += 1
        ctx.say(f"Game turn {state.turn} begins.", kind="phase")
        for caravan in sorted(state.caravans, key=lambda c: c.id):
            if step_caravan(state, caravan):
                ctx.say(f"The {caravan.kind.title} caravan reaches {where(caravan.territory)} and leaves the map.")
            else:
                ctx.say(f"The {caravan.kind.title} caravan moves on to {where(caravan.territory)}.")
        if state.turn == 1:
            state.order = clockwise_from(state.players, state.players[state.first])  # L7
        else:
            state.order = order_of_play(ctx.dice, state)  # L20
        state.active = 0
        ctx.say("Order of play: " + ", ".join(state.name_of(p) for p in state.order) + ".")
        self._begin_player_turn(ctx, state)

    def _begin_player_turn(self, ctx: Context, state: GoblinState) -> None:
        """B1 (L22): every unplaced caravan in the hand is put at its start and moves one step; then B2."""
        player = state.order[state.active]
        warlord = state.warlord(player)
        warlord.leaderless = not has_leader(state, player)  # L25: "at the start of his turn"
        warlord.redraws = 0
        warlord.kept_hand = False
        ctx.say(f"{state.name_of(player)}'s turn.", kind="phase")
        for kind in sorted(warlord.caravans):
            caravan = place_caravan(state, kind)
            start = caravan.territory
            arrived = step_caravan(state, caravan)
            ctx.say(f"{state.name_of(player)} puts {kind.an} caravan on the road at {where(start)}; it moves "
                    + (f"on and leaves the map at {where(caravan.territory)}." if arrived
                       else f"on to {where(caravan.territory)}."))
        warlord.caravans = []
        state.phase = Phase.REINFORCE
        self._reinforce(ctx, state)

    def _reinforce(self, ctx: Context, state: GoblinState) -> None:
        """B2 (L24-25): a leaderless player may first redraw; then three free units, then the offer to buy."""
        player = state.order[state.active]
        warlord = state.warlord(player)
        if (warlord.leaderless and not warlord.kept_hand and warlord.redraws < REDRAWS
                and not has_leader(state, player)):
            state.ask = Ask(kind=AskKind.REDRAW, players=[player])
            return
        drawn = draw_units(ctx.dice, state.tribe_cup, FREE_DRAWS, "reinforcements", player)
        warlord.units += drawn
        ctx.say(f"{state.name_of(player)} draws {counted(len(drawn), 'reinforcement')}.")
        ctx.say(f"You draw {unit_list(drawn)}.", visible_to=[player])
        if self.most_to_buy(state, player) > 0:
            state.ask = Ask(kind=AskKind.BUY, players=[player])
        else:
            self._march(ctx, state)

    @staticmethod
    def most_to_buy(state: GoblinState, player: PlayerId) -> int:
        """How many units the player may still buy in B2 (L24): at most two, as gold and the cup allow."""
        return min(BOUGHT_DRAWS, state.warlord(player).gold // BOUGHT_PRICE, len(state.tribe_cup))

    def _redraw(self, ctx: Context, state: GoblinState, player: PlayerId) -> None:
        """L25: the hand's units are shown, go back to the tribe cup, and six are drawn."""
        warlord = state.warlord(player)
        shown = list(warlord.units)
        ctx.say(f"{state.name_of(player)} has no leader, shows the hand ({unit_list(shown)}) and draws six anew.")
        state.tribe_cup += shown
        warlord.units = draw_units(ctx.dice, state.tribe_cup, REDRAW_SIZE, "redraw", player)
        warlord.redraws += 1
        ctx.say(f"You draw {unit_list(warlord.units)}.", visible_to=[player])
        state.ask = None
        self._reinforce(ctx, state)

    def _buy(self, ctx: Context, state: GoblinState, player: PlayerId, action: Reinforce) -> None:
        """L24: up to two more units at two gold each; the gold goes back to the gold cup."""
        most = self.most_to_buy(state, player)
        if not 0 <= action.bought <= BOUGHT_DRAWS:
            raise RuleViolation(f"You may buy at most {BOUGHT_DRAWS} more units.")
        if action.bought > most:
            raise RuleViolation(f"You can buy at most {counted(most, 'unit')} now: each costs {BOUGHT_PRICE} gold"
                                + (" and the tribe cup is nearly empty." if most == len(state.tribe_cup) else "."))
        warlord = state.warlord(player)
        if action.bought:
            warlord.gold -= action.bought * BOUGHT_PRICE
            state.gold_cup += [GOLD] * (action.bought * BOUGHT_PRICE)
            drawn = draw_units(ctx.dice, state.tribe_cup, action.bought, "bought units", player)
            warlord.units += drawn
            ctx.say(f"{state.name_of(player)} pays {action.bought * BOUGHT_PRICE} gold for "
                    f"{counted(len(drawn), 'more unit')}.")
            ctx.say(f"You draw {unit_list(drawn)}.", visible_to=[player])
        state.ask = None
        self._march(ctx, state)

    def _march(self, ctx: Context, state: GoblinState) -> None:
        """The end of B2: the player turn goes on to B3, which this slice does not play yet."""
        state.phase = Phase.MARCH
        state.ask = None

    def _end_player_turn(self, ctx: Context, state: GoblinState) -> None:
        """The next player's turn, or, after the last, the next game turn (C, trading, is still to come:
        the later steps of the turn call this when they are written)."""
        state.active += 1
        if state.active < len(state.order):
            self._begin_player_turn(ctx, state)
        else:
            self._begin_game_turn(ctx, state)

    # -- the contract --------------------------------------------------------------------------------------
    def _prompts(self, state: GoblinState) -> list[Prompt]:
        if state.phase is Phase.SETUP:
            return self._setup_prompts(state)
        return STAGES.prompts(state, state.ask)

    def _legal_actions(self, state: GoblinState, player: PlayerId) -> list[Any]:
        if state.phase is Phase.SETUP:
            warlord = state.warlord(player)
            if warlord.setup is SetupStep.BOSSES:
                return [ChooseBosses(count=n) for n in BOSSES]
            if warlord.setup is SetupStep.TRADE:
                return [TradeForGold(units=list(units)) for units in trades(warlord.units)]
            return []
        if not STAGES.asks(state.ask, player):
            return []
        assert state.ask is not None
        if state.ask.kind is AskKind.REDRAW:
            return [Redraw(), KeepHand()]
        return [Reinforce(bought=n) for n in range(self.most_to_buy(state, player) + 1)]

    def _apply(self, ctx: Context, state: GoblinState, player: PlayerId, action: Any) -> None:
        state.seat(player)  # a stranger is told they are not playing
        if state.phase is Phase.SETUP:
            if isinstance(action, ChooseBosses):
                self._choose_bosses(ctx, state, player, action)
            elif isinstance(action, TradeForGold):
                self._trade_for_gold(ctx, state, player, action)
            else:
                raise RuleViolation("The set-up is not over yet: choose your bosses, then trade units for gold.")
            return
        if isinstance(action, (ChooseBosses, TradeForGold)):
            raise RuleViolation("The set-up is over.")
        STAGES.admit(state, state.ask, player, action)
        if isinstance(action, Redraw):
            self._redraw(ctx, state, player)
        elif isinstance(action, KeepHand):
            state.ask = None
            ctx.say(f"{state.name_of(player)} keeps the hand.")
            state.warlord(player).kept_hand = True  # no more offers this turn
            self._reinforce(ctx, state)
        elif isinstance(action, Reinforce):
            self._buy(ctx, state, player, action)

    def outcome(self, state: GoblinState) -> Outcome | None:
        """Nobody wins yet: the victory conditions (L156-158) come with the later slices."""
        return None

    def view(self, state: GoblinState, viewer: PlayerId | None) -> GoblinView:
        warlords = []
        for w in state.warlords:
            hand = HANDS.seen(state, hand_key(w.player), viewer)
            warlords.append(WarlordView(
                player=w.player, bosses=w.bosses, ready=w.setup is SetupStep.DONE, units=len(w.units),
                gold_chips=w.gold_chips, authority=authority_sum(state, w.player),
                hand=list(hand[0]) if hand is not None else None, gold=hand[1] if hand is not None else None,
                caravans=list(hand[2]) if hand is not None else None))
        caravans = [CaravanView(id=c.id, kind=c.kind, territory=c.territory, destination=ROADS[c.kind][-1],
                                power=c.power) for c in state.caravans]
        return GoblinView(**table_fields(state, viewer, self.waiting_for(state), None),
                          phase=state.phase.value, turn=state.turn, warlords=warlords,
                          armies=[a.model_copy(deep=True) for a in state.armies], caravans=caravans,
                          fortresses=[f.model_copy() for f in state.fortresses], mines=list(state.mines),
                          control=dict(state.control), order=list(state.order), current=state.current,
                          first=state.players[state.first], tribe_cup=len(state.tribe_cup),
                          gold_cup=len(state.gold_cup))


def trades(units: Sequence[int]) -> list[tuple[int, ...]]:
    """Every different choice of units to trade for gold at the set-up: chips alike (the same kind,
    tribe and numbers) are one choice, whichever of them is given back."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for number in sorted(units):
        c = chip(number)
        groups.setdefault((c.kind, c.tribe, c.power, c.servivility), []).append(number)
    alike = list(groups.values())
    return [tuple(c for group, n in zip(alike, counts, strict=True) for c in group[:n])
            for counts in itertools.product(*(range(len(g) + 1) for g in alike))]


__all__ = ["GoblinWarlords", "trades"]
