"""Applying a move: one trip to the database's writer thread per move.

There, in one transaction, the channel's game row is read (locked until the commit on PostgreSQL),
its state taken from the cache when the versions agree (else parsed from the row), the actor and
the version a button carries checked, the rules applied, and the move, its events and the new state
written; the bot's own moves for idle or removed players, a finished game's result and hand-overs
to the process that owns a guild go in the same transaction. Commands on one channel are serialised
by an asyncio lock per channel. Every refusal is a `TableError` whose message can be shown as is,
and a refused move changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from bot.service.results import (
    Choose,
    NO_GAME,
    NOT_STARTED,
    NOT_PLAYING,
    STALE,
    TableError,
    Gone,
    TurnResult,
    Live,
    seat_of,
    whose_turn,
    DEFAULT_TURN_SECONDS,
    AUTO_MOVES_AT_ONCE,
    auto_action,
    last_place,
)
from bot.service.seen import Seen
from bot.storage.shards import Note, hand_over
from bot.storage.store import ChannelBusy, GameRow, StaleVersion, Tx

from rules.core.computer import is_computer
from rules.core.engine import Event, Game, Outcome, PlayerId, Seat, Step
from rules.core.errors import RuleViolation
from rules.core import undo
from rules.core.moves import Move, Reading, describe

class Moves(Seen):
    """Moves applied and stored, by players, the bot for idle players, and other processes."""

    async def act(self, channel_id: int, player: str, action: dict[str, Any] | BaseModel | Choose, *,
                  expected_version: int | None = None, game_id: int | None = None, slug: str | None = None,
                  from_board: bool = False) -> TurnResult:
        """Apply one move by `player`; on success it is stored before this returns.

        `expected_version` (and `game_id`) come from a button: when the game has moved
        on since the button was drawn, the click is refused rather than applied to a
        situation the player did not see. `slug` is the game a command belongs to (a
        Masters' Fight command in a channel playing something else is refused), and
        `from_board` says the move is a click: a board's controls belong to whoever must
        act, and to anyone else, seated or not, they only say whose turn it is. Everything
        from reading the game to the commit is one call on the store's writer thread
        (`_apply_in`): the game is read once and the player checked once, there. A click
        passes what it means as a `Choose`, read there against the player's legal moves.
        """
        async with self.lock(channel_id):
            cached = self._live.get(channel_id)
            try:
                live, events, before = await self.store.write(
                    lambda tx: self._apply_in(tx, channel_id, player, action, expected_version, game_id, cached,
                                              slug, from_board))
            except Gone:
                assert game_id is not None
                raise TableError(await self._gone(game_id)) from None
            self._remember(live)
            return self._result(live, events, before, movers=(player,))

    def _apply_in(self, tx: Tx, channel_id: int, player: str, action: dict[str, Any] | BaseModel | Choose,
                  expected_version: int | None, game_id: int | None, cached: Live | None, slug: str | None,
                  from_board: bool) -> tuple[Live, list[Event], Live]:
        """The body of `act`, run inside one write transaction: any refusal rolls it back whole.
        Returns the game after the move, its events, and the game before it."""
        row, game = self._running_in(tx, channel_id, game_id, slug)
        before = self._current(tx, row, game, cached)
        seats, state = before.seats, before.state
        if not from_board and not any(s.player == player for s in seats):
            raise TableError(NOT_PLAYING)
        waiting = before.waiting_for()
        legal = self._legal(before, player) if callable(action) else []
        if player not in waiting and not (legal if callable(action) else
                                          self._open_out_of_turn(game, state, player, action)):
            raise TableError(whose_turn(seats, waiting))
        if expected_version is not None and expected_version != row.version:
            raise TableError(STALE)
        made = self._parse(game, action(game, state, legal) if callable(action) else action)
        live, events = self._write_moves(tx, row, game, seats, state, [(player, made)], forfeited=row.forfeited,
                                         waiting=waiting)
        if live.undo_by == player:  # the turn's moves that may be taken back, for an undo without a replay
            live.history = [*(before.history if before.undo_by == player else []), (live.version, made, state)]
        return live, events, before

    def _running_in(self, tx: Tx, channel_id: int, game_id: int | None, slug: str | None
                    ) -> tuple[GameRow, Game[Any, Any]]:
        """The channel's running game, read once in the caller's transaction (locked until its commit):
        the one a button names (`game_id`), of the game a command is for (`slug`)."""
        row = tx.open_game(channel_id)
        if game_id is not None and (row is None or row.id != game_id):
            raise Gone()
        if row is None:
            raise TableError(NO_GAME)
        if slug is not None and row.slug != slug:
            raise TableError(f"The game in this channel is {self.game(row.slug).title}; "
                             "that command is for another game.")
        if row.status == "lobby":
            raise TableError(NOT_STARTED)
        return row, self.game(row.slug)

    # -- taking a move back ------------------------------------------------------------------------
    async def undo(self, channel_id: int, player: str, *, expected_version: int | None = None,
                   game_id: int | None = None) -> TurnResult:
        """Take back `player`'s last move, when it is the last move standing and the rules let it go
        (`Game.undo_refusal`); stored like a move, so it survives a restart, and versions go on up (a
        button of the board it undoes, or a doubled click on this one, is refused as stale).

        The game before the move comes from the table's memory of the turn (`Live.history`); when it
        is not there (after a restart, or a move another process made) the game is replayed from its
        log, in a thread of its own, never on the store's writer thread, which other channels' moves
        wait for. The transaction then only checks that nothing moved meanwhile, and stores the undo."""
        async with self.lock(channel_id):
            cached = self._live.get(channel_id)
            plan = _remembered(cached, player) or await self._replayed(channel_id, player, expected_version, game_id)
            try:
                live, events, before = await self.store.write(
                    lambda tx: self._undo_in(tx, channel_id, player, expected_version, game_id, cached, plan))
            except Gone:
                assert game_id is not None
                raise TableError(await self._gone(game_id)) from None
            self._remember(live)
            return self._result(live, events, before, movers=(player,))

    async def _replayed(self, channel_id: int, player: str, expected_version: int | None,
                        game_id: int | None) -> TakenBack:
        """The undo worked out from the stored log: read, then replayed in a thread (a button's version
        checked first, so a doubled click is told it is stale, as any move's is)."""
        row = await self.store.open_game(channel_id)
        if row is None or (game_id is not None and row.id != game_id):
            raise TableError(NO_GAME if game_id is None else await self._gone(game_id))
        if row.status == "lobby":
            raise TableError(NOT_STARTED)
        if expected_version is not None and expected_version != row.version:
            raise TableError(STALE)
        seats = await self._seats(row.id)
        if player not in {s.player for s in seats}:
            raise TableError(NOT_PLAYING)
        log = [(a.seq, a.player, a.action_json) for a in await self.store.actions(row.id)]
        return await asyncio.to_thread(_taken_back, self.game(row.slug), row, seats, log, player)

    def _undo_in(self, tx: Tx, channel_id: int, player: str, expected_version: int | None, game_id: int | None,
                 cached: Live | None, plan: TakenBack) -> tuple[Live, list[Event], Live]:
        row, game = self._running_in(tx, channel_id, game_id, None)
        before = self._current(tx, row, game, cached)
        names = {s.player: s.name for s in before.seats}
        if player not in names:
            raise TableError(NOT_PLAYING)
        if (expected_version is not None and expected_version != row.version) or plan.version != row.version:
            raise TableError(STALE)
        version = row.version + 1
        state = plan.state.model_copy(deep=True)
        state.version = version
        if any(p.secret and p.player == player for p in game.prompts(state)):  # said in the channel: never what
            events = [Event(text=f"↩️ {names[player]} takes back a secret choice.", kind="log")]
        else:
            action = plan.action
            words = game.moves.words(action, Reading(game.view(state, None), names)) if game.moves else describe(action)
            events = [Event(text=f"↩️ {names[player]} takes back: {words}.", kind="log")]
        at = self._now()
        try:
            tx.append_action(row.id, expected_version=row.version, player=player, action_json=undo.marker(plan.seq),
                             state_json=state.model_dump_json(), events=events, finished=False, at=at)
        except StaleVersion:
            raise TableError(STALE) from None
        after = replace(row, version=version, state_json=None, updated_at=at.isoformat())
        return Live(after, game, before.seats, state, undo_by=plan.next_by, history=plan.history), events, before

    def _current(self, tx: Tx, row: GameRow, game: Game[Any, Any], cached: Live | None) -> Live:
        """The game of `row` as it stands: the cached one when the cache is at the row's version, else read."""
        if cached is not None and cached.row.id == row.id and cached.version == row.version:
            return cached
        return Live(replace(row, state_json=None), game, [seat_of(r) for r in tx.seats(row.id)], self._state(game, row))

    def _write_moves(self, tx: Tx, row: GameRow, game: Game[Any, Any], seats: list[Seat], state: Any,
                     moves: list[tuple[PlayerId, Any]], *, forfeited: Sequence[PlayerId],
                     waiting: list[PlayerId], own: bool = True) -> tuple[Live, list[Event]]:
        """Apply and append `moves`, then one for every player removed for idling whom the game waits
        for, until it waits for someone else: all in the caller's transaction. `waiting` is whom the
        game waits for in `state`; each state's is asked of the rules once, and the last one's is kept
        with the game (`Live.waiting_for`). `own`: the first move is its player's own (not one the bot
        made for an idle player), so they may take it back if the rules let them (`Live.undo_by`)."""
        events: list[Event] = []
        made: list[tuple[PlayerId, Any, Step]] = []  # each move applied: who, the state before, its step
        version, at = row.version, self._now()
        for _ in range(AUTO_MOVES_AT_ONCE):
            if not moves:
                idle = next((p for p in waiting if p in forfeited), None)
                if idle is None or game.outcome(state) is not None:
                    break
                moves.append((idle, auto_action(game, state, idle)))
            player, move = moves.pop(0)
            try:
                step = game.apply(state, player, move)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            made.append((player, state, step))
            finished = game.outcome(step.state) is not None
            then = game.waiting_for(step.state)
            try:
                version = tx.append_action(
                    row.id, expected_version=version, player=player, action_json=game.dump_action(move),
                    state_json=step.state.model_dump_json(), events=step.events, finished=finished, at=at,
                    new_wait=not set(then) <= set(waiting))
            except StaleVersion:
                raise TableError(STALE) from None
            state, waiting, events = step.state, then, events + step.events
        outcome = game.outcome(state)
        if outcome is not None:
            self._record_result(tx, row, last_place(outcome, forfeited, seats) or outcome, seats, at)
        after = replace(row, version=version, state_json=None, updated_at=at.isoformat(), forfeited=tuple(forfeited),
                        status="finished" if outcome is not None else row.status)
        if self._hands_over(row):
            hand_over(tx, self.ownership.shard(row.guild_id), Note(row.id, row.channel_id, version))
        return Live(after, game, seats, state, waiting=waiting, undo_by=_undo_by(game, made) if own else None), events

    def _hands_over(self, row: GameRow) -> bool:
        """Whether a move in `row`'s game goes to another process to be shown: a DM's secret choice
        reaches the process holding shard 0, which may not own the game's guild (`bot.storage.shards`)."""
        return self.store.shared and not self.ownership.owns(row.guild_id)

    def _record_result(self, tx: Tx, row: GameRow, outcome: Outcome, seats: Sequence[Seat], at: datetime) -> None:
        """A game's end, in the transaction of its last move: each player's place, Feats and records
        for the hall of fame, then whatever the finish hooks (a campaign) make of it."""
        feats = list(outcome.feats.values())
        tx.insert_results(row, [(s.player, s.name, outcome.place_of(s.player), outcome.won_by(s.player),
                                 feats.count(s.player),
                                 {name: values[s.player] for name, values in outcome.records.items()
                                  if s.player in values}) for s in seats], at)
        for hook in self.finish_hooks:
            hook(tx, row, outcome, seats)

    async def start_seated(self, channel_id: int, guild_id: int | None, slug: str, seats: Sequence[Seat],
                           options: dict[str, Any], *, campaign_id: int | None = None,
                           turn_seconds: int = DEFAULT_TURN_SECONDS) -> TurnResult:
        """Open a table with everyone already seated and start it, in one transaction (a campaign's
        next game: the same players and picks, no lobby). The first seat is its creator."""
        game = self.game(slug)
        seed = self._seed_source()
        try:
            step = game.start(seats, options, seed)
        except RuleViolation as exc:
            raise TableError(str(exc)) from None
        at = self._now()

        def body(tx: Tx) -> GameRow:
            first = seats[0]
            row = tx.create_game(channel_id=channel_id, guild_id=guild_id, slug=slug, creator=first.player,
                                 seed=seed, options=options, at=at, campaign_id=campaign_id, creator_name=first.name,
                                 creator_pick=first.pick, creator_colour=first.colour, turn_seconds=turn_seconds)
            for seat in seats[1:]:
                tx.add_seat(row.id, player=seat.player, name=seat.name, pick=seat.pick, colour=seat.colour, at=at)
            tx.start_game(row.id, state_json=step.state.model_dump_json(), events=step.events, at=at)
            return row

        async with self.lock(channel_id):
            try:
                row = await self.store.write(body)
            except ChannelBusy:
                raise TableError(self._busy(await self.store.open_game(channel_id))) from None
            live = Live(replace(row, status="active", version=0, state_json=None), game, list(seats), step.state)
            self._remember(live)
            return self._result(live, step.events)

    async def settle_idle(self, channel_id: int, game_id: int, version: int, players: Sequence[PlayerId],
                          choice: str) -> TurnResult:
        """What the others decided about idle players: skip their turn (the bot plays it for them,
        as quietly as the rules allow) or remove them (from now on the bot plays for them, and
        they place last)."""
        async with self.lock(channel_id):
            cached = self._live.get(channel_id)

            def body(tx: Tx) -> tuple[Live, list[Event], Live]:
                row = tx.open_game(channel_id)
                if row is None or row.id != game_id or row.version != version or row.status != "active":
                    raise TableError(STALE)
                game = self.game(row.slug)
                before = self._current(tx, row, game, cached)
                seats, state = before.seats, before.state
                waiting = before.waiting_for()
                idle = [p for p in players if p in waiting]
                if not idle:
                    raise TableError(STALE)
                forfeited = list(row.forfeited)
                if choice == "remove":
                    tx.forfeit(row.id, row.version, idle)
                    forfeited += [p for p in idle if p not in forfeited]
                moves = [(p, auto_action(game, state, p)) for p in idle[:1]] if choice == "skip" else []
                return (*self._write_moves(tx, row, game, seats, state, moves, forfeited=forfeited, waiting=waiting,
                                           own=False),
                        before)

            live, events, before = await self.store.write(body)
            self._remember(live)
            return self._result(live, events, before, movers=players)


    async def handed(self, note: Note, shown: int | None) -> TurnResult | None:
        """The board of a move another process applied in a game this one owns (`bot.storage.shards`): the game
        as it stands now (at `note`'s version or later), with the public events of every move since the
        board last `shown` here (else since the note's move). Nothing private, and nobody counted as
        newly asked a secret question: the process that applied the move sent those itself. None when
        there is nothing newer than `shown` to show, or the game is gone."""
        live = await self._by_id(note.game_id)
        if live is None or live.state is None:
            return None
        after = max(note.version - 1, -1 if shown is None else shown)
        if live.version <= after:
            return None
        events = await self.store.events(note.game_id, after=after, upto=live.version)
        snap = self._snapshot(live)
        assert snap.public_view is not None
        return TurnResult(
            game_id=snap.game_id, slug=snap.slug, title=snap.title, channel_id=snap.channel_id,
            version=snap.version, seats=snap.seats, public_events=events,
            private_events={}, public_view=snap.public_view, prompts=snap.prompts, waiting_for=snap.waiting_for,
            outcome=snap.outcome, campaign_id=snap.campaign_id, private_seats=snap.private_seats,
            guild_id=snap.guild_id, already_asked=[p.player for p in snap.prompts if p.secret], elsewhere=True)

    async def quiet_move(self, game_id: int, player: PlayerId) -> Any:
        """The move the bot would make for `player` if they idled (`auto_action`), for a computer
        whose own search failed: chosen here, where the full state is, and shown to nobody."""
        live = await self._by_id(game_id)
        if live is None or live.state is None:
            raise TableError("That game no longer exists.")
        return auto_action(live.game, live.state, player)

    async def planned(self, channel_id: int, player: PlayerId, move: Move, given: Mapping[str, Any],
                      reading: Reading, done: int) -> dict[str, Any] | None:
        """The next move of a several-move command (`Move.plan`), read from the channel's state as it
        is now: the plan needs the rules' full state, which only the table holds."""
        live = await self._latest(channel_id)
        if live is None or live.state is None or move.plan is None:
            raise TableError(NO_GAME)
        try:
            return move.plan(live.state, player, given, reading, done)
        except RuleViolation:
            raise
        except (ValueError, TypeError) as exc:
            raise TableError(f"I could not read that: {exc}") from None


def _undo_by(game: Game[Any, Any], made: Sequence[tuple[PlayerId, Any, Step]]) -> PlayerId | None:
    """The player who may take back what was just applied: one move, by a human (a computer never
    takes a move back, and a move the bot made for an idle player is not theirs to take back), that
    the rules let go (`Game.undo_refusal`)."""
    if len(made) != 1:
        return None
    player, before, step = made[0]
    if is_computer(player) or game.undo_refusal(before, player, step) is not None:
        return None
    return player


@dataclass(frozen=True)
class TakenBack:
    """An undo worked out before its transaction: at which version, the log entry and the action it
    takes back, the game after it (its version set when stored), who may take back the move before
    it, and the turn's earlier moves that may be (from the table's memory; none after a replay)."""

    version: int
    seq: int
    action: Any
    state: Any
    next_by: PlayerId | None
    history: list[tuple[int, Any, Any]]


def _remembered(live: Live | None, player: PlayerId) -> TakenBack | None:
    """The undo of `player`'s last move from the table's memory of the turn, when it has it (a game's
    `Live` is of one version, and its history is that version's)."""
    if live is None or live.undo_by != player or not live.history:
        return None
    seq, action, state = live.history[-1]
    earlier = live.history[:-1]
    return TakenBack(live.version, seq, action, state, player if earlier else None, earlier)


def _taken_back(game: Game[Any, Any], row: GameRow, seats: list[Seat], log: list[undo.Entry],
                player: PlayerId) -> TakenBack:
    """The undo of `player`'s last move worked out by replaying the game from its log (a thread's
    work): refused with the rules' sentence when it may not go."""
    standing = undo.standing(log)
    if not standing:
        raise TableError("There is no move to take back yet.")
    seq, mover, action_json = standing[-1]
    if mover != player:
        name = next((s.name for s in seats if s.player == mover), "someone")
        raise TableError(f"You cannot take anything back: the last move was {name}'s.")
    taken = [*log, (row.version + 1, player, undo.marker(seq))]
    state = game.replay_log(seats, row.options, row.seed, taken)
    action = game.parse_action(action_json)
    refusal = game.undo_refusal(state, player, game.apply(state, player, action))
    if refusal is not None:
        raise TableError(f"You cannot take that move back: {refusal}")
    return TakenBack(row.version, seq, action, state, _undo_next(game, row, seats, taken), [])


def _undo_next(game: Game[Any, Any], row: GameRow, seats: list[Seat], log: Sequence[undo.Entry]) -> PlayerId | None:
    """Who may take back the move standing last once one was taken back (several, one at a time)."""
    standing = undo.standing(log)
    if not standing:
        return None
    seq, mover, action_json = standing[-1]
    if is_computer(mover):
        return None
    prior = game.replay_log(seats, row.options, row.seed, [*log, (log[-1][0] + 1, mover, undo.marker(seq))])
    step = game.apply(prior, mover, game.parse_action(action_json))
    return mover if game.undo_refusal(prior, mover, step) is None else None
