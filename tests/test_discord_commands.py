"""The /fish slash commands through the real client: registration, lobby commands, info, settings, pickers."""

from __future__ import annotations

import typing

import pytest

from engines import registry
from tests.discord_helpers import only_reply, toy_game
from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.wire import RoleOption

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

SUBCOMMANDS = {"start", "join", "leave", "begin", "cancel", "hand", "status", "games", "rules", "log",
               "settings", "back", "replay", "stats", "top", "away", "history", "notify", "kick", "help"}


def reply(fake: FakeDiscord, inter) -> str:
    """The text of the single ephemeral answer to an interaction."""
    [answer] = fake.ephemeral_replies(inter)
    return answer.text()


async def newest_game(run, fake) -> int:
    return max(r.id for r in await run.host.games(fake.guild_id, statuses=("lobby", "active", "finished",
                                                                            "cancelled")))


async def test_sync_registers_one_fish_group_with_the_fixed_subcommands(fake, run):
    [fish] = fake.commands[None]
    assert fish["name"] == "fish"
    assert {o["name"] for o in fish["options"]} == SUBCOMMANDS


def _group(fake: FakeDiscord, name: str) -> dict:
    """A subcommand group of /fish as synced."""
    group = next(o for o in fake.commands[None][0]["options"] if o["name"] == name)
    assert group["type"] == 2  # a subcommand group
    return group


async def test_fish_start_has_a_subcommand_per_game_with_exactly_that_games_options(fake, run):
    start = _group(fake, "start")
    loaded = [k for k in registry.keys() if _loads(k)]
    assert [c["name"] for c in start["options"]] == loaded
    for command in start["options"]:
        assert command["type"] == 1
        fields = registry.get(command["name"]).Options.model_fields
        assert [o["name"] for o in command.get("options", [])] == list(fields)
        for option in command.get("options", []):
            assert option.get("required", False) is False and option["description"]
            values = typing.get_args(fields[option["name"]].annotation)
            if typing.get_origin(fields[option["name"]].annotation) is typing.Literal:
                assert [c["value"] for c in option["choices"]] == list(values)
    secret = next(c for c in start["options"] if c["name"] == "secret")
    rounds, hints = secret["options"]
    assert (rounds["type"], rounds["min_value"], rounds["max_value"]) == (4, 1, 5)
    assert hints["type"] == 5  # a bool field is a boolean option
    assert rounds["description"] == "rounds"  # a field without a description is described by its name
    for key in loaded:
        described = {n: f.description for n, f in registry.get(key).Options.model_fields.items() if f.description}
        command = next(c for c in start["options"] if c["name"] == key)
        assert {o["name"]: o["description"] for o in command.get("options", []) if o["name"] in described} == {
            n: d[:100] for n, d in described.items()}


async def test_fish_rules_has_a_subcommand_per_game(fake, run):
    rules = _group(fake, "rules")
    assert [c["name"] for c in rules["options"]] == [k for k in registry.keys() if _loads(k)]
    assert all(not c.get("options") for c in rules["options"])


@pytest.mark.parametrize("game", ["pushfish", "thisbig"])
async def test_fish_rules_gives_each_option_s_default_in_words(fake, run, game):
    [answer] = fake.ephemeral_replies(await fake.slash(fake.add_user("Ann"), f"rules {game}"))
    [options] = [f["value"] for f in answer.data["embeds"][0]["fields"] if f["name"].startswith("Options")]
    assert "Undefined" not in options and "(default None)" not in options and "(default False)" not in options
    expected = {"pushfish": ["`legendary`: Legendary Angler seats (1 more item; rare fish take 2 successes), 1 = first "
                             "to join, e.g. 1, 3 (default none)",
                             "`hard`: Hard Mode: a bait or wood token counts only when wholly inside (default off)",
                             "`length`: short, medium or long: the game ends when someone has 5, 7 or 10 fish "
                             "(default medium)"],
                "thisbig": ["`first_player`: the seat that starts, 1 = first to join (default: random)"]}[game]
    assert all(line in options.splitlines() for line in expected)


def _loads(key: str) -> bool:
    try:
        registry.get(key)
    except Exception:  # noqa: BLE001 - a game still being written
        return False
    return True


async def test_an_invalid_option_value_is_refused_before_a_game_exists(fake, run):
    ann = fake.add_user("Ann")
    inter = await fake.slash(ann, "start secret", rounds=9)
    assert "Invalid options for Secret Picks" in reply(fake, inter)
    assert await run.host.games(fake.guild_id) == []


async def test_join_leave_begin_by_slash_in_the_games_thread(fake, run):
    ann, bob, cid = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cid")
    await fake.slash(ann, "start toy")
    game = await newest_game(run, fake)
    thread = (await run.host.get(game)).thread_id
    assert "You joined" in reply(fake, await fake.slash(bob, "join", channel_id=thread))
    assert reply(fake, await fake.slash(bob, "join", channel_id=thread)) == f"You are already seated in game #{game}."
    assert "You joined" in reply(fake, await fake.slash(cid, "join", channel_id=thread))
    assert "You left" in reply(fake, await fake.slash(cid, "leave", channel_id=thread))
    assert "You host no lobby" in reply(fake, await fake.slash(bob, "begin", channel_id=thread))
    assert "started" in reply(fake, await fake.slash(ann, "begin", channel_id=thread))
    record = await run.host.get(game)
    assert record.status == "active" and [s.user_id for s in record.seats] == [ann, bob]
    lobby = fake.messages[record.thread_id]  # the thread starts from the lobby message
    assert "has started" in lobby.text() and lobby.custom_ids == []


async def test_cancel_is_for_the_host_or_a_manage_server_member(fake, run):
    ann, bob, mod = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Mod", admin=True)
    await fake.slash(ann, "start toy")
    game = await newest_game(run, fake)
    assert "Only this game's host" in reply(fake, await fake.slash(bob, "cancel"))
    assert "cancelled" in reply(fake, await fake.slash(mod, "cancel"))
    assert (await run.host.get(game)).status == "cancelled"
    assert fake.messages[(await run.host.get(game)).message_id].custom_ids == []


async def test_a_host_leaving_a_running_game_passes_the_hosts_role_to_the_first_person_still_seated(fake, run):
    ann, bob, cat = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cat")
    await fake.slash(ann, "start toy", stones=30)
    game = await newest_game(run, fake)
    for user in (bob, cat):
        await fake.click(user, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    place = (await run.host.get(game)).place_id
    assert reply(fake, await fake.slash(ann, "leave", channel_id=place)).startswith("You left for good; an AI plays your seat")
    assert (await run.host.get(game)).host_user == bob
    assert "🚪 Ann left the game; an AI plays their seat from now on." in (await run.board(game)).text()
    assert reply(fake, await fake.slash(ann, "cancel", channel_id=place)) == "Only this game's host can do that."
    assert reply(fake, await fake.slash(bob, "cancel", channel_id=place)) == "The game was cancelled."
    board = await run.board(game)  # the board says who cancelled it
    assert "Bob cancelled this game." in board.text() and board.custom_ids == []
    await fake.slash(ann, "start toy", stones=30)  # with nobody left, the AIs play the game out at once
    game = await newest_game(run, fake)
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    await fake.slash(ann, "leave", channel_id=(await run.host.get(game)).place_id)
    record = await run.host.get(game)
    assert (record.status, record.host_user) == ("finished", ann)


async def test_status_games_rules_and_log(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob, stones=6)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[2])
    place = (await run.host.get(game)).place_id
    status = await fake.slash(bob, "status", channel_id=place)
    [answer] = fake.ephemeral_replies(status)
    assert "Toy · game" in answer.text() and answer.files["board.png"].startswith(b"\x89PNG")
    assert f"#{game} **Toy** in <#{place}>: **your turn** since <t:" in reply(fake, await fake.slash(bob, "games"))
    assert "Take 1 to 3 stones" in reply(fake, await fake.slash(bob, "rules toy"))
    assert "1. Ann: Take 3" in reply(fake, await fake.slash(bob, "log", channel_id=place))


async def test_the_log_names_a_player_who_left_on_their_own_moves_and_the_ai_on_its_own(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob, stones=30)
    await fake.click(ann, await run.board(game), (await run.board(game)).custom_ids[2])
    await fake.click(bob, await run.board(game), (await run.board(game)).custom_ids[0])
    place = (await run.host.get(game)).place_id
    assert "You left" in reply(fake, await fake.slash(bob, "leave", channel_id=place))
    await fake.click(ann, await run.board(game), (await run.board(game)).custom_ids[0])
    assert (await run.host.get(game)).seats[1].name == "Bob (AI, hard)"
    log = reply(fake, await fake.slash(ann, "log", channel_id=place)).splitlines()
    assert log[:4] == ["1. Ann: Take 3", "\u2003↳ Ann took 3", "2. Bob: Take 1", "\u2003↳ Bob took 1"]  # his own move
    assert log[6].startswith("4. Bob (AI, hard): Take") and log[7].startswith("\u2003↳ Bob took")
    assert not any("secret" in line for line in log)  # each move's private events stay out


async def test_settings_need_manage_server_and_validate_values(fake, run):
    ann, mod = fake.add_user("Ann"), fake.add_user("Mod", admin=True)
    assert "Manage Server" in reply(fake, await fake.slash(ann, "settings", remind_hours=1.0))
    assert "remind_hours" in reply(fake, await fake.slash(mod, "settings", remind_hours=2.5))
    assert (await run.host.get_settings(fake.guild_id)).remind_hours == 2.5
    assert "Invalid setting" in reply(fake, await fake.slash(mod, "settings", standin_hours=-1.0))
    assert (await run.host.get_settings(fake.guild_id)).standin_hours == 48
    assert "none is sent" not in reply(fake, await fake.slash(mod, "settings"))
    assert "2.5 h idle before a reminder (none is sent: the stand-in comes first)" in \
        reply(fake, await fake.slash(mod, "settings", standin_hours=2.0))
    shown = reply(fake, await fake.slash(ann, "settings"))  # anyone may look; only Manage Server may change
    assert "2.5 h idle before a reminder" in shown and "Manage Server" not in shown
    assert "Manage Server" in reply(fake, await fake.slash(ann, "settings", clear_lobby_role=True))
    assert "Manage Server" not in reply(fake, await fake.slash(ann, "settings", clear_lobby_role=False))


async def test_two_admins_changing_different_settings_at_once_keep_both(fake, run):
    mod1, mod2 = fake.add_user("Mod1", admin=True), fake.add_user("Mod2", admin=True)
    first = await fake.slash(mod1, "settings", wait=False, remind_hours=6.0)
    second = await fake.slash(mod2, "settings", wait=False, lobby_hours=2.0)
    await fake.settle(first)
    await fake.settle(second)
    stored = await run.host.get_settings(fake.guild_id)
    assert stored.remind_hours == 6.0 and stored.lobby_hours == 2.0


async def test_a_lobby_role_is_mentioned_when_a_lobby_opens_at_most_every_15_minutes_and_only_that_role(fake, run, clock):
    ann, mod = fake.add_user("Ann"), fake.add_user("Mod", admin=True)
    fishers = RoleOption(555)
    assert "Manage Server" in reply(fake, await fake.slash(ann, "settings", lobby_role=fishers))
    [shown] = fake.ephemeral_replies(await fake.slash(mod, "settings", lobby_role=fishers))
    assert "lobby_role <@&555>: mentioned when a lobby opens here (at most every 15 minutes)" in shown.text()
    await fake.slash(ann, "start toy")
    lobby = fake.in_channel(fake.channel_id)[-1]
    assert lobby.content == "<@&555> A game of Toy is looking for players."
    assert lobby.allowed_mentions["roles"] == [555] and lobby.allowed_mentions["parse"] == ["users"]
    await fake.slash(ann, "start secret")  # soon after: no second mention, so opening lobbies cannot spam the role
    assert not fake.in_channel(fake.channel_id)[-1].content
    clock.advance(15 * 60)
    await fake.slash(ann, "start secret")
    assert fake.in_channel(fake.channel_id)[-1].content == "<@&555> A game of Secret Picks is looking for players."
    everyone = RoleOption(fake.guild_id, "@everyone")
    assert "@everyone is never mentioned" in reply(fake, await fake.slash(mod, "settings", lobby_role=everyone))
    assert "not both" in reply(fake, await fake.slash(mod, "settings", lobby_role=fishers, clear_lobby_role=True))
    assert (await run.host.get_settings(fake.guild_id)).lobby_role == 555
    await fake.slash(mod, "settings", clear_lobby_role=True)
    assert (await run.host.get_settings(fake.guild_id)).lobby_role is None
    clock.advance(15 * 60)
    await fake.slash(ann, "start secret")
    assert not fake.in_channel(fake.channel_id)[-1].content  # no role, no text


async def test_an_ambiguous_command_asks_which_game_with_a_select(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    fake.allow_threads = False  # both lobbies live in the same channel
    await fake.slash(ann, "start toy")
    first = await newest_game(run, fake)
    await fake.slash(ann, "start secret")
    second = await newest_game(run, fake)
    inter = await fake.slash(bob, "join")
    [picker] = fake.ephemeral_replies(inter)
    assert "Which one" in picker.content
    select = picker.data["components"][0]["components"][0]
    assert {o["value"] for o in select["options"]} == {str(first), str(second)}
    picked = await fake.click(bob, picker, select["custom_id"], values=[str(first)])
    assert "You joined" in reply(fake, picked)
    assert (await run.host.get(first)).seat_of(bob) == 1 and (await run.host.get(second)).seat_of(bob) is None


async def test_a_game_picker_answers_one_pick_then_says_it_has_expired(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    fake.allow_threads = False  # both lobbies live in the same channel
    await fake.slash(ann, "start toy")
    first = await newest_game(run, fake)
    await fake.slash(ann, "start secret")
    second = await newest_game(run, fake)
    [picker] = fake.ephemeral_replies(await fake.slash(bob, "join"))
    [select] = picker.custom_ids
    assert select.startswith("fish:p:")
    shown = dict(picker.data)  # the select, as a client that has not refreshed still shows it
    assert "You joined" in reply(fake, await fake.click(bob, picker, select, values=[str(first)]))
    assert picker.custom_ids == [] and picker.content == f"You picked game #{first}."  # the select is gone
    expired = "That menu has expired, so nothing was done; type the command again."
    assert reply(fake, await fake.click(bob, picker, select, values=[str(second)])) == expired
    picker.data = shown
    assert reply(fake, await fake.click(bob, picker, select, values=[str(second)])) == expired
    assert (await run.host.get(second)).seat_of(bob) is None
    [late] = fake.ephemeral_replies(await fake.slash(ann, "status"))
    clock.advance(300)
    assert reply(fake, await fake.click(ann, late, late.custom_ids[0], values=[str(first)])) == expired
    [before_restart] = fake.ephemeral_replies(await fake.slash(ann, "status"))
    await run.restart()
    picked = await fake.click(ann, before_restart, before_restart.custom_ids[0], values=[str(first)])
    assert reply(fake, picked) == expired


async def test_commands_where_there_is_no_game_say_so(fake, run):
    ann = fake.add_user("Ann")
    for sub in ("join", "leave", "begin", "cancel", "hand", "status", "log", "back"):
        text = reply(fake, await fake.slash(ann, sub))
        assert "no" in text.lower() or "not" in text.lower(), (sub, text)


async def test_each_game_s_start_command_carries_its_own_bounds(fake, run):
    for command in _group(fake, "start")["options"]:
        fields = registry.get(command["name"]).Options.model_fields
        for option in command.get("options", []):
            high = next((m.le for m in fields[option["name"]].metadata if getattr(m, "le", None) is not None), None)
            assert option.get("max_value") == high, (command["name"], option["name"])


async def test_help_lists_every_command_with_its_usage_starting_with_how_to_play(fake, run):
    ann = fake.add_user("Ann")
    [reply] = fake.ephemeral_replies(await fake.slash(ann, "help"))
    text = reply.data["embeds"][0]["description"]
    assert text.startswith("**To play:** `/fish start <game>` opens a lobby")
    usages = [line.split("`")[1] for line in text.splitlines() if line.startswith("`/fish ")]
    assert usages[0] == "/fish start <game> [options]"  # where to begin comes first
    assert {usage.split()[1] for usage in usages} == SUBCOMMANDS | {"help"}  # every command, none stale
    assert "/fish history [player] [game] [page]" in usages and "/fish kick <player>" in usages


@pytest.mark.parametrize("command", ["games", "away", "start toy", "rules toy", "top", "help"])
async def test_a_command_typed_in_a_dm_is_refused_and_changes_nothing(fake, run, command):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    inter = await fake.slash(ann, command, channel_id=fake.dm_channel(ann))
    assert only_reply(fake, inter) == "The /fish commands work only in a server's channels, not in DMs."
    record = await run.host.get(game)
    assert not record.seats[0].standin and len(await run.host.games(fake.guild_id)) == 1


async def test_games_lists_whole_lines_within_one_message_and_says_how_many_more(fake, run):
    ann, bob = fake.add_user("Annabelle " + "A" * 22), fake.add_user("Bartholomew " + "B" * 20)
    games = [await toy_game(fake, run, ann, bob) for _ in range(14)]
    text = only_reply(fake, await fake.slash(ann, "games"))
    *listed, tail = text.split("\n")
    assert len(text) <= 2000 and tail == f"…and {len(games) - len(listed)} more." and 5 < len(listed) < 14
    assert all(line.endswith(">)") for line in listed)  # each line whole, its board link last
