"""The balance matrix is cached per pairing: only the pairings whose inputs changed are
played again. The games are counted through a stand-in for ``run_games`` (a real game is
played only where the games themselves are the point), never timed."""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from nuffle.interpreter import simulate
from nuffle.interpreter.blitz_bowl.game import Result
from nuffle.interpreter.engine_version import engine_files
from nuffle.interpreter.simulate import GameSpec, run_games
from nuffle.sitegen import balance
from nuffle.sitegen.balance import (
    DISPLAY_FIELDS,
    DISPLAY_KINDS,
    GAME_FIELDS,
    Pair,
    load_or_simulate,
    pairing_seed,
    simulate_pairings,
)

from nuffle.catalogue.model import Catalogue
from nuffle.paths import schema_dir
from tests.conftest import TEAM_FILE

GAMES = 2  # per pairing: each team at home once
TEAMS = 13  # the bundled Blitz Bowl teams
ALL_PAIRS = TEAMS * (TEAMS - 1) // 2  # 78
REAL_CONTENT = balance.game_content  # before a test stands in for it


@pytest.fixture(scope="module")
def bundled() -> Catalogue:
    return balance.game_content()


class Games:
    """A stand-in for run_games: records what it was asked to play, gives each game a
    result from its seed (so a tally is a function of the games played)."""

    def __init__(self) -> None:
        self.calls: list[tuple[list[GameSpec], list[Path]]] = []

    def __call__(self, specs: list[GameSpec], jobs: int = 1, extra: Any = (),
                 progress: Callable[[], None] | None = None) -> list[Result]:
        self.calls.append((list(specs), list(extra)))
        winners = ("home", "away", None)
        return [Result(winners[s.seed % 3], {"home": 0, "away": 0}, "test", 1, {}, {}, {}, 0)
                for s in specs]

    @property
    def specs(self) -> list[GameSpec]:
        return [s for specs, _ in self.calls for s in specs]

    def pairs(self) -> set[Pair]:
        return {(min(s.home, s.away), max(s.home, s.away)) for s in self.specs}

    def reset(self) -> None:
        self.calls.clear()


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> Games:
    fake = Games()
    monkeypatch.setattr(simulate, "run_games", fake)  # (balance imports it when it plays)
    return fake


@pytest.fixture
def content(monkeypatch: pytest.MonkeyPatch, bundled: Catalogue) -> Iterator[list[Catalogue]]:
    """The content the matrix is built from: the last catalogue in the list (a test
    appends an edited one)."""
    current = [bundled]
    monkeypatch.setattr(balance, "game_content", lambda extra=(): current[-1])
    yield current


def edited(catalogue: Catalogue, kind: str, item_id: str,
           change: Callable[[dict], None]) -> Catalogue:
    """A copy of the catalogue with one item's data changed (the original is untouched)."""
    out = Catalogue()
    for item in catalogue.sorted_items():
        if item.kind == kind and item.id == item_id and item.game == "blitz-bowl":
            data = copy.deepcopy(item.data)
            change(data)
            item = dataclasses.replace(item, data=data)
        out.add(item)
    return out


def counts(data: dict) -> tuple[int, int]:
    """Pairings played and pairings reused."""
    return data["pairings"]["simulated"], data["pairings"]["reused"]


def pairs_of(catalogue: Catalogue, *teams: str) -> set[Pair]:
    ids = sorted(i.id for i in balance.game_items(catalogue) if i.kind == "team")
    return {(a, b) for n, a in enumerate(ids) for b in ids[n + 1:] if a in teams or b in teams}


def test_a_second_run_simulates_nothing(tmp_path: Path, content, games: Games) -> None:
    first = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert first is not None and counts(first) == (ALL_PAIRS, 0)
    assert len(games.specs) == ALL_PAIRS * GAMES and len(games.calls) == 1
    assert len(list((tmp_path / "balance").glob("*.json"))) == ALL_PAIRS
    assert not list((tmp_path / "balance").glob(".tmp-*"))  # written by rename, none left
    games.reset()
    second = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert games.calls == []
    assert second is not None and counts(second) == (0, ALL_PAIRS)
    assert second["tally"] == first["tally"] and second["version"] == first["version"]
    third = load_or_simulate(tmp_path, GAMES, 1, run=False)  # no simulation asked: cached
    assert third is not None and third["tally"] == first["tally"] and games.calls == []


def test_each_team_is_at_home_in_half_of_a_pairings_games(tmp_path: Path, content,
                                                          games: Games) -> None:
    load_or_simulate(tmp_path, 4, 1, run=True)
    elf_orc = [s for s in games.specs if {s.home, s.away} == {"elf", "orc"}]
    assert [s.home for s in elf_orc] == ["elf", "orc", "elf", "orc"]
    assert all(s.bots == ("greedy", "greedy") for s in games.specs)
    assert [s.index for s in games.specs] == list(range(ALL_PAIRS * 4))  # run_games' order


def test_a_stat_change_replays_that_teams_pairings_only(tmp_path: Path, content,
                                                         games: Games) -> None:
    load_or_simulate(tmp_path, GAMES, 1, run=True)
    games.reset()

    def faster(data: dict) -> None:
        data["positions"][0]["move"] += 1
    content.append(edited(content[0], "team", "orc", faster))
    assert load_or_simulate(tmp_path, GAMES, 1, run=False) is None  # orc's are not cached
    assert games.calls == []
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert data is not None
    assert counts(data) == (TEAMS - 1, ALL_PAIRS - (TEAMS - 1))
    assert games.pairs() == pairs_of(content[0], "orc") and len(games.specs) == (TEAMS - 1) * GAMES
    games.reset()
    content.pop()  # the old stats again: their entries are still there
    again = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert again is not None and again["pairings"]["simulated"] == 0 and games.calls == []


def test_an_abilitys_rules_replay_the_teams_that_have_it(tmp_path: Path, content,
                                                          games: Games) -> None:
    load_or_simulate(tmp_path, GAMES, 1, run=True)
    games.reset()

    def stricter(data: dict) -> None:
        data["rules"] = "# edited\n" + data["rules"]
    content.append(edited(content[0], "ability", "frenzied", stricter))
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    # frenzied: the Dark Elf and Dwarf teams; 12 pairings each, one of them shared
    assert data is not None and data["pairings"]["simulated"] == 23
    assert games.pairs() == pairs_of(content[0], "dark-elf", "dwarf")


@pytest.mark.parametrize(("kind", "item", "change"), [
    ("team", "orc", lambda d: d.update(name="Da Orcz")),
    ("team", "orc", lambda d: d["positions"][0].update(name="Big Un")),
    ("team", "orc", lambda d: d.update(text="Other words.", text_source="project")),
    ("ability", "frenzied", lambda d: d.update(text="Other words.", rulings=[])),
    ("ability", "frenzied", lambda d: d.update(original_text={"it": "Altre parole."})),
    ("challenge-card", "get-the-ball", lambda d: d["bonus_play"].update(name="Other")),
    ("table", "block-dice", lambda d: d["entries"][0].update(name="Other")),
    ("pitch", "one-trapdoor", lambda d: d.update(legend={".": "grass"})),
    ("ball", "rune-ball", lambda d: d.update(source={"seed": "001_0000000000000000.txt",
                                                     "page": 3}, team_source="ruling")),
], ids=["team-name", "position-name", "team-text", "ability-text", "translation",
        "bonus-play-name", "table-entry-name", "pitch-legend", "ball-source"])
def test_a_display_edit_replays_nothing(tmp_path: Path, content, games: Games, kind: str,
                                        item: str, change: Callable[[dict], None]) -> None:
    load_or_simulate(tmp_path, GAMES, 1, run=True)
    games.reset()
    content.append(edited(content[0], kind, item, change))
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert data is not None and counts(data) == (0, ALL_PAIRS)
    assert games.calls == []


@pytest.mark.parametrize(("kind", "item", "change"), [
    ("challenge-card", "get-the-ball", lambda d: d.update(points=d["points"] + 1)),
    ("challenge-card", "get-the-ball", lambda d: d["bonus_play"].update(
        rules="# edited\n" + d["bonus_play"]["rules"])),
    ("pitch", "two-trapdoors", lambda d: d.update(height=d["height"] + 1)),
    ("table", "bounce-chart", lambda d: d["entries"][0].update(direction="south")),
    ("coach-trait", "glory-hound", lambda d: d.update(rules="# edited\n" + d["rules"])),
    ("ball", "rune-ball", lambda d: d.update(rules="# edited\n" + d["rules"])),
    # a homebrew trait takes the printed one's roll (ruling homebrew-coach-traits)
    ("coach-trait", "glory-hound", lambda d: d.update(source="homebrew")),
], ids=["card-points", "bonus-play-rules", "pitch-size", "bounce-direction", "trait-rules",
        "ball-rules", "trait-source"])
def test_an_item_any_game_may_use_replays_every_pairing(
        tmp_path: Path, content, games: Games, kind: str, item: str,
        change: Callable[[dict], None]) -> None:
    load_or_simulate(tmp_path, GAMES, 1, run=True)
    games.reset()
    content.append(edited(content[0], kind, item, change))
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert data is not None and counts(data) == (ALL_PAIRS, 0)


def test_the_game_count_and_the_engine_are_in_the_key(tmp_path: Path, content, games: Games,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    load_or_simulate(tmp_path, GAMES, 1, run=True)
    games.reset()
    assert load_or_simulate(tmp_path, GAMES + 2, 1, run=False) is None
    monkeypatch.setattr(balance, "engine_version", lambda: "an edited engine")
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert data is not None and data["pairings"]["simulated"] == ALL_PAIRS


NEW_TEAM = TEAM_FILE.format(id="test-ratmen", name="Test Ratmen")


def test_a_new_team_plays_only_its_own_pairings(tmp_path: Path, content, games: Games,
                                                bundled: Catalogue) -> None:
    """A team file as a pack author would pass it."""
    team = tmp_path / "pack" / "test-ratmen.yaml"
    team.parent.mkdir()
    team.write_text(NEW_TEAM, encoding="utf-8")
    with_team = REAL_CONTENT([team])  # the real loader: the file is read and checked
    assert "test-ratmen" in {i.id for i in balance.game_items(with_team) if i.kind == "team"}
    cache = tmp_path / "cache"
    load_or_simulate(cache, GAMES, 1, run=True)
    before = {(s.home, s.away, s.seed) for s in games.specs}
    games.reset()
    content.append(with_team)
    data = load_or_simulate(cache, GAMES, 1, run=True, extra=[team])
    assert data is not None
    assert counts(data) == (TEAMS, ALL_PAIRS)  # 14 teams now: 13 new pairings
    assert len(data["tally"]) == TEAMS + 1 and len(data["tally"]["test-ratmen"]) == TEAMS
    assert all("test-ratmen" in (s.home, s.away) for s in games.specs)
    assert len(games.specs) == TEAMS * GAMES
    assert [extra for _, extra in games.calls] == [[team]]  # the games see the new team
    # every pairing played on a fresh cache: the other pairings' games are the same
    games.reset()
    load_or_simulate(tmp_path / "fresh", GAMES, 1, run=True, extra=[team])
    assert {(s.home, s.away, s.seed) for s in games.specs
            if "test-ratmen" not in (s.home, s.away)} == before


def test_a_pairings_games_do_not_depend_on_the_other_pairings() -> None:
    """Real games: the Elf-Orc games are the same played alone or beside others."""
    alone = simulate_pairings([("elf", "orc")], GAMES)
    seen: list[Any] = []

    def recording(specs: list[GameSpec], jobs: int = 1, extra: Any = (),
                  progress: Any = None) -> list[Any]:
        results = run_games(specs, jobs, extra, progress)
        seen.extend(zip(specs, results, strict=True))
        return results
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(simulate, "run_games", recording)
        together = simulate_pairings([("dwarf", "elf"), ("elf", "orc")], GAMES)
        first = [r for s, r in seen if {s.home, s.away} == {"elf", "orc"}]
        seen.clear()
        simulate_pairings([("elf", "orc")], GAMES)
    assert together[("elf", "orc")] == alone[("elf", "orc")]
    assert first == [r for _, r in seen]  # every result field, game by game
    assert sum(alone[("elf", "orc")]) == GAMES


def test_the_seed_is_a_stable_hash_of_the_pairing() -> None:
    # the first 7 bytes of sha256("2026/elf/orc/0"), worked out once; Python's hash() of a
    # string changes from process to process, so a seed from it would not match
    assert pairing_seed("orc", "elf", 0) == pairing_seed("elf", "orc", 0) == 69554563948795263
    assert pairing_seed("elf", "orc", 1) != pairing_seed("elf", "orc", 0)
    assert pairing_seed("elf", "orc", 0) != pairing_seed("dwarf", "orc", 0)
    assert all(0 <= pairing_seed("elf", "orc", g) < 2 ** 56 for g in range(50))


def _entry(tmp_path: Path) -> Path:
    return sorted((tmp_path / "balance").glob("*.json"))[0]


@pytest.mark.parametrize("corrupt", [
    lambda p: p.write_bytes(b"\xff\xfe not json"),
    lambda p: p.write_text("{\"format\": 1, \"key\": ", encoding="utf-8"),
    lambda p: p.write_text("[1, 0, 1]", encoding="utf-8"),
    lambda p: p.write_text("[" * 1020, encoding="utf-8"),  # deeper than Python recurses
    lambda p: p.write_text(" " * 5000 + "{}", encoding="utf-8"),
    lambda p: _edit(p, tally=[2, 0, 1]),  # more games than the pairing plays
    lambda p: _edit(p, tally=[True, 0, True]),
    lambda p: _edit(p, tally=[3, 0, -1]),
    lambda p: _edit(p, tally="2-0"),
    lambda p: _edit(p, teams=_read(p)["teams"][::-1]),  # the other side's tally
    lambda p: _edit(p, key="0" * 64),
    lambda p: _edit(p, format=99),
], ids=["bytes", "truncated", "list", "nested", "oversized", "sum", "bools", "negative",
        "string", "teams", "key", "format"])
def test_a_corrupt_cache_file_is_replayed(tmp_path: Path, content, games: Games,
                                          corrupt: Callable[[Path], None]) -> None:
    first = load_or_simulate(tmp_path, GAMES, 1, run=True)
    entry = _entry(tmp_path)
    pair = tuple(_read(entry)["teams"])
    games.reset()
    corrupt(entry)
    assert load_or_simulate(tmp_path, GAMES, 1, run=False) is None  # not trusted
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert data is not None and counts(data) == (1, ALL_PAIRS - 1)
    assert games.pairs() == {pair}
    assert first is not None and data["tally"] == first["tally"]
    assert _read(entry)["tally"] == first["tally"][pair[0]][pair[1]]  # written again, whole


def test_a_cache_that_cannot_be_written_is_played_all_the_same(tmp_path: Path, content,
                                                               games: Games) -> None:
    load_or_simulate(tmp_path, GAMES, 1, run=True)
    entry = _entry(tmp_path)
    entry.unlink()
    entry.mkdir()  # a folder where the file was: nothing can be written there
    games.reset()
    data = load_or_simulate(tmp_path, GAMES, 1, run=True)
    assert data is not None and data["pairings"] == {"simulated": 1, "reused": ALL_PAIRS - 1,
                                                     "unsaved": 1}
    assert len(data["tally"]) == TEAMS and entry.is_dir()
    assert not list((tmp_path / "balance").glob(".tmp-*"))


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _edit(path: Path, **fields: Any) -> None:
    entry = _read(path)
    entry.update(fields)
    path.write_text(json.dumps(entry), encoding="utf-8")


# -- which fields a key keeps ------------------------------------------------------------
def _resolve(node: dict, here: dict, schemas: dict[str, dict]) -> tuple[dict, dict]:
    ref = node.get("$ref")
    if not ref:
        return node, here
    file, _, pointer = ref.partition("#")
    doc = schemas[file] if file else here
    target: Any = doc
    for part in pointer.strip("/").split("/"):
        if part:
            target = target[part]
    return _resolve(target, doc, schemas)


def field_paths(node: dict, here: dict, schemas: dict[str, dict], prefix: str = "",
                depth: int = 0) -> set[str]:
    """Every field a schema allows, as a path (`positions[].name`), through references,
    conditions and alternatives."""
    assert depth < 20, "a schema deeper than any content item"
    node, here = _resolve(node, here, schemas)
    out: set[str] = set()
    for name, sub in node.get("properties", {}).items():
        path = f"{prefix}.{name}" if prefix else name
        out |= {path} | field_paths(sub, here, schemas, path, depth + 1)
    if isinstance(node.get("items"), dict):
        out |= field_paths(node["items"], here, schemas, prefix + "[]", depth + 1)
    for key in ("if", "then", "else", "not"):
        if isinstance(node.get(key), dict):
            out |= field_paths(node[key], here, schemas, prefix, depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in node.get(key, []):
            out |= field_paths(sub, here, schemas, prefix, depth + 1)
    return out


def _schema_fields(kind: str) -> set[str]:
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8"))
               for p in schema_dir().glob("*.schema.json")}
    own = schemas[f"{kind}.schema.json"]
    return field_paths(own, own, schemas)


@pytest.mark.parametrize("kind", sorted(GAME_FIELDS))
def test_every_schema_field_is_display_only_or_game_data(kind: str) -> None:
    fields = _schema_fields(kind)
    display, game = DISPLAY_FIELDS[kind], GAME_FIELDS[kind]

    whole = {g.removesuffix(".*") for g in game if g.endswith(".*")}

    def under(path: str, listed: set[str]) -> bool:
        """The field or one of the fields it is inside is listed."""
        parts = path.split(".")
        return any(".".join(parts[:n]) in listed for n in range(1, len(parts) + 1))
    unclassified = sorted(f for f in fields
                          if not under(f, set(display)) and f not in game and not under(f, whole))
    assert not unclassified, (f"{kind}: add these fields to DISPLAY_FIELDS or GAME_FIELDS "
                              f"in site/sitegen/balance.py: {unclassified}")
    listed = set(display) | {g.removesuffix(".*") for g in game}
    assert len(listed) == len(display) + len(game), "a field in both lists"
    assert not listed - fields, "a listed field the schema no longer has"


def test_every_kind_of_blitz_bowl_content_is_classified(bundled: Catalogue) -> None:
    kinds = {i.kind for i in bundled.sorted_items() if i.game in ("blitz-bowl", "")}
    assert kinds - set(GAME_FIELDS) - DISPLAY_KINDS == set()
    assert set(DISPLAY_FIELDS) == set(GAME_FIELDS)


def test_the_key_leaves_out_display_fields_only() -> None:
    team = {"kind": "team", "id": "t", "name": "T", "edition": "blitz-bowl-s2",
            "text": "x", "source": {"seed": "s", "page": 1},
            "positions": [{"id": "p", "name": "P", "count": 1, "move": 7, "throw": 4,
                           "armour": 5, "abilities": ["a"]}]}
    assert balance.game_data("team", team) == {
        "kind": "team", "id": "t", "edition": "blitz-bowl-s2",
        "positions": [{"id": "p", "count": 1, "move": 7, "throw": 4, "armour": 5,
                       "abilities": ["a"]}]}
    assert balance.game_data("an-unknown-kind", team) == team  # kept whole


def test_the_engine_hash_covers_every_module_a_game_imports() -> None:
    """A Blitz Bowl game, played in a fresh process, imports no nuffle module whose source
    the engine version leaves out."""
    script = ("import sys; from nuffle.interpreter.simulate import GameSpec, run_games; "
              "from nuffle.interpreter.blitz_bowl.game import Options; "
              "run_games([GameSpec(0, 'elf', 'orc', 1, ('greedy', 'greedy'), Options())]); "
              "print('\\n'.join(str(getattr(m, '__file__', '') or '') for n, m in "
              "list(sys.modules.items()) if n == 'nuffle' or n.startswith('nuffle.')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    hashed = {path.resolve() for _, path in engine_files()}
    assert out and not [f for f in out if Path(f).resolve() not in hashed]
    shown = [name for name, _ in engine_files()]
    assert "nuffle.dsl/grammar.lark" in shown and "nuffle.interpreter/bots.py" in shown
    assert not [s for s in shown if s.startswith("nuffle.interpreter/blood_bowl/")]
