"""The bot's settings, read from the environment and from `.env`.

The token is optional when the settings load so that `zagjan games` and the
tests never need one; only `zagjan run` insists on it, and then says how to
get one. It is a `SecretStr`, so printing or logging the settings shows
`**********` instead of the token.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage.backends import URL_PREFIXES

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
PROJECT_ENV = Path(__file__).resolve().parents[1] / ".env"
"""The project's .env (next to pyproject.toml); a .env in the working directory overrides it."""


class Settings(BaseSettings):
    """Everything the running bot needs to know about its surroundings."""

    model_config = SettingsConfigDict(
        env_file=(PROJECT_ENV, ".env"),
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
    )

    discord_token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_TOKEN", "discord_token"))
    database: Path | str = Field(
        default=Path("zagjan.sqlite3"), validation_alias=AliasChoices("ZAGJAN_DATABASE", "database"))
    """A SQLite file (the default, created when missing), or a PostgreSQL server's
    `postgresql://user:password@host/dbname` URL (several processes may share it)."""
    dev_guild_id: int | None = Field(
        default=None, validation_alias=AliasChoices("ZAGJAN_DEV_GUILD_ID", "dev_guild_id"))
    log_level: str = Field(default="INFO", validation_alias=AliasChoices("ZAGJAN_LOG_LEVEL", "log_level"))
    reaction_seconds: float = Field(
        default=60.0, ge=0, validation_alias=AliasChoices("ZAGJAN_REACTION_SECONDS", "reaction_seconds"))
    vote_seconds: float = Field(
        default=300.0, ge=0, validation_alias=AliasChoices("ZAGJAN_VOTE_SECONDS", "vote_seconds"))
    """How long a quick campaign's players have to agree on the next discipline before the dice decide."""
    computer_seconds: float = Field(
        default=2.0, ge=0, validation_alias=AliasChoices("ZAGJAN_COMPUTER_SECONDS", "computer_seconds"))
    """How long a computer player waits before its move, so the table can follow the board."""
    computer_iterations: int = Field(
        default=100, ge=1, validation_alias=AliasChoices("ZAGJAN_COMPUTER_ITERATIONS", "computer_iterations"))
    """How many search iterations a `normal` computer spends on a decision (fewer: faster, weaker)."""
    discord_debug: bool = Field(
        default=False, validation_alias=AliasChoices("ZAGJAN_DISCORD_DEBUG", "discord_debug"))
    """discord.py's own DEBUG logging (gateway and HTTP traffic, secrets blanked); off by default."""
    render_workers: int | None = Field(
        default=None, ge=0, validation_alias=AliasChoices("ZAGJAN_RENDER_WORKERS", "render_workers"))
    """Processes drawing boards; unset: one per core; 0: draw in a thread of the bot's own process."""
    quick_boards: bool = Field(
        default=True, validation_alias=AliasChoices("ZAGJAN_QUICK_BOARDS", "quick_boards"))
    """While boards queue up for the drawing processes (two each in hand), draw the next ones unsmoothed (the
    same picture with stepped edges, a third cheaper) so that none is late; off: always smooth, late or not."""
    replays: bool = Field(
        default=True, validation_alias=AliasChoices("ZAGJAN_REPLAYS", "replays"))
    """When a game ends, post its animated replay beside the final board (drawn in the painting pool);
    off: only when /game replay asks."""
    shard_count: int | None = Field(
        default=None, ge=1, validation_alias=AliasChoices("ZAGJAN_SHARD_COUNT", "shard_count"))
    """How many shards Discord splits the bot's servers into (a server is shard `(id >> 22) % count`);
    unset: one, as a bot in fewer than 2,500 servers needs."""
    shard_ids: tuple[int, ...] | None = Field(
        default=None, validation_alias=AliasChoices("ZAGJAN_SHARD_IDS", "shard_ids"))
    """The shards this process connects, as `0,1`; unset: all of them. The other shards' processes must
    share the database (PostgreSQL); the one holding shard 0 gets every DM and syncs the commands."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_missing(cls, value: object) -> object:
        """An empty `DISCORD_TOKEN=` line (as copied from .env.example) means no token."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("dev_guild_id", "render_workers", "shard_count", mode="before")
    @classmethod
    def _blank_guild_is_missing(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database", mode="before")
    @classmethod
    def _file_or_url(cls, value: object) -> object:
        """A `postgresql://` URL stays text (a path would fold its `//`); anything else is a file."""
        if isinstance(value, str):
            value = value.strip()
            return value if value.startswith(URL_PREFIXES) else Path(value or "zagjan.sqlite3")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _listed_shards(cls, value: object) -> object:
        """`0,1` (or `0 1`) as written in .env; blank means every shard. (A lone `1` comes here as a
        number: the settings read a list's text as JSON first.)"""
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        if isinstance(value, str):
            words = value.replace(",", " ").split()
            if not words:
                return None
            try:
                return tuple(int(word) for word in words)
            except ValueError:
                raise ValueError("write the shard numbers as whole numbers separated by commas, such as 0,1") from None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _shards_that_exist(cls, value: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        """Each shard once, each below the count; only some of them needs a database the others share."""
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("name the shards this process serves only together with ZAGJAN_SHARD_COUNT")
        if not value:
            raise ValueError("name at least one shard")
        if len(set(value)) != len(value):
            raise ValueError("each shard may be named once")
        wrong = [n for n in value if not 0 <= n < count]
        if wrong:
            raise ValueError(f"with ZAGJAN_SHARD_COUNT={count} the shards are numbered 0 to {count - 1}")
        database = info.data.get("database")
        if set(value) != set(range(count)) and not (isinstance(database, str) and database.startswith(URL_PREFIXES)):
            raise ValueError("a process serving only some shards shares the others' database: set ZAGJAN_DATABASE "
                             "to a postgresql:// URL (a SQLite file serves one process only)")
        return tuple(sorted(value))

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: object) -> str:
        level = str(value or "INFO").strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"ZAGJAN_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}; got {value!r}.")
        return level


MISSING_TOKEN = (
    "Zagjan needs a Discord bot token to run. Create an application at the Discord Developer Portal "
    "(https://discord.com/developers/applications), add a Bot to it, copy the bot's token, and put it "
    "in a file named .env next to pyproject.toml as a line DISCORD_TOKEN=<your token> "
    "(copy .env.example, which lists every setting), or set DISCORD_TOKEN in the environment."
)
