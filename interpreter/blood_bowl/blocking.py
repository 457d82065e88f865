"""Blocks: strength, assists, the Block dice, push-backs, follow-ups and knock-downs.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): blocks and strength (page 10: one block in a
Block action; equal, one die; stronger, two; more than twice as strong, three; the stronger
player's coach chooses), the results and push-backs (page 11: into an empty square if
possible, else a chain push, off the pitch when no empty square is on it; the blocking coach
chooses the squares; a free follow-up), assists (page 22), the crowd (page 11), scoring in
the opponent's turn (page 16). The skills of pages 25-30 change these through the
vocabulary's events and values: a block wasted before its dice (`before block`), strengths
(`block-strength`, `block-strength-against`), how many opponents a Block action blocks
(`block-targets`), the result applied (`block-result`, `instead of both-down`), whether and
where a player is pushed and who chooses (`pushed-back`, `push-anywhere`, `push-chooser`),
the follow-up (`can-follow-up`, `must-follow-up`), a further block (`block-again`) and what
follows a push (`after push`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay, injury, movement, rolls
from nuffle.interpreter.blood_bowl.state import Player, Square, Team

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

# The Block dice (page 11): six faces, "pushed" on two of them.
FACES = {1: "attacker-down", 2: "both-down", 3: "pushed", 4: "pushed",
         5: "defender-stumbles", 6: "defender-down"}
PUSHING = ("pushed", "defender-stumbles", "defender-down")  # the results with a push back
MAX_CHAIN = 30  # pushes one block may set off (principle 4)
MAX_BLOCKS = 8  # further blocks rules may give during one block (principle 4)


def block_dice(st_attacker: int, st_defender: int) -> tuple[int, bool]:
    """How many dice, and whether the attacker's coach chooses (page 10)."""
    if st_attacker == st_defender:
        return 1, True
    strong, weak = max(st_attacker, st_defender), min(st_attacker, st_defender)
    return (3 if strong > 2 * weak else 2), st_attacker > st_defender


def targets(m: Match, p: Player) -> list[Player]:
    """Standing opponents next to a player (page 10: only a standing player may be
    blocked)."""
    assert p.square is not None  # the blocker is on the pitch
    out = [q for s in p.square.neighbours if (q := m.occupant.get(s)) is not None
           and q.team is not p.team and q.standing]
    if out and m.hooks.get("can-be-blocked", "modify"):  # nobody's opponent (a card of page 44)
        out = [q for q in out if m.modify("can-be-blocked", True, {
            "player": q, "team": q.team, "blocker": p})]
    return out


def has_targets(m: Match, p: Player) -> bool:
    """Whether ``p`` has someone to block (``targets`` is not empty), asked of every player
    at every choice of action: with no rule to ask, it stops at the first one found."""
    if m.hooks.on_modify.get("can-be-blocked"):
        return bool(targets(m, p))
    assert p.square is not None  # the blocker is on the pitch
    occupant, team = m.occupant, p.team
    for s in p.square.neighbours:
        q = occupant.get(s)
        if q is not None and q.team is not team and q.standing:
            return True
    return False


def block_action(m: Match, p: Player) -> None:
    """The blocks of a Block action (page 10: one; a rule may allow more, `block-targets`,
    a skill of page 28): the coach picks the opponents one by one, and may stop after the
    first; each is blocked in turn while the player stays on their feet."""
    options = targets(m, p)
    most = 1
    if len(options) > 1:
        most = int(m.modify("block-targets", 1, {"player": p, "team": p.team}))
    chosen: list[Player] = []
    for n in range(max(1, min(most, len(options)))):
        left: list[Player | None] = [q for q in options if q not in chosen]
        if n:
            left.insert(0, None)
        q = m.decide(p.team, "block-target", left, lambda o: "no more" if o is None else o.id,
                     "block whom?", player=p.id, more=bool(n))
        if q is None:
            break
        chosen.append(q)
    for q in chosen:
        if not (p.on_pitch and p.standing):
            return
        assert p.square is not None  # on the pitch
        if q.on_pitch and q.standing and q.square in p.square.neighbours:
            block(m, p, q, "block", multiple=len(chosen) > 1)


def block(m: Match, attacker: Player, defender: Player, action: str = "block",
          multiple: bool = False) -> None:
    """One block, from the dice to the knock-downs (pages 10-11, 22), then any further
    block a rule gave (`block-again`, a skill of page 27). A rule may waste it (`before
    block`: `cancel`) or make something else instead (`instead of block`: a skill's attack
    of page 29). A skill a rule denied for a block (`deny-skill`) is usable again after it."""
    m.blocks_again.clear()
    try:
        _one_block(m, attacker, defender, action, multiple)
        for _ in range(MAX_BLOCKS):
            if not m.blocks_again:
                return
            again, target = m.blocks_again.pop(0)
            if _may_block_again(m, again, target, action):
                _one_block(m, again, target, action, multiple)
    finally:
        m.blocks_again.clear()


def _one_block(m: Match, attacker: Player, defender: Player, action: str,
               multiple: bool) -> None:
    try:
        _block(m, attacker, defender, action, multiple)
    finally:
        m.denied.clear()


def _may_block_again(m: Match, p: Player, target: Player, action: str) -> bool:
    """A further block needs both players standing next to each other; in a Blitz it costs
    a square of movement, Going For It beyond MA (pages 10, 21, 27)."""
    if not (p.on_pitch and p.standing and target.on_pitch and target.standing
            and p.square is not None and target.square in p.square.neighbours):
        return False
    if action == "blitz":
        if movement.squares_left(m, p) <= 0:
            return False
        if p.moves_used >= p.movement:
            movement.rush(m, p, p.square)
        p.moves_used += 1
    return True


def strengths(m: Match, attacker: Player, defender: Player, action: str,
              multiple: bool) -> tuple[int, int]:
    """Both players' strengths for the block: each with its modifiers (page 10, skills of
    pages 27-28), then set against each other (a skill of page 26), then the assists
    (page 22)."""
    common = {"action": action, "multiple": multiple}

    def modified(p: Player, other: Player, attacking: bool) -> int:
        return int(m.modify("block-strength", p.strength, {
            "player": p, "team": p.team, "opponent": other, "attacking": attacking,
            **common}))

    def against(p: Player, other: Player, attacking: bool, value: int, theirs: int) -> int:
        return int(m.modify("block-strength-against", value, {
            "player": p, "team": p.team, "opponent": other, "opponent-strength": theirs,
            "attacking": attacking, **common}))

    st_d = modified(defender, attacker, False)
    st_a = modified(attacker, defender, True)
    st_d = against(defender, attacker, False, st_d, st_a)
    st_a = against(attacker, defender, True, st_a, st_d)
    return (st_a + injury.assists(m, attacker, defender),
            st_d + injury.assists(m, defender, attacker))


def _block(m: Match, attacker: Player, defender: Player, action: str, multiple: bool) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    event = {"blocker": attacker, "target": defender, "result": None, "action": action,
             "multiple": multiple}
    firing = m.before("block", dict(event))
    if firing is not None and firing.cancelled:  # wasted, no turnover (a skill of page 27)
        m.note("block-wasted", player=attacker)
        return
    if m.instead("block", dict(event)):
        return
    m.after("block-declared", {"blocker": attacker, "target": defender})  # a skill of page 27
    st_a, st_d = strengths(m, attacker, defender, action, multiple)
    count, attacker_chooses = block_dice(st_a, st_d)
    faces = _roll(m, attacker, defender, count)
    if rolls.offer_reroll(m, attacker, "block", faces=faces):
        faces = _roll(m, attacker, defender, count, again=True)
    chooser = attacker.team if attacker_chooses else defender.team
    unique = sorted(set(faces), key=lambda f: list(FACES.values()).index(f))
    result = m.decide(chooser, "block-die", unique, unique, "choose the block result",
                      blocker=attacker.id)
    m.note("block-result", team=chooser, result=result)
    applied = m.modify("block-result", result, {
        "blocker": attacker, "target": defender, "team": attacker.team, "action": action,
        "multiple": multiple})
    if applied != result:  # treated as another result (a skill of page 28)
        m.note("block-counts-as", player=attacker, result=applied)
        result = applied
    m.after("block", {**event, "result": result})
    if result == "both-down":
        carrier = m.holder
        if m.instead("both-down", {"blocker": attacker, "target": defender, "action": action}):
            _dropped_by_rule(m, carrier, (attacker, defender))
            return
    attacker_falls = result == "attacker-down" or (
        result == "both-down" and _falls(m, attacker, defender, result))
    defender_falls = result == "defender-down" or (
        result in ("both-down", "defender-stumbles") and _falls(m, defender, attacker, result))
    if result in PUSHING:
        pushed = push(m, attacker, defender, result, action, multiple)
        if defender.on_pitch and defender_falls:
            injury.knock_down(m, defender, "block", attacker, attacker)
        for p in pushed:
            if p.on_pitch:
                m.after("push", {"player": p, "team": p.team, "blocker": attacker,
                                 "target": defender, "result": result, "square": p.square})
        if defender.on_pitch and not defender_falls:
            check_touchdown_pushed(m, defender)
    elif defender_falls:
        injury.knock_down(m, defender, "block", attacker, attacker)
    if attacker_falls:
        injury.knock_down(m, attacker, "block", defender, attacker)
        raise Turnover("blocker knocked down")


def _dropped_by_rule(m: Match, carrier: Player | None, players: tuple[Player, ...]) -> None:
    """A rule placed the players Prone instead of a Both Down (a skill of page 30): a ball
    one of them held bounces from their square; a turnover only if the moving team's player
    held it (page 30; LRB6, Turnovers: being Placed Prone is no turnover unless it is a
    player of the moving team holding the ball)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    if m.other_ball is not None:  # two balls (a card of page 44): any one dropped bounces
        dropped = False
        for p in players:
            if p.on_pitch and p.square is not None and ballplay.loose_at(m, p.square):
                ballplay.bounce(m, p.square)
                dropped = dropped or p.team is m.active
        if dropped:
            raise Turnover("ball carrier placed prone")
        return
    if carrier not in players or m.holder is not None or m.ball is None:
        return
    ballplay.bounce(m, m.ball)
    if carrier.team is m.active:
        raise Turnover("ball carrier placed prone")


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


def push(m: Match, attacker: Player, defender: Player, result: str = "pushed",
         action: str = "block", multiple: bool = False) -> list[Player]:
    """Push the defender back, chain pushes and the crowd included; then the attacker may
    follow up. Returns the players pushed (the defender first, even if they held their
    ground), for the `push` event."""
    start = defender.square
    # the players of a block, or a move into a player lying down, stand next to each other
    assert start is not None and attacker.square is not None
    context = {"blocker": attacker, "target": defender, "result": result, "action": action,
               "multiple": multiple}
    moved: list[tuple[Player, Square]] = []
    _push(m, attacker.square, defender, context, moved, 0)
    if start not in m.occupant and follows_up(m, attacker, defender, action, multiple):
        m.put(attacker, start)
        m.note("follows-up", player=attacker)
    for _, sq in moved:
        if ballplay.loose_at(m, sq):  # pushed into a ball's square: it bounces (page 44: either)
            ballplay.bounce(m, sq)
    return [defender, *(p for p, _ in moved if p is not defender)]


def follows_up(m: Match, attacker: Player, defender: Player, action: str,
               multiple: bool) -> bool:
    """The attacker's follow-up (page 11: the coach decides); a rule may forbid it or make
    it compulsory (skills of pages 27-28)."""
    payload = {"player": attacker, "team": attacker.team, "target": defender,
               "action": action, "multiple": multiple}
    if not m.modify("can-follow-up", True, payload):
        return False
    if m.modify("must-follow-up", False, payload):
        return True
    return bool(m.decide(attacker.team, "follow-up", [True, False], ["follow up", "stay"],
                         "follow up?", player=attacker.id))


def _push(m: Match, frm: Square, pushed: Player, context: dict[str, Any],
          moved: list[tuple[Player, Square]], depth: int) -> bool:
    """Push ``pushed`` away from ``frm``: into one of the three squares away (page 11), or
    any empty square next to them if a rule says so; the blocker's coach chooses unless a
    rule says otherwise. Returns whether the player left their square (False: they, or a
    player they were pushed into, held their ground: neither moves, a skill of page 29)."""
    blocker = context["blocker"]
    if depth > MAX_CHAIN:
        return False
    at = pushed.square
    assert at is not None  # the player pushed is on the pitch: blocked, or pushed into
    who = {"player": pushed, "team": pushed.team, "blocker": blocker,
           "target": context["target"]}
    if not m.modify("pushed-back", True, {**who, "result": context["result"]}):
        m.note("stands-firm", player=pushed)
        return False
    free = [s for s in at.neighbours if s not in m.occupant]
    anywhere = bool(free) and bool(m.modify("push-anywhere", False, {
        **who, "action": context["action"], "multiple": context["multiple"]}))
    options: list[Square | None]
    if anywhere:
        options = list(free)
    else:
        squares = push_squares(m, frm, at)
        empty = [s for s in squares if s is not None and s not in m.occupant]
        if empty:
            options = list(empty)
        elif any(s is None for s in squares):
            options = [None]
        else:
            options = [s for s in squares if s is not None]
    chooser = m.modify("push-chooser", blocker.team, {**who, "anywhere": anywhere})
    deciding = chooser if isinstance(chooser, Team) else blocker.team
    to = m.decide(deciding, "push", options, lambda s: "crowd" if s is None else s.label(),
                  f"push {pushed.id}", player=pushed.id)
    if to is None:
        injury.crowd(m, pushed, at, blocker)
        return True
    place = len(moved)
    if to in m.occupant and not _push(m, at, m.occupant[to], context, moved, depth + 1):
        return False
    m.put(pushed, to)
    m.note("pushed", player=pushed, square=to)
    moved.insert(place, (pushed, to))
    m.after("enter-square", {"player": pushed, "team": pushed.team, "square": to})
    return True


def check_touchdown_pushed(m: Match, p: Player) -> None:
    """A ball carrier pushed into the end zone they score in (page 16)."""
    if ballplay.carries_other(m, p):  # a second ball (a card of page 44)
        with ballplay.swapped(m):
            return check_touchdown_pushed(m, p)
    if m.holder is p and m.in_scoring_position(p):
        m.score(p.team, in_their_turn=p.team is m.active)
