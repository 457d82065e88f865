"""Every bad input on the command line is one line on stderr and exit 2, found before any
work is done, with nothing written; a bug is one line and exit 70.

The commands run in a subprocess, as a user runs them. Unreadable and read-only places are
simulated inside that subprocess (the tests run as root, who reads a chmod-000 folder):
`os.scandir` and `os.open` refuse the paths a test names with EACCES or EROFS. Where the
tests do not run as root, the real chmod case is checked as well.
"""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from nuffle.cli.main import main

REPO = Path(__file__).resolve().parents[2]
HUMAN = REPO / "content/blitz-bowl/teams/human.yaml"
SCENARIO = REPO / "content/blitz-bowl/scenarios/ability-catchers-instincts.yaml"
PLAY = ["play", "--home", "human", "--away", "orc"]
SIMULATE = ["simulate", "--home", "human", "--away", "orc", "--games", "1"]

# Run inside the subprocess before `nuffle`: paths listed in NUFFLE_TEST_DENY are refused
# (with the errno in NUFFLE_TEST_ERRNO) by os.scandir and os.open, as a chmod 000 folder or
# a read-only file system refuses them to anyone but root.
PRELUDE = """
import errno, os, sys
deny = [os.path.abspath(p) for p in os.environ.get("NUFFLE_TEST_DENY", "").split(os.pathsep) if p]
code = int(os.environ.get("NUFFLE_TEST_ERRNO", errno.EACCES))
def denied(path):
    try:
        path = os.path.abspath(os.fsdecode(path))
    except TypeError:
        return False
    return any(path == d or path.startswith(d + os.sep) for d in deny)
real_scandir, real_open = os.scandir, os.open
def scandir(path="."):
    if denied(path):
        raise OSError(code, os.strerror(code), os.fsdecode(path))
    return real_scandir(path)
def open_(path, flags, *args, **kwargs):
    if not isinstance(path, int) and denied(path):
        raise OSError(code, os.strerror(code), os.fsdecode(path))
    return real_open(path, flags, *args, **kwargs)
os.scandir, os.open = scandir, open_
from nuffle.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def nuffle(*args: str | Path, deny: list[Path] = (), code: int = errno.EACCES,
           env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`nuffle ARGS` in a fresh interpreter, with the paths in ``deny`` unreadable."""
    environ = {**os.environ, "NUFFLE_TEST_DENY": os.pathsep.join(map(str, deny)),
               "NUFFLE_TEST_ERRNO": str(code)}
    environ.pop("NUFFLE_DEBUG", None)
    environ.update(env or {})
    return subprocess.run([sys.executable, "-c", PRELUDE, *map(str, args)], capture_output=True,
                          text=True, check=False, env=environ, cwd=cwd or REPO, timeout=300)


def one_line_error(proc: subprocess.CompletedProcess, *fragments: str, status: int = 2) -> str:
    """The process failed with ``status`` and said why in one line naming ``fragments``, with
    no traceback and no other output."""
    assert proc.returncode == status, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    assert proc.stdout == "", proc.stdout[:2000]
    return lines[0]


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


# ---- files written: --log (play), -o/--output (export) ------------------------------------------

FILE_OPTIONS = [(PLAY, "--log"), (["export"], "--output")]


@pytest.mark.parametrize("command,option", FILE_OPTIONS)
def test_a_file_option_naming_a_folder_is_refused(tmp_path, command, option) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    one_line_error(nuffle(*command, option, tmp_path), f"{tmp_path} is a folder")
    assert tree(tmp_path) == ["keep.txt"]


@pytest.mark.parametrize("command,option", FILE_OPTIONS)
def test_a_file_option_inside_a_missing_folder_is_refused(tmp_path, command, option) -> None:
    target = tmp_path / "missing" / "out.json"
    one_line_error(nuffle(*command, option, target), "no folder", str(tmp_path / "missing"))
    assert tree(tmp_path) == []


@pytest.mark.parametrize("command,option", FILE_OPTIONS)
@pytest.mark.parametrize("code", [errno.EACCES, errno.EROFS])
def test_a_file_option_in_a_read_only_place_is_refused(tmp_path, command, option, code) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    line = one_line_error(nuffle(*command, option, locked / "out.json", deny=[locked], code=code),
                          f"cannot write {locked / 'out.json'}", os.strerror(code))
    assert option in line
    assert tree(tmp_path) == ["locked"]


@pytest.mark.parametrize("command,option", [*FILE_OPTIONS, (["export"], "-o")])
def test_an_existing_read_only_file_is_refused_and_left_alone(tmp_path, command, option) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    one_line_error(nuffle(*command, option, target, deny=[target]), "cannot write",
                   "Permission denied")
    assert target.read_text(encoding="utf-8") == "old"


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_real_read_only_folder_is_refused(tmp_path) -> None:
    """/sys refuses new files even to root; a chmod 555 folder refuses them to others."""
    places = [Path("/sys")] if Path("/sys").is_dir() else []
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o555)
        places.append(locked)
    assert places, "no read-only place to try"
    for place in places:
        one_line_error(nuffle(*PLAY, "--log", place / "game.jsonl"), "cannot write",
                       "Permission denied")


def test_the_log_is_checked_before_the_game_is_played(tmp_path) -> None:
    proc = nuffle(*PLAY, "--seed", "3", "--log", tmp_path / "no" / "game.jsonl")
    one_line_error(proc, "--log")  # nothing on stdout: no game was told


def test_a_writable_output_file_is_written(tmp_path) -> None:
    target = tmp_path / "catalogue.json"
    target.write_text("old", encoding="utf-8")
    proc = nuffle("export", HUMAN, "-o", target)
    assert proc.returncode == 0, proc.stderr
    assert target.read_text(encoding="utf-8").startswith("{")


# ---- folders written: --out (site build, site serve) -----------------------------------------------

@pytest.mark.parametrize("action", ["build", "serve"])
def test_an_out_folder_that_is_a_file_is_refused(tmp_path, action) -> None:
    target = tmp_path / "file"
    target.write_text("mine", encoding="utf-8")
    one_line_error(nuffle("site", action, "--out", target), f"{target} is a file")
    assert target.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("action", ["build", "serve"])
def test_an_out_folder_in_a_read_only_place_is_refused(tmp_path, action) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    one_line_error(nuffle("site", action, "--out", locked / "site", deny=[locked]),
                   "cannot write", "Permission denied")
    assert tree(tmp_path) == ["locked"]


@pytest.mark.parametrize("action", ["build", "serve"])
def test_an_out_folder_holding_other_files_is_refused(tmp_path, action) -> None:
    """A build replaces DIR/docs and DIR/site: pointed at a home folder or another MkDocs
    project it would delete their pages."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("my page", encoding="utf-8")
    one_line_error(nuffle("site", action, "--out", tmp_path), "holds other files")
    assert tree(tmp_path) == ["docs", "docs/index.md"]


def test_a_missing_out_folder_is_accepted_and_not_made_before_the_build(tmp_path) -> None:
    """Missing folders under --out DIR are made by the build; the check makes nothing (here
    the build stops at --jobs, the option after --out)."""
    target = tmp_path / "a" / "b"
    one_line_error(nuffle("site", "build", "--out", target, "--jobs", "0"), "--jobs")
    assert tree(tmp_path) == []


def test_serve_refuses_an_out_folder_inside_what_it_watches(tmp_path) -> None:
    """Each build would write into a watched folder and start the next one."""
    pack = tmp_path / "pack"
    (pack / "abilities").mkdir(parents=True)
    (pack / "nuffle-pack.yaml").write_text("kind: content-pack\nid: pk\nname: P\n")
    (pack / "abilities" / "a.yaml").write_text("kind: ability\nid: a\n")
    line = one_line_error(nuffle("site", "serve", "--content", pack, "--out", pack / "site"),
                          "--out", "is inside", "which is watched")
    assert str(pack.resolve()) in line
    assert sorted(p.name for p in pack.iterdir()) == ["abilities", "nuffle-pack.yaml"]


def test_a_previous_build_folder_is_accepted(tmp_path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: Nuffle rules reference\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    one_line_error(nuffle("site", "build", "--out", tmp_path, "--jobs", "0"), "--jobs")


# ---- numbers: ports, counts, seeds ------------------------------------------------------------------

@pytest.mark.parametrize("port", ["99999", "0", "-1", "http"])
def test_a_port_out_of_range_is_refused(tmp_path, port) -> None:
    one_line_error(nuffle("site", "serve", "--out", tmp_path, "--port", port), "--port",
                   "1 to 65535")
    assert tree(tmp_path) == []


def test_a_port_in_use_is_refused_before_the_site_is_generated(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(nuffle("site", "serve", "--out", tmp_path, "--port", str(port)),
                       f"cannot listen on 127.0.0.1:{port}")
    assert tree(tmp_path) == []


@pytest.mark.parametrize("argv,option,bounds", [
    (["league", "--coaches", "65"], "--coaches", "3 to 64"),
    (["league", "--coaches", "2"], "--coaches", "three coaches"),
    (["league", "--coaches", "-3"], "--coaches", "3 to 64"),
    (["league", "--coaches", "1" * 5000], "--coaches", "(5000 characters)"),
    ([*SIMULATE[:-2], "--games", "0"], "--games", "1 to 1000000"),
    ([*SIMULATE[:-2], "--games", "1000001"], "--games", "1 to 1000000"),
    ([*SIMULATE, "--jobs", "0"], "--jobs", "1 to 64"),
    ([*SIMULATE, "--jobs", "65"], "--jobs", "1 to 64"),
    (["site", "build", "--jobs", "-2"], "--jobs", "1 to 64"),
    (["site", "build", "--balance-games", "0"], "--balance-games", "1 to 1000000"),
])
def test_counts_are_bounded(argv, option, bounds) -> None:
    one_line_error(nuffle(*argv), option, bounds)


@pytest.mark.parametrize("command,seed", [
    *((PLAY, seed) for seed in ["-1", str(2 ** 63), "9" * 5000, "1e3", "0x10"]),
    (SIMULATE, "-1"), (SIMULATE, "9" * 5000), (["league"], "-1"), (["league"], str(2 ** 63)),
], ids=lambda v: v[0] if isinstance(v, list) else v[:12])
def test_a_seed_is_a_non_negative_64_bit_number(command, seed) -> None:
    line = one_line_error(nuffle(*command, "--seed", seed), "--seed", "0 to 9223372036854775807")
    assert len(line) < 300  # a 5,000-digit seed is not echoed whole


def test_the_largest_seed_plays() -> None:
    proc = nuffle(*SIMULATE, "--seed", str(2 ** 63 - 1), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    assert f'"seed": {2 ** 63 - 1}' in proc.stdout


def test_more_league_teams_than_coaches_is_refused() -> None:
    one_line_error(nuffle("league", "--coaches", "3", "--teams", "orc,elf,dwarf,human"),
                   "4 teams for 3 coaches")


# ---- paths read: check, export, scenario and --content ---------------------------------------------

def content_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "human2.yaml").write_text(HUMAN.read_text(encoding="utf-8").replace(
        "id: human", "id: human2"), encoding="utf-8")
    return folder


READERS = [
    ["check", "{}"], ["export", "{}"], ["scenario", "{}"],
    [*PLAY, "--content", "{}"], [*SIMULATE, "--content", "{}"], ["league", "--content", "{}"],
    ["scenario", "--content", "{}"], ["replay", str(SCENARIO), "--content", "{}"],
]


def _argv(template: list[str], path: Path) -> list[str]:
    return [a.replace("{}", str(path)) for a in template]


@pytest.mark.parametrize("template", READERS, ids=lambda t: " ".join(t[:1] + t[-2:-1]))
def test_an_unreadable_folder_is_a_usage_error(tmp_path, template) -> None:
    folder = content_folder(tmp_path)
    one_line_error(nuffle(*_argv(template, folder), deny=[folder]),
                   f"cannot read {folder}: Permission denied")


@pytest.mark.parametrize("template", READERS, ids=lambda t: " ".join(t[:1] + t[-2:-1]))
def test_an_unreadable_file_is_a_usage_error(tmp_path, template) -> None:
    file = content_folder(tmp_path) / "human2.yaml"
    one_line_error(nuffle(*_argv(template, file), deny=[file]),
                   f"cannot read {file}: Permission denied")


def test_an_unreadable_folder_inside_a_folder_is_named(tmp_path) -> None:
    """`Path.rglob` passes over a folder it cannot list: `check` said `0 errors`."""
    folder = content_folder(tmp_path)
    inner = folder / "more"
    inner.mkdir()
    one_line_error(nuffle("check", folder, deny=[inner]), f"cannot read {inner}")


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_real_unreadable_folder_is_a_usage_error(tmp_path) -> None:
    """Root reads a chmod 000 folder; anyone else is refused, and told so."""
    folder = content_folder(tmp_path)
    if os.geteuid() != 0:
        folder.chmod(0)
        try:
            one_line_error(nuffle("check", folder), "cannot read", "Permission denied")
        finally:
            folder.chmod(0o755)
    else:  # the simulated refusal is what root sees checked; here root reads it fine
        assert nuffle("check", folder).returncode == 0


@pytest.mark.parametrize("template", READERS, ids=lambda t: " ".join(t[:1] + t[-2:-1]))
def test_a_folder_without_content_files_is_a_usage_error(tmp_path, template) -> None:
    (tmp_path / "README.txt").write_text("no YAML here", encoding="utf-8")
    (tmp_path / "schemas").mkdir()  # skipped by the loader, like content/schemas
    (tmp_path / "schemas" / "x.yaml").write_text("kind: ability\n", encoding="utf-8")
    one_line_error(nuffle(*_argv(template, tmp_path)), f"no content files (*.yaml) in {tmp_path}")


@pytest.mark.parametrize("command", ["check", "export", "scenario"])
def test_a_missing_path_is_a_usage_error(tmp_path, command) -> None:
    one_line_error(nuffle(command, tmp_path / "nope.yaml"), "no such file or folder")


def test_a_file_named_twice_is_read_once() -> None:
    """Named twice, or named and inside a folder named, a file clashed with itself (R401)."""
    for argv in ([HUMAN, HUMAN], [HUMAN.parent, HUMAN]):
        proc = nuffle("check", *argv)
        assert proc.returncode == 0, proc.stdout
        assert "R401" not in proc.stdout


def test_argparse_errors_are_one_line_too() -> None:
    one_line_error(nuffle("check", "--frmat", "json"), "unrecognized arguments: --frmat")
    one_line_error(nuffle("play", "--home", "human"), "required: --away")


# ---- bugs: one line, exit 70 --------------------------------------------------------------------------

BUG = """
import nuffle.cli.check_cmd as check_cmd
def broken(args, parser):
    raise RuntimeError("the check broke\\non two lines")
check_cmd.run = broken
"""


def bug(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "NUFFLE_DEBUG"} | (env or {})
    return subprocess.run([sys.executable, "-c", BUG + PRELUDE, *args], capture_output=True,
                          text=True, check=False, env=environ, cwd=REPO, timeout=120)


def test_an_unexpected_exception_is_one_line_and_exit_70() -> None:
    line = one_line_error(bug("check"), status=70)
    assert line == ("nuffle: internal error: RuntimeError: the check broke on two lines (a bug in "
                    "Nuffle, not in your content; set NUFFLE_DEBUG=1 to see the traceback)")


def test_nuffle_debug_shows_the_traceback_too() -> None:
    proc = bug("check", env={"NUFFLE_DEBUG": "1"})
    assert proc.returncode == 70
    assert "Traceback (most recent call last)" in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("nuffle: internal error: RuntimeError")


@pytest.mark.parametrize("exc,status,err", [(KeyboardInterrupt, 130, "interrupted\n"),
                                            (BrokenPipeError, 0, "")])
def test_interrupts_and_closed_pipes_keep_their_handling(monkeypatch, capsys, exc, status, err):
    import nuffle.cli.check_cmd as check_cmd

    def broken(args, parser):
        raise exc()
    monkeypatch.setattr(check_cmd, "run", broken)
    assert main(["check"]) == status
    assert capsys.readouterr().err == err


def test_the_simulated_refusal_is_what_the_commands_see(tmp_path, monkeypatch, capsys) -> None:
    """In-process too: os.scandir refusing a folder makes `check` a usage error (with the old
    Path.rglob it was `0 errors`, exit 0)."""
    folder = content_folder(tmp_path)
    real = os.scandir

    def scandir(path="."):
        if Path(path) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(SystemExit) as exit_:
        main(["check", str(folder)])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == f"nuffle check: error: cannot read {folder}: Permission denied\n"
