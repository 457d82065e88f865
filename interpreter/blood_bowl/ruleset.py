"""The Blood Bowl ruleset as the engine uses it: teams, skills and tables, compiled once.

Rules content lives in content/blood-bowl/ (editions `pbbl-1-10` and `bb2020`); compiling
happens here, once per content version (principle 4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from nuffle.interpreter.blood_bowl.draft import draft as _draft
from nuffle.interpreter.compiler import CompiledRules, Compiler
from nuffle.interpreter.content import (
    Rules,
    cache_key,
    checked_catalogue,
    content_version,
    stable,
)
from nuffle.interpreter.errors import ContentError
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary

from nuffle.catalogue.model import Catalogue

GAME = "blood-bowl"
TABLE_EDITIONS = {"pbbl": "pbbl-1-10", "bb2020": "bb2020"}  # `--tables` -> content edition




@dataclass
class Table:
    """A table of one category (kick-off, weather, prayers-to-nuffle) of one edition."""

    id: str
    name: str
    roll: str
    entries: dict[int, Rules]  # every total the dice can make -> its entry

    def entry(self, total: int) -> Rules:
        return self.entries[total]


@dataclass
class Ruleset:
    game_id: ClassVar[str] = "blood-bowl"
    version: str
    teams: dict[str, dict]
    skills: dict[str, Rules]
    tables: dict[tuple[str, str], Table]  # (tables option, category) -> table
    names: dict[str, str]

    def table(self, option: str, category: str) -> Table | None:
        return self.tables.get((option, category))

    def draft(self, team_id: str) -> list[tuple[dict, int]]:
        """The default starting team (documented on the site, "Drafting a team"): two of
        each position but the linemen (the position the list allows most of), most
        expensive first, each only while linemen can still make 11 players and two team
        re-rolls can still be bought; then linemen to 11 players; the rest of the budget
        buys a third re-roll, then more linemen, up to 16 players."""
        return _draft(self.teams[team_id])[0]

    def draft_rerolls(self, team_id: str) -> int:
        return _draft(self.teams[team_id])[1]


def _rolls(roll: object) -> list[int]:
    """The totals a table entry's `roll` covers: 7, or "4-10"."""
    if isinstance(roll, int):
        return [roll]
    low, _, high = str(roll).partition("-")
    return list(range(int(low), int(high or low) + 1))


def build_ruleset(catalogue: Catalogue) -> Ruleset:
    vocab = vocabulary(GAME)

    def compiled(item, path=("rules",)) -> CompiledRules:
        for text in item.rules:
            if tuple(text.path) == path and text.ast is not None:
                kind = "table" if path[0] == "entries" else item.kind
                return Compiler(vocab, kind, item.id, stable(item.doc.rules_source(path)),
                                content_ids=ids).compile(text.ast)
        return CompiledRules()

    def of(kind: str):
        return [i for i in catalogue.of_kind(kind) if EDITIONS.get(i.edition or "") == GAME]

    names = {i.id: i.data.get("name", i.id) for i in of("ability") + of("team") + of("table")}
    ids = frozenset(i.id for i in of("ability"))  # skills, which rules may name by id
    skills = {i.id: Rules("ability", i.id, i.data["name"], compiled(i), i.data)
              for i in of("ability")}
    tables: dict[tuple[str, str], Table] = {}
    for item in of("table"):
        option = next((o for o, e in TABLE_EDITIONS.items() if e == item.edition), None)
        if option is None:
            continue
        entries = {}
        for n, entry in enumerate(item.data.get("entries", [])):
            rules = Rules("table", entry["id"], entry["name"],
                          compiled(item, ("entries", n, "rules")), entry)
            names[entry["id"]] = entry["name"]
            for total in _rolls(entry["roll"]):
                entries[total] = rules
        tables[(option, item.data["category"])] = Table(item.id, item.data["name"],
                                                          str(item.data["roll"]), entries)
    teams = {i.id: i.data for i in of("team")}
    if not teams:
        raise ContentError("the Blood Bowl content has no teams")
    return Ruleset(content_version(catalogue, GAME), teams, skills, tables, names)


_CACHE: dict[tuple[str, ...], Ruleset] = {}


def load_ruleset(extra: Iterable[Path] = ()) -> Ruleset:
    """The bundled content (plus ``extra`` files), checked and compiled; cached per process."""
    key = cache_key(extra)
    if key not in _CACHE:
        _CACHE[key] = build_ruleset(checked_catalogue(key))
    return _CACHE[key]
