"""Translations that cannot lie or break anything: a translation with foreign fields, markup
or control characters is never used (the reader sees the English); a catalog that cannot be
read is a diagnostic (I106) in every command, never a traceback, and breaks no other
language; a language code can never name a folder outside content/locales.

The command-line tests run `nuffle` in a subprocess on a copy of content/ (NUFFLE_CONTENT):
the catalogs are read once per process."""

from __future__ import annotations

import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from nuffle.dsl.parser import parse_rules
from nuffle.dsl.render import RulesRenderer
from nuffle.interpreter.blitz_bowl.narrate import Words
from nuffle.interpreter.vocabulary import vocabulary

from nuffle.i18n import translations
from nuffle.i18n.catalog import CatalogError, is_language_code, load, locale_path, read_catalog
from nuffle.i18n.grammar import GrammarLanguage, grammar_for
from nuffle.limits import CATALOG_BYTES

REPO = Path(__file__).resolve().parents[2]
KINDS = ("garbage", "not-utf8", "folder", "too-large")
# narrative translations that would crash the play-by-play, reach into live objects, or
# reach the terminal; each message is said in every game
HOSTILE = {
    "narrative/toss-won": "{team.nope} vince il lancio della moneta",
    "narrative/turn-start": "round {round}: turno di {team.__class__}",
    "narrative/turn-ended": "{0} termina il turno",
    "narrative/game-header": "<script>alert()</script>{home} contro {away} ({home_bot}, "
                             "{away_bot}), seme {seed}",
    "narrative/final-score": "\x1b[31mPunteggio finale: {home} {home_score} - {away_score} "
                             "{away}: {result} ({reason}, round {rounds}).",
}
ENGLISH_LINES = ("win the toss", "round 1: ", "ends the turn", "(home, greedy bot) v",
                 "Final score: ")


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A copy of the bundled content to break."""
    copy = tmp_path / "content"
    shutil.copytree(REPO / "content", copy, ignore=shutil.ignore_patterns("*.mo"))
    return copy


@pytest.fixture
def fresh(monkeypatch):
    """Read catalogs from ``content`` in this process: point NUFFLE_CONTENT at it and forget
    what was read before (and after)."""
    def use(folder: Path) -> None:
        monkeypatch.setenv("NUFFLE_CONTENT", str(folder))
        translations.translated.cache_clear()
    yield use
    translations.translated.cache_clear()


def nuffle(content: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "NUFFLE_CONTENT": str(content)}
    return subprocess.run([sys.executable, "-m", "nuffle.cli.main", *args], capture_output=True,
                          text=True, env=env, cwd=content.parent, check=False, timeout=600)


def set_translations(path: Path, texts: dict[str, str]) -> None:
    po = polib.pofile(str(path), wrapwidth=88)
    for entry in po:
        if entry.msgctxt in texts:
            entry.msgstr = texts[entry.msgctxt]
    po.save(str(path))


def break_catalog(path: Path, kind: str) -> int | None:
    """Make the catalog at ``path`` unreadable in one way; the line the diagnostic names."""
    lines = len(path.read_bytes().splitlines())
    if kind == "garbage":
        with path.open("a", encoding="utf-8") as f:
            f.write("\nthis is not a PO line\n")
        return lines + 2
    if kind == "not-utf8":
        with path.open("ab") as f:
            f.write(b'\nmsgctxt "x"\nmsgid "x"\nmsgstr "citt\xe0"\n')
        return lines + 4
    if kind == "folder":
        path.unlink()
        path.mkdir()
        return None
    with path.open("r+b") as f:  # sparse: no 16 MB written
        f.truncate(CATALOG_BYTES + 1)
    return None


def assert_i106(done: subprocess.CompletedProcess, status: int, line: int | None,
                stream: str = "stderr") -> None:
    text = getattr(done, stream)
    where = f"narrative.po:{line}: " if line else "narrative.po: "
    assert f"{where}error[I106]" in text, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == status, (done.stdout, done.stderr)


# ---- reading: a translation that could lie or break something is never used -----------

def test_reading_drops_every_unsafe_translation(content: Path, fresh) -> None:
    set_translations(content / "locales/it/narrative.po", HOSTILE)
    fresh(content)
    texts = translations.by_context("it", "narrative")
    assert not set(HOSTILE) & set(texts)
    assert texts["narrative/touchdown"] == "META di {player}!"  # the good ones stay


def test_a_hostile_template_gives_the_english_line() -> None:
    words = Words(templates={"toss-won": "{team.__class__} vince", "stands-up": "{player.id} su",
                             "turn-ended": "{team!r} fine", "overtime": "una {{graffa}}",
                             "touchdown": "META di {player} {0}"})
    assert words.message("toss-won", {"team": "Orc"}) == "Orc win the toss"
    assert words.message("stands-up", {"player": "home.p1"}) == "home.p1 stands up"
    assert words.message("turn-ended", {"team": "Orc"}) == "Orc ends the turn"
    assert words.message("overtime", {}) == "una {graffa}"  # a doubled brace is a brace
    # a plain field the message lacks is harmless here, shown as written (reading drops it)
    assert words.message("touchdown", {"player": "home.p1"}) == "META di home.p1 {0}"


def test_rules_as_interpreted_fill_frames_and_query_phrases_as_text_only() -> None:
    rules = parse_rules("before action where team is opponent and adjacent(player, self): "
                        "cancel\n")
    english = RulesRenderer(vocabulary("blitz-bowl")).sentences(rules)
    hostile = GrammarLanguage("it", "blitz-bowl",
                      {"timing/before": "{event.__class__}", "op/and": "{left[0]} e"},
                      {("query", "adjacent"): "{0.__class__} è adiacente a {1}"}, {},
                              grammar_for("it")[0])
    (sentence,) = RulesRenderer(vocabulary("blitz-bowl"), language=hostile).sentences(rules)
    assert "class" not in sentence and "[0]" not in sentence
    assert "is adjacent to" in english[0] and "is adjacent to" in sentence
    good = GrammarLanguage("it", "blitz-bowl", {}, {("query", "adjacent"): "{0} è adiacente a {1}"},
                           {}, grammar_for("it")[0])
    (sentence,) = RulesRenderer(vocabulary("blitz-bowl"), language=good).sentences(rules)
    assert "è adiacente a" in sentence


def test_play_with_hostile_narrative_translations_tells_them_in_english(content: Path) -> None:
    set_translations(content / "locales/it/narrative.po", HOSTILE)
    done = nuffle(content, "play", "--home", "human", "--away", "dwarf", "--seed", "3",
                  "--lang", "it")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    for line in ENGLISH_LINES:
        assert line in done.stdout, line
    assert "\x1b" not in done.stdout and "<script>" not in done.stdout
    assert "class" not in done.stdout and "{0}" not in done.stdout
    assert "META di" in done.stdout or "raccoglie" in done.stdout  # the rest is Italian
    check = nuffle(content, "i18n", "check", "it", "--domain", "narrative")
    assert check.returncode == 1
    found = re.findall(r"error\[(I10\d)\]: `(narrative/[a-z-]+)`", check.stdout)
    assert sorted(found) == sorted([("I103", "narrative/toss-won"),
                                    ("I103", "narrative/turn-start"),
                                    ("I103", "narrative/turn-ended"),
                                    ("I105", "narrative/game-header"),
                                    ("I105", "narrative/final-score")])
    assert "\x1b" not in check.stdout


# ---- reading: a catalog that cannot be read ---------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_an_unreadable_catalog_is_an_i106_diagnostic(content: Path, kind: str, fresh) -> None:
    path = content / "locales/it/narrative.po"
    line = break_catalog(path, kind)
    with pytest.raises(CatalogError) as exc:
        read_catalog(path)
    assert exc.value.code == "I106" and exc.value.line == line
    assert re.fullmatch(r".*narrative\.po(:\d+)?: error\[I106\]: .+", exc.value.diagnostic())
    again = pickle.loads(pickle.dumps(exc.value))  # it may cross from a worker process
    assert again.diagnostic() == exc.value.diagnostic()
    fresh(content)
    with pytest.raises(CatalogError):
        translations.by_context("it", "narrative")
    assert translations.by_context("it", "rules")  # the language's other catalogs still read
    assert load("it", "site") is not None


@pytest.mark.parametrize("kind", KINDS)
def test_i18n_check_reports_an_unreadable_catalog(content: Path, kind: str) -> None:
    line = break_catalog(content / "locales/it/narrative.po", kind)
    done = nuffle(content, "i18n", "check", "it", "--domain", "narrative", "--domain", "site")
    assert_i106(done, 1, line, "stdout")
    assert "checked " in done.stdout and "site.po" in done.stdout  # the others still checked


@pytest.mark.parametrize(("kind", "command"), [
    ("garbage", "status"), ("too-large", "status"),
    ("not-utf8", "update"), ("folder", "update"),
    ("folder", "play"), ("not-utf8", "play"),
    ("garbage", "replay"), ("too-large", "replay"),
])
def test_every_command_reports_an_unreadable_catalog(content: Path, tmp_path: Path, kind: str,
                                                     command: str) -> None:
    log = tmp_path / "game.jsonl"
    if command == "replay":  # a log recorded before the catalog broke
        assert nuffle(content, "play", "--home", "human", "--away", "dwarf", "--seed", "3",
                      "--log", str(log)).returncode == 0
    path = content / "locales/it/narrative.po"
    line = break_catalog(path, kind)
    before = path.read_bytes() if path.is_file() else None
    args = {"status": ["i18n", "status", "it"],
            "update": ["i18n", "update", "it", "--domain", "narrative", "--domain", "site"],
            "play": ["play", "--home", "human", "--away", "dwarf", "--seed", "3", "--lang", "it"],
            "replay": ["replay", str(log), "--show", "--lang", "it"]}[command]
    done = nuffle(content, *args)
    assert_i106(done, 1, line)
    if command == "status":
        assert "  rules:" in done.stdout  # the language's other catalogs are still counted
    if command == "update":
        assert (path.read_bytes() if path.is_file() else None) == before  # left as it was
        assert "site.po: 0 new" in done.stdout


@pytest.mark.parametrize("kind", ["garbage", "folder"])
def test_site_build_reports_an_unreadable_catalog(content: Path, tmp_path: Path,
                                                  kind: str) -> None:
    line = break_catalog(content / "locales/it/narrative.po", kind)
    done = nuffle(content, "site", "build", "--out", str(tmp_path / "site"))
    assert_i106(done, 1, line)


def test_site_serve_reports_an_unreadable_catalog_before_serving(content: Path,
                                                                 tmp_path: Path) -> None:
    import socket
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    line = break_catalog(content / "locales/it/narrative.po", "garbage")
    done = nuffle(content, "site", "serve", "--out", str(tmp_path / "site"), "--port", str(port))
    assert_i106(done, 1, line)


def test_a_broken_catalog_breaks_no_other_language(content: Path) -> None:
    shutil.copytree(content / "locales/it", content / "locales/fr")
    break_catalog(content / "locales/it/narrative.po", "garbage")
    english = nuffle(content, "play", "--home", "human", "--away", "dwarf", "--seed", "3")
    assert english.returncode == 0 and "Final score" in english.stdout
    other = nuffle(content, "play", "--home", "human", "--away", "dwarf", "--seed", "3",
                   "--lang", "fr")
    assert other.returncode == 0 and "Punteggio finale" in other.stdout
    status = nuffle(content, "i18n", "status", "--format", "json")
    assert status.returncode == 1 and "error[I106]" in status.stderr
    assert '"fr": {' in status.stdout  # every other language is still reported


# ---- language codes ----------------------------------------------------------------------

def test_a_language_code_names_no_other_folder() -> None:
    assert all(is_language_code(c) for c in ("it", "fr", "pt_BR", "ast"))
    assert not any(is_language_code(c) for c in ("../x", "x y", "EN", "it\n", "", "it/..",
                                                  "i", "itala", "pt_br", "."))
    with pytest.raises(ValueError):
        locale_path("../x", "content")


def test_only_folders_named_by_a_language_code_are_languages(content: Path, fresh) -> None:
    for name in ("x y", "EN", "en", ".hidden"):
        (content / "locales" / name).mkdir()
    (content / "locales/de").write_text("a file, not a folder", encoding="utf-8")
    fresh(content)
    assert translations.available_languages() == ["en", "it"]
    done = nuffle(content, "play", "--home", "human", "--away", "dwarf", "--lang", "x y")
    assert done.returncode == 2 and "invalid choice" in done.stderr


@pytest.mark.parametrize("args", [["i18n", "update", "../x"], ["i18n", "check", "../x"],
                                  ["i18n", "status", "../x"], ["i18n", "update", "EN"],
                                  ["play", "--home", "human", "--away", "dwarf", "--lang",
                                   "../x"]])
def test_a_language_that_is_no_code_is_a_usage_error(content: Path, args: list[str]) -> None:
    before = sorted(p for p in content.parent.rglob("*"))
    done = nuffle(content, *args)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert len([x for x in done.stderr.splitlines() if "error:" in x]) == 1
    assert sorted(p for p in content.parent.rglob("*")) == before  # nothing written
