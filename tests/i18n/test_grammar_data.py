"""A new language is data: `nuffle i18n init`, the grammar file and its schema, the marker of
a sentence that falls back to English, plural forms from Babel and the site's languages
from the locales folder. Expected values are checked by hand (Italian grammar, the GNU
gettext manual's plural forms)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
import regex
from nuffle.dsl.diagnostics import format_diagnostic
from nuffle.dsl.parser import parse_rules
from nuffle.dsl.render import RulesRenderer
from nuffle.interpreter.vocabulary import vocabulary

from nuffle.catalogue import schemas
from nuffle.catalogue.loader import load_catalogue
from nuffle.cli.main import main
from nuffle.i18n import catalog, translations
from nuffle.i18n.catalog import plural_forms
from nuffle.i18n.domains import DOMAINS
from nuffle.i18n.grammar import (
    MARKER,
    Grammar,
    GrammarLanguage,
    Noun,
    grammar_for,
    read_grammar,
)

REPO = Path(__file__).resolve().parents[2]
ITALIAN = grammar_for("it")[0]
CATCHERS_INSTINCTS = ("after catch where player is self and source is throw:\n"
                      "    let n = roll d6\n    may free run by self up to n\n")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


@pytest.fixture
def locales(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the locales folder that every catalog and grammar file is read from and
    written to (the content is read where it is); never the real locales folder."""
    folder = tmp_path / "locales"
    shutil.copytree(REPO / "content" / "locales", folder, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(catalog, "locales_root", lambda: folder)
    translations.translated.cache_clear()
    yield folder
    translations.translated.cache_clear()


# ---- Italian, from content/locales/it/grammar.yaml ----------------------------------------

def test_the_italian_grammar_file_is_valid() -> None:
    grammar, diags = grammar_for("it")
    assert diags == () and grammar is not None and grammar.genders == ("m", "f")
    assert "locale-grammar" not in schemas.kinds()  # its schema names no content item


@pytest.mark.parametrize(("kind", "noun", "plural", "expected"), [
    ("definite", Noun("giocatore", "m", "giocatori"), False, "il giocatore"),
    ("definite", Noun("scatto", "m", "scatti"), False, "lo scatto"),
    ("definite", Noun("avversario", "m", "avversari"), False, "l’avversario"),
    ("definite", Noun("squadra", "f", "squadre"), False, "la squadra"),
    ("definite", Noun("giocatore", "m", "giocatori"), True, "i giocatori"),
    ("definite", Noun("zaino", "m", "zaini"), True, "gli zaini"),
    ("definite", Noun("azione", "f", "azioni"), True, "le azioni"),
    ("this", Noun("azione", "f", "azioni"), False, "quest’azione"),
    ("this", Noun("Hand-Off", "m", "Hand-Off"), False, "questo Hand-Off"),  # h: not elided
    ("that", Noun("giocatore", "m", "giocatori"), False, "quel giocatore"),
    ("that", Noun("scatto", "m", "scatti"), False, "quello scatto"),
    ("that", Noun("azione", "f", "azioni"), False, "quell’azione"),
    ("that", Noun("squadra", "f", "squadre"), False, "quella squadra"),
    ("that", Noun("avversario", "m", "avversari"), True, "quegli avversari"),
    ("indefinite", Noun("giocatore", "m"), False, "un giocatore"),
    ("indefinite", Noun("scatto", "m"), False, "uno scatto"),
    ("indefinite", Noun("azione", "f"), False, "un’azione"),
    ("indefinite", Noun("casella", "f"), False, "una casella"),
])
def test_italian_articles_from_the_grammar_file(kind, noun, plural, expected) -> None:
    assert ITALIAN is not None
    assert ITALIAN.article(kind, noun, plural) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("il turno di il giocatore", "il turno del giocatore"),
    ("a l’azione", "all’azione"),
    ("a l'azione", "all’azione"),  # a typewriter apostrophe joins too
    ("in la Zona Finale", "nella Zona Finale"),
    ("Di il giocatore", "Del giocatore"),
    ("1 volte per turno", "una volta per turno"),
    ("il  pallone", "il pallone"),
])
def test_italian_sentences_are_tidied_by_the_grammar_file(text, expected) -> None:
    assert ITALIAN is not None
    assert ITALIAN.tidy(text) == expected


def test_the_italian_language_writes_articles_that_and_a(catalogue) -> None:
    italian = translations.rules_language("it", "blitz-bowl", catalogue)
    assert isinstance(italian, GrammarLanguage)
    assert italian.the("player") == "il giocatore"
    assert italian.that("player") == "quel giocatore"
    assert italian.a("action") == "un’azione"
    assert italian.this("action") == "quest’azione"
    assert italian.dice(1, 6) == "1D6" and italian.dice(2, 6) == "2D6"
    (sentence,) = RulesRenderer(vocabulary("blitz-bowl"), {}, italian).sentences(
        parse_rules("claim if team.score < opponent.score\n"))
    assert "della squadra" in sentence and MARKER not in sentence


# ---- a broken grammar file ---------------------------------------------------------------

def test_a_broken_grammar_file_is_a_diagnostic_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "de" / "grammar.yaml"
    path.parent.mkdir()
    path.write_text("language: de\ngenders: [m, f, n]\narticles:\n  definite:\n    m:\n"
                    "      singular: {nominative: der}\n", encoding="utf-8")
    grammar, diags = read_grammar(path)
    assert grammar is None
    (diag,) = diags
    # the forms lack `other`, the form of every word no sound class names
    assert format_diagnostic(diag, None).startswith(
        f"{diag.path}:6:17: error[S301]: missing required field `other`")
    path.write_text("language: de\nsounds:\n  vowel: \"[aeiou\"\n", encoding="utf-8")
    grammar, (diag,) = read_grammar(path)
    assert grammar is None and (diag.code, diag.line, diag.column) == ("S305", 3, 10)
    assert "not a regular expression" in diag.message
    path.write_text("language: de\nreplacements:\n  - {pattern: \"1 (Male)\", "
                    "replacement: \"einmal \\\\2\"}\n", encoding="utf-8")
    grammar, (diag,) = read_grammar(path)  # a group the pattern lacks: \2
    assert grammar is None and (diag.code, diag.line) == ("S305", 3)
    assert "names a group its pattern lacks" in diag.message
    path.write_text("language: fr\n", encoding="utf-8")
    assert read_grammar(path)[1][0].message == "`language` is `fr` in the folder of `de`"


def test_a_broken_grammar_renders_without_articles_and_marked(locales: Path,
                                                              catalogue) -> None:
    (locales / "it" / "grammar.yaml").write_text("language: it\narticles: 3\n",
                                                 encoding="utf-8")
    italian = translations.rules_language("it", "blitz-bowl", catalogue)
    (sentence,) = RulesRenderer(vocabulary("blitz-bowl"), {}, italian).sentences(
        parse_rules(CATCHERS_INSTINCTS))
    # Italian words without their articles ("provenienza", not "la provenienza"), marked
    assert sentence.startswith(MARKER + " Dopo che ")
    assert "provenienza è Passare" in sentence and "la provenienza" not in sentence


def test_a_pattern_that_backtracks_without_end_is_refused_at_its_line(tmp_path: Path) -> None:
    # (a|aa)+c splits a run of a's every way before it fails: 2^40 tries on the trial text
    path = tmp_path / "de" / "grammar.yaml"
    path.parent.mkdir()
    path.write_text("language: de\nreplacements:\n  - {pattern: \"(a|aa)+c\", "
                    "replacement: \"c\"}\n", encoding="utf-8")
    grammar, (diag,) = read_grammar(path)
    assert grammar is None and (diag.code, diag.line, diag.column) == ("S305", 3, 15)  # the opening quote
    assert diag.message.startswith("`replacements.0.pattern` takes more than 250 ms")
    assert "(a|aa)+" in (diag.hint or "")
    path.write_text("language: de\nreplacements:\n  - {pattern: \"(a|b)+c\", "
                    "replacement: \"c\"}\n", encoding="utf-8")
    assert read_grammar(path)[1] == []  # exclusive alternatives: linear, accepted


def test_a_pattern_stopped_by_its_time_limit_marks_the_sentence_and_loses_no_words() -> None:
    # a pattern slow only on real text gets past the trials: at its limit the sentence is
    # written without that step, and marked
    slow = Grammar("de", replacements=[(regex.compile("(a|aa)+c"), "c")])
    german = GrammarLanguage("de", "blitz-bowl", {}, {}, {}, slow)
    text = "Der Spieler " + "a" * 40 + "  b"
    assert german.sentence(german.tidy(text)) == f"{MARKER} Der Spieler {'a' * 40} b."


# ---- a new language ----------------------------------------------------------------------

def test_a_language_without_grammar_or_translations_renders_english_marked(catalogue) -> None:
    german = translations.rules_language("de", "blitz-bowl", catalogue)
    (sentence,) = RulesRenderer(vocabulary("blitz-bowl"), {}, german).sentences(
        parse_rules(CATCHERS_INSTINCTS))
    # the English words, without articles (the neutral default), and marked
    assert sentence.startswith(MARKER + " After ")
    assert "source is Throw" in sentence and "the source" not in sentence
    assert "this player makes a free Run action" in sentence


def test_a_translated_noun_and_frame_lose_the_marker_only_when_all_is_there() -> None:
    frames = {"context/self": "dieser Spieler"}
    german = GrammarLanguage("de", "blitz-bowl", frames, {}, {}, None)
    assert german.frame("context/self") == "dieser Spieler"
    assert german.sentence("dieser Spieler") == f"{MARKER} Dieser Spieler."  # no grammar
    german.grammar = ITALIAN  # any grammar: now only what is missing marks a sentence
    assert german.sentence(german.frame("context/self")) == "Dieser Spieler."
    assert german.sentence(german.the("player")) == f"{MARKER} Player."  # no noun: bare


def test_i18n_init_starts_a_language_with_untranslated_catalogs(locales: Path,
                                                               capsys) -> None:
    assert main(["i18n", "init", "de"]) == 0
    folder = locales / "de"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [f"{d}.po" for d in DOMAINS] + ["grammar.yaml"])
    for domain in DOMAINS:
        po = polib.pofile(str(folder / f"{domain}.po"))
        assert po.metadata["Language"] == "de"
        assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
        assert len(po) > 0 and po.translated_entries() == []
    template = (folder / "grammar.yaml").read_text(encoding="utf-8")
    assert "# language: de" in template and "#   attacker: {term: \"\"" in template
    assert read_grammar(folder / "grammar.yaml") == (None, [])  # a comment: no grammar yet
    assert "nuffle i18n check de" in capsys.readouterr().out
    # started already, not a language, not a code: refused (usage errors, exit 2)
    assert main(["i18n", "init", "de"]) == 2
    assert "started already" in capsys.readouterr().err
    assert main(["i18n", "init", "xx"]) == 2
    assert "not a language" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main(["i18n", "init", "../de"])
    assert exited.value.code == 2
    assert not (locales.parent / "de").exists() and not (REPO / "content/locales/de").exists()
    # `i18n check` reads the grammar file as well as the catalogs
    (folder / "grammar.yaml").write_text("language: de\nsounds:\n  vowel: \"[aeiou\"\n",
                                         encoding="utf-8")
    assert main(["i18n", "check", "de", "--domain", "rules"]) == 1
    out = capsys.readouterr().out
    assert "grammar.yaml:3:10: error[S305]: `sounds.vowel` is not a regular expression" in out


def test_plural_forms_come_from_babel() -> None:
    # as the GNU gettext manual gives them ("Plural forms")
    assert plural_forms("de") == "nplurals=2; plural=(n != 1);"
    assert plural_forms("ja") == "nplurals=1; plural=0;"
    assert plural_forms("pl") == ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
                                  "(n%100<10 || n%100>=20) ? 1 : 2);")
    assert plural_forms("fr") == "nplurals=2; plural=(n > 1);"


def test_the_site_languages_are_the_locales_folders(locales: Path) -> None:
    from nuffle.sitegen.build import i18n_config
    from nuffle.sitegen.languages import search_language, site_languages
    for folder in ("de", "pl", "pt_BR", "zu", "not-a-language"):
        (locales / folder).mkdir()
    assert site_languages() == ("de", "it", "pl", "pt_BR", "zu")
    config = {lang["locale"]: lang for lang in i18n_config()["languages"]}
    assert list(config) == ["en", "de", "it", "pl", "pt_BR", "zu"]
    assert (config["de"]["name"], config["it"]["name"]) == ("Deutsch", "Italiano")
    assert config["pt_BR"]["name"] == "Português (Brasil)" and config["zu"]["name"] == "IsiZulu"
    # the theme's words: its own language where the theme has it, else English
    assert "theme" not in config["de"] and config["pt_BR"]["theme"] == {"language": "pt-BR"}
    assert config["zu"]["theme"] == {"language": "en"}
    assert config["de"]["site_name"] == "Nuffle rules reference"  # untranslated: English
    # lunr has a German stemmer but no Polish one: Polish pages search as English does
    assert (search_language("de"), search_language("pl")) == ("de", "en")


def test_i18n_init_in_a_content_pack_starts_its_own_catalog(tmp_path: Path, capsys) -> None:
    pack = tmp_path / "norse"
    shutil.copytree(REPO / "site" / "examples" / "norse", pack)
    try:
        assert main(["i18n", "init", "de", "--content", str(pack)]) == 0
        assert main(["i18n", "init", "de", "--content", str(pack)]) == 2
    finally:  # the pack worked on is process state: forget it for the other tests
        catalog.work_on_pack(None)
        catalog.read_pack_translations([])
        translations.translated.cache_clear()
    po = polib.pofile(str(pack / "locales" / "de" / "content.po"))
    # the pack's items only, untranslated; its grammar is Nuffle's (no grammar file)
    assert [p.name for p in (pack / "locales" / "de").iterdir()] == ["content.po"]
    assert po.translated_entries() == [] and len(po) > 0
    assert all(e.msgctxt.split("/")[1] in {"howling-fury", "frost-rimed-ball", "norse",
                                                "ability-howling-fury"}
               for e in po), [e.msgctxt for e in po]
    assert "started already" in capsys.readouterr().err
    assert not (REPO / "content/locales/de").exists()


def test_a_valid_grammar_file_is_read_without_jsonschema() -> None:
    # the quick schema check passes it: jsonschema (its errors are the report of a broken
    # file, above) is not imported, as when a valid content file is loaded
    code = ("import sys; from nuffle.i18n.grammar import grammar_for; "
            "grammar, diags = grammar_for('it'); assert grammar is not None and not diags; "
            "print('jsonschema' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
