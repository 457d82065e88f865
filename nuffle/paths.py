"""Where the project's data lives (content, schemas, the site's hand-written pages), found
the same way in a checkout and in an installed wheel, and overridable for tests."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent  # a checkout's root: used to show short paths


def bundled(name: str) -> Path:
    """A folder of bundled data: `content` or `site`. A wheel ships them inside the `nuffle`
    package (pyproject's package data); a checkout or an editable install keeps them at the
    repository's root, beside the package."""
    installed = Path(__file__).parent / name  # the package's folder, as imported: what
    if installed.is_dir():  # importlib.resources.files("nuffle") gives, without its imports
        return installed
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


# where Nuffle keeps what it can work out again (the content cache, the rules grammar's
# parse tables); `NUFFLE_NO_CACHE=1` (or `--no-cache`) keeps nothing there
CACHE_VARIABLE = "NUFFLE_CACHE_DIR"
NO_CACHE_VARIABLE = "NUFFLE_NO_CACHE"


def cache_dir() -> Path:
    """`$NUFFLE_CACHE_DIR`, else `$XDG_CACHE_HOME/nuffle`, else `~/.cache/nuffle`."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG rule: a relative path is ignored
        return Path(xdg) / "nuffle"
    return Path.home() / ".cache" / "nuffle"


def private_cache_dir() -> Path | None:
    """The cache folder, created private (0700), or None when caching is off or the folder
    cannot be trusted: one another user owns, or one other users can write (either could have
    planted entries, and some entries are code the commands run: compiled templates, the
    rules parser), or one that cannot be made. A folder others can write is neither used nor
    changed (it may be a shared folder such as /tmp, named by NUFFLE_CACHE_DIR) and the user
    is told once how to make it private; one others can only read is made private. Its
    parents are created with the usual permissions."""
    if os.environ.get(NO_CACHE_VARIABLE, "") not in ("", "0"):
        return None
    folder = cache_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        found = folder.stat()
        if hasattr(os, "getuid"):  # POSIX: ours, and no one else's to read or write
            if found.st_uid != os.getuid():
                _refused(folder, "belongs to another user")
                return None
            if found.st_mode & 0o022:
                _refused(folder, f"can be written by other users (mode "
                                 f"{found.st_mode & 0o777:o}); make it private with "
                                 f"`chmod 700 {folder}`, or remove it")
                return None
            if found.st_mode & 0o077:
                folder.chmod(0o700)
    except OSError:
        return None
    return folder


_TOLD: set[Path] = set()


def _refused(folder: Path, why: str) -> None:
    """Say once per process why nothing is cached (the commands work, only slower)."""
    if folder not in _TOLD:
        _TOLD.add(folder)
        import sys
        print(f"nuffle: not using the cache folder {folder}: it {why}", file=sys.stderr)
