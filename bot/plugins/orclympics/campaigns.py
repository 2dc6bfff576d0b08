"""Campaigns in a channel, without Discord: the lobby of players and broods, the games one after
another with the same seats, the quick campaign's choice, and the score.

A campaign is one row of the store (its players, the `rules.orclympics.campaign.Campaign` and an
open vote, as JSON) with a version checked on every write. Its games are ordinary games of the
table service with the campaign's id; when one ends, `on_finish` scores it inside the same
transaction as its last move, so a finished game is never left unscored. Commands on a channel's
campaign are serialised by a lock of their own (a campaign command may start a game, which takes
the table's channel lock).

Every refusal is a `TableError` whose message is one sentence for the user; nothing changes.
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TextIO

from pydantic import BaseModel, Field

from bot.storage.store import CampaignRow, ChannelBusy, GameRow, StaleVersion, Tx
from bot.service.table import DEFAULT_TURN_SECONDS, TableError, TableService, TurnResult
from rules.core.computer import Level, is_computer, new_computer
from rules.core.dice import Dice, roll_text
from rules.core.engine import Outcome, Seat
from rules.core.errors import RuleViolation
from rules.orclympics.broods import BROOD, Brood
from rules.orclympics.campaign import (
    FULL,
    PAIRS,
    Campaign,
    Kind,
    Scoreboard,
    choose_by_agreement,
    choose_by_roll,
    left_out,
    needs_choice,
    new_campaign,
    play_random_campaign,
    score_game,
    scoreboard,
    skip_game,
)

MAX_PLAYERS = 6
"""Campaign Rules 5: the VP tables cover two to six players."""

NO_CAMPAIGN = "There is no campaign in this channel. Start one with /campaign new."
OPEN = ("lobby", "active")
VOTE_OVER = "That choice is over; /campaign status says where the campaign stands."
PLAYERS_CHOOSE = "Only the campaign's players choose its disciplines."
SHOWN_FAILURES = 3
"""How many failing campaigns `simulate_campaigns` prints in full; the rest are only counted."""


class Member(BaseModel):
    player: str
    name: str
    brood: Brood


class Vote(BaseModel):
    """The quick campaign's choice of the next discipline, by the players' agreement."""

    index: int
    pair: tuple[str, str]
    choices: dict[str, str] = Field(default_factory=dict)  # player -> slug


class CampaignData(BaseModel):
    members: list[Member]
    turn_seconds: int = DEFAULT_TURN_SECONDS
    campaign: Campaign | None = None  # None while gathering players
    vote: Vote | None = None
    notes: list[str] = Field(default_factory=list)  # what the campaign said along the way (skips, rolls)


@dataclass(frozen=True)
class CampaignInfo:
    """A campaign as it stands, for the commands to show."""

    id: int
    guild_id: int | None
    channel_id: int
    kind: Kind
    status: str
    creator: str
    version: int
    data: CampaignData

    @property
    def names(self) -> dict[str, str]:
        return {m.player: m.name for m in self.data.members}

    def is_member(self, player: str) -> bool:
        return any(m.player == player for m in self.data.members)


@dataclass(frozen=True)
class Next:
    """What `/campaign next` (or a vote, or its timer) led to."""

    info: CampaignInfo
    outcome: Literal["game", "vote", "over"]
    lines: list[str]  # what to tell the channel: rolls, skips, the choice
    result: TurnResult | None = None  # the new game's first board
    pair: tuple[str, str] | None = None  # the vote's two disciplines


def _info(row: CampaignRow) -> CampaignInfo:
    return CampaignInfo(id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, kind=Kind(row.kind),
                        status=row.status, creator=row.creator, version=row.version,
                        data=CampaignData.model_validate_json(row.data_json))


class CampaignService:
    """Every channel's campaign on top of the table service (and its store)."""

    def __init__(self, table: TableService) -> None:
        self.table = table
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        table.finish_hooks.append(self.on_finish)

    def detach(self) -> None:
        """Stop scoring the table's games (the campaign plug-in is unloaded)."""
        if self.on_finish in self.table.finish_hooks:
            self.table.finish_hooks.remove(self.on_finish)

    # -- helpers ---------------------------------------------------------------------
    def title(self, slug: str) -> str:
        return self.table.game(slug).title

    def seats_all(self, count: int) -> Callable[[str], bool]:
        """Whether a discipline takes `count` players (absent disciplines take nobody)."""
        return lambda slug: slug in self.table.games and count in self.table.game(slug).table_sizes()

    def setup_notes(self, kind: Kind, count: int) -> list[str]:
        """Campaign Rules 3 at set-up: each discipline's recommended table, and what this many players means."""
        notes = []
        for slug in FULL if kind is Kind.FULL else [s for pair in PAIRS for s in pair]:
            if slug not in self.table.games:
                continue
            game = self.table.game(slug)
            line = f"{game.title}: best with {game.sizes_text(best=True)}"
            if count and not self.seats_all(count)(slug):
                line += f"; it cannot seat {count} players ({game.sizes_text()}), so it will be skipped"
                if kind is Kind.QUICK:
                    line = line.replace("it will be skipped", "the other discipline of its pair is played")
            elif left_out(slug, count):
                line += ("; two players are advised to leave it out" +
                         (", so the quick campaign plays the other of its pair" if kind is Kind.QUICK else
                          ", but a full campaign plays it"))
            notes.append(line + ".")
        return notes

    async def _row(self, channel_id: int, *, open_only: bool = True) -> CampaignRow:
        row = await self.table.store.read(lambda tx: tx.latest_campaign(channel_id))
        if row is None or (open_only and row.status not in OPEN):
            raise TableError(NO_CAMPAIGN)
        return row

    async def _save(self, info: CampaignInfo, data: CampaignData, *, status: str | None = None,
                    creator: str | None = None) -> CampaignInfo:
        def body(tx: Tx) -> CampaignRow:
            return tx.update_campaign(info.id, expected_version=info.version, status=status or info.status,
                                      creator=creator or info.creator, data_json=data.model_dump_json(),
                                      at=self.table.now())
        try:
            return _info(await self.table.store.write(body))
        except StaleVersion:
            raise TableError("The campaign changed a moment ago; try again.") from None

    def _brood(self, brood: str | None) -> Brood:
        """The brood a player asked for (Common if none), as every discipline declares it."""
        try:
            return Brood(BROOD.chosen(brood))
        except RuleViolation as exc:
            raise TableError(str(exc)) from None

    # -- the lobby ---------------------------------------------------------------------
    async def create(self, channel_id: int, guild_id: int | None, creator: str, name: str, kind: str,
                     brood: str | None = None, turn_seconds: int = DEFAULT_TURN_SECONDS) -> CampaignInfo:
        try:
            chosen = Kind(kind)
        except ValueError:
            raise TableError("A campaign is full (all six disciplines) or quick (three).") from None
        data = CampaignData(members=[Member(player=creator, name=name, brood=self._brood(brood))],
                            turn_seconds=turn_seconds)
        async with self._locks[channel_id]:
            try:
                row = await self.table.store.write(lambda tx: tx.insert_campaign(
                    guild_id=guild_id, channel_id=channel_id, kind=chosen.value, creator=creator,
                    data_json=data.model_dump_json(), at=self.table.now()))
            except ChannelBusy:
                raise TableError("This channel already has a campaign; finish it or /campaign abandon it first.") \
                    from None
        return _info(row)

    async def join(self, channel_id: int, player: str, name: str, brood: str | None) -> CampaignInfo:
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if info.status != "lobby":
                raise TableError("This campaign has already begun; its players stay the same to the end.")
            if info.is_member(player):
                raise TableError("You are already in this campaign.")
            if len(info.data.members) >= MAX_PLAYERS:
                raise TableError(f"A campaign takes at most {MAX_PLAYERS} players.")
            data = info.data.model_copy(deep=True)
            data.members.append(Member(player=player, name=name, brood=self._brood(brood)))
            return await self._save(info, data)

    async def add_computer(self, channel_id: int, actor: str, level: Level, name: str | None = None,
                           brood: str | None = None) -> CampaignInfo:
        """The creator seats a computer player for the whole campaign (a random brood if none given)."""
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if info.status != "lobby":
                raise TableError("This campaign has already begun; its players stay the same to the end.")
            if actor != info.creator:
                raise TableError(f"Only {info.names.get(info.creator, 'its creator')}, who opened the campaign, "
                                 "can seat computer players.")
            if len(info.data.members) >= MAX_PLAYERS:
                raise TableError(f"A campaign takes at most {MAX_PLAYERS} players.")
            try:
                player, chosen_name = new_computer(level, [m.player for m in info.data.members],
                                                   [m.name for m in info.data.members], name)
            except RuleViolation as exc:
                raise TableError(str(exc)) from None
            broods = BROOD.values()
            chosen = self._brood(brood) if brood else Brood(broods[self.table.new_seed() % len(broods)])
            data = info.data.model_copy(deep=True)
            data.members.append(Member(player=player, name=chosen_name, brood=chosen))
            return await self._save(info, data)

    async def remove_computer(self, channel_id: int, actor: str, name: str) -> CampaignInfo:
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if info.status != "lobby":
                raise TableError("This campaign has already begun; its players stay the same to the end.")
            if actor != info.creator:
                raise TableError(f"Only {info.names.get(info.creator, 'its creator')}, who opened the campaign, "
                                 "can remove computer players.")
            found = next((m for m in info.data.members
                          if is_computer(m.player) and m.name.lower() == name.strip().lower()), None)
            if found is None:
                raise TableError(f"There is no computer player called {name.strip()} in this campaign.")
            data = info.data.model_copy(deep=True)
            data.members = [m for m in data.members if m.player != found.player]
            return await self._save(info, data)

    async def leave(self, channel_id: int, player: str) -> CampaignInfo:
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if info.status != "lobby":
                raise TableError("This campaign has already begun; its creator or a server manager can abandon it.")
            if not info.is_member(player):
                raise TableError("You are not in this campaign.")
            data = info.data.model_copy(deep=True)
            data.members = [m for m in data.members if m.player != player]
            humans = [m for m in data.members if not is_computer(m.player)]
            if not humans:  # computers alone do not keep a campaign open
                return await self._save(info, data, status="abandoned")
            creator = humans[0].player if player == info.creator else info.creator
            return await self._save(info, data, creator=creator)

    async def begin(self, channel_id: int, actor: str, seed: int) -> CampaignInfo:
        """The creator closes the lobby: the broods' ages are rolled (same broods at random)."""
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if info.status != "lobby":
                raise TableError("This campaign has already begun; /campaign next plays its next game.")
            if actor != info.creator:
                raise TableError(f"Only {info.names.get(info.creator, 'its creator')}, who opened the campaign, "
                                 "can begin it.")
            if len(info.data.members) < 2:
                raise TableError("A campaign needs at least two players; others join with /campaign join.")
            data = info.data.model_copy(deep=True)
            data.campaign = new_campaign(info.kind, {m.player: m.brood for m in data.members}, Dice(seed=seed))
            return await self._save(info, data, status="active")

    # -- the games ---------------------------------------------------------------------
    async def next_game(self, channel_id: int, actor: str, guild_id: int | None, seed: int) -> Next:
        """Start the campaign's next discipline with its players, or open the quick campaign's vote."""
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if info.status == "lobby":
                raise TableError("The campaign has not begun yet; its creator begins it with /campaign start.")
            if not info.is_member(actor):
                raise TableError("Only the campaign's players can start its next game.")
            data = info.data.model_copy(deep=True)
            assert data.campaign is not None
            if data.vote is not None:
                return Next(info, "vote", ["The players are still choosing the next discipline."], pair=data.vote.pair)
            return await self._start(info, data, [], guild_id, seed)

    async def vote(self, channel_id: int, campaign_id: int, player: str, slug: str, guild_id: int | None,
                   seed: int) -> Next:
        """A player's choice of the next discipline; when everyone has chosen, an agreement decides,
        and a split vote goes to the roll."""
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            vote = info.data.vote
            if info.id != campaign_id or vote is None:
                raise TableError(VOTE_OVER)
            if not info.is_member(player):
                raise TableError(PLAYERS_CHOOSE)
            if slug not in vote.pair:
                raise TableError(f"Choose {self.title(vote.pair[0])} or {self.title(vote.pair[1])}.")
            data = info.data.model_copy(deep=True)
            assert data.vote is not None and data.campaign is not None
            data.vote.choices[player] = slug
            if any(m.player not in data.vote.choices for m in data.members if not is_computer(m.player)):
                saved = await self._save(info, data)
                return Next(saved, "vote", [f"{info.names[player]} would play {self.title(slug)}."], pair=vote.pair)
            wanted = set(data.vote.choices.values())
            lines = [f"{info.names[player]} would play {self.title(slug)}."]
            if len(wanted) == 1:
                choose_by_agreement(data.campaign, slug)
                lines.append(f"Everyone agrees: game {data.campaign.next_game + 1} is {self.title(slug)}.")
            else:
                lines.append("The players do not agree, so the dice decide.")
                lines += self._roll(data, seed)
            data.vote = None
            return await self._start(info, data, lines, guild_id, seed)

    async def roll_choice(self, channel_id: int, campaign_id: int, index: int, guild_id: int | None, seed: int,
                          why: str, *, actor: str | None = None) -> Next:
        """The vote runs out of time (`actor` None) or a player asks the dice: a D6 picks the discipline."""
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            vote = info.data.vote
            if info.id != campaign_id or vote is None or vote.index != index:
                raise TableError(VOTE_OVER)
            if actor is not None and not info.is_member(actor):
                raise TableError(PLAYERS_CHOOSE)
            data = info.data.model_copy(deep=True)
            data.vote = None
            return await self._start(info, data, [why, *self._roll(data, seed)], guild_id, seed)

    def _roll(self, data: CampaignData, seed: int) -> list[str]:
        assert data.campaign is not None
        dice = Dice(seed=seed)
        chosen = choose_by_roll(data.campaign, dice, self.seats_all(len(data.members)))
        rolled = "; ".join(roll_text(r) for r in dice.rolls)  # the log's own line for a die (rules.core.dice)
        return [f"{rolled}, so it is {self.title(chosen)}."]

    async def _start(self, info: CampaignInfo, data: CampaignData, lines: list[str], guild_id: int | None,
                     seed: int) -> Next:
        """Skip what cannot seat the players, then open the next game with everyone seated."""
        campaign = data.campaign
        assert campaign is not None
        seats_all = self.seats_all(len(data.members))
        while not campaign.finished:
            slug = campaign.schedule[campaign.next_game]
            if slug is None:
                pair = needs_choice(campaign, seats_all)
                if pair is not None:  # Campaign Rules 2: the players agree, or else the dice decide
                    data.vote = Vote(index=campaign.next_game, pair=pair)
                    return Next(await self._save(info, data), "vote", lines, pair=pair)
                slug = choose_by_roll(campaign, Dice(seed=seed), seats_all)  # no choice left: no die rolled
            if seats_all(slug):
                break
            skip_game(campaign, slug)
            title = self.title(slug) if slug in self.table.games else slug
            note = f"{title} cannot seat {len(data.members)} players, so it is skipped: nobody scores in it."
            lines.append(note)
            data.notes.append(note)
        if campaign.finished:
            saved = await self._save(info, data, status="finished")
            return Next(saved, "over", lines)
        saved = await self._save(info, data)
        slug = campaign.schedule[campaign.next_game]
        assert slug is not None
        seats = [Seat(player=m.player, name=m.name, pick=m.brood.value, colour=n)
                 for n, m in enumerate(data.members)]
        result = await self.table.start_seated(info.channel_id, guild_id if guild_id is not None else info.guild_id,
                                               slug, seats, campaign.game_options(), campaign_id=info.id,
                                               turn_seconds=data.turn_seconds)
        return Next(saved, "game", lines, result=result)

    def on_finish(self, tx: Tx, row: GameRow, outcome: Outcome, seats: Sequence[Seat]) -> None:
        """Score a campaign game in the transaction of its last move (a finish hook of the table)."""
        if row.campaign_id is None:
            return
        found = tx.get_campaign(row.campaign_id)
        if found is None or found.status != "active":
            return
        info = _info(found)
        campaign = info.data.campaign
        if campaign is None or campaign.finished or campaign.schedule[campaign.next_game] != row.slug:
            return
        data = info.data.model_copy(deep=True)
        assert data.campaign is not None
        score = score_game(data.campaign, row.slug, outcome)
        tx.set_victory_points(row.id, {p: score.placing_vp.get(p, 0) + score.feat_vp.get(p, 0)
                                       for p in data.campaign.players})
        tx.update_campaign(info.id, expected_version=info.version,
                           status="finished" if data.campaign.finished else "active", creator=info.creator,
                           data_json=data.model_dump_json(), at=self.table.now())

    # -- ending and looking ----------------------------------------------------------------
    async def abandon(self, channel_id: int, actor: str, *, is_admin: bool) -> CampaignInfo:
        """End the campaign without a champion (its creator or a server manager); a game of it that is
        still running is abandoned with it."""
        async with self._locks[channel_id]:
            info = _info(await self._row(channel_id))
            if actor != info.creator and not is_admin:
                raise TableError(f"Only {info.names.get(info.creator, 'its creator')}, who opened the campaign, "
                                 "or a server manager can abandon it.")
            saved = await self._save(info, info.data, status="abandoned")
        game = await self.table.store.open_game(channel_id)
        if game is not None and game.campaign_id == info.id:
            try:
                await self.table.abandon(channel_id, actor, is_admin=True)
            except TableError:
                pass  # it ended meanwhile
        return saved

    async def current(self, channel_id: int) -> CampaignInfo:
        """The channel's open campaign, else its latest one."""
        return _info(await self._row(channel_id, open_only=False))

    async def by_id(self, campaign_id: int) -> CampaignInfo | None:
        row = await self.table.store.read(lambda tx: tx.get_campaign(campaign_id))
        return _info(row) if row is not None else None

    def scoreboard(self, info: CampaignInfo) -> Scoreboard | None:
        if info.data.campaign is None:
            return None
        return scoreboard(info.data.campaign, info.names, {slug: g.title for slug, g in self.table.games.items()})

    async def open_votes(self) -> list[CampaignInfo]:
        """Running campaigns waiting for their players' choice (their timers start again after a restart),
        in the guilds this process owns (`bot.storage.shards`: another process runs its own votes)."""
        rows = await self.table.store.read(lambda tx: tx.active_campaigns())
        owns = self.table.ownership.owns
        return [info for info in map(_info, rows) if info.data.vote is not None and owns(info.guild_id)]


def simulate_campaigns(kind: str, campaigns: int, seed: int, players: int, *,
                       errors_to: TextIO | None = None) -> dict[str, Any]:
    """`zagjan simulate campaign`: play `campaigns` random campaigns from seeds seed, seed+1, …, like
    `zagjan simulate` plays games; the first failures' tracebacks go to `errors_to`."""
    errors_to = errors_to if errors_to is not None else sys.stderr
    completed = errors = actions = cries = 0
    champions: dict[str, int] = {}
    started = time.perf_counter()
    for index in range(campaigns):
        try:
            run = play_random_campaign(Kind(kind), players, seed + index)
        except Exception:
            errors += 1
            if errors <= SHOWN_FAILURES:
                print(f"--- campaign {index} (seed {seed + index}) failed ---", file=errors_to)
                traceback.print_exc(file=errors_to)
            continue
        completed += int(run.campaign.finished)
        actions += run.actions
        cries += run.war_cries
        broods = {e.player: e.brood.value for e in run.campaign.entries}
        for player in run.campaign.champions():
            champions[broods[player]] = champions.get(broods[player], 0) + 1
    seconds = time.perf_counter() - started
    return {"game": "campaign", "kind": kind, "players": players, "games": campaigns, "completed": completed,
            "errors": errors, "actions": actions, "war_cries": cries, "champion_broods": dict(sorted(champions.items())),
            "seconds": round(seconds, 3)}


def simulate(kind: str, campaigns: int, seed: int, players: int | None) -> dict[str, Any]:
    """`zagjan simulate campaign [--kind full|quick] [--players N]`, with its options checked."""
    if kind not in ("full", "quick"):
        raise ValueError("--kind is full or quick.")
    players = players or 4
    if not 2 <= players <= 6:
        raise ValueError("A campaign takes 2 to 6 players.")
    return simulate_campaigns(kind, campaigns, seed, players)


def champions(rows: Sequence[CampaignRow]) -> list[str]:
    """The champions of the finished campaigns among `rows`, once per campaign won (the hall of fame)."""
    found: list[str] = []
    for row in rows:
        data = CampaignData.model_validate_json(row.data_json)
        if data.campaign is not None and data.campaign.finished:
            found += data.campaign.champions()
    return found


__all__ = ["champions", "simulate", "simulate_campaigns", "CampaignService", "CampaignInfo", "CampaignData", "Member", "Vote", "Next", "NO_CAMPAIGN", "MAX_PLAYERS"]
