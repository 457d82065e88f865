"""Loads the compiled engine's modules in place of their Python source, when a build is
there and up to date (`compiled_engine.status`), unless NUFFLE_ENGINE says otherwise:

- ``auto`` (or unset): the compiled modules when the build is fresh, the source otherwise;
- ``pure``: always the source (the reference: the test suite runs it);
- ``compiled``: the compiled modules, and an ImportError saying why when they cannot be.

The choice is made once per process, at the first compiled module asked for, so a game
never mixes a compiled module with the source of another. The package imports this module
(nuffle/interpreter/__init__.py), so it stays small: what a build is, and whether it is
fresh, is `compiled_engine`'s, imported only when a compiled module is asked for."""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

# The modules a game spends its time in (profiles of random- and greedy-bot games): each is
# compiled to C; every other module stays Python. Each must compile with mypyc, whose
# limits the code keeps (`mypyc_attr` where a class is subclassed in Python or extends a
# builtin). Of Blood Bowl's, the procedures are compiled; its game objects (state.py) stay
# Python: a team's `opponent` is None until both teams are made, which its declared type
# does not say, and compiled code would refuse.
MODULES = (
    "nuffle.interpreter.budget",
    "nuffle.interpreter.bots",
    "nuffle.interpreter.common_effects",
    "nuffle.interpreter.compiler",
    "nuffle.interpreter.decisions",
    "nuffle.interpreter.dice",
    "nuffle.interpreter.firing",
    "nuffle.interpreter.game_core",
    "nuffle.interpreter.hooks",
    "nuffle.interpreter.rule_counts",
    "nuffle.interpreter.squares",
    "nuffle.interpreter.blitz_bowl.actions",
    "nuffle.interpreter.blitz_bowl.balls",
    "nuffle.interpreter.blitz_bowl.board",
    "nuffle.interpreter.blitz_bowl.challenges",
    "nuffle.interpreter.blitz_bowl.combat",
    "nuffle.interpreter.blitz_bowl.effects",
    "nuffle.interpreter.blitz_bowl.game",
    "nuffle.interpreter.blitz_bowl.search",
    "nuffle.interpreter.blitz_bowl.squares",
    "nuffle.interpreter.blitz_bowl.state",
    "nuffle.interpreter.blood_bowl.blocking",
    "nuffle.interpreter.blood_bowl.injury",
    "nuffle.interpreter.blood_bowl.kickoff",
    "nuffle.interpreter.blood_bowl.match",
    "nuffle.interpreter.blood_bowl.movement",
    "nuffle.interpreter.blood_bowl.pitch",
    "nuffle.interpreter.blood_bowl.rolls",
    "nuffle.interpreter.blood_bowl.turn",
)
GROUP = "nuffle_engine"  # the shared library mypyc puts the compiled modules in
GROUP_MODULE = GROUP + "__mypyc"  # the name the modules import it by
NAMES = frozenset((*MODULES, GROUP_MODULE))

ENGINE_VARIABLE = "NUFFLE_ENGINE"  # auto (the default), pure or compiled
ENGINE_CHOICES = ("auto", "pure", "compiled")


class CompiledEngineFinder:
    """A `sys.meta_path` finder answering for the compiled modules only."""

    def __init__(self) -> None:
        self.chosen: dict[str, str] | None = None  # module name -> compiled file, once chosen

    def choose(self) -> dict[str, str]:
        if self.chosen is None:
            wanted = os.environ.get(ENGINE_VARIABLE, "auto") or "auto"
            if wanted not in ENGINE_CHOICES:
                raise ImportError(f"{ENGINE_VARIABLE}={wanted!r}: use one of "
                                  + ", ".join(ENGINE_CHOICES))
            if wanted == "pure":
                self.chosen = {}
            else:
                from nuffle.interpreter import compiled_engine

                found = compiled_engine.status()
                if wanted == "compiled" and not found.compiled:
                    raise ImportError(f"{ENGINE_VARIABLE}=compiled, but {found.reason}")
                self.chosen = {name: str(path) for name, path in found.modules.items()}
        return self.chosen

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in NAMES:
            return None
        where = self.choose().get(fullname)
        if where is None:
            return None  # the source, found by the usual finders
        import importlib.util

        loader = importlib.machinery.ExtensionFileLoader(fullname, where)
        return importlib.util.spec_from_file_location(fullname, where, loader=loader)


def install() -> CompiledEngineFinder:
    """Put the finder first on `sys.meta_path` (once per process) and return it."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledEngineFinder):
            return finder
    finder = CompiledEngineFinder()
    sys.meta_path.insert(0, finder)
    return finder


def engine_in_use() -> str:
    """``compiled`` or ``pure``: which one this process's game modules are (``not loaded``
    before any is imported)."""
    loaded = [sys.modules[name] for name in MODULES if name in sys.modules]
    if not loaded:
        return "not loaded"
    loader = getattr(loaded[0], "__loader__", None)
    return "compiled" if isinstance(loader, importlib.machinery.ExtensionFileLoader) else "pure"
