"""The work of making the site's pages, counted (never timed): what is the same for many
pages or both languages is made once. Each test fails if the work per page comes back."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from nuffle.sitegen import items, scenario_svg
from nuffle.sitegen.context import Site

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.yaml_source import YamlDocument
from nuffle.i18n import catalog, translations
from nuffle.i18n.entries import content_entries
from nuffle.paths import content_dir


@pytest.fixture(scope="module")
def catalogue():
    found, _, _ = load_catalogue()
    return found


def test_one_rules_renderer_per_edition_and_language(catalogue, monkeypatch) -> None:
    """The Italian "rules as interpreted" needs a language made from every glossary: it is
    made once per edition, not once per page (it was a fifth of the Italian pages)."""
    made: list[str] = []
    real = translations.rules_language

    def counted(lang, game, cat):
        made.append(game)
        return real(lang, game, cat)
    monkeypatch.setattr(translations, "rules_language", counted)
    site = Site.of(catalogue, "it")
    abilities = [i for i in catalogue.of_kind("ability") if i.game == "blitz-bowl"]
    assert len(abilities) > 10
    renderers = {id(site.english(i)) for i in abilities}
    assert len(renderers) == 1 and made == ["blitz-bowl"]
    # each rule is rendered afresh: the same sentences as a new renderer's
    fresh = Site.of(catalogue, "it")
    for item in abilities:
        for rules in item.rules:
            if rules.ast is not None:
                assert site.english(item).sentences(rules.ast) == \
                    fresh.english(item).sentences(rules.ast)
                fresh.renderers.clear()


def test_a_pitch_is_drawn_once_for_all_its_scenarios(catalogue, monkeypatch) -> None:
    """The squares of a scenario's pitch (hundreds of elements) depend on the pitch only:
    drawn once, the same drawing as before for every scenario."""
    scenario_svg._PITCHES.clear()
    drawn: list[object] = []
    real = scenario_svg._draw_pitch

    def counted(pic, pitch, first):
        drawn.append(pic)
        return real(pic, pitch, first)
    monkeypatch.setattr(scenario_svg, "_draw_pitch", counted)
    site = Site.of(catalogue)
    scenarios = [i for i in catalogue.of_kind("scenario") if i.game == "blitz-bowl"
                 and (i.data.get("setup") or {}).get("pitch", "one-trapdoor") == "one-trapdoor"
                 and i.data.get("setup", {}).get("first") != "away"][:30]
    assert len(scenarios) == 30
    figures = [scenario_svg.scenario_figure(site, s) for s in scenarios]
    assert len(drawn) == 1
    drawings = list(site.fragments.values())
    pitch = catalogue.get("pitch", "one-trapdoor", "blitz-bowl").data
    squares = "\n".join(real(drawn[0], pitch, "home"))
    assert all(squares in d for d in drawings) and len(figures) == 30


def test_scenario_yaml_is_dumped_once_per_text(monkeypatch) -> None:
    """The same steps and expectations (both languages, repeated steps) are dumped once; the
    text is the one yaml.safe_dump writes, and values that print alike in YAML's input but
    differ (true and 1, "1" and 1) are not mixed up."""
    items._DUMPED.clear()
    dumps: list[object] = []
    real = yaml.dump

    def counted(data, *args, **options):
        dumps.append(data)
        return real(data, *args, **options)
    monkeypatch.setattr(yaml, "dump", counted)
    data = {"score": {"home": 1}, "ok": True, "name": "1", "list": [1, 2.5, None]}
    first = items._yaml(data)
    assert first == yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                   width=88).rstrip()
    dumps.clear()  # safe_dump goes through yaml.dump too
    assert items._yaml(dict(data)) == first and dumps == []
    assert items._yaml({**data, "ok": 1}) != first
    assert items._yaml({**data, "name": 1}) != first
    assert len(dumps) == 2


def test_the_site_entries_leave_out_the_notes_and_lines_only(catalogue, monkeypatch) -> None:
    """The site reads the content's entries without the translators' notes (each text's
    rules put into words: most of the time spent there) and each text's line (a document
    from the content cache asked where a value is builds all its places): every other
    field is the same, and no document is asked."""
    with_notes = content_entries(catalogue)
    asked: list[tuple] = []
    real = YamlDocument.position
    monkeypatch.setattr(YamlDocument, "position",
                        lambda self, *args, **kwargs: asked.append(args) or real(self, *args,
                                                                                **kwargs))
    without = content_entries(catalogue, notes=False)
    assert asked == []
    assert any(n.startswith("rules: ") for e in with_notes for n in e.notes)
    assert not any(n.startswith("rules: ") for e in without for n in e.notes)
    assert any(e.line > 1 for e in with_notes) and {e.line for e in without} == {0}
    assert [replace(e, notes=[], line=0) for e in with_notes] == \
        [replace(e, notes=[]) for e in without]


def test_a_catalog_is_parsed_once_per_version(tmp_path: Path, monkeypatch) -> None:
    """Its readers that never change it share one parse; a changed file is read again."""
    copy = tmp_path / "content"
    shutil.copytree(content_dir() / "locales", copy / "locales")
    monkeypatch.setenv("NUFFLE_CONTENT", str(copy))
    parsed: list[str] = []
    real = catalog.read_catalog

    def counted(path):
        parsed.append(str(path))
        return real(path)
    monkeypatch.setattr(catalog, "read_catalog", counted)
    first = catalog.load_shared("it", "site")
    assert catalog.load_shared("it", "site") is first and len(parsed) == 1
    path = copy / "locales" / "it" / "site.po"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\nmsgctxt "x"\nmsgid "A new one"\nmsgstr "Una nuova"\n',
                    encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    again = catalog.load_shared("it", "site")
    assert len(parsed) == 2 and again is not first
    assert any(e.msgid == "A new one" for e in again)
    assert catalog.load_shared("xx", "site") is None  # no catalog: none, as `load`


def test_template_examples_are_checked_once_per_process(catalogue, monkeypatch) -> None:
    """The language reference's examples made from templates depend on the vocabulary only:
    the second language (or build) parses and checks none of them again, and gets the same
    examples."""
    from nuffle.sitegen import reference
    first = reference.examples(Site.of(catalogue))
    made: list[tuple] = []
    real = reference.template_example

    def counted(*args):
        made.append(args)
        return real(*args)
    monkeypatch.setattr(reference, "template_example", counted)
    monkeypatch.setattr(reference, "attribute_example", counted)
    assert reference.examples(Site.of(catalogue, "it")) == first
    assert made == []
    assert any(e.origin == "template" for e in first.values())


def test_the_configuration_is_written_as_safe_dump_writes_it() -> None:
    """The configuration goes through libyaml's emitter (where PyYAML has it): the same
    text as the pure-Python `safe_dump`, so MkDocs reads the same settings."""
    from nuffle.sitegen.build import config_text
    settings = {"site_name": "Nuffle: «règles»", "nav": [
        {"Home": "index.md"}, {"Équipes & co": ["teams/index.md", "teams/orc--blood-bowl.md"]},
        {"'quoted' \"both\"": [{"a: b": "x #y.md"}, "- dash.md"]}],
        "extra": {"empty": [], "none": None, "on": True, "n": 1.5, "long": "word " * 40}}
    assert config_text(settings) == yaml.safe_dump(settings, sort_keys=False,
                                                   allow_unicode=True)


def test_localizing_copies_only_the_paths_to_translated_texts(catalogue, monkeypatch) -> None:
    """The Italian catalogue is what translating a deep copy of every item gives, without
    the deep copy: an item's data is copied along the paths to its translated texts, the
    rest shared with the English, which stays as it was."""
    import copy

    from nuffle.i18n import localize
    english = copy.deepcopy({key: item.data for key, item in catalogue.items.items()})
    entries = content_entries(catalogue, notes=False)
    expected = copy.deepcopy(english)  # the translations put in place in a whole copy
    current = localize.current_translations("it")
    printed = localize._content_facts("it")[1]
    for entry in entries:
        translation = current.get((entry.context, entry.text))
        if translation and entry.key in expected:
            node = expected[entry.key]
            for key in entry.data_path[:-1]:
                node = node[key]
            node[entry.data_path[-1]] = translation
            if entry.data_path == ("text",):
                expected[entry.key]["text_source"] = \
                    "printed" if entry.context in printed else "translated"
    deep: list[object] = []
    monkeypatch.setattr(localize.copy, "deepcopy", lambda *a, **k: deep.append(a))
    italian, _ = localize.localized_catalogue(catalogue, "it", entries)
    assert deep == []
    assert {key: item.data for key, item in italian.items.items()} == expected
    assert {key: item.data for key, item in catalogue.items.items()} == english
    shared = [key for key, item in italian.items.items()
              if item.data is catalogue.items[key].data]
    assert len(shared) < len(catalogue.items)  # the translated ones were copied
    orc = ("team", "orc", "blitz-bowl")
    assert italian.items[orc].data["positions"] is not catalogue.items[orc].data["positions"]


@pytest.mark.parametrize("spoil", [b"", b"{not json", b'{"format": 1, "entries": [[1]]}',
                                   b'{"format": 1, "entries": [["a","b","c","d","5",[]]]}'])
def test_the_site_strings_are_extracted_once_per_source(tmp_path: Path, monkeypatch,
                                                         spoil: bytes) -> None:
    """Babel reads the generator's modules once; later builds take the strings from the
    private cache folder, and a spoilt entry (empty, not JSON, not entries) is a miss."""
    from babel.messages import extract

    from nuffle.i18n.domains import site_entries
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(tmp_path))
    read: list[str] = []
    real = extract.extract_from_file

    def counting(method, filename, *args, **kwargs):
        read.append(filename)
        return real(method, filename, *args, **kwargs)
    monkeypatch.setattr(extract, "extract_from_file", counting)
    first = site_entries()
    modules = len(read)
    assert modules > 20 and len(first) > 200
    assert site_entries() == first and len(read) == modules
    [kept] = tmp_path.glob("site-strings-*.json")
    kept.write_bytes(spoil)
    assert site_entries() == first and len(read) == 2 * modules
    assert site_entries() == first and len(read) == 2 * modules


def test_the_games_content_is_cut_from_the_sites(tmp_path: Path, monkeypatch) -> None:
    """The balance page's games' content (the bundled content without its scenarios) is cut
    from the content the site loaded, not loaded a second time: the same items, so the same
    pairing keys and content version as `game_content` loads."""
    from nuffle.interpreter.content import content_version
    from nuffle.sitegen import balance, build

    from nuffle.catalogue import loader
    site_content, diags, _ = build.load_site_content()
    cut = build.game_content_of(site_content, diags, build.BuildOptions(out=tmp_path))
    loaded = balance.game_content()
    assert cut is not None and cut.items.keys() == loaded.items.keys()
    assert balance.pairing_keys(cut, 10) == balance.pairing_keys(loaded, 10)
    assert content_version(cut, "blitz-bowl") == content_version(loaded, "blitz-bowl")
    loads: list[object] = []
    real = loader.load_catalogue
    monkeypatch.setattr(loader, "load_catalogue", lambda *a, **k: loads.append(a) or real(*a, **k))
    build.generate(build.BuildOptions(out=tmp_path))
    assert len(loads) == 1  # the site's content; the games' is cut from it
    with_pack = build.BuildOptions(out=tmp_path, content=(tmp_path,))
    assert build.game_content_of(site_content, diags, with_pack) is None  # loaded with it


def test_the_configuration_is_loaded_from_the_settings_as_from_the_file(tmp_path: Path) -> None:
    """MkDocs gets the settings as they are, not read back by its YAML reader from the file
    that holds them: the same configuration, plugin for plugin."""
    from mkdocs.config import load_config
    from nuffle.sitegen.build import BuildOptions, config_text, loaded_config, mkdocs_config
    pages = {"index.md": "# Home\n", "teams/index.md": "# Teams\n", "teams/orc.md": "# Orc\n",
             "teams/orc.it.md": "# Orchi\n", "guide/site.md": "# Site\n"}
    settings = mkdocs_config(BuildOptions(out=tmp_path), pages)
    path = tmp_path / "mkdocs.yml"
    path.write_text(config_text(settings), encoding="utf-8")
    (tmp_path / "docs").mkdir()
    from_file, given = load_config(str(path)), loaded_config(path, settings)
    assert given.config_file_path == from_file.config_file_path
    assert sorted(given) == sorted(from_file)
    for key in from_file:
        if key == "plugins":
            assert list(given[key]) == list(from_file[key])
            for name in from_file[key]:
                assert dict(given[key][name].config) == dict(from_file[key][name].config)
        elif key == "theme":
            assert given[key] == from_file[key]
        else:
            assert given[key] == from_file[key], key


def test_a_build_that_plays_no_games_imports_no_game_machinery(tmp_path: Path) -> None:
    """The balance page's tallies read from the cache (here none, and no games asked
    for): the bots, the game runner and its processes are imported only when games are
    played."""
    code = ("import sys; from pathlib import Path; from nuffle.sitegen import balance, build; "
            "content, diags, _ = build.load_site_content(); "
            "cut = build.game_content_of(content, diags, build.BuildOptions(out=Path('.'))); "
            f"balance.load_or_simulate(Path({str(tmp_path)!r}), 2, 1, False, content=cut); "
            "print(sorted(m for m in ('nuffle.interpreter.simulate', 'nuffle.interpreter.bots',"
            " 'nuffle.interpreter.balance_sweep', 'multiprocessing') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_references_parsing_is_kept_for_a_new_process(catalogue) -> None:
    """The names each rules text uses and the template examples' verdicts are kept in the
    cache folder (rules_kept.py): a new process walks no syntax tree and parses and
    checks no example, and gets the same examples; an entry or a file of another shape
    is work done again, never an error."""
    import json

    from nuffle.sitegen import reference, rules_kept
    work = rules_kept.WORK

    def in_a_new_process() -> tuple[dict, int, int]:
        """The examples, and how many texts were walked and examples checked."""
        rules_kept._KEPT.clear()
        reference._attribute_example.cache_clear()
        reference._checked_template.cache_clear()
        before = replace(work)
        found = reference.examples(Site.of(catalogue, "it"))
        return found, work.walked - before.walked, work.checked - before.checked

    path = rules_kept._file()
    assert path is not None
    path.unlink(missing_ok=True)
    first, walked, checked = in_a_new_process()
    assert walked > 200 and checked > 50
    assert in_a_new_process() == (first, 0, 0)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["usage"][next(iter(raw["usage"]))] = [["hook"], []]  # three lists short
    raw["verdicts"][next(iter(raw["verdicts"]))] = "yes"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert in_a_new_process() == (first, 1, 1)
    path.write_text('{"format": 1, "usage": [', encoding="utf-8")
    assert in_a_new_process() == (first, walked, checked)


def test_the_coverage_pages_compile_verdicts_are_kept_for_a_new_process(catalogue) -> None:
    """Whether each item's rules compile (the coverage page's engine column) is kept in the
    cache folder with the reference's findings (rules_kept.py): a new process compiles
    nothing and finds the same rows; a verdict of another shape is compiled again."""
    import json

    from nuffle.sitegen import coverage, rules_kept
    work = rules_kept.WORK

    def in_a_new_process() -> tuple[list, int]:
        rules_kept._KEPT.clear()
        before = work.compiled
        return coverage.coverage_rows(Site.of(catalogue), []), work.compiled - before

    path = rules_kept._file()
    assert path is not None
    path.unlink(missing_ok=True)
    first, compiled = in_a_new_process()
    assert compiled > 200 and any(row["engine"] for row in first)
    assert in_a_new_process() == (first, 0)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["compiles"][next(iter(raw["compiles"]))] = 1
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert in_a_new_process() == (first, 1)


def test_links_between_pages_are_worked_out_once_per_pair_of_folders(catalogue) -> None:
    """`context.relative` gives what posixpath.relpath gives for every pair of the site's
    pages (and odd paths), working out each pair of folders once."""
    import posixpath

    from nuffle.sitegen import context
    site = Site.of(catalogue)
    pages = sorted({site.item_path(item) for item in catalogue.sorted_items()
                    if item.kind not in ("glossary", "roster", "ruling")})
    odd = ["index.md", "../x.md", "x/../y.md", "./z.md", "teams/", "a/b/c/d.md"]
    context._relative_folder.cache_clear()
    pairs = 0
    for target in [*pages[::7], *odd]:
        for here in [*pages[::50], *odd]:
            assert context.relative(target, here) == \
                posixpath.relpath(target, posixpath.dirname(here) or ".")
            pairs += 1
    assert context._relative_folder.cache_info().misses < pairs / 10


def test_each_title_is_put_in_dictionary_order_once(catalogue) -> None:
    """The navigation of each language and the indexes sort the same titles: each title's
    key (titles.sort_key: accents and case aside) is worked out once in a process."""
    from nuffle.sitegen import build as build_module
    from nuffle.sitegen.titles import sort_key
    pages = {f"abilities/{item.id}.md": f"# {item.data.get('name', item.id)}\n"
             for item in catalogue.of_kind("ability", "blitz-bowl")}
    pages["abilities/index.md"] = "# Abilities\n"
    sort_key.cache_clear()
    first = build_module.nav(pages)
    worked_out = sort_key.cache_info().misses
    assert build_module.nav(pages) == first and len(pages) - 1 <= worked_out <= len(pages)
    assert sort_key.cache_info().misses == worked_out
