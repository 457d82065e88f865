"""Load YAML keeping where every value came from, so errors can point at it.

PyYAML (libyaml where it is installed) turns the text into a stream of events; this module
builds the values from those events itself, with an explicit stack instead of recursion, so
that every bound of a hostile file is checked as the file is read (nuffle.limits): nesting
depth, the number of values (an alias counts as a copy of what it names, so an alias bomb
is refused before it is expanded), aliases that contain themselves, and numbers too large
for a game. The position of every mapping key and value is recorded under its JSON path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from nuffle.dsl.diagnostics import Diagnostic, SourceMap

if TYPE_CHECKING:
    import yaml
    from yaml._yaml import Mark as _CMark

    # a position in the text: the Python parser's Mark, or libyaml's (the same line, column)
    Mark = yaml.Mark | _CMark

Path_ = tuple[str | int, ...]


class Place(Protocol):
    """A line and column, 0-based (a YAML mark, or the content cache's copy of one)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


class Located(Protocol):
    """Where a value was written: a YAML node, or the content cache's copy of one (its
    start and end, and for a text its style: plain, quoted or a `|` / `>` block)."""

    @property
    def start_mark(self) -> Place: ...
    @property
    def end_mark(self) -> Place: ...

# Characters YAML reads as line breaks but Python's str.split("\n") and most editors do not:
# they would make the line numbers of everything after them drift.
LINE_SEPARATORS = {"\x85": "U+0085", "\u2028": "U+2028", "\u2029": "U+2029"}
MAX_REPORTED_SEPARATORS = 10
# The scalar tags a content file may state explicitly (`!!str 12` keeps 12 as text).
PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null")}
STR = "tag:yaml.org,2002:str"
COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


@dataclass
class YamlDocument:
    path: str
    text: str
    data: object = None
    value_marks: dict[Path_, Located] = field(default_factory=dict)
    key_marks: dict[Path_, Located] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def position(self, path: Path_, key: bool = False) -> tuple[int, int, int | None]:
        """Line, column and end column of the value (or key) at ``path``; the nearest parent
        if that path does not exist (for example a missing required field)."""
        marks = self.key_marks if key else self.value_marks
        probe = tuple(path)
        while probe not in marks and probe:
            probe = probe[:-1]
        node = marks.get(probe) or self.value_marks.get(())
        if node is None:
            return 1, 1, None
        start, end = node.start_mark, node.end_mark
        end_col = end.column + 1 if end.line == start.line else None
        return start.line + 1, start.column + 1, end_col

    def rules_source(self, path: Path_) -> SourceMap:
        """Where an embedded rules text starts, for mapping its positions to this file."""
        node = self.value_marks[path]
        style = getattr(node, "style", None)
        line0 = node.start_mark.line
        if style in ("|", ">"):
            lines = self.lines
            first = line0 + 1
            while first < len(lines) and not lines[first].strip():
                first += 1
            text = lines[first] if first < len(lines) else ""
            indent = len(text) - len(text.lstrip(" "))
            return SourceMap(self.path, first + 1, indent + 1, indent, block=True)
        column = node.start_mark.column + 1 + (1 if style in ("'", '"') else 0)
        return SourceMap(self.path, line0 + 1, column, 0, block=False)

    def error(self, code: str, message: str, mark: Mark | None, hint: str | None = None,
              width: int = 1) -> None:
        line, col = inside(self.text, mark.line + 1, mark.column + 1) if mark else (1, 1)
        self.diagnostics.append(Diagnostic(code, message, self.path, line, col, col + width,
                                           hint))


def inside(text: str, line: int, column: int) -> tuple[int, int]:
    """Clamp a position to a real place in ``text``: a parser may point one line past the
    last one (a file with no final newline), or past the end of a line."""
    lines = text.split("\n")
    if line > len(lines):  # past the end: the end of the last line
        line, column = len(lines), len(lines[-1]) + 1
    line = max(1, line)
    return line, max(1, min(column, len(lines[line - 1]) + 1))


# The YAML loader to read with: None for libyaml's where it is installed (several times
# faster, with the same marks), else a PyYAML loader class (tests try both).
_LOADER: object = None


def normalise(text: str) -> str:
    """Line breaks as Python reads a text file (\\r\\n and \\r become \\n), so positions mean
    the same lines whether a text came from disk or from an editor."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def load_yaml(path: str, text: str) -> YamlDocument:
    """Parse one YAML document; every problem becomes a diagnostic, never an exception.
    PyYAML is imported here, the first time a file is read: a warm content cache reads none."""
    from nuffle.catalogue.yaml_reader import read
    return read(path, text)
