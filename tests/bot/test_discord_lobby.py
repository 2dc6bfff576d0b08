"""The lobby card (issue 40): one message per lobby, edited in place, used by clicking.

From /game new to the start, the players click Join (a menu of the broods), Leave, Start and
"Add a computer player" (menus for its level and its brood) on one card, which shows 👤 people and
🤖 computers with their picks, the count and who may start. When the game starts the card becomes a
one-line record without buttons, and the first board follows as its own message. The card survives
a restart (its buttons work and the same message is edited) and a deletion (it is posted anew). A
campaign's gathering has the same card.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    bot_db,
    boards,
    click_in_flight,
    custom_ids,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from rules.core.computer import is_computer, level_of

START_ID = "zj:lobby:g:{}:start"


@pytest.fixture(autouse=True)
def slow_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seated computer waits before its first move: these tests end at the start."""
    monkeypatch.setenv("ZAGJAN_COMPUTER_SECONDS", "3600")


def cards(channel: Any) -> list[discord.Message]:
    """The lobby messages of the channel: open cards (an embed titled '… open' or '… gathering
    players') and the records they became (no embed, no buttons)."""
    return [m for m in channel.history() if not m.flags.ephemeral and (
        (m.embeds and ("table open" in (m.embeds[0].title or "") or "gathering players" in (m.embeds[0].title or "")))
        or any(word in (m.content or "") for word in (": started with", ": began with", "so it is closed")))]


def the_card(channel: Any) -> discord.Message:
    found = cards(channel)
    assert len(found) == 1, f"expected one lobby message, found {len(found)}"
    return found[0]


def silent(result: Any) -> bool:
    """Went through and said nothing privately: the card shows what it did."""
    private = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    return result.acknowledged and not private


def seats_of(card: discord.Message) -> list[str]:
    return card.embeds[0].fields[0].value.splitlines()


def menu(shown: Any, custom_id: str) -> list[str]:
    """The options of a form's menu (a select in a label), by value."""
    for part in shown.modal["components"]:
        inner = part.get("component") or {}
        if inner.get("custom_id") == custom_id:
            return [o["value"] for o in inner["options"]]
    raise AssertionError(f"the form has no menu {custom_id}")


async def test_a_table_from_game_new_to_its_start_by_clicks_on_one_card(simcord_env, world: World):
    opened = await world.alice.slash(world.channel, "game new", game="masters-fight", brood="feral")
    assert silent(opened)  # no private "You opened a table…": the card says it
    card = the_card(world.channel)
    first_id = card.id
    assert card.embeds[0].title == "Masters' Fight — table open"
    assert seats_of(card) == ["👤 alice (Feral Orcs) — opened the table"]
    assert {c.label for row in card.components for c in row.children} == {
        "Join", "Leave", "Start", "Add a computer player"}
    game_id = (await snapshot(simcord_env, world.channel)).game_id

    alone = await world.alice.click(card, label="Start")
    assert answered_privately(alone) == "Masters' Fight needs 2 to 6 players; 1 is seated."

    # Join opens a menu of the broods; the choice seats bob, silently
    shown = await world.bob.click(card, label="Join")
    assert menu(shown, "pick") == ["common", "feral", "iron"]
    assert silent(await world.bob.submit_modal(shown, {"pick": ["iron"]}))
    card = the_card(world.channel)
    assert card.id == first_id and "👤 bob (Iron Orcs)" in seats_of(card)
    assert "Ready: alice, who opened the table, may start it." in card.embeds[0].fields[-1].value

    twice = await world.bob.click(card, label="Join")
    assert answered_privately(twice) == "You are already seated at this table."
    stranger = await world.carol.click(card, label="Start")
    assert answered_privately(stranger) == "Only alice, who opened this table, can start the game."
    not_seated = await world.dave.click(card, label="Leave")
    assert answered_privately(not_seated) == "You are not seated at this table."
    stranger_cpu = await world.carol.click(card, label="Add a computer player")
    assert answered_privately(stranger_cpu) == "Only alice, who opened this table, seats computer players."

    shown = await world.carol.click(card, label="Join")
    assert silent(await world.carol.submit_modal(shown, {"pick": ["common"]}))
    assert silent(await world.carol.click(the_card(world.channel), label="Leave"))
    assert not any("carol" in line for line in seats_of(the_card(world.channel)))

    # a computer: its level and brood from menus, a name typed (or not)
    shown = await world.alice.click(the_card(world.channel), label="Add a computer player")
    assert menu(shown, "level") == ["easy", "normal"]
    assert silent(await world.alice.submit_modal(shown, {"level": ["easy"], "pick": ["common"], "name": "Grukk"}))
    card = the_card(world.channel)
    assert seats_of(card)[-1] == "🤖 Grukk (Common Orcs) — computer, easy"
    assert "Seated: 3 of 6" == card.embeds[0].fields[0].name
    seats = (await snapshot(simcord_env, world.channel)).seats
    assert [(s.name, s.pick, level_of(s.player)) for s in seats if is_computer(s.player)] == [
        ("Grukk", "common", "easy")]
    assert [m for m in world.channel.history() if not m.flags.ephemeral] == [card]  # nothing else was posted

    started = await world.alice.click(card, label="Start")
    assert silent(started)
    card = the_card(world.channel)
    assert card.id == first_id and not card.components and not card.embeds
    assert card.content == "Masters' Fight: started with alice (Feral Orcs), bob (Iron Orcs) and 🤖 Grukk (Common Orcs, easy)."
    public = [m for m in world.channel.history() if not m.flags.ephemeral]
    assert public[0].id == first_id and public[1:] == boards(world.channel) and len(public) == 2
    snap = await snapshot(simcord_env, world.channel)
    assert snap.status == "active" and snap.game_id == game_id

    # a start clicked twice (the second click carried the card as it was) changes nothing
    again = await click_in_flight(world.alice, card, START_ID.format(game_id))
    assert answered_privately(again) == "That lobby is closed; its message says what became of it."
    assert len(boards(world.channel)) == 1 and (await snapshot(simcord_env, world.channel)).version == snap.version


async def test_typed_commands_edit_the_same_card(simcord_env, world: World):
    assert silent(await world.alice.slash(world.channel, "game new", game="masters-fight"))
    assert silent(await world.bob.slash(world.channel, "game join", brood="iron"))
    assert silent(await world.alice.slash(world.channel, "seat computer", name="Grimgor", level="normal"))
    assert "🤖 Grimgor (" in seats_of(the_card(world.channel))[-1]
    assert silent(await world.alice.slash(world.channel, "seat remove", name="Grimgor"))
    assert "🤖 Grimgor leaves the table." in the_card(world.channel).embeds[0].description
    assert silent(await world.bob.slash(world.channel, "game leave"))
    card = the_card(world.channel)
    assert seats_of(card) == ["👤 alice (Common Orcs) — opened the table"]
    assert silent(await world.alice.slash(world.channel, "game leave"))
    card = the_card(world.channel)
    assert not card.components and "the table is empty, so it is closed" in card.content


async def test_a_restart_keeps_the_cards_buttons_and_edits_the_same_card(simcord_env, world: World, make_bot):
    assert applied(await world.alice.slash(world.channel, "game new", game="masters-fight"))
    shown = await world.bob.click(the_card(world.channel), label="Join")
    assert silent(await world.bob.submit_modal(shown, {"pick": ["feral"]}))
    card = the_card(world.channel)
    old = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old.close()

    shown = await world.alice.click(card, label="Add a computer player")
    assert silent(await world.alice.submit_modal(shown, {"level": ["normal"]}))  # no name, a brood at random
    after = the_card(world.channel)
    assert after.id == card.id and "— computer, normal" in seats_of(after)[-1]
    assert silent(await world.alice.click(after, label="Start"))
    record = the_card(world.channel)
    assert record.id == card.id and not record.components and record.content.startswith("Masters' Fight: started")
    assert len(boards(world.channel)) == 1


async def test_a_campaigns_card_works_after_a_restart(simcord_env, world: World, make_bot):
    assert applied(await world.alice.slash(world.channel, "campaign new", kind="full"))
    card = the_card(world.channel)
    old = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    await old.close()
    shown = await world.bob.click(card, label="Join")
    assert silent(await world.bob.submit_modal(shown, {"pick": ["feral"]}))
    after = the_card(world.channel)
    assert after.id == card.id and seats_of(after)[-1] == "👤 bob (Feral Orcs)"
    assert silent(await world.bob.click(after, label="Leave"))
    assert the_card(world.channel).id == card.id and len(seats_of(the_card(world.channel))) == 1


async def test_a_deleted_card_is_posted_anew(simcord_env, world: World):
    tidy = world.guild.create_role("Tidy", permissions=discord.Permissions(manage_messages=True))
    janitor = world.guild.add_member(simcord_env.create_user("janitor"), roles=[tidy])
    assert applied(await world.alice.slash(world.channel, "game new", game="masters-fight"))
    await janitor.delete(the_card(world.channel))
    assert cards(world.channel) == []
    assert silent(await world.bob.slash(world.channel, "game join"))
    card = the_card(world.channel)
    assert [line.split(" (")[0] for line in seats_of(card)] == ["👤 alice", "👤 bob"]
    assert silent(await world.bob.click(card, label="Leave"))
    assert the_card(world.channel).id == card.id  # and that one is edited from then on


async def test_a_campaign_gathers_its_players_on_one_card_by_clicks(simcord_env, world: World):
    assert silent(await world.alice.slash(world.channel, "campaign new", kind="quick", brood="feral"))
    card = the_card(world.channel)
    assert card.embeds[0].title == "Orclympics campaign (quick): gathering players"
    assert seats_of(card) == ["👤 alice (Feral Orcs) — opened the campaign"]

    shown = await world.bob.click(card, label="Join")
    assert menu(shown, "pick") == ["common", "feral", "iron"]
    assert silent(await world.bob.submit_modal(shown, {"pick": ["iron"]}))
    twice = await world.bob.click(card, label="Join")
    assert answered_privately(twice) == "You are already in this campaign."
    refused = await world.bob.click(card, label="Start")
    assert answered_privately(refused) == "Only alice, who opened the campaign, can begin it."
    shown = await world.alice.click(card, label="Add a computer player")
    assert silent(await world.alice.submit_modal(shown, {"level": ["easy"], "pick": ["common"], "name": "Gorbag"}))
    card = the_card(world.channel)
    assert seats_of(card) == ["👤 alice (Feral Orcs) — opened the campaign", "👤 bob (Iron Orcs)",
                              "🤖 Gorbag (Common Orcs) — computer, easy"]
    assert card.embeds[0].fields[0].name == "Players: 3 of 6"
    assert "Flying Pigs" in card.embeds[0].fields[1].value  # the disciplines, for this many players

    assert silent(await world.alice.click(card, label="Start"))
    record = the_card(world.channel)
    assert record.id == card.id and not record.components
    assert record.content == ("Orclympics campaign (quick): began with alice (Feral Orcs), bob (Iron Orcs) and "
                              "🤖 Gorbag (Common Orcs, easy).")
    later = [m for m in world.channel.history() if not m.flags.ephemeral and m.id > record.id]
    assert later and "campaign begins" in later[0].content  # then the vote or the first board, each its own
    info = await simcord_env.bot.get_cog("Campaigns").service.current(world.channel.id)
    assert info.status == "active" and [m.brood.value for m in info.data.members] == ["feral", "iron", "common"]
    assert custom_ids(record) == []


async def test_join_asks_nothing_where_the_game_has_no_pick_and_start_refuses_a_count_the_rules_skip(
        simcord_env, world: World):
    assert applied(await world.alice.slash(world.channel, "game new", game="orcz"))
    card = the_card(world.channel)
    assert silent(await world.bob.click(card, label="Join"))  # no form: nothing to pick
    assert seats_of(the_card(world.channel)) == ["👤 alice — opened the table", "👤 bob"]
    early = await world.alice.click(card, label="Start")
    assert answered_privately(early) == "Orcz: Da Boardzgame needs 3 to 4 players; 2 are seated."
    assert "Not ready to start: 2 are seated; it plays with 3 or 4 players." in (
        the_card(world.channel).embeds[0].fields[-1].value)
    assert (await snapshot(simcord_env, world.channel)).status == "lobby"

    world.channel = world.other  # Brood Rumble plays with 2 or 4, never 3
    assert applied(await world.alice.slash(world.channel, "game new", game="brood-rumble"))
    for member, brood in ((world.bob, "iron"), (world.carol, "common")):
        shown = await member.click(the_card(world.channel), label="Join")
        assert silent(await member.submit_modal(shown, {"pick": [brood]}))
    assert "it plays with 2 or 4 players" in the_card(world.channel).embeds[0].fields[-1].value
    three = await world.alice.click(the_card(world.channel), label="Start")
    assert answered_privately(three)
    assert (await snapshot(simcord_env, world.channel)).status == "lobby"
