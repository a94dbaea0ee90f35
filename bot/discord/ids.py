"""The custom_id format of every persistent component; parsing is strict so a forged id changes nothing.

    fish:c:<game>:<version>:<seat>:<choice>   a choice button
    fish:s:<game>:<version>:<seat>:<page>     a select of choices (the value is the choice id)
    fish:l:<game>:<action>[:<version>]        a lobby button (join, leave, ai-easy, ai, ai-hard, drop-ai, start,
                                              cancel); Add and Remove AI carry the lobby's version
    fish:h:<game>                             the "My hand" button
    fish:i:<game>                             "What do these do?": what the choices now open to the clicker do
    fish:r:<game>                             "Watch the replay" under a final board
    fish:a:<game>                             "Play again" under a final board
    fish:p:<nonce>                            a "Which game?" select (its command waits in the bot's memory)

Choice components carry the state version, so a click on an outdated message is refused by the host's
compare-and-swap. So do Add and Remove AI, which are not idempotent (a double tap would seat two AI players);
the other lobby buttons and My hand act on the current lobby or hand, so they need no version. A pick
in a "Which game?" select after its command has gone (picked once, too old, or a restart) is told it expired.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from engines.core import AI_LEVELS

AI_ACTIONS = {f"ai-{level}": level for level in AI_LEVELS} | {"ai": "normal"}  # "ai" as before the levels
DROP_AI = "drop-ai"  # take the last AI player out of a lobby
LOBBY_ACTIONS = ("join", "leave", "ai-easy", "ai", "ai-hard", DROP_AI, "start", "cancel")
MALFORMED = "That button is malformed or comes from another bot version, so nothing was done. Use `/fish status`."

_CHOICE = re.compile(r"([0-9]{1,18}):([0-9]{1,9}):([0-9]{1,2}):([\x21-\x7e]{1,24})")  # the choice is last: ":" is safe
_SELECT = re.compile(r"([0-9]{1,18}):([0-9]{1,9}):([0-9]{1,2}):([0-9]{1,2})")
_LOBBY = re.compile(r"([0-9]{1,18}):([a-z-]{1,12})(?::([0-9]{1,9}))?")
_GAME = re.compile(r"[0-9]{1,18}")  # numbers are ASCII digits only (\d would take "١" or "２" too)
_NONCE = re.compile(r"[0-9a-f]{16}")  # secrets.token_hex(8), as `pick` makes it


@dataclass(frozen=True)
class ChoiceRef:
    """Which game, at which version, for which seat a component was drawn; `tail` is the choice or page."""

    game: int
    version: int
    seat: int
    tail: str


def choice_button(game: int, version: int, seat: int, choice: str) -> str:
    """The custom_id of a choice button."""
    return f"fish:c:{game}:{version}:{seat}:{choice}"


def choice_select(game: int, version: int, seat: int, page: int) -> str:
    """The custom_id of a page of choices in a select."""
    return f"fish:s:{game}:{version}:{seat}:{page}"


VERSIONED = (*AI_ACTIONS, DROP_AI)  # lobby actions that a doubled or stale click must not repeat


def lobby(game: int, action: str, version: int | None = None) -> str:
    """The custom_id of a lobby button (with the lobby's version for the actions in VERSIONED)."""
    return f"fish:l:{game}:{action}" + (f":{version}" if version is not None and action in VERSIONED else "")


def hand(game: int) -> str:
    """The custom_id of the "My hand" button."""
    return f"fish:h:{game}"


def guide(game: int) -> str:
    """The custom_id of the "What do these do?" button."""
    return f"fish:i:{game}"


def replay(game: int) -> str:
    """The custom_id of the "Watch the replay" button on a final board."""
    return f"fish:r:{game}"


def again(game: int) -> str:
    """The custom_id of the "Play again" button on a final board."""
    return f"fish:a:{game}"


def pick() -> tuple[str, str]:
    """A new "Which game?" select's nonce and custom_id."""
    nonce = secrets.token_hex(8)
    return nonce, f"fish:p:{nonce}"


def parse_choice(body: str, select: bool = False) -> ChoiceRef | None:
    """The reference in a choice button's (or select's) custom_id body; None when malformed."""
    m = (_SELECT if select else _CHOICE).fullmatch(body)
    if m is None:
        return None
    return ChoiceRef(int(m[1]), int(m[2]), int(m[3]), m[4])


@dataclass(frozen=True)
class LobbyRef:
    """A lobby button: its game, its action and (Add and Remove AI) the lobby's version it was drawn at."""

    game: int
    action: str
    version: int | None = None


def parse_lobby(body: str) -> LobbyRef | None:
    """The reference in a lobby button's custom_id body; None when malformed (a button drawn before versions were
    added has none)."""
    m = _LOBBY.fullmatch(body)
    if m is None or m[2] not in LOBBY_ACTIONS or (m[3] is not None and m[2] not in VERSIONED):
        return None
    return LobbyRef(int(m[1]), m[2], None if m[3] is None else int(m[3]))


def parse_game(body: str) -> int | None:
    """The game id of a button that names only its game (My hand, replay, play again); None when malformed."""
    return int(body) if _GAME.fullmatch(body) else None


def parse_pick(body: str) -> str | None:
    """The nonce of a "Which game?" select; None when malformed."""
    return body if _NONCE.fullmatch(body) else None
