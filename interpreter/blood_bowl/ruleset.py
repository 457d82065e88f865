"""The Blood Bowl ruleset as the engine uses it: teams, skills, tables and Star Players,
compiled once.

Rules content lives in content/blood-bowl/ (editions `pbbl-1-10` and `bb2020`); compiling
happens here, once per content version (principle 4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from nuffle.interpreter.blood_bowl.draft import draft as _draft
from nuffle.interpreter.compiler import CompiledRules, Compiler
from nuffle.interpreter.content import (
    Rules,
    cached_ruleset,
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
    # Star Players (PBBL pages 59-60) by id: what a team may induce for a match (page 35)
    star_players: dict[str, dict] = field(default_factory=dict)
    # special play cards (PBBL pages 43-51) by id, and their decks (price, size) by id
    cards: dict[str, Rules] = field(default_factory=dict)
    card_decks: dict[str, dict] = field(default_factory=dict)

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

    def star_players_for(self, team_id: str) -> list[str]:
        """The Star Players a team list says are "available for Inducement" (PBBL pages
        52-58), in the printed order."""
        return list(self.teams[team_id].get("star_players", []))

    def star_player_profiles(self, star_id: str) -> list[dict]:
        """The players one Star Player inducement brings: the Star Player himself, or each
        player of a duo hired as one inducement (page 59). A profile without `movement` has
        characteristics no source gives (ruling bb-star-player-characteristics)."""
        star = self.star_players[star_id]
        return list(star.get("players") or [star])

    def inducible(self, star_id: str) -> bool:
        """Whether every player of the inducement has his characteristics."""
        return all("movement" in p for p in self.star_player_profiles(star_id))


def _rolls(roll: object) -> list[int]:
    """The totals a table entry's `roll` covers: 7, or "4-10"."""
    if isinstance(roll, int):
        return [roll]
    low, _, high = str(roll).partition("-")
    return list(range(int(low), int(high or low) + 1))


def _of(catalogue: Catalogue, kind: str) -> list:
    """The items of ``kind`` that belong to this game."""
    return [i for i in catalogue.of_kind(kind) if EDITIONS.get(i.edition or "") == GAME]


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
        return _of(catalogue, kind)

    names = {i.id: i.data.get("name", i.id) for i in of("ability") + of("team") + of("table")}
    # skills and team lists, which rules may name by id
    ids = frozenset(i.id for kind in ("ability", "team") for i in of(kind))
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
    stars = {i.id: i.data for i in of("star-player")}
    cards = {i.id: Rules("special-play-card", i.id, i.data["name"], compiled(i), i.data)
             for i in of("special-play-card")}
    decks = {i.id: i.data for i in of("special-play-deck")}
    names.update({i: r.name for i, r in cards.items()})
    names.update({i: d["name"] for i, d in decks.items()})
    return Ruleset(content_version(catalogue, GAME), teams, skills, tables, names, stars,
                   cards, decks)


_CACHE: dict[tuple[str, ...], Ruleset] = {}  # by base content and extra files


def load_ruleset(extra: Iterable[Path] = (), catalogue: Catalogue | None = None) -> Ruleset:
    """The bundled content (plus ``extra`` files), checked and compiled; cached per process
    (``catalogue``: `checked_catalogue` of the same files, when already loaded)."""
    return cached_ruleset(_CACHE, extra, build_ruleset, catalogue)


def team_ids(catalogue: Catalogue) -> frozenset[str]:
    """The ids of this game's teams in a checked catalogue: enough to tell which game two
    teams belong to without compiling its rules."""
    return frozenset(i.id for i in _of(catalogue, "team"))
