"""Content that passes `check` cannot hang or crash the engine (issue 10, section 2).

Each case is an ability a hostile or careless author could write, given to every player of a
copy of the Human team. Every command that reads content runs it as a separate process under
a time and a memory cap: `check` must refuse what it can see, and `play`, `simulate` and
`league` must end with a clear error naming the item and the line (a G code), or play a
bounded game; never a traceback, never a hang.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nuffle.paths import REPO_ROOT

TIME_CAP = 120  # seconds for one command
MEMORY_CAP = 1 << 30  # bytes of address space for one command

TRIGGER = "after move where player is self:\n    for each b in balls-in-play:\n        bounce b\n"
LOOPS = "".join("    " * (i + 1) + f"for each p{i} in own.players:\n" for i in range(12))
SCOPES = "".join("    " * (2 * i + 1) + "for this game:\n" + "    " * (2 * i + 2) + "after move:\n"
                 for i in range(8))

# name -> (rules, the code `check` reports, or None if it passes check)
REFUSED_BY_CHECK = {
    "roll-million": ("after move where player is self:\n    let n = roll 1000000d6\n", "T210"),
    "bounce-billion": ("after move where player is self:\n    for each b in balls-in-play:\n"
                       "        bounce b times 1000000000\n", "E106"),
    "bounce-million": ("after move where player is self:\n    for each b in balls-in-play:\n"
                       "        bounce b times 1000000\n", "T211"),
    "loop-million": ("after move where player is self:\n    for each i in 1..1000000:\n"
                     "        end-actions self\n", "T210"),
    "loops-12": ("after move where player is self:\n" + LOOPS + "    " * 13
                 + "end-actions self\n", "T213"),
    "scopes-8": ("after move where player is self:\n" + SCOPES + "    " * 17
                 + "end-actions self\n", "T213"),
    "attribute-of-any": ("after move where player is self:\n    for each x in [1, self]:\n"
                         "        end-actions x.team\n", "T214"),
    "set-score": ("after move where player is self:\n    set own.score to -1\n", "T203"),
    "hand-size": ("set hand-size to -1\n", "T212"),
}
# name -> (rules that pass check, the code the game stops with, or None for a bounded game)
STOPPED_IN_GAME = {
    "bounce-twice": (TRIGGER + "after bounce:\n    bounce ball\n    bounce ball\n", "G005"),
    "bounce-chain": (TRIGGER + "after bounce:\n    bounce ball\n", "G005"),
    "deep-chain": (TRIGGER + "after bounce:\n" + "".join(
        "    " * (i + 1) + "if true:\n" for i in range(14)) + "    " * 15 + "bounce ball\n",
        "G005"),
    "times-from-dice": ("after move where player is self:\n    for each b in balls-in-play:\n"
                        "        bounce b times (roll d6 + 100)\n", "G004"),
    "range-from-dice": ("after move where player is self:\n"
                        "    for each i in 1..(roll d6 + 999990):\n        end-actions self\n",
                        "G006"),
    "loops-product": ("after move where player is self:\n    for each i in 1..1000:\n"
                      "        for each j in 1..1000:\n            for each k in 1..1000:\n"
                      "                end-actions self\n", "G001"),
    "hooks-pile": ("after move where player is self:\n    for this game:\n        after move:\n"
                   "            for this game:\n                after move:\n"
                   "                    end-actions self\n", "G003"),
    "score-from-dice": ("after move where player is self:\n    score roll d6 + 20 to own\n",
                        "G004"),
    "distance-to-nothing": ("after move where player is self:\n"
                            "    if distance(self, opponent.players) + 1 > 3:\n"
                            "        end-actions self\n", None),
}


def write_pack(root: Path, name: str, rules: str) -> Path:
    """An ability with ``rules`` and a copy of the Human team whose players all have it."""
    folder = root / name
    folder.mkdir()
    (folder / f"{name}-ability.yaml").write_text(textwrap.dedent(f"""\
        kind: ability
        id: {name}-ability
        name: Adversary
        edition: blitz-bowl-s2
        source: {{seed: 000_ff9920886d8c191d.txt, page: "8"}}
        text: A test.
        text_source: project
        rules: |
        """) + textwrap.indent(rules, "  "), encoding="utf-8")
    team = (REPO_ROOT / "content/blitz-bowl/teams/human.yaml").read_text(encoding="utf-8")
    team = team.replace("id: human", f"id: {name}-team").replace(
        "rulings: [team-stats-first-edition]\n", "").replace(
        "abilities: [", f"abilities: [{name}-ability, ").replace(
        f"abilities: [{name}-ability, ]", f"abilities: [{name}-ability]")
    (folder / f"{name}-team.yaml").write_text(team, encoding="utf-8")
    return folder


def _caps() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def nuffle(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "nuffle.cli.main", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=TIME_CAP, preexec_fn=_caps,
                          check=False)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.mark.parametrize("name", sorted(REFUSED_BY_CHECK))
def test_check_refuses_it_and_the_engine_will_not_load_it(tmp_path, name) -> None:
    rules, code = REFUSED_BY_CHECK[name]
    pack = write_pack(tmp_path, name, rules)
    checked = nuffle("check", str(pack), cwd=tmp_path)
    assert checked.returncode == 1 and f"error[{code}]" in checked.stdout, checked.stdout
    played = nuffle("play", "--home", f"{name}-team", "--away", "dwarf", "--content", str(pack),
                    cwd=tmp_path)
    assert played.returncode == 1 and "nuffle check" in played.stderr, played.stderr


def test_what_only_a_game_can_show_passes_check(tmp_path) -> None:
    packs = [str(write_pack(tmp_path, name, rules)) for name, (rules, _) in STOPPED_IN_GAME.items()]
    done = nuffle("check", *packs, cwd=tmp_path)
    assert done.returncode == 0, done.stdout


@pytest.mark.parametrize("command", ["play", "simulate", "league"])
@pytest.mark.parametrize("name", sorted(STOPPED_IN_GAME))
def test_the_game_stops_with_a_named_error_or_stays_bounded(tmp_path, name, command) -> None:
    rules, code = STOPPED_IN_GAME[name]
    pack = write_pack(tmp_path, name, rules)
    team = f"{name}-team"
    args = {"play": ["play", "--home", team, "--away", "dwarf", "--seed", "2",
                     "--bots", "random,random"],
            "simulate": ["simulate", "--home", team, "--away", "dwarf", "--games", "2",
                         "--bots", "random,random"],
            "league": ["league", "--coaches", "3", "--teams", f"{team},dwarf,orc",
                       "--bots", "random"]}[command]
    done = nuffle(*args, "--content", str(pack), cwd=tmp_path)
    if code is None:
        assert done.returncode == 0, done.stderr
        return
    assert done.returncode == 1, done.stderr
    first = next(line for line in done.stderr.splitlines() if f"error[{code}]" in line)
    # the diagnostic names the item and a line of its file, as `check` does
    assert f"{name}-ability.yaml:" in first and f"ability/{name}-ability" in first
