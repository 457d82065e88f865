"""The command line: exit codes, output formats, determinism, never a traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nuffle.cli.main import main

HUMAN = Path(__file__).resolve().parents[2] / "content/blitz-bowl/teams/human.yaml"
DIAG_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>[A-Z]\d{3})\]: .+$")


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_bundled_content_is_clean(capsys) -> None:
    code, out, _ = run(["check"], capsys)
    assert code == 0, out
    assert out.strip().splitlines()[-1].endswith(": 0 errors")


def test_check_reports_diagnostic_with_caret_and_hint(tree, capsys) -> None:
    tree.ability("probe", "after catch where player is slef:\n    reroll\n")
    code, out, _ = run(["check", str(tree.root)], capsys)
    assert code == 1
    lines = out.splitlines()
    first = DIAG_LINE.match(lines[0])
    assert first and first["code"] == "N103" and (first["line"], first["col"]) == ("9", "31")
    assert lines[1].endswith("after catch where player is slef:")
    caret_col = lines[2].index("^")
    assert lines[1][caret_col:caret_col + 4] == "slef"
    assert lines[2].count("^") == 4
    assert "did you mean `self`?" in lines[3]
    assert out.strip().splitlines()[-1].endswith("1 error")


def test_check_json_format(tree, capsys) -> None:
    tree.ability("probe", "after cacth: reroll\n")
    code, out, _ = run(["check", "--format", "json", str(tree.root)], capsys)
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["items"] == {"ability": 1}
    (diag,) = data["diagnostics"]
    assert diag["code"] == "N101" and diag["line"] == 9 and diag["hint"] == "did you mean `catch`?"


def test_missing_path_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check", "no/such/place"])
    assert exc.value.code == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_unknown_option_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check", "--frmat", "json"])
    assert exc.value.code == 2


@pytest.mark.parametrize("command", ["check", "export"])
def test_help_for_each_command(command, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    assert "usage: nuffle " + command in capsys.readouterr().out


def test_export_is_sorted_and_deterministic(capsys) -> None:
    code, first, _ = run(["export", "--format", "json"], capsys)
    assert code == 0
    _, second, _ = run(["export"], capsys)
    assert first == second
    items = json.loads(first)["items"]
    keys = [(i["kind"], i["id"]) for i in items]
    assert keys == sorted(keys)


def test_export_refuses_content_with_errors(tree, capsys) -> None:
    tree.ability("probe", "after cacth: reroll\n")
    code, out, err = run(["export", str(tree.root)], capsys)
    assert code == 1 and out == "" and "export refused" in err


def test_console_script_never_shows_a_traceback(tree) -> None:
    tree.write("a.yaml", "kind: ability\nid: [unclosed\n")
    tree.write("b.yaml", "\x00\x01 binary junk: : :\n")
    proc = subprocess.run([sys.executable, "-m", "nuffle.cli.main", "check", str(tree.root)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "error[Y001]" in proc.stdout


def test_one_file_is_checked_against_the_bundled_content(capsys) -> None:
    code, out, _ = run(["check", str(HUMAN)], capsys)
    assert code == 0, out
    assert out.strip().endswith("checked 1 item in 1 file (1 team): 0 errors")


def test_a_new_file_finds_bundled_items_and_their_near_misses(tmp_path, capsys) -> None:
    human = HUMAN.read_text(encoding="utf-8")
    new = human.replace("id: human", "id: new-humans").replace(
        "[catchers-instincts]", "[catchers-instinct]")
    (tmp_path / "new-humans.yaml").write_text(new, encoding="utf-8")
    code, out, _ = run(["check", str(tmp_path)], capsys)
    assert code == 1
    assert "error[R402]: unknown ability `catchers-instinct`" in out
    assert "did you mean `catchers-instincts`?" in out
    assert out.count("error[") == 1  # nothing reported about the bundled files


def test_a_new_file_reusing_a_bundled_id_is_caught_at_the_new_file(tmp_path, capsys) -> None:
    human = HUMAN.read_text(encoding="utf-8")
    (tmp_path / "human.yaml").write_text(human, encoding="utf-8")
    code, out, _ = run(["check", str(tmp_path)], capsys)
    assert code == 1
    first = DIAG_LINE.match(out.splitlines()[0])
    assert first and first["code"] == "R401" and first["path"].endswith(str(tmp_path / "human.yaml"))
    assert "also defined in content/blitz-bowl/teams/human.yaml" in out
