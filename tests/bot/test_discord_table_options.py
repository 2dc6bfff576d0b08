"""Optional rules chosen as a table opens (issue 26): `/game new … rule:` switches on a rule the
game declares (`Game.table_options`); its autocomplete lists the chosen game's rules, the lobby
and /rules name them, and a rule the game does not have is refused with a sentence and opens no
table. Orcz's phrase timer is the example (seed 003 L39-44, L50-54)."""

from __future__ import annotations

import pytest
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    answered_privately,
    applied,
    bot_db,
    last_public,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from bot.waits import reactions
from bot.app.client import ZagjanBot
from bot.service.table import TableError
from rules.orcz.engine import TIMER_OPTION


@pytest.fixture(autouse=True)
def slow_reactions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The placer's time must not run out while the test looks at the table."""
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "3600")


async def test_the_rule_option_lists_the_chosen_games_optional_rules(simcord_env, world):
    assert await world.alice.autocomplete(world.channel, "game new", "rule", "") == []  # no game chosen yet
    offered = await world.alice.autocomplete(world.channel, "game new", "rule", "", game="orcz")
    assert [c["value"] for c in offered] == [TIMER_OPTION]
    assert "Gnorish" in offered[0]["name"]
    assert await world.alice.autocomplete(world.channel, "game new", "rule", "slow", game="orcz") == offered
    assert await world.alice.autocomplete(world.channel, "game new", "rule", "zzz", game="orcz") == []
    assert await world.alice.autocomplete(world.channel, "game new", "rule", "", game="masters-fight") == []


async def test_game_new_with_the_phrase_timer_starts_a_game_with_the_timer_on(simcord_env, world):
    bot: ZagjanBot = simcord_env.bot
    opened = await world.alice.slash(world.channel, "game new", game="orcz", rule="phrase_timer")
    assert applied(opened)
    lobby = last_public(world.channel).embeds[0]
    rules = {f.name: f.value for f in lobby.fields}.get("Optional rules in play", "")
    assert rules.startswith(f"• {TIMER_OPTION} — ")
    for player in (world.bob, world.carol):
        assert applied(await player.slash(world.channel, "game join"))
    joined = {f.name: f.value for f in last_public(world.channel).embeds[0].fields}
    assert joined.get("Optional rules in play") == rules  # every later lobby message still says so
    assert applied(await world.alice.slash(world.channel, "game start"))
    snap = await snapshot(simcord_env, world.channel)
    assert snap.state.timer and [p.default for p in snap.prompts] == [{"type": "time-up"}]
    log = await bot.table.log(world.channel.id, limit=50, viewer=None)
    assert any("phrase timer is on" in line for line in log)
    reactions.cancel(snap.game_id)


async def test_without_a_rule_the_timer_stays_off_and_the_lobby_lists_no_rules(simcord_env, world):
    assert applied(await world.alice.slash(world.channel, "game new", game="orcz"))
    assert "Optional rules in play" not in {f.name for f in last_public(world.channel).embeds[0].fields}
    for player in (world.bob, world.carol):
        assert applied(await player.slash(world.channel, "game join"))
    assert applied(await world.alice.slash(world.channel, "game start"))
    snap = await snapshot(simcord_env, world.channel)
    assert not snap.state.timer and [p.default for p in snap.prompts] == [None]


async def test_a_rule_the_game_does_not_have_is_refused_and_opens_no_table(simcord_env, world):
    before = len(world.channel.history())
    refused = await world.alice.slash(world.channel, "game new", game="orcz", rule="no_mercy")
    assert not applied(refused)
    said = answered_privately(refused)
    assert "no optional rule 'no_mercy'" in said and TIMER_OPTION in said
    other = await world.alice.slash(world.channel, "game new", game="masters-fight", rule=TIMER_OPTION)
    assert "has no optional rules" in answered_privately(other)
    assert [m for m in world.channel.history()[before:] if not m.flags.ephemeral] == []
    with pytest.raises(TableError):
        await snapshot(simcord_env, world.channel)  # no table was opened
    assert applied(await world.alice.slash(world.channel, "game new", game="orcz"))  # the channel is still free


async def test_rules_names_the_optional_rules_and_how_to_switch_one_on(simcord_env, world):
    result = await world.carol.slash(world.channel, "rules", game="orcz")
    assert result.ephemeral
    text = "\n".join(e.description or "" for e in result.response.embeds + [e for f in result.followups
                                                                             for e in f.embeds])
    assert "**Optional rules**" in text and f"rule:{TIMER_OPTION}" in text
    plain = await world.carol.slash(world.channel, "rules", game="masters-fight")
    assert "**Optional rules**" not in "\n".join(e.description or "" for e in plain.response.embeds)
