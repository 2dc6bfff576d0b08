"""A table gathering players: opening it, joining (with the seat's pick), computers seated and
removed, leaving, starting and abandoning. Each step is one transaction on the lobby's locked row,
so a join made through another process is never lost between a read and a write."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.service.results import (
    T,
    NO_GAME,
    TableError,
    Lobby,
    TurnResult,
    Live,
    seat_of,
    free_colour,
    names_of,
    join_names,
    DEFAULT_TURN_SECONDS,
)
from bot.service.moves import Moves
from bot.storage.store import ChannelBusy, GameRow, StaleVersion, Tx
from rules.core.computer import Level, is_computer, new_computer
from rules.core.engine import Event, Game, Seat, SeatPick
from rules.core.errors import RuleViolation


class Lobbies(Moves):
    """The lobby's steps; starting a game applies its first moves as `Moves` does."""

    def _open_in(self, tx: Tx, channel_id: int) -> tuple[GameRow, list[Seat]]:
        """The channel's open game and its seats, read inside a lobby step's transaction: the row stays
        locked until the commit, so another process's step on the same table waits and then sees this one's."""
        row = tx.open_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        return row, [seat_of(r) for r in tx.seats(row.id)]

    def _lobby_in(self, tx: Tx, channel_id: int) -> tuple[GameRow, Game[Any, Any], list[Seat]]:
        """`_open_in` for a step that needs the table still gathering players."""
        row, seats = self._open_in(tx, channel_id)
        if row.status != "lobby":
            raise TableError("The game has already started; join the next one.")
        return row, self.game(row.slug), seats

    async def _lobby_step(self, channel_id: int, step: Callable[[Tx], T], changed: str) -> T:
        """Run one lobby step as one transaction (`step` reads, decides and writes there); `changed` is the
        sentence for a table that changed under it all the same (it left the lobby, a seat went)."""
        async with self.lock(channel_id):
            try:
                return await self.store.write(step)
            except StaleVersion:
                raise TableError(changed) from None
            finally:
                self.forget(channel_id)

    def _lobby(self, row: GameRow, seats: list[Seat], status: str | None = None) -> Lobby:
        game = self.game(row.slug)
        return Lobby(game_id=row.id, slug=row.slug, title=game.title, channel_id=row.channel_id,
                     creator=row.creator, seats=seats, status=status or row.status,
                     note=game.player_count_note(len(seats)) if seats else None,
                     min_players=game.min_players, max_players=game.max_players, pick=game.seat_pick,
                     rules=game.rules_on(row.options))

    def _pick(self, game: Game[Any, Any], wanted: str | None, seats: Sequence[Seat] = (),
              *, at_random: bool = False) -> str:
        """What a newcomer picks, by the game's declaration (`Game.seat_pick`): what they asked for,
        else the default (`at_random`: a random free choice, as a computer sits down); "" when the
        game asks for nothing."""
        pick = game.seat_pick
        if pick is None:
            return ""
        taken = [s.pick for s in seats]
        if at_random and not (wanted or "").strip():
            free = pick.free(taken)
            if not free:
                raise TableError(f"Every {pick.name} of {game.title} is taken.")
            return free[self._seed_source() % len(free)]
        try:
            return pick.chosen(wanted, taken)
        except RuleViolation as exc:
            raise TableError(str(exc)) from None

    async def seat_pick(self, channel_id: int) -> tuple[SeatPick | None, list[str]]:
        """What the channel's open table asks of a player who sits down, and the choices still free
        (for autocomplete); None when it asks nothing, or there is no table."""
        row = await self.store.open_game(channel_id)
        pick = self._games[row.slug].seat_pick if row is not None and row.slug in self._games else None
        if row is None or pick is None:
            return None, []
        return pick, pick.free(s.pick for s in await self._seats(row.id))

    # -- the lobby ----------------------------------------------------------------------
    async def lobby(self, channel_id: int) -> Lobby:
        """The channel's table while it gathers players (for its card's buttons); refused when there is
        none, or its game has started."""
        row = await self.store.open_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        if row.status != "lobby":
            raise TableError("The game has already started; join the next one.")
        return self._lobby(row, await self._seats(row.id))

    async def new_game(self, channel_id: int, guild_id: int | None, creator: str, creator_name: str,
                       slug: str, options: dict[str, Any] | None = None, *,
                       creator_pick: str | None = None, campaign_id: int | None = None,
                       turn_seconds: int = DEFAULT_TURN_SECONDS) -> Lobby:
        """Open a table in the channel with its creator already seated.

        The creator's pick (a brood, a hero…) defaults to the game's default; they can `leave`
        and `join` again to pick another before the game starts.
        """
        game = self.game(slug)
        pick = self._pick(game, creator_pick)
        seed, at = self._seed_source(), self._now()

        def step(tx: Tx) -> Lobby:
            existing = tx.open_game(channel_id)
            if existing is not None:
                raise TableError(self._busy(existing))
            row = tx.create_game(channel_id=channel_id, guild_id=guild_id, slug=slug, creator=creator, seed=seed,
                                 options=options, at=at, campaign_id=campaign_id, turn_seconds=turn_seconds,
                                 creator_name=creator_name, creator_pick=pick, creator_colour=0)
            return self._lobby(row, [Seat(player=creator, name=creator_name, pick=pick, colour=0)])

        try:
            return await self._lobby_step(channel_id, step, "The table changed meanwhile; try again.")
        except ChannelBusy:  # another process opened one first
            raise TableError(self._busy(await self.store.open_game(channel_id))) from None

    def _busy(self, existing: GameRow | None) -> str:
        title = self._games[existing.slug].title if existing and existing.slug in self._games else "another game"
        return f"This channel already has a game of {title}; finish or /game abandon it first."

    async def join(self, channel_id: int, player: str, name: str, pick: str | None = None) -> Lobby:
        """Take a seat at the channel's table before it starts. One transaction, the table's row locked
        from reading its seats to writing the new one, so joins through several processes all land."""
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, game, seats = self._lobby_in(tx, channel_id)
            if any(s.player == player for s in seats):
                raise TableError("You are already seated at this table.")
            return self._sit(tx, row, game, seats, Seat(player=player, name=name, pick=self._pick(game, pick, seats),
                                                        colour=free_colour(seats)), at)

        return await self._lobby_step(channel_id, step, "The table changed while you were joining; try again.")

    def _sit(self, tx: Tx, row: GameRow, game: Game[Any, Any], seats: list[Seat], seat: Seat, at: datetime) -> Lobby:
        """Seat `seat` at the lobby of `row` (inside its step) if the table has room; the lobby after it."""
        if len(seats) >= game.max_players:
            raise TableError(f"The table is full: {game.title} takes at most {game.max_players} players.")
        tx.add_seat(row.id, player=seat.player, name=seat.name, pick=seat.pick, colour=seat.colour, at=at)
        return self._lobby(row, [*seats, seat])

    async def add_computer(self, channel_id: int, actor: str, level: Level, name: str | None = None,
                           pick: str | None = None) -> Lobby:
        """The table's creator seats a computer player (a name is found when none is given, and a
        random pick when none is asked for)."""
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, game, seats = self._lobby_in(tx, channel_id)
            if actor != row.creator:
                raise TableError(f"Only {names_of(seats, [row.creator])[0]}, who opened this table, "
                                 "can seat computer players.")
            if len(seats) >= game.max_players:
                raise TableError(f"The table is full: {game.title} takes at most {game.max_players} players.")
            try:
                player, chosen_name = new_computer(level, [s.player for s in seats], [s.name for s in seats], name)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            seat = Seat(player=player, name=chosen_name, pick=self._pick(game, pick, seats, at_random=True),
                        colour=free_colour(seats))
            return self._sit(tx, row, game, seats, seat, at)

        return await self._lobby_step(channel_id, step, "The table changed meanwhile; try again.")

    async def remove_computer(self, channel_id: int, actor: str, name: str) -> Lobby:
        """The creator takes a computer player off the table before the game starts."""
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, _, seats = self._lobby_in(tx, channel_id)
            if actor != row.creator:
                raise TableError(f"Only {names_of(seats, [row.creator])[0]}, who opened this table, "
                                 "can remove computer players.")
            found = next((s for s in seats if is_computer(s.player) and s.name.lower() == name.strip().lower()), None)
            if found is None:
                computers = [s.name for s in seats if is_computer(s.player)]
                raise TableError(f"There is no computer player called {name.strip()} at this table"
                                 + (f" (there is {join_names(computers)})." if computers else "."))
            tx.remove_seat(row.id, found.player, at=at)
            return self._lobby(row, [s for s in seats if s is not found])

        return await self._lobby_step(channel_id, step, "The table changed meanwhile; try again.")

    async def leave(self, channel_id: int, player: str) -> Lobby:
        """Give up a seat before the game starts.

        If the creator leaves, the next seated human becomes the creator; if no human
        is left, the lobby is abandoned (the returned status says so). One transaction.
        """
        at = self._now()

        def step(tx: Tx) -> Lobby:
            row, _, seats = self._lobby_in(tx, channel_id)
            if not any(s.player == player for s in seats):
                raise TableError("You are not seated at this table.")
            left = [s for s in seats if s.player != player]
            humans = [s for s in left if not is_computer(s.player)]
            tx.remove_seat(row.id, player, at=at)
            if not humans:  # computers alone do not keep a table open
                tx.set_status(row.id, "abandoned", allowed_from=("lobby",), at=at)
                return self._lobby(row, left, status="abandoned")
            if player == row.creator:
                tx.set_creator(row.id, humans[0].player, at=at)
                row = replace(row, creator=humans[0].player)
            return self._lobby(row, left)

        return await self._lobby_step(channel_id, step, "The table changed while you were leaving; try again.")

    async def start(self, channel_id: int, actor: str) -> TurnResult:
        """Deal the game out: only the creator may start, with an allowed number of players. One transaction,
        the table's row locked from reading its seats to storing the deal, so a join through another process
        either lands before (and is dealt in) or finds the game started."""
        at = self._now()

        def deal(tx: Tx) -> tuple[Live, list[Event]]:
            row, seats = self._open_in(tx, channel_id)
            if actor != row.creator:
                creator = names_of(seats, [row.creator])[0]
                raise TableError(f"Only {creator}, who opened this table, can start the game.")
            if row.status != "lobby":
                raise TableError("The game has already started.")
            game = self.game(row.slug)
            if not game.min_players <= len(seats) <= game.max_players:
                raise TableError(f"{game.title} needs {game.min_players} to {game.max_players} players; "
                                 f"{len(seats)} {'is' if len(seats) == 1 else 'are'} seated.")
            try:
                step = game.start(seats, row.options, row.seed)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            tx.start_game(row.id, state_json=step.state.model_dump_json(), events=step.events, at=at)
            return Live(replace(row, status="active", version=0, state_json=None), game, seats, step.state), step.events

        live, events = await self._lobby_step(channel_id, deal, "The game has already started.")
        self._remember(live)
        return self._result(live, events)

    async def abandon(self, channel_id: int, actor: str, *, is_admin: bool) -> None:
        """End the channel's game without a result (its creator or a server admin only), in one transaction."""
        at = self._now()

        def step(tx: Tx) -> None:
            row, seats = self._open_in(tx, channel_id)
            if actor != row.creator and not is_admin:
                creator = names_of(seats, [row.creator])[0]
                raise TableError(f"Only {creator}, who opened this table, or a server admin can abandon it.")
            tx.set_status(row.id, "abandoned", allowed_from=("lobby", "active"), at=at)

        await self._lobby_step(channel_id, step, "This game has already ended.")

