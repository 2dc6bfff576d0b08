"""OrcQuest WarPath in Discord (seed 004, issue 44), with no bot code of its own: the first Quest from
`/game new` to its end with two humans, who click the board's buttons, and two computers; the Enemy
Phase told in the channel with its dice; Mek's Dodge (L1111, house set b) asked of Mek's player alone
under the board, answered by a click, or left to the reaction timer, which takes the blow (the stage's
default, "no Reaction"); with three players the fourth Hero (Mandar) moved by each of them (L248-252,
reading a1), and a Hero that is not yours refused in words that say whose it is. And the Quest's secret,
the order of its decks and reserves (L253-256, reading a3): what the channel shows is the same in
every world dealt otherwise, and no pile's cards are named anywhere a player or the bot's log reads.

The humans' moves are the simplest legal ones (a Hero activated, its activation ended, "Done" at the
End of Turn, "Take it" under an Attack), so the Quest ends in a few Turns, the Alert rising.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, world, quiet_timers are fixtures)
    drained,
    quiet_timers,
    World,
    answered_privately,
    applied,
    bot_db,
    custom_ids,
    make_bot,
    snapshot,
    untrue_past,
    world,
)
from test_discord_brood_rumble import attachment_bytes, newest_board, texts
from test_discord_goblin_warlords import sent
from test_discord_orcz import computers_done
from test_discord_orcz_humans import no_picture

from bot.app.client import ZagjanBot
from bot.service.table import Snapshot
from bot.waits import reactions
from renderers import describe, render
from rules.core.computer import is_computer
from rules.core.dice import Dice
from rules.core.moves import Reading
from rules.core.selfplay import kind_first_policy
from rules.orcquest import GAME
from rules.orcquest.data import EVENTS, PATROL_DECK
from rules.orcquest.enemies import REACTION
from rules.orcquest.models import Activate, Dodge, EndActivation, EndTurn, Pass, QuestState, Resolve


pytestmark = pytest.mark.usefixtures("quiet_timers")


def buttons(message: Any) -> dict[str, str]:
    """A board's buttons: label -> custom id."""
    return {child.label: child.custom_id for row in message.components for child in getattr(row, "children", [])
            if getattr(child, "custom_id", "").startswith("zj:act:") and getattr(child, "label", None)}


def words(snap: Snapshot, action: Any) -> str:
    """How the board's button for `action` reads (the move book's words, as the board says them)."""
    assert GAME.moves is not None
    return GAME.moves.words(action, Reading(GAME.view(snap.state, None), {s.player: s.name for s in snap.seats}))


SIMPLE = (Pass, Resolve, Activate, EndActivation, EndTurn)
"""A human's simple moves, the first the board offers: take the blow, read the dice, activate a Hero,
end its activation, be done with the End of Turn."""


def simple_move(legal: list[Any]) -> Any:
    return next(a for kind in SIMPLE for a in legal if isinstance(a, kind))


def public_text(env: Any, world: World) -> str:
    """Everything the bot showed everyone, in order (each board as it was sent, edits included)."""
    return "\n".join(m.words for m in sent(env, world) if m.audience == "everyone")


def redealt(state: QuestState, worlds: int = 3) -> list[QuestState]:
    """Worlds no seat can tell from `state`: its decks and reserves dealt again (`rules.orcquest.secrets`)."""
    out = []
    for n in range(worlds):
        other = QuestState.model_validate(state.model_dump())
        for secret in GAME.secrets:
            secret.veil(other, secret.hidden_from(other, None), Dice(seed=n))
        out.append(other)
    return out


async def board_is_the_same_in_every_world(env: Any, world: World, snap: Snapshot) -> None:
    """The live board's picture and its description are drawn from the public view, and would be the
    same had the decks and reserves been dealt otherwise."""
    board = newest_board(env, world.channel)
    lines = (board.embeds[0].description or "").split("\n")
    worlds = redealt(snap.state)
    assert any(w.model_dump(exclude={"dice"}) != snap.state.model_dump(exclude={"dice"}) for w in worlds)
    views = [GAME.view(w, None) for w in [snap.state, *worlds]]
    assert len({render(v) for v in views}) == 1 and len({describe(v, lines) for v in views}) == 1
    assert await attachment_bytes(env, board) == render(views[0])
    assert board.attachments[0].description == describe(views[0], lines)


PILE_CODES = {c for c in [*(e.code for e in EVENTS), *(p.code for p in PATROL_DECK)] if "-" in c and c != "about-turn"} \
    | {"peasant-x2", "peasant-x3"}
"""How the rules name the piles' cards and tokens (those no sentence uses): a state or a pile dumped
anywhere would show them."""


# -- the whole Quest -------------------------------------------------------------------------------------------


async def test_two_humans_and_two_computers_play_the_first_quest_from_the_lobby_to_its_end(
        simcord_env, world, monkeypatch, caplog):
    caplog.set_level(logging.DEBUG, logger="zagjan")
    bot: ZagjanBot = simcord_env.bot
    channel = world.channel
    assert applied(await world.alice.slash(channel, "game new", game="orcquest"))
    assert applied(await world.alice.slash(channel, "seat computer", level="easy"))
    assert applied(await world.bob.slash(channel, "game join"))
    assert applied(await world.alice.slash(channel, "seat computer", level="easy"))
    assert applied(await world.alice.slash(channel, "game start"))
    await computers_done(bot, channel.id)
    first = await snapshot(simcord_env, channel)
    alice, bob = str(world.alice.id), str(world.bob.id)
    owners = {h.code: h.owners for h in first.state.heroes}
    assert owners["orrus"] == [alice] and owners["mek"] == [bob]  # one Hero a seat, in the order seated
    assert all(is_computer(p) for h in ("thalla", "mandar") for p in owners[h])
    said = public_text(simcord_env, world)
    assert "Orrus the Warrior is played by alice." in said and "Mek the Thief is played by bob." in said

    clicked = typed = checked = 0
    for _ in range(600):
        await computers_done(bot, channel.id)
        snap = await snapshot(simcord_env, channel)
        if snap.outcome is not None or snap.status != "active":
            break
        humans = [p for p in snap.waiting_for if not is_computer(p)]
        if not humans:
            await asyncio.sleep(0.01)
            continue
        if checked < 2 and snap.state.turn == checked + 1:  # the first boards of two Turns, with pictures
            await board_is_the_same_in_every_world(simcord_env, world, snap)
            checked += 1
            if checked == 2:
                monkeypatch.setattr(bot.painter, "render", no_picture)  # the rest is checked in words
        player = humans[0]
        action = simple_move(await bot.table.legal_actions(channel.id, player))
        board = newest_board(simcord_env, channel)
        button = buttons(board).get(words(snap, action))
        if button is not None and f":{snap.version}:" in button:  # as a player would: the board's button
            assert applied(await world.by_id(player).click(board, custom_id=button)), words(snap, action)
            clicked += 1
        else:
            await bot.show_move(await bot.table.act(channel.id, player, action, expected_version=snap.version))
            typed += 1
    else:
        raise AssertionError("the Quest did not end")
    await drained(bot, channel.id)
    final = await snapshot(simcord_env, channel)
    assert final.status == "finished" and final.outcome is not None and checked == 2
    assert clicked > 20 and clicked > 4 * typed  # the humans played by the board's buttons
    assert final.outcome.winners() in ([], [s.player for s in final.seats])  # together: all win or all lose
    said = public_text(simcord_env, world)
    # the Enemy Phase is told in the channel, with its dice
    assert "Enemy Phase." in said and "🎲 Table — " in said
    assert "The Quest is lost." in said or "the Quest is won" in said
    assert await bot.table.replay_check(final.game_id)
    assert not untrue_past(channel), untrue_past(channel)[:3]
    for member in (world.alice, world.bob):  # nothing private to send: no seat sees more than the table
        assert not member.user.dm_channel.history()
    # the piles' cards are named nowhere: not in what the bot sent anyone (/game log included), nor in its log
    asked = await world.bob.slash(channel, "game log", lines=100)
    assert asked.ephemeral and "Enemy Phase" in "\n".join(m.content or "" for m in [asked.response, *asked.followups]
                                                         if m is not None)
    everything = "\n".join(f"{m.words}\n{m.labels}" for m in sent(simcord_env, world))
    assert not [c for c in PILE_CODES if c in everything or c in caplog.text]


# -- Mek's Dodge -------------------------------------------------------------------------------------------------

DODGE_SEED, POLICY_SEED = 9, 2
"""A Quest (its seed) and a seeded policy for both seats (kind-first random moves) that bring Mek's
Dodge question on Turn 2 (found by playing the engine alone)."""


@pytest.fixture
def simcord_bot(make_bot) -> ZagjanBot:
    return make_bot(seed_source=lambda: DODGE_SEED)


def mek_asked(state: QuestState) -> bool:
    turn = state.enemy_turn
    return state.ask is not None and state.ask.kind == REACTION and turn is not None and turn.strike is not None \
        and turn.strike.hero == "mek"


async def until_mek_is_attacked(env: Any, world: World) -> Snapshot:
    """alice (Orrus and Thalla) and bob (Mek and Mandar) play seeded moves through the table service
    (no boards: fast) until an Enemy's Attack on Mek waits for bob's answer; that move is shown as every
    move is."""
    bot: ZagjanBot = env.bot
    assert applied(await world.alice.slash(world.channel, "game new", game="orcquest"))
    assert applied(await world.bob.slash(world.channel, "game join"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    chooser = Dice(seed=POLICY_SEED)
    for _ in range(400):
        snap = await snapshot(env, world.channel)
        player = snap.waiting_for[0]
        legal = await bot.table.legal_actions(world.channel.id, player)
        result = await bot.table.act(world.channel.id, player, kind_first_policy(GAME, snap.state, player, legal,
                                                                                 chooser))
        after = await snapshot(env, world.channel)
        if mek_asked(after.state):
            await bot.show_move(result)
            await drained(bot, world.channel.id)
            return after
    raise AssertionError("Mek was never attacked")


async def test_meks_player_alone_is_asked_to_dodge_and_a_click_dodges(simcord_env, world):
    bot: ZagjanBot = simcord_env.bot
    snap = await until_mek_is_attacked(simcord_env, world)
    bob = str(world.bob.id)
    assert snap.waiting_for == [bob] and snap.state.phase == "enemy"
    board = newest_board(simcord_env, world.channel)
    strike = snap.state.enemy_turn.strike
    assert board.content.startswith(f"<@{bob}>") and str(world.alice.id) not in board.content  # bob is pinged
    assert f"Attack would deal {strike.damage} Damage to Mek" in board.content
    # the Enemy Phase so far is told on the board, with the Enemies' dice
    told = board.embeds[0].description or ""
    assert "Enemy Phase" in texts([board]) or "Enemy Phase" in public_text(simcord_env, world)
    assert "🎲" in told
    offered = buttons(board)
    take = words(snap, Pass())
    dodges = [a for a in await bot.table.legal_actions(world.channel.id, bob) if isinstance(a, Dodge)]
    assert take in offered and dodges
    # the other player's click, and a stranger's, change nothing and say whose answer it is
    for member in (world.alice, world.carol):
        assert answered_privately(await member.click(board, custom_id=offered[take])) == "It is bob's turn."
    assert (await snapshot(simcord_env, world.channel)).version == snap.version
    # bob dodges, by the board's control for it
    dodge = dodges[0]
    control = buttons(board).get(words(snap, dodge))
    if control is not None:
        assert applied(await world.bob.click(board, custom_id=control))
    else:  # a menu of the squares to step to
        menu = next(c for c in custom_ids(board) if c.startswith("zj:pick:") and ":dodge" in c)
        assert applied(await world.bob.select(board, [dodge.square], custom_id=menu))
    await drained(bot, world.channel.id)
    after = await snapshot(simcord_env, world.channel)
    mek = after.state.hero("mek")
    assert after.version > snap.version and mek.damage == snap.state.hero("mek").damage
    assert f"Mek dodges to {dodge.square} and takes no Damage!" in public_text(simcord_env, world)


async def test_a_dodge_left_unanswered_takes_the_blow_when_the_time_runs_out(simcord_env, world):
    bot: ZagjanBot = simcord_env.bot
    snap = await until_mek_is_attacked(simcord_env, world)
    [prompt] = snap.prompts
    bob = str(world.bob.id)
    assert prompt.player == bob and prompt.default == Pass().model_dump()
    strike = snap.state.enemy_turn.strike
    hp = snap.state.hero("mek").damage
    task = reactions.schedule(bot, snap, seconds=0.01)  # bob is away
    assert task is not None
    await asyncio.wait_for(task, 10)
    await drained(bot, world.channel.id)
    after = await snapshot(simcord_env, world.channel)
    assert after.version > snap.version
    assert after.state.hero("mek").damage == min(hp + strike.damage, after.state.hero("mek").hp)
    said = public_text(simcord_env, world)
    assert "bob did not answer in time" in said and "Mek takes" in said
    reactions.cancel(after.game_id)


# -- three players: the fourth Hero is everyone's -----------------------------------------------------------------


async def test_with_three_players_the_fourth_hero_is_moved_by_each_and_an_owned_one_by_its_owner_alone(
        simcord_env, world):
    bot: ZagjanBot = simcord_env.bot
    channel = world.channel
    assert applied(await world.alice.slash(channel, "game new", game="orcquest"))
    for member in (world.bob, world.carol):
        assert applied(await member.slash(channel, "game join"))
    assert applied(await world.alice.slash(channel, "game start"))
    await drained(bot, channel.id)
    snap = await snapshot(simcord_env, channel)
    players = [str(m.id) for m in (world.alice, world.bob, world.carol)]
    assert {h.code: h.owners for h in snap.state.heroes}["mandar"] == players
    assert "Mandar the Warlock is played by everyone." in public_text(simcord_env, world)
    board = newest_board(simcord_env, channel)
    assert all(f"<@{p}>" in board.content for p in players)  # every player may choose the next Hero

    # bob's click on alice's Hero: refused in the rules' words, naming whose Hero it is; nothing changes
    orrus = buttons(board)[words(snap, next(a for a in GAME.legal_actions(snap.state, players[0])
                                               if isinstance(a, Activate) and a.hero == "orrus"))]
    refused = answered_privately(await world.bob.click(board, custom_id=orrus))
    assert refused == "Orrus is not yours to move: alice plays Orrus."
    assert answered_privately(await world.dave.click(board, custom_id=orrus)) == \
        "The game is waiting for alice, bob and carol."  # a stranger is told whose move it is, as in every game
    assert (await snapshot(simcord_env, channel)).version == snap.version

    # Turn after Turn, a different player activates Mandar by the same button, and ends its activation
    for turn, member in enumerate((world.alice, world.bob, world.carol), start=1):
        for _ in range(200):
            await drained(bot, channel.id)
            snap = await snapshot(simcord_env, channel)
            assert snap.outcome is None, "the Quest ended before each player moved Mandar"
            mandar = [a for a in GAME.legal_actions(snap.state, str(member.id))
                      if isinstance(a, Activate) and a.hero == "mandar"]
            if snap.state.turn == turn and mandar:
                break
            for player in snap.waiting_for:  # the others play on, leaving Mandar to the next player
                keep = [a for a in await bot.table.legal_actions(channel.id, player)
                        if isinstance(a, SIMPLE) and not (isinstance(a, Activate) and a.hero == "mandar")]
                if keep:
                    await bot.show_move(await bot.table.act(channel.id, player, simple_move(keep)))
                    break
            else:
                raise AssertionError(f"nobody but {member.name} can play on, and not with Mandar")
        else:
            raise AssertionError(f"Mandar was never free to activate on Turn {turn}")
        board = newest_board(simcord_env, channel)
        assert applied(await member.click(board, custom_id=buttons(board)[words(snap, mandar[0])]))
        await drained(bot, channel.id)
        active = await snapshot(simcord_env, channel)
        assert active.state.active == "mandar" and active.waiting_for == players  # each of them may move it
        board = newest_board(simcord_env, channel)
        end = buttons(board)[words(active, EndActivation())]
        other = (world.alice, world.bob, world.carol)[turn % 3]  # another of the three ends it
        assert applied(await other.click(board, custom_id=end))
        await drained(bot, channel.id)
        assert (await snapshot(simcord_env, channel)).state.hero("mandar").activated


# -- a move foreseen -------------------------------------------------------------------------------------------


async def test_game_preview_foresees_a_walk_for_its_player_alone_and_changes_nothing(simcord_env, world):
    # reading (e): a walk's Movement Points, its Danger Zone Damage (L415) and who would see the Hero (L323),
    # told privately before the move is made (`Game.foresee`, offered to every game by /game preview)
    bot: ZagjanBot = simcord_env.bot
    channel = world.channel
    assert applied(await world.alice.slash(channel, "game new", game="orcquest"))
    assert applied(await world.alice.slash(channel, "game start"))  # one player runs the four Heroes
    alice = str(world.alice.id)
    snap = await snapshot(simcord_env, channel)
    await bot.show_move(await bot.table.act(channel.id, alice, Activate(hero="orrus", entry="a1")))
    snap = await snapshot(simcord_env, channel)
    walking = next(a for a in GAME.legal_actions(snap.state, alice) if getattr(a, "type", "") == "use-skill"
                   and any(getattr(m, "type", "") == "move" for m in GAME.legal_actions(
                       GAME.apply(snap.state, alice, a).state, alice)))
    await bot.show_move(await bot.table.act(channel.id, alice, walking))
    await drained(bot, channel.id)
    snap = await snapshot(simcord_env, channel)

    offered = await world.alice.autocomplete(channel, "game preview", "move", "move")
    assert offered and all(o["name"].startswith("Move Orrus to ") for o in offered)
    walk = offered[-1]
    answer = await world.alice.slash(channel, "game preview", move=walk["value"])
    text = answered_privately(answer)
    square = walk["name"].split(" to ")[1].split()[0]
    assert text.startswith(f"**{walk['name']}** is open to you now.")
    assert f"Orrus would end on {square} for " in text and "Danger Zone Damage, seen by " in text
    assert (await snapshot(simcord_env, channel)).version == snap.version  # nothing was moved
    # a move that is not yours, or a stranger, is told so
    assert answered_privately(await world.alice.slash(channel, "game preview", move="move.z9")).startswith(
        "That is not one of your moves now")
    assert answered_privately(await world.bob.slash(channel, "game preview", move=walk["value"])) == \
        "You are not playing in this game."
    assert await world.bob.autocomplete(channel, "game preview", "move", "") == []
    # a move the game says nothing more of is only said to be open
    offered = await world.alice.autocomplete(channel, "game preview", "move", "finish")
    told = answered_privately(await world.alice.slash(channel, "game preview", move=offered[0]["value"]))
    assert told.startswith("**Finish ") and "would end on" not in told
