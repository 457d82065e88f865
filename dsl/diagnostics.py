"""Diagnostics: problems in content, reported for people (principle 8)."""

from __future__ import annotations

from dataclasses import dataclass


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


def format_diagnostic(diag: Diagnostic, source_lines: list[str] | None) -> str:
    """``path:line:col: error[CODE]: message``, the source line, a caret and a hint."""
    out = [f"{diag.path}:{diag.line}:{diag.column}: {diag.severity}[{diag.code}]: {diag.message}"]
    if source_lines is not None and 1 <= diag.line <= len(source_lines):
        text = source_lines[diag.line - 1].rstrip("\n").expandtabs(1)
        gutter = f"{diag.line:>5} | "
        out.append(gutter + text)
        width = 1
        if diag.end_column and diag.end_column > diag.column:
            width = diag.end_column - diag.column
        width = max(1, min(width, max(1, len(text) - diag.column + 1)))
        out.append(" " * (len(gutter) - 2) + "| " + " " * (diag.column - 1) + "^" * width)
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
