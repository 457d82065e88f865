"""Reading YAML events into values, within the limits (see yaml_source, whose
`load_yaml` calls this module: PyYAML is imported only when a file is really read)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import yaml

from nuffle import limits
from nuffle.catalogue import yaml_source
from nuffle.catalogue.yaml_source import (
    COLLECTION_TAGS,
    LINE_SEPARATORS,
    MAX_REPORTED_SEPARATORS,
    PLAIN_TAGS,
    STR,
    Path_,
    YamlDocument,
    inside,
    normalise,
)
from nuffle.dsl.diagnostics import Diagnostic

if TYPE_CHECKING:
    from nuffle.catalogue.yaml_source import Mark


def _loader() -> type:
    """libyaml's parser (the same marks, several times faster) unless a test chose one."""
    chosen = yaml_source._LOADER
    if isinstance(chosen, type):
        return chosen
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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


def read(path: str, text: str) -> YamlDocument:
    """Parse one YAML document; every problem becomes a diagnostic, never an exception."""
    loader = _loader()
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
            found, data = composer.compose(yaml.parse(parsed, Loader=loader))
        except yaml.MarkedYAMLError as err:
            if loader is yaml.SafeLoader or "nesting depth" not in str(err.problem):
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
