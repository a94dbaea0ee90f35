"""Every registered game, played to the end by two people and an AI through Discord clicks (board and DMs)."""

from __future__ import annotations

import random

import pytest

from engines import registry
from tests.fakediscord.server import FakeDiscord, Msg

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

MAX_CLICKS = 600


def _loads(key: str) -> bool:
    try:
        registry.get(key)
    except Exception:  # noqa: BLE001 - a game still being written is not tested here
        return False
    return True


REAL_GAMES = [k for k in registry.keys() if _loads(k)]


def find_component(messages: list[Msg], prefix_button: str, prefix_select: str, choice: str) -> tuple[Msg, str, list[str] | None]:
    """The message and component that offer this choice (a button, or a select option)."""
    for msg in reversed(messages):
        for row in msg.data.get("components", []):
            for c in row["components"]:
                cid = c.get("custom_id", "")
                if cid == prefix_button + choice:
                    return msg, cid, None
                if cid.startswith(prefix_select) and any(o["value"] == choice for o in c.get("options", [])):
                    return msg, cid, [choice]
    raise AssertionError(f"no component offers {choice!r}")


def every_text(msg: Msg) -> str:
    """A message's text in every version it ever had (edits included)."""
    versions = [msg.data, *msg.history]
    return "\n".join(Msg(data=v).text() for v in versions)


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_a_whole_game_is_played_through_discord(fake: FakeDiscord, run, key, monkeypatch):
    monkeypatch.setattr("bot.seating.secrets.randbits", lambda bits: 20240607)
    secrets: list[tuple[int, str]] = []  # (seat, text) of every private event the engine produced
    commit = type(run.host)._commit

    async def spying_commit(self, record, state, moves=(), events=()):
        secrets.extend((e.private_to, e.text) for e in events if e.private_to is not None)
        return await commit(self, record, state, moves, events)

    monkeypatch.setattr(type(run.host), "_commit", spying_commit)
    rnd = random.Random(key)
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, f"start {key}")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai-hard")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    private_seen = False
    for _ in range(MAX_CLICKS):
        record = await run.host.get(game)
        if record.status != "active":
            break
        pending = [d for d in run.host.pending(record) if record.seats[d.seat].user_id is not None]
        assert pending, "only AI seats are pending but the host did not play them"
        decision = pending[rnd.randrange(len(pending))]
        user = record.seats[decision.seat].user_id
        choice = rnd.choice(decision.choices).id
        prefix = f"{game}:{record.version}:{decision.seat}:"
        if decision.private:
            private_seen = True
            place = fake.dms(user)
        else:
            place = [await run.board(game)]
            assert f"<@{user}>" in place[0].content
        msg, custom_id, values = find_component(place, "fish:c:" + prefix, "fish:s:" + prefix, choice)
        inter = await fake.click(user, msg, custom_id, values=values)
        assert fake.ephemeral_replies(inter) == [], fake.ephemeral_replies(inter)[0].content
    record = await run.host.get(game)
    assert record.status == "finished"
    final = await run.board(game)
    assert " is over: " in final.text() and "Final scores" in final.text()
    best = max(run.host.result(record).scores)  # each game counts in its own unit
    assert (f"— ${best} 🏆" if key == "wishes" else f"— {best} 🏆") in final.text()
    assert final.custom_ids == [f"fish:r:{game}", f"fish:a:{game}"]  # only "Watch the replay" and "Play again"
    if "board.png" in final.files:
        assert final.files["board.png"].startswith(b"\x89PNG")
    if private_seen:
        assert fake.dms(ann) or fake.dms(bob)
    owners: dict[str, set[int | None]] = {}
    for seat, text in secrets:
        if len(text) > 12:
            owners.setdefault(text, set()).add(record.seats[seat].user_id)
    public = [m for m in fake.messages.values() if not m.ephemeral and m.channel_id not in fake.dm_of.values()]
    for text, users in owners.items():
        assert not any(text in every_text(m) for m in public), f"a private event reached the channel: {text}"
        for user in (ann, bob):
            if user not in users:  # the same words may be private to several seats ("You draw a green lure.")
                assert not any(text in every_text(m) for m in fake.dms(user)), f"{text} reached another DM"
    people = {text: users - {None} for text, users in owners.items() if users - {None}}  # not the AI seat's
    if people:  # the check above means something only if private events do reach their owners
        assert any(text in every_text(m) for text, users in people.items() for u in users for m in fake.dms(u))
    await fake.click(bob, final, f"fish:a:{game}")  # the same table again, from the final board
    [again] = await run.host.games(fake.guild_id, statuses=("lobby",))
    assert (again.key, again.options, [s.ai for s in again.seats]) == (key, record.options, [None, "hard"])
    assert f"<@{ann}>" in fake.messages[again.message_id].content and again.host_user == bob
