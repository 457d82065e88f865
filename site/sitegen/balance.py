"""The balance page: every team against every other in seeded greedy-bot games, as a heat
map and a table.

Each pairing's games are cached on their own, under a key made of exactly what those games
depend on (``pairing_keys``): the two teams' game data, the abilities their players have,
every other item any game may use (balls, Challenge cards, coach traits, tables, pitches,
the league), the options, the number of games, the seed and the engine's own source. So
a rebuild re-plays only the pairings whose inputs changed: a stat changed on one team
re-plays that team's pairings, a name or a card's printed text re-plays nothing, a new team
plays only its own pairings. Each game's seed comes from its pairing alone
(``pairing_seed``), so the games of one pairing do not depend on which other teams exist.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from nuffle.interpreter.blitz_bowl.game import Options
from nuffle.interpreter.blitz_bowl.ruleset import EDITION, GAME
from nuffle.interpreter.content import cache_key, checked_catalogue, content_version
from nuffle.interpreter.engine_version import engine_version
from nuffle.interpreter.vocabulary import EDITIONS
from nuffle.sitegen.context import N_, Site, code, esc, table
from nuffle.sitegen.svg import HEAT_MAP_LABEL, HEAT_MAP_TITLE, heat_map_svg

from nuffle.catalogue.model import Catalogue, Item
from nuffle.textfile import read_cached_json, write_atomically

# Games per pairing for a 95% interval of at most ±5 points on a win rate (worst case 50%).
GAMES_FOR_5_POINTS = math.ceil((1.96 / 0.05) ** 2 / 4)  # 385
SEED = 2026
BOTS = ("greedy", "greedy")
CACHE_FOLDER = "balance"  # under the build's cache folder: one JSON file per pairing
CACHE_FORMAT = 1  # the shape of a cache file and of its key; a new shape is a new number
MAX_CACHE_FILE = 1024  # bytes: an entry is about 200; anything bigger is not one of ours

Pair = tuple[str, str]  # two team ids, sorted
Tally = list[int]  # the first team's wins, draws and losses against the second

# -- what a game depends on --------------------------------------------------------------
# Every field of the schemas (content/schemas/<kind>.schema.json) of the kinds a Blitz Bowl
# ruleset is built from is in one of two lists, per kind (a test fails on a field in
# neither): display-only fields, which no game reads and which a cache key leaves out, and
# game fields, which it keeps. A path names a field inside an item: `positions[].name` is
# the name of each position. A field under a display-only field is display-only too; a
# game field written `source.*` is game data with everything under it. The
# bots decide on the options alone, never on their labels, so a name never steers a game.
COMMON_DISPLAY = frozenset({"name", "text", "text_source", "original_text", "source",
                            "rulings"})
COMMON_GAME = frozenset({"kind", "id", "edition"})
DISPLAY_FIELDS: dict[str, frozenset[str]] = {
    "ability": COMMON_DISPLAY,
    "ball": COMMON_DISPLAY | {"team_source"},
    "challenge-card": COMMON_DISPLAY | {"bonus_play.name", "bonus_play.text",
                                        "bonus_play.text_source", "bonus_play.original_text"},
    # a homebrew trait replaces the printed one on its roll (ruling homebrew-coach-traits):
    # a trait's source is game data
    "coach-trait": COMMON_DISPLAY - {"source"},
    "league": COMMON_DISPLAY | {"awards[].name", "awards[].text", "awards[].original_text"},
    "pitch": COMMON_DISPLAY | {"legend"},
    "table": COMMON_DISPLAY - {"original_text"} | {  # a table has no translation of its own
        "entries[].name", "entries[].text", "entries[].text_source", "entries[].original_text"},
    "team": COMMON_DISPLAY | {"positions[].name"},
}
GAME_FIELDS: dict[str, frozenset[str]] = {
    "ability": COMMON_GAME | {"rules", "category"},
    "ball": COMMON_GAME | {"rules", "team"},
    "challenge-card": COMMON_GAME | {"rules", "points", "endgame", "copies", "bonus_play",
                                     "bonus_play.id", "bonus_play.rules"},
    "coach-trait": COMMON_GAME | {"rules", "roll", "source.*"},
    "league": COMMON_GAME | {"matches", "points", "points.win", "points.draw", "points.loss",
                             "awards", "awards[].id", "awards[].measure", "awards[].pick"},
    "pitch": COMMON_GAME | {"width", "height", "map", "trapdoors", "trapdoors[].id",
                            "trapdoors[].x", "trapdoors[].y"},
    "table": COMMON_GAME | {"category", "roll", "entries", "entries[].roll", "entries[].id",
                            "entries[].rules", "entries[].direction"},
    "team": COMMON_GAME | {
        "positions", "positions[].id", "positions[].count", "positions[].move",
        "positions[].throw", "positions[].armour", "positions[].abilities",
        # a Blood Bowl team list (the same schema): kept, no Blitz Bowl game has one
        "reroll_cost", "apothecary", "star_players", "positions[].max", "positions[].cost",
        "positions[].movement", "positions[].strength", "positions[].agility",
        "positions[].armour_value", "positions[].skills", "positions[].normal",
        "positions[].double"},
}
# Kinds no game reads at all: the rulings (explained on the site; a ruling's effect is in
# the rules of the items it concerns), the glossary, the scenarios (tests, not loaded for a
# game) and a content pack's manifest (what it loads is hashed item by item). An item of a
# kind in neither this set nor GAME_FIELDS is kept whole in every key (a test fails on a
# bundled one, so that its fields get classified).
DISPLAY_KINDS = frozenset({"ruling", "glossary", "scenario", "content-pack"})

def game_data(kind: str, data: Any, display: frozenset[str] | None = None,
              path: str = "") -> Any:
    """An item's data without its display-only fields (``DISPLAY_FIELDS``)."""
    if display is None:
        display = DISPLAY_FIELDS.get(kind, frozenset())
    if isinstance(data, Mapping):
        out = {}
        for key, value in data.items():
            here = f"{path}.{key}" if path else str(key)
            if here not in display:
                out[str(key)] = game_data(kind, value, display, here)
        return out
    if isinstance(data, list | tuple):
        return [game_data(kind, value, display, path + "[]") for value in data]
    return data


def _hash(value: Any) -> str:
    blob = json.dumps(value, sort_keys=True, separators=(",", ":"), default=_jsonable)
    return hashlib.sha256(blob.encode()).hexdigest()


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    return str(value)


def game_items(catalogue: Catalogue) -> list[Item]:
    """The items of the game's content a game may read (content_version's selection, less
    the display-only kinds)."""
    return [i for i in catalogue.sorted_items()
            if EDITIONS.get(i.edition or "", GAME) == GAME and i.kind not in DISPLAY_KINDS]


def playing_teams(items: list[Item]) -> list[Item]:
    """The teams the ruleset plays with (its edition's: load_ruleset's selection)."""
    return [i for i in items if i.kind == "team" and i.edition == EDITION]


def team_abilities(team: Item) -> list[str]:
    positions = team.data.get("positions")
    return sorted({a for p in positions if isinstance(p, dict) for a in p.get("abilities", [])}
                  if isinstance(positions, list) else set())


def game_options() -> Options:
    """The options of every balance game (the rules as printed: no Extra Time, no traits)."""
    return Options()


def pairing_keys(catalogue: Catalogue, games: int) -> dict[Pair, str]:
    """Each pairing's cache key: a hash of what its games depend on and nothing else."""
    items = game_items(catalogue)
    teams = {i.id: i for i in playing_teams(items)}
    abilities = {i.id: i for i in items if i.kind == "ability"}
    shared = [[i.kind, i.id, game_data(i.kind, i.data)] for i in items
              if i.kind not in ("team", "ability")]
    base = {"format": CACHE_FORMAT, "engine": engine_version(), "games": games, "seed": SEED,
            "bots": list(BOTS),
            "options": dataclasses.asdict(game_options()),
            "shared": _hash(shared)}
    own = {t: [game_data("team", item.data),
               [[a, game_data("ability", abilities[a].data) if a in abilities else None]
                for a in team_abilities(item)]]
           for t, item in teams.items()}
    ids = sorted(teams)
    return {(a, b): _hash({**base, "pairing": [own[a], own[b]]})
            for n, a in enumerate(ids) for b in ids[n + 1:]}


def pairing_seed(a: str, b: str, game: int) -> int:
    """The seed of the pairing's game number ``game``: from the two team ids and that number
    (a stable hash, not Python's `hash`), below 2**56 so `nuffle play --seed` takes it; the
    same as `nuffle balance --seed 2026` gives it, so that sweep plays these games."""
    from nuffle.interpreter.balance_sweep import pairing_seed as sweep_seed
    return sweep_seed(a, b, game, SEED)


# -- playing and caching -------------------------------------------------------------------
def game_content(extra: Sequence[Path] = ()) -> Catalogue:
    """The checked content a game is played on (the same load_ruleset compiles)."""
    return checked_catalogue(cache_key(extra))


def simulate_pairings(pairs: Sequence[Pair], games: int, jobs: int = 1,
                      progress: Callable[[], None] | None = None,
                      extra: Sequence[Path] = ()) -> dict[Pair, Tally]:
    """Play ``games`` games for each pairing (each team at home in half of them)."""
    # the games' machinery (bots, processes) imported only when games are played: a build
    # whose pairings are all cached reads their tallies alone
    from nuffle.interpreter.simulate import GameSpec, run_games
    specs: list[GameSpec] = []
    owners: list[tuple[Pair, str]] = []
    for a, b in pairs:
        for g in range(games):
            home, away = (a, b) if g % 2 == 0 else (b, a)
            specs.append(GameSpec(len(specs), home, away, pairing_seed(a, b, g), BOTS,
                                  game_options()))
            owners.append(((a, b), home))
    tallies: dict[Pair, Tally] = {pair: [0, 0, 0] for pair in pairs}
    if not specs:
        return tallies
    results = run_games(specs, jobs, extra=list(extra), progress=progress)
    for ((a, b), home), result in zip(owners, results, strict=True):
        if result.winner is None:
            slot = 1
        else:
            winner = home if result.winner == "home" else (b if home == a else a)
            slot = 0 if winner == a else 2
        tallies[(a, b)][slot] += 1
    return tallies


def cache_file(cache_dir: Path, key: str) -> Path:
    return cache_dir / CACHE_FOLDER / f"{key}.json"


def read_entry(cache_dir: Path, key: str, pair: Pair, games: int) -> Tally | None:
    """A pairing's cached tally, or None: a missing, unreadable, oversized, malformed or
    mismatched file is not trusted (the build folder is anyone's to edit), it is re-played."""
    path = cache_file(cache_dir, key)
    entry = read_cached_json(path, MAX_CACHE_FILE)
    if not isinstance(entry, dict) or entry.get("format") != CACHE_FORMAT \
            or entry.get("key") != key or entry.get("teams") != list(pair) \
            or entry.get("games") != games:
        return None
    tally = entry.get("tally")
    if not isinstance(tally, list) or len(tally) != 3 \
            or not all(type(n) is int and n >= 0 for n in tally) or sum(tally) != games:
        return None
    return list(tally)


def write_entry(cache_dir: Path, key: str, pair: Pair, games: int, tally: Tally) -> bool:
    """Write one pairing's tally atomically (a reader sees the old file or the new one);
    False if it could not be written (a read-only or full disk, a folder in its place):
    the games were played all the same, they are played again next time."""
    path = cache_file(cache_dir, key)
    entry = {"format": CACHE_FORMAT, "key": key, "teams": list(pair), "games": games,
             "tally": tally}
    return write_atomically(path, json.dumps(entry).encode("utf-8"))


def matrix(catalogue: Catalogue, games: int, tallies: Mapping[Pair, Tally],
           simulated: int, reused: int, unsaved: int = 0) -> dict:
    """The page's data: every team's wins, draws and losses against every other, and how
    many pairings were played now, how many came from the cache and how many of those
    played could not be cached."""
    teams = sorted(i.id for i in playing_teams(game_items(catalogue)))
    tally: dict[str, dict[str, list[int]]] = {a: {} for a in teams}
    for (a, b), (won, drawn, lost) in tallies.items():
        tally[a][b] = [won, drawn, lost]
        tally[b][a] = [lost, drawn, won]
    return {"version": content_version(catalogue, GAME), "games": games, "seed": SEED,
            "tally": tally,
            "pairings": {"simulated": simulated, "reused": reused, "unsaved": unsaved}}


def simulate_matrix(games: int, jobs: int = 1, progress: Callable[[], None] | None = None,
                    extra: Sequence[Path] = ()) -> dict:
    """The whole matrix, every pairing played (no cache)."""
    catalogue = game_content(extra)
    pairs = list(pairing_keys(catalogue, games))
    return matrix(catalogue, games, simulate_pairings(pairs, games, jobs, progress, extra),
                  len(pairs), 0)


def load_or_simulate(cache_dir: Path, games: int, jobs: int, run: bool,
                     progress: Callable[[], None] | None = None,
                     extra: Sequence[Path] = (), content: Catalogue | None = None
                     ) -> dict | None:
    """The matrix for this content (plus ``extra`` files): each pairing from the cache when
    its inputs are unchanged, else played (and cached) when ``run``; None when a pairing is
    missing and not ``run``. ``content``: what `game_content` gives, if the caller has it."""
    catalogue = content if content is not None else game_content(extra)
    keys = pairing_keys(catalogue, games)
    tallies: dict[Pair, Tally] = {}
    for pair, key in keys.items():
        cached = read_entry(cache_dir, key, pair, games)
        if cached is not None:
            tallies[pair] = cached
    missing = [pair for pair in keys if pair not in tallies]
    if missing and not run:
        return None
    fresh = simulate_pairings(missing, games, jobs, progress, extra)
    unsaved = sum(not write_entry(cache_dir, keys[pair], pair, games, tally)
                  for pair, tally in fresh.items())
    return matrix(catalogue, games, {**tallies, **fresh}, len(missing), len(tallies), unsaved)


def pairing_counts(data: Mapping[str, Any] | None) -> tuple[int, int, int] | None:
    """How many pairings were played, reused and left uncached, if ``data`` says."""
    counts = data.get("pairings") if data else None
    if not isinstance(counts, dict):
        return None
    simulated, reused, unsaved = (int(counts.get(k, 0))
                                  for k in ("simulated", "reused", "unsaved"))
    return simulated, reused, unsaved


# -- the pages -----------------------------------------------------------------------------
def team_record(site: Site, data: dict | None, team: str) -> list[list[str]] | None:
    if not data or team not in data["tally"]:
        return None
    here = f"teams/{team}.md"
    rows = []
    for other, (w, d, lost) in sorted(data["tally"][team].items()):
        n = w + d + lost
        rows.append([site.link("team", other, here), str(n), str(w), str(d), str(lost),
                     f"{100 * w / n:.0f}%" if n else "–"])
    return rows


def balance_page(site: Site, data: dict | None, sweeps: Sequence[dict] = ()) -> None:
    """The matrix (or how to make it), then the sweeps given to the build (`sweep_plot`)."""
    from nuffle.sitegen.sweep_plot import sweeps_section
    out: list[str] = []
    title = site.translation(N_("Balance"))
    if data is None:
        # TRANSLATORS: {command} is the command that simulates the games; {games} a number
        out += [site.t("The win-rate matrix has not been simulated for this content yet. Build "
                       "the site with {command} to play the games (about {games} per pairing, "
                       "greedy bots on both sides, seeded) and show them here; the results are "
                       "kept until the content changes.",
                       command="`nuffle site build --balance`", games=GAMES_FOR_5_POINTS)]
        site.add("balance.md", "\n".join([*out, *sweeps_section(site, list(sweeps))]), title)
        return
    teams = sorted(data["tally"])
    names = [site.names.get(t, t) for t in teams]
    rates = {}
    for a, name_a in zip(teams, names, strict=True):
        for b, name_b in zip(teams, names, strict=True):
            if a != b:
                w, d, lost = data["tally"][a][b]
                rates[(name_a, name_b)] = w / max(1, w + d + lost)
    site.pages["balance.svg"] = heat_map_svg(names, rates, site.translation(HEAT_MAP_LABEL),
                                             site.translation(HEAT_MAP_TITLE))
    games = data["games"]
    half = 1.96 * math.sqrt(0.25 / games) * 100
    # TRANSLATORS: {games} is the number of games per pairing, {seed} the random seed,
    # {version} the content version (as code), {half} the margin (1 decimal); 95 is the
    # confidence level in percent
    out += [site.t("Every team against every other: {games} games per pairing (each side at "
                   "home in half), greedy bots for both coaches, seed {seed}, content version "
                   "{version}. A win rate is within ±{half} points at 95% confidence.",
                   games=esc(games), seed=esc(data["seed"]), version=code(data["version"]),
                   half=f"{half:.1f}"),
            # at its own size, scrolled sideways on a phone (shrunk, its numbers are unreadable)
            "", '<div class="heat-map" markdown="1">', "",
            "![" + site.t("Win rate of each row team against each column team") + "]"
            "(balance.svg)", "", "</div>", "",
            site.t("Rows are the team, columns the opponent; blue cells win more than half "
                   "their games, red cells fewer."), "", "## " + site.t("Win rates"), ""]
    header = [site.t("Team"), *[esc(n) for n in names], site.t("Overall")]
    body = []
    for a in teams:
        cells, total_w, total_n = [], 0, 0
        for b in teams:
            if a == b:
                cells.append("–")
                continue
            w, d, lost = data["tally"][a][b]
            total_w += w
            total_n += w + d + lost
            cells.append(f"{100 * w / max(1, w + d + lost):.0f}")
        body.append([site.link("team", a, "balance.md"), *cells,
                     f"{100 * total_w / max(1, total_n):.0f}%"])
    # the team column stays put while the numbers scroll (nuffle.css)
    out += ['<div class="win-rates" markdown="1">', "", table(header, body), "", "</div>"]
    site.add("balance.md", "\n".join([*out, *sweeps_section(site, list(sweeps))]), title)
