"""A fake Discord server for driving the real discord.py client in tests."""

from tests.fakediscord.server import FakeDiscord, Interaction, Msg

__all__ = ["FakeDiscord", "Interaction", "Msg"]
