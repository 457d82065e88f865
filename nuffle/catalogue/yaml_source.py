"""Load YAML keeping where every value came from, so errors can point at it.

PyYAML (libyaml where it is installed) turns the text into a stream of events; this module
builds the values from those events itself, with an explicit stack instead of recursion, so
that every bound of a hostile file is checked as the file is read (nuffle.limits): nesting
depth, the number of values (an alias counts as a copy of what it names, so an alias bomb
is refused before it is expanded), aliases that contain themselves, and numbers too large
for a game. The position of every mapping key and value is recorded under its JSON path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import yaml

from nuffle import limits
from nuffle.dsl.diagnostics import Diagnostic, SourceMap

if TYPE_CHECKING:
    from yaml._yaml import Mark as _CMark

    # a position in the text: the Python parser's Mark, or libyaml's (the same line, column)
    Mark = yaml.Mark | _CMark

Path_ = tuple[str | int, ...]

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
    value_marks: dict[Path_, yaml.Node] = field(default_factory=dict)
    key_marks: dict[Path_, yaml.Node] = field(default_factory=dict)
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


class _Refused(Exception):  # noqa: N818 - a control-flow signal inside the composer
    """The file broke a limit: reading stops here (the diagnostic is already recorded)."""


@dataclass
class _Open:
    """A mapping or list being built: its value, node, path and the key awaiting a value."""

    value: dict | list
    node: yaml.Node
    path: Path_
    anchor: str | None
    count: int = 1  # values inside it so far, itself included
    key: str | None = None
    key_node: yaml.Node | None = None
    skip_value: bool = False  # the key was refused: drop the value that follows


@dataclass
class _Anchored:
    value: object
    count: int


class _Composer:
    """Builds one document's values from parser events, within the limits."""

    def __init__(self, doc: YamlDocument) -> None:
        self.doc = doc
        self.stack: list[_Open] = []
        self.anchors: dict[str, _Anchored] = {}
        self.total = 0
        self.resolver = yaml.resolver.Resolver()
        self.constructor = yaml.constructor.SafeConstructor()

    # -- the event loop ---------------------------------------------------------------
    def compose(self, events) -> tuple[bool, object]:
        """(whether a document was found, its root value)."""
        documents = 0
        root: object = None
        for event in events:
            kind = type(event)
            if kind is yaml.ScalarEvent:  # the most common first: this loop is hot
                node = self.scalar_node(event)
                # a key is text as written (`<<`, `2024-01-01` and `1` are names here)
                value = event.value if self.expecting_key() else self.scalar(event, node)
                if event.anchor:
                    self.anchors[event.anchor] = _Anchored(value, 1)
                root = self.place(value, 1, event, node)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                self.open(event)
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                root = self.close(event)
            elif kind is yaml.AliasEvent:
                root = self.alias(event)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    self.doc.error("Y001", "a content file holds one YAML document, this is a "
                                   "second one", event.start_mark,
                                   "put each item in its own file, or remove the `---` line")
                    raise _Refused
        return documents > 0, root

    # -- values ---------------------------------------------------------------------------
    def expecting_key(self) -> bool:
        return bool(self.stack) and isinstance(self.stack[-1].value, dict) \
            and self.stack[-1].key_node is None

    def path_for_next(self) -> Path_:
        if not self.stack:
            return ()
        top = self.stack[-1]
        if isinstance(top.value, list):
            return (*top.path, len(top.value))
        if top.key is None or top.skip_value:  # a key, or a value that is dropped
            return (*top.path, f"\x00{self.total}")
        return (*top.path, top.key)

    def place(self, value: object, count: int, event: yaml.Event, node: yaml.Node) -> object:
        """Put a finished value where it belongs (a list, a mapping's key or value, or the
        root) and count it against the limit."""
        self.total += count
        if self.total > limits.YAML_VALUES:
            self.doc.error("Y007", f"the file holds more than {limits.YAML_VALUES:,} values "
                           "(each use of an alias counts as a copy of what it names)",
                           event.start_mark, "an alias repeated inside aliases grows "
                           "exponentially: write the values out, or split the file")
            raise _Refused
        if not self.stack:
            self.doc.value_marks[()] = node
            return value
        top = self.stack[-1]
        top.count += count
        if isinstance(top.value, list):
            self.doc.value_marks[(*top.path, len(top.value))] = node
            top.value.append(value)
        elif top.key_node is None:
            self.take_key(top, value, event, node)
        else:
            if not top.skip_value:
                assert top.key is not None  # take_key set it with key_node
                self.doc.value_marks[(*top.path, top.key)] = node
                top.value[top.key] = value
            top.key, top.key_node, top.skip_value = None, None, False
        return None

    def take_key(self, top: _Open, value: object, event: yaml.Event, node: yaml.Node) -> None:
        top.key_node = node
        if not isinstance(node, yaml.ScalarNode):
            self.doc.error("Y001", "a mapping key must be plain text, not a list or mapping",
                           node.start_mark, "write the key as a plain word: `name: value`")
            top.key, top.skip_value = "?", True
            return
        key = node.value
        top.key = key
        assert isinstance(top.value, dict)
        if key in top.value:
            mark = node.start_mark
            self.doc.error("Y002", f"`{key}` is given twice", mark,
                           "a YAML key may appear only once in a mapping", width=len(key))
            top.skip_value = True
            return
        self.doc.key_marks[(*top.path, key)] = node

    def scalar_node(self, event: yaml.ScalarEvent) -> yaml.ScalarNode:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
        # the ignore: types-PyYAML's nodes take only yaml.error.Mark, but libyaml's events
        # carry its own yaml._yaml.Mark (the same line and column), which nodes then hold
        return yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,  # type: ignore[arg-type]
                               event.style)

    def scalar(self, event: yaml.ScalarEvent, node: yaml.ScalarNode) -> object:
        if node.tag == STR:  # text is itself: no constructor needed
            return event.value
        if node.tag not in PLAIN_TAGS and event.tag not in (None, "!"):
            self.doc.error("Y001", f"the tag `{event.tag}` is not used in content",
                           event.start_mark, "remove the tag: write the value plainly")
            return None
        if node.tag == "tag:yaml.org,2002:int" and len(event.value) > 40:
            self.too_large(event)
            return None
        try:
            value = self.constructor.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            self.doc.error("Y001", f"YAML: the value does not match its tag `{event.tag}` "
                           f"({getattr(exc, 'problem', None) or exc})", event.start_mark,
                           "remove the tag, or write the value it announces")
            return None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > limits.NUMBER:
            self.too_large(event)
            return None
        if isinstance(value, float) and (not math.isfinite(value) or abs(value) > limits.NUMBER):
            self.too_large(event)
            return None
        return value

    def too_large(self, event: yaml.ScalarEvent) -> None:
        start, end = event.start_mark, event.end_mark
        assert start is not None and end is not None  # the parser marks every event
        self.doc.error("Y008", f"the number is larger than {limits.NUMBER:,}", start,
                       "no game number is this large; quote it if it is text",
                       width=max(1, end.column - start.column))

    def alias(self, event: yaml.AliasEvent) -> object:
        if any(o.anchor == event.anchor for o in self.stack):
            self.doc.error("Y007", f"the alias `*{event.anchor}` is inside the value it names",
                           event.start_mark, "an alias cannot contain itself")
            raise _Refused
        assert event.anchor is not None  # an alias always names an anchor
        found = self.anchors.get(event.anchor)  # the parser refuses undefined aliases itself
        node = yaml.ScalarNode("alias", f"*{event.anchor}",  # libyaml's Mark: see scalar_node
                               event.start_mark, event.end_mark)  # type: ignore[arg-type]
        if found is None:
            self.doc.error("Y001", f"the alias `*{event.anchor}` names no anchor",
                           event.start_mark, f"mark the value it copies with "
                           f"`&{event.anchor}` above it; quote a text that starts with `*`")
            raise _Refused
        return self.place(found.value, found.count, event, node)

    def open(self, event: yaml.CollectionStartEvent) -> None:
        if len(self.stack) >= limits.YAML_DEPTH:
            self.doc.error("Y006", f"mappings and lists nested more than {limits.YAML_DEPTH} "
                           "deep", event.start_mark, "content items are a few levels deep: "
                           "look for brackets that are never closed")
            raise _Refused
        if event.tag is not None and event.tag != "!" and event.tag not in COLLECTION_TAGS:
            self.doc.error("Y001", f"the tag `{event.tag}` is not used in content",
                           event.start_mark, "remove the tag")
        mapping = isinstance(event, yaml.MappingStartEvent)
        node_type = yaml.MappingNode if mapping else yaml.SequenceNode
        node = node_type("map" if mapping else "seq", [],  # libyaml's Mark: see scalar_node
                         event.start_mark, event.end_mark, event.flow_style)  # type: ignore[arg-type]
        path = self.path_for_next()
        self.stack.append(_Open({} if mapping else [], node, path, event.anchor))

    def close(self, event: yaml.Event) -> object:
        done = self.stack.pop()
        done.node.end_mark = event.end_mark
        if done.anchor:
            self.anchors[done.anchor] = _Anchored(done.value, done.count)
        self.total -= done.count - 1  # its contents were counted as they came
        return self.place(done.value, done.count, event, done.node)


def inside(text: str, line: int, column: int) -> tuple[int, int]:
    """Clamp a position to a real place in ``text``: a parser may point one line past the
    last one (a file with no final newline), or past the end of a line."""
    lines = text.split("\n")
    if line > len(lines):  # past the end: the end of the last line
        line, column = len(lines), len(lines[-1]) + 1
    line = max(1, line)
    return line, max(1, min(column, len(lines[line - 1]) + 1))


# libyaml's parser keeps the same marks (line, column) and is several times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def normalise(text: str) -> str:
    """Line breaks as Python reads a text file (\\r\\n and \\r become \\n), so positions mean
    the same lines whether a text came from disk or from an editor."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _separators(doc: YamlDocument) -> str:
    """Report and blank out line separators that YAML would count as line breaks."""
    text = doc.text
    if not any(ch in text for ch in LINE_SEPARATORS):
        return text
    reported = 0
    for n, line in enumerate(text.split("\n"), 1):
        for col, ch in enumerate(line, 1):
            if ch in LINE_SEPARATORS and reported < MAX_REPORTED_SEPARATORS:
                doc.diagnostics.append(Diagnostic(
                    "Y009", f"a {LINE_SEPARATORS[ch]} line separator: YAML reads it as a line "
                    "break, most editors do not", doc.path, n, col, col + 1,
                    "replace it with a space or a real line break"))
                reported += 1
                break
    for ch in LINE_SEPARATORS:
        text = text.replace(ch, " ")
    return text


def _syntax_error(doc: YamlDocument, parsed: str, err: yaml.MarkedYAMLError) -> None:
    """One Y001 in words (nuffle.catalogue.yaml_messages), where the mistake most likely is."""
    from nuffle.catalogue.yaml_messages import explain  # its table of rules: only on an error

    def place(mark: Mark | None) -> tuple[int, int] | None:
        return (mark.line + 1, mark.column + 1) if mark is not None else None

    at = place(err.problem_mark) or place(err.context_mark) or (1, 1)
    message, hint, (line, col) = explain(parsed, err.problem or "invalid YAML",
                                         err.context or "", at, place(err.context_mark))
    line, col = inside(doc.text, line, col)
    doc.diagnostics.append(Diagnostic("Y001", message, doc.path, line, col, col + 1, hint))


def load_yaml(path: str, text: str) -> YamlDocument:
    """Parse one YAML document; every problem becomes a diagnostic, never an exception."""
    doc = YamlDocument(path, normalise(text))
    if len(doc.text) > limits.FILE_BYTES:
        doc.diagnostics.append(Diagnostic("Y005", f"the file is larger than "
                                          f"{limits.FILE_BYTES:,} bytes", path, 1, 1, None,
                                          "a content file holds one item: split it"))
        return doc
    parsed = _separators(doc)
    composer = _Composer(doc)
    try:
        try:
            found, data = composer.compose(yaml.parse(parsed, Loader=_LOADER))
        except yaml.MarkedYAMLError as err:
            if _LOADER is yaml.SafeLoader or "nesting depth" not in str(err.problem):
                raise
            # libyaml (0.2.5, in PyYAML 6.0.4's wheels) stops at its own depth while
            # reading ahead, before the composer reaches the project's limit: the Python
            # parser reads as the composer goes, and Y006 names the first level too deep
            composer = _Composer(doc)
            found, data = composer.compose(yaml.parse(parsed, Loader=yaml.SafeLoader))
    except _Refused:
        return doc
    except yaml.MarkedYAMLError as err:
        _syntax_error(doc, parsed, err)
        return doc
    except yaml.reader.ReaderError as err:
        # libyaml counts bytes, not characters: find the character (the first YAML refuses)
        from nuffle.catalogue.yaml_messages import control_character
        refused = yaml.reader.Reader.NON_PRINTABLE.search(parsed)
        message, hint, (line, col) = control_character(
            parsed, refused.start() if refused else err.position, err.character)
        doc.diagnostics.append(Diagnostic("Y001", message, path, line, col, col + 1, hint))
        return doc
    except yaml.YAMLError as err:
        doc.diagnostics.append(Diagnostic("Y001", f"YAML: {err}", path, 1, 1, None,
                                          "the file cannot be read as YAML"))
        return doc
    if not found:
        doc.diagnostics.append(Diagnostic("Y001", "the file is empty", path, 1, 1, None,
                                          "a content file holds one item: `kind: …`, `id: …`"))
    elif data is None and not doc.diagnostics:
        line, col, _ = doc.position(())
        doc.diagnostics.append(Diagnostic("Y001", "the file holds nothing (`~`, `null` or an "
                                          "empty document)", path, line, col, None,
                                          "a content file holds one item: `kind: …`, `id: …`"))
    doc.data = data
    return doc
