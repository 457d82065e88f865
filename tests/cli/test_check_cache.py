"""`nuffle check`'s kept report (nuffle.cli.check_cache): a check of unchanged files prints
what the last one printed, byte for byte, without checking again; any change to what it reads
(a file edited, added, removed; another PATH, pack, base, working folder, code) checks again;
a kept entry that is not exactly right is a miss; the cache's switches are honoured. Work is
counted (checks really run), never timed."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from nuffle import limits
from nuffle.cli import check_cache, check_cmd
from nuffle.cli.main import main
from tests.conftest import ABILITY_HEAD, TEAM_FILE

GOOD = ABILITY_HEAD.format(id="kept-probe") + "rules: |\n  after catch:\n      reroll\n"
BAD = ABILITY_HEAD.format(id="kept-bad") + "rules: |\n  after nothing:\n      frobnicate\n"


@pytest.fixture
def where(tmp_path: Path, monkeypatch) -> Path:
    """A cache of the test's own, caching on, no debugging."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(folder))
    monkeypatch.delenv("NUFFLE_NO_CACHE", raising=False)
    monkeypatch.delenv("NUFFLE_DEBUG", raising=False)
    return folder


@pytest.fixture
def checks(monkeypatch) -> list[object]:
    """The checks really run (check_cmd.check: the catalogue loaded and checked)."""
    seen: list[object] = []
    real = check_cmd.check

    def counting(reported, packs):
        seen.append(reported)
        return real(reported, packs)
    monkeypatch.setattr(check_cmd, "check", counting)
    return seen


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    (folder / "abilities").mkdir(parents=True)
    (folder / "abilities" / "good.yaml").write_text(GOOD)
    (folder / "abilities" / "bad.yaml").write_text(BAD)
    return folder


@pytest.fixture
def again(checks, capsys) -> Callable[..., bool]:
    """`nuffle check ARGV` (as `run`), True when it checked again rather than printing a
    kept report."""
    def checked(*argv: str) -> bool:
        before = len(checks)
        run(capsys, *argv)
        return len(checks) > before
    return checked


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """`nuffle check ARGV`; a pack alone is checked as the whole content (`--base none`:
    quick, without the bundled content), unless the base is given."""
    status = main(["check", *argv, *([] if "--base" in argv else ["--base", "none"])])
    out, err = capsys.readouterr()
    return status, out, err


def entries(folder: Path) -> list[Path]:
    return sorted((folder / check_cache.FOLDER).glob("*.json"))


@pytest.mark.parametrize("form", ["text", "json"])
def test_an_unchanged_check_prints_the_same_without_checking(where, checks, pack, capsys,
                                                             form) -> None:
    uncached = run(capsys, str(pack), "--format", form, "--no-cache")
    assert uncached[0] == 1 and "N10" in uncached[1]
    assert len(checks) == 1 and entries(where) == []  # --no-cache: nothing kept
    first = run(capsys, str(pack), "--format", form)
    second = run(capsys, str(pack), "--format", form)
    assert first == uncached and second == uncached  # stdout, stderr and status
    assert len(checks) == 2 and len(entries(where)) == 1  # the third run checked nothing
    other = "json" if form == "text" else "text"
    run(capsys, str(pack), "--format", other)
    assert len(checks) == 2  # the entry holds both formats


def test_the_whole_content_is_kept_too(where, checks, capsys) -> None:
    first = run(capsys)
    assert first[0] == 0 and first[1].startswith("checked ")
    assert run(capsys) == first and len(checks) == 1


def test_any_change_to_what_is_read_checks_again(where, again, pack, monkeypatch) -> None:
    assert again(str(pack)) and not again(str(pack))
    (pack / "abilities" / "bad.yaml").write_text(BAD.replace("frobnicate", "reroll"))
    assert again(str(pack)) and not again(str(pack))
    (pack / "abilities" / "more.yaml").write_text(GOOD.replace("kept-probe", "kept-more"))
    assert again(str(pack)) and not again(str(pack))
    (pack / "abilities" / "more.yaml").unlink()
    assert not again(str(pack))  # back as before the file was added: that report is kept
    (pack / "abilities" / "good.yaml").unlink()
    assert again(str(pack)) and not again(str(pack))
    (pack / "abilities" / "good.yaml").write_text(GOOD)
    (pack / "abilities" / "more.yaml").write_text(GOOD.replace("kept-probe", "kept-more"))
    (pack / "abilities" / "more.yaml").rename(pack / "abilities" / "renamed.yaml")
    assert again(str(pack)) and not again(str(pack))
    # another PATH: a file of the pack, checked with the rest of it
    assert again(str(pack), str(pack / "abilities" / "good.yaml"))
    # the working folder (paths are shown relative to it), the code
    monkeypatch.chdir(pack)
    assert again(str(pack)) and not again(str(pack))
    monkeypatch.setattr(check_cache, "code_fingerprint", lambda: "another version")
    assert again(str(pack))


def test_the_packs_and_the_base_are_part_of_the_key(where, again, pack, tmp_path) -> None:
    """With the bundled content: another pack beside, a pack's file edited, another base."""
    other = tmp_path / "other"
    other.mkdir()
    (other / "team.yaml").write_text(TEAM_FILE.format(id="kept-team", name="Kept"))
    good = str(pack / "abilities" / "good.yaml")
    assert again(good, "--base", "bundled") and not again(good, "--base", "bundled")
    assert again(good, "--content", str(other), "--base", "bundled")
    assert not again(good, "--content", str(other), "--base", "bundled")
    (other / "team.yaml").write_text(TEAM_FILE.format(id="kept-team", name="Kept Two"))
    assert again(good, "--content", str(other), "--base", "bundled")
    # a file without a folder is checked beside the bundled content whatever the base
    assert not again(good, "--base", "none")
    assert again(str(pack), good, "--base", "none")  # the pack is the content


def test_a_manifest_is_part_of_what_is_read(where, checks, pack, capsys) -> None:
    manifest = "kind: content-pack\nid: kept\nname: Kept\nbase: none\n"
    (pack / "nuffle-pack.yaml").write_text(manifest)
    first = run(capsys, str(pack), "--base", "auto")
    assert run(capsys, str(pack), "--base", "auto") == first and len(checks) == 1
    (pack / "nuffle-pack.yaml").write_text(manifest.replace("Kept", "Kept Again"))
    assert run(capsys, str(pack), "--base", "auto")[0] == first[0] and len(checks) == 2


def test_the_switches_are_honoured(where, checks, pack, capsys, monkeypatch) -> None:
    run(capsys, str(pack))
    monkeypatch.setenv("NUFFLE_NO_CACHE", "1")
    run(capsys, str(pack))
    monkeypatch.delenv("NUFFLE_NO_CACHE")
    run(capsys, str(pack), "--no-cache")
    assert len(checks) == 3
    monkeypatch.setenv("NUFFLE_DEBUG", "1")  # changes a report with an internal error only,
    run(capsys, str(pack))  # and such a report is never kept
    assert len(checks) == 3
    monkeypatch.delenv("NUFFLE_DEBUG")
    elsewhere = where.parent / "elsewhere"
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(elsewhere))
    run(capsys, str(pack))
    run(capsys, str(pack))
    assert len(checks) == 4 and len(entries(elsewhere)) == 1 and len(entries(where)) == 1


def test_a_file_changed_during_the_check_is_not_kept(where, pack, capsys,
                                                     monkeypatch) -> None:
    real = check_cmd.check

    def editing(reported, packs):
        report = real(reported, packs)
        (pack / "abilities" / "good.yaml").write_text(GOOD + "# saved meanwhile\n")
        return report
    monkeypatch.setattr(check_cmd, "check", editing)
    run(capsys, str(pack))
    assert entries(where) == []


def test_an_internal_error_is_not_kept(where, pack, capsys, monkeypatch) -> None:
    monkeypatch.setattr(check_cmd, "check",
                        lambda reported, packs: check_cache.Report("boom\n", "{}\n", 70))
    assert run(capsys, str(pack)) == (70, "boom\n", "")
    assert entries(where) == []


def bad_entries(good: dict) -> list[bytes]:
    """Entries that are not exactly right, each of them a miss."""
    def changed(**fields) -> bytes:
        return json.dumps({**good, **fields}).encode()
    return [b"", b"not json", b"\xff\xfe", b"[]", b"null", b'{"format": 1}',
            changed(format=2), changed(key="0" * 64), changed(status=70), changed(status="1"),
            changed(status=True), changed(text=None), changed(json=["x"]),
            json.dumps({k: v for k, v in good.items() if k != "text"}).encode(),
            b"[" * 100_000, json.dumps({**good, "pad": "x" * limits.CACHE_ENTRY_BYTES}).encode()]


def test_an_entry_not_exactly_right_is_a_miss(where, checks, pack, capsys) -> None:
    expected = run(capsys, str(pack))
    (entry,) = entries(where)
    good = json.loads(entry.read_text())
    assert set(good) == {"format", "key", "status", "text", "json"}
    for n, raw in enumerate(bad_entries(good)):
        entry.write_bytes(raw)
        assert run(capsys, str(pack)) == expected
        assert len(checks) == n + 2
    # a made-up report in a well-formed entry is printed: the folder is private (0700)
    entry.write_text(json.dumps({**good, "text": "planted\n"}))
    assert run(capsys, str(pack))[1] == "planted\n"
    assert os.stat(where).st_mode & 0o077 == 0


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_planted_entry_in_a_folder_opened_to_others_is_not_printed(where, checks, pack,
                                                                     capsys) -> None:
    """Once the folder is open to other users, a well-formed entry may be theirs: the check
    runs instead (and the folder is left as it is, the user told why)."""
    expected = run(capsys, str(pack))
    (entry,) = entries(where)
    entry.write_text(json.dumps({**json.loads(entry.read_text()), "text": "a made-up report\n"}))
    where.chmod(0o777)
    status, out, err = run(capsys, str(pack))
    assert (status, out) == expected[:2] and "made-up" not in out
    assert len(checks) == 2 and "not using the cache folder" in err
    assert os.stat(where).st_mode & 0o777 == 0o777


def test_the_folder_keeps_the_most_recent_entries(where, checks, pack, capsys,
                                                  monkeypatch) -> None:
    monkeypatch.setattr(limits, "CHECK_ENTRIES", 2)
    files = sorted(pack.rglob("*.yaml"))
    run(capsys, str(files[0]))
    run(capsys, str(files[1]))
    run(capsys, str(pack))
    assert len(entries(where)) == 2 and len(checks) == 3
    run(capsys, str(pack))
    run(capsys, str(files[1]))
    assert len(checks) == 3
    run(capsys, str(files[0]))  # the oldest: dropped
    assert len(checks) == 4


def test_the_key_covers_every_file_a_check_reads(where, pack) -> None:
    """The files the key hashes are the loader's, in its order (files.input_files)."""
    from nuffle.catalogue.files import input_files
    from nuffle.paths import content_dir
    selected, context = input_files([pack], [])
    assert [p.name for p in selected] == ["bad.yaml", "good.yaml"]
    assert len(context) > 900 and all(p.is_relative_to(content_dir()) for p in context)
    assert check_cache.key([pack], []) == check_cache.key([pack], [])
    assert check_cache.key([pack], []) != check_cache.key(None, [])
