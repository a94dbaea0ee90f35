"""Bot configuration from the environment or a `.env` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """What the bot needs to run; the token is a SecretStr so it never shows in a log or repr."""

    # a blank line (`FISHBOT_DB=`, left after deleting a sample value) means unset: the default, never '' (for
    # SQLite a throwaway database)
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    fishbot_db: str = "fishbot.db"
    discord_api_base: str | None = None  # e.g. http://127.0.0.1:8080/api/v10 for a fake Discord in tests
    discord_gateway: str | None = None  # e.g. ws://127.0.0.1:8080/gateway
    fishbot_dev_guild: int | None = None  # `fishbot sync` registers commands in this server only (instant)
    fishbot_tick_seconds: float = Field(default=60.0, gt=0)  # how often reminders/stand-ins/expiries are checked
    fishbot_log_level: str = "INFO"
    fishbot_data_dir: str | None = None  # set by the Docker image to /data: the database must live under it

    def database_misplaced(self) -> str | None:
        """Why the database path is refused (outside FISHBOT_DATA_DIR, so off the container's volume), or None."""
        if self.fishbot_data_dir is None:
            return None
        data = Path(self.fishbot_data_dir).resolve()
        if data == Path(self.fishbot_db).resolve().parent or data in Path(self.fishbot_db).resolve().parents:
            return None
        return (f"FISHBOT_DB={self.fishbot_db} is outside {data}, the container's volume, so its games would be "
                f"lost with the container; remove FISHBOT_DB from .env (the image uses {data}/fishbot.db) "
                f"or point it into {data}.")

    @property
    def heartbeat_path(self) -> Path:
        """The file a running bot touches while connected (`fishbot health` reads its age)."""
        return Path(self.fishbot_db + ".alive")

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        """A DISCORD_TOKEN= line of spaces means no token."""
        return None if isinstance(value, str) and not value.strip() else value
