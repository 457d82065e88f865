"""Fixtures of the browser tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from nuffle.sitegen.build import BuildOptions, build

from tests.site.browser import chromium


@pytest.fixture(scope="session")
def default_site(tmp_path_factory) -> Path:
    """The site as `nuffle site build` makes it by default (strict: a broken Markdown link
    fails here), built once for the modules that read it (they share an xdist group, so
    one worker builds it)."""
    return build(BuildOptions(out=tmp_path_factory.mktemp("site")))


@pytest.fixture
def built_dir(tmp_path: Path) -> Path:
    """A built site's folder as the incremental planner reads it: a page and the search
    indexes (the built one, and the complete one kept in the cache beside it)."""
    site = tmp_path / "site"
    (site / "search").mkdir(parents=True)
    (site / "index.html").write_text("home")
    (site / "search" / "search_index.json").write_text("{}")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "search_index.json").write_text('{"config": {}, "docs": []}')
    return site


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module."""
    with chromium() as b:
        yield b
