"""Where the project's data lives (content, schemas), overridable for tests."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def content_dir() -> Path:
    return Path(os.environ.get("NUFFLE_CONTENT", REPO_ROOT / "content"))


def schema_dir() -> Path:
    return REPO_ROOT / "content" / "schemas"
