"""Load YAML keeping where every value came from, so errors can point at it.

Built on PyYAML's node marks: we compose the node graph ourselves and record the
position of every mapping key and value under its JSON path.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from nuffle.dsl.diagnostics import Diagnostic, SourceMap

Path_ = tuple[str | int, ...]


@dataclass
class YamlDocument:
    path: str
    text: str
    data: object = None
    value_marks: dict[Path_, yaml.Node] = field(default_factory=dict)
    key_marks: dict[Path_, yaml.Node] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    constructor: yaml.constructor.SafeConstructor = field(
        default_factory=yaml.constructor.SafeConstructor, repr=False)

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


def _construct(doc: YamlDocument, node: yaml.Node, path: Path_) -> object:
    doc.value_marks[path] = node
    if isinstance(node, yaml.MappingNode):
        out: dict[str, object] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node)
            if key in out:
                mark = key_node.start_mark
                doc.diagnostics.append(Diagnostic(
                    "Y002", f"`{key}` is given twice", doc.path, mark.line + 1, mark.column + 1,
                    mark.column + 1 + len(key), "a YAML key may appear only once in a mapping"))
            doc.key_marks[(*path, key)] = key_node
            out[key] = _construct(doc, value_node, (*path, key))
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_construct(doc, child, (*path, i)) for i, child in enumerate(node.value)]
    return doc.constructor.construct_object(node, deep=True)


def _inside(text: str, line: int, column: int) -> tuple[int, int]:
    """Clamp a parser mark to a real place: at the end of a file with no final newline the
    parser points one line past the last one."""
    lines = text.split("\n")
    if line > len(lines):
        line, column = len(lines), len(lines[-1]) + 1
    return line, min(column, len(lines[line - 1]) + 1)


# libyaml's parser keeps the same marks (line, column) and is several times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(path: str, text: str) -> YamlDocument:
    """Parse one YAML document; syntax problems become Y001 diagnostics, never exceptions."""
    doc = YamlDocument(path, text)
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = _inside(text, mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = (err.problem or "invalid YAML").strip()
        hint = None
        if "tab" in problem:
            hint = "indent YAML with spaces, not tabs"
        elif "mapping values" in problem:
            hint = "a value containing ': ' must be quoted or written as a block (`|`)"
        elif "could not find expected ':'" in problem:
            hint = "each line of a mapping is `key: value`"
        doc.diagnostics.append(Diagnostic("Y001", f"YAML syntax: {problem}", path, line, col,
                                          None, hint))
        return doc
    except yaml.YAMLError as err:
        doc.diagnostics.append(Diagnostic("Y001", f"YAML: {err}", path, 1, 1))
        return doc
    if node is None:
        doc.diagnostics.append(Diagnostic("Y001", "the file is empty", path, 1, 1, None,
                                          "a content file holds one item: `kind: …`, `id: …`"))
        return doc
    try:
        doc.data = _construct(doc, node, ())
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line, col = _inside(text, mark.line + 1, mark.column + 1) if mark else (1, 1)
        doc.diagnostics.append(Diagnostic("Y001", f"YAML: {getattr(err, 'problem', err)}",
                                          path, line, col))
    return doc
