"""Diagnostics: problems in content, reported for people (principle 8)."""

from __future__ import annotations

import os
from dataclasses import dataclass


def one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line, cut to ``limit`` characters (a message quoting a 5,000-digit
    number, a 100,000-character value or a multi-line exception must still read as one
    line)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


@dataclass(frozen=True)
class Diagnostic:
    """One problem at a place in a file; lines and columns are 1-based."""

    code: str
    message: str
    path: str
    line: int
    column: int
    end_column: int | None = None
    hint: str | None = None
    severity: str = "error"

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.code)

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_column": self.end_column,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


DEBUG_VARIABLE = "NUFFLE_DEBUG"


def debugging() -> bool:
    """NUFFLE_DEBUG=1 (not empty, not 0): let internal errors through with their traceback."""
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


def internal_error(path: str, exc: BaseException) -> Diagnostic:
    """X001: Nuffle itself failed on this file. Reported like any problem, so one crash never
    hides the diagnostics of the other files; the command then exits 70, not 1. Set
    NUFFLE_DEBUG=1 to let the exception through with its traceback."""
    if debugging():
        raise exc
    what = f"{type(exc).__name__}: {exc}"
    return Diagnostic("X001", f"internal error while checking this file ({what[:200]})", path,
                      1, 1, None, "a bug in Nuffle, not in your content: please report it "
                      "with this file")


SHOWN_WIDTH = 100  # a long source line is shown as a window this wide around the caret


def format_diagnostic(diag: Diagnostic, source_lines: list[str] | None) -> str:
    """``path:line:col: error[CODE]: message``, the source line, a caret and a hint."""
    out = [f"{diag.path}:{diag.line}:{diag.column}: {diag.severity}[{diag.code}]: {diag.message}"]
    if source_lines is not None and 1 <= diag.line <= len(source_lines):
        text = source_lines[diag.line - 1].rstrip("\n").expandtabs(1)
        column = diag.column
        width = 1
        if diag.end_column and diag.end_column > diag.column:
            width = diag.end_column - diag.column
        if len(text) > SHOWN_WIDTH:  # a window around the caret, marked where cut
            start = max(0, min(column - 1 - SHOWN_WIDTH // 2, len(text) - SHOWN_WIDTH))
            head = "…" if start > 0 else ""
            tail = "…" if start + SHOWN_WIDTH < len(text) else ""
            text = head + text[start:start + SHOWN_WIDTH] + tail
            column = column - start + len(head)
        gutter = f"{diag.line:>5} | "
        out.append(gutter + text)
        width = max(1, min(width, max(1, len(text) - column + 1)))
        out.append(" " * (len(gutter) - 2) + "| " + " " * (column - 1) + "^" * width)
    if diag.hint:
        out.append(f"      = hint: {diag.hint}")
    return "\n".join(out)


class SourceMap:
    """Maps positions inside an embedded rules text back to its YAML file.

    A block scalar's lines all start ``indent`` columns in; a single-line scalar
    starts at ``first_column``.
    """

    def __init__(self, path: str, first_line: int, first_column: int, indent: int, block: bool):
        self.path = path
        self.first_line = first_line
        self.first_column = first_column
        self.indent = indent
        self.block = block

    def to_file(self, line: int, column: int) -> tuple[int, int]:
        if self.block:
            return self.first_line + line - 1, self.indent + column
        if line == 1:
            return self.first_line, self.first_column + column - 1
        return self.first_line + line - 1, column

    @classmethod
    def identity(cls, path: str) -> SourceMap:
        return cls(path, 1, 1, 0, block=True)
