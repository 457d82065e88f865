"""Fixtures of the browser tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from nuffle.sitegen.build import BuildOptions, build

from tests.site.browser import chromium


@pytest.fixture(scope="session")
def default_site(tmp_path_factory) -> Path:
    """The site as `nuffle site build` makes it by default (strict: a broken Markdown link
    fails here), built once per test process for the modules that read it. (They are
    marked with one xdist group, but `make test` uses xdist's default distribution, where
    the mark does nothing: grouping them on one worker made the whole run slower, so each
    worker that runs one of them builds it once.)"""
    return build(BuildOptions(out=tmp_path_factory.mktemp("site")))


@pytest.fixture
def built_dir(tmp_path: Path) -> Path:
    """A built site's folder as the incremental planner reads it: a page and each
    language's search index."""
    site = tmp_path / "site"
    for index in (site / "search", site / "it" / "search"):
        index.mkdir(parents=True)
        (index / "search_index.json").write_text('{"config": {}, "docs": []}')
    (site / "index.html").write_text("home")
    return site


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module."""
    with chromium() as b:
        yield b
