"""Settings, `zagjan run` without a token, the token never logged, and development-server sync."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest
from pydantic import ValidationError
from simcord.env import Env

from bot.app import client as app
from bot.app.client import ZagjanBot
from bot.settings import Settings

SETTINGS_VARS = ("DISCORD_TOKEN", "ZAGJAN_DATABASE", "ZAGJAN_DEV_GUILD_ID", "ZAGJAN_LOG_LEVEL", "ZAGJAN_REACTION_SECONDS",
                 "ZAGJAN_RENDER_WORKERS", "ZAGJAN_QUICK_BOARDS", "ZAGJAN_DISCORD_DEBUG")


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No Zagjan variables in the environment, no .env in the working directory, and the
    project's own .env (a developer's real token, perhaps) out of reach."""
    for name in SETTINGS_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(Settings.model_config, "env_file", ".env")
    return tmp_path


def test_settings_come_from_dot_env_and_hide_the_token(clean_env: Path) -> None:
    (clean_env / ".env").write_text(
        "DISCORD_TOKEN=not-a-real-token\nZAGJAN_DATABASE=games.sqlite3\n"
        "ZAGJAN_DEV_GUILD_ID=123456789\nZAGJAN_LOG_LEVEL=debug\n")
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "not-a-real-token"
    assert settings.database == Path("games.sqlite3")
    assert settings.dev_guild_id == 123456789
    assert settings.log_level == "DEBUG"
    assert "not-a-real-token" not in repr(settings) and "not-a-real-token" not in str(settings)


def test_defaults_and_a_blank_token(clean_env: Path) -> None:
    (clean_env / ".env").write_text("DISCORD_TOKEN=\nZAGJAN_DEV_GUILD_ID=\n")
    settings = Settings()
    assert settings.discord_token is None and settings.dev_guild_id is None
    assert settings.database == Path("zagjan.sqlite3") and settings.log_level == "INFO"


def test_quick_boards_are_on_unless_turned_off(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().quick_boards
    monkeypatch.setenv("ZAGJAN_QUICK_BOARDS", "0")
    assert not Settings().quick_boards
    assert not ZagjanBot(clean_env / "games.sqlite3", render_workers=1, quick_boards=False).painter.quick


def test_an_unknown_log_level_is_refused(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZAGJAN_LOG_LEVEL", "loud")
    with pytest.raises(ValidationError, match="ZAGJAN_LOG_LEVEL must be one of"):
        Settings()


def test_run_without_a_token_says_how_to_get_one(clean_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert app.main() == 2
    err = capsys.readouterr().err
    assert "Discord Developer Portal" in err and "DISCORD_TOKEN" in err and ".env" in err


def test_run_hands_the_token_to_discord_and_never_logs_it(
        clean_env: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token-value")
    started: dict[str, object] = {}

    def fake_run(self: ZagjanBot, token: str, **kwargs: object) -> None:
        started.update(token=token, bot=self, **kwargs)
        logging.getLogger("zagjan.bot").info("pretending to connect")

    monkeypatch.setattr(ZagjanBot, "run", fake_run)
    monkeypatch.setattr(app, "configure_logging", lambda level, **kwargs: None)
    caplog.set_level(logging.DEBUG)
    assert app.main() == 0
    assert started["token"] == "sekrit-token-value"
    bot = started["bot"]
    assert isinstance(bot, ZagjanBot)
    assert bot.database == Path("zagjan.sqlite3")
    assert bot.painter.quick and not bot.thinking.quick  # quick boards by default; thinking is never "quick"
    assert not bot.intents.message_content and not bot.intents.members and not bot.intents.presences
    assert caplog.records and all("sekrit" not in r.getMessage() for r in caplog.records)


async def test_commands_sync_to_the_development_server_only(tmp_path: Path) -> None:
    bot = ZagjanBot(tmp_path / "dev.sqlite3", dev_guild_id=4242424242, seed_source=lambda: 7)
    env = Env(bot)
    dev = env.create_guild("Dev", id=4242424242)
    await env.start()
    try:
        other = env.create_guild("Elsewhere")
        here = dev.create_text_channel("pit")
        there = other.create_text_channel("pit")
        tester = dev.add_member(env.create_user("tester"))
        outsider = other.add_member(env.create_user("outsider"))
        assert "game new" in tester.available_commands(here)
        assert "mf move" in tester.available_commands(here)
        assert outsider.available_commands(there) == ()
        opened = await tester.slash(here, "game new", game="masters-fight")
        assert opened.acknowledged
        assert here.history()[-1].embeds[0].title == "Masters' Fight — table open"
    finally:
        await env.shutdown()
        await bot.close()
    assert bot.store is None


def test_the_bot_needs_no_privileged_intent(tmp_path: Path) -> None:
    intents = ZagjanBot(tmp_path / "x.sqlite3").intents
    assert intents.value == discord.Intents.default().value


def test_bad_settings_are_named_in_one_sentence_each(clean_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("ZAGJAN_REACTION_SECONDS", "abc")
    monkeypatch.setenv("ZAGJAN_DEV_GUILD_ID", "my server")
    assert app.main() == 2
    err = capsys.readouterr().err
    assert "ZAGJAN_REACTION_SECONDS" in err and "'abc'" in err and "ZAGJAN_DEV_GUILD_ID" in err
    assert "Traceback" not in err and ".env.example" in err


def test_no_network_and_a_foreign_development_server_are_sentences(
        clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setattr(app, "configure_logging", lambda level, **kwargs: None)

    def offline(self: ZagjanBot, token: str, **kwargs: object) -> None:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(ZagjanBot, "run", offline)
    assert app.main() == 1
    assert "Could not reach Discord" in capsys.readouterr().err

    class Response:
        status, reason = 403, "Forbidden"

    def foreign(self: ZagjanBot, token: str, **kwargs: object) -> None:
        raise discord.Forbidden(Response(), {"message": "Missing Access", "code": 50001})  # type: ignore[arg-type]

    monkeypatch.setenv("ZAGJAN_DEV_GUILD_ID", "1234")
    monkeypatch.setattr(ZagjanBot, "run", foreign)
    assert app.main() == 2
    err = capsys.readouterr().err
    assert "ZAGJAN_DEV_GUILD_ID=1234" in err and "Missing Access" in err and "Traceback" not in err


def _members(protocol: type) -> set[str]:
    """The names a `Protocol` asks for (its attributes, properties and methods), its bases' included."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if klass.__module__ in ("typing", "builtins"):
            continue
        names |= set(getattr(klass, "__annotations__", {}))
        names |= {name for name in vars(klass) if not name.startswith("_")}
    return names


async def test_the_bot_offers_every_piece_the_services_it_declares(tmp_path: Path) -> None:
    """Issue 42: the pieces under the app are handed the bot as the narrow services each declares
    (a `Protocol` beside its code); the bot must offer every one of them."""
    from bot.cogs import Host
    from bot.ui.answers import Nudging
    from bot.ui.hand import Pictures
    from bot.ui.turns import Desk
    from bot.waits.computers import Playing
    from bot.waits.idle import Sweeping
    from bot.waits.reactions import Reacting

    bot = ZagjanBot(tmp_path / "services.sqlite3")
    try:
        await bot.open_table()
        for piece in (Host, Desk, Pictures, Nudging, Playing, Reacting, Sweeping):
            asked = _members(piece)
            assert asked, piece
            missing = sorted(name for name in asked if not hasattr(bot, name))
            assert not missing, f"the bot lacks {missing} that {piece.__qualname__} uses"
    finally:
        await bot.close()
