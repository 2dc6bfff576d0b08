"""Chaos Marauders (seed 001), for 2 to 4 players.

On a turn the player draws cards one by one and puts each in one of three battle lines until a
stop: a symbol already in play, a green card, a fourth Standard or Musician, a declined card, an
attack. A line completed by its owner may attack a weaker incomplete one on a roll of the Cube of
Devastation; the special cards bend every rule; a third complete line ends the game at once, and
the most Victory Points win. The other players may shout "Chaos Marauders!" at any moment of a turn:
right, they take that card; wrong, the drawer may take one of theirs.

Line numbers (L…) are those of ../shared/seeds/001_599ccb3abfcbbb8f.txt; the card set, the line
length, the Cube's faces and the readings (C1-C15) those of ../shared/games/chaos-marauders.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.chaos_marauders import table as t
from rules.chaos_marauders.data import (
    BILGE,
    BLOWBACK,
    CREEPS,
    DAGROMM,
    DECK,
    GIT,
    HORNED_RAT,
    IDOL,
    LINES,
    MARAUDERS,
    MARK_FACES,
    ODLUGG,
    PIGSTICKER,
    REORGANIZE_MOVES,
    SHAMAN,
    SLOTS,
    Colour,
    Role,
    key_of,
    kind,
    name_of,
)
from rules.chaos_marauders.models import (
    Ask,
    AskKind,
    Assassinate,
    Attack,
    Begin,
    Blast,
    CardView,
    Chance,
    CMAction,
    CMState,
    CMView,
    Decline,
    Done,
    Drop,
    ForceDiscard,
    Held,
    HoldBack,
    Lead,
    LetBe,
    LineView,
    Place,
    PlayerView,
    Put,
    Reorganize,
    Shift,
    Shout,
    Skip,
    Spare,
    StartOver,
    Steal,
    Stick,
    Take,
)
from rules.chaos_marauders.moves import MOVES
from rules.chaos_marauders.questions import STAGES
from rules.chaos_marauders.secrets import DRAWN, SECRETS, UNSEEN
from rules.core.engine import Context, Game, Outcome, PlayerId, Prompt, Seat
from rules.core.errors import RuleViolation
from rules.core.views import table_fields

ACTIONS: TypeAdapter[Any] = TypeAdapter(CMAction)
IDOL_ROLLS = 6
IDOL_VP = 90
MOST_OF_A_ROLE = 3  # a fourth Standard or Musician is a stop (L770-771)


def slot_words(line: int, slot: int) -> str:
    return f"line {line + 1}, slot {slot + 1}"


class ChaosMarauders(Game[CMState, Any]):
    slug = "chaos-marauders"
    title = "Chaos Marauders"
    min_players = 2
    max_players = 4
    recommended = (3, 4)
    state_type = CMState
    action_adapter = ACTIONS
    moves = MOVES
    secrets = SECRETS
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (the pile's order, which nobody sees)

    # -- set-up ------------------------------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> CMState:
        order = [s.player for s in seats]
        pile = ctx.dice.shuffled(range(len(DECK)), "shuffle the deck")  # house: shuffled from the seed
        first = ctx.dice.pick(range(len(order)), "first player")
        state = CMState(seats=list(seats), dice=ctx.dice.state, order=order, pile=pile, active=first,
                        lines={p: [[None] * SLOTS for _ in range(LINES)] for p in order})
        ctx.say(f"The deck of {len(DECK)} cards is shuffled; {state.name_of(state.current)} draws first.")
        self._advance(ctx, state)
        return state

    # -- the contract --------------------------------------------------------------------------------
    def _prompts(self, state: CMState) -> list[Prompt]:
        """From the table of questions; the Git's and the last call's carry their default and their
        own time limit (C8, C14 (b))."""
        return STAGES.prompts(state, state.ask)

    def _legal_actions(self, state: CMState, player: PlayerId) -> list[Any]:
        if state.over:
            return []
        actions: list[Any] = []
        if STAGES.asks(state.ask, player):
            actions += self._answers(state, player)
        if self._may_shout(state, player):
            actions.append(Shout(turn=state.turn))
        return actions

    def _may_shout(self, state: CMState, player: PlayerId) -> bool:
        """Anyone but the drawer, all turn long; once the shout is won, each of the others still once
        (a shout just too late is heard and told so, not refused: the race's order is in the log)."""
        return (not state.over and player != state.current and player in state.order
                and player not in state.shouted)

    def _answers(self, state: CMState, player: PlayerId) -> list[Any]:
        assert state.ask is not None
        me = state.current
        match state.ask.kind:
            case AskKind.DRAWN:
                return self._drawn_options(state)
            case AskKind.GIT:
                return [ForceDiscard(), LetBe()]
            case AskKind.HOLD:
                held = state.held[0]
                out: list[Any] = self._puts(state, held)
                if (held.source == "captured" and key_of(held.card) != GIT) or not out:
                    out.append(Drop())  # a Git won in an attack must be placed if it can be (L259-263)
                return out
            case AskKind.PENALTY:
                shouter = state.penalties[0]
                return [*(Take(line=n, slot=s) for n, s in self._takeable(state, shouter)), Spare()]
            case AskKind.ATTACK:
                chance = state.chances[0]
                return [*(Attack(player=p, line=n) for p, n in self._chance_targets(state, chance)), HoldBack()]
            case AskKind.STICK:
                return [*(Stick(player=p, line=n, slot=s) for p, n, s in self._stickable(state, me)), Skip()]
            case AskKind.BILGE:
                out = [Reorganize()]
                line = self._bilge_line(state)
                if line is not None and t.targets(state, me, line):
                    out.append(Lead())
                return [*out, Skip()]
            case AskKind.REORGANIZE:
                return self._reorganizing(state, me)
            case AskKind.LAST_CALL:
                return [Begin()]
        return []

    # -- what the drawn card may do ------------------------------------------------------------------
    def _drawn_options(self, state: CMState) -> list[Any]:
        me, card = state.current, state.drawn
        assert card is not None
        key = key_of(card)
        out: list[Any] = []
        if key == GIT:  # only in an opponent's line, near a card of it (L202-219), or kill a Git of one's own
            for other in state.order:
                if other != me:
                    out += [Place(line=n, slot=s, player=other) for n, s in t.spots(state, other, card, beside=True)]
            out += [Assassinate(line=n, slot=s) for n, line in enumerate(state.lines[me]) for s, c in enumerate(line)
                    if c is not None and key_of(c) == GIT]
        elif key == CREEPS:  # any non-purple card of an opponent (L136-152)
            out += [Steal(player=p, line=n, slot=s) for p, n, s in self._stealable(state, me)]
        elif key == BLOWBACK:  # any opponent's line without the Horned Rat Standard (L368-378)
            out += [Blast(player=p, line=n) for p in state.order if p != me for n, line in enumerate(state.lines[p])
                    if t.cards_of(line) and not t.holds(line, HORNED_RAT)]
        else:
            out += [Place(line=n, slot=s) for n, s in self._own_spots(state, me, card)]
            if key == IDOL:  # or in an opponent's line, near a card of it (L313-323)
                out += [Place(line=n, slot=s, player=p) for p, n, s in self._idol_gifts(state, me)]
        red_placeable = kind(card).colour is Colour.RED and out
        if not red_placeable:  # a red card must be placed if it can be (L439-440)
            out.append(Decline())
        return out

    def _own_spots(self, state: CMState, player: PlayerId, card: int) -> list[tuple[int, int]]:
        """Where a card may go in one's own lines. A duplicate symbol goes only to a line without it
        (C2)."""
        return t.spots(state, player, card)

    def _stealable(self, state: CMState, me: PlayerId) -> list[tuple[PlayerId, int, int]]:
        found = []
        for other in state.order:
            if other == me:
                continue
            for n, line in enumerate(state.lines[other]):
                for s, c in enumerate(line):
                    if c is not None and kind(c).colour is not Colour.PURPLE and t.spots(state, me, c):
                        found.append((other, n, s))
        return found

    def _stickable(self, state: CMState, me: PlayerId) -> list[tuple[PlayerId, int, int]]:
        return [(p, n, s) for p in state.order if p != me for n, line in enumerate(state.lines[p])
                for s, c in enumerate(line)
                if c is not None and (kind(c).colour is Colour.PURPLE or key_of(c) == ODLUGG)]

    def _takeable(self, state: CMState, shouter: PlayerId) -> list[tuple[int, int]]:
        me = state.current
        return [(n, s) for n, line in enumerate(state.lines[shouter]) for s, c in enumerate(line)
                if c is not None and self._hold_spots(state, Held(card=c, player=me, source="penalty"))]

    def _hold_spots(self, state: CMState, held: Held) -> list[tuple[int, int]]:
        """Where a received card may go: an empty slot by the usual rules; a machine card pulled by
        its crew may also push out one of the receiver's own cards when no slot is free (L432-438)."""
        if key_of(held.card) == GIT and state.git_owner.get(held.card) == held.player:
            return []  # a Git coming back to its own owner is discarded (L266-268)
        found = t.spots(state, held.player, held.card)
        if not found and held.source == "pulled":
            found = [(n, s) for n, line in enumerate(state.lines[held.player]) for s in range(SLOTS)
                     if line[s] is not None and t.fits(line, held.card, s, ignore=line[s])]
        return found

    def _puts(self, state: CMState, held: Held) -> list[Put]:
        """Where a received card may go: `_hold_spots`, and for the Idol the opponents' lines too."""
        out = [Put(line=n, slot=s) for n, s in self._hold_spots(state, held)]
        if key_of(held.card) == IDOL:  # a received Idol may go to an opponent too (L313-323)
            out += [Put(line=n, slot=s, player=p) for p, n, s in self._idol_gifts(state, held.player)]
        return out

    def _idol_gifts(self, state: CMState, giver: PlayerId) -> list[tuple[PlayerId, int, int]]:
        """Where the Idol may go in the opponents' lines: by the usual rules, within three slots of a
        card of that line (L313-323; C7)."""
        return [(other, n, s) for other in state.order if other != giver
                for n, s in t.spots(state, other, DECK.index(IDOL), beside=True)]

    def _chance_targets(self, state: CMState, chance: Chance) -> list[tuple[PlayerId, int]]:
        line = state.lines[chance.player][chance.line]
        if not chance.led and not t.complete(line):
            return []  # the line lost a card meanwhile (a shout took the Marauders back)
        if chance.led and not t.holds(line, BILGE):
            return []
        return t.targets(state, chance.player, chance.line)

    def _bilge_line(self, state: CMState) -> int | None:
        found = next((e for e in state.effects if e.startswith("bilge:")), None)
        if found is None:
            return None
        line = int(found.partition(":")[2])
        return line if t.holds(state.lines[state.current][line], BILGE) else None

    def _reorganizing(self, state: CMState, me: PlayerId) -> list[Any]:
        """Bilge's total reorganization (L355-358): any card to any other slot of one's lines, a card
        there swapping with it (each swap listed once, from the earlier slot), while moves are left;
        "start over" once something moved; "done" when every line follows the placing rules. Any
        lawful arrangement is at most seventeen swaps away, one for each slot but the last."""
        lines = state.lines[me]
        out: list[Any] = []
        if state.moves_left > 0:
            places = [(n, s) for n in range(LINES) for s in range(SLOTS)]
            for a, (fn, fs) in enumerate(places):
                if lines[fn][fs] is None:
                    continue
                for b, (n, s) in enumerate(places):
                    if b != a and (lines[n][s] is None or b > a):
                        out.append(Shift(from_line=fn, from_slot=fs, line=n, slot=s))
        if state.arranged is not None and state.arranged != lines:
            out.append(StartOver())
        if self._unlawful(state, me) is None:
            out.append(Done())
        return out

    def _refusal(self, state: CMState, player: PlayerId, ask: Ask, action: Any) -> str:
        """Why an answer the question admits is not one of its lawful answers, as the rule says it; the
        question itself, and what may be done instead, when no rule names the reason."""
        answers = self._answers(state, player)
        why: str | None = None
        me = state.current
        card = state.drawn if ask.kind is AskKind.DRAWN else state.held[0].card if state.held else None
        if isinstance(action, Place | Put) and card is not None:
            owner = action.player or (me if isinstance(action, Place) else state.held[0].player)
            key = key_of(card)
            lines = state.lines.get(owner)
            words = sorted({m.name for a in answers if (m := MOVES.of(a)) is not None})
            if not any(isinstance(a, type(action)) for a in answers):
                why = f"{name_of(card)} does not go into a line now: you may {' or '.join(words)}"
            elif lines is None:
                why = "nobody at this table is called that"
            elif action.player is not None and action.player == (me if isinstance(action, Place) else
                                                                 state.held[0].player):
                why = "your own lines are named without a player (player: is for another player's line)"
            elif not 0 <= action.line < len(lines):
                why = f"there are lines 1 to {len(lines)}"
            elif owner != me and isinstance(action, Place) and key not in (GIT, IDOL):
                why = f"only a Git or the Idol goes into another player's line; {name_of(card)} goes into yours"
            elif owner == me and isinstance(action, Place) and key == GIT:
                why = ("a Git goes into another player's line, beside one of their cards (or kill a Git of "
                       "your own with it: assassinate)")
            else:
                why = t.unfit(lines[action.line], card, action.slot, beside=owner != (
                    me if isinstance(action, Place) else state.held[0].player))
        elif isinstance(action, Decline | Drop) and card is not None and kind(card).colour is Colour.RED:
            why = f"{name_of(card)} is a red card, and a red card must be placed when it can be"
        if why is None:
            words = sorted({m.name for a in answers if (m := MOVES.of(a)) is not None})
            return f"That is not allowed now: {STAGES.text(state, ask)} (you may: {', '.join(words)})."
        return f"That is not allowed now: {why[:1].upper()}{why[1:]}."

    def _unlawful(self, state: CMState, me: PlayerId) -> str | None:
        """What breaks the placing rules in `me`'s lines (L788-796), as a sentence; None when nothing."""
        found = t.misplaced(state.lines[me])
        if found is None:
            return None
        n, s, card = found
        role = kind(card).role
        if role is Role.STANDARD:
            why = "a Standard may stand only in slot 1"
        elif role is Role.MUSICIAN:
            why = "a Musician may stand only in slot 6"
        elif s in (0, SLOTS - 1):
            why = f"slot {s + 1} takes only a {'Standard' if s == 0 else 'Musician'}"
        else:
            why = f"the line holds another {name_of(card)}"
        return f"{name_of(card)} cannot stay in {slot_words(n, s)}: {why}"

    # -- applying ------------------------------------------------------------------------------------
    def _apply(self, ctx: Context, state: CMState, player: PlayerId, action: Any) -> None:
        if state.over:
            raise RuleViolation("This game is over.")
        if isinstance(action, Shout):
            self._shout(ctx, state, player, action)
            return
        ask = STAGES.admit(state, state.ask, player, action)
        if ask.kind is AskKind.REORGANIZE:
            self._check_reorganizing(state, player, action)
        if action not in self._answers(state, player):
            raise RuleViolation(self._refusal(state, player, ask, action))
        match ask.kind:
            case AskKind.DRAWN:
                self._on_drawn(ctx, state, action)
            case AskKind.GIT:
                self._on_git(ctx, state, player, action)
            case AskKind.HOLD:
                self._on_hold(ctx, state, action)
            case AskKind.PENALTY:
                self._on_penalty(ctx, state, action)
            case AskKind.ATTACK:
                self._on_attack(ctx, state, action)
            case AskKind.STICK:
                self._on_stick(ctx, state, action)
            case AskKind.BILGE:
                self._on_bilge(ctx, state, action)
            case AskKind.REORGANIZE:
                self._on_reorganize(ctx, state, action)
            case AskKind.LAST_CALL:
                self._end_turn(ctx, state)
                self._advance(ctx, state)

    # -- the shout (L37-64; C14, C15) ------------------------------------------------------------------
    def _shout(self, ctx: Context, state: CMState, player: PlayerId, action: Shout) -> None:
        state.seat(player)
        turn = state.turn if action.turn is None else action.turn
        if turn != state.turn:  # an old board's button: before anything else, its turn is over (C14)
            raise RuleViolation("Too late: the turn that shout is about is over; a shout counts only during its "
                                "turn and the last call after it.")
        if player == state.current:
            raise RuleViolation("You are the one drawing: the shout is for the other players.")
        who, drawer = state.name_of(player), state.name_of(state.current)
        if state.claimed:
            if player in state.shouted:
                raise RuleViolation("You have already shouted this turn.")
            first = state.name_of(state.shouted[0])
            state.shouted.append(player)
            ctx.say(f"📣 {who} shouts \"Chaos Marauders!\" too — too late: {first} was first. Nothing happens.")
            return
        if state.marauders_turn != state.turn:  # C15 (b): wrong when it was not drawn this turn
            state.penalties.append(player)
            price = (f"{drawer} may take one of {who}'s cards." if any(t.cards_of(line) for line in state.lines[player])
                     else f"{who} has no card in their lines to lose, so it costs nothing.")  # C15: nothing to take
            ctx.say(f"📣 {who} shouts \"Chaos Marauders!\" — but {drawer} has not drawn it this turn. {price}")
            self._after_late_shout(ctx, state)
            return
        state.claimed = True
        state.shouted.append(player)
        marauders = DECK.index(MARAUDERS)
        found = t.where(state, marauders)
        if found is not None and found[0] == state.current:
            _, line, slot = found
            state.lines[state.current][line][slot] = None
            state.held.append(Held(card=marauders, player=player, source="claimed"))
            ctx.say(f"📣 {who} shouts \"Chaos Marauders!\" first and takes the card from {drawer}'s line {line + 1}.")
        elif state.drawn == marauders:
            state.claim = player
            ctx.say(f"📣 {who} shouts \"Chaos Marauders!\" first: the card goes to them once {drawer} has placed it.")
        else:
            ctx.say(f"📣 {who} shouts \"Chaos Marauders!\" — right, but the card has already gone.")
        self._after_late_shout(ctx, state)

    def _after_late_shout(self, ctx: Context, state: CMState) -> None:
        """A shout in the last call (C14): what it brings (the card to place, the wrong shout's price)
        is settled now; then the last call goes on, unless the shout won (nothing is left to shout for)."""
        if state.ask is not None and state.ask.kind is AskKind.LAST_CALL:
            self._advance(ctx, state)

    # -- the drawn card ----------------------------------------------------------------------------------
    def _on_drawn(self, ctx: Context, state: CMState, action: Any) -> None:
        me, card = state.current, state.drawn
        assert card is not None
        if isinstance(action, Decline):  # a declined card ends the turn (L772)
            ctx.say(f"{state.name_of(me)} declines {name_of(card)}; the turn ends.")
            self._discard(state, card)
            state.drawn, state.claim = None, None
            state.turn_over = True
            self._advance(ctx, state)
            return
        owners = t.gits_against(state, me)
        if owners:  # the Git owners see the intent, then decide (L220-229; C8)
            state.intent = action.model_dump()
            state.git_waiting = owners
            state.ask = Ask(kind=AskKind.GIT, players=list(owners))
            # the owners see the card and its use (L224-226); the table only where it is going
            words = self._intent_words(state, action)
            ctx.say(f"{state.name_of(me)} says what the card drawn is for: {words}. "
                    f"{', '.join(state.name_of(o) for o in owners)} may force a discard with a Git.")
            ctx.say(f"🤫 {state.name_of(me)}'s card is {name_of(card)}, {words}.", visible_to=[me, *owners])
            return
        self._execute(ctx, state, action)

    def _intent_words(self, state: CMState, action: Any) -> str:
        if isinstance(action, Place):
            whose = "own" if action.player in (None, state.current) else f"{state.name_of(action.player)}'s"
            return f"into {whose} {slot_words(action.line, action.slot)}"
        if isinstance(action, Steal | Blast):
            return f"against {state.name_of(action.player)}'s line {action.line + 1}"
        if isinstance(action, Assassinate):
            return f"to kill the Git in {slot_words(action.line, action.slot)}"
        return "as it must"

    def _on_git(self, ctx: Context, state: CMState, player: PlayerId, action: Any) -> None:
        me = state.current
        if isinstance(action, ForceDiscard):  # the card and the Git go, the turn ends (L220-229)
            card = state.drawn
            assert card is not None
            git = next(c for c in t.every_card(state, me) if key_of(c) == GIT and state.git_owner.get(c) == player)
            self._remove(state, git)
            self._discard(state, git)
            self._discard(state, card)
            ctx.say(f"🗡️ {state.name_of(player)}'s Sneaky Git strikes: {state.name_of(me)} discards "
                    f"{name_of(card)}, the Git goes too, and the turn ends.")
            state.drawn, state.intent, state.git_waiting, state.claim = None, None, [], None
            state.turn_over = True
            self._advance(ctx, state)
            return
        state.git_waiting = [p for p in state.git_waiting if p != player]
        ctx.say(f"{state.name_of(player)} lets it be.")
        if state.git_waiting:
            state.ask = Ask(kind=AskKind.GIT, players=list(state.git_waiting))
            return
        intent = state.intent
        state.intent = None
        assert intent is not None
        if intent.get("type") == "obey":
            self._obey(ctx, state)
            self._advance(ctx, state)
            return
        self._execute(ctx, state, ACTIONS.validate_python(intent))

    def _execute(self, ctx: Context, state: CMState, action: Any) -> None:
        """The drawn card does what its player said."""
        me, card = state.current, state.drawn
        assert card is not None
        state.drawn = None
        key, name = key_of(card), state.name_of(me)
        if isinstance(action, Steal):  # Venomous Creeps (L136-152)
            stolen = state.lines[action.player][action.line][action.slot]
            assert stolen is not None
            state.lines[action.player][action.line][action.slot] = None
            self._discard(state, card)
            state.held.insert(0, Held(card=stolen, player=me, source="stolen", may_attack=True))
            ctx.say(f"🐍 {name}'s Creeps steal {name_of(stolen)} from {state.name_of(action.player)}.")
            state.turn_over = True
        elif isinstance(action, Blast):  # Skyrr's Blowback (L368-390; C6)
            self._blowback(ctx, state, action)
            self._discard(state, card)
            state.turn_over = True
        elif isinstance(action, Assassinate):  # a Git kills a Git (L230-238)
            victim = state.lines[me][action.line][action.slot]
            assert victim is not None
            self._remove(state, victim)
            self._discard(state, victim)
            self._discard(state, card)
            ctx.say(f"🗡️ {name}'s Sneaky Git kills the Git in their {slot_words(action.line, action.slot)}.")
            state.turn_over = True
        else:
            assert isinstance(action, Place)
            self._place_drawn(ctx, state, card, action)
        if state.claim is not None and key == MARAUDERS:
            self._hand_over_claim(ctx, state, card)
        self._advance(ctx, state)

    def _place_drawn(self, ctx: Context, state: CMState, card: int, action: Place) -> None:
        me = state.current
        key, name = key_of(card), state.name_of(me)
        whose = action.player or me
        if key == GIT:  # into an opponent's line; Odlugg there may eat it first (L296-300)
            if t.has(state, whose, ODLUGG) and self._mark(ctx, f"Odlugg guards {state.name_of(whose)}", me):
                ctx.say(f"🧌 Odlugg eats the Sneaky Git before it reaches {state.name_of(whose)}; the turn ends.")
                self._discard(state, card)
                state.turn_over = True
                return
            state.lines[whose][action.line][action.slot] = card
            state.git_owner[card] = me
            state.new.append(card)
            ctx.say(f"🗡️ {name} slips a Sneaky Git into {state.name_of(whose)}'s {slot_words(action.line, action.slot)};"
                    " the turn ends.")
            state.turn_over = True
            return
        if whose != me:  # the Idol given to an opponent (L313-323)
            state.lines[whose][action.line][action.slot] = card
            state.new.append(card)
            ctx.say(f"{name} puts the Idol in {state.name_of(whose)}'s {slot_words(action.line, action.slot)}; "
                    "the turn ends.")
            state.turn_over = True
            return
        duplicate = t.has(state, me, key)  # a symbol already in play is a stop (L767-768; C2)
        placed = self._receive(ctx, state, me, card, action.line, action.slot, verb="puts", may_attack=True,
                               quiet=True)
        if duplicate:
            ctx.say(f"{name}'s card repeats a symbol already in play: the turn ends.")
            state.turn_over = True
        if kind(card).colour is Colour.GREEN:  # after a green card the turn ends (L126-130)
            state.turn_over = True
        if not placed:
            return
        if key == PIGSTICKER:
            state.effects.append("pigsticker")
        if key == BILGE:
            state.effects.append(f"bilge:{action.line}")
        self._completed(state, me, action.line)

    def _completed(self, state: CMState, player: PlayerId, line: int) -> None:
        """A line its owner has just completed may attack; twice with a Shaman (L85-97; C3)."""
        cards = state.lines[player][line]
        if t.complete(cards):
            state.chances.append(Chance(player=player, line=line, left=2 if t.holds(cards, SHAMAN) else 1))

    def _receive(self, ctx: Context, state: CMState, player: PlayerId, card: int, line: int, slot: int, *,
                 verb: str, may_attack: bool = False, quiet: bool = False) -> bool:
        """A card arrives in a player's line: booty is first offered to their Odlugg (L290-296; C9),
        a crew pulls its machine from everyone else (L425-438). The pulled parts may complete a line
        that attacks when the crew itself could (`may_attack`: drawn, stolen or taken, not captured).
        `quiet`: the card comes from the pile, and the table is told where a card went, not which: the
        drawer places it quietly (L37-42), and it lies face up for anyone to spot. False when Odlugg ate
        it."""
        name = state.name_of(player)
        if kind(card).colour is Colour.BLUE and t.has(state, player, ODLUGG) and self._mark(
                ctx, f"Odlugg eyes {name_of(card)}", player):
            ctx.say(f"🧌 Odlugg eats {name}'s {name_of(card)}.")
            self._discard(state, card)
            return False
        pushed = state.lines[player][line][slot]
        if pushed is not None:  # a pulled machine card making room
            self._discard(state, pushed)
            ctx.say(f"{name} discards {name_of(pushed)} to make room.")
        state.lines[player][line][slot] = card
        state.new.append(card)
        ctx.say(f"{name} {verb} {'a card' if quiet else name_of(card)} in {slot_words(line, slot)}.")
        card_type = kind(card)
        if card_type.part == "crew":
            for other in state.order:
                if other == player:
                    continue
                for row in state.lines[other]:
                    for s, c in enumerate(row):
                        if c is not None and kind(c).machine == card_type.machine and kind(c).part != "crew":
                            row[s] = None
                            state.held.insert(0, Held(card=c, player=player, source="pulled",
                                                      may_attack=may_attack))
                            ctx.say(f"🛠️ The {card_type.name} pulls {name_of(c)} away from {state.name_of(other)}.")
        return True

    def _hand_over_claim(self, ctx: Context, state: CMState, card: int) -> None:
        claimer, state.claim = state.claim, None
        found = t.where(state, card)
        if claimer is None or found is None or found[0] != state.current:
            return
        _, line, slot = found
        state.lines[state.current][line][slot] = None
        state.held.append(Held(card=card, player=claimer, source="claimed"))
        ctx.say(f"{state.name_of(claimer)} takes the Chaos Marauders they shouted for.")

    # -- green cards that act at once ---------------------------------------------------------------------
    def _obey(self, ctx: Context, state: CMState) -> None:
        card = state.drawn
        assert card is not None
        state.drawn = None
        if key_of(card) == DAGROMM:
            self._dagromm(ctx, state, card)
        else:
            self._odlugg(ctx, state, card)
        state.turn_over = True

    def _dagromm(self, ctx: Context, state: CMState, card: int) -> None:
        """Up to four rolls; a Mark on roll k loses every (k+2)th card, counted from the top line's left
        end over the cards only, positions fixed first; four Eyes lose nothing (L165-201; C11)."""
        me = state.current
        cards = t.every_card(state, me)
        for n, step in enumerate((3, 4, 5, 6), start=1):
            if self._mark(ctx, f"Dagromm's call, roll {n}", me):
                lost = cards[step - 1::step]
                for c in lost:
                    self._remove(state, c)
                    self._discard(state, c)
                ctx.say(f"👹 Dagromm takes every {step}th card of {state.name_of(me)}: "
                        + (", ".join(name_of(c) for c in lost) or "none") + ".")
                break
        else:
            ctx.say(f"👹 Dagromm passes {state.name_of(me)} by: four Orcish Eyes, nothing lost.")
        self._discard(state, card)

    def _odlugg(self, ctx: Context, state: CMState, card: int) -> None:
        """Everyone rolls, the drawer too (C9); a lone Mark of Chaos wins the Troll (L269-289)."""
        marks = [p for p in state.order if self._mark(ctx, "Odlugg chooses a side", p)]
        if len(marks) != 1:
            ctx.say("🧌 Odlugg gets confused and wanders off to the discard pile.")
            self._discard(state, card)
            return
        state.held.insert(0, Held(card=card, player=marks[0], source="odlugg"))
        ctx.say(f"🧌 Odlugg joins {state.name_of(marks[0])}.")

    def _odlugg_feeds(self, ctx: Context, state: CMState, player: PlayerId) -> None:
        """Odlugg arrives hungry: a roll for each booty card and Git of his new side (L277-284)."""
        for c in t.every_card(state, player):
            if kind(c).colour is Colour.BLUE or key_of(c) == GIT:
                if self._mark(ctx, f"Odlugg sniffs {name_of(c)}", player):
                    self._remove(state, c)
                    self._discard(state, c)
                    ctx.say(f"🧌 Odlugg eats {state.name_of(player)}'s {name_of(c)}.")

    def _blowback(self, ctx: Context, state: CMState, action: Blast) -> None:
        me = state.current
        if self._mark(ctx, "Skyrr's Blowback", me):
            for c in t.every_card(state, me):
                self._remove(state, c)
                self._discard(state, c)
            ctx.say(f"🔥 The Blowback explodes: {state.name_of(me)} loses every card.")
            return
        line = state.lines[action.player][action.line]
        for c in t.cards_of(line):
            self._discard(state, c)
        state.lines[action.player][action.line] = [None] * SLOTS
        ctx.say(f"🔥 The Blowback burns {state.name_of(action.player)}'s line {action.line + 1} away.")

    # -- received cards, penalties, powers, attacks ----------------------------------------------------------
    def _on_hold(self, ctx: Context, state: CMState, action: Any) -> None:
        held = state.held.pop(0)
        if isinstance(action, Drop):
            self._discard(state, held.card)
            ctx.say(f"{state.name_of(held.player)} discards {name_of(held.card)}.")
        elif action.player not in (None, held.player):  # the Idol handed on to an opponent (L313-323)
            state.lines[action.player][action.line][action.slot] = held.card
            state.new.append(held.card)
            ctx.say(f"{state.name_of(held.player)} puts the {name_of(held.card)} in {state.name_of(action.player)}'s "
                    f"{slot_words(action.line, action.slot)}.")
        else:
            was_complete = t.complete(state.lines[held.player][action.line])  # a pulled part pushing one out
            placed = self._receive(ctx, state, held.player, held.card, action.line, action.slot, verb="puts",
                                   may_attack=held.may_attack)
            if placed and held.source == "odlugg":  # he eats when drawn and joining a side, not when he
                self._odlugg_feeds(ctx, state, held.player)  # changes hands later (L270-284)
            if placed and key_of(held.card) == PIGSTICKER and held.player == state.current:
                state.effects.append("pigsticker")  # placed by any means, it shoots (L69-76); a purple card
                # reaches another player only as the claimed Marauders
            if placed and held.may_attack and held.player == state.current and not was_complete:
                self._completed(state, held.player, action.line)
        self._advance(ctx, state)

    def _on_penalty(self, ctx: Context, state: CMState, action: Any) -> None:
        shouter = state.penalties.pop(0)
        me = state.current
        if isinstance(action, Spare):
            ctx.say(f"{state.name_of(me)} spares {state.name_of(shouter)}.")
        else:
            card = state.lines[shouter][action.line][action.slot]
            assert card is not None
            state.lines[shouter][action.line][action.slot] = None
            state.held.insert(0, Held(card=card, player=me, source="penalty", may_attack=True))
            ctx.say(f"{state.name_of(me)} takes {name_of(card)} from {state.name_of(shouter)} for the wrong shout.")
        self._advance(ctx, state)

    def _on_stick(self, ctx: Context, state: CMState, action: Any) -> None:
        state.effects.remove("pigsticker")
        if isinstance(action, Stick):
            card = state.lines[action.player][action.line][action.slot]
            assert card is not None
            state.lines[action.player][action.line][action.slot] = None
            self._discard(state, card)
            ctx.say(f"🏹 The Pigsticker shoots {state.name_of(action.player)}'s {name_of(card)}.")
        self._advance(ctx, state)

    def _on_bilge(self, ctx: Context, state: CMState, action: Any) -> None:
        me = state.current
        if isinstance(action, Reorganize):
            state.ask = Ask(kind=AskKind.REORGANIZE, players=[me])
            state.arranged = [list(line) for line in state.lines[me]]
            state.moves_left = REORGANIZE_MOVES
            # no line complete after the reorganization attacks, not even the one Bilge's placement
            # completed just before it (L355-360)
            state.chances = [c for c in state.chances if c.player != me]
            ctx.say(f"Bilge sorts out {state.name_of(me)}'s lines.")
            return
        line = self._bilge_line(state)
        state.effects = [e for e in state.effects if not e.startswith("bilge:")]
        if isinstance(action, Lead) and line is not None:
            # the line he leads attacks once (an attack ends the turn, L773): when placing him completed
            # it, that completion's attack is the one he leads (twice only with a Shaman, L84-97)
            completed = next((c for c in state.chances if c.player == me and c.line == line), None)
            if completed is not None:
                state.chances.remove(completed)
                completed.led = True
            state.chances.insert(0, completed or Chance(player=me, line=line, led=True))
            ctx.say(f"Bilge leads line {line + 1} into battle.")
        self._advance(ctx, state)

    def _check_reorganizing(self, state: CMState, player: PlayerId, action: Any) -> None:
        """The refusals of Bilge's reorganization that say more than "not allowed now"."""
        if isinstance(action, Done):
            wrong = self._unlawful(state, player)
            if wrong is not None:
                raise RuleViolation(f"Your lines do not follow the placing rules yet: {wrong}. Move on, or start "
                                    "over.")
        if isinstance(action, Shift) and state.moves_left <= 0:
            raise RuleViolation("Bilge's reorganization has no moves left: start over, or say done.")

    def _on_reorganize(self, ctx: Context, state: CMState, action: Any) -> None:
        me = state.current
        lines = state.lines[me]
        if isinstance(action, Done):  # lines completed this way do not attack (L355-360)
            state.effects = [e for e in state.effects if not e.startswith("bilge:")]
            state.arranged, state.moves_left = None, 0
            ctx.say(f"Bilge has sorted out {state.name_of(me)}'s lines.")
            self._advance(ctx, state)
            return
        if isinstance(action, StartOver):
            assert state.arranged is not None
            state.lines[me] = [list(line) for line in state.arranged]
            ctx.say(f"{state.name_of(me)} puts every card back where it stood.")
            return
        card, other = lines[action.from_line][action.from_slot], lines[action.line][action.slot]
        assert card is not None
        lines[action.from_line][action.from_slot], lines[action.line][action.slot] = other, card
        state.moves_left -= 1
        swapped = f", swapping with {name_of(other)}" if other is not None else ""
        ctx.say(f"{state.name_of(me)} moves {name_of(card)} from {slot_words(action.from_line, action.from_slot)} to "
                f"{slot_words(action.line, action.slot)}{swapped}.")

    def _on_attack(self, ctx: Context, state: CMState, action: Any) -> None:
        chance = state.chances[0]
        me = state.current
        if isinstance(action, HoldBack):
            state.chances.pop(0)
            ctx.say(f"{state.name_of(me)}'s line {chance.line + 1} holds back.")
            self._advance(ctx, state)
            return
        state.turn_over = True  # an attack is a stop (L773)
        chance.left -= 1
        routed = self._battle(ctx, state, chance, action)
        if routed or chance.left <= 0:
            state.chances.pop(0)
        self._advance(ctx, state)

    def _battle(self, ctx: Context, state: CMState, chance: Chance, action: Attack) -> bool:
        """One attack on the Cube (L774-786): the Orcish Eye beats the defender, who discards the
        line's purple cards and loses the rest to the attacker; the Mark of Chaos routs the attacker,
        who discards the line's purple and grey cards and loses the rest to the defender. Machines are
        always captured (L417-424); a Git in a routed line is discarded (L256-258), one in a beaten
        line goes first to the victor, now its victim (L259-268); Odlugg in a beaten line is
        discarded (L308-312). Captured cards not placed are discarded (C4). True on a rout."""
        me, enemy = chance.player, action.player
        ours = state.lines[me][chance.line]
        theirs = state.lines[enemy][action.line]
        mine_name, their_name = state.name_of(me), state.name_of(enemy)
        ctx.say(f"⚔️ {mine_name}'s line {chance.line + 1} (Attack Value {t.line_value(state, me, chance.line)}) "
                f"attacks {their_name}'s line {action.line + 1} ({t.line_value(state, enemy, action.line)}).")
        routed = self._mark(ctx, f"the attack on {their_name}'s line {action.line + 1}", me)
        if not routed:
            gits, rest = [], []
            for c in t.cards_of(theirs):
                card_type = kind(c)
                if card_type.colour is Colour.PURPLE or card_type.key == ODLUGG:
                    self._discard(state, c)
                elif card_type.key == GIT:
                    gits.append(c)
                else:
                    rest.append(c)
            state.lines[enemy][action.line] = [None] * SLOTS
            state.held[0:0] = [Held(card=c, player=me, source="captured") for c in [*gits, *rest]]
            ctx.say(f"👁️ Orcish Eye: {their_name}'s line is beaten; {mine_name} captures "
                    + (", ".join(name_of(c) for c in [*gits, *rest]) or "nothing") + ".")
            return False
        captured = []
        for c in t.cards_of(ours):
            card_type = kind(c)
            if card_type.colour in (Colour.PURPLE, Colour.GREY) or card_type.key == GIT:
                self._discard(state, c)
            else:
                captured.append(c)
        state.lines[me][chance.line] = [None] * SLOTS
        state.held[0:0] = [Held(card=c, player=enemy, source="captured") for c in captured]
        ctx.say(f"🌀 Mark of Chaos: {mine_name}'s line routs; {their_name} captures "
                + (", ".join(name_of(c) for c in captured) or "nothing") + ".")
        return True

    # -- the flow of a turn --------------------------------------------------------------------------------
    def _advance(self, ctx: Context, state: CMState) -> None:
        """Ask the next question: cards received first, then a wrong shout's price, the powers of
        the card just placed, the attacks, and at last the next card or the next turn."""
        state.ask = None
        while not state.over:
            if self._check_end(ctx, state):
                return
            me = state.current
            if state.held:
                held = state.held[0]
                if not self._puts(state, held):
                    state.held.pop(0)
                    self._discard(state, held.card)
                    ctx.say(f"{state.name_of(held.player)} has no room for {name_of(held.card)}: it is discarded.")
                    continue
                state.ask = Ask(kind=AskKind.HOLD, players=[held.player])
                return
            if state.penalties:
                if not self._takeable(state, state.penalties[0]):
                    ctx.say(f"{state.name_of(me)} can take nothing from {state.name_of(state.penalties.pop(0))}.")
                    continue
                state.ask = Ask(kind=AskKind.PENALTY, players=[me])
                return
            if state.effects:
                effect = state.effects[0]
                if effect == "pigsticker":  # only now, never later (L77-80)
                    if self._stickable(state, me):
                        state.ask = Ask(kind=AskKind.STICK, players=[me])
                        return
                    state.effects.pop(0)
                    continue
                if self._bilge_line(state) is None:
                    state.effects.pop(0)
                    continue
                state.ask = Ask(kind=AskKind.BILGE, players=[me])
                return
            if state.chances:
                if self._chance_targets(state, state.chances[0]):
                    state.ask = Ask(kind=AskKind.ATTACK, players=[state.chances[0].player])
                    return
                state.chances.pop(0)
                continue
            if state.turn_over:
                if not state.claimed and len(state.order) > 1:  # the last call for late shouts (C14)
                    state.ask = Ask(kind=AskKind.LAST_CALL, players=[state.order[(state.active + 1) % len(state.order)]])
                    return
                self._end_turn(ctx, state)
                continue
            if self._draw(ctx, state):
                return

    def _end_turn(self, ctx: Context, state: CMState) -> None:
        me = state.current
        marauders = DECK.index(MARAUDERS)
        found = t.where(state, marauders)
        if state.marauders_turn == state.turn and not state.claimed and found is not None and found[0] == me:
            ctx.say(f"😈 {state.name_of(me)} got away with it: they drew the Chaos Marauders this turn and keep them!")
        state.turn_over, state.claimed, state.claim, state.shouted = False, False, None, []
        state.new, state.effects, state.chances = [], [], []
        state.active = (state.active + 1) % len(state.order)  # play passes left (L284-286)
        state.turn += 1
        ctx.say(f"Round {state.round}: {state.name_of(state.current)}'s turn.", kind="phase")

    def _draw(self, ctx: Context, state: CMState) -> bool:
        """The next card: True when it asks its player something, False when it settled itself."""
        me = state.current
        if not state.pile:
            if state.reshuffled or not state.discards:  # house: the second time, the game ends
                self._finish(ctx, state, "the draw pile ran out")
                return False
            state.pile = ctx.dice.shuffled(state.discards, "reshuffle the discards")
            state.discards, state.reshuffled = [], True
            ctx.say("The draw pile is empty: the discards are shuffled into a new one (once only).")
        card = state.pile.pop(0)
        card_type = kind(card)
        name = state.name_of(me)
        if card_type.key == MARAUDERS:
            state.marauders_turn = state.turn
        if card_type.colour is Colour.GREEN and state.round == 1:  # void in round one (L131-135)
            self._discard(state, card)
            ctx.say(f"{name} draws {card_type.name}: green cards do nothing in the first round; it is discarded.")
            return False
        if card_type.role is not Role.TROOP and t.count_role(state, me, card_type.role) >= MOST_OF_A_ROLE:
            self._discard(state, card)
            ctx.say(f"{name} draws {card_type.name}, a fourth {card_type.role.value}: it is discarded and the turn "
                    "ends.")
            state.turn_over = True
            return False
        state.drawn = card
        if card_type.key in (DAGROMM, ODLUGG):  # nothing to choose: they act at once
            ctx.say(f"{name} draws {card_type.name}.")
            owners = t.gits_against(state, me)
            if owners:
                state.intent = {"type": "obey"}
                state.git_waiting = owners
                state.ask = Ask(kind=AskKind.GIT, players=list(owners))
                return True
            self._obey(ctx, state)
            return False
        # the drawer alone learns the card: the others see only where it goes (L37-57)
        ctx.say(f"🤫 You drew {card_type.name}.", visible_to=[me])
        state.ask = Ask(kind=AskKind.DRAWN, players=[me])
        return True

    def _check_end(self, ctx: Context, state: CMState) -> bool:
        """A third complete line ends the game at once, in anyone's turn (L246-255; C13)."""
        if state.over:
            return True
        done = [p for p in state.order if all(t.complete(line) for line in state.lines[p])]
        if done:
            self._finish(ctx, state, f"{state.name_of(done[0])} completed a third battle line")
            return True
        return False

    def _finish(self, ctx: Context, state: CMState, why: str) -> None:
        """The end: the Idol's six rolls (L327-344), then everyone's Victory Points."""
        state.over, state.end, state.ask = True, why, None
        ctx.say(f"🏁 The game ends: {why}.", kind="end")
        for player in state.order:
            if not t.has(state, player, IDOL):
                continue
            if t.has(state, player, SHAMAN):
                state.idol[player] = IDOL_VP
            else:
                marks = [self._mark(ctx, f"the Idol's wrath, roll {n}", player) for n in range(1, IDOL_ROLLS + 1)]
                state.idol[player] = -IDOL_VP if any(marks) else IDOL_VP
            ctx.say(f"🗿 The Idol is worth {state.idol[player]:+d} to {state.name_of(player)}.")
        state.scores = {p: t.victory_points(state, p) + state.idol.get(p, 0) for p in state.order}
        ctx.say("Victory Points: " + ", ".join(f"{state.name_of(p)} {state.scores[p]}" for p in state.order) + ".",
                kind="end")

    # -- small helpers ---------------------------------------------------------------------------------------
    def _mark(self, ctx: Context, why: str, who: PlayerId) -> bool:
        """One roll of the Cube of Devastation: True for the Mark of Chaos."""
        return ctx.dice.d6(f"{why} (1 is the Mark of Chaos)", who).result in MARK_FACES

    def _remove(self, state: CMState, card: int) -> None:
        found = t.where(state, card)
        if found is not None:
            player, line, slot = found
            state.lines[player][line][slot] = None

    def _discard(self, state: CMState, card: int) -> None:
        state.discards.append(card)
        state.git_owner.pop(card, None)

    # -- views and the end ---------------------------------------------------------------------------------
    def card_view(self, state: CMState, card: int, owner: PlayerId | None = None) -> CardView:
        """A card as the table sees it; in `owner`'s lines, with the Attack Rating it counts for there
        (a Plague Lord's grows with how many its owner has, L109-119)."""
        card_type = kind(card)
        return CardView(card=card, key=card_type.key, name=card_type.name, colour=card_type.colour.value,
                        ar=t.rating(state, owner, card), vp=card_type.vp, git_owner=state.git_owner.get(card),
                        new=card in state.new)

    def _drawn_view(self, state: CMState, viewer: PlayerId | None) -> CardView | None:
        """The card being decided on, for those who may see it (its drawer; Git owners weighing it)."""
        if state.drawn is None:
            return None
        hidden = any(spot.key == DRAWN for spot in UNSEEN.spots(state))
        card = UNSEEN.seen(state, DRAWN, viewer) if hidden else state.drawn
        return self.card_view(state, card) if card is not None else None

    def view(self, state: CMState, viewer: PlayerId | None) -> CMView:
        """Everything on the table; of the pile only how many cards it holds; the card being decided on
        only for those who may see it."""
        players = []
        for n, player in enumerate(state.order):
            lines = [LineView(slots=[self.card_view(state, c, player) if c is not None else None for c in line],
                              value=t.line_value(state, player, k), complete=t.complete(line),
                              horned_rat=t.holds(line, HORNED_RAT), odlugg=t.holds(line, ODLUGG))
                     for k, line in enumerate(state.lines[player])]
            colour = next((s.colour for s in state.seats if s.player == player), n)
            players.append(PlayerView(player=player, colour=colour, lines=lines, vp=t.victory_points(state, player),
                                      idol=state.idol.get(player)))
        outcome = self.outcome(state)
        return CMView(**table_fields(state, viewer, self.waiting_for(state),
                                     outcome.placings if outcome is not None else None),
                      phase="over" if state.over else "playing", turn=state.turn, round=state.round,
                      active=None if state.over else state.current, players=players, pile=len(state.pile),
                      reshuffled=state.reshuffled, discards=[self.card_view(state, c) for c in state.discards[-8:]],
                      drawn=self._drawn_view(state, viewer),
                      asked=STAGES.text(state, state.ask) if state.ask is not None else "",
                      last_call=state.ask is not None and state.ask.kind is AskKind.LAST_CALL, over=state.over,
                      end=state.end, scores=state.scores)

    def outcome(self, state: CMState) -> Outcome | None:
        if not state.over or state.scores is None:
            return None
        scores = state.scores
        values = sorted(set(scores.values()), reverse=True)
        placings = [[p for p in state.order if scores[p] == v] for v in values]
        return Outcome(placings=placings, summary=f"The game ended: {state.end}.")


__all__ = ["ChaosMarauders"]
