"""Hostile inputs through the real bot and the fake Discord (127.0.0.1): each is tried and must be refused cleanly.

"Refused cleanly" means: a private answer came, Discord (the fake) refused none of the bot's bodies as over its
limits, and the game's version did not change (or, for hostile names, the game started and its board was drawn).

Run: python bench/hostile_inputs.py
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conftest import FakeClock  # noqa: E402
from tests.fakediscord.harness import BotRun  # noqa: E402
from tests.fakediscord.server import FakeDiscord  # noqa: E402
from tests.fakediscord.wire import RoleOption  # noqa: E402
from tests.test_names import HOSTILE  # noqa: E402

MALFORMED = ["fish:c:12:x", "fish:c:1:2:3", "fish:s:1:1:0:zz", "fish:l:1:dance", "fish:h:abc", "fish:zz:1",
             "fish:c:" + "9" * 40 + ":1:0:x", "fish:l:-1:join", "fish:c:1:1:99:x", "fish:h:", "fish:r:1x",
             "fish:a:1x", "fish:a:"]
ALL_STATUSES = ("lobby", "active", "finished", "cancelled")


class Tally:
    """Tries and clean refusals per kind."""

    def __init__(self) -> None:
        self.tried: Counter[str] = Counter()
        self.clean: Counter[str] = Counter()

    def add(self, kind: str, ok: bool) -> None:
        self.tried[kind] += 1
        self.clean[kind] += ok


async def refused(run: BotRun, fake: FakeDiscord, inter, game: int | None, before: int | None) -> bool:
    """A private answer, nothing over Discord's limits, and the game unchanged."""
    replies = [m for m in fake.ephemeral_replies(inter) if m.content]
    unchanged = game is None or (await run.host.get(game)).version == before
    return bool(replies) and not fake.rejected and unchanged


async def started(fake: FakeDiscord, run: BotRun, key: str, names: tuple[str, str]) -> int:
    """A started game of two people with these display names; returns its id."""
    ann, bob = fake.add_user(names[0]), fake.add_user(names[1])
    await fake.slash(ann, f"start {key}")
    game = (await run.host.games(fake.guild_id))[0].id
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    return game


async def main() -> None:
    tally = Tally()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord()
        await fake.start()
        run = await BotRun(fake, str(Path(tmp) / "h.db"), FakeClock()).start()
        try:
            for i, name in enumerate(HOSTILE):  # hostile display names: the game must start and draw its board
                key = ("wishes", "thisbig", "friendly", "pushfish")[i % 4]
                game = await started(fake, run, key, (name, HOSTILE[-1 - i]))
                board = await run.board(game)
                tally.add("hostile display name", "board.png" in board.files and not fake.rejected)
            game = await started(fake, run, "thisbig", ("Ann", "Bob"))
            record = await run.host.get(game)
            ann, bob = (s.user_id for s in record.seats)
            eve = fake.add_user("Eve", admin=True)
            board = await run.board(game)
            elsewhere, side = fake.foreign_channel(), fake.add_channel("side")
            for action in ("join", "leave", "ai", "drop-ai", "start", "cancel"):
                v = (await run.host.get(game)).version
                inter = await fake.click(eve, board, f"fish:l:{game}:{action}", channel_id=elsewhere)
                tally.add("lobby button forged on another server", await refused(run, fake, inter, game, v))
            public = await started(fake, run, "wishes", ("Cy", "Di"))  # every choice is a button on its board
            first = await run.board(public)
            to_act = next(s.user_id for i, s in enumerate((await run.host.get(public)).seats)
                          if f":{i}:" in first.custom_ids[0])
            for where, kind in ((elsewhere, "another server"), (side, "another channel")):
                for cid in first.custom_ids:
                    v = (await run.host.get(public)).version
                    inter = await fake.click(to_act, first, cid, channel_id=where)
                    tally.add(f"board button forged in {kind}", await refused(run, fake, inter, public, v))
            stale = dict(first.data)
            await fake.click(to_act, first, first.custom_ids[0])  # a real move: the first board is now old
            for cid in [c for c in first.custom_ids if c.startswith("fish:c:")]:
                first.data = stale
                v = (await run.host.get(public)).version
                inter = await fake.click(to_act, first, cid)
                tally.add("click on an outdated board", await refused(run, fake, inter, public, v))
            await fake.slash(ann, "start wishes")  # Ann against an AI: her board is edited in place while she acts
            solo = (await run.host.games(fake.guild_id))[0].id
            await fake.click(ann, await run.board(solo), f"fish:l:{solo}:ai")
            await fake.click(ann, await run.board(solo), f"fish:l:{solo}:start")
            for _ in range(12):
                shown = await run.board(solo)
                old = [c for c in shown.custom_ids if c.startswith("fish:c:")]
                if not old or (await run.host.get(solo)).status != "active":
                    break
                await fake.click(ann, shown, old[0])
                if (await run.board(solo)).id != shown.id:
                    continue  # posted anew, not edited: its old buttons went with the old message
                for cid in [c for c in old if c not in shown.custom_ids]:  # the message as it now is
                    v = (await run.host.get(solo)).version
                    inter = await fake.click(ann, shown, cid)
                    tally.add("old choice no longer on its board", await refused(run, fake, inter, solo, v))
            for user in (ann, bob, eve):
                v = (await run.host.get(game)).version
                inter = await fake.click(user, board, f"fish:h:{game}", channel_id=elsewhere)
                tally.add("My hand forged on another server", await refused(run, fake, inter, game, v))
            real = dict(board.data)  # the forgeries below replace the board's buttons; the real ones come back
            for user, where in ((eve, elsewhere), (eve, None), (ann, None), (ann, side)):
                v = (await run.host.get(game)).version
                count = len(await run.host.games(fake.guild_id, statuses=ALL_STATUSES))
                forged = {"type": 2, "style": 1, "label": "Play again", "custom_id": f"fish:a:{game}"}
                board.data["components"] = [{"type": 1, "components": [forged]}]
                inter = await fake.click(user, board, f"fish:a:{game}", channel_id=where)
                tally.add("Play again forged under a running game", await refused(run, fake, inter, game, v)
                          and len(await run.host.games(fake.guild_id, statuses=ALL_STATUSES)) == count)
            board.data = dict(real)
            # each player's own DMs, taken before any forgery: a forged copy lands in the other's DMs (where it
            # is theirs to press)
            owned = {user: [m for m in fake.dms(user) if m.custom_ids] for user in (ann, bob)}
            for owner, other in ((ann, bob), (bob, ann)):
                for dm in owned[owner]:
                    for cid in dm.custom_ids:
                        v = (await run.host.get(game)).version  # pressed in the other player's own DM channel
                        inter = await fake.click(other, dm, cid, channel_id=fake.dm_channel(other))
                        tally.add("DM button copied to another player", await refused(run, fake, inter, game, v))
            for command in ("games", "away", "back", "status", "start wishes", "top", "settings", "help"):
                v = (await run.host.get(game)).version
                count = len(await run.host.games(fake.guild_id, statuses=ALL_STATUSES))
                inter = await fake.slash(ann, command, channel_id=fake.dm_channel(ann))
                tally.add("/fish command sent from a DM", await refused(run, fake, inter, game, v)
                          and len(await run.host.games(fake.guild_id, statuses=ALL_STATUSES)) == count)
            for cid in MALFORMED:
                v = (await run.host.get(game)).version
                forged = {"type": 2, "style": 1, "label": "x", "custom_id": cid}
                board.data["components"] = [{"type": 1, "components": [forged]}]
                inter = await fake.click(ann, board, cid)
                tally.add("malformed custom_id", await refused(run, fake, inter, game, v))
            board.data = dict(real)
            for cid in board.custom_ids:
                v = (await run.host.get(game)).version
                inter = await fake.click(eve, board, cid)
                tally.add("stranger pressing a choice", await refused(run, fake, inter, game, v))
            long_text = ", ".join(f"fish{i}" for i in range(800))
            for options in ({"characters": long_text}, {"legendary": "99"}, {"characters": ""},
                            {"characters": "jack"}, {"legendary": "0, 1, 2, 3, 4, 5, 6"}, {"length": "x" * 3000}):
                count = len(await run.host.games(fake.guild_id, statuses=ALL_STATUSES))
                inter = await fake.slash(ann, "start pushfish", **options)
                after = len(await run.host.games(fake.guild_id, statuses=ALL_STATUSES))
                tally.add("bad or oversized /fish start option", await refused(run, fake, inter, None, None)
                          and after == count)
            for game_option in ("nope", "@everyone", "<@&123456789012345678>", "x" * 3000, " ", "wishes "):
                posted = len(fake.in_channel(fake.channel_id))
                inter = await fake.slash(ann, "top", game=game_option)
                tally.add("forged /fish top game", await refused(run, fake, inter, None, None)
                          and len(fake.in_channel(fake.channel_id)) == posted)
            for order in ("luck", "@everyone", "<@&123456789012345678>", "x" * 3000, "", "rating "):
                posted = len(fake.in_channel(fake.channel_id))
                inter = await fake.slash(ann, "top", by=order)
                tally.add("forged /fish top by", await refused(run, fake, inter, None, None)
                          and len(fake.in_channel(fake.channel_id)) == posted)
            for forged in [{"game": g} for g in ("nope", "@everyone", "x" * 3000, "wishes ")] + [
                    {"page": p} for p in (0, -1, 10**30, "abc", 1.5, "<@&123456789012345678>")]:
                posted = len(fake.in_channel(fake.channel_id))
                inter = await fake.slash(ann, "history", **forged)
                tally.add("forged /fish history option", await refused(run, fake, inter, None, None)
                          and len(fake.in_channel(fake.channel_id)) == posted)
            for value in ("yes", "@everyone", "<@&123456789012345678>", "x" * 3000, 1, 0.5):
                posted = len(fake.in_channel(fake.channel_id))
                inter = await fake.slash(ann, "notify", dm=value)
                tally.add("forged /fish notify dm", await refused(run, fake, inter, None, None)
                          and len(fake.in_channel(fake.channel_id)) == posted
                          and not (await run.host.store.get_player_settings(ann)).turn_dms)
            for role in (RoleOption(fake.guild_id, "@everyone"), "<@&123456789012345678>", 12345, "x" * 3000):
                posted = len(fake.in_channel(fake.channel_id))
                inter = await fake.slash(eve, "settings", lobby_role=role)  # eve may manage the server
                tally.add("forged /fish settings lobby_role", await refused(run, fake, inter, None, None)
                          and len(fake.in_channel(fake.channel_id)) == posted
                          and (await run.host.get_settings(fake.guild_id)).lobby_role is None)
        finally:
            await run.stop()
            await fake.stop()
    width = max(len(k) for k in tally.tried)
    print(f"hostile inputs through the bot ({time.perf_counter() - began:.0f} s):")
    for kind in tally.tried:
        how = "handled cleanly (game drawn)" if kind == "hostile display name" else "refused cleanly"
        print(f"  {kind:<{width}}  {tally.clean[kind]:3} of {tally.tried[kind]:3} {how}")
    print(f"  {'all':<{width}}  {sum(tally.clean.values()):3} of {sum(tally.tried.values()):3}")


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help; no options
    asyncio.run(main())
