"""Fixtures of the browser tests."""

from __future__ import annotations

import pytest

from tests.site.browser import chromium


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module."""
    with chromium() as b:
        yield b
