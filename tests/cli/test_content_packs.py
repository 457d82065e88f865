"""Content packs (issue 14, part 2): `nuffle new` templates that pass as written, a pack's
manifest, homebrew sources, a fork of the content told from a pack, `--content` on the
commands that read content, a pack's own translations, and the site showing a pack."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import polib
import pytest

from nuffle.cli.main import main
from nuffle.paths import CONTENT_VARIABLE

REPO = Path(__file__).resolve().parents[2]
KINDS = ["team", "ability", "ball", "challenge-card", "trait", "scenario"]


def run(capsys, *args: str | Path) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:  # a usage error: argparse exits
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


ABILITY = """kind: ability
id: {id}
name: {name}
edition: blitz-bowl-s2
source: {source}
text: This player moves one more square.
text_source: project
rules: |
  modify move-allowance where player is self:
      change value by 1
"""


# ---- nuffle new ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["blitz-bowl", "blood-bowl"])
def test_new_writes_templates_that_pass_check_and_run(tmp_path, capsys, game) -> None:
    pack = tmp_path / "my-pack"
    kinds = KINDS if game == "blitz-bowl" else ["team", "ability", "scenario"]
    for kind in kinds:
        code, _, err = run(capsys, "new", kind, f"my-{kind}", "--content", pack, "--game", game)
        assert code == 0, err
        assert f"my-{kind}.yaml" in err  # said on stderr what it wrote
    manifest = (pack / "nuffle-pack.yaml").read_text()
    assert "kind: content-pack" in manifest and "id: my-pack" in manifest
    code, out, _ = run(capsys, "check", pack)
    assert code == 0, out
    assert f"{len(kinds) + 1} items" in out and ": 0 errors" in out
    # the scenario template runs, and loads the pack it lives in (its manifest)
    code, out, _ = run(capsys, "scenario", pack / "scenarios" / "my-scenario.yaml")
    assert code == 0, out
    assert "2 runs, 0 failed" in out
    if game == "blood-bowl":
        return
    # the new team plays
    code, out, err = run(capsys, "play", "--content", pack, "--game", game,
                         "--home", "my-team", "--away", "human", "--seed", "1")
    assert code == 0, err
    assert "My Team" in out


def test_new_refuses_what_it_cannot_do_well(tmp_path, capsys) -> None:
    assert run(capsys, "new", "ability", "quick", "--content", tmp_path)[0] == 0
    before = (tmp_path / "abilities" / "quick.yaml").read_text()
    code, _, err = run(capsys, "new", "ability", "quick", "--content", tmp_path)
    assert code == 2 and "nothing is overwritten" in err
    assert (tmp_path / "abilities" / "quick.yaml").read_text() == before
    code, _, err = run(capsys, "new", "team", "My Team", "--content", tmp_path)
    assert code == 2 and "`my-team`" in err  # the kebab-case it should be
    code, _, err = run(capsys, "new", "team", "human", "--content", tmp_path)
    assert code == 2 and "already a team of the bundled content" in err
    code, _, err = run(capsys, "new", "ball", "orb", "--content", tmp_path, "--game",
                       "blood-bowl")
    assert code == 2 and "Blitz Bowl item" in err


# ---- the manifest and homebrew sources ----------------------------------------------------------

def test_homebrew_sources_and_their_errors(tmp_path, capsys) -> None:
    good = {"homebrew": "homebrew",
            "own": "{homebrew: Jane Doe, document: Gobbo Rules, url: 'https://x.org/g', "
                   "page: 2}"}
    for name, source in good.items():
        write(tmp_path / "ok" / "abilities" / f"{name}-a.yaml",
              ABILITY.format(id=f"{name}-a", name="A", source=source))
    code, out, _ = run(capsys, "check", tmp_path / "ok")
    assert code == 0, out
    write(tmp_path / "bad" / "abilities" / "by-me.yaml",
          ABILITY.format(id="by-me", name="A", source="by me"))
    code, out, _ = run(capsys, "check", tmp_path / "bad")
    assert code == 1
    assert "error[S305]: `source` has the wrong form: 'by me'" in out
    assert "`source: homebrew`" in out and "{seed: <seed file>" in out  # every form, in words
    write(tmp_path / "bad" / "abilities" / "by-me.yaml",
          ABILITY.format(id="by-me", name="A", source="{homebrew: Jane, url: 'ftp://x'}"))
    code, out, _ = run(capsys, "check", tmp_path / "bad")
    assert "`source.url` has the wrong form" in out and "https://" in out


def test_a_misnamed_manifest_is_reported(tmp_path, capsys) -> None:
    write(tmp_path / "pack.yaml", "kind: content-pack\nid: pack\nname: Pack\n")
    code, out, _ = run(capsys, "check", tmp_path, "--format", "json")
    [diag] = json.loads(out)["diagnostics"]
    assert code == 1 and diag["code"] == "R410" and "nuffle-pack.yaml" in diag["message"]


def test_a_homebrew_trait_takes_a_printed_result(tmp_path, capsys) -> None:
    """The ruling homebrew-coach-traits: a homebrew trait replaces the printed trait of its
    2D8 result in games; two printed traits on one result are still R406."""
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
    trait = write(tmp_path / "coach-traits" / "lucky.yaml", """kind: coach-trait
id: lucky
name: Lucky
edition: blitz-bowl-s2
source: homebrew
roll: 9
text: Once per game, one touchdown scores 4 points.
text_source: project
rules: |
  modify touchdown-points where team is own once per game: set value to 4
""")
    code, out, _ = run(capsys, "check", tmp_path)
    assert code == 0, out  # no R406: it replaces the printed trait of 9
    assert load_ruleset([trait]).trait_rolls[9] == "lucky"
    assert load_ruleset().trait_rolls[9] != "lucky"
    printed = trait.read_text().replace("source: homebrew",
                                        "source: {seed: 000_ff9920886d8c191d.txt, page: 1}")
    trait.write_text(printed)
    code, out, _ = run(capsys, "check", tmp_path)
    assert "error[R406]" in out  # two printed traits may not share a result


# ---- a fork, and --base ------------------------------------------------------------------------

def test_a_copy_of_the_content_is_checked_as_the_content(tmp_path, capsys) -> None:
    fork = tmp_path / "content"
    shutil.copytree(REPO / "content", fork)
    code, out, err = run(capsys, "check", fork)
    assert code == 0, out[-2000:]
    assert "using it as the whole content" in err and "--base bundled" in err
    assert ": 0 errors" in out
    assert CONTENT_VARIABLE not in os.environ  # the command's choice ends with it


def test_base_none_in_a_manifest_makes_a_folder_the_content(tmp_path, capsys) -> None:
    write(tmp_path / "nuffle-pack.yaml", "kind: content-pack\nid: mine\nname: Mine\n"
                                         "base: none\n")
    # a bundled ability's id, changed: in a fork it is the ability, not a duplicate
    write(tmp_path / "abilities" / "catchers-instincts.yaml",
          ABILITY.format(id="catchers-instincts", name="Catcher's Instincts",
                         source="homebrew"))
    code, out, _ = run(capsys, "check", tmp_path)
    assert code == 0, out
    assert "checked 2 items in 2 files" in out
    code, out, _ = run(capsys, "check", tmp_path, "--base", "bundled")
    assert code == 1 and "duplicate ability id `catchers-instincts`" in out


def test_check_content_is_checked_against_another_pack(tmp_path, capsys) -> None:
    first = write(tmp_path / "a" / "abilities" / "sprint.yaml",
                  ABILITY.format(id="sprint", name="Sprint", source="homebrew")).parents[1]
    second = tmp_path / "b"
    team = (REPO / "nuffle" / "templates" / "blitz-bowl-team.yaml").read_text()
    write(second / "teams" / "runners.yaml", team.replace("$id", "runners")
          .replace("$name", "Runners").replace("abilities: []  #", "abilities: [sprint]  #", 1))
    code, out, _ = run(capsys, "check", second)
    assert code == 1 and "error[R402]" in out and "sprint" in out
    code, out, _ = run(capsys, "check", second, "--content", first)
    assert code == 0, out
    assert "checked 1 item in 1 file" in out  # the PATHs are reported on, the pack is context


# ---- a pack's own translations, and the site ---------------------------------------------------

def test_a_pack_translates_its_own_items(tmp_path, capsys) -> None:
    write(tmp_path / "nuffle-pack.yaml", "kind: content-pack\nid: pk\nname: Pk\n")
    write(tmp_path / "abilities" / "dash-on.yaml",
          ABILITY.format(id="dash-on", name="Dash On", source="homebrew"))
    code, out, err = run(capsys, "i18n", "update", "it", "--content", tmp_path)
    assert code == 0, err
    catalog = tmp_path / "locales" / "it" / "content.po"
    po = polib.pofile(str(catalog))
    contexts = {e.msgctxt for e in po}
    assert "ability/dash-on/name" in contexts
    assert all("dash-on" in c or c.startswith("content-pack/") for c in contexts)  # its own
    for entry in po:
        if entry.msgctxt == "ability/dash-on/text":
            entry.msgstr = "Questo giocatore muove due caselle in più."  # a number changed
        if entry.msgctxt == "ability/dash-on/name":
            entry.msgstr = "Scatto"
    po.save()
    code, out, _ = run(capsys, "i18n", "check", "it", "--content", tmp_path)
    assert code == 1 and "error[I101]" in out and "ability/dash-on/text" in out
    from nuffle.i18n.catalog import read_pack_translations
    from nuffle.i18n.translations import translated
    read_pack_translations([tmp_path])
    translated.cache_clear()
    try:
        found = translated("it", "content")
        assert found[("ability/dash-on/name", "Dash On")] == "Scatto"
        # the catalogs of the bundled content are read as before
        assert found[("ability/catchers-instincts/name", "Catcher's Instincts")] != \
            "Catcher's Instincts"
    finally:
        read_pack_translations([])
        translated.cache_clear()


def test_the_site_shows_a_pack_as_homebrew_and_serve_watches_it(tmp_path) -> None:
    from nuffle.sitegen.build import BuildOptions, prepare
    from nuffle.sitegen.serve import watched_folders
    pack = tmp_path / "pack"
    write(pack / "nuffle-pack.yaml", "kind: content-pack\nid: pk\nname: Gobbo Rules\n"
                                     "author: Jane *Doe* & Co\nurl: https://x.org/gobbo\n")
    write(pack / "abilities" / "sprint.yaml",
          ABILITY.format(id="sprint", name="Sprint", source="homebrew"))
    out = tmp_path / "site"
    out.mkdir()
    opts = BuildOptions(out=out, content=(pack,))
    prepare(opts)  # the pages `site build` and `site serve` make
    page = (out / "docs" / "abilities" / "sprint.md").read_text()
    assert "*Homebrew: by Jane &#42;Doe&#42; &#38; Co, Gobbo Rules.* <https://x.org/gobbo>" \
        in page  # the author's name escaped: it cannot make Markdown or HTML
    assert "Source:" not in page
    assert "id <code>sprint</code>* · **Homebrew**" in page  # under the title too
    bundled = (out / "docs" / "abilities" / "catchers-instincts.md").read_text()
    assert "Homebrew" not in bundled and "Source:" in bundled
    assert pack.resolve() in watched_folders(opts)
