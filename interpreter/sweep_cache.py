"""A sweep's pairings kept between runs (`nuffle balance --cache DIR`): each group's games
as the report needs them, one JSON file per group, named by a hash of everything its games
depend on: the engine's source, the whole content's version (a variant is other content),
the two teams, the trait, the seed, the bots, the margin, the cap and the batch size. So a
second run of the same sweep plays nothing, and a sweep that adds a value, a trait or a
team plays only what is new. Any change to the content plays everything again (coarser
than the balance page's per-pairing keys, and never wrong).

A cache file is anyone's to edit: one that is unreadable, too big or not exactly the shape
written here is played again, never trusted."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from nuffle.limits import NUMBER
from nuffle.textfile import read_cached_json, write_atomically

CACHE_FORMAT = 1
MAX_FILE = 1 << 20  # bytes: a pairing of 38,415 games (±0.5 points) is about 500 KB

Record = tuple[int, int, int]


def group_key(parts: dict[str, Any]) -> str:
    blob = json.dumps({"format": CACHE_FORMAT, **parts}, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def read(folder: Path, key: str) -> list[Record] | None:
    """A group's cached games, or None (missing, unreadable or not ours: play it)."""
    path = folder / f"{key}.json"
    entry = read_cached_json(path, MAX_FILE)
    if not isinstance(entry, dict) or entry.get("format") != CACHE_FORMAT \
            or entry.get("key") != key or not isinstance(entry.get("games"), list):
        return None
    out: list[Record] = []
    for game in entry["games"]:
        if not isinstance(game, list) or len(game) != 3 \
                or not all(type(v) is int and 0 <= v <= NUMBER for v in game) or game[0] > 2:
            return None
        out.append((game[0], game[1], game[2]))
    return out or None


def write(folder: Path, key: str, games: list[Record]) -> bool:
    """Keep a group's games (atomically); False if the folder cannot take them (the sweep
    goes on, the games are played again next time)."""
    entry = {"format": CACHE_FORMAT, "key": key, "games": [list(g) for g in games]}
    return write_atomically(folder / f"{key}.json",
                            json.dumps(entry, separators=(",", ":")).encode("utf-8"))
