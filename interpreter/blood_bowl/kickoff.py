"""Before the match, set-up and the kick-off.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): Setting up the game and the kick-off (page 7),
restarting the match (page 16: KO'd players roll 4+ before each kick-off), the Kick-Off
table (pages 19-20: rolled after the kick scatters, while the ball is in the air; neither
it nor the rolls it calls for may be re-rolled), the weather (page 21: rolled at the start
of the game). With `--tables bb2020` the Weather, Kick-off Event and Prayers to Nuffle
tables of 002_1746bd746c5d97e0.txt are rolled instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, tables
from nuffle.interpreter.blood_bowl.pitch import (
    AWAY_LOS,
    HALF,
    HEIGHT,
    HOME_LOS,
    WIDTH,
    is_wide,
    wide_zone,
)
from nuffle.interpreter.blood_bowl.state import KNOCKED_OUT, RESERVES, Player, Square, Team

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

MAX_ON_PITCH = 11  # page 7
MIN_ON_LINE = 3  # page 7: at least three on the line of scrimmage
MAX_PER_WIDE_ZONE = 2  # page 7


def pre_match(m: Match) -> None:
    """The weather, then the coin toss: its winner chooses to kick or receive (page 7)."""
    tables.roll_weather(m)
    m.first_kicker = m.kicking = coin_toss_kicker(m)


def coin_toss_kicker(m: Match) -> Team:
    winner = m.home if m.dice.roll(2, "coin toss") == 1 else m.away
    m.note("toss-won", team=winner)
    choice = m.decide(winner, "kick-or-receive", ["kick", "receive"], ["kick", "receive"],
                      "kick or receive?")
    kicker = winner if choice == "kick" else winner.opponent
    m.note("kicks-off", team=kicker)
    return kicker


def own_half(m: Match, team: Team) -> list[Square]:
    xs = range(0, HALF) if team is m.home else range(HALF, WIDTH)
    return [m.pitch.grid[x][y] for x in xs for y in range(HEIGHT)]


def on_line(m: Match, team: Team, sq: Square) -> bool:
    """The line of scrimmage: the team's squares next to the halfway line, between the
    wide zones (page 5)."""
    return sq.x == (HOME_LOS if team is m.home else AWAY_LOS) and not is_wide(sq)


def recover_knocked_out(m: Match, team: Team) -> None:
    """Before set-up, each KO'd player comes back on 4+ (page 16)."""
    for p in team.players:
        if p.where == KNOCKED_OUT:
            back = m.dice.roll(6, "KO recovery") >= 4
            if back:
                p.where = RESERVES
            m.note("ko-recovery", player=p, back=back)


def set_up(m: Match, team: Team, players: list[Player] | None = None) -> None:
    """A team sets up (page 7): 11 players in its own half, or all it has if fewer, at
    least three on the line of scrimmage (or as many as it has), at most two in each wide
    zone. The coach places them one at a time, squares only, each offered only if the rest
    of the set-up can still be legal."""
    fit = [p for p in team.players if p.where == RESERVES and not p.miss_next_drive]
    placing = fit if players is None else players
    on_pitch = [p for p in team.players_on_pitch if p not in placing]
    for p in placing:
        if p.square is not None:
            m.take_off(p, RESERVES)
    available = len(on_pitch) + len(placing)
    need_line = min(MIN_ON_LINE, available, MAX_ON_PITCH)
    half = own_half(m, team)
    for p in placing:
        here = team.players_on_pitch
        if len(here) >= MAX_ON_PITCH:
            break
        line = sum(1 for q in here if on_line(m, team, q.square))
        wide = [sum(1 for q in here if wide_zone(q.square) == z) for z in (0, 1)]
        room = min(MAX_ON_PITCH, available) - len(here)
        must_line = need_line - line >= room
        squares = [s for s in half if s not in m.occupant
                   and (not must_line or on_line(m, team, s))
                   and (wide_zone(s) is None or wide[wide_zone(s)] < MAX_PER_WIDE_ZONE)]
        sq = m.decide(team, "setup", squares, _setup_label, f"set up {p.id}", player=p.id)
        m.put(p, sq)
        p.standing, p.stunned = True, False
    m.after("setup", {"team": team})


def _setup_label(sq: Square | None) -> str:
    return "done" if sq is None else sq.label()


def kick_off(m: Match, kicking: Team, receiving: Team, set_up_teams: bool = True) -> None:
    """The kick-off (page 7): both teams set up, the kicking team first; the kick is
    placed in the receiving half, scatters D8 direction and D6 squares; the Kick-Off table
    is rolled (page 19); then the ball lands: a catch, a bounce, or a touchback."""
    for team in (kicking, receiving):
        recover_knocked_out(m, team)
    if set_up_teams:  # (a scenario may have placed the players already)
        set_up(m, kicking)
        set_up(m, receiving)
    for team in m.teams:
        for p in team.players:
            p.miss_next_drive = False
    m.in_kick_off = True
    try:
        target = m.decide(kicking, "kick", own_half(m, receiving), _setup_label,
                          "where does the kick go?")
        direction = m.dice.roll(8, "kick direction")
        length = m.dice.roll(6, "kick length")
        landing: Square | None = target
        for _ in range(length):
            landing = m.pitch.step(landing, direction) if landing is not None else None
        m.note("kick", team=kicking, target=target, landing=landing)
        m.kick_landing = landing
        tables.roll_kick_off(m, kicking, receiving, landing)
        landing = m.kick_landing
        ballplay.kick_lands(m, receiving, landing)
    finally:
        m.in_kick_off = False
