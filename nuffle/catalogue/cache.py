"""The content cache: what loading one file found (its YAML values and their places, the
item, its rules' syntax trees and its diagnostics), kept on disk between runs, so that an
author who changes one file and checks again pays for that file alone.

An entry is keyed by the file's shown path and the SHA-256 of its text, and sits under a
fingerprint of everything that shapes what loading finds (Nuffle's version and the sources
of its loader, schemas, grammar and parser, the YAML, JSON Schema and Lark libraries): any
change there, and every entry is another's. The cross-file checks (references, duplicate
ids) are not cached: they run over the whole catalogue every time; the names check keeps
each item's findings with what they depend on (nuffle.catalogue.names_kept).

The cache is JSON, never pickle, and read as untrusted input: bounded and decoded through
`read_cached_json`, every value's shape checked, syntax trees rebuilt only from the
classes of `nuffle.dsl.ast`. An entry that is not exactly right is ignored and the file is
loaded again. What most loads never ask for is held in an entry as JSON text within the
JSON, decoded and checked when first asked for: the places of the values (a diagnostic's
position, a rules text's place) and each rules text's syntax tree (model.RulesText.ast).
Decoding them with the rest was about two thirds of reading an entry, and a site build or
a check whose names findings are kept asks for none (nor imports a syntax tree class).
Places that are not exactly right are then read again from the file's YAML, a tree by
parsing its rules text: what a miss would find, never an error. Entries are written whole
(a temporary file renamed), in a private folder.

A rules text's tree is also kept by the text's SHA-256 alone (a folder rules-X beside the
files' content-X): an author who edits an ability's text, not its rules, loads its file
again without parsing its rules.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import types
import typing
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle import limits
from nuffle.catalogue.fingerprint import LIBRARIES, add_files, add_libraries, package_folder
from nuffle.catalogue.model import Item, KeptTree, RulesText
from nuffle.catalogue.yaml_source import Path_, YamlDocument
from nuffle.dsl.diagnostics import Diagnostic
from nuffle.paths import CACHE_VARIABLE, NO_CACHE_VARIABLE, private_cache_dir
from nuffle.textfile import read_cached_json, write_cache_entry

if TYPE_CHECKING:
    from nuffle.dsl import ast

FORMAT = 2  # 2: the places and the syntax trees as JSON texts, decoded when asked for
Loaded = tuple[YamlDocument, "Item | None", list[Diagnostic]]

# what shapes a file's entry: these sources (beside this package and nuffle.dsl), the
# schemas, the grammar, and the libraries that read YAML, check schemas and parse rules
_SOURCES = ("catalogue", "dsl", "limits.py", "template.py", "textfile.py", "paths.py")
_SETTINGS = (CACHE_VARIABLE, NO_CACHE_VARIABLE, "XDG_CACHE_HOME", "HOME")
_LIBRARIES = LIBRARIES


class _Bad(Exception):  # noqa: N818 - a control-flow signal: the entry is not to be trusted
    """An entry whose shape is not what this module writes."""


# ---- where --------------------------------------------------------------------------

@cache
def _folder(_settings: tuple[str | None, ...]) -> Path | None:
    root = private_cache_dir()
    return None if root is None else root / f"content-{fingerprint()[:20]}"


def folder() -> Path | None:
    """This version's folder of entries (None: no cache in this run), worked out once for
    the settings that choose it (a test changes them)."""
    return _folder(tuple(os.environ.get(name) for name in _SETTINGS))


@cache
def fingerprint() -> str:
    """A hash of everything that shapes what loading a file finds (see the module)."""
    from nuffle import __version__
    from nuffle.paths import schema_dir
    digest = hashlib.sha256(f"{FORMAT} {__version__} {sys.version}".encode())
    package = Path(__file__).resolve().parent.parent  # nuffle/
    dsl = package_folder("nuffle.dsl")
    sources: list[Path] = []
    for name in _SOURCES:
        where = dsl if name == "dsl" else package / name
        sources += sorted(where.glob("*.py")) + sorted(where.glob("*.lark")) \
            if where.is_dir() else [where]
    sources += sorted(Path(schema_dir()).glob("*.json"))
    add_files(digest, sources)
    add_libraries(digest, _LIBRARIES)
    return digest.hexdigest()


def _entry_path(where: Path, shown: str, sha: str) -> Path:
    name = hashlib.sha256(f"{shown}\0{sha}".encode()).hexdigest()[:40]
    return where / f"{name}.json"


# ---- reading ------------------------------------------------------------------------

def has(shown: str, text: str) -> bool:
    """Whether the cache holds an entry for ``text`` shown as ``shown`` (not read: `load`
    checks it when it is used)."""
    where = folder()
    if where is None:
        return False
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return _entry_path(where, shown, sha).is_file()


def load(shown: str, text: str) -> Loaded | None:
    """What loading ``text`` (shown as ``shown``) found, from the cache; None when there is
    no cache, no entry, or an entry that is not exactly right."""
    where = folder()
    if where is None:
        return None
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    raw = read_cached_json(_entry_path(where, shown, sha), limits.CACHE_ENTRY_BYTES)
    if raw is None:
        return None
    try:
        return _decode(raw, shown, sha, text)
    except (_Bad, RecursionError, TypeError, ValueError, KeyError, IndexError):
        return None


def _decode(raw: object, shown: str, sha: str, text: str) -> Loaded:
    entry = _dict(raw)
    if entry.get("format") != FORMAT or entry.get("fingerprint") != fingerprint() \
            or entry.get("path") != shown or entry.get("sha256") != sha:
        raise _Bad
    from nuffle.catalogue.yaml_source import normalise
    places = entry.get("places")
    if not isinstance(places, str):
        raise _Bad
    doc = _KeptDocument(shown, normalise(text), places)
    doc.data = _data(entry.get("data"))
    doc.diagnostics = _diagnostics(entry.get("doc_diagnostics"), shown)
    diags = _diagnostics(entry.get("diagnostics"), shown)
    item = None
    found = entry.get("item")
    if found is not None:
        got = _dict(found)
        kind, item_id, ok = got.get("kind"), got.get("id"), got.get("schema_ok")
        if not isinstance(kind, str) or not isinstance(item_id, str) \
                or not isinstance(ok, bool) or not isinstance(doc.data, dict):
            raise _Bad
        item = Item(kind, item_id, shown, doc.data, doc, schema_ok=ok)
        for rules in _list(got.get("rules")):
            one = _dict(rules)
            path, context, source = one.get("path"), one.get("kind"), one.get("source")
            if not isinstance(context, str) or not isinstance(source, str):
                raise _Bad
            tree = one.get("ast")
            if tree is not None and not isinstance(tree, str):
                raise _Bad
            rules_path = _path(path)
            item.rules.append(RulesText(rules_path, context, source, None, None if tree is None
                                        else _KeptTree(tree, source, doc, rules_path)))
    return doc, item, diags


class _KeptTree:
    """A syntax tree as an entry holds it (JSON text), or as a rules text's file does (the
    decoded JSON), built when first asked for (model._Tree)."""

    __slots__ = ("raw", "source", "doc", "path")

    def __init__(self, raw: object, source: str, doc: YamlDocument, path: Path_) -> None:
        self.raw, self.source, self.doc, self.path = raw, source, doc, path

    def build(self) -> ast.Rules | None:
        """The tree; parsed again from its rules text when the entry's is not exactly
        right (what a miss would do: the entry said these rules parse)."""
        from nuffle.dsl import ast
        try:
            raw = json.loads(self.raw) if isinstance(self.raw, str) else self.raw
            built = _node(raw, ast.Rules, 0)
            if isinstance(built, ast.Rules):
                return built
        except (_Bad, RecursionError, TypeError, ValueError, KeyError, IndexError):
            pass
        from nuffle.dsl.parser import RulesSyntaxError, parse_rules
        try:
            return parse_rules(self.source, self.doc.rules_source(self.path))
        except RulesSyntaxError:
            return None


def _dict(value: object) -> dict:
    if not isinstance(value, dict):
        raise _Bad
    return value


def _list(value: object) -> list:
    if not isinstance(value, list):
        raise _Bad
    return value


def _data(value: object, depth: int = 0) -> object:
    """A content file's values: JSON's own, no deeper than a content file may nest, no
    number larger than one may write (texts, the most of them, are looked at once)."""
    if depth > limits.YAML_DEPTH + 1:
        raise _Bad
    children = value.values() if isinstance(value, dict) else value \
        if isinstance(value, list) else (value,)
    for child in children:
        kind = type(child)
        if kind is dict or kind is list:
            _data(child, depth + 1)
        elif (kind is int or kind is float) and abs(child) > limits.NUMBER:  # type: ignore[arg-type]
            raise _Bad
    return value


def _path(value: object) -> Path_:
    parts = _list(value)
    if not all(isinstance(p, (str, int)) and not isinstance(p, bool) for p in parts):
        raise _Bad
    return tuple(parts)


class _Place:
    """A 0-based line and column, as a YAML mark has them."""

    __slots__ = ("line", "column")

    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column


class _Spot:
    """Where a value was written (what the loader reads of a YAML node): its start and end
    line and column, and for a text its style."""

    __slots__ = ("_at", "style")

    def __init__(self, at: list[int], style: str | None) -> None:
        self._at, self.style = at, style

    @property
    def start_mark(self) -> _Place:
        return _Place(self._at[0], self._at[1])

    @property
    def end_mark(self) -> _Place:
        return _Place(self._at[2], self._at[3])


_STYLES: dict[str, str | None] = {"n": None, "p": "", "|": "|", ">": ">", "'": "'", '"': '"'}


def _paths_checked(value: object) -> list:
    """The table of paths as the entry holds it, checked: each row is [its parent's row, or
    -1 for the root; its last part], a parent before its children (`_paths` builds them)."""
    rows = _list(value)
    if not set(map(type, rows)) <= {list} or not set(map(len, rows)) <= {2}:
        raise _Bad
    parents = [row[0] for row in rows]
    if not set(map(type, parents)) <= {int} or not set(map(type, (r[1] for r in rows))) <= \
            {int, str} or parents and min(parents) < -1 \
            or any(map(int.__ge__, parents, range(len(parents)))):
        raise _Bad
    return rows


def _paths(rows: list) -> list[Path_]:
    """The paths of a checked table (`_paths_checked`)."""
    out: list[Path_] = []
    for parent, part in rows:
        out.append((*out[parent], part) if parent >= 0 else (part,))
    return out


def _marks_checked(value: object, paths: int) -> tuple[list[int], str]:
    """Marks as the entry holds them, checked: [path row (-1 for the root), start line,
    column, end line, column] and a style letter, five numbers and a letter per value
    (checked all at once: a file has hundreds), ``paths`` rows in its table of paths."""
    numbers, styles = _list(value)
    if not isinstance(numbers, list) or not isinstance(styles, str) \
            or len(numbers) != 5 * len(styles) or not set(map(type, numbers)) <= {int} \
            or not set(styles) <= _STYLES.keys():
        raise _Bad
    rows = numbers[0::5]
    if numbers and (min(rows) < -1 or max(rows) >= paths
                    or min(min(numbers[i::5]) for i in range(1, 5)) < 0):
        raise _Bad
    return numbers, styles


def _marks(checked: tuple[list[int], str], paths: list[Path_]) -> dict[Path_, _Spot]:
    """The marks of a checked entry (`_marks_checked`), by path."""
    numbers, styles = checked
    places = [paths[row] if row >= 0 else () for row in numbers[0::5]]
    return {path: _Spot(numbers[5 * i + 1:5 * i + 5], _STYLES[letter])
            for i, (path, letter) in enumerate(zip(places, styles, strict=True))}


# documents whose marks were built from their entry, and read again from their YAML as the
# entry's were not right (for the tests)
BUILT = {"marks": 0, "read again": 0}


def _places(text: str) -> tuple[list[Path_], tuple[list[int], str], tuple[list[int], str]]:
    """An entry's places (JSON text: the table of paths, the values' marks, the keys'),
    checked; _Bad, ValueError or RecursionError when they are not exactly right."""
    rows, values, keys = _list(json.loads(text))
    checked = _paths_checked(rows)
    return _paths(checked), _marks_checked(values, len(checked)), \
        _marks_checked(keys, len(checked))


class _KeptDocument(YamlDocument):
    """A document read from an entry: where its values were written (its marks) is decoded,
    checked and built when first asked for (a diagnostic's position, a rules text's place);
    a load that needs none (the site's, a check whose files are all unchanged) builds none:
    decoding and building every file's was two thirds of reading the cache. Places that are
    not exactly right are read again from the document's YAML (what a miss would do)."""

    def __init__(self, path: str, text: str, places: str) -> None:
        super().__init__(path, text)
        self.__dict__["_kept"] = places

    def _build(self) -> None:
        kept = self.__dict__.pop("_kept", None)
        if kept is None:
            return
        try:
            paths, values, keys = _places(kept)
        except (_Bad, RecursionError, TypeError, ValueError, KeyError, IndexError):
            from nuffle.catalogue.yaml_source import load_yaml
            again = load_yaml(self.path, self.text)
            self.__dict__["_value_marks"] = again.value_marks
            self.__dict__["_key_marks"] = again.key_marks
            BUILT["read again"] += 1
            return
        self.__dict__["_value_marks"] = _marks(values, paths)
        self.__dict__["_key_marks"] = _marks(keys, paths)
        BUILT["marks"] += 1

    @property
    def value_marks(self) -> dict[Path_, typing.Any]:
        self._build()
        return self.__dict__["_value_marks"]

    @value_marks.setter
    def value_marks(self, marks: dict) -> None:
        self._build()  # (the other marks built first, then these replaced)
        self.__dict__["_value_marks"] = marks

    @property
    def key_marks(self) -> dict[Path_, typing.Any]:
        self._build()
        return self.__dict__["_key_marks"]

    @key_marks.setter
    def key_marks(self, marks: dict) -> None:
        self._build()
        self.__dict__["_key_marks"] = marks


_DIAGNOSTIC_FIELDS = ("code", "message", "line", "column", "end_column", "hint", "severity")


def kept_diagnostics(value: object, shown: str) -> list[Diagnostic] | None:
    """Diagnostics as a kept file holds them (rows of `_DIAGNOSTIC_FIELDS`, for the file
    ``shown``), or None when they are not exactly that (names_kept reads its own so)."""
    try:
        return _diagnostics(value, shown)
    except (_Bad, TypeError, ValueError):
        return None


def _diagnostics(value: object, shown: str) -> list[Diagnostic]:
    out = []
    for row in _list(value):
        code, message, line, column, end_column, hint, severity = _list(row)
        if not (isinstance(code, str) and isinstance(message, str)
                and isinstance(severity, str) and (hint is None or isinstance(hint, str))
                and type(line) is int and type(column) is int
                and (end_column is None or type(end_column) is int)):
            raise _Bad
        out.append(Diagnostic(code, message, shown, line, column, end_column, hint, severity))
    return out


@cache
def _classes() -> dict[str, type[ast.Node]]:
    """The syntax tree's node classes, by name: the only classes an entry may build."""
    from nuffle.dsl import ast
    return {name: cls for name, cls in vars(ast).items()
            if isinstance(cls, type) and issubclass(cls, ast.Node) and cls is not ast.Node
            and "__dataclass_fields__" in vars(cls)}


Reader = typing.Callable[[object, int], object]


_SHAPES: dict[str, list[tuple[str, Reader]]] = {}


def _shape(cls: type[ast.Node]) -> list[tuple[str, Reader]]:
    """Each field of a node class with the reader of its type, in order."""
    found = _SHAPES.get(cls.__name__)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _SHAPES[cls.__name__] = [(f.name, _reader(hints[f.name])) for f in fields(cls)]
    return found


def _reader(hint: object) -> Reader:
    """What reads a JSON value as a field of type ``hint`` of a syntax tree node (the
    types nuffle.dsl.ast uses: int, bool, str, a node class, X | None, tuple[X, ...])."""
    from nuffle.dsl import ast
    if hint in (int, bool, str):
        def plain(raw: object, depth: int) -> object:
            if type(raw) is not hint:
                raise _Bad
            return raw
        return plain
    origin = typing.get_origin(hint)
    if origin is types.UnionType or origin is typing.Union:
        arms = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(arms) != 1:
            raise TypeError(f"no reader for {hint}")
        inner = _reader(arms[0])
        return lambda raw, depth: None if raw is None else inner(raw, depth)
    if origin is tuple:
        item = _reader(typing.get_args(hint)[0])
        return lambda raw, depth: tuple(item(r, depth) for r in _list(raw))
    if isinstance(hint, type) and issubclass(hint, ast.Node):
        return lambda raw, depth: _node(raw, hint, depth)
    raise TypeError(f"no reader for {hint}")


# a syntax tree is no deeper than the parser lets rules nest (RULES_DEPTH parse-tree levels,
# each at least one node), with a margin for names
_TREE_DEPTH = 2 * limits.RULES_DEPTH + 4


def _node(value: object, wanted: type, depth: int) -> ast.Node:
    row = _list(value)
    if not row or depth > _TREE_DEPTH:
        raise _Bad
    cls = _classes().get(row[0]) if isinstance(row[0], str) else None
    if cls is None or not issubclass(cls, wanted):
        raise _Bad
    shape = _shape(cls)
    if len(row) != len(shape) + 1:
        raise _Bad
    made: dict[str, typing.Any] = {name: read(raw, depth + 1)
                                   for (name, read), raw in zip(shape, row[1:], strict=True)}
    return cls(**made)


# ---- writing ------------------------------------------------------------------------

_written = [0]  # entries written in this process since the last tidy


def store(shown: str, text: str, loaded: Loaded) -> None:
    """Keep what loading ``text`` found (nothing, when there is no cache or the entry would
    be too large or hold a value JSON has no word for, such as a date)."""
    where = folder()
    if where is None:
        return
    doc, item, diags = loaded
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    paths, rows = _paths_json([*doc.value_marks, *doc.key_marks])
    try:
        values, keys = _marks_json(doc.value_marks, rows), _marks_json(doc.key_marks, rows)
    except _Bad:
        return
    if item is not None and (item.data is not doc.data or item.path != shown):
        return  # not the shape this module rebuilds
    try:
        trees = [_tree_json(r) for r in item.rules] if item is not None else []
        entry = {
            "format": FORMAT, "fingerprint": fingerprint(), "path": shown, "sha256": sha,
            "data": doc.data,
            "places": _text([paths, values, keys]),
            "doc_diagnostics": [_diagnostic_json(d) for d in doc.diagnostics],
            "diagnostics": [_diagnostic_json(d) for d in diags],
            "item": None if item is None else {
                "kind": item.kind, "id": item.id, "schema_ok": item.schema_ok,
                "rules": [{"path": list(r.path), "kind": r.kind, "source": r.source,
                           "ast": None if tree is None else _text(tree)}
                          for r, tree in zip(item.rules, trees, strict=True)]},
        }
        encoded = json.dumps(entry, ensure_ascii=False, separators=(",", ":"),
                             allow_nan=False).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError, RecursionError):  # a date, say: loaded again next time
        return
    if write_cache_entry(_entry_path(where, shown, sha), encoded, limits.CACHE_ENTRY_BYTES):
        _written[0] += 1
    for rules, tree in zip(item.rules if item is not None else (), trees, strict=True):
        if tree is not None and not isinstance(rules.tree, _KeptTree):
            _keep_rules(where, rules.source, tree)  # parsed now: kept by its text


def _tree_json(rules: RulesText) -> object:
    """A rules text's syntax tree as JSON values (a kept one as it was read)."""
    if isinstance(rules.tree, _KeptTree):
        raw = rules.tree.raw
        return json.loads(raw) if isinstance(raw, str) else raw
    return None if rules.ast is None else _node_json(rules.ast)


def _text(value: object) -> str:
    """JSON text held in an entry as a string (see the module)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# ---- syntax trees by rules text ------------------------------------------------------
# An author who edits an ability's text, not its rules, loads its file again: the rules
# text's tree is kept by the text's SHA-256 (beside the files' entries, under the same
# fingerprint), so the parser is not imported for rules it has parsed before.

def _rules_folder(where: Path) -> Path:
    """The trees' folder beside the files' (content-X: rules-X)."""
    return where.with_name("rules-" + where.name.removeprefix("content-"))


def _rules_path(where: Path, sha: str) -> Path:
    return _rules_folder(where) / f"{sha[:40]}.json"


def kept_rules(text: str, doc: YamlDocument, path: Path_) -> KeptTree | None:
    """The tree of ``text`` (the rules at ``path`` of ``doc``) as parsed before, built when
    first asked for; None when there is none (nor a cache)."""
    where = folder()
    if where is None:
        return None
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    raw = read_cached_json(_rules_path(where, sha), limits.CACHE_ENTRY_BYTES)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT \
            or raw.get("fingerprint") != fingerprint() or raw.get("sha256") != sha \
            or raw.get("ast") is None:
        return None
    return _KeptTree(raw["ast"], text, doc, path)


def _keep_rules(where: Path, text: str, tree: object) -> None:
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    path = _rules_path(where, sha)
    if path.exists():
        return
    encoded = json.dumps({"format": FORMAT, "fingerprint": fingerprint(), "sha256": sha,
                          "ast": tree}, ensure_ascii=False, separators=(",", ":")
                         ).encode("utf-8", "surrogatepass")
    if write_cache_entry(path, encoded, limits.CACHE_ENTRY_BYTES):
        _written[0] += 1


def _paths_json(every: list[Path_]) -> tuple[list[list], dict[Path_, int]]:
    """The table of paths _paths reads, and each path's row."""
    rows: dict[Path_, int] = {}
    table: list[list] = []
    for path in sorted({p[:n] for p in every for n in range(1, len(p) + 1)}, key=len):
        rows[path] = len(table)
        table.append([rows[path[:-1]] if len(path) > 1 else -1, path[-1]])
    return table, rows


_LETTERS = {style: letter for letter, style in _STYLES.items()}


def _marks_json(marks: dict, rows: dict[Path_, int]) -> list:
    numbers: list[int] = []
    letters = []
    for path, node in marks.items():
        style = getattr(node, "style", None)
        numbers += [rows[path] if path else -1, node.start_mark.line, node.start_mark.column,
                    node.end_mark.line, node.end_mark.column]
        letter = _LETTERS.get(style if isinstance(style, str) else None)
        if letter is None:
            raise _Bad  # a style this module does not know: not kept
        letters.append(letter)
    return [numbers, "".join(letters)]


def _diagnostic_json(d: Diagnostic) -> list:
    return [d.code, d.message, d.line, d.column, d.end_column, d.hint, d.severity]


def _node_json(node: object) -> object:
    from nuffle.dsl import ast
    return _json_of(node, ast.Node)


def _json_of(node: object, base: type) -> object:
    if isinstance(node, base):
        return [type(node).__name__, *(_json_of(getattr(node, f.name), base)
                                       for f in fields(node))]  # type: ignore[arg-type]
    if isinstance(node, tuple):
        return [_json_of(n, base) for n in node]
    return node


def tidy() -> None:
    """After a run that wrote entries: past CACHE_BYTES in all (the files' entries and the
    trees'), remove the oldest entries (and the folders of other versions first) until the
    cache holds three quarters of it."""
    if not _written[0]:
        return
    _written[0] = 0
    where = folder()
    if where is None:
        return
    found: list[tuple[int, int, Path]] = []  # (last written, bytes, path)
    try:  # (each entry's kind from its folder listing, one lstat each: a rebuild after one
        # edit tidies, and three calls per entry on 3,000 entries were a tenth of its load)
        for sub in os.scandir(where.parent):
            if not sub.name.startswith(("content-", "rules-")) \
                    or not sub.is_dir(follow_symlinks=False):
                continue
            this_version = sub.path in (str(where), str(_rules_folder(where)))
            for entry in os.scandir(sub.path):
                if os.path.splitext(entry.name)[1] == ".json" \
                        and entry.is_file(follow_symlinks=False):
                    st = entry.stat(follow_symlinks=False)
                    # another version's entries are never read again: they go first
                    found.append((st.st_mtime_ns if this_version else -1, st.st_size,
                                  Path(entry.path)))
    except OSError:
        return
    total = sum(size for _, size, _ in found)
    if total <= limits.CACHE_BYTES:
        return
    for _, size, path in sorted(found, key=lambda f: (f[0], str(f[2]))):
        if total <= limits.CACHE_BYTES * 3 // 4:
            break
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
