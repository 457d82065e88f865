"""Hashes of code and libraries, for the caches to tell whether what made an entry is still
what would make it again (without importing that code: a cached run must stay cheap)."""

from __future__ import annotations

from collections.abc import Iterable
from importlib.util import find_spec
from pathlib import Path
from typing import Protocol

# the libraries that read YAML, check schemas and parse rules
LIBRARIES = ("yaml", "jsonschema", "jsonschema_specifications", "referencing", "lark")


class Digest(Protocol):
    def update(self, data: bytes, /) -> None: ...


def add_files(digest: Digest, paths: Iterable[Path], root: Path | None = None) -> None:
    """Each file's name (relative to ``root`` if given) and bytes ("?" for one that cannot be
    read)."""
    for path in paths:
        name = str(path.relative_to(root)) if root is not None else path.name
        digest.update(name.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"?")


def add_libraries(digest: Digest, names: Iterable[str]) -> None:
    """Where each library is and its top folder's files' sizes and times: an upgrade
    rewrites them (reading them all would cost more than the cache saves)."""
    for library in names:
        spec = find_spec(library)
        if spec is None or spec.origin is None:
            digest.update(f"{library}: none".encode())
            continue
        home = Path(spec.origin).parent
        try:
            listing = sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns)
                             for p in home.iterdir() if p.is_file())
        except OSError:
            listing = []
        digest.update(f"{library}: {spec.origin} {listing}".encode())


def package_folder(name: str) -> Path:
    """The folder of package ``name`` (``nuffle.dsl``), found without importing it."""
    spec = find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(name)
    return Path(next(iter(spec.submodule_search_locations))).resolve()
