"""The players a side brings to a match: a coach's roster file, or the default draft.

A roster (content kind `roster`, checked by `nuffle check` against its team list: see
nuffle.catalogue.rosters, which cites PBBL 1.10 page 17) lists the players hired, the team
re-rolls, fan factor and coaching staff. Without one, the team list's default draft is
played (ruling bb-default-draft). Either way, the match builds its players from a `Lineup`.
"""

from __future__ import annotations

from dataclasses import dataclass

from nuffle.interpreter.blood_bowl.draft import draft

from nuffle.catalogue.rosters import players as roster_players


@dataclass(frozen=True)
class Lineup:
    """The players in roster order (a position and the name the coach gave, if any), and
    what the treasury bought besides."""

    players: tuple[tuple[dict, str | None], ...]
    rerolls: int
    fan_factor: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0


def lineup(team: dict, roster: dict | None) -> Lineup:
    """The side's players from its roster, or the default draft when it has none. The
    roster must have passed `nuffle check` (its positions exist in the team list)."""
    if roster is None:
        drafted, rerolls = draft(team)
        return Lineup(tuple((pos, None) for pos, count in drafted for _ in range(count)),
                      rerolls)
    positions = {p["id"]: p for p in team["positions"]}
    return Lineup(tuple((positions[position], name)
                        for _, position, name in roster_players(roster)),
                  int(roster.get("rerolls", 0)), int(roster.get("fan_factor", 0)),
                  int(roster.get("assistant_coaches", 0)), int(roster.get("cheerleaders", 0)))


def player_ids(side: str, players: tuple[tuple[dict, str | None], ...]) -> list[str]:
    """`home.<position>` for a position the side has once, else `home.<position>-1`, `-2`…
    in roster order."""
    totals: dict[str, int] = {}
    for pos, _ in players:
        totals[pos["id"]] = totals.get(pos["id"], 0) + 1
    seen: dict[str, int] = {}
    out = []
    for pos, _ in players:
        seen[pos["id"]] = seen.get(pos["id"], 0) + 1
        out.append(f"{side}.{pos['id']}" if totals[pos["id"]] == 1
                   else f"{side}.{pos['id']}-{seen[pos['id']]}")
    return out
