"""Fewer garbage collections while the site is built.

A build allocates millions of short-lived objects (Markdown trees, template contexts,
search sections) beside a few hundred thousand that live through it (the catalogue, every
page's Markdown, MkDocs' files and navigation). With the interpreter's thresholds, a young
collection runs after every 700 allocations and the oldest generation is walked again and
again: about 1,770 collections and a twentieth of a first build's processor time. The
build's garbage is nearly all freed by reference counting, so collecting less often finds
the same cycles later at little cost in memory (a few MB on the whole site).

`fewer_collections` raises the thresholds for the build and puts them back after it;
`settle()`, called once the content is loaded and the pages made, moves every object
alive then out of the collector's reach (`gc.freeze`) until the build ends, so the
rendering's collections no longer walk them (a forked child inherits both, which also
keeps its pages of the parent's objects shared). Nothing is frozen in a build within a
build, nor when another part of the process has frozen objects (all of them are unfrozen
at once, not only this build's). Thresholds and freezing are the process's: a build in a
thread (`nuffle site serve`) changes them for the server's threads too, which is
harmless.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

# allocations between young collections (the interpreter's: 700), and how many younger
# collections before each older one (10 and 10)
THRESHOLDS = (20_000, 50, 50)


@dataclass
class Pacing:
    """Builds paced."""
    builds: int = 0


WORK = Pacing()


@contextmanager
def fewer_collections() -> Iterator[Callable[[], None]]:
    """Within the block, the build's thresholds; it is given ``settle`` (see the module).
    A nested block (a build within a build) leaves the outer one's settings alone."""
    before = gc.get_threshold()
    nested = before == THRESHOLDS
    # objects frozen by someone else: theirs to unfreeze, so none is frozen here
    others_frozen = gc.get_freeze_count() > 0
    settled = 0

    def settle() -> None:
        nonlocal settled
        if not nested and not others_frozen and gc.isenabled():
            gc.freeze()
            settled += 1

    gc.set_threshold(*THRESHOLDS)
    WORK.builds += 1
    try:
        yield settle
    finally:
        if settled:
            gc.unfreeze()
        if not nested:
            gc.set_threshold(*before)
