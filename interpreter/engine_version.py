"""The engine's version: a hash of the source files that play a Blitz Bowl game, and of the
Python version (its random numbers). A result kept from an older engine (the balance page's
cache, a sweep's cache) is played again, and a cluster worker running other code refuses a
batch (`nuffle balance --cluster`)."""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import sys
from pathlib import Path

# The engine's own source: a change to any of these files re-plays every pairing. The
# Blitz Bowl engine with the shared core, the rules language, the content loader, and the
# top-level modules they import (a test checks a game imports nothing else of nuffle). The
# Blood Bowl engine is left out: a Blitz Bowl game never runs it.
ENGINE_MODULES = ("nuffle", "nuffle.interpreter", "nuffle.dsl", "nuffle.catalogue", "nuffle.editions",
                  "nuffle.limits", "nuffle.paths", "nuffle.template", "nuffle.textfile")
ENGINE_EXCLUDED = ("nuffle.interpreter.blood_bowl",)


def _module_files(name: str) -> list[tuple[str, Path]]:
    """The files of a module (one) or a package (all but compiled caches), each with a name
    that does not depend on where the package is installed."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        return []
    if spec.submodule_search_locations is None:
        return [(name, Path(spec.origin))] if spec.origin else []
    if name == "nuffle":  # the top-level package's own file: its modules are listed apart
        return [(name, Path(spec.origin))] if spec.origin else []
    out = []
    for root in spec.submodule_search_locations:
        for path in sorted(Path(root).rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and "__pycache__" not in rel.parts and path.suffix != ".pyc":
                out.append((f"{name}/{rel.as_posix()}", path))
    return out


def engine_files() -> list[tuple[str, Path]]:
    """The source files ``engine_version`` hashes."""
    excluded = [_module_files(name) for name in ENGINE_EXCLUDED]
    skip = {path for files in excluded for _, path in files}
    return [(shown, path) for name in ENGINE_MODULES for shown, path in _module_files(name)
            if path not in skip]


@functools.cache
def engine_version() -> str:
    """A hash of the engine's source files and the Python version (its random numbers):
    a change to the code that plays a game re-plays every pairing. Computed once per
    process (about a hundred small files)."""
    digest = hashlib.sha256(f"python {sys.version_info[0]}.{sys.version_info[1]}".encode())
    for shown, path in engine_files():
        digest.update(shown.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
