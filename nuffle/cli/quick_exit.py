"""Ending the `nuffle` process without the interpreter's teardown, where a command asks.

After `nuffle site build` the process holds the whole site's pages, the catalogue and
MkDocs' structures: about 125,000 objects that the interpreter, on its way out, releases
one by one with its modules, which took about a quarter of a second of a 3 s rebuild
after one edit. Nothing of that needs doing when the process ends. A command whose work
is all written and closed (`ask`) lets the console script flush its output, shut logging
down (MkDocs' handlers) and end the process at once (`os._exit`). The exit handlers other
libraries register (a pool's, a cluster client's) are not run on that path, so only a
command that starts none asks for it; `main()` itself, as tests call it, never exits; and
a process being profiled or traced (`python -m cProfile`, coverage) ends as usual, since
its tool writes its report at exit.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass


@dataclass
class QuickExit:
    """Whether the command run asked for a quick exit."""
    asked: bool = False


STATE = QuickExit()


def ask() -> None:
    """Called by a command whose work is finished and which started nothing that needs
    an exit handler."""
    STATE.asked = True


def end(code: int) -> None:
    """End the process with ``code``: at once if the command asked (see the module), else
    as usual (`sys.exit`)."""
    if not STATE.asked or sys.gettrace() is not None or sys.getprofile() is not None:
        sys.exit(code)  # a profiler or coverage writes its report at the usual end
    STATE.asked = False
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, ValueError):  # a reader gone, or closed
            stream.flush()
    logging = sys.modules.get("logging")
    if logging is not None:
        logging.shutdown()
    os._exit(code)
