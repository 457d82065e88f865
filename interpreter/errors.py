"""Errors of content at run time: rules that ran past a limit of the engine (nuffle.limits)
or gave a value outside its declared range.

Such a game stops at once with a `RulesError`, which names the item and the place in its
file; the game's result records it as a diagnostic, so `play`, `simulate`, `league`, logs and
replays all report it the same way, and never hang or print a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass

from nuffle.dsl.diagnostics import Diagnostic


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a piece of compiled rules comes from: its item and its place in the item's file."""

    kind: str  # ability | ball | coach-trait | challenge-card | bonus-play | table
    item: str
    path: str = "<rules>"
    line: int = 1
    column: int = 1

    @property
    def ref(self) -> str:
        return f"{self.kind}/{self.item}"


class RulesError(Exception):
    """Content made the engine stop: a code of nuffle.dsl.codes (G00x), a message, and the
    origin of the rule that was running (None when no rule was)."""

    def __init__(self, code: str, message: str, origin: Origin | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.origin = origin
        self.hint = hint

    def diagnostic(self) -> Diagnostic:
        origin = self.origin
        if origin is None:
            return Diagnostic(self.code, self.message, "<game>", 1, 1, None, self.hint)
        return Diagnostic(self.code, f"{origin.ref}: {self.message}", origin.path, origin.line,
                          origin.column, None, self.hint)


class ContentError(Exception):
    """The content cannot be played: it has errors, or lacks what a game needs."""
