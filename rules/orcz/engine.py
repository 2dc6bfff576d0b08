"""Orcz: Da Boardzgame (seed 003), for 3 or 4 Warlords.

Each turn: the Challenges are revealed and an Event drawn; the Warlords deploy ranks of two cards,
one face down, round by round; then each Battlefield in a drawn order has its struggles, rear rank
first, and faces its Challenge; Goblin Slaves change hands. After the last turn (or as soon as every
Battlefield is cleared) the Warlord with the most Slaves wins, unless fewer than three Battlefields
were cleared: then every Warlord loses.

Line numbers (L…) are those of ../shared/seeds/003_603bedf13167a7f5.txt; the component values are
the house set and the readings those of ../shared/games/orcz.md (b) and (c).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter

from rules.core.engine import Context, Game, Outcome, PlayerId, Prompt, Seat, TableOption
from rules.core.errors import RuleViolation
from rules.core.views import table_fields
from rules.orcz.data import (
    CHALLENGES,
    CHAMPION,
    COLOURS,
    HEROES,
    RANKS_PER_TURN,
    SCOUT,
    SHAMAN,
    START_SLAVES,
    TROOPS,
    Event,
    card_name,
    is_troop,
)
from rules.orcz.data import Field as Battlefield
from rules.orcz.models import (
    SIDES,
    Ask,
    AskKind,
    Front,
    FrontView,
    Gnorish,
    Hold,
    Look,
    OrczAction,
    OrczState,
    OrczView,
    Phase,
    Place,
    Rank,
    RankView,
    Scout,
    Share,
    Split,
    Struggle,
    TimeUp,
    Warlord,
    WarlordView,
    other_side,
)
from rules.orcz.moves import MOVES
from rules.orcz.questions import STAGES
from rules.orcz.rules import clash, counted, pair_fault, rank_strength
from rules.orcz.secrets import CARDS, SECRETS, SLAVES, down_key, hand_key

MIN_CLEARED = 3
"""Battlefields that must be cleared for anyone to win (L324-328)."""

TIMER_OPTION = "phrase_timer"
"""The table option of the optional timer rule (L39-44, L50-54): `options={"phrase_timer": True}`."""

PHRASE_TIMER = TableOption(
    name=TIMER_OPTION,
    description="A Warlord slow over a rank can be shouted at (Gnorish!) and discards a Goblin Slave.")
"""The optional timer as the table declares it (`/game new game:orcz rule:phrase_timer`)."""

PHRASE = "Gnorish vor kladden imtach, hadick vor lotten, ab zamock vor nuamsh!"
"""The Orcish phrase of the challenge (L40)."""

RANK_SECONDS = 15.0
"""The time a Warlord has to place each rank with the phrase timer on (L52-53: "about 15 seconds"
a rank; reading phrase-timer: exactly 15, the rules' own limit, not the table's reaction time)."""


def fresh_hand(spent: Sequence[str]) -> list[str]:
    """A Warlord's hand at the start of a turn: all ten troops again, and the Heroes not yet spent
    (L315-318)."""
    return sorted([*TROOPS, *(h for h in HEROES if h not in spent)])


def turns_for(players: int) -> int:
    """Four turns, three with three players (L66, L86-88)."""
    return 4 if players >= 4 else 3


class Orcz(Game[OrczState, Any]):
    slug = "orcz"
    title = "Orcz: Da Boardzgame"
    min_players = 3
    max_players = 4
    recommended = (3, 4)
    state_type = OrczState
    action_adapter = TypeAdapter(OrczAction)
    moves = MOVES
    secrets = SECRETS
    table_options = (PHRASE_TIMER,)

    # -- set-up ------------------------------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> OrczState:
        count = len(seats)
        colours = ctx.dice.shuffled(COLOURS, "Warlord colours")[:count]  # L145-146
        warlords = [Warlord(player=s.player, colour=c, hand=fresh_hand(()), slaves=START_SLAVES)
                    for s, c in zip(seats, colours, strict=True)]
        stack = 3 if count >= 4 else 2  # L81-88
        fronts = [Front(field=f, unseen=list(range(len(CHALLENGES))), stack=stack) for f in Battlefield]
        first = ctx.dice.pick(range(count), "first player")  # L111-112
        state = OrczState(seats=list(seats), dice=ctx.dice.state, warlords=warlords, fronts=fronts,
                          turns=turns_for(count), first=first, events_left=list(Event),
                          timer=bool(options.get(TIMER_OPTION)))
        ctx.say("Warlords: " + ", ".join(f"{s.name} is {c}" for s, c in zip(seats, colours, strict=True))
                + f". Each has {START_SLAVES} Goblin Slaves behind the screen; {state.turns} turns to play.")
        ctx.say(f"{seats[first].name} is the first player.")
        if state.timer:
            ctx.say("The phrase timer is on: a Warlord who takes too long over a rank may be challenged by the "
                    "others, and then discards a Goblin Slave.")
        self._begin_turn(ctx, state)
        return state

    # -- the contract --------------------------------------------------------------------------------
    def _prompts(self, state: OrczState) -> list[Prompt]:
        prompts = STAGES.prompts(state, state.ask)
        if self.timed(state):
            # the rules time each rank themselves (L52-53): the bot waits RANK_SECONDS, then applies TimeUp
            return [p.model_copy(update={"default": TIME_UP, "seconds": RANK_SECONDS}) for p in prompts]
        return prompts

    @staticmethod
    def timed(state: OrczState) -> bool:
        """The placer's time is running: the phrase timer is on, a rank is asked for and its time has
        not run out yet (after a challenge it runs again for the same rank)."""
        return (state.timer and not state.late and state.ask is not None and state.ask.kind is AskKind.PLACE
                and state.phase is Phase.DEPLOY)

    @staticmethod
    def challengers(state: OrczState) -> list[PlayerId]:
        """Who may shout the phrase now: every other Warlord, once the placer's time has run out."""
        if not state.late or state.ask is None or state.ask.kind is not AskKind.PLACE:
            return []
        return [p for p in state.players if p not in state.ask.players]

    def _legal_actions(self, state: OrczState, player: PlayerId) -> list[Any]:
        if state.phase is Phase.OVER:
            return []
        actions: list[Any] = []
        ask = state.ask
        if STAGES.asks(ask, player):
            assert ask is not None
            if ask.kind is AskKind.PLACE:
                actions = self.placements(state, player)
            elif ask.kind is AskKind.STRUGGLE:
                actions = [Struggle(), Hold()]
            elif ask.kind is AskKind.SPLIT and state.split is not None:
                actions = [Share(shares=s) for s in splits(state.split)]
        if ask is not None:
            actions += [Scout(field=f, rank=n) for f, n in self.scout_targets(state, player)]
        if player in self.challengers(state):
            actions.append(GNORISH)
        return actions

    def _apply(self, ctx: Context, state: OrczState, player: PlayerId, action: Any) -> None:
        if isinstance(action, Scout):
            self._scout(ctx, state, player, action)
            return
        if isinstance(action, TimeUp):
            self._time_up(ctx, state, player)
            return
        if isinstance(action, Gnorish):
            self._gnorish(ctx, state, player)
            return
        STAGES.admit(state, state.ask, player, action)
        if isinstance(action, Place):
            self._place(ctx, state, player, action)
        elif isinstance(action, Struggle):
            self._struggle(ctx, state, player)
        elif isinstance(action, Hold):
            front = self._current(state)
            rank = front.ranks.pop()
            front.aside.append(rank)
            ctx.say(f"{state.name_of(player)} holds: the rank stands aside.")
            self._work(ctx, state)
        elif isinstance(action, Share):
            self._share(ctx, state, player, action)

    # -- deployment (L109-142) --------------------------------------------------------------------------
    def open_fronts(self, state: OrczState, player: PlayerId) -> list[Front]:
        """The Battlefields `player` may deploy to: those with a Challenge (L24-26), and under Divided
        Forces only those where they have no rank yet (house set b3)."""
        fronts = [f for f in state.fronts if f.open]
        if state.event is Event.DIVIDED_FORCES:
            fronts = [f for f in fronts if all(r.owner != player for r in f.ranks)]
        return fronts

    @staticmethod
    def lawful_pairs(hand: Sequence[str]) -> list[tuple[str, str]]:
        """Every (left, right) pair of cards in `hand` that may stand as a rank (L138-142)."""
        return list(_lawful_pairs(tuple(hand)))

    def can_place(self, state: OrczState, player: PlayerId) -> bool:
        return bool(self.open_fronts(state, player)) and bool(_lawful_pairs(tuple(state.warlord(player).hand)))

    def placements(self, state: OrczState, player: PlayerId) -> list[Place]:
        fields = tuple(f.field for f in self.open_fronts(state, player))
        return list(_placements(tuple(state.warlord(player).hand), fields))

    def _order(self, state: OrczState) -> list[PlayerId]:
        players = state.players
        return [players[(state.first + i) % len(players)] for i in range(len(players))]

    def _place(self, ctx: Context, state: OrczState, player: PlayerId, action: Place) -> None:
        warlord = state.warlord(player)
        front = state.front(action.field)
        if not front.open:
            raise RuleViolation(f"{front.field.title} has no Challenge left, so it takes no more ranks.")
        if front not in self.open_fronts(state, player):
            raise RuleViolation(f"Divided Forces: you already have a rank at {front.field.title} this turn.")
        fault = pair_fault(action.left, action.right)
        if fault is not None:
            raise RuleViolation(fault)
        hand = list(warlord.hand)
        for card in (action.left, action.right):
            if card not in hand:
                raise RuleViolation(f"You have no {card_name(card)} behind your screen"
                                    + (" to pair with it." if card in warlord.hand else "."))
            hand.remove(card)
        warlord.hand = hand
        rank = Rank(id=state.next_rank, owner=player, left=action.left, right=action.right, down=action.down)
        state.next_rank += 1
        front.ranks.append(rank)
        warlord.placed += 1
        up = other_side(action.down)
        ctx.say(f"{state.name_of(player)} places rank {len(front.ranks)} at {front.field.title}: "
                f"{card_name(rank.card(up) or '')} face up on the {up}, a card face down on the {action.down}.")
        ctx.say(f"Face down on the {action.down}: {card_name(rank.card(action.down) or '')}.", visible_to=[player])
        state.late = False
        state.next += 1
        self._deploy_on(ctx, state)

    # -- the optional timer (L39-44, L50-54, reading c14) --------------------------------------------------
    def _time_up(self, ctx: Context, state: OrczState, player: PlayerId) -> None:
        """The time for the rank has run out: from now until it is placed, the others may challenge."""
        if not self.timed(state) or state.ask is None or player not in state.ask.players:
            raise RuleViolation("No Warlord's time is running out now.")
        state.late = True
        ctx.say(f"{state.name_of(player)} is taking too long over a rank: the other Warlords may shout the "
                "phrase (Gnorish!).")

    def _gnorish(self, ctx: Context, state: OrczState, player: PlayerId) -> None:
        """A challenge at a slow placer: one Goblin Slave to the pool (a Warlord with none lifts the
        screen and owes nothing, L29-31), and the rank is still owed; the time runs again for it."""
        if player not in self.challengers(state):
            raise RuleViolation("You can challenge only another Warlord whose time for a rank has run out.")
        assert state.ask is not None
        slow = state.ask.players[0]
        ctx.say(f"{state.name_of(player)} shouts: “{PHRASE}” {state.name_of(slow)} has still not placed the rank.")
        self._pay(ctx, state, slow, 1, to=None, why="for being slow as a dwarf")
        state.late = False
        ctx.say(f"{state.name_of(slow)} must still place the rank, at once.")

    def _deploy_on(self, ctx: Context, state: OrczState) -> None:
        """Ask the next Warlord who can place a rank; a Warlord with no lawful pair left has that
        placement skipped (L76-80, reading c13). Five rounds (L129); under Divided Forces the rounds
        stop as soon as nobody can place (L62-65)."""
        order = self._order(state)
        while state.round <= RANKS_PER_TURN:
            if not any(self.can_place(state, p) for p in order):
                break
            while state.next < len(order):
                player = order[state.next]
                if self.can_place(state, player):
                    state.ask = Ask(kind=AskKind.PLACE, players=[player])
                    return
                state.warlord(player).skipped += 1  # not a rank placed (L76-80)
                ctx.say(f"{state.name_of(player)} cannot make a lawful rank: this placement is skipped.")
                state.next += 1
            state.round += 1
            state.next = 0
        state.ask = None
        state.phase = Phase.STRUGGLE
        ctx.say("Deployment is over: the struggles begin.", kind="phase")
        self._next_front(ctx, state)

    # -- struggles (L188-228) ----------------------------------------------------------------------------
    def _current(self, state: OrczState) -> Front:
        if state.current is None:
            raise RuleViolation("No Battlefield is being resolved now.")
        return state.front(state.current)

    def _next_front(self, ctx: Context, state: OrczState) -> None:
        """Draw the next Battlefield to resolve (L189-192, L286-288); one without a Challenge left has
        nothing to resolve."""
        for front in state.fronts:
            if not front.open:
                front.done = True
        remaining = [f for f in state.fronts if not f.done]
        if not remaining:
            self._end_turn(ctx, state)
            return
        front = remaining[0] if len(remaining) == 1 else ctx.dice.pick(remaining, "next Battlefield")
        state.current = front.field
        ctx.say(f"Next Battlefield: {front.field.title} ({counted(len(front.ranks), 'rank')}).", kind="phase")
        self._work(ctx, state)

    def _reveal(self, ctx: Context, state: OrczState, rank: Rank, why: str) -> None:
        """Turn a rank's face-down card over (L201-203; reading c3: every rank as it becomes the rear
        rank, and a defender when struggled against, L163)."""
        if rank.revealed:
            return
        rank.revealed = True
        ctx.say(f"{state.name_of(rank.owner)} {why}: {card_name(rank.card(rank.down) or '')}.")

    def _work(self, ctx: Context, state: OrczState) -> None:
        """Play the current Battlefield on until a Warlord must decide or its Challenge is resolved."""
        front = self._current(state)
        while front.ranks:
            rear = front.ranks[-1]
            self._reveal(ctx, state, rear, "turns over the rear rank's hidden card")
            reason = None
            if len(front.ranks) == 1:
                reason = "the first rank never struggles"  # L209-210
            elif rear.broken:
                reason = "a broken rank never struggles"  # L219-220
            elif rear.holds(CHAMPION):
                reason = "a rank with the Champion never struggles"  # L296
            elif rear.holds(SHAMAN):
                reason = "a rank with the Shaman never struggles"  # L302
            elif state.event is Event.HOLD_DA_LINE:
                reason = "Hold Da Line: nobody struggles this turn"
            if reason is None:
                state.ask = Ask(kind=AskKind.STRUGGLE, players=[rear.owner])
                return
            front.ranks.pop()
            front.aside.append(rear)
            ctx.say(f"{state.name_of(rear.owner)}'s rank stands aside ({reason}).")
        state.ask = None
        self._challenge(ctx, state, front)

    def _struggle(self, ctx: Context, state: OrczState, player: PlayerId) -> None:
        """The rear rank attacks the rank in front (L161-166), with the Heroes' exceptions: a
        Champion aborts the struggle (L296-298, reading c4), a Shaman's rank is stepped over and set
        aside, and the rank beyond is attacked instead, even the attacker's own (L302-305, readings
        c5 and c6)."""
        front = self._current(state)
        attacker = front.ranks.pop()
        ctx.say(f"{state.name_of(player)}'s rear rank struggles!")
        while True:
            if not front.ranks:
                front.aside.append(attacker)
                ctx.say("There is no rank ahead to attack: the struggle comes to nothing and the rank stands aside.")
                break
            defender = front.ranks[-1]
            self._reveal(ctx, state, defender, "shows the defending rank's hidden card")
            if defender.holds(CHAMPION):
                front.aside.append(attacker)
                ctx.say(f"{state.name_of(defender.owner)}'s Champion stands in that rank: the struggle is "
                        "called off and the attackers stand aside.")
                break
            if defender.holds(SHAMAN):
                front.ranks.pop()
                front.aside.append(defender)
                ctx.say(f"Nobody sane fights {state.name_of(defender.owner)}'s Shaman: that rank stands aside and "
                        "the attackers charge the rank beyond it.")
                continue
            self._fight(ctx, state, front, attacker, defender)
            break
        self._work(ctx, state)

    def _fight(self, ctx: Context, state: OrczState, front: Front, attacker: Rank, defender: Rank) -> None:
        """Right against right, then left against left (L163-178), and the three results (L179-220)
        with the mixed ones of reading c1; spoils after results 1 and 2 only (L221-228, reading c2)."""
        lost_attacker = lost_defender = 0
        for side in SIDES:
            mine, theirs = attacker.card(side) or "", defender.card(side) or ""
            loser = clash(mine, theirs)
            if loser == "defender":
                defender.put(side, None)
                lost_defender += 1
                ctx.say(f"On the {side}, {card_name(mine)} beats {card_name(theirs)}.")
                self._behind_screen(state, defender.owner, theirs)
            elif loser == "attacker":
                attacker.put(side, None)
                lost_attacker += 1
                ctx.say(f"On the {side}, {card_name(theirs)} throws back {card_name(mine)}.")
                self._behind_screen(state, attacker.owner, mine)
            else:
                ctx.say(f"On the {side}, {card_name(mine)} and {card_name(theirs)} are evenly matched: nothing happens.")
        front.ranks.pop()  # the defender, put back below as the result says
        a_name, d_name = state.name_of(attacker.owner), state.name_of(defender.owner)
        if lost_defender == 2:
            front.ranks.append(attacker)
            ctx.say(f"{a_name}'s rank wipes out the defenders and moves up; it is still the rear rank.")
            self._spoils(ctx, state, defender.owner, attacker.owner)
        elif lost_attacker == 2:
            front.ranks.append(defender)
            ctx.say(f"{d_name}'s rank throws back both attackers and is now the rear rank.")
            self._spoils(ctx, state, attacker.owner, defender.owner)
        elif lost_attacker == 1 and lost_defender == 1:
            front.aside += [defender, attacker]
            ctx.say("Both ranks are broken: what is left of them stands aside.")
        elif lost_defender == 1:
            front.aside.append(defender)
            front.ranks.append(attacker)
            ctx.say(f"{d_name}'s broken rank stands aside; {a_name}'s rank moves up and is still the rear rank.")
        elif lost_attacker == 1:
            front.aside.append(attacker)
            front.ranks.append(defender)
            ctx.say(f"{a_name}'s broken rank stands aside; {d_name}'s rank is now the rear rank.")
        else:
            front.aside.append(attacker)
            front.ranks.append(defender)
            ctx.say(f"Neither side gives way: {a_name}'s rank stands aside and {d_name}'s is now the rear rank.")

    @staticmethod
    def _behind_screen(state: OrczState, owner: PlayerId, card: str) -> None:
        """A card leaves the Battlefield for its owner's screen at once, beaten (L171-174, L225-226) or
        after the Challenge (L259-261): back in the hand, and known to be there (it was face up)."""
        warlord = state.warlord(owner)
        warlord.hand = sorted([*warlord.hand, card])
        warlord.back.append(card)

    def _spoils(self, ctx: Context, state: OrczState, loser: PlayerId, winner: PlayerId) -> None:
        """The beaten Warlord pays the winner (L221-224); 2 Slaves under Blood Feud; nothing to oneself
        (reading c6)."""
        if loser == winner:
            ctx.say("Spoils to oneself are no spoils.")
            return
        self._pay(ctx, state, loser, 2 if state.event is Event.BLOOD_FEUD else 1, to=winner, why="as spoils")

    # -- Slaves (L27-38) -----------------------------------------------------------------------------------
    def _gain(self, ctx: Context, state: OrczState, player: PlayerId, amount: int, why: str) -> None:
        if amount <= 0:
            return
        state.warlord(player).slaves += amount
        ctx.say(f"{state.name_of(player)} takes {counted(amount, 'Slave')} from the pool {why}.")
        ctx.say(f"You now have {counted(state.warlord(player).slaves, 'Slave')}.", visible_to=[player])

    def _pay(self, ctx: Context, state: OrczState, payer: PlayerId, amount: int, *, to: PlayerId | None,
             why: str) -> None:
        """Pay `amount` to `to` (None: the pool). All a debtor has, when it is less, and the rest is
        forgiven (reading c7); with nothing left, the screen is lifted and the debt forgiven (L29-31)."""
        if amount <= 0:
            return
        warlord = state.warlord(payer)
        where = state.name_of(to) if to is not None else "the pool"
        if warlord.slaves == 0:
            ctx.say(f"{state.name_of(payer)} owes {counted(amount, 'Slave')} {why} but lifts the screen: none left. "
                    "The debt is forgiven.")
            return
        paid = min(amount, warlord.slaves)
        warlord.slaves -= paid
        rest = f" (all they had; the other {amount - paid} are forgiven)" if paid < amount else ""
        # "Slave(s)" here is the wording the bot's timer test reads (tests/bot/test_discord_orcz_humans.py)
        ctx.say(f"{state.name_of(payer)} pays {paid} Slave(s) to {where} {why}{rest}.")
        ctx.say(f"You now have {counted(warlord.slaves, 'Slave')}.", visible_to=[payer])
        if to is not None:
            state.warlord(to).slaves += paid
            ctx.say(f"You now have {counted(state.warlord(to).slaves, 'Slave')}.", visible_to=[to])

    # -- the Challenge (L229-284) -------------------------------------------------------------------------
    @staticmethod
    def need(state: OrczState, challenge: int) -> int:
        """Strength that defeats a Challenge: its primary times the players at the table (L233-236),
        2 more under Elven Reinforcements."""
        bonus = 2 if state.event is Event.ELVEN_REINFORCEMENTS else 0
        return CHALLENGES[challenge].primary * len(state.warlords) + bonus

    @staticmethod
    def strengths(state: OrczState, ranks: Sequence[Rank]) -> dict[PlayerId, int]:
        totals = {p: 0 for p in state.players}
        for rank in ranks:
            totals[rank.owner] += rank_strength(rank.cards())
        return totals

    def _challenge(self, ctx: Context, state: OrczState, front: Front) -> None:
        assert front.challenge is not None
        challenge = CHALLENGES[front.challenge]
        need = self.need(state, front.challenge)
        strength = self.strengths(state, front.aside)
        total = sum(strength.values())
        champion = any(r.holds(CHAMPION) for r in front.aside)
        won = total >= need or champion  # L233-236, L292-293
        top = max(strength.values())
        leaders = [p for p in state.players if top > 0 and strength[p] == top]
        shown = ", ".join(f"{state.name_of(p)} {s}" for p, s in strength.items() if s)
        ctx.say(f"{front.field.title}, Challenge {challenge}: Strength {total} against {need} needed"
                + (f" ({shown})" if shown else "") + (" and a Champion on the field" if champion else "") + ".")
        favour = 1 if state.event is Event.LLOVARS_FAVOUR else 0
        if won:
            ctx.say(f"The Orcs defeat the Challenge at {front.field.title}!")
            if not leaders:
                ctx.say("No Warlord has any troop Strength there, so nobody claims the reward.")
            elif len(leaders) == 1:
                leader = leaders[0]
                self._gain(ctx, state, leader, challenge.primary + favour, "as the strongest Warlord")
                among = [p for p in state.players if p != leader
                         and any(r.owner == p and any(is_troop(c) for c in r.cards()) for r in front.aside)]
                if challenge.secondary and len(among) == 1:
                    self._gain(ctx, state, among[0], challenge.secondary, f"from {state.name_of(leader)}'s share-out")
                elif challenge.secondary and among:
                    self._ask_split(state, Split(by=leader, front=front.field, amount=challenge.secondary, won=True,
                                                 among=among))
                    return
                elif challenge.secondary:
                    ctx.say("Nobody else's troops counted there: the secondary reward is not given.")
            else:
                each = (challenge.primary + challenge.secondary) // len(leaders)  # L32-38
                ctx.say(f"{len(leaders)} Warlords tie for the lead: each takes {each}, and no secondary is given.")
                for leader in leaders:
                    self._gain(ctx, state, leader, each + favour, "for a shared lead")
        else:
            ctx.say(f"The Challenge at {front.field.title} holds: the Orcs are beaten back.")
            if not leaders:
                ctx.say("No Warlord had troop Strength there, so nobody pays (the Challenge stays).")
            elif len(leaders) == 1:
                leader = leaders[0]
                self._pay(ctx, state, leader, challenge.primary, to=None, why="as the strongest Warlord")
                among = [p for p in state.players if p != leader]
                if challenge.secondary:
                    self._ask_split(state, Split(by=leader, front=front.field, amount=challenge.secondary, won=False,
                                                 among=among))
                    return
            else:
                each = (challenge.primary + challenge.secondary) // len(leaders)
                ctx.say(f"{len(leaders)} Warlords tie for the lead: each pays {each}, and no secondary is owed.")
                for leader in leaders:
                    self._pay(ctx, state, leader, each, to=None, why="for a shared defeat")
        self._finish_front(ctx, state, front, won)

    def _ask_split(self, state: OrczState, split: Split) -> None:
        state.split = split
        state.ask = Ask(kind=AskKind.SPLIT, players=[split.by])

    def _share(self, ctx: Context, state: OrczState, player: PlayerId, action: Share) -> None:
        split = state.split
        assert split is not None
        fault = split_fault(split, action.shares, state)
        if fault is not None:
            raise RuleViolation(fault)
        shares = {p: n for p, n in action.shares.items() if n}
        name = state.name_of(player)
        if split.won:
            for who, amount in shares.items():
                self._gain(ctx, state, who, amount, f"from {name}'s share-out")
        elif not shares:
            ctx.say(f"{name} spares everyone the secondary.")
        else:
            for who, amount in shares.items():
                self._pay(ctx, state, who, amount, to=None, why=f"as {name} demands")
        self._finish_front(ctx, state, state.front(split.front), split.won)

    def _finish_front(self, ctx: Context, state: OrczState, front: Front, won: bool) -> None:
        """After the Challenge: a defeated one leaves the game (L258-259), a lost one stays for next
        turn (L278-280); troops go back behind the screens at once and the Heroes played are spent
        (L259-261, L281-282, L150-154)."""
        if won:
            front.challenge = None
            if front.stack == 0:
                ctx.say(f"{front.field.title} is cleared: every Challenge there is defeated.")
        for rank in (*front.ranks, *front.aside):
            for hero in (CHAMPION, SHAMAN):
                if rank.holds(hero):
                    state.warlord(rank.owner).spent.append(hero)
                    ctx.say(f"{state.name_of(rank.owner)}'s {hero.capitalize()} is spent for the rest of the game.")
            for card in rank.cards():
                if is_troop(card):  # back behind the screen at once (L258-261, L281-282)
                    self._behind_screen(state, rank.owner, card)
        ids = {r.id for r in (*front.ranks, *front.aside)}
        state.looks = [look for look in state.looks if look.rank not in ids]
        front.ranks, front.aside = [], []
        front.done = True
        state.current = None
        state.split = None
        state.ask = None
        self._next_front(ctx, state)

    # -- the Scout (L306-308) ---------------------------------------------------------------------------
    def scout_targets(self, state: OrczState, player: PlayerId) -> list[tuple[Battlefield, int]]:
        """Face-down cards of other Warlords that `player`'s unspent Scout could look at, each rank
        by its Battlefield and its place in the line from the front (reading c10: any time, any
        opponent's card, Heroes included)."""
        if SCOUT not in state.warlord(player).hand:
            return []
        seen = {look.rank for look in state.looks if look.by == player}
        return [(f.field, n) for f in state.fronts for n, r in enumerate(f.ranks, start=1)
                if r.owner != player and r.hidden is not None and r.id not in seen]

    def _scout(self, ctx: Context, state: OrczState, player: PlayerId, action: Scout) -> None:
        if state.ask is None:
            raise RuleViolation("The Scout goes out only while the game waits for a decision.")
        warlord = state.warlord(player)
        if SCOUT not in warlord.hand:
            raise RuleViolation("Your Scout has already been used." if SCOUT in warlord.spent
                                else "You have no Scout.")
        front = state.front(action.field)
        if not 1 <= action.rank <= len(front.ranks):
            count = len(front.ranks)
            line = "no ranks in line" if count == 0 else f"{count} rank{'' if count == 1 else 's'} in line"
            raise RuleViolation(f"{front.field.title} has no rank {action.rank}: it has {line}, counted from "
                                "the front.")
        rank = front.ranks[action.rank - 1]
        if rank.hidden is None:
            raise RuleViolation("There is no face-down card in that rank to look at.")
        if rank.owner == player:
            raise RuleViolation("The Scout looks at an opponent's card, not your own.")
        warlord.hand.remove(SCOUT)
        warlord.spent.append(SCOUT)
        state.looks.append(Look(by=player, rank=rank.id))
        ctx.say(f"{state.name_of(player)} sends the Scout to peek at {state.name_of(rank.owner)}'s face-down card "
                f"in rank {action.rank} at {front.field.title}. The card stays face down.")
        ctx.say(f"Your Scout saw {card_name(rank.hidden or '')} there.", visible_to=[player])

    # -- turns and the end (L311-328, L346-349) ---------------------------------------------------------
    def _begin_turn(self, ctx: Context, state: OrczState) -> None:
        """Reveal a Challenge where none stands (an undefeated one stays, L55-58) and draw the Event
        (L59-60, L319-322), then deploy."""
        ctx.say(f"Turn {state.turn} of {state.turns}.", kind="phase")
        for front in state.fronts:
            front.done = False
            if front.challenge is None and front.stack > 0:
                drawn = ctx.dice.pick(front.unseen, f"Challenge at {front.field.title}")
                front.unseen.remove(drawn)
                front.stack -= 1
                front.challenge = drawn
                ctx.say(f"{front.field.title} reveals Challenge {CHALLENGES[drawn]} "
                        f"(it takes {CHALLENGES[drawn].primary * len(state.warlords)} Strength).")
        state.event = ctx.dice.pick(state.events_left, "Event")
        state.events_left.remove(state.event)
        ctx.say(f"Event: {state.event.title} — {state.event.text}")
        for warlord in state.warlords:
            warlord.placed = warlord.skipped = 0
        state.round, state.next, state.phase = 1, 0, Phase.DEPLOY
        ctx.say(f"{state.name_of(state.players[state.first])} places first this turn.")
        self._deploy_on(ctx, state)

    def _end_turn(self, ctx: Context, state: OrczState) -> None:
        for warlord in state.warlords:
            warlord.hand = fresh_hand(warlord.spent)
            warlord.back = []
        state.looks = []
        state.event = None
        if all(f.cleared for f in state.fronts) or state.turn >= state.turns:
            self._end_game(ctx, state)
            return
        state.turn += 1
        state.first = (state.first + 1) % len(state.warlords)  # L311-313: the player to the left
        self._begin_turn(ctx, state)

    def _end_game(self, ctx: Context, state: OrczState) -> None:
        state.phase = Phase.OVER
        state.ask = None
        state.current = None
        cleared = sum(f.cleared for f in state.fronts)
        totals = ", ".join(f"{state.name_of(w.player)} {w.slaves}" for w in state.warlords)
        ctx.say(f"The war is over. Goblin Slaves: {totals}.", kind="end")
        state.nobody_won = cleared < MIN_CLEARED
        if state.nobody_won:
            ctx.say(f"Only {counted(cleared, 'Battlefield')} cleared: Llovar is overthrown and every Warlord loses.", kind="end")

    def outcome(self, state: OrczState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        by_slaves = sorted({w.slaves for w in state.warlords}, reverse=True)
        placings = [[w.player for w in state.warlords if w.slaves == n] for n in by_slaves]  # c12: ties share
        cleared = sum(f.cleared for f in state.fronts)
        if state.nobody_won:
            return Outcome(placings=placings, won=False,
                           summary=f"Only {cleared} of 4 Battlefields cleared: Llovar falls and every Warlord loses.")
        top = " and ".join(state.name_of(p) for p in placings[0])
        return Outcome(placings=placings, summary=f"{cleared} Battlefields cleared; {top} holds the most Slaves "
                                                  f"({by_slaves[0]}).")

    # -- what a seat may see ------------------------------------------------------------------------------
    def own_lines(self, view: BaseModel) -> list[str]:
        """A Warlord's own secrets in words: the hand behind their screen, their face-down cards on the
        table and their Goblin Slaves (L112-120, L171-174)."""
        assert isinstance(view, OrczView)
        me = next((w for w in view.warlords if w.player == view.viewer), None)
        if me is None:
            return []
        lines = [f"Your hand: {', '.join(card_name(c) for c in me.hand) if me.hand else 'empty'}."]
        down = [f"{front.title} rank {n}: {card_name(card)} ({rank.down} card, face down)"
                for front in view.fronts for n, rank in enumerate(front.ranks, start=1)
                if rank.mine and rank.down is not None and (card := getattr(rank, rank.down)) is not None]
        lines.append("Your face-down cards: " + ("; ".join(down) if down else "none") + ".")
        if me.slaves is not None:
            lines.append(f"Your Goblin Slaves behind the screen: {me.slaves}.")
        return lines

    def view(self, state: OrczState, viewer: PlayerId | None) -> OrczView:
        outcome = self.outcome(state)
        warlords = [WarlordView(player=w.player, colour=w.colour, slaves=SLAVES.seen(state, ("slaves", w.player), viewer),
                                spent=list(w.spent), placed=w.placed, skipped=w.skipped,
                                hand=list(CARDS.seen(state, hand_key(w.player), viewer) or ())
                                if viewer == w.player and state.phase is not Phase.OVER else None)
                    for w in state.warlords]
        fronts = []
        for front in state.fronts:
            challenge = CHALLENGES[front.challenge] if front.challenge is not None else None
            seen_cards = [self._rank_view(state, r, viewer) for r in (*front.ranks, *front.aside)]
            public = [r for r in (*front.ranks, *front.aside) if r.revealed]
            fronts.append(FrontView(
                field=front.field, title=front.field.title,
                primary=challenge.primary if challenge else None, secondary=challenge.secondary if challenge else None,
                need=self.need(state, front.challenge) if front.challenge is not None else None,
                stack=front.stack, cleared=front.cleared, done=front.done, current=state.current == front.field,
                ranks=seen_cards[:len(front.ranks)], aside=seen_cards[len(front.ranks):],
                strength={p: s for p, s in self.strengths(state, public).items() if s}))
        event = state.event
        return OrczView(**table_fields(state, viewer, self.waiting_for(state), outcome.placings if outcome else None),
                        phase=state.phase.value, turn=state.turn, turns=state.turns, round=state.round,
                        first=state.players[state.first], event=event,
                        event_title=event.title if event else "", event_text=event.text if event else "",
                        warlords=warlords, fronts=fronts, split=state.split,
                        looks=[look for look in state.looks if (f := state.rank(look.rank)) and f[1].hidden],
                        nobody_won=state.nobody_won, summary=outcome.summary if outcome else "",
                        timer=state.timer, late=state.late)

    @staticmethod
    def _rank_view(state: OrczState, rank: Rank, viewer: PlayerId | None) -> RankView:
        """A rank as `viewer` sees it: the face-up card, and the face-down one only through the
        declared secret (its owner, or a Scout that looked)."""
        cards: dict[str, str | None] = {}
        for side in ("left", "right"):
            if side == rank.down and not rank.revealed:
                cards[side] = CARDS.seen(state, down_key(rank.id), viewer)
            else:
                cards[side] = rank.card(side)  # type: ignore[arg-type]
        lost = [s for s in ("left", "right") if (s != rank.down or rank.revealed) and rank.card(s) is None]  # type: ignore[arg-type]
        return RankView(id=rank.id, owner=rank.owner, left=cards["left"], right=cards["right"],
                        down=None if rank.revealed else rank.down, lost=lost,  # type: ignore[arg-type]
                        mine=viewer == rank.owner,
                        scouted_by=[look.by for look in state.looks if look.rank == rank.id and not rank.revealed])


TIME_UP = TimeUp().model_dump()
GNORISH = Gnorish()


@functools.lru_cache(maxsize=4096)
def _lawful_pairs(hand: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """`Orcz.lawful_pairs`, listed once per hand (the same few hands come back all game long)."""
    cards = sorted(set(hand) - {SCOUT})
    return tuple((a, b) for a in cards for b in cards if (a != b or hand.count(a) > 1) and pair_fault(a, b) is None)


@functools.lru_cache(maxsize=4096)
def _placements(hand: tuple[str, ...], fields: tuple[Battlefield, ...]) -> tuple[Place, ...]:
    """Every lawful placement of `hand` at `fields`: the same few hands come back again and again in
    a game and in a computer's play-outs, so they are listed once (the actions are never changed)."""
    pairs = _lawful_pairs(hand)
    return tuple(_place(f, a, b, d) for f in fields for a, b in pairs for d in ("left", "right"))


@functools.lru_cache(maxsize=8192)
def _place(field: Battlefield, left: str, right: str, down: str) -> Place:
    """One placement, made once: a new hand lists its placements again (every rank placed changes the
    hand), mostly the same ones, and making each took most of the time of listing them. A few thousand
    exist (four Battlefields, the lawful pairs of the cards, two sides); they are never changed."""
    return Place.model_construct(type="place", field=field, left=left, right=right, down=down)


def splits(split: Split) -> list[dict[PlayerId, int]]:
    """Every way to share `split.amount` among `split.among` (each share a whole number, zeros left
    out); on a lost Challenge also sparing everyone (reading c9)."""
    ways = []
    for counts in itertools.product(range(split.amount + 1), repeat=len(split.among)):
        if sum(counts) == split.amount:
            ways.append({p: n for p, n in zip(split.among, counts, strict=True) if n})
    if not split.won:
        ways.append({})
    return ways


def split_fault(split: Split, shares: dict[PlayerId, int], state: OrczState) -> str | None:
    """Why a proposed share-out is wrong, in a sentence; None when it is right."""
    for who, amount in shares.items():
        if amount < 0:
            return "A share cannot be negative."
        if amount and who not in split.among:
            if who == split.by:
                return "You cannot give a share to yourself." if split.won else "You cannot make yourself pay the secondary."
            return (f"{state.name_of(who)} had no troops counting at {split.front.title}, so they cannot share the reward."
                    if split.won else f"{state.name_of(who)} is not at this table.")
    total = sum(shares.values())
    if total == split.amount or (total == 0 and not split.won):
        return None
    if split.won:
        return f"Share out exactly {counted(split.amount, 'Slave')}: you gave {total}."
    return f"Make the others pay exactly {counted(split.amount, 'Slave')} in all (you asked {total}), or spare them all."


__all__ = ["MIN_CLEARED", "PHRASE", "PHRASE_TIMER", "RANK_SECONDS", "TIMER_OPTION", "Orcz", "fresh_hand", "split_fault", "splits", "turns_for"]
