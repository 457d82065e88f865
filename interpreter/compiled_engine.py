"""The compiled engine: where a build lives, and whether the build there was made from the
sources installed now.

The engine's Python source is the reference. `nuffle engine build` compiles the modules in
MODULES (`compiled_finder`'s list) with mypyc into the Python environment's own folder (beside the installed
packages: it is native code, loaded as they are, never from a cache folder anyone may
write), with a manifest naming every engine file it was built from and its digest. A game
uses the build (through `compiled_finder`) only while the manifest matches the sources:
after an edit to any engine file the pure-Python modules are used until the next build, so
an edit is never shadowed by stale compiled code. The games are the same either way; the
tests compare the two (tests/engine/test_compiled_engine.py)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from nuffle.interpreter.compiled_finder import (  # noqa: F401 - the build's names, here too
    ENGINE_CHOICES,
    ENGINE_VARIABLE,
    GROUP,
    GROUP_MODULE,
    MODULES,
)

DIR_VARIABLE = "NUFFLE_ENGINE_DIR"  # where builds live, instead of the environment's folder
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
MANIFEST_LIMIT = 1 << 20  # bytes: a manifest lists a few hundred files


def builds_dir() -> Path:
    """Where `nuffle engine build` puts its build: inside the Python environment (a virtual
    environment's own folder), as an installed package's compiled modules are."""
    chosen = os.environ.get(DIR_VARIABLE)
    return Path(chosen) if chosen else Path(sys.prefix) / "nuffle-engine"


def abi_tag() -> str:
    """The interpreter a build is for: its compiled modules load into this one only."""
    import sysconfig

    return f"{sys.implementation.cache_tag}{sysconfig.get_config_var('EXT_SUFFIX') or ''}"


def engine_sources() -> list[tuple[str, Path]]:
    """Every source file a build depends on, with its name in the package: the engine's own
    (what `engine_version` hashes) and Blood Bowl's. mypyc reads the types, and may copy
    the constants, of the modules a compiled one imports, so an edit to any of them makes
    the build stale."""
    from nuffle.interpreter.engine_version import _module_files, engine_files

    files = engine_files() + _module_files("nuffle.interpreter.blood_bowl")
    return sorted((shown, path.resolve()) for shown, path in files
                  if path.suffix == ".py" and shown not in BUILD_MACHINERY)


# The build's own modules: no compiled module imports them, so editing them leaves a build
# as good as it was.
BUILD_MACHINERY = frozenset(f"nuffle.interpreter/{name}.py" for name in
                            ("compiled_build", "compiled_engine", "compiled_finder"))


def file_digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Status:
    """Which engine a game runs now, and why."""

    compiled: bool
    reason: str  # in words, for `nuffle engine status`
    folder: Path
    modules: dict[str, Path]  # module name -> its compiled file (empty when not compiled)


def _pure(reason: str) -> Status:
    return Status(False, reason, builds_dir(), {})


def _valid_entry(entry: object) -> bool:
    return (isinstance(entry, list) and len(entry) == 4 and isinstance(entry[0], str)
            and all(isinstance(v, int) for v in entry[1:3]) and isinstance(entry[3], str))


def _sources_match(files: list) -> str | None:
    """None when every file the build was made from is as it was; otherwise which is not.
    A file's size and time are compared first; a file whose time changed (a checkout, a
    copy) is read and its digest compared."""
    for path_text, size, mtime_ns, digest in files:
        path = Path(path_text)
        try:
            stat = path.stat()
        except OSError:
            return f"{path} is gone"
        if stat.st_size == size and stat.st_mtime_ns == mtime_ns:
            continue
        if stat.st_size != size or file_digest(path) != digest:
            return f"{path} changed since the build"
    return None


def status() -> Status:
    """Whether the build in `builds_dir()` is for this interpreter and these sources. A
    file added since the build needs no look: a compiled module that imports it was
    edited to do so."""
    folder = builds_dir()
    from nuffle.textfile import read_cached_json

    manifest = read_cached_json(folder / MANIFEST, MANIFEST_LIMIT)
    if manifest is None:
        return _pure(f"no compiled engine in {folder} (nuffle engine build makes one)")
    files, modules = (manifest.get(k) if isinstance(manifest, dict) else None
                      for k in ("files", "modules"))
    if (not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT
            or not isinstance(files, list) or not all(_valid_entry(e) for e in files)
            or not isinstance(modules, dict)):
        return _pure(f"{folder / MANIFEST} is not a manifest this version reads")
    if manifest.get("abi") != abi_tag():
        return _pure(f"the build in {folder} is for another Python ({manifest.get('abi')})")
    if sorted(modules) != sorted((*MODULES, GROUP_MODULE)):
        return _pure(f"the build in {folder} compiled other modules")
    stale = _sources_match(files)
    if stale is not None:
        return _pure(f"the build is out of date: {stale} (nuffle engine build again)")
    found: dict[str, Path] = {}
    for name, relative in modules.items():
        path = (folder / relative) if isinstance(relative, str) else None
        if (path is None or ".." in Path(relative).parts or Path(relative).is_absolute()
                or not path.is_file()):
            return _pure(f"the build in {folder} is missing {name}'s compiled file")
        found[name] = path
    return Status(True, f"compiled with mypyc {manifest.get('mypy', '?')} in {folder}",
                  folder, found)


def manifest_for(modules: dict[str, str], mypy_version: str, files: list[list]) -> bytes:
    """The manifest of a build: its compiled files (relative to its folder) and the engine
    files it was made from, each [path, size, time, digest] as read when it was staged."""
    import json

    body = {"format": MANIFEST_FORMAT, "abi": abi_tag(), "mypy": mypy_version,
            "modules": modules, "files": files}
    return json.dumps(body, indent=1, sort_keys=True).encode()


def staged_path(shown: str, path: Path) -> str:
    """Where an engine file goes in a folder laid out as the installed package (mypyc
    names a module by its path): ``nuffle.interpreter/hooks.py`` is
    ``nuffle/interpreter/hooks.py``, a module ``nuffle.limits`` ``nuffle/limits.py``."""
    if "/" in shown:
        package, rest = shown.split("/", 1)
        return package.replace(".", "/") + "/" + rest
    if path.name == "__init__.py":
        return shown.replace(".", "/") + "/__init__.py"
    return shown.replace(".", "/") + ".py"
