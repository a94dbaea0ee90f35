"""The digest of the code a game's arena games run on, and which other digests are known to play the same."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAME_PLAY = ROOT / "bench" / "results" / "same_play.jsonl"  # pairs checked by bench/same_play.py, beside the arena log


def code_digest(key: str, root: Path = ROOT) -> str:
    """A digest of a game's engine files, its card data and the shared code (the contract, the search) under
    `root`: logged games of the game count only for it, or for code that plays the same (same_play)."""
    engines = root / "engines"
    digest = hashlib.sha256()
    for path in sorted([*engines.glob("*.py"), *(engines / key).rglob("*"), *(engines / "data").glob(f"{key}_*")]):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def same_play(key: str, code: str, path: Path, players: int | None = None) -> set[str]:
    """`code` and every digest of the game that `path` (pairs kept by bench/same_play.py) has checked to play
    exactly as it, directly or through others, at tables of `players` (a pair checked at one table size only
    counts for it; None: only pairs checked at every size count)."""
    pairs = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["game"] == key and row.get("players") in (None, players):
                pairs.append((row["code"], row["plays_as"]))
    found, grew = {code}, True
    while grew:
        grew = False
        for a, b in pairs:
            if (a in found) != (b in found):
                found |= {a, b}
                grew = True
    return found
