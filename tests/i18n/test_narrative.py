"""The play-by-play in another language: the engine writes notes as message ids with typed
fields, and the narrator tells them with the language's catalogs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from nuffle.interpreter.blitz_bowl.messages import MESSAGES, TERMS, Named, Note, Term
from nuffle.interpreter.blitz_bowl.narrate import ENGLISH, Words

REPO = Path(__file__).resolve().parents[2]


def play(lang: str, seed: int = 3) -> str:
    done = subprocess.run([sys.executable, "-m", "nuffle.cli.main", "play", "--home", "human",
                           "--away", "dwarf", "--seed", str(seed), "--lang", lang],
                          capture_output=True, text=True, check=True, cwd=REPO)
    return done.stdout


@pytest.fixture(scope="module")
def games() -> dict[str, str]:
    return {"en": play("en"), "it": play("it")}


def test_every_message_is_written_by_the_engine_or_the_narrator() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for folder in ("interpreter", "nuffle/cli")
                     for p in (REPO / folder).rglob("*.py") if p.name != "messages.py")
    unused = [key for key in MESSAGES if f'"{key}"' not in code]
    assert unused == []


def test_a_note_with_an_unknown_id_is_refused() -> None:
    with pytest.raises(KeyError):
        Note("no-such-message")


def test_words_fall_back_to_english_and_fill_typed_fields() -> None:
    words = Words(templates={"stands-up": "{player} si rialza"},
                  terms={("action", "run"): "Correre"},
                  names={("challenge-card", "get-the-ball"): "Prendi il Pallone!"})

    class P:  # the narrator shows a player by id
        id = "home.catcher"
    from nuffle.interpreter.blitz_bowl.state import Player
    player = Player.__new__(Player)
    player.id = P.id
    assert words.message("stands-up", {"player": player}) == "home.catcher si rialza"
    # no translation: the English template
    assert words.message("action-switched", {"player": player,
                                             "action": Term("action", "run")}) == \
        "home.catcher makes a Correre action instead"
    assert words.message("card-discarded", {"card": Named("challenge-card", "get-the-ball",
                                                          "Get the Ball!")}) == \
        "Prendi il Pallone! is discarded from space 1"
    assert ENGLISH.message("card-discarded", {"card": Named("challenge-card", "get-the-ball",
                                                            "Get the Ball!")}) == \
        "Get the Ball! is discarded from space 1"


def test_a_line_a_translation_lacks_is_told_in_english_and_marked() -> None:
    """As the rules sentences: a reader sees which lines are not the translation."""
    from nuffle.interpreter.blitz_bowl.state import Player
    from nuffle.interpreter.blood_bowl.narrate import Words as BloodBowlWords

    from nuffle.i18n.grammar import MARKER
    player = Player.__new__(Player)
    player.id = "home.catcher"
    words = Words(templates={"stands-up": "{player} si rialza",
                             "action-switched": "{player} fa invece un'azione di {action}",
                             "by-rule": "{line} ({rule})"},
                  terms={("action", "run"): "Correre"}, marker=MARKER)
    assert words.message("stands-up", {"player": player}) == "home.catcher si rialza"
    # no template: the English line, marked
    assert words.message("card-discarded", {"card": Named("challenge-card", "x", "X!")}) == \
        f"{MARKER} X! is discarded from space 1"
    # a template, but a term it fills in is English: marked too
    assert words.message("action-switched", {"player": player,
                                             "action": Term("action", "block")}) == \
        f"{MARKER} home.catcher fa invece un'azione di block"  # TERMS' English
    assert words.message("action-switched", {"player": player,
                                             "action": Term("action", "run")}) == \
        "home.catcher fa invece un'azione di Correre"
    # a line an item's rule brought about keeps a single marker
    owner = type("Owner", (), {"kind": "ability", "item": "a", "name": "A"})()
    assert words.by_rule(f"{MARKER} X", owner) == f"{MARKER} X (A)"
    assert words.by_rule("X", owner) == "X (A)"
    # English is never marked
    assert not ENGLISH.message("card-discarded", {"card": Named("challenge-card", "x",
                                                                "X!")}).startswith(MARKER)
    blood_bowl = BloodBowlWords(templates={}, marker=MARKER)
    assert blood_bowl.message("fireball-off-pitch", {"square": None}) == \
        f"{MARKER} the fireball explodes off the pitch, at off the pitch"


def test_the_same_game_is_told_in_italian_line_for_line(games) -> None:
    en, it = games["en"].splitlines(), games["it"].splitlines()
    assert len(en) == len(it)
    # the same game: the boards (rows of squares) are identical
    board_rows = re.compile(r"^\s*\d+ [.=#\[\]A-Za-z* _o]+$")
    assert [x for x in en if board_rows.match(x)] == [x for x in it if board_rows.match(x)]
    assert en != it


def test_the_italian_play_by_play_has_no_english_sentences_left(games) -> None:
    it = games["it"]
    for key, template in MESSAGES.items():
        # the template's words between its fields, where they are words of a sentence
        for part in re.split(r"\{[a-z_]+\}", template):
            words = part.strip(" :()!,.-+=")
            if len(words.split()) >= 2 and words not in ("Get On With It",):
                assert words not in it, f"{key}: “{words}” is English"
    assert "vince il lancio della moneta" in it or "lancio" in it
    assert "turno" in it and "Punteggio finale" in it


def test_the_italian_play_by_play_is_deterministic(games) -> None:
    assert play("it") == games["it"]


def test_every_term_category_is_translated_in_italian() -> None:
    from nuffle.i18n.translations import by_context
    texts = by_context("it", "narrative")
    missing = [f"{c}/{v}" for c, values in TERMS.items() for v in values
               if f"narrative/term/{c}/{v}" not in texts]
    assert missing == []
