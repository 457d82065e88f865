"""Loads the compiled engine's modules in place of their Python source, when a build is
there and up to date (`compiled_engine.status`), unless NUFFLE_ENGINE says otherwise:

- ``auto`` (or unset): the compiled modules when the build is fresh, the source otherwise;
- ``pure``: always the source (the reference: the test suite runs it);
- ``compiled``: the compiled modules, and an ImportError saying why when they cannot be.

The choice is made once per process, at the first compiled module asked for, so a game
never mixes a compiled module with the source of another."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

from nuffle.interpreter import compiled_engine as known


class CompiledEngineFinder:
    """A `sys.meta_path` finder answering for the compiled modules only."""

    def __init__(self) -> None:
        self.chosen: dict[str, str] | None = None  # module name -> compiled file, once chosen
        self.reason = ""

    def choose(self) -> dict[str, str]:
        if self.chosen is None:
            wanted = os.environ.get(known.ENGINE_VARIABLE, "auto") or "auto"
            if wanted not in known.ENGINE_CHOICES:
                raise ImportError(f"{known.ENGINE_VARIABLE}={wanted!r}: use one of "
                                  + ", ".join(known.ENGINE_CHOICES))
            if wanted == "pure":
                self.chosen, self.reason = {}, f"{known.ENGINE_VARIABLE}=pure"
            else:
                found = known.status()
                if wanted == "compiled" and not found.compiled:
                    raise ImportError(f"{known.ENGINE_VARIABLE}=compiled, but {found.reason}")
                self.chosen = {name: str(path) for name, path in found.modules.items()}
                self.reason = found.reason
        return self.chosen

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in NAMES:
            return None
        where = self.choose().get(fullname)
        if where is None:
            return None  # the source, found by the usual finders
        loader = importlib.machinery.ExtensionFileLoader(fullname, where)
        return importlib.util.spec_from_file_location(fullname, where, loader=loader)


NAMES = frozenset((*known.MODULES, known.GROUP_MODULE))


def install() -> CompiledEngineFinder:
    """Put the finder first on `sys.meta_path` (once per process) and return it."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledEngineFinder):
            return finder
    finder = CompiledEngineFinder()
    sys.meta_path.insert(0, finder)
    return finder


def engine_in_use() -> str:
    """``compiled`` or ``pure``: which one this process's game modules are."""
    module = sys.modules.get(known.MODULES[0])
    if module is None:
        return "not loaded"
    loader = getattr(module, "__loader__", None)
    return "compiled" if isinstance(loader, importlib.machinery.ExtensionFileLoader) else "pure"
