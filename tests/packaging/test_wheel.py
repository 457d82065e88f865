"""Nuffle installs like a tool: a wheel carries the bundled content, schemas, grammar,
catalogs and site pages, and works from a folder outside the checkout (issue 14, part 1).

The wheel is built from the checkout without build isolation (the test extra pins
setuptools), installed with `--target` into a fresh folder with no dependencies (the test
environment's own lark, mkdocs... serve), and its console script is run from another
folder: if any command still read a path relative to the repository, it would fail there,
since the installed package's parent folder holds no `content/` or `site/`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wheels = tmp_path_factory.mktemp("wheels")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(wheels), str(REPO)],
                   check=True, capture_output=True)
    [wheel] = wheels.glob("nuffle-*.whl")
    target = tmp_path_factory.mktemp("target")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    return target


def run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(target)}
    env.pop("NUFFLE_CONTENT", None)
    return subprocess.run([sys.executable, "-m", "nuffle.cli.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)


def test_the_wheel_holds_the_data_and_is_the_package_imported(installed: Path,
                                                               tmp_path: Path) -> None:
    package = installed / "nuffle"
    assert (package / "content" / "schemas" / "ability.schema.json").is_file()
    assert (package / "content" / "locales" / "it" / "content.po").is_file()
    assert (package / "dsl" / "grammar.lark").is_file()
    assert (package / "site" / "docs" / "authoring.md").is_file()
    assert (package / "py.typed").is_file()
    assert len(list((package / "content").rglob("*.yaml"))) > 900
    env = {**os.environ, "PYTHONPATH": str(installed)}
    shown = subprocess.run([sys.executable, "-c", "import nuffle.paths as p; "
                            "print(p.__file__); print(p.content_dir()); print(p.site_dir())"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    module, content, site = shown.stdout.splitlines()
    assert module == str(package / "paths.py")
    assert content == str(package / "content") and site == str(package / "site")


def test_check_and_play_work_from_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    checked = run(installed, tmp_path, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert ": 0 errors" in checked.stdout and "104 special-play-cards" in checked.stdout
    played = run(installed, tmp_path, "play", "--game", "blood-bowl", "--home", "human",
                 "--away", "orc", "--seed", "3")
    assert played.returncode == 0, played.stderr
    assert "Final score: Human" in played.stdout
    # a bundled scenario runs from the installed copy too
    scenario = run(installed, tmp_path, "scenario",
                   str(installed / "nuffle" / "content" / "blood-bowl" / "scenarios"
                       / "card-punt.yaml"))
    assert scenario.returncode == 0, scenario.stdout + scenario.stderr


def test_a_new_pack_checks_and_the_site_builds_with_it(installed: Path, tmp_path: Path) -> None:
    """The issue's author, with the installed tool only: `nuffle new` in an empty folder (the
    templates are package data), `nuffle check`, and the site with the pack beside the
    bundled content, marked Homebrew."""
    pack = tmp_path / "gobbos"
    for kind, item in (("team", "gobbo-raiders"), ("ability", "sneaky-git")):
        made = run(installed, tmp_path, "new", kind, item, "--content", str(pack))
        assert made.returncode == 0, made.stderr
    checked = run(installed, tmp_path, "check", str(pack))
    assert checked.returncode == 0 and ": 0 errors" in checked.stdout, checked.stdout
    built = run(installed, tmp_path, "site", "build", "--out", str(tmp_path / "out"),
                "--content", str(pack))
    assert built.returncode == 0, built.stdout + built.stderr
    # its line written before the process ended at once (nuffle/cli/quick_exit.py)
    assert "site built in" in built.stdout and "every page rendered" in built.stdout
    team = (tmp_path / "out" / "site" / "teams" / "gobbo-raiders.html").read_text()
    assert "Homebrew" in team and "Gobbo Raiders" in team
    site = tmp_path / "out" / "site"
    assert (site / "index.html").is_file()
    # the hand-written guide and a generated rules page, both from the wheel's data
    assert "Install Nuffle as a tool" in (site / "guide" / "authoring.html").read_text()
    assert (site / "special-play-cards" / "punt.html").is_file()
    assert (site / "it" / "special-play-cards" / "punt.html").is_file()


def test_the_installed_package_type_checks(installed: Path, tmp_path: Path) -> None:
    """mypy over the package in the layout it installs in (the checkout's folders become
    nuffle.dsl, nuffle.interpreter and nuffle.sitegen only there), with the project's
    settings from pyproject.toml; py.typed tells users' own checkers the hints are real."""
    checked = subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                              str(REPO / "pyproject.toml"), "--cache-dir", str(tmp_path),
                              "-p", "nuffle"], cwd=installed, capture_output=True, text=True,
                             timeout=900)
    assert checked.returncode == 0, checked.stdout[-6000:] + checked.stderr
    assert "Success: no issues found" in checked.stdout
