"""Rolling on the tables that are content: weather, Kick-Off, Prayers to Nuffle.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10) pages 19-21; 002_1746bd746c5d97e0.txt (BB2020)
Pre-game Sequence and Kick-off Event. The engine rolls the table's dice and runs the
entry's rules (principle 2: it knows no entry by name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl.state import Square, Team
from nuffle.interpreter.hooks import Env, Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match
    from nuffle.interpreter.blood_bowl.ruleset import Rules, Table


def roll_table(m: Match, table: Table) -> int:
    """The total of the table's dice (2d6, d16...)."""
    count, _, sides = table.roll.partition("d")
    return sum(m.dice.roll(int(sides), table.id) for _ in range(int(count or 1)))


def run_entry(m: Match, table: Table, entry: Rules, payload: dict) -> None:
    m.note("table-result", table=table.id, entry=entry.id)
    if entry.id in m.options.disabled or entry.compiled.statements is None:
        return
    env = Env(m, Owner("table", entry.id, entry.name), dict(payload))
    entry.compiled.statements(env)


def roll_weather(m: Match) -> None:
    table = m.ruleset.table(m.options.tables, "weather")
    if table is None:
        return
    apply_weather(m, roll_table(m, table))


def apply_weather(m: Match, total: int) -> None:
    """The weather becomes the table's result for ``total``: the rules of the previous
    weather end (scope `weather`), the new entry's start (page 21)."""
    table = m.ruleset.table(m.options.tables, "weather")
    if table is None or total not in table.entries:
        return
    m.end_scope("weather")
    m.weather_serial += 1
    entry = table.entry(total)
    m.weather = entry.id
    m.after("weather-roll", {})
    run_entry(m, table, entry, {})


def roll_kick_off(m: Match, kicking: Team, receiving: Team, landing: Square | None) -> None:
    table = m.ruleset.table(m.options.tables, "kick-off")
    payload = {"kicking-team": kicking, "receiving-team": receiving, "landing-square": landing}
    m.after("kick-off", payload)
    if table is None:
        return
    run_entry(m, table, table.entry(roll_table(m, table)), payload)


def pray(m: Match, team: Team) -> None:
    """A roll on the Prayers to Nuffle table (BB2020 Pre-game Sequence, step 5); a result
    already in effect is rolled again."""
    table = m.ruleset.table(m.options.tables, "prayers-to-nuffle")
    if table is None:
        return
    for _ in range(64):
        entry = table.entry(roll_table(m, table))
        if entry.id not in m.prayers_in_effect:
            break
    m.prayers_in_effect.add(entry.id)
    m.after("prayer", {"praying-team": team})
    run_entry(m, table, entry, {"praying-team": team})
