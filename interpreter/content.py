"""What every game's ruleset does with the content it is built from: a version that names
the content a log was recorded with, and source paths a log can show anywhere."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from nuffle.dsl.diagnostics import SourceMap
from nuffle.interpreter.compiler import CompiledRules
from nuffle.interpreter.errors import ContentError
from nuffle.interpreter.vocabulary import EDITIONS

from nuffle.catalogue.model import Catalogue
from nuffle.paths import REPO_ROOT, content_dir

R = TypeVar("R")


@dataclass
class Rules:
    """One content item's compiled rules, with the names a log or narrative shows."""

    kind: str
    id: str
    name: str
    compiled: CompiledRules
    data: dict = field(default_factory=dict)


def content_version(catalogue: Catalogue, game: str | None = None) -> str:
    """A short hash of the data of every item of ``game`` (and of the items of no game):
    logs recorded on other content are recognised, and a change to the other game's content
    leaves this game's logs replayable."""
    items = [i for i in catalogue.sorted_items()
             if game is None or EDITIONS.get(i.edition or "", game) == game]
    blob = json.dumps([[i.kind, i.id, i.data] for i in items], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def stable(source: SourceMap) -> SourceMap:
    """The rules' source with a path that does not depend on the current folder (bundled
    content relative to the project, other files absolute): a game's log names it, and the
    same game must give the same log wherever it is played from."""
    path = Path(source.path).resolve()
    shown = str(path.relative_to(REPO_ROOT)) if path.is_relative_to(REPO_ROOT) else str(path)
    return SourceMap(shown, source.first_line, source.first_column, source.indent, source.block)


def checked_catalogue(key: tuple[str, ...]) -> Catalogue:
    """The bundled content without its scenarios (test fixtures: one being written must not
    stop games being played), plus the files of ``key``, checked: a game is never played
    on content with errors (ContentError)."""
    from nuffle.catalogue.loader import content_files, load_catalogue
    files = [f for f in content_files() if "scenarios" not in f.parts]
    catalogue, diags, _ = load_catalogue(files, with_bundled=False)
    errors = [d for d in diags if d.severity == "error"] if diags else []
    if key:
        more, more_diags, _ = load_catalogue([Path(p) for p in key])
        errors += [d for d in more_diags if d.severity == "error"]
        for item in more.sorted_items():
            catalogue.add(item)
    if errors:
        raise ContentError(f"the content has {len(errors)} error(s); run `nuffle check` to see them")
    return catalogue


def cached_ruleset(cache: dict[tuple[str, ...], R], extra: Iterable[Path],
                   build: Callable[[Catalogue], R], catalogue: Catalogue | None = None) -> R:
    """A game's ruleset of the bundled content plus ``extra`` files, built once per process
    into ``cache`` (that game's own); from ``catalogue`` when the caller has already loaded
    `checked_catalogue` of these files (`nuffle play` telling the games apart by their teams)."""
    key = cache_key(extra)
    slot = (str(content_dir()), *key)  # a fork (`--base none`) is other content
    if slot not in cache:
        cache[slot] = build(catalogue if catalogue is not None else checked_catalogue(key))
    return cache[slot]


def cache_key(extra: Iterable[Path]) -> tuple[str, ...]:
    """The extra files, sorted (each ruleset cache adds the base content: a fork is other
    content)."""
    return tuple(sorted(str(Path(p).resolve()) for p in extra))
