"""Checks of a Blood Bowl roster against its team list and its treasury.

PBBL 1.10 (004_2450e8f2c1aa331e.txt) page 17, Buying players: every player from one team
list, at least 11 and at most 16, each position within its quantity, bought from a treasury
of 1,000,000 gold pieces; Team re-rolls and fan factor: re-rolls at the team list's price,
up to 9 fan factor at 10,000 each. Page 18, Coaching staff: assistant coaches and
cheerleaders at 10,000 each. The team lists print "0-8 Re-roll counters" (pages 52-58).
"""

from __future__ import annotations

from collections.abc import Iterator

BUDGET = 1_000_000  # gold pieces (page 17)
MIN_PLAYERS, MAX_PLAYERS = 11, 16  # page 17
STAFF_COST = 10_000  # an assistant coach, a cheerleader, a point of fan factor (pages 17-18)

# (the path of the field at fault, the message, a hint)
Problem = tuple[tuple, str, str]


def players(roster: dict) -> Iterator[tuple[int, str, str | None]]:
    """(entry index, position id, name or None) for each player, in roster order."""
    for i, entry in enumerate(roster.get("players") or []):
        for _ in range(int(entry.get("count", 1))):
            yield i, str(entry["position"]), entry.get("name")


def cost(roster: dict, team: dict) -> int:
    """What the roster costs in gold pieces: players, re-rolls, fan factor and staff."""
    prices = {p["id"]: int(p["cost"]) for p in team.get("positions") or []}
    total = sum(prices.get(position, 0) for _, position, _ in players(roster))
    total += int(roster.get("rerolls", 0)) * int(team.get("reroll_cost", 0))
    staff = sum(int(roster.get(k, 0)) for k in ("fan_factor", "assistant_coaches", "cheerleaders"))
    return total + staff * STAFF_COST


def problems(roster: dict, team: dict) -> list[Problem]:
    """Everything that keeps the roster from being a legal team of its team list."""
    out: list[Problem] = []
    positions = {p["id"]: p for p in team.get("positions") or []}
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    for i, entry in enumerate(roster.get("players") or []):
        position = entry.get("position")
        if position not in positions:
            import difflib  # only for a hint, after a mistake
            close = difflib.get_close_matches(str(position), positions, n=1, cutoff=0.6)
            out.append((("players", i, "position"), f"the {team.get('name')} team list has no "
                        f"position `{position}`", f"did you mean `{close[0]}`?" if close else
                        f"positions: {', '.join(sorted(positions))}"))
            continue
        if "name" in entry and "count" in entry:
            out.append((("players", i, "count"), "a named entry is one player",
                        "give each named player an entry of their own, or drop the name"))
        counts[position] = counts.get(position, 0) + int(entry.get("count", 1))
        first.setdefault(position, i)
    for position, n in counts.items():
        allowed = int(positions[position]["max"])
        if n > allowed:
            name = positions[position]["name"]
            out.append((("players", first[position], "position"), f"{n} players of position "
                        f"`{position}`; the team list allows 0-{allowed}",
                        f"a team may hire at most {allowed} {name} (page 17)"))
    total = sum(counts.values())
    if not MIN_PLAYERS <= total <= MAX_PLAYERS:
        out.append((("players",), f"{total} players; a team has {MIN_PLAYERS} to "
                    f"{MAX_PLAYERS}", "page 17: at least 11 players and no more than 16"))
    budget = int(roster.get("budget", BUDGET))
    spent = cost(roster, team)
    if spent > budget:
        out.append((("budget",) if "budget" in roster else ("players",),
                    f"the roster costs {spent:,} gold pieces, more than the {budget:,} "
                    "of its treasury", f"{spent - budget:,} too many: fewer or cheaper "
                    "players, fewer re-rolls or staff (page 17)"))
    return out
