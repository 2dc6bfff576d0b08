"""The campaign service without Discord (seed 000, Campaign Rules 1-7): who may do what, the
quick campaign's vote, scoring inside the last move's transaction, the hall of fame."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from conftest import FakeClock
from table_play import play_to_the_end

from bot.plugins.orclympics.campaigns import MAX_PLAYERS, CampaignService
from bot.service.fame import hall_of_fame
from bot.storage.store import Store
from bot.service.table import TableError, TableService
from renderers import render
from rules.orclympics.war_cry import WarCryRules
from rules.registry import GAMES

DISCIPLINES = {slug: game for slug, game in GAMES.items() if isinstance(game, WarCryRules)}
"""The games a campaign plays, which carry the War Cry (the other families' games do not)."""

CHANNEL, GUILD = 10, 1


@pytest.fixture
async def service(store: Store) -> AsyncIterator[CampaignService]:
    yield CampaignService(TableService(store, GAMES, seed_source=lambda: 99, now=FakeClock()))


async def four(service: CampaignService, kind: str = "quick") -> None:
    await service.create(CHANNEL, GUILD, "ann", "Ann", kind, "feral")
    for player, brood in (("bo", "iron"), ("cy", "common"), ("di", "common")):
        await service.join(CHANNEL, player, player.title(), brood)
    await service.begin(CHANNEL, "ann", 5)


async def finish(service: CampaignService, seed: int = 1) -> None:
    await play_to_the_end(service.table, CHANNEL, seed)


async def test_the_lobby_refuses_what_it_should(service: CampaignService) -> None:
    await service.create(CHANNEL, GUILD, "ann", "Ann", "full", None)
    with pytest.raises(TableError, match="already has a campaign"):
        await service.create(CHANNEL, GUILD, "bo", "Bo", "quick", None)
    with pytest.raises(TableError, match="already in this campaign"):
        await service.join(CHANNEL, "ann", "Ann", "iron")
    with pytest.raises(TableError, match="no brood called 'goblin'"):
        await service.join(CHANNEL, "bo", "Bo", "goblin")
    with pytest.raises(TableError, match="at least two players"):
        await service.begin(CHANNEL, "ann", 1)
    for n in range(MAX_PLAYERS - 1):
        await service.join(CHANNEL, f"p{n}", f"P{n}", "iron")
    with pytest.raises(TableError, match="at most 6 players"):
        await service.join(CHANNEL, "late", "Late", "iron")
    with pytest.raises(TableError, match="Only Ann"):
        await service.begin(CHANNEL, "p0", 1)
    info = await service.leave(CHANNEL, "ann")  # the creator leaves: the next player opens it now
    assert info.creator == "p0" and not info.is_member("ann")
    with pytest.raises(TableError, match="no campaign"):
        await service.join(CHANNEL + 1, "bo", "Bo", None)


async def test_a_split_vote_goes_to_the_dice_and_only_players_vote(service: CampaignService) -> None:
    # 000 Campaign Rules 2: agreement or a D6 (reading "vote")
    await four(service)
    step = await service.next_game(CHANNEL, "bo", GUILD, 1)
    assert step.outcome == "vote" and step.pair == ("flying-pigs", "brood-rumble")
    with pytest.raises(TableError, match="Only the campaign's players"):
        await service.vote(CHANNEL, step.info.id, "stranger", "flying-pigs", GUILD, 1)
    with pytest.raises(TableError, match="Choose Flying Pigs or Brood Rumble"):
        await service.vote(CHANNEL, step.info.id, "ann", "timber", GUILD, 1)
    for player, slug in (("ann", "flying-pigs"), ("bo", "flying-pigs"), ("cy", "brood-rumble")):
        assert (await service.vote(CHANNEL, step.info.id, player, slug, GUILD, 1)).outcome == "vote"
    done = await service.vote(CHANNEL, step.info.id, "di", "brood-rumble", GUILD, 1)
    assert done.outcome == "game" and "do not agree" in done.lines[1] and done.lines[2].startswith("🎲 Table — the discipline of game")
    assert done.result is not None and done.result.slug in step.pair
    with pytest.raises(TableError, match="That choice is over"):
        await service.vote(CHANNEL, step.info.id, "ann", "flying-pigs", GUILD, 1)


async def test_a_game_is_scored_with_its_last_move_and_the_war_cry_goes_to_the_fewest(
        service: CampaignService) -> None:
    # 000 Campaign Rules 5 and 6: VP after each game, the War Cry for the next to the fewest VP
    await four(service, "full")
    step = await service.next_game(CHANNEL, "di", GUILD, 1)
    assert step.outcome == "game" and step.result is not None and step.result.slug == "flying-pigs"
    with pytest.raises(TableError, match="already has a game"):
        await service.next_game(CHANNEL, "ann", GUILD, 1)
    await finish(service)
    info = await service.current(CHANNEL)
    campaign = info.data.campaign
    assert campaign is not None and len(campaign.scores) == 1
    low = min(campaign.totals().values())
    assert campaign.war_cry == [p for p in campaign.players if campaign.totals()[p] == low]
    results = await service.table.store.read(lambda tx: tx.results_of_guild(GUILD))
    assert {r.player: r.vp for r in results} == campaign.totals()
    step = await service.next_game(CHANNEL, "ann", GUILD, 2)
    assert step.result is not None and step.result.slug == "brood-rumble"
    snap = await service.table.snapshot(CHANNEL)
    assert snap.state.war_cry is not None and set(snap.state.war_cry.uses) == set(campaign.war_cry)


async def test_abandoning_takes_the_running_game_with_it_and_needs_the_creator_or_a_manager(
        service: CampaignService) -> None:
    await four(service, "full")
    await service.next_game(CHANNEL, "ann", GUILD, 1)
    with pytest.raises(TableError, match="Only Ann"):
        await service.abandon(CHANNEL, "bo", is_admin=False)
    info = await service.abandon(CHANNEL, "bo", is_admin=True)
    assert info.status == "abandoned"
    assert (await service.table.snapshot(CHANNEL)).status == "abandoned"
    with pytest.raises(TableError, match="no campaign"):
        await service.next_game(CHANNEL, "ann", GUILD, 1)


async def test_the_hall_of_fame_adds_up_the_servers_results(service: CampaignService) -> None:
    await four(service, "full")
    await service.next_game(CHANNEL, "ann", GUILD, 1)
    await finish(service)
    results = await service.table.store.read(lambda tx: tx.results_of_guild(GUILD))
    fame = hall_of_fame("Orc Pit", results, ["ann"], {s: g.title for s, g in GAMES.items()})
    assert fame.rows[0].name == "Ann" and fame.rows[0].campaigns_won == 1
    assert sum(r.games for r in fame.rows) == 4 and sum(r.games_won for r in fame.rows) >= 1
    assert [r.discipline for r in fame.records] == ["Flying Pigs"] and fame.records[0].what == "Games won"
    assert render(fame)[:8] == b"\x89PNG\r\n\x1a\n" and render(fame) == render(fame)
    board = service.scoreboard(await service.current(CHANNEL))
    assert board is not None and render(board) == render(board)


def test_a_discipline_record_is_its_best_feat_of_strength() -> None:
    from bot.storage.store import ResultRow

    rows = [ResultRow(game_id=1, channel_id=1, campaign_id=None, slug="timber", player=p, name=p.title(), place=n + 1,
                      won=n == 0, feats=0, vp=0, stats={"Wood carried out": w})
            for n, (p, w) in enumerate((("ann", 5.0), ("bo", 3.0)))]
    rows.append(ResultRow(game_id=2, channel_id=1, campaign_id=None, slug="timber", player="bo", name="Bo", place=1,
                          won=True, feats=1, vp=0, stats={"Wood carried out": 8.0}))
    fame = hall_of_fame("Pit", rows, [], {"timber": "Timber!"})
    assert [(r.what, r.holder, r.value) for r in fame.records] == [("Wood carried out", "Bo", 8.0)]
    assert [r.name for r in fame.rows] == ["Bo", "Ann"] and fame.rows[0].feats == 1


def test_the_war_cry_buttons_are_the_same_for_every_game() -> None:
    # 000 Campaign Rules 6: one window, one set of buttons, whatever the game: the layer's declared moves
    import discord

    from bot.ui.declared import adapter_for
    from bot.ui.declared import Pick
    from rules.core.moves import find
    from rules.orclympics.war_cry import CryWarCry, LetItStand

    legal = [CryWarCry(roll=3, die=1), CryWarCry(roll=5), LetItStand()]
    for slug in DISCIPLINES:
        adapter = adapter_for(slug)
        controls = adapter.controls(None, legal, "ann")
        assert [(b.label, b.style, b.emoji) for b in controls.buttons] == [
            ("War Cry! on (1)", discord.ButtonStyle.danger, "📣"), ("War Cry! on (2)", discord.ButtonStyle.danger, "📣"),
            ("Let the dice stand", discord.ButtonStyle.secondary, None)]
        assert not controls.selects
        picked = [adapter.from_button(b.payload) for b in controls.buttons]
        assert all(isinstance(p, Pick) for p in picked)
        assert [find(legal, p.kind, p.code) for p in picked] == legal


def test_the_war_cry_is_a_command_and_a_typed_move_of_every_game() -> None:
    # 000 Campaign Rules 6: the answers are declared once by the War Cry layer and offered by every interface
    from bot.cli.terminal import parse_typed, typed_form
    from rules.orclympics.war_cry import MOVES, CryWarCry, LetItStand

    legal = [CryWarCry(roll=0), CryWarCry(roll=2, die=1), LetItStand()]
    for game in DISCIPLINES.values():
        assert game.moves is not None and all(game.moves.of(m.type) is m for m in MOVES)
        assert [m.name for m in game.moves.moves[-2:]] == ["war-cry", "let-it-stand"]  # after the game's own
        names = {"ann": "Ann"}
        assert [typed_form(a, names, game) for a in legal] == ["war-cry roll:1 die:1", "war-cry roll:3 die:2",
                                                               "let-it-stand"]
        assert parse_typed("war-cry roll:3 die:2", legal, names, game) == legal[1]
        assert parse_typed("war-cry roll:1", legal, names, game) == legal[0]
        assert parse_typed("let-it-stand", legal, names, game) == legal[2]
