"""Before the match, set-up and the kick-off.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): Setting up the game and the kick-off (page 7),
restarting the match (page 16: KO'd players roll 4+ before each kick-off), the Kick-Off
table (pages 19-20: rolled after the kick scatters, while the ball is in the air; neither
it nor the rolls it calls for may be re-rolled), the weather (page 21: rolled at the start
of the game). With `--tables bb2020` the Weather, Kick-off Event and Prayers to Nuffle
tables of 002_1746bd746c5d97e0.txt are rolled instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, cards, tables
from nuffle.interpreter.blood_bowl.pitch import (
    AWAY_LOS,
    HALF,
    HEIGHT,
    HOME_LOS,
    WIDTH,
    ZONE_BY_Y,
    is_wide,
)
from nuffle.interpreter.blood_bowl.state import KNOCKED_OUT, RESERVES, Player, Square, Team

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

MAX_ON_PITCH = 11  # page 7
MIN_ON_LINE = 3  # page 7: at least three on the line of scrimmage
MAX_PER_WIDE_ZONE = 2  # page 7


def pre_match(m: Match) -> None:
    """The weather, the fans, then the coin toss: its winner chooses to kick or receive
    (page 7)."""
    tables.roll_weather(m)
    the_fans(m)
    cards.pre_game(m)  # the inducements: special play cards (pages 35, 43)
    m.first_kicker = m.kicking = coin_toss_kicker(m)


def the_fans(m: Match) -> None:
    """The gate and FAME (page 19): each team's fans are 2D6 plus its Fan Factor, in
    thousands; a team with more fans than the other has FAME +1, with twice as many or more
    +2, else 0. Rolled once, after the weather (ruling bb-gate-and-fame)."""
    fans = {team: (sum(m.dice.roll(6, "fans") for _ in range(2)) + team.fan_factor) * 1000
            for team in m.teams}
    for team in m.teams:
        ours, theirs = fans[team], fans[team.opponent]
        team.fame = 2 if ours >= 2 * theirs else 1 if ours > theirs else 0
        m.note("fans", team=team, fans=ours, fame=team.fame)


def coin_toss_kicker(m: Match) -> Team:
    # a rule may give a team the toss without flipping the coin (a card of page 49)
    winner = m.modify("coin-toss-winner", None, {"half": m.half})
    if not isinstance(winner, Team):
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
    """Before set-up, each KO'd player comes back on 4+ (page 16). Before they roll, a
    card of page 45 may set some up Stunned instead (`ko-recovery-rolls`)."""
    m.before("ko-recovery-rolls", {"team": team})
    for p in team.players:
        if p.where == KNOCKED_OUT:
            back = m.dice.roll(6, "KO recovery") >= m.modify(
                "ko-recovery-target", 4, {"player": p, "team": team})  # a card: page 44
            if back:
                p.where = RESERVES
            m.note("ko-recovery", player=p, back=back)


def set_up(m: Match, team: Team, players: list[Player] | None = None) -> None:
    """A team sets up (page 7): 11 players in its own half, or all it has if fewer, at
    least three on the line of scrimmage (or as many as it has), at most two in each wide
    zone. The coach places them one at a time, squares only, each offered only if the rest
    of the set-up can still be legal. Players a rule sets up Stunned (a card of page 45)
    are placed first; players set up again (a kick-off result) stay as they were."""
    if players is None:  # a card of page 51 keeps a player out of the drive here
        m.before("setup", {"team": team})
    fit = [p for p in team.players if p.where == RESERVES and not p.miss_next_drive]
    placing = fit if players is None else players
    stunned = [p for p in team.players if p.set_up_stunned]
    if stunned:
        placing = sorted(placing, key=lambda p: not p.set_up_stunned)
    on_pitch = [p for p in team.players_on_pitch if p not in placing]
    again = {p: (p.standing, p.stunned) for p in placing if p.square is not None}
    for p in placing:
        if p.square is not None:
            m.take_off(p, RESERVES)
    available = len(on_pitch) + len(placing)
    need_line = min(MIN_ON_LINE, available, MAX_ON_PITCH)
    half = m.pitch.setup_squares[team is m.home]  # own_half's squares, in its order
    occupant = m.occupant
    for p in placing:
        here = team.players_on_pitch
        if len(here) >= MAX_ON_PITCH:
            break
        line = sum(1 for q in here if q.square is not None and on_line(m, team, q.square))
        wide = [0, 0]
        for q in here:
            if q.square is not None and (zone := ZONE_BY_Y[q.square.y]) is not None:
                wide[zone] += 1
        room = min(MAX_ON_PITCH, available) - len(here)
        must_line = need_line - line >= room
        squares = [s for s, zone, on in half if s not in occupant
                   and (on or not must_line)
                   and (zone is None or wide[zone] < MAX_PER_WIDE_ZONE)]
        sq = m.decide(team, "setup", squares, _setup_label, f"set up {p.id}", player=p.id)
        m.put(p, sq)
        p.standing, p.stunned = again.get(p, (not p.set_up_stunned, p.set_up_stunned))
    for p in stunned:  # one not set up goes back to the KO'd box (ruling bb-card-wake-up-call)
        p.set_up_stunned = False
        if p.where == RESERVES:
            p.where = KNOCKED_OUT
    m.after("setup", {"team": team})


def _setup_label(sq: Square | None) -> str:
    return "done" if sq is None else sq.label()


@contextmanager
def kick_off_fame(m: Match) -> Iterator[None]:
    """Each team's FAME (page 19) while the Kick-Off table's result is resolved: rules may
    add to it (`modify fame`: a skill of page 27 counts for the Kick-Off table only, not
    for the Winnings roll). The FAME for the match is the gate's (`the_fans`)."""
    held = {team: team.fame for team in m.teams}
    for team in m.teams:
        team.fame = m.modify("fame", team.fame, {"team": team})
    try:
        yield
    finally:
        for team, fame in held.items():
            team.fame = fame


def choose_kicker(m: Match, kicking: Team) -> Player | None:
    """The player who takes the kick: page 7 names none, so nobody does unless a rule lets
    a player on the pitch take it (`can-take-kick`, a skill of page 27); the kicking coach
    chooses among them."""
    able = [p for p in kicking.players_on_pitch if p.standing and m.modify(
        "can-take-kick", False, {"player": p, "team": kicking})]
    if len(able) > 1:
        return m.decide(kicking, "kicker", able, lambda q: q.id, "who takes the kick?")
    return able[0] if able else None


def kick_off(m: Match, kicking: Team, receiving: Team, set_up_teams: bool = True) -> None:
    """The kick-off (page 7): both teams set up, the kicking team first; the kick is
    placed in the receiving half, scatters D8 direction and D6 squares (`kick-distance`);
    the rules of `ball-kicked` act while it is in the air; the Kick-Off table is rolled (page
    19); then the ball lands: a catch, a bounce, or a touchback. The drive begins here,
    before the KO'd players roll (`drive-start`: a skill of page 27 may change sides)."""
    m.after("drive-start", {"drive": m.drive_serial})
    for team in (kicking, receiving):
        recover_knocked_out(m, team)
    if set_up_teams:  # (a scenario may have placed the players already)
        set_up(m, kicking)
        set_up(m, receiving)
    for team in m.teams:
        for p in team.players:
            p.miss_next_drive = False
    m.in_kick_off = True
    m.action_history = []  # the kick-off is no action: `happened` sees what happens in it
    try:
        kicker = choose_kicker(m, kicking)
        target = m.decide(kicking, "kick", own_half(m, receiving), _setup_label,
                          "where does the kick go?")
        # special play cards are played once the ball is placed (PBBL page 44); one may
        # scatter the kick its own way (`instead of`, page 45) or roll more dice for it
        scatter = {"kicking-team": kicking, "receiving-team": receiving, "target-square": target}
        m.before("kick-scatter", scatter)
        m.kick_landing = target
        if not m.instead("kick-scatter", scatter):
            direction = m.dice.roll(8, "kick direction")
            dice = m.modify("kick-scatter-dice", 1, scatter)
            length = sum(m.dice.roll(6, "kick length") for _ in range(dice))
            # the squares it scatters, once rolled: a rule may change them (a skill of page 27)
            length = m.modify("kick-distance", length, {
                "kicking-team": kicking, "receiving-team": receiving, "kicker": kicker})
            landing: Square | None = target
            for _ in range(length):
                landing = m.pitch.step(landing, direction) if landing is not None else None
            m.kick_landing = landing
        landing = m.kick_landing
        m.note("kick", team=kicking, target=target, landing=landing)
        # the ball has scattered and is in the air: before the Kick-Off table (page 19)
        m.after("ball-kicked", {"kicking-team": kicking, "receiving-team": receiving,
                         "kicker": kicker, "target-square": target, "landing-square": landing})
        landing = m.kick_landing
        with kick_off_fame(m):
            tables.roll_kick_off(m, kicking, receiving, landing)
        landing = m.kick_landing
        ballplay.kick_lands(m, receiving, landing)
    finally:
        m.in_kick_off = False
