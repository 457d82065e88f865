"""Checks across items: references resolve, file names match ids, tables cover their dice.

Ids are unique within a game, so a reference is looked up in the game of the item that makes
it (a Blitz Bowl scenario's `orc` is the Blitz Bowl Orc team).

Game facts checked here cite the Blitz Bowl Season 2 rulebook (000_ff9920886d8c191d.txt):
a team of six players or more (page 4; page 12, Extra Teams: "the appropriate type and number of
miniatures, as shown on that team's player cards"), and no more than an end zone holds,
coach traits on a 2D8 table of 2-16 (league rules). A Blood Bowl team's positions start with
skills of Blood Bowl (its costs, multiples of 10,000 gold pieces, are checked by its schema),
and its Star Players, like a Star Player's skills and the teams he plays for (PBBL 1.10,
pages 52-60), are items of Blood Bowl.
"""

from __future__ import annotations

from pathlib import Path

from nuffle.catalogue import rosters
from nuffle.catalogue.model import Catalogue, Item
from nuffle.catalogue.packs import MANIFEST, is_homebrew
from nuffle.dsl.diagnostics import Diagnostic, internal_error

BLITZ_BOWL = "blitz-bowl"
MIN_PLAYERS = 6  # the box teams' six (page 4); no printed team has fewer
MAX_PLAYERS = 11  # every player sets up in the end zone (page 4): 11 squares on both pitches
APPLIES_TO_SECTIONS = "rules"


def _at(item: Item, path: tuple, code: str, message: str, hint: str | None = None,
        key: bool = False) -> Diagnostic:
    line, col, end = item.doc.position(path, key=key)
    return Diagnostic(code, message, item.path, line, col, end, hint)


def _unknown(cat: Catalogue, item: Item, path: tuple, kind: str, ref: str,
             known: list[str]) -> list[Diagnostic]:
    """R402 for a reference to no item; none when a file that could not be read gives that
    id (its own error stands for it: one broken team file is one error, not one more per
    ball, card and scenario that names the team)."""
    if ref in cat.unreadable_ids:
        return []
    import difflib  # only for a hint, after a mistake
    close = difflib.get_close_matches(ref, known, n=1, cutoff=0.6)
    return [_at(item, path, "R402", f"unknown {kind} `{ref}`",
                f"did you mean `{close[0]}`?" if close else f"no {kind} has that id")]


def dice_range(expr: str) -> range:
    """The results ``NdS`` can roll; the schema bounds N and S (nuffle.limits)."""
    count, sides = expr.split("d")
    n = int(count or 1)
    return range(n, n * int(sides) + 1)


def entry_rolls(roll: object, possible: range) -> tuple[list[int], list[int]]:
    """An entry's results that ``possible`` holds, and the bounds of its part outside it
    (never every number of a wide range: only what the dice can roll is listed)."""
    if isinstance(roll, int):
        low = high = roll
    else:
        first, last = str(roll).split("-")
        low, high = int(first), int(last)
    inside = list(range(max(low, possible.start), min(high, possible.stop - 1) + 1))
    outside = [r for r in (low, high) if r not in possible]
    return inside, sorted(set(outside))


# the ids of each game's items of each kind, for did-you-mean hints: (game, kind) -> ids
Ids = dict[tuple[str, str], list[str]]


def _ids(cat: Catalogue) -> Ids:
    out: Ids = {}
    for item in cat.sorted_items():
        out.setdefault((item.game, item.kind), []).append(item.id)
    return out


def _known(ids: Ids, game: str, kind: str) -> list[str]:
    """The ids of a kind that an item of ``game`` may name: its game's and those of items
    with no game (every game's, for an item with no game)."""
    return sorted({i for (g, k), found in ids.items() if k == kind and (not game or g in (game, ""))
                   for i in found})


def check_cross_references(cat: Catalogue) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    ids = _ids(cat)
    for item in cat.sorted_items():
        if not item.schema_ok:
            continue
        try:
            diags += _check_item(cat, item, ids)
        except Exception as exc:  # noqa: BLE001 - one item's crash must not hide the rest
            diags.append(internal_error(item.path, exc))
    diags += _check_trait_rolls(cat)
    return diags


def _check_item(cat: Catalogue, item: Item, ids: Ids) -> list[Diagnostic]:
    """The references and the shape checks of one item that passed its schema."""
    diags: list[Diagnostic] = []
    game = item.game

    def known(kind: str) -> list[str]:
        return _known(ids, game, kind)

    stem = Path(item.path).stem
    if item.kind == "content-pack":
        if Path(item.path).name != MANIFEST:
            diags.append(_at(item, ("kind",), "R410", f"a content pack's manifest is named "
                             f"`{MANIFEST}`, not `{Path(item.path).name}`",
                             f"rename the file to `{MANIFEST}`, at the root of the pack"))
    elif stem != item.id:
        diags.append(_at(item, ("id",), "R404", f"the file is named `{stem}` but the id is "
                         f"`{item.id}`", f"rename the file to `{item.id}.yaml`"))
    for i, ruling in enumerate(item.data.get("rulings") or []):
        if not cat.find("ruling", ruling, game):
            diags += _unknown(cat, item, ("rulings", i), "ruling", ruling, known("ruling"))
    if item.kind == "team":
        diags += _check_team(cat, item, ids)
    elif item.kind == "star-player":
        diags += _check_star_player(cat, item, ids)
    elif item.kind == "ball":
        team = item.data.get("team")
        if isinstance(team, str) and not cat.find("team", team, game):
            diags += _unknown(cat, item, ("team",), "team", team, known("team"))
    elif item.kind == "roster":
        diags += _check_roster(cat, item, ids)
    elif item.kind == "table":
        diags += _check_table(item)
    elif item.kind == "pitch":
        diags += _check_pitch(item)
    elif item.kind == "special-play-card":
        diags += _check_special_play_card(cat, item, ids)
    elif item.kind == "special-play-deck":
        diags += _check_special_play_deck(cat, item)
    elif item.kind == "scenario":
        diags += _check_scenario(cat, item, ids)
    elif item.kind == "ruling":
        for i, ref in enumerate(item.data.get("applies_to") or []):
            kind, _, ref_id = str(ref).partition("/")
            if kind == APPLIES_TO_SECTIONS:
                continue
            if kind == "table" and not cat.find("table", ref_id, game):
                # allow table/<table-id>/<entry-id>
                ref_id = ref_id.split("/")[0]
            if not cat.find(kind, ref_id, game):
                diags += _unknown(cat, item, ("applies_to", i), kind, ref_id, known(kind))
    return diags


def _check_team(cat: Catalogue, team: Item, ids: Ids) -> list[Diagnostic]:
    """Position ids are unique, and the abilities (Blitz Bowl) or skills (Blood Bowl) of the
    positions are abilities of the team's game; a Blitz Bowl team has 6 to 11 players."""
    diags: list[Diagnostic] = []
    positions = team.data.get("positions") or []
    blitz = team.game == BLITZ_BOWL
    total = sum(p.get("count", 0) for p in positions if isinstance(p, dict)
                and isinstance(p.get("count"), int))
    if blitz and not MIN_PLAYERS <= total <= MAX_PLAYERS:
        diags.append(_at(team, ("positions",), "R405",
                         f"the team has {total} players; a Blitz Bowl team has from "
                         f"{MIN_PLAYERS} to {MAX_PLAYERS}, as its player cards show",
                         "check the positions' counts (rulebook pages 4 and 12)", key=True))
    seen: set[str | None] = set()  # the positions' ids (None: a position without one)
    for i, pos in enumerate(positions):
        if not isinstance(pos, dict):
            continue
        if pos.get("id") in seen:
            diags.append(_at(team, ("positions", i, "id"), "R401",
                             f"duplicate position id `{pos.get('id')}`"))
        seen.add(pos.get("id"))
        field = "abilities" if blitz else "skills"
        for j, ability in enumerate(pos.get(field) or []):
            if isinstance(ability, str) and not cat.find("ability", ability, team.game):
                diags += _unknown(cat, team, ("positions", i, field, j), "ability", ability,
                                  _known(ids, team.game, "ability"))
    for i, star in enumerate(team.data.get("star_players") or []):
        if isinstance(star, str) and not cat.find("star-player", star, team.game):
            diags += _unknown(cat, team, ("star_players", i), "star-player", star,
                              _known(ids, team.game, "star-player"))
    return diags


def _check_star_player(cat: Catalogue, star: Item, ids: Ids) -> list[Diagnostic]:
    """A Star Player's skills (his own, or each of a duo's players') are skills of his game,
    and the teams he plays for are team lists of it (PBBL 1.10 pages 59-60)."""
    diags: list[Diagnostic] = []
    game = star.game
    lists = [((), star.data)] + [(("players", n), member) for n, member
                                 in enumerate(star.data.get("players") or [])]
    for base, holder in lists:
        for j, skill in enumerate(holder.get("skills") or []):
            if isinstance(skill, str) and not cat.find("ability", skill, game):
                diags += _unknown(cat, star, (*base, "skills", j), "ability", skill,
                                  _known(ids, game, "ability"))
    for i, team in enumerate(star.data.get("plays_for") or []):
        if isinstance(team, str) and not cat.find("team", team, game):
            diags += _unknown(cat, star, ("plays_for", i), "team", team, _known(ids, game, "team"))
    return diags


def roster(team: Item, side: str) -> list[str]:
    """The player ids of a team on one side: `home.blitzer`, `home.lineman-1`… (a Blood
    Bowl team's as its default draft fields them)."""
    if team.game == "blood-bowl":
        from nuffle.interpreter.blood_bowl.roster import lineup, player_ids
        return player_ids(side, lineup(team.data, None).players)
    out = []
    for pos in team.data.get("positions", []):
        count = pos.get("count", 1)
        out += [f"{side}.{pos['id']}"] if count == 1 else \
            [f"{side}.{pos['id']}-{n}" for n in range(1, count + 1)]
    return out


def _check_scenario(cat: Catalogue, item: Item, ids: Ids) -> list[Diagnostic]:
    """Every team, pitch, card, ball card, trait and player a scenario names exists (in the
    scenario's game)."""
    diags: list[Diagnostic] = []
    game = item.game

    def unknown(path: tuple, kind: str, ref_id: str) -> list[Diagnostic]:
        return _unknown(cat, item, path, kind, ref_id, _known(ids, game, kind))

    setup = item.data.get("setup", {})
    players: list[str] = []
    defaults = ("human", "orc") if game == "blood-bowl" else ("human", "dwarf")
    for side, default in zip(("home", "away"), defaults, strict=True):
        team_id = setup.get(side, default)
        found = cat.find("team", team_id, game)
        team = found[0] if found else None
        if team is not None and team.schema_ok:
            players += roster(team, side)
            continue
        if team is None:
            diags += unknown(("setup", side), "team", team_id)
        # an unknown or broken team: its players cannot be known, so none are checked
        players = []
        break
    if "pitch" in setup and not cat.find("pitch", setup["pitch"], game):
        diags += unknown(("setup", "pitch"), "pitch", setup["pitch"])

    def player(path: tuple, pid: str, key: bool = False) -> None:
        if players and pid not in players:
            import difflib  # only for a hint, after a mistake
            close = difflib.get_close_matches(pid, players, n=1, cutoff=0.6)
            diags.append(_at(item, path, "R402", f"no player `{pid}` in this scenario's teams",
                             f"did you mean `{close[0]}`?" if close else
                             "players are named like home.blitzer or away.lineman-2", key=key))

    def ref(path: tuple, kind: str, ref_id: object) -> None:
        if isinstance(ref_id, str) and not cat.find(kind, ref_id, game):
            diags.extend(unknown(path, kind, ref_id))

    for section in ("players", "actions_made", "skills"):
        for pid in setup.get(section) or {}:
            player(("setup", section, pid), pid, key=True)
    for key, place in (("setup", setup), ("expect", item.data.get("expect") or {})):
        held = (place.get("ball") or {}).get("held_by")
        if isinstance(held, str):
            player((key, "ball", "held_by"), held)
    for n, ball in enumerate(setup.get("balls") or []):
        if "held_by" in ball:
            player(("setup", "balls", n, "held_by"), ball["held_by"])
        ref(("setup", "balls", n, "card"), "ball", ball.get("card"))
    cards = setup.get("cards") or {}
    for group in ("active", "deck"):
        for n, card in enumerate(cards.get(group) or []):
            ref(("setup", "cards", group, n), "challenge-card", card)
    for side, held in (cards.get("hands") or {}).items():
        for n, card in enumerate(held):
            ref(("setup", "cards", "hands", side, n), "challenge-card", card)
    for side, held in (setup.get("hands") or {}).items():  # Blood Bowl: special play cards
        for n, card in enumerate(held):
            ref(("setup", "hands", side, n), "special-play-card", card)
    for side, traits in (setup.get("traits") or {}).items():
        for n, trait in enumerate(traits):
            ref(("setup", "traits", side, n), "coach-trait", trait)
    for part, expect in (("expect", item.data.get("expect") or {}),
                         ("without", (item.data.get("without") or {}).get("expect") or {})):
        base = (part,) if part == "expect" else ("without", "expect")
        for pid in expect.get("players") or {}:
            player((*base, "players", pid), pid, key=True)
        for n, ball in enumerate(expect.get("balls") or []):
            if ball.get("held_by"):
                player((*base, "balls", n, "held_by"), ball["held_by"])
        hand_kind = "special-play-card" if game == "blood-bowl" else "challenge-card"
        for side, held in (expect.get("hands") or {}).items():
            for n, card in enumerate(held):
                ref((*base, "hands", side, n), hand_kind, card)
        for group in ("discard", "deck"):
            for n, card in enumerate(expect.get(group) or []):
                ref((*base, group, n), "challenge-card", card)
        for n, ball_card in enumerate(expect.get("ball_deck") or []):
            ref((*base, "ball_deck", n), "ball", ball_card)
    return diags


def _check_roster(cat: Catalogue, roster: Item, ids: Ids) -> list[Diagnostic]:
    """A Blood Bowl roster: its team list exists and it buys a legal team (R408)."""
    team_id = roster.data.get("team")
    found = cat.find("team", team_id, roster.game) if isinstance(team_id, str) else []
    if not found:
        return _unknown(cat, roster, ("team",), "team", str(team_id),
                        _known(ids, roster.game, "team"))
    if not found[0].schema_ok:
        return []  # the team file's own errors are reported; its positions are unknown
    return [_at(roster, path, "R408", message, hint)
            for path, message, hint in rosters.problems(roster.data, found[0].data)]


def _check_special_play_card(cat: Catalogue, card: Item, ids: Ids) -> list[Diagnostic]:
    """A card names a deck of its game, and its file sits in the folder named like the deck
    (content/blood-bowl/special-play-cards/<deck>/<card>.yaml)."""
    deck = card.data.get("deck")
    if not isinstance(deck, str):
        return []
    if not cat.find("special-play-deck", deck, card.game):
        return _unknown(cat, card, ("deck",), "special-play-deck", deck,
                        _known(ids, card.game, "special-play-deck"))
    folder = Path(card.path).parent.name
    if folder != deck:
        return [_at(card, ("deck",), "R409", f"the card is in the folder `{folder}` but its "
                    f"deck is `{deck}`", f"move the file into special-play-cards/{deck}/")]
    return []


def _check_special_play_deck(cat: Catalogue, deck: Item) -> list[Diagnostic]:
    """A deck holds no more cards than its printed size (PBBL pages 44-51)."""
    held = [c for c in cat.of_kind("special-play-card", deck.game)
            if c.data.get("deck") == deck.id]
    size = deck.data.get("size")
    if isinstance(size, int) and len(held) > size:
        return [_at(deck, ("size",), "R409", f"the deck has {len(held)} cards; its printed "
                    f"size is {size}", "a card of another deck names this one")]
    return []


def _check_table(table: Item) -> list[Diagnostic]:
    roll = table.data.get("roll")
    entries = table.data.get("entries") or []
    if not isinstance(roll, str) or "d" not in roll:
        return []
    try:
        possible = dice_range(roll)
    except ValueError:
        return []
    diags: list[Diagnostic] = []
    covered: dict[int, int] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or "roll" not in entry:
            continue
        try:
            rolls, outside = entry_rolls(entry["roll"], possible)
        except ValueError:
            continue
        for r in outside:
            diags.append(_at(table, ("entries", i, "roll"), "R403", f"{roll} never rolls {r}",
                             f"{roll} rolls {possible.start} to {possible.stop - 1}"))
        for r in rolls:
            if r in covered:
                diags.append(_at(table, ("entries", i, "roll"), "R403",
                                 f"the result {r} is given twice (entries {covered[r] + 1} and "
                                 f"{i + 1})"))
            else:
                covered[r] = i
    missing = [r for r in possible if r not in covered]
    if missing:
        diags.append(_at(table, ("entries",), "R403",
                         f"no entry for {', '.join(map(str, missing))} on {roll}",
                         "every result of the roll needs exactly one entry", key=True))
    return diags


def _check_pitch(pitch: Item) -> list[Diagnostic]:
    """The map must have the declared size, and trapdoors must sit on `T` squares."""
    data = pitch.data
    rows, width, height = data.get("map") or [], data.get("width"), data.get("height")
    if not isinstance(width, int) or not isinstance(height, int):
        return []
    diags: list[Diagnostic] = []
    if len(rows) != height:
        diags.append(_at(pitch, ("map",), "R407", f"the map has {len(rows)} rows; height is "
                         f"{height}", key=True))
    for y, row in enumerate(rows):
        if isinstance(row, str) and len(row) != width:
            diags.append(_at(pitch, ("map", y), "R407", f"row {y} has {len(row)} squares; width "
                             f"is {width}"))
    marked = {(x, y) for y, row in enumerate(rows) if isinstance(row, str)
              for x, c in enumerate(row) if c == "T"}
    listed = set()
    for i, trap in enumerate(data.get("trapdoors") or []):
        where = (trap.get("x"), trap.get("y"))
        listed.add(where)
        if where not in marked:
            diags.append(_at(pitch, ("trapdoors", i), "R407", f"trapdoor `{trap.get('id')}` "
                             f"at {where} is not a `T` square on the map"))
    for where in sorted(marked - listed):
        diags.append(_at(pitch, ("map", where[1]), "R407", f"the `T` at {where} is not listed "
                         "under trapdoors"))
    return diags


def _check_trait_rolls(cat: Catalogue) -> list[Diagnostic]:
    """One trait per result of the 2D8 table; a homebrew trait may take a printed trait's
    result, and replaces it in games (the table has no free result)."""
    diags: list[Diagnostic] = []
    seen: dict[tuple[str, int], Item] = {}  # (game, roll) -> trait
    homebrew: dict[tuple[str, int], bool] = {}
    for trait in cat.of_kind("coach-trait"):
        if not trait.schema_ok:
            continue
        roll = trait.data.get("roll")
        if isinstance(roll, int):
            mine = is_homebrew(trait.data)
            if (trait.game, roll) in seen and mine != homebrew[trait.game, roll]:
                continue  # a homebrew trait replacing a printed one
            homebrew[trait.game, roll] = mine
            if (trait.game, roll) in seen:
                other = seen[trait.game, roll]
                for here, there in ((trait, other), (other, trait)):  # the new one may be either
                    diags.append(_at(here, ("roll",), "R406", f"the 2D8 result {roll} is also "
                                     f"`{there.id}`", "each result of the table has one trait"))
            seen[trait.game, roll] = trait
    return diags
