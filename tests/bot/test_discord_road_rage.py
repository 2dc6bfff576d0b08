"""A whole Road Rage race through Discord: builds, the circuit, the Starting Line, driving and
collisions, made through the menus, buttons and /rr commands a player would use. The seed is
fixed (discord_fixtures.SEED), so every die is the same on each run."""

from __future__ import annotations

from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    last_board,
    make_bot,
    pick_id,
    select_values,
    snapshot,
    world,
)

from bot.app.client import ZagjanBot
from rules.core.moves import code
from rules.orclympics.road_rage.models import (
    Advance,
    Build,
    DirtyTricks,
    EndTurn,
    Escape,
    FreePivot,
    OuttaDaWay,
    Pivot,
    RamStat,
    SetRace,
    SpeedChange,
    TakeCell,
)
from tests.rules.road_rage.track import driver

MAX_STEPS = 800
COGS = ("bot.cogs.lifecycle", "bot.cogs.rules_guide", "bot.cogs.moves")
WAYS = {1: "left", -1: "right", 0: "straight"}


@pytest.fixture
def simcord_bot(make_bot: Any) -> ZagjanBot:
    return make_bot(extensions=COGS)


async def open_race(world: World, players: int) -> None:
    broods = ["common", "feral", "iron", "common"]
    result = await world.alice.slash(world.channel, "game new", game="road-rage", brood=broods[0])
    assert applied(result), result.response.content
    for member, brood in zip(world.players[1:players], broods[1:players]):
        result = await member.slash(world.channel, "game join", brood=brood)
        assert applied(result), result.response.content
    result = await world.alice.slash(world.channel, "game start")
    assert result.acknowledged and applied(result)


async def play(world: World, actor: Any, action: Any, step: int) -> Any:
    board = last_board(world.channel)
    typed = step % 3 == 2

    async def pick(kind: str, value: str) -> Any:
        assert value in select_values(board, kind), (kind, value)
        return await actor.select(board, [value], custom_id=pick_id(board, kind))

    match action:
        case Build():
            return await pick("build", code(action))
        case SetRace():
            if typed:
                return await actor.slash(world.channel, "rr race", circuit=action.circuit, laps=action.laps)
            return await pick("race", code(action))
        case TakeCell():
            if typed:
                return await actor.slash(world.channel, "rr cell", cell=action.cell + 1)
            return await pick("cell", code(action))
        case SpeedChange():
            if typed:
                return await actor.slash(world.channel, "rr speed", up=action.delta > 0)
            return await actor.click(board, label="Speed up" if action.delta > 0 else "Slow down")
        case Pivot():
            if typed:
                return await actor.slash(world.channel, "rr pivot", way=WAYS[action.turn])
            return await actor.click(board, label=f"Pivot {'left' if action.turn > 0 else 'right'}")
        case Advance():
            if typed:
                return await actor.slash(world.channel, "rr go")
            return await actor.click(board, label="Next 3\" increment")
        case EndTurn():
            if typed:
                return await actor.slash(world.channel, "rr end")
            return await actor.click(board, label="End the turn")
        case RamStat():
            if typed:
                return await actor.slash(world.channel, "rr ram", stat=action.stat)
            return await actor.click(board, label="Dodge (Agility)" if action.stat == "agility"
                                     else "Ram (Chassis Points)")
        case Escape():
            if typed:
                return await actor.slash(world.channel, "rr escape", escape=action.escape)
            return await actor.click(board, label="Escape!" if action.escape else "Take the hit!")
        case FreePivot():
            if typed:
                return await actor.slash(world.channel, "rr free", way=WAYS[action.turn])
            return await actor.click(board, label="Keep straight" if not action.turn
                                     else f"Free pivot {'left' if action.turn > 0 else 'right'}")
        case OuttaDaWay() | DirtyTricks():
            raise AssertionError("the driver never plays these")
    raise AssertionError(f"no control for {action!r}")


@pytest.mark.parametrize("players", [2, 4])
async def test_a_whole_race_from_game_new_to_the_placings(simcord_env, world, players):
    await open_race(world, players)
    for step in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        action = driver(snap.state, player, legal, step)
        result = await play(world, world.by_id(player), action, step)
        assert result.acknowledged
        assert applied(result), f"step {step}: {action!r} was refused: {answered_privately(result)}"
        assert (await snapshot(simcord_env, world.channel)).version == snap.version + 1
    else:
        raise AssertionError(f"the race did not end in {MAX_STEPS} actions")
    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    assert sorted(p for group in final.outcome.placings for p in group) == sorted(
        str(m.id) for m in world.players[:players])
    assert "is over" in last_board(world.channel).content
    assert await simcord_env.bot.table.replay_check(final.game_id)


async def test_an_illegal_drive_is_refused_privately_and_changes_nothing(simcord_env, world):
    await open_race(world, 2)
    snap = await snapshot(simcord_env, world.channel)
    stranger = next(m for m in world.players if str(m.id) not in snap.waiting_for)
    refused = await stranger.slash(world.channel, "rr go")
    assert refused.ephemeral and not applied(refused)
    assert (await snapshot(simcord_env, world.channel)).version == snap.version


async def test_a_circuit_drawn_by_hand_in_discord(simcord_env, world):
    """000 VI.2.2: /rr race circuit:custom, then /rr gate and /rr terrain by coordinates, /rr drawn."""
    await open_race(world, 2)
    for player in ("alice", "bob"):
        member = getattr(world, player)
        built = await member.slash(world.channel, "rr build", driver="boar_boss", upgrades="Moar Boar")
        assert applied(built), answered_privately(built)
    chosen = await world.alice.slash(world.channel, "rr race", circuit="custom", laps=2, board="48")
    assert applied(chosen), answered_privately(chosen)
    bad = await world.alice.slash(world.channel, "rr gate", number=1, posts="somewhere")
    assert bad.ephemeral and not applied(bad)
    for number, posts in ((1, "34,24; 46,24"), (2, "24,34; 24,46"), (3, "2,24; 14,24")):
        placed = await world.alice.slash(world.channel, "rr gate", number=number, posts=posts)
        assert applied(placed), answered_privately(placed)
    walled = await world.alice.slash(world.channel, "rr terrain", at="24,24", width=12.0, height=12.0)
    assert applied(walled), answered_privately(walled)
    done = await world.alice.slash(world.channel, "rr drawn")
    assert applied(done), answered_privately(done)
    snap = await snapshot(simcord_env, world.channel)
    assert snap.public_view.size == 48.0 and snap.public_view.phase.value == "deploy"
    assert snap.public_view.blocks == [(24.0, 24.0, 12.0, 12.0)]


async def test_a_chariot_with_three_upgrades_is_picked_from_the_board(simcord_env, world):
    """000 VI.2.1: up to three Chariot Upgrades; the ready builds in the menu have at most two, so the
    menu of many picks takes any build: one Driver Upgrade and the upgrades, chosen together."""
    await open_race(world, 2)
    board = last_board(world.channel)
    chosen = ["driver=boar_boss", "upgrades=moar_boar", "upgrades=wolves", "upgrades=goblins"]
    assert set(chosen) <= set(select_values(board, "build-parts"))
    muddled = await world.alice.select(board, ["driver=boar_boss", "driver=big_boss"],
                                       custom_id=pick_id(board, "build-parts"))
    assert "one driver" in answered_privately(muddled)
    built = await world.alice.select(board, chosen, custom_id=pick_id(board, "build-parts"))
    assert applied(built), answered_privately(built)
    snap = await snapshot(simcord_env, world.channel)
    alice = next(c for c in snap.public_view.chariots if c.player == str(world.alice.id))
    assert alice.upgrades == ["moar_boar", "wolves", "goblins"] and (alice.agility, alice.skill) == (5, 2)
    typed = await world.bob.slash(world.channel, "rr build", driver="big_boss",
                                  upgrades="Metal Plates, Dead Sneaky, 'Eavy Wheels")
    assert applied(typed), answered_privately(typed)
    assert (await snapshot(simcord_env, world.channel)).public_view.phase.value == "circuit"


async def test_upgrades_are_suggested_one_more_at_a_time(simcord_env, world):
    """Autocomplete offers the listed builds' upgrades, then, once a comma is typed, the same
    upgrades with each one not taken yet added (up to three)."""
    await open_race(world, 2)
    listed = await world.alice.autocomplete(world.channel, "rr build", "upgrades", "", driver="boar_boss")
    assert any(c["value"] == "moar_boar,eavy_wheels" for c in listed)
    more = await world.alice.autocomplete(world.channel, "rr build", "upgrades", "moar_boar, 'Eavy Wheels, go",
                                          driver="boar_boss")
    assert [c["value"] for c in more] == ["moar_boar,eavy_wheels,goblins"]
    assert more[0]["name"] == "Moar Boar, 'Eavy Wheels, Are those 2 Goblins in an Orc Coat?"
    full = await world.alice.autocomplete(world.channel, "rr build", "upgrades", "wolves,goblins,moar_boar,",
                                          driver="boar_boss")
    assert [c["value"] for c in full] == ["wolves,goblins,moar_boar"]
