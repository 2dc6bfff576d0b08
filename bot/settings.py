"""The bot's settings, read from the environment and from `.env`.

The token is optional when the settings load so that `zagjan games` and the
tests never need one; only `zagjan run` insists on it, and then says how to
get one. It is a `SecretStr`, so printing or logging the settings shows
`**********` instead of the token.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store_backends import URL_PREFIXES

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

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_missing(cls, value: object) -> object:
        """An empty `DISCORD_TOKEN=` line (as copied from .env.example) means no token."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("dev_guild_id", "render_workers", mode="before")
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
