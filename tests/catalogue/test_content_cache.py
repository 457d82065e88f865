"""The content cache (nuffle.catalogue.cache): what loading a file found, kept between runs.

Loading with the cache must find exactly what loading from source finds (items, data, syntax
trees with their positions, the places of every value, diagnostics); a cache file that is
not exactly right is ignored and the file loaded again; the folder is private, writes are
whole, the size is bounded. Work is counted (files really loaded), never timed.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest

from nuffle import limits
from nuffle.catalogue import cache, loader
from nuffle.catalogue.loader import load_catalogue
from nuffle.cli.main import main
from tests.conftest import ABILITY_HEAD

HEAD = ABILITY_HEAD.format(id="probe")
CLEAN = HEAD + "rules: |\n  after catch:\n      reroll\n"


@pytest.fixture
def sources(monkeypatch) -> list[str]:
    """The files really loaded from source (load_item runs once for each)."""
    seen: list[str] = []
    real = loader.load_item

    def counting(doc):
        seen.append(doc.path)
        return real(doc)
    monkeypatch.setattr(loader, "load_item", counting)
    return seen


def entries(where: Path) -> list[Path]:
    return sorted(where.glob("content-*/*.json"))


def forget() -> None:
    """What the process remembers, so the next load reads the cache (or the source)."""
    loader._LOADED.clear()


# ---- the same results either way --------------------------------------------------------

def spans(node: object) -> object:
    """A syntax tree with every field, positions included (the nodes' == leaves them out)."""
    if is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__, [(f.name, spans(getattr(node, f.name)))
                                      for f in fields(node)])
    if isinstance(node, tuple):
        return ("tuple", [spans(n) for n in node])
    return (type(node).__name__, node)


def places(marks: dict) -> dict:
    return {path: (n.start_mark.line, n.start_mark.column, n.end_mark.line, n.end_mark.column,
                   getattr(n, "style", None)) for path, n in marks.items()}


def everything(catalogue, diags, docs) -> dict:
    """All a load found, in plain values, positions included."""
    out: dict = {"diagnostics": [d.to_json() for d in diags]}
    for path, doc in docs.items():
        out[path] = {
            "text": doc.text, "data": doc.data, "doc_diagnostics": doc.diagnostics,
            "values": places(doc.value_marks), "keys": places(doc.key_marks),
            "positions": {p: doc.position(p) for p in [*doc.value_marks, ("nowhere",)]},
            "key_positions": {p: doc.position(p, key=True) for p in doc.key_marks},
        }
    for key, item in catalogue.items.items():
        out[key] = {
            "kind": item.kind, "id": item.id, "path": item.path, "data": item.data,
            "same data": item.data is item.doc.data, "schema_ok": item.schema_ok,
            "rules": [(r.path, r.kind, r.source, spans(r.ast),
                       vars(item.doc.rules_source(r.path))) for r in item.rules],
        }
    return out


def test_all_bundled_content_loads_the_same_from_the_cache(cache_dir, sources) -> None:
    cold = everything(*load_catalogue())
    loaded = len(sources)
    assert loaded > 900 and len(entries(cache_dir)) == loaded
    forget()
    warm = everything(*load_catalogue())
    assert len(sources) == loaded  # not one file loaded again: all came from the cache
    assert warm == cold
    assert any(item["rules"] for key, item in cold.items() if isinstance(key, tuple))


def test_the_places_of_values_are_built_only_when_asked_for(cache_dir) -> None:
    """A load from the cache decodes, checks and builds an entry's places only for a
    document asked where a value is (damaged ones are read again from the YAML, above):
    the site asks none."""
    load_catalogue()
    forget()
    before = cache.BUILT["marks"]
    catalogue, _, docs = load_catalogue()
    assert cache.BUILT["marks"] == before
    doc = next(iter(docs.values()))
    assert doc.position(("id",)) != (1, 1, None) and cache.BUILT["marks"] == before + 1
    doc.position(("kind",), key=True)
    assert cache.BUILT["marks"] == before + 1  # once per document


BROKEN = {
    "abilities/syntax.yaml": HEAD.replace("probe", "syntax") + "rules: |\n  after catch\n",
    "abilities/schema.yaml": HEAD.replace("probe", "schema") + "colour: red\n",
    "abilities/markup.yaml": CLEAN.replace("probe", "markup").replace(
        "text: A test.", "text: A <b>test</b>."),
    "abilities/names.yaml": HEAD.replace("probe", "names") + "rules: |\n  after nothing:\n"
                            "      frobnicate\n",
    "abilities/yaml.yaml": "kind: ability\nid: [unclosed\n",
    "abilities/twice.yaml": CLEAN.replace("probe", "twice") + "id: again\n",
    "abilities/date.yaml": CLEAN.replace("probe", "date") + "when: 2024-01-01\n",
    "abilities/separator.yaml": CLEAN.replace("probe", "separator").replace(
        "A test.", "A\u2028test."),
    "abilities/quoted.yaml": HEAD.replace("probe", "quoted") + 'rules: "after catch: reroll"\n',
    "abilities/empty.yaml": "",
    "abilities/clean.yaml": CLEAN.replace("probe", "clean"),
}


def test_broken_files_load_the_same_from_the_cache(cache_dir, sources, tree) -> None:
    for name, text in BROKEN.items():
        tree.write(name, text)
    cold = everything(*load_catalogue([tree.root], with_bundled=False))
    assert sorted((Path(d["path"]).stem, d["code"]) for d in cold["diagnostics"]) == [
        ("date", "S302"), ("empty", "Y001"), ("markup", "S307"), ("names", "N101"),
        ("names", "N102"), ("schema", "S301"), ("schema", "S302"), ("separator", "Y009"),
        ("syntax", "E103"), ("twice", "Y002"), ("yaml", "Y001")]
    # a date has no JSON form: that file is not kept, and is loaded again each time
    assert len(entries(cache_dir)) == len(BROKEN) - 1
    forget()
    sources.clear()
    warm = everything(*load_catalogue([tree.root], with_bundled=False))
    assert warm == cold
    assert [Path(s).name for s in sources] == ["date.yaml"]


def test_a_changed_file_alone_is_loaded_again(cache_dir, sources, tree) -> None:
    for name in ("one", "two", "three"):
        tree.write(f"abilities/{name}.yaml", CLEAN.replace("probe", name))
    load_catalogue([tree.root], with_bundled=False)
    assert len(sources) == 3
    forget()
    sources.clear()
    tree.write("abilities/two.yaml", CLEAN.replace("probe", "two").replace("A test.", "Changed."))
    _, diags, docs = load_catalogue([tree.root], with_bundled=False)
    assert [Path(s).name for s in sources] == ["two.yaml"]
    assert "Changed." in docs[next(p for p in docs if p.endswith("two.yaml"))].text
    assert diags == []


# ---- a cache file is untrusted input ----------------------------------------------------

def one_entry(cache_dir: Path, tree) -> tuple[Path, dict, list]:
    """A clean ability with rules, loaded once: its entry and what loading found."""
    tree.write("abilities/probe.yaml", CLEAN)
    found = load_catalogue([tree.root], with_bundled=False)
    (entry,) = entries(cache_dir)
    return entry, json.loads(entry.read_text(encoding="utf-8")), [everything(*found)]


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


HOSTILE = {
    "truncated": lambda raw, text: text[:len(text) // 2],
    "not json": lambda raw, text: "\x00\x01 not json",
    "not utf-8": lambda raw, text: b"\xff\xfe" + text.encode(),
    "deep nesting": lambda raw, text: deep(100_000),
    "a list": lambda raw, text: "[1, 2, 3]",
    "another version": lambda raw, text: json.dumps({**raw, "fingerprint": "0" * 64}),
    "another format": lambda raw, text: json.dumps({**raw, "format": 0}),
    "another file": lambda raw, text: json.dumps({**raw, "path": "elsewhere.yaml"}),
    "other bytes": lambda raw, text: json.dumps({**raw, "sha256": "0" * 64}),
    "a line as text": lambda raw, text: with_places(
        raw, lambda paths, values, keys: [paths, [["1", *values[0][1:]], values[1]], keys]),
    "a style that is no style": lambda raw, text: with_places(
        raw, lambda paths, values, keys: [paths, [values[0], "?" * len(values[1])], keys]),
    "a path row out of range": lambda raw, text: with_places(
        raw, lambda paths, values, keys: [[[5, "x"]], values, keys]),
    "a path naming a later row": lambda raw, text: with_places(
        raw, lambda paths, values, keys: [[[-1, "a"], [2, "b"], [1, "c"], *paths[3:]], values,
                                          keys]),
    "a mark past the table of paths": lambda raw, text: with_places(
        raw, lambda paths, values, keys: [paths, [[len(paths), *values[0][1:]], values[1]],
                                          keys]),
    "places that are not JSON": lambda raw, text: json.dumps({**raw, "places": "[[[-1,"}),
    "places that are not a text": lambda raw, text: json.dumps(
        {**raw, "places": json.loads(raw["places"])}),
    "a diagnostic of the wrong shape": lambda raw, text: json.dumps(
        {**raw, "diagnostics": [["E100", "m", "1", 1, None, None, "error"]]}),
    "a class outside the syntax tree": lambda raw, text: with_tree(raw, ["Diagnostic", "x"]),
    "a dunder class": lambda raw, text: with_tree(raw, ["__class__"]),
    "a node of the wrong kind": lambda raw, text: with_tree(raw, ["Number", 1, 1, 1, 1, 1]),
    "a field of the wrong type": lambda raw, text: with_tree(raw, ["Rules", "x", 1, 1, 1, 1]),
    "a tree too deep": lambda raw, text: with_tree(
        raw, ["Rules", 0, 0, 0, 0, [["Claim", 0, 0, 0, 0, nested_not(200)]]]),
    "a tree that is not JSON": lambda raw, text: with_tree(raw, "[\"Rules\", 0,", text=False),
    "a tree that is not a text": lambda raw, text: with_tree(raw, ["Rules"], text=False),
    "a number past the limit": lambda raw, text: json.dumps({**raw, "data": {
        **raw["data"], "cost": limits.NUMBER + 1}}),
    "data nested too deep": lambda raw, text: json.dumps({**raw, "data": json.loads(
        deep(limits.YAML_DEPTH + 5))}),
    "an item without data": lambda raw, text: json.dumps({**raw, "data": None}),
}


def with_places(raw: dict, change) -> str:
    """The entry with its places (JSON text: paths, values, keys) changed."""
    return json.dumps({**raw, "places": json.dumps(change(*json.loads(raw["places"])))})


def with_tree(raw: dict, tree: object, text: bool = True) -> str:
    """The entry with its first rules' tree replaced (as JSON text, or as it is)."""
    rules = {**raw["item"]["rules"][0], "ast": json.dumps(tree) if text else tree}
    return json.dumps({**raw, "item": {**raw["item"], "rules": [rules]}})


def nested_not(levels: int) -> list:
    node: list = ["Bool", 0, 0, 0, 0, True]
    for _ in range(levels):
        node = ["Not", 0, 0, 0, 0, node]
    return node


# a damaged syntax tree is found when the tree is built (when first asked for): its rules
# text is parsed again, not the whole file loaded
TREE_DAMAGE = ("a class outside the syntax tree", "a dunder class", "a node of the wrong kind",
               "a field of the wrong type", "a tree too deep", "a tree that is not JSON")
# damaged places are found when first asked for: read again from the file's YAML, neither
# the file loaded again nor its rules parsed
PLACES_DAMAGE = ("a line as text", "a style that is no style", "a path row out of range",
                 "a path naming a later row", "a mark past the table of paths",
                 "places that are not JSON")


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The rules texts parsed (parse_rules runs once for each)."""
    from nuffle.dsl import parser
    seen: list[str] = []
    real = parser.parse_rules

    def counting(text, source=None):
        seen.append(text)
        return real(text, source)
    monkeypatch.setattr(parser, "parse_rules", counting)
    return seen


@pytest.mark.parametrize("damage", list(HOSTILE))
def test_a_damaged_entry_is_ignored_and_the_file_loaded_again(cache_dir, sources, parses, tree,
                                                              damage) -> None:
    entry, raw, (cold,) = one_entry(cache_dir, tree)
    damaged = HOSTILE[damage](raw, entry.read_text(encoding="utf-8"))
    entry.write_bytes(damaged if isinstance(damaged, bytes) else damaged.encode())
    forget()
    sources.clear()
    parses.clear()
    read_again = cache.BUILT["read again"]
    again = everything(*load_catalogue([tree.root], with_bundled=False))
    assert again == cold
    assert cache.BUILT["read again"] - read_again == (damage in PLACES_DAMAGE)
    if damage in TREE_DAMAGE:  # the rules parsed again, not the file loaded
        assert sources == [] and len(parses) == 1
    elif damage in PLACES_DAMAGE:  # the places read again from the YAML
        assert sources == [] and parses == []
    else:  # loaded from source, not from the damaged entry (its rules' tree kept by text)
        assert len(sources) == 1 and parses == []


def test_an_entry_as_it_was_written_is_used(cache_dir, sources, tree) -> None:
    """The control for the damaged entries: the same entry, untouched, is read."""
    _, _, (cold,) = one_entry(cache_dir, tree)
    forget()
    sources.clear()
    assert everything(*load_catalogue([tree.root], with_bundled=False)) == cold
    assert sources == []


def test_an_entry_past_its_size_limit_is_not_read_nor_written(cache_dir, sources, tree,
                                                               monkeypatch) -> None:
    entry, _, (cold,) = one_entry(cache_dir, tree)
    monkeypatch.setattr(limits, "CACHE_ENTRY_BYTES", entry.stat().st_size - 1)
    forget()
    sources.clear()
    assert everything(*load_catalogue([tree.root], with_bundled=False)) == cold
    assert len(sources) == 1
    entry.unlink()
    forget()
    load_catalogue([tree.root], with_bundled=False)
    assert entries(cache_dir) == []


def test_an_entry_that_is_not_a_regular_file_is_ignored(cache_dir, sources, tree) -> None:
    entry, _, (cold,) = one_entry(cache_dir, tree)
    entry.unlink()
    entry.mkdir()
    forget()
    sources.clear()
    assert everything(*load_catalogue([tree.root], with_bundled=False)) == cold
    assert len(sources) == 1


# ---- where, and how it is written --------------------------------------------------------

def test_the_cache_folder_is_private_and_holds_no_half_written_file(cache_dir, tree) -> None:
    one_entry(cache_dir, tree)
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700
    (sub,) = cache_dir.glob("content-*")
    assert stat.S_IMODE(sub.stat().st_mode) == 0o700
    assert [p.name for p in sub.iterdir() if not p.name.endswith(".json")] == []
    assert [p for p in sub.iterdir() if p.name.startswith(".")] == []


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_cache_folder_others_can_read_is_made_private(cache_dir, tree) -> None:
    cache_dir.mkdir()
    cache_dir.chmod(0o755)  # `mkdir` with the usual umask: no one else can write in it
    one_entry(cache_dir, tree)
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
@pytest.mark.parametrize("mode", [0o777, 0o770, 0o703, 0o1777])
def test_a_cache_folder_others_can_write_is_neither_used_nor_changed(cache_dir, tree, capsys,
                                                                    mode) -> None:
    """Another user could have planted entries in it, or it is a shared folder (such as
    /tmp) the user named: nothing is read, written or made private there; they are told."""
    cache_dir.mkdir()
    (cache_dir / "theirs.txt").write_text("not ours")
    cache_dir.chmod(mode)
    tree.write("abilities/probe.yaml", CLEAN)
    load_catalogue([tree.root], with_bundled=False)
    load_catalogue([tree.root], with_bundled=False)
    assert [p.name for p in cache_dir.iterdir()] == ["theirs.txt"]
    assert stat.S_IMODE(cache_dir.stat().st_mode) == mode
    err = capsys.readouterr().err
    assert err.count("not using the cache folder") == 1, err  # told once, not per file
    assert f"chmod 700 {cache_dir}" in err


def test_where_the_cache_is(monkeypatch, tmp_path) -> None:
    from nuffle.paths import cache_dir
    monkeypatch.delenv("NUFFLE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "nuffle"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "nuffle"
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"


def test_no_cache_reads_and_writes_nothing(cache_dir, sources, tree, monkeypatch) -> None:
    tree.write("abilities/probe.yaml", CLEAN)
    monkeypatch.setenv("NUFFLE_NO_CACHE", "1")
    load_catalogue([tree.root], with_bundled=False)
    assert not cache_dir.exists()
    monkeypatch.delenv("NUFFLE_NO_CACHE")
    forget()
    load_catalogue([tree.root], with_bundled=False)
    assert len(entries(cache_dir)) == 1
    forget()
    sources.clear()
    monkeypatch.setenv("NUFFLE_NO_CACHE", "1")
    load_catalogue([tree.root], with_bundled=False)
    assert len(sources) == 1  # the entry there is not read


def test_the_no_cache_option_holds_for_its_command_only(cache_dir, sources, tree,
                                                        capsys) -> None:
    path = tree.write("abilities/probe.yaml", CLEAN)
    assert main(["check", "--no-cache", "--base", "none", str(tree.root)]) == 0
    assert "NUFFLE_NO_CACHE" not in os.environ
    assert entries(cache_dir) == [] and sources == [str(path)] or sources
    forget()
    assert main(["check", "--base", "none", str(tree.root)]) == 0
    assert any(e.read_text(encoding="utf-8").count("probe.yaml") for e in entries(cache_dir))
    capsys.readouterr()


def asking(real, asked: list):
    def ask(self, *args, **kwargs):
        asked.append(self)
        return real(self, *args, **kwargs)
    return ask


def test_the_oldest_entries_go_past_the_size_limit(cache_dir, tree, monkeypatch) -> None:
    for n in range(8):
        tree.write(f"abilities/a{n}.yaml", CLEAN.replace("probe", f"a{n}"))
    load_catalogue([tree.root], with_bundled=False)
    found = entries(cache_dir)
    assert len(found) == 8
    for age, entry in enumerate(sorted(found)):  # an order of writing to check against
        os.utime(entry, ns=(age * 10**9, age * 10**9))
    size = sum(e.stat().st_size for e in found)
    monkeypatch.setattr(limits, "CACHE_BYTES", size - 1)
    cache._written[0] = 1  # as after a run that wrote an entry
    asked: list[Path] = []  # each entry's kind comes with its folder's listing: no
    with monkeypatch.context() as patched:  # Path.stat or is_file asked of an entry
        for name in ("stat", "lstat", "is_file", "is_symlink"):
            patched.setattr(Path, name, asking(getattr(Path, name), asked))
        cache.tidy()
    assert asked == []
    kept = entries(cache_dir)
    assert sum(e.stat().st_size for e in kept) <= (size - 1) * 3 // 4
    assert kept == sorted(found)[len(found) - len(kept):]  # the newest are kept
    assert len(kept) >= 4


def test_the_grammar_tables_are_kept_in_the_private_cache(cache_dir, monkeypatch) -> None:
    from nuffle.dsl import parser
    parser._parser.cache_clear()
    try:
        parser.parse_rules("after catch:\n    reroll\n")
        tables = list(cache_dir.glob("grammar-*.lark-tables"))
        assert len(tables) == 1 and stat.S_IMODE(cache_dir.stat().st_mode) == 0o700
        monkeypatch.setenv("NUFFLE_NO_CACHE", "1")
        assert parser._tables_file("grammar") is False
    finally:
        parser._parser.cache_clear()


def test_a_load_resolves_no_file_path_twice(cache_dir, monkeypatch) -> None:
    """Each file's shown path is worked out from the path the load resolved already (each
    folder once), not by resolving every file again (a tenth of a warm load)."""
    load_catalogue()
    forget()
    resolved: list[Path] = []
    real = Path.resolve

    def counting(self, strict=False):
        resolved.append(self)
        return real(self, strict)
    monkeypatch.setattr(Path, "resolve", counting)
    catalogue, _, docs = load_catalogue()
    assert len(catalogue.items) > 900 and len(resolved) < 20
    assert all(not Path(shown).is_absolute() for shown in docs)  # shown from the checkout
