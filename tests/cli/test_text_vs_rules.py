"""`nuffle export --format text-vs-rules`: each item's printed text beside its rules as
interpreted, in English and in another language."""

from __future__ import annotations

import json

from nuffle.cli.main import main


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def blocks(text: str) -> dict[str, str]:
    """The report's blocks by heading (`## kind/id[ (path)]: name`)."""
    out: dict[str, str] = {}
    for block in text.split("\n## "):
        head, _, body = block.removeprefix("## ").partition("\n")
        out[head] = body
    return out


def test_text_vs_rules_shows_the_printed_text_beside_the_interpreted_rules(capsys) -> None:
    code, out, err = run(["export", "--format", "text-vs-rules"], capsys)
    assert code == 0 and err == ""
    found = blocks(out)
    accurate = found["ability/accurate: Accurate"]
    assert accurate == (
        "Printed:\n"
        "    The player may add 1 to the D6 roll when he passes the ball.\n"
        "Interpreted:\n"
        "  - When working out this player's test modifier for a Pass roll: add 1 to the test "
        "modifier.\n")
    # a Bonus Play and a table's entry are reported under their own names
    assert any(h.startswith("challenge-card/get-the-ball (bonus_play/rules): Healing Spell")
               for h in found)
    assert "table/pbbl-weather (entries/0/rules): Sweltering Heat" in found
    assert len(found) > 250  # every rules text of the bundled content (298 today)


def test_text_vs_rules_json_holds_the_same_pairs(capsys) -> None:
    code, out, _ = run(["export", "--format", "text-vs-rules-json"], capsys)
    assert code == 0
    pairs = json.loads(out)
    accurate = next(p for p in pairs if (p["kind"], p["id"]) == ("ability", "accurate"))
    assert accurate == {
        "kind": "ability", "id": "accurate", "path": "rules", "name": "Accurate",
        "text": "The player may add 1 to the D6 roll when he passes the ball.",
        "interpreted": ["When working out this player's test modifier for a Pass roll: add 1 "
                        "to the test modifier."]}


def test_text_vs_rules_in_italian_shows_the_italian_text(capsys) -> None:
    code, out, _ = run(["export", "--format", "text-vs-rules", "--lang", "it"], capsys)
    assert code == 0
    accurate = blocks(out)["ability/accurate: Accurate"]
    assert "Il giocatore può aggiungere 1 al tiro del D6 quando passa il pallone." in accurate
    assert "Nel determinare" in accurate  # the interpreted rules are Italian too


def test_lang_is_refused_for_the_catalogue_export(capsys) -> None:
    try:
        main(["export", "--lang", "it"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("--lang with --format json was accepted")
    assert "--lang is for --format text-vs-rules" in capsys.readouterr().err
