"""A coach's own Blood Bowl team: the roster file, its checks against the team list and the
treasury (PBBL 1.10 page 17: 11 to 16 players, positions within their quantity, 1,000,000
gold pieces; re-rolls at the list's price, fan factor and staff at 10,000 each, pages
17-18), playing it, and its log.

Prices by hand from the Human team list (page 55): Lineman 50,000, Catcher 70,000, Thrower
70,000, Blitzer 90,000, Ogre 140,000, re-rolls 50,000.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nuffle.interpreter.blood_bowl.adapter import header_problems
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.bots import RandomBot

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.rosters import cost
from nuffle.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "site" / "docs" / "playing.md"


def docs_roster() -> str:
    """The roster the Playing page shows (so the page's example is checked here)."""
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"```yaml\n# reavers.yaml\n(.*?)```", text, re.S)
    assert found, "the Playing page's roster example is gone"
    return found.group(1)


@pytest.fixture()
def reavers(tmp_path: Path) -> Path:
    path = tmp_path / "reavers.yaml"
    path.write_text(docs_roster(), encoding="utf-8")
    return path


def diagnostics(path: Path, old: str = "", new: str = ""):
    text = path.read_text(encoding="utf-8")
    if old:
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    _, diags, _ = load_catalogue([path])
    return [d for d in diags if Path(d.path) == path]


def test_the_documented_roster_is_legal_and_costs_what_the_book_says(reavers: Path) -> None:
    assert diagnostics(reavers) == []
    catalogue, _, _ = load_catalogue([reavers])
    roster = catalogue.get("roster", "reavers", "blood-bowl").data
    from nuffle.interpreter.blood_bowl.ruleset import load_ruleset
    human = load_ruleset().teams["human"]
    # 2 Blitzers 180k + 2 Catchers 140k + a Thrower 70k + 7 Linemen 350k = 740k; 3 re-rolls
    # 150k; fan factor 2 and a cheerleader 30k: 920k
    assert cost(roster, human) == 920_000


@pytest.mark.parametrize(("old", "new", "line", "message", "hint"), [
    ("position: thrower", "position: throwr", 14, "no position `throwr`",
     "did you mean `thrower`?"),
    ("position: lineman, count: 7", "position: lineman, count: 9", None,
     "costs 1,020,000 gold pieces, more than the 1,000,000", "20,000 too many"),
    ("{position: catcher, count: 2}", "{position: thrower, count: 2}", 13,
     "3 players of position `thrower`; the team list allows 0-2", "at most 2 Thrower"),
    ("position: lineman, count: 7", "position: lineman, count: 4", None,
     "9 players; a team has 11 to 16", "at least 11 players"),
    ("team: human", "team: humans", 5, "unknown team `humans`", "did you mean `human`?"),
    ("{position: blitzer, name: Mighty Zug}", "{position: blitzer, name: Zug, count: 1}",
     12, "a named entry is one player", "an entry of their own"),
])
def test_a_roster_that_breaks_the_book_is_an_error_at_its_line(
        reavers: Path, old: str, new: str, line: int | None, message: str, hint: str) -> None:
    diags = diagnostics(reavers, old, new)
    assert len(diags) == 1, [d.message for d in diags]
    d = diags[0]
    assert d.code in ("R408", "R402") and message in d.message and hint in (d.hint or "")
    if line is not None:
        assert d.line == line


def test_a_schema_error_is_reported_not_played(reavers: Path, capsys) -> None:
    diags = diagnostics(reavers, "rerolls: 3", "rerolls: 12")
    assert [(d.code, d.line) for d in diags] == [("S306", 6)]  # above the list's 0-8
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--home", str(reavers), "--away", "orc"])
    assert stopped.value.code == 1
    assert "error[S306]" in capsys.readouterr().err


def test_a_match_plays_the_roster_and_its_log_carries_it(reavers: Path, tmp_path: Path,
                                                          capsys) -> None:
    log = tmp_path / "g.jsonl"
    code = main(["play", "--home", str(reavers), "--away", "orc", "--seed", "3",
                 "--log", str(log)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Blood Bowl: Human v Orc")  # a roster implies Blood Bowl
    assert "Griff Oberwald (home.blitzer-1)" in out  # a named player by name and id
    assert "home.catcher-2 " in out and "(home.catcher-2)" not in out  # an unnamed one
    assert "home.ogre" not in out  # the draft's Ogre is not on this roster
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["rosters"]["home"]["name"] == "Reikland Reavers"
    assert "rosters" not in header["options"] or "away" not in header["options"]["rosters"]
    assert main(["replay", str(log)]) == 0


def test_the_match_builds_the_roster(reavers: Path) -> None:
    catalogue, _, _ = load_catalogue([reavers])
    from nuffle.interpreter.blood_bowl.ruleset import load_ruleset
    roster = catalogue.get("roster", "reavers", "blood-bowl").data
    m = Match(load_ruleset(), "human", "orc", {"home": RandomBot(1), "away": RandomBot(2)},
              seed=1, options=Options(rosters={"home": roster}))
    ids = [p.id for p in m.home.players]
    assert ids == ["home.blitzer-1", "home.blitzer-2", "home.catcher-1", "home.catcher-2",
                   "home.thrower", *[f"home.lineman-{n}" for n in range(1, 8)]]
    assert [p.given_name for p in m.home.players[:2]] == ["Griff Oberwald", "Mighty Zug"]
    assert m.home.rerolls == 3 and m.home.fan_factor == 2 and m.home.cheerleaders == 1
    assert m.away.rerolls == 3 and len(m.away.players) == 12  # the Orc draft


def test_a_log_whose_roster_was_edited_is_refused(reavers: Path) -> None:
    from nuffle.interpreter.blood_bowl.ruleset import load_ruleset
    catalogue, _, _ = load_catalogue([reavers])
    roster = dict(catalogue.get("roster", "reavers", "blood-bowl").data)
    ruleset = load_ruleset()
    header = {"home": "human", "away": "orc", "options": {"rosters": {"home": roster}}}
    assert header_problems(ruleset, header) == []
    roster["players"] = [{"position": "ogre", "count": 11}]
    problems = header_problems(ruleset, header)
    assert any("11 players of position `ogre`" in p for p in problems)
    header["options"]["rosters"]["home"] = {"players": "all of them"}
    assert any("not a valid roster" in p for p in header_problems(ruleset, header))
