"""The default starting team of a Blood Bowl team list, drafted with the book's budget.

PBBL 1.10 (004_2450e8f2c1aa331e.txt) page 17, Buying players: a treasury of 1,000,000 gold
pieces, 11 to 16 players within each position's maximum, team re-rolls at the team list's
price. The order in which it spends is the project's (documented on the site).
"""

from __future__ import annotations

BUDGET = 1_000_000  # gold pieces to draft a team with (PBBL page 17, Buying players)


def draft(team: dict) -> tuple[list[tuple[dict, int]], int]:
    positions = team["positions"]
    linemen = max(positions, key=lambda p: (p["max"], -p["cost"]))
    reroll = int(team["reroll_cost"])
    gold, players = BUDGET, 0
    counts: dict[str, int] = {p["id"]: 0 for p in positions}
    for pos in sorted((p for p in positions if p is not linemen),
                      key=lambda p: (-p["cost"], p["id"])):
        for _ in range(min(2, pos["max"])):
            after = gold - pos["cost"]
            if after - max(0, 10 - players) * linemen["cost"] - 2 * reroll < 0:
                break
            gold, players = after, players + 1
            counts[pos["id"]] += 1
    while players < 11 and counts[linemen["id"]] < linemen["max"] and gold >= linemen["cost"]:
        gold -= linemen["cost"]
        players += 1
        counts[linemen["id"]] += 1
    rerolls = 0
    for _ in range(3):
        if gold >= reroll:
            gold -= reroll
            rerolls += 1
    while players < 16 and counts[linemen["id"]] < linemen["max"] and gold >= linemen["cost"]:
        gold -= linemen["cost"]
        players += 1
        counts[linemen["id"]] += 1
    return [(p, counts[p["id"]]) for p in positions if counts[p["id"]]], rerolls
