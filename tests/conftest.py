"""Shared fixtures: write content files into a temporary tree and check them."""

from __future__ import annotations

import os
import shutil
import tempfile
import textwrap
from pathlib import Path

import pytest

# The suite runs the engine's Python source, the reference (set before any engine module
# loads, and inherited by the commands tests start): tests/engine/test_compiled_engine.py
# runs the compiled engine in commands of its own and compares its games with these.
os.environ["NUFFLE_ENGINE"] = "pure"

from nuffle.catalogue.loader import load_catalogue  # noqa: E402 - after the engine is chosen

ABILITY_HEAD = """\
kind: ability
id: {id}
name: Test Ability
edition: blitz-bowl-s2
source: {{seed: 000_ff9920886d8c191d.txt, page: "8"}}
text: A test.
text_source: project
"""


# A small Blitz Bowl team as a pack author would write it (no abilities), for tests that add
# a team to the bundled content: format with its id and name.
TEAM_FILE = """\
kind: team
id: {id}
name: {name}
edition: blitz-bowl-s2
source: {{seed: 003_ebf824c1784b0023.txt, page: "appendix: Squadre (Skaven)"}}
text: A team made up for a test.
text_source: project
positions:
  - {{id: runner, name: Runner, count: 3, move: 8, throw: 4, armour: 5, abilities: []}}
  - {{id: lineman, name: Lineman, count: 3, move: 7, throw: 4, armour: 5, abilities: []}}
"""

def pytest_configure(config: pytest.Config) -> None:
    """The content cache of this test run in a folder of its own, set before any test module
    loads content (and inherited by the commands tests start): never the user's own cache,
    and every run starts cold."""
    folder = tempfile.mkdtemp(prefix="nuffle-test-cache-")
    config.stash[_CACHE_KEY] = (folder, os.environ.get("NUFFLE_CACHE_DIR"))
    os.environ["NUFFLE_CACHE_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder, before = config.stash.get(_CACHE_KEY, (None, None))
    if folder is None:
        return
    shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop("NUFFLE_CACHE_DIR", None)
    else:
        os.environ["NUFFLE_CACHE_DIR"] = before


_CACHE_KEY = pytest.StashKey[tuple[str | None, str | None]]()


class ContentTree:
    def __init__(self, root: Path):
        self.root = root

    def write(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def ability(self, item_id: str, rules: str) -> Path:
        body = ABILITY_HEAD.format(id=item_id) + "rules: |\n" + textwrap.indent(
            textwrap.dedent(rules), "  ")
        return self.write(f"abilities/{item_id}.yaml", body)

    def check(self):
        _, diags, _ = load_catalogue([self.root], with_bundled=False)
        return diags


@pytest.fixture
def tree(tmp_path: Path) -> ContentTree:
    return ContentTree(tmp_path)
