"""Blocks: strength, assists, the Block dice, push-backs, follow-ups and knock-downs.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): blocks and strength (page 10: equal, one die;
stronger, two; more than twice as strong, three; the stronger player's coach chooses), the
results and push-backs (page 11: into an empty square if possible, else a chain push, off
the pitch when no empty square is on it; the blocking coach chooses the squares; a free
follow-up), assists (page 22), the crowd (page 11), scoring in the opponent's turn (page 16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, injury, rolls
from nuffle.interpreter.blood_bowl.state import Player, Square

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

# The Block dice (page 11): six faces, "pushed" on two of them.
FACES = {1: "attacker-down", 2: "both-down", 3: "pushed", 4: "pushed",
         5: "defender-stumbles", 6: "defender-down"}
MAX_CHAIN = 30  # pushes one block may set off (principle 4)


def block_dice(st_attacker: int, st_defender: int) -> tuple[int, bool]:
    """How many dice, and whether the attacker's coach chooses (page 10)."""
    if st_attacker == st_defender:
        return 1, True
    strong, weak = max(st_attacker, st_defender), min(st_attacker, st_defender)
    return (3 if strong > 2 * weak else 2), st_attacker > st_defender


def targets(m: Match, p: Player) -> list[Player]:
    """Standing opponents next to a player (page 10: only a standing player may be
    blocked)."""
    return [q for s in p.square.neighbours if (q := m.occupant.get(s)) is not None
            and q.team is not p.team and q.standing]


def block(m: Match, attacker: Player, defender: Player) -> None:
    """One block, from the dice to the knock-downs (pages 10-11, 22); a rule may make
    something else instead (`instead of block`: a skill's attack of page 29). A skill a rule
    denied for this block (`deny-skill`) is usable again after it."""
    try:
        _block(m, attacker, defender)
    finally:
        m.denied.clear()


def _block(m: Match, attacker: Player, defender: Player) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    if m.instead("block", {"blocker": attacker, "target": defender, "result": None}):
        return
    st_a = m.modify("block-strength", attacker.strength + injury.assists(m, attacker, defender),
                    {"player": attacker, "team": attacker.team, "opponent": defender,
                     "attacking": True})
    st_d = m.modify("block-strength", defender.strength + injury.assists(m, defender, attacker),
                    {"player": defender, "team": defender.team, "opponent": attacker,
                     "attacking": False})
    count, attacker_chooses = block_dice(st_a, st_d)
    faces = _roll(m, attacker, defender, count)
    if rolls.offer_reroll(m, attacker, "block", faces=faces):
        faces = _roll(m, attacker, defender, count, again=True)
    chooser = attacker.team if attacker_chooses else defender.team
    unique = sorted(set(faces), key=lambda f: list(FACES.values()).index(f))
    result = m.decide(chooser, "block-die", unique, unique, "choose the block result",
                      blocker=attacker.id)
    m.note("block-result", team=chooser, result=result)
    m.after("block", {"blocker": attacker, "target": defender, "result": result})
    attacker_falls = result == "attacker-down" or (
        result == "both-down" and _falls(m, attacker, defender, result))
    defender_falls = result == "defender-down" or (
        result in ("both-down", "defender-stumbles") and _falls(m, defender, attacker, result))
    if result in ("pushed", "defender-stumbles", "defender-down"):
        landed = push(m, attacker, defender)
        if defender.square is not None and defender_falls:
            injury.knock_down(m, defender, "block", attacker, attacker)
        elif landed:
            check_touchdown_pushed(m, defender)
    elif defender_falls:
        injury.knock_down(m, defender, "block", attacker, attacker)
    if attacker_falls:
        injury.knock_down(m, attacker, "block", defender, attacker)
        raise Turnover("blocker knocked down")


def _roll(m: Match, attacker: Player, defender: Player, count: int,
          again: bool = False) -> list[str]:
    faces = [FACES[m.dice.roll(6, "block")] for _ in range(count)]
    m.note("block-dice", blocker=attacker, target=defender, faces=faces, reroll=again)
    return faces


def _falls(m: Match, p: Player, other: Player, result: str) -> bool:
    """Whether a Both Down or Defender Stumbles knocks ``p`` down: yes, unless a rule says
    otherwise (page 11: a skill may keep a player standing)."""
    return bool(m.modify("block-knocks-down", True,
                         {"player": p, "team": p.team, "opponent": other, "result": result}))


def push_squares(m: Match, frm: Square, at: Square) -> list[Square | None]:
    """The three squares directly away from the pusher (page 11 diagrams); None for the
    ones off the pitch."""
    dx, dy = at.x - frm.x, at.y - frm.y
    if dx == 0 or dy == 0:
        # straight: the square beyond and the two beside it
        cand = [(dx, dy), (dx + dy, dy + dx), (dx - dy, dy - dx)]
    else:
        cand = [(dx, dy), (dx, 0), (0, dy)]
    return [m.pitch.at(at.x + cx, at.y + cy) for cx, cy in cand]


def push(m: Match, attacker: Player, defender: Player) -> bool:
    """Push the defender back, chain pushes and the crowd included; then the attacker may
    follow up. Returns whether the defender is still on the pitch."""
    start = defender.square
    chain = _push(m, attacker.square, defender, attacker, 0)
    follow = m.decide(attacker.team, "follow-up", [True, False], ["follow up", "stay"],
                      "follow up?", player=attacker.id) if start not in m.occupant else False
    if follow:
        m.put(attacker, start)
        m.note("follows-up", player=attacker)
    for moved in chain:
        if m.ball is moved and m.holder is None:  # pushed into the ball's square: it bounces
            ballplay.bounce(m, moved)
    return defender.square is not None


def _push(m: Match, frm: Square, pushed: Player, blocker: Player, depth: int) -> list[Square]:
    """Push ``pushed`` away from ``frm``; returns the squares players were pushed into. The
    blocker's coach chooses every square (page 11)."""
    deciding = blocker.team
    if depth > MAX_CHAIN:
        return []
    at = pushed.square
    squares = push_squares(m, frm, at)
    empty = [s for s in squares if s is not None and s not in m.occupant]
    if empty:
        options: list[Square | None] = list(empty)
    elif any(s is None for s in squares):
        options = [None]
    else:
        options = [s for s in squares if s is not None]
    to = m.decide(deciding, "push", options, lambda s: "crowd" if s is None else s.label(),
                  f"push {pushed.id}", player=pushed.id)
    if to is None:
        injury.crowd(m, pushed, at, blocker)
        return []
    moved = []
    if to in m.occupant:
        moved = _push(m, at, m.occupant[to], blocker, depth + 1)
    m.put(pushed, to)
    m.note("pushed", player=pushed, square=to)
    m.after("enter-square", {"player": pushed, "team": pushed.team, "square": to})
    return [to, *moved]


def check_touchdown_pushed(m: Match, p: Player) -> None:
    """A ball carrier pushed into the end zone they score in (page 16)."""
    if m.holder is p and p.standing and p.square is not None \
            and p.square.x == m.scoring_end(p.team):
        m.score(p.team, in_their_turn=p.team is m.active)
