"""The console script ends at once where the command asked (nuffle/cli/quick_exit.py):
its output flushed, its status kept, the interpreter's teardown skipped; and as usual
where the command did not ask."""

from __future__ import annotations

import subprocess
import sys

import pytest

from nuffle.cli import quick_exit
from nuffle.cli.main import main

# a command's end: output still buffered, an exit handler (as a library registers one)
SCRIPT = """
import atexit, logging, sys
from nuffle.cli import quick_exit
atexit.register(lambda: print("exit handler ran"))
handler = logging.StreamHandler(sys.stderr)
logging.getLogger("x").addHandler(handler)
logging.getLogger("x").warning("logged")
print("the command's output", end="")
sys.stderr.write("and its message")
if sys.argv[1] in ("ask", "profiled"):
    quick_exit.ask()
if sys.argv[1] == "profiled":
    import cProfile
    cProfile.Profile().enable()
quick_exit.end(3)
"""


def ended(how: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT, how], capture_output=True, text=True,
                          timeout=60)


def test_a_command_that_asks_ends_at_once_with_its_output_and_status() -> None:
    done = ended("ask")
    assert done.returncode == 3
    assert done.stdout == "the command's output"  # flushed, though never a newline
    assert "logged" in done.stderr and done.stderr.endswith("and its message")
    assert "exit handler ran" not in done.stdout  # the teardown was skipped


def test_a_command_that_does_not_ask_ends_as_usual() -> None:
    done = ended("no")
    assert done.returncode == 3
    assert done.stdout == "the command's output" + "exit handler ran\n"


def test_main_never_ends_the_process_and_forgets_an_earlier_ask() -> None:
    quick_exit.ask()
    with pytest.raises(SystemExit) as usage:  # argparse's, for the usage error
        main(["site", "build", "--jobs", "0"])
    assert usage.value.code == 2
    assert quick_exit.STATE.asked is False  # asked by that command or not at all


def test_a_profiled_process_ends_as_usual_so_the_profile_is_written() -> None:
    done = ended("profiled")
    assert done.returncode == 3
    assert done.stdout.endswith("exit handler ran\n")
