"""Where the project's data lives (content, schemas, the site's hand-written pages), found
the same way in a checkout and in an installed wheel, and overridable for tests."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent  # a checkout's root: used to show short paths


def bundled(name: str) -> Path:
    """A folder of bundled data: `content` or `site`. A wheel ships them inside the `nuffle`
    package (pyproject's package data); a checkout or an editable install keeps them at the
    repository's root, beside the package."""
    installed = files("nuffle").joinpath(name)
    if installed.is_dir():
        return Path(str(installed))
    return REPO_ROOT / name


# the content a command reads instead of the bundled one (a fork: `--base none`); set in the
# environment so that worker processes read the same
CONTENT_VARIABLE = "NUFFLE_CONTENT"


def content_dir() -> Path:
    return Path(os.environ.get(CONTENT_VARIABLE, bundled("content")))


def schema_dir() -> Path:
    return bundled("content") / "schemas"


def site_dir() -> Path:
    """The site's hand-written pages (docs/), assets and examples."""
    return bundled("site")
