"""A whole Timber! game through Discord: buttons, menus, the Tree's square modal and /timber commands.

The seed is fixed (discord_fixtures.SEED), so the Forest and every die are the same on each
run. The players are greedy but simple (head for a Tree, take its Wood, run out with it from
Game Turn 5, end the turn when nothing useful is left) to keep the game short; every action is
chosen from the table's legal actions and made through the same controls a player would use.
"""

from __future__ import annotations

from typing import Any

import discord
from discord_fixtures import (  # noqa: F401  (bot_db, make_bot, simcord_bot, world are fixtures)
    World,
    answered_privately,
    applied,
    boards,
    bot_db,
    click_in_flight,
    last_board,
    make_bot,
    simcord_bot,
    snapshot,
    world,
)

from bot.ui.board import SECRET_PAYLOAD, UNDO_PAYLOAD
from bot.ui.declared import adapter_for
from bot.service.table import STALE
from bot.ui.declared import Pick
from rules.core.moves import find
from rules.core.grid import distance, is_edge, xy
from rules.orclympics.timber.models import (
    ACTION_ADAPTER,
    BoarPath,
    BoarRandom,
    Deploy,
    Distribute,
    EndTurn,
    EscapeTo,
    FellCompass,
    FellToward,
    Gather,
    GatherOrcy,
    Leave,
    Move,
    OpenWay,
    PickWood,
    PushTo,
    ShareWood,
    Shove,
    TimberState,
)

MAX_STEPS = 300
CONTROLS = adapter_for("timber")


async def open_timber(world: World, players: int = 2) -> None:
    """Alice opens a Timber! table, the others join, Alice starts: the deployment board appears."""
    broods = ["feral", "iron", "common", "feral"]
    result = await world.alice.slash(world.channel, "game new", game="timber", brood=broods[0])
    assert applied(result)
    for member, brood in zip(world.players[1:players], broods[1:players]):
        result = await member.slash(world.channel, "game join", brood=brood)
        assert applied(result), result.response.content
    result = await world.alice.slash(world.channel, "game start")
    assert result.acknowledged and applied(result)


# -- a simple, greedy and legal player --------------------------------------------------------------


def _to_wood(state: TimberState, square: str) -> int:
    """How far `square` is from the nearest Tree that still has Wood (in steps of a king)."""
    trees = [t for t, wood in state.trees.items() if wood > 0]
    return min((distance(square, t) for t in trees), default=0)


def _to_edge(square: str) -> int:
    x, y = xy(square)
    return min(x, y, 7 - x, 7 - y)


def choose(legal: list[Any], state: TimberState, player: str) -> Any:
    """Dodge, push and fell at once; deploy near a Tree; trample an enemy with the Boar; gather,
    pick up and run out with Wood; shove a loaded enemy; else close in, and else end the turn."""
    def of(*kinds: type) -> list[Any]:
        return [a for a in legal if isinstance(a, kinds)]

    for kind in (EscapeTo, PushTo):
        if of(kind):
            return of(kind)[-1]
    enemies = {o.square for o in state.orcs.values() if o.square and o.player != player}
    if of(FellToward):
        aimed = [a for a in of(FellToward) if a.square in enemies]
        return aimed[0] if aimed else of(FellCompass)[(state.turn + len(state.falls)) % 8]
    if of(Deploy):
        return min(of(Deploy), key=lambda a: (_to_wood(state, a.first) + _to_wood(state, a.second), a.first))
    if of(Distribute):
        return of(Distribute)[len(of(Distribute)) // 2]
    if of(BoarRandom):
        tramples = [a for a in of(BoarPath) if enemies & set(a.path)]
        return tramples[0] if tramples else of(BoarRandom)[0]
    orcs = state.orcs
    late = state.turn >= 5
    for action in of(Leave):
        if orcs[action.orc].wood > 0 or state.turn >= 7:
            return action
    for kind in (PickWood, GatherOrcy, Gather):  # Orcy Style when two tokens are left, else a roll
        if of(kind):
            return of(kind)[0]
    loaded = [a for a in of(Shove) if orcs[a.target].wood > 0]
    if loaded:
        return loaded[0]
    team_wood = sum(o.wood for o in orcs.values() if o.player == player)
    for action in of(ShareWood):
        square = orcs[action.orc].square
        if late and square is not None and is_edge(square) and action.keep == team_wood:
            return action  # the Orc on the edge takes all the Wood out
    best: tuple[int, Any] | None = None
    for action in of(Move):
        orc = orcs[action.orc]
        assert orc.square is not None
        homeward = late or state.turn >= 4 and orc.wood > 0
        measure = _to_edge if homeward else (lambda s: _to_wood(state, s))
        gain = measure(orc.square) - measure(action.to)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    if best is not None:
        return best[1]
    if of(Shove) and not late:
        return of(Shove)[0]  # nothing better to do than knock a neighbour about
    return of(EndTurn)[0]


# -- making an action through Discord -----------------------------------------------------------------


def _components(message: discord.Message) -> list[Any]:
    return [child for row in message.components for child in getattr(row, "children", [])]


def control_for(board: discord.Message, action: Any) -> tuple[str, str] | tuple[str, str, str] | None:
    """The board's button or menu option that leads to exactly `action`, if there is one."""
    def leads(decoded: Any) -> bool:
        return isinstance(decoded, Pick) and find([action], decoded.kind, decoded.code) is not None

    for child in _components(board):
        custom_id = getattr(child, "custom_id", None) or ""
        if custom_id.startswith("zj:act:") and custom_id.split(":", 4)[4] in (UNDO_PAYLOAD, SECRET_PAYLOAD):
            continue  # the board's own buttons, not a move of the game's
        if custom_id.startswith("zj:act:") and leads(CONTROLS.from_button(custom_id.split(":", 4)[4])):
            return ("button", custom_id)
        if custom_id.startswith("zj:pick:"):
            kind = custom_id.rsplit(":", 1)[1]
            for option in child.options:
                if leads(CONTROLS.from_select(kind, option.value)):
                    return ("select", custom_id, option.value)
    return None


def slash_for(action: Any, state: TimberState, legal: list[Any], step: int) -> tuple[str, dict[str, Any]]:
    """The /timber command a player would type for `action`: the Orc by id (as autocomplete sends
    it), by name, or left out when the other Orc could not do the same."""
    def orc(orc_id: str) -> dict[str, Any]:
        twin = action.model_copy(update={"orc": orc_id[:-1] + ("2" if orc_id.endswith("1") else "1")})
        if step % 3 == 0 and twin not in legal:
            return {}
        return {"orc": orc_id} if step % 2 else {"orc": state.orcs[orc_id].name}

    match action:
        case Deploy():
            return "timber deploy", {"first": action.first, "second": action.second.upper()}
        case Distribute():
            player = next(iter(action.tokens)).rpartition(":")[0]
            return "timber tokens", {"split": f"{action.tokens.get(player + ':1', 0)}/"
                                              f"{action.tokens.get(player + ':2', 0)}"}
        case BoarPath():
            return "timber boar", {"path": " ".join(action.path)}
        case BoarRandom():
            return "timber boar", {}
        case Move():
            return "timber move", {"to": action.to, **orc(action.orc)}
        case Leave():
            return "timber leave", orc(action.orc)
        case Shove():
            return "timber shove", {"target": state.orcs[action.target].name, **orc(action.orc)}
        case OpenWay():
            return "timber openway", {"bush": action.bush, **orc(action.orc)}
        case Gather():
            return "timber gather", {"tree": action.tree, **orc(action.orc)}
        case GatherOrcy():
            return "timber orcy", {"tree": action.tree, **orc(action.orc)}
        case PickWood():
            return "timber pick", orc(action.orc)
        case ShareWood():
            return "timber share", {"keep": action.keep, **orc(action.orc)}
        case EndTurn():
            return "timber end", {}
        case PushTo():
            return "timber push", {"square": action.square}
        case FellCompass():
            return "timber fell", {"direction": action.direction.value}
        case FellToward():
            return "timber fell", {"toward": action.square}
        case EscapeTo():
            return "timber escape", {"square": action.square}
    raise AssertionError(f"no command for {action!r}")


async def play(env: Any, world: World, action: Any, step: int, actor: Any) -> tuple[Any, str]:
    """Make `action` as `actor`: with the board's control two times in three, else (or when no
    control holds it) with the slash command. Returns the result and how it was made."""
    board = last_board(world.channel)
    snap = await snapshot(env, world.channel)
    control = control_for(board, action)
    if isinstance(action, FellToward) and step % 2:
        shown = await actor.click(board, label="Name a square…")
        assert shown.modal is not None
        return await actor.submit_modal(shown, {"square": action.square.upper()}), "modal"
    if control is not None and step % 3:
        if control[0] == "button":
            return await actor.click(board, custom_id=control[1]), "button"
        return await actor.select(board, [control[2]], custom_id=control[1]), "select"
    legal = await env.bot.table.legal_actions(world.channel.id, str(actor.id))
    command, options = slash_for(action, snap.state, legal, step)
    return await actor.slash(world.channel, command, **options), "slash"


async def test_a_whole_game_of_timber_from_game_new_to_the_placings(simcord_env, world):
    await open_timber(world, players=3)
    first = last_board(world.channel)
    assert first.attachments and first.attachments[0].filename == "board.png"
    assert first.embeds[0].image.url is None  # attached, shown about 550 px wide, not in the embed (400 px)
    assert "put both your Orcs on two free edge squares" in first.content
    assert [c.label for c in _components(first) if getattr(c, "label", None)] == ["Random spot"]

    made: dict[str, set[str]] = {}
    dodged_by_other = feats_seen = 0
    for step in range(MAX_STEPS):
        snap = await snapshot(simcord_env, world.channel)
        if snap.status != "active":
            break
        player = snap.waiting_for[0]
        legal = await simcord_env.bot.table.legal_actions(world.channel.id, player)
        action = choose(legal, snap.state, player)
        if isinstance(action, EscapeTo) and player != snap.state.current.player:
            dodged_by_other += 1
        result, how = await play(simcord_env, world, action, step, world.by_id(player))
        assert result.acknowledged
        assert applied(result), f"step {step}: {action!r} by {how} was refused: {answered_privately(result)}"
        after = await snapshot(simcord_env, world.channel)
        assert after.version == snap.version + 1, f"step {step}: {action!r} was not applied once"
        logged = (await simcord_env.bot.store.actions(after.game_id))[-1]
        assert (logged.player, ACTION_ADAPTER.validate_json(logged.action_json)) == (player, action)
        newest = last_board(world.channel)
        assert newest.embeds[0].footer.text == f"Game #{after.game_id} · move {after.version}"
        if after.status == "active" and after.public_view.feats:  # the picture has no room: the text says them
            shown = {f.name: f.value for f in newest.embeds[0].fields}["Feats so far"]
            feats_seen += all(feat in shown for feat in after.public_view.feats)
        made.setdefault(type(action).__name__, set()).add(how)
    else:
        raise AssertionError(f"the game did not end in {MAX_STEPS} actions")

    final = await snapshot(simcord_env, world.channel)
    assert final.status == "finished" and final.outcome is not None
    board = last_board(world.channel)
    assert "is over" in board.content and final.outcome.summary in board.content
    fields = {f.name: f.value for f in board.embeds[0].fields}
    names = {s.player: s.name for s in final.seats}
    lines = fields["Placings"].splitlines()
    assert names[final.outcome.placings[0][0]] in lines[0] and "1st" in lines[0]
    for feat, player in final.outcome.feats.items():
        assert f"🏅 {feat} — {names[player]}" in fields["Feats"]
    assert not board.components, "a finished game offers no buttons"
    assert await simcord_env.bot.table.replay_check(final.game_id)

    # The game went through the controls and the commands, not only one of them.
    assert {"select", "slash"} <= made["Deploy"]
    assert {"button", "slash"} <= made["Distribute"]
    assert {"button", "slash"} <= made["BoarRandom"]
    assert {"select", "slash"} <= made["BoarPath"]
    assert {"select", "slash"} <= made["Move"]
    assert {"button", "slash"} <= made["EndTurn"]
    assert {"button", "slash"} <= made["Leave"]
    assert made.keys() >= {"Shove", "PushTo", "Gather", "GatherOrcy", "PickWood", "ShareWood", "EscapeTo"}
    assert dodged_by_other >= 1, "a player dodged the Boar in someone else's turn"
    assert feats_seen, "a Feat earned during play was listed beside the board"


# -- getting to a particular moment quickly -------------------------------------------------------------


def lumberjack(legal: list[Any], state: TimberState, player: str) -> Any:
    """Run the Boar wild and strip the Trees as fast as possible, so one comes down."""
    def of(*kinds: type) -> list[Any]:
        return [a for a in legal if isinstance(a, kinds)]

    def nearer(action: Move) -> int:
        here = state.orcs[action.orc].square or action.to
        return _to_wood(state, action.to) - _to_wood(state, here)

    if of(BoarRandom):
        return of(BoarRandom)[0]
    for kind in (GatherOrcy, Gather):
        if of(kind):
            return of(kind)[0]
    if of(Move):
        best = min(of(Move), key=nearer)
        if nearer(best) < 0:
            return best
    if of(EndTurn):
        return of(EndTurn)[0]
    return choose(legal, state, player)


async def advance(env: Any, world: World, policy: Any, until: Any, limit: int = 300) -> TimberState:
    """Play through the table service (no board is posted) until `until(state)`, then post the
    board with /game board: a short cut to a moment the dice take a while to bring about."""
    table = env.bot.table
    for _ in range(limit):
        snap = await snapshot(env, world.channel)
        assert snap.status == "active", "the game ended before the moment came"
        if until(snap.state):
            shown = await world.alice.slash(world.channel, "game board")  # a player: posted in the channel
            assert applied(shown)
            return snap.state
        player = snap.waiting_for[0]
        legal = await table.legal_actions(world.channel.id, player)
        await table.act(world.channel.id, player, policy(legal, snap.state, player))
    raise AssertionError(f"the moment did not come in {limit} actions")


def _dodge_in_another_turn(state: TimberState) -> bool:
    cur = state.current
    return cur is not None and cur.escape is not None and state.orcs[cur.escape.orc].player != cur.player


def _aiming(state: TimberState) -> bool:
    return state.current is not None and state.current.aim is not None


def _labels(message: discord.Message) -> list[str]:
    return [c.label for c in _components(message) if getattr(c, "label", None)]


def _menus(message: discord.Message) -> list[Any]:
    return [c for c in _components(message) if getattr(c, "options", None)]


# -- the moments ------------------------------------------------------------------------------------------


async def test_a_player_dodges_the_boar_during_someone_elses_turn(simcord_env, world):
    await open_timber(world, players=3)
    state = await advance(simcord_env, world, choose, _dodge_in_another_turn)
    cur = state.current
    assert cur is not None and cur.escape is not None
    orc = state.orcs[cur.escape.orc]
    dodger, active = world.by_id(orc.player), world.by_id(cur.player)
    board = last_board(world.channel)
    assert board.content.startswith(f"<@{dodger.id}> {dodger.name}, {orc.name} dodged!")
    assert (f"*{active.name}: waiting for {dodger.name} to dodge; your turn goes on once they have landed.*"
            in board.content)
    assert _labels(board) == [f"Dive to {s}" for s in cur.escape.options]
    before = await snapshot(simcord_env, world.channel)

    clicked = await active.click(board, label=f"Dive to {cur.escape.options[0]}")
    assert answered_privately(clicked) == f"It is {dodger.name}'s turn."
    typed = await active.slash(world.channel, "timber escape", square=cur.escape.options[0])
    assert answered_privately(typed) == (f"Waiting for {dodger.name} to dodge: they choose where {orc.name} "
                                         "dives, then your turn goes on.")
    assert await active.autocomplete(world.channel, "timber escape", "square", "") == []
    offered = await dodger.autocomplete(world.channel, "timber escape", "square", "")
    assert [c["value"] for c in offered] == cur.escape.options
    assert (await snapshot(simcord_env, world.channel)).version == before.version

    landing = cur.escape.options[-1]
    dived = await dodger.click(board, label=f"Dive to {landing}")
    assert applied(dived)
    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version + 1
    assert after.state.orcs[orc.id].square == landing
    assert f"dives clear, {orc.square} → {landing}" in (last_board(world.channel).embeds[0].description or "")


async def test_a_falling_tree_is_aimed_with_buttons_a_square_or_the_command(simcord_env, world):
    await open_timber(world, players=3)
    state = await advance(simcord_env, world, lumberjack, _aiming)
    assert state.current is not None and state.current.aim is not None
    aimer = world.by_id(state.current.player)
    tree = state.current.aim.tree
    board = last_board(world.channel)
    assert _labels(board) == ["N", "NE", "E", "SE", "S", "SW", "W", "NW", "Name a square…"]
    assert sum(len(menu.options) for menu in _menus(board)) == 63
    before = await snapshot(simcord_env, world.channel)

    both = await aimer.slash(world.channel, "timber fell", direction="N", toward="a1")
    assert answered_privately(both) == "Give a direction or a square, not both."
    neither = await aimer.slash(world.channel, "timber fell")
    assert answered_privately(neither) == "Give a compass direction or a square the trunk passes through."
    shown = await aimer.click(board, label="Name a square…")
    typo = await aimer.submit_modal(shown, {"square": "k9"})
    assert answered_privately(typo).startswith("'k9' is not a square on the board")
    shown = await aimer.click(board, label="Name a square…")
    own = await aimer.submit_modal(shown, {"square": tree})
    assert answered_privately(own) == "Pick a square other than the Tree's own to show which way it falls."
    offered = await aimer.autocomplete(world.channel, "timber fell", "toward", "")
    assert len(offered) == 25 and tree not in [c["value"] for c in offered]
    assert (await snapshot(simcord_env, world.channel)).version == before.version

    target = "a1" if tree != "a1" else "h8"
    menu = next(m for m in _menus(board) if target in [o.value for o in m.options])
    felled = await aimer.select(board, [target], custom_id=menu.custom_id)
    assert applied(felled)
    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version + 1 and tree not in after.state.trees
    assert after.state.falls[-1].tree == tree
    assert f"fells the Tree towards {target}" in "\n".join(
        e.description or "" for m in boards(world.channel)[-3:] for e in m.embeds)


async def test_out_of_turn_and_illegal_commands_are_refused_and_change_nothing(simcord_env, world):
    await open_timber(world)
    before = await snapshot(simcord_env, world.channel)
    first = world.by_id(before.waiting_for[0])
    other = world.bob if first is world.alice else world.alice
    board = last_board(world.channel)
    posted = len(boards(world.channel))
    menu = _menus(board)[0]
    pair = menu.options[0].value.split("~")  # a deployment's menu value: its two squares

    clicked = await other.click(board, label="Random spot")
    assert answered_privately(clicked) == f"It is {first.name}'s turn."
    picked = await other.select(board, [menu.options[0].value], custom_id=menu.custom_id)
    assert answered_privately(picked) == f"It is {first.name}'s turn."
    typed = await other.slash(world.channel, "timber deploy", first=pair[0], second=pair[1])
    assert answered_privately(typed) == f"It is {first.name}'s turn."
    stranger = await world.dave.slash(world.channel, "timber end")
    assert answered_privately(stranger) == "You are not playing in this game."
    assert await other.autocomplete(world.channel, "timber deploy", "first", "") == []

    too_early = await first.slash(world.channel, "timber end")
    assert answered_privately(too_early) == "First put your two Orcs on the edge of the Forest."
    nowhere = await first.slash(world.channel, "timber deploy", first="z9", second="a1")
    assert answered_privately(nowhere).startswith("'z9' is not a square on the board")
    inland = await first.slash(world.channel, "timber deploy", first="d4", second="d5")
    assert answered_privately(inland).startswith("d4 and d5 will not do")
    bad_split = await first.slash(world.channel, "timber tokens", split="lots")
    assert answered_privately(bad_split) == "Give the tokens of both Orcs, #1 first, like 3/1."
    bad_path = await first.slash(world.channel, "timber boar", path="a1 q7")
    assert answered_privately(bad_path).startswith("'q7' is not a square on the board")
    no_orc = await first.slash(world.channel, "timber pick", orc="grimgor")
    assert answered_privately(no_orc) == "You have no Orc called 'grimgor'; pick one of yours from the list."

    after = await snapshot(simcord_env, world.channel)
    assert after.version == before.version and after.state == before.state
    assert len(boards(world.channel)) == posted

    await world.carol.slash(world.other, "game new", game="masters-fight")
    elsewhere = await world.carol.slash(world.other, "timber end")
    assert answered_privately(elsewhere) == ("The game in this channel is Masters' Fight; that command is for "
                                             "another game.")


async def test_a_doubled_click_is_applied_once(simcord_env, world):
    await open_timber(world)
    for _ in range(2):
        snap = await snapshot(simcord_env, world.channel)
        player = world.by_id(snap.waiting_for[0])
        board = last_board(world.channel)
        menu = _menus(board)[0]
        done = await player.select(board, [menu.options[0].value], custom_id=menu.custom_id)
        assert applied(done)
    snap = await snapshot(simcord_env, world.channel)
    player = world.by_id(snap.waiting_for[0])
    board = last_board(world.channel)
    even = next(label for label in _labels(board) if label.endswith(": 2"))

    ids = {c.label: c.custom_id for c in _components(board) if getattr(c, "label", None)}
    first = await player.click(board, label=even)
    assert applied(first)
    again = await click_in_flight(player, board, ids[even])
    assert answered_privately(again) == STALE
    other = next(label for label in _labels(board) if label != even)
    also = await click_in_flight(player, board, ids[other])
    assert answered_privately(also) == STALE
    after = await snapshot(simcord_env, world.channel)
    assert after.version == snap.version + 1
    assert after.state.current.tokens == {f"{player.id}:1": 2, f"{player.id}:2": 2}
    assert len(await simcord_env.bot.store.actions(after.game_id)) == after.version


async def test_autocomplete_offers_the_legal_actions(simcord_env, world):
    await open_timber(world)
    snap = await snapshot(simcord_env, world.channel)
    player = world.by_id(snap.waiting_for[0])
    legal = await simcord_env.bot.table.legal_actions(world.channel.id, str(player.id))
    firsts = list(dict.fromkeys(a.first for a in legal))
    offered = await player.autocomplete(world.channel, "timber deploy", "first", "")
    assert [c["value"] for c in offered] == firsts[:25]
    chosen = legal[0].first
    seconds = await player.autocomplete(world.channel, "timber deploy", "second", "", first=chosen)
    assert {c["value"] for c in seconds} == {a.second for a in legal if a.first == chosen}

    async def legal_now() -> tuple[Any, list[Any]]:
        snap = await snapshot(simcord_env, world.channel)
        member = world.by_id(snap.waiting_for[0])
        return member, await simcord_env.bot.table.legal_actions(world.channel.id, str(member.id))

    for _ in range(2):
        member, legal = await legal_now()
        done = await member.slash(world.channel, "timber deploy", first=legal[0].first, second=legal[0].second)
        assert applied(done)
    member, legal = await legal_now()
    splits = await member.autocomplete(world.channel, "timber tokens", "split", "")
    assert [c["value"] for c in splits] == ["1/3", "2/2", "3/1"]
    assert splits[0]["name"] == f"1/3 — {member.name} #1 1, {member.name} #2 3"
    assert applied(await member.slash(world.channel, "timber tokens", split="3 1"))

    member, legal = await legal_now()
    if any(isinstance(a, BoarPath) for a in legal):
        runs = await member.autocomplete(world.channel, "timber boar", "path", "")
        paths = [" ".join(a.path) for a in legal if isinstance(a, BoarPath)]
        assert 0 < len(runs) <= 25 and all(c["value"] in paths for c in runs)
        assert applied(await member.slash(world.channel, "timber boar", path=runs[-1]["value"]))
        member, legal = await legal_now()
    moves = [a for a in legal if isinstance(a, Move)]
    offered = await member.autocomplete(world.channel, "timber move", "to", "")
    assert {c["value"] for c in offered} == {a.to for a in moves}
    orc = moves[0].orc
    mine = await member.autocomplete(world.channel, "timber move", "to", "", orc=orc)
    assert {c["value"] for c in mine} == {a.to for a in moves if a.orc == orc}
    orcs = await member.autocomplete(world.channel, "timber move", "orc", "")
    assert {c["value"] for c in orcs} == {snap.state.orcs[a.orc].name for a in moves}  # Orcs by name
    assert all(c["name"].startswith(f"{member.name} #") for c in orcs)


async def test_rules_shows_the_timber_guide(simcord_env, world):
    result = await world.carol.slash(world.channel, "rules", game="timber")
    assert result.ephemeral
    embeds = result.response.embeds + [e for f in result.followups for e in f.embeds]
    assert embeds[0].title == "📜 Timber! — how to play"
    text = "\n".join(e.description or "" for e in embeds)
    assert "Wild Boar" in text and "Our readings" in text
