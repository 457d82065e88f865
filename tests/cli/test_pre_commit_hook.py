"""The pre-commit hook a content repository uses (`.pre-commit-hooks.yaml`, issue 14): its
declaration is one pre-commit accepts, and its command, run the way pre-commit runs it (from
the repository's root, with the hook's args and no file names), passes a clean pack, fails
a broken one with the error shown, and ignores the repository's hidden tooling files."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]


def hook() -> dict:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and len(hooks) == 1
    return hooks[0]


def run_hook(root: Path) -> subprocess.CompletedProcess[str]:
    entry = hook()["entry"].split()
    assert entry[0] == "nuffle"  # the console script pyproject declares
    command = [sys.executable, "-m", "nuffle.cli.main", *entry[1:], *hook()["args"]]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=300)


def test_the_hook_is_declared_as_pre_commit_expects() -> None:
    h = hook()
    for field in ("id", "name", "entry", "language"):
        assert isinstance(h[field], str) and h[field]
    assert h["language"] == "python" and h["pass_filenames"] is False
    assert "nuffle" in (REPO / "pyproject.toml").read_text()  # the package pre-commit installs


def test_the_hook_passes_a_clean_pack_and_skips_hidden_tooling(tmp_path: Path) -> None:
    shutil.copytree(REPO / "site" / "examples" / "norse", tmp_path / "norse")
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yaml").write_text("on: push\n")
    done = run_hook(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "checked 4 items in 4 files" in done.stdout


def test_the_hook_fails_a_broken_pack_with_the_error(tmp_path: Path) -> None:
    shutil.copytree(REPO / "site" / "examples" / "norse", tmp_path / "norse")
    team = tmp_path / "norse" / "norse.yaml"
    team.write_text(team.read_text().replace("kind: team", "kind: teem", 1))
    done = run_hook(tmp_path)
    assert done.returncode == 1
    assert "norse.yaml:1:7: error[" in done.stdout
