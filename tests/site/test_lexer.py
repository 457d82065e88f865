"""The Pygments lexer for the rules language: every bundled rules text lexes cleanly, and the
words get the token types the site's highlighting relies on."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pygments
from pygments.formatters import HtmlFormatter
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation

from nuffle.catalogue.loader import load_catalogue

ROOT = Path(__file__).resolve().parents[2]

try:
    from nuffle.sitegen.lexer import NuffleLexer
except ImportError:  # `nuffle.sitegen` not mapped to site/sitegen yet: load the file itself
    _spec = importlib.util.spec_from_file_location("_nuffle_sitegen_lexer",
                                                   ROOT / "site" / "sitegen" / "lexer.py")
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    NuffleLexer = _module.NuffleLexer


def lex(text: str) -> list[tuple[object, str]]:
    """The tokens of ``text``, keeping it exactly (no newline stripped or added)."""
    return list(NuffleLexer(stripnl=False, ensurenl=False).get_tokens(text))


def significant(text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in lex(text) if v.strip()]


def token_of(text: str, word: str, nth: int = 0) -> object:
    found = [t for t, v in lex(text) if v == word]
    assert len(found) > nth, f"{word!r} is not a token of {text!r}: {significant(text)}"
    return found[nth]


def bundled_rules() -> list[tuple[str, str]]:
    catalogue, _, _ = load_catalogue()
    return [(item.ref, rules.source) for item in catalogue.sorted_items() for rules in item.rules]


def test_every_bundled_rules_text_lexes_without_errors_and_round_trips() -> None:
    texts = bundled_rules()
    assert texts, "no rules texts found in the bundled content"
    for ref, source in texts:
        tokens = lex(source)
        errors = [v for t, v in tokens if t in Error]
        assert not errors, f"{ref}: error tokens {errors!r}"
        assert "".join(v for _, v in tokens) == source, f"{ref}: tokens do not add up to the text"


def test_a_hook_header() -> None:
    text = "after catch where player is self and source is throw:"
    assert token_of(text, "after") is Keyword
    assert token_of(text, "catch") is Name.Function
    assert token_of(text, "where") is Keyword
    assert token_of(text, "self") is Name.Builtin.Pseudo
    assert token_of(text, "throw") is Name.Constant
    assert token_of(text, "is") is Operator.Word
    assert token_of(text, "and") is Operator.Word
    assert token_of(text, ":") is Punctuation


def test_kebab_case_effect_is_one_token() -> None:
    tokens = significant("knock-down target with -1")
    assert tokens[0] == (Name.Builtin, "knock-down")
    assert [v for _, v in tokens] == ["knock-down", "target", "with", "-", "1"]
    assert tokens[2][0] is Keyword.Pseudo


def test_keywords_inside_names_stay_names() -> None:
    text = "after turn-start where this-ball.in-play and random-players(2) is not []:"
    assert token_of(text, "in-play") in Name
    assert token_of(text, "this-ball") is Name.Builtin.Pseudo
    assert token_of(text, "random-players") is Name.Builtin.Pseudo
    assert "in" not in [v for _, v in lex(text)]


def test_comment() -> None:
    text = "# Catcher's Instincts\nafter catch: succeed  # a trailing remark\n"
    assert token_of(text, "# Catcher's Instincts") is Comment.Single
    assert token_of(text, "# a trailing remark") is Comment.Single


def test_dice_and_numbers() -> None:
    assert token_of("let n = roll d6", "d6") in Number
    assert token_of("let n = roll 2d8 + 1", "2d8") in Number
    assert token_of("let n = roll 2d8 + 1", "1") in Number
    assert token_of("let n = roll d6", "roll") is Keyword


def test_the_same_word_by_position() -> None:
    # `throw`, `block` and `knock-down` are events/effects in one place and constants in another
    assert token_of("after throw where action is throw: cancel", "throw", 0) is Name.Function
    assert token_of("after throw where action is throw: cancel", "throw", 1) is Name.Constant
    assert token_of("if cause is knock-down: knock-down target", "knock-down", 0) is Name.Constant
    assert token_of("if cause is knock-down: knock-down target", "knock-down", 1) is Name.Builtin
    text = "claim if count(block where attacker is self, this turn) >= 2"
    assert token_of(text, "claim") is Keyword
    assert token_of(text, "count") is Keyword
    assert token_of(text, "block") is Name.Function
    assert token_of(text, ">=") is Operator


def test_blood_bowl_words_are_known_too() -> None:
    assert token_of("after kick-off: gain-team-reroll own", "kick-off") is Name.Function
    assert token_of("after kick-off: gain-team-reroll own", "gain-team-reroll") is Name.Builtin


def test_junk_is_never_an_error() -> None:
    for text in ["Ünïcode & ~stuff~ ` ; \"quoted\" !", "after\n", "instead of", "for", ")))", "",
                 "may:\n    may\n", "let x = (1 +\n    2)\n  knock-down x"]:
        tokens = lex(text)
        assert not [v for t, v in tokens if t in Error], text
        assert "".join(v for _, v in tokens) == text


def test_html_highlighting() -> None:
    sample = ("# Catchers Instincts\n"
              "after catch where player is self and source is throw:\n"
              "    let n = roll d6\n"
              "    may free run by self up to n\n")
    html = pygments.highlight(sample, NuffleLexer(), HtmlFormatter())
    spans = set(re.findall(r'<span class="([a-z0-9]+)">([^<]*)</span>', html))
    for expected in [("c1", "# Catchers Instincts"), ("k", "after"), ("nf", "catch"),
                     ("bp", "self"), ("ow", "is"), ("no", "throw"), ("k", "let"), ("m", "d6"),
                     ("nb", "free"), ("no", "run"), ("kp", "by"), ("p", ":")]:
        assert expected in spans, (expected, sorted(spans))


def test_lexer_metadata() -> None:
    assert NuffleLexer.name == "Nuffle rules"
    assert NuffleLexer.aliases == ["nuffle", "nuffle-rules"]
    assert NuffleLexer.filenames == [] and NuffleLexer.mimetypes == []
