"""The move search (pages 8-9), over sets of squares held as bit masks.

A set of squares is a Python int whose bit ``sq`` stands for square ``sq`` (the Board's
``neighbour_masks`` and ``floor``): a whole ring of neighbours is one ``|``, and "free,
not yet reached" one ``&``, so the search touches each reachable square once instead of
looking at each of its eight neighbours.

What the search reads of the board (who stands where, who is Prone) changes only when a
player moves, comes on, leaves or falls: the game bumps ``board_version`` then, and the
masks built from it (``masks``) are kept until the next bump instead of being worked out
again at every decision. ``WORK`` counts the work done, so a test can tell when the old
work comes back (tests/engine/test_engine_work.py).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.board import Board
    from nuffle.interpreter.blitz_bowl.game import Game
    from nuffle.interpreter.blitz_bowl.state import Player, Team


class Work:
    """Counts of the engine's work, for the work-count test (cheap enough to stay on)."""

    __slots__ = ("mask_builds", "full_mask_builds", "move_actions", "move_searches", "squares_reached",
                 "squares_expanded", "feasibility_searches", "flood_layers", "legal_rebuilds",
                 "card_envs", "claim_checks", "path_rings")

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.mask_builds = 0  # board masks built (at most one per board version)
        self.full_mask_builds = 0  # of them, built from both teams' players
        self.move_actions = 0  # moves made (actions.move_action)
        self.move_searches = 0  # ordered searches (one per move decision offered)
        self.squares_reached = 0  # squares those searches reached, the start not counted
        self.squares_expanded = 0  # squares they stepped out of (each at most once)
        self.feasibility_searches = 0  # "can this move end anywhere?" floods
        self.flood_layers = 0  # steps those floods took (at most the move's allowance)
        self.legal_rebuilds = 0  # the team's legal actions worked out for an action decision
        self.card_envs = 0  # what a Challenge card's condition sees, built (challenges.py)
        self.claim_checks = 0  # Challenge cards' claim conditions evaluated (challenges.py)
        self.path_rings = 0  # rings of squares grown out from a destination (Reach._shortest)

    def snapshot(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__slots__}


WORK = Work()


class Masks:
    """What the move search reads of one board version: the occupied squares and, per
    team, the squares next to a standing opponent (``danger``: where a player of that team
    is Marked, page 7) and next to any opponent on the pitch, Prone or not (``near``:
    where a Mark may end, ruling in valid_end)."""

    __slots__ = ("version", "occupied", "free", "danger", "near", "foes", "foe_squares",
                 "standing", "within")

    def __init__(self, version: int, occupied: int, free: int, danger: dict[Team, int],
                 near: dict[Team, int], foes: dict[Team, int],
                 foe_squares: dict[Team, list[int]], standing: dict[Team, int]) -> None:
        self.version, self.occupied, self.danger, self.near = version, occupied, danger, near
        self.free = free  # the squares a player may stand on and nobody does
        self.foes = foes  # per team: the squares of its opponents on the pitch
        self.foe_squares = foe_squares  # the same squares, listed (in no set order)
        self.standing = standing  # per team: the squares of its standing opponents
        # per team, n -> the squares within n of an opponent of the team, filled when asked
        self.within: dict[Team, dict[int, int]] = {team: {} for team in foes}


def within(g: Game, team: Team, n: int) -> int:
    """The squares within ``n`` squares of an opponent of ``team`` on the pitch, Prone or
    not (diagonal steps count one), for this board version: the union of each opponent's
    square's zone (Board.zones, worked out once per pitch)."""
    m = g.masks
    if m is None or m.version != g.board_version:
        m = masks(g)
    kept = m.within[team]
    out = kept.get(n)
    if out is None:
        assert g.board is not None  # opponents on the pitch or not, it is set up
        zones = g.board.zones(n)
        out = 0
        for sq in m.foe_squares[team]:
            out |= zones[sq]
        kept[n] = out
    return out


def masks(g: Game) -> Masks:
    """The board's masks for its current version, built at most once per version: when
    only one player has stepped since the kept masks (``stepped``), only its squares are
    moved in them."""
    m = g.masks
    if m is not None and m.version == g.board_version:
        return m
    WORK.mask_builds += 1
    st = g.stepped
    if m is not None and st is not None and st[1] == g.board_version:
        m = _after_steps(g, m, st[0], st[2])
    else:
        WORK.full_mask_builds += 1
        m = build_masks(g)
    g.masks = m
    return m


def stepped(g: Game, p: Player, frm: int) -> None:
    """A standing player stepped from ``frm`` (actions.step), nothing else changing: the
    board's version is bumped, and while only that player steps since the masks were
    last built, the square it stepped from first is remembered, so that the masks are
    brought up to date by moving it from there to where it is."""
    v = g.board_version
    m = g.masks
    if m is not None:
        if m.version == v:
            g.stepped = (p, v + 1, frm)
        else:
            st = g.stepped
            if st is not None and st[1] == v and st[0] is p:
                g.stepped = (p, v + 1, st[2])
    g.board_version = v + 1


def build_masks(g: Game) -> Masks:
    """The masks worked out afresh (the invariants compare them with the kept ones)."""
    occupied = 0
    danger: dict[Team, int] = {}
    near: dict[Team, int] = {}
    foes: dict[Team, int] = {}
    foe_squares: dict[Team, list[int]] = {}
    standing: dict[Team, int] = {}
    board = g.board
    for team in g.teams:
        stand = squares = 0
        listed: list[int] = []
        if board is not None:
            for o in team.players:
                sq = o.square
                if sq is not None:
                    squares |= 1 << sq
                    listed.append(sq)
                    if not o.is_prone:
                        stand |= 1 << sq
        occupied |= squares
        them = team.opponent
        standing[them], foes[them], foe_squares[them] = stand, squares, listed
        if board is not None:
            danger[them] = board.around(stand)  # next to a standing player of this team
            near[them] = board.around(squares)
        else:
            danger[them] = near[them] = 0
    free = board.floor & ~occupied if board is not None else 0
    return Masks(g.board_version, occupied, free, danger, near, foes, foe_squares, standing)


def _after_steps(g: Game, m: Masks, p: Player, frm: int) -> Masks:
    """The masks after only ``p`` stepped (it stands, from ``frm`` to its square) since
    ``m`` was built: its two squares moved in ``m`` itself (nobody keeps a Masks to
    compare with a later one; the integers read from it are values) and the squares next
    to its team grown again from theirs (a few shifts of a mask, no look at a player);
    the other team's part, and what ``within`` found about that team's foes, who have
    not moved, kept."""
    board = g.board
    to = p.square
    assert board is not None and to is not None  # p stands on it
    team = p.team
    them = team.opponent
    moved = 1 << frm ^ 1 << to
    squares = m.foes[them] ^ moved
    stand = m.standing[them] ^ moved
    m.foes[them], m.standing[them] = squares, stand
    if moved:
        listed = m.foe_squares[them]
        listed[listed.index(frm)] = to
    m.danger[them], m.near[them] = board.around(stand), board.around(squares)
    m.occupied ^= moved
    m.free ^= moved
    m.version = g.board_version
    m.within[them].clear()  # their foes moved; the team's own foes did not
    return m


def bits(mask: int) -> list[int]:
    """The squares of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _rule_masks(g: Game, p: Player, rule: str, danger: int | None) -> tuple[int, int, int]:
    """For a move under ``rule`` (a move-restriction): the squares it may cross, those it
    stops on, and those it may end on. A path never crosses a loose ball (moving onto it
    picks it up or makes it bounce), nor, under stop-on-adjacent, a square next to a
    standing opponent; under no-adjacent it never enters one."""
    board = g.board
    assert board is not None and p.square is not None
    m = masks(g)
    if danger is None:
        danger = m.danger[p.team]
    avail = m.free
    if rule == "no-adjacent":
        avail &= ~danger
    stopping = 0
    for sq in g.loose:  # (a ball or two)
        stopping |= 1 << sq
    if rule == "stop-on-adjacent":
        stopping |= danger
    stopping &= ~(1 << p.square)  # the start is never a stop: the move leaves from it
    if rule == "end-open":
        valid = ~danger
    elif rule == "end-marking":
        valid = m.near[p.team]
    else:
        valid = -1  # every square
    return avail, stopping, valid


def can_end_move(g: Game, p: Player, steps: int, rule: str, danger: int | None = None
                 ) -> bool:
    """Whether a move of up to ``steps`` squares under ``rule`` can end anywhere: the same
    squares ``destinations`` would reach, found a whole step at a time (the order does not
    matter for a yes or no)."""
    start = p.square
    if start is None or steps <= 0:
        return False
    board = g.board
    assert board is not None
    WORK.feasibility_searches += 1
    avail, stopping, valid = _rule_masks(g, p, rule, danger)
    width, not_first, not_last = board.width, board.not_first_column, board.not_last_column
    reached = frontier = 1 << start
    for _ in range(steps):
        WORK.flood_layers += 1
        row = frontier | ((frontier << 1) & not_first) | ((frontier >> 1) & not_last)
        grow = (row | (row << width) | (row >> width)) & avail & ~reached
        if not grow:
            return False
        if grow & valid:
            return True
        reached |= grow
        frontier = grow & ~stopping
    return False


def destinations(g: Game, p: Player, steps: int, rule: str, danger: int | None = None
                 ) -> Reach:
    """Where ``p`` can end a move of up to ``steps`` squares under ``rule``, nearest first.

    The order of ``ends`` is the breadth-first search's: step by step, each square's new
    neighbours in square order, in the order the squares were reached. It is the order of
    the coach's options, so it is part of the game."""
    start = p.square
    board = g.board
    if start is None or steps <= 0:
        return Reach(-1, 0, 0, [], board)
    assert board is not None
    WORK.move_searches += 1
    avail, stopping, valid = _rule_masks(g, p, rule, danger)
    nb = board.neighbour_masks
    free = avail
    ends: list[int] = []
    frontier = [start]
    expanded = 0
    rings = board.rings
    invalid = ~valid
    for _ in range(steps):
        expanded += len(frontier)
        before = avail
        nxt: list[int] = []
        for sq in frontier:
            new = nb[sq] & avail
            if new:
                avail ^= new
                # the new neighbours, lowest square first (the neighbours' order); a
                # square's ring of neighbours has at most 256 shapes: each is listed once
                # (per square: a big int's hash repeats every 61 bits, so one table for
                # every square would collide); a subscript, not get: a shape is met
                # again far more often than it is new
                try:
                    nxt += rings[sq][new]
                except KeyError:
                    nxt += rings[sq].setdefault(new, tuple(bits(new)))
        if not nxt:
            break
        layer = before ^ avail  # the squares this step reached, in nxt's order
        bad = layer & invalid  # those a move may not end on
        if not bad:
            ends += nxt
        elif bad != layer:
            if bad & (bad - 1):
                if bad.bit_count() * 2 < len(nxt):  # a few: a set of small ints
                    drop = set(bits(bad))
                    ends += [n for n in nxt if n not in drop]
                else:
                    ok = layer ^ bad
                    ends += [n for n in nxt if ok >> n & 1]
            else:  # one square left out
                at = len(ends) + nxt.index(bad.bit_length() - 1)
                ends += nxt
                del ends[at]
        # a move does not go on from a square it must stop on (most often one ball's)
        stop = layer & stopping
        if stop:
            if stop & (stop - 1):
                drop = set(bits(stop))
                nxt = [n for n in nxt if n not in drop]
            else:
                nxt.remove(stop.bit_length() - 1)  # (ends has copied nxt's squares)
        frontier = nxt
    WORK.squares_expanded += expanded
    reached = (free ^ avail) | 1 << start
    WORK.squares_reached += reached.bit_count() - 1
    return Reach(start, reached, stopping & reached, ends, board, steps)


@cache
def _towards(ddx: int, ddy: int) -> tuple[tuple[int, int], ...]:
    """The steps that close the distance (ddx, ddy) by one, nearest the straight line first,
    ties to the lower square (a lower row, then a lower column): the order Reach._straight
    tries them in."""
    sx, sy = (ddx > 0) - (ddx < 0), (ddy > 0) - (ddy < 0)
    adx, ady = abs(ddx), abs(ddy)
    if adx > ady:
        steps = [(sx, d) for d in (-1, 0, 1) if abs(ddy - d) <= adx - 1]
    elif ady > adx:
        steps = [(d, sy) for d in (-1, 0, 1) if abs(ddx - d) <= ady - 1]
    else:
        steps = [(sx, sy)]
    return tuple(sorted(steps, key=lambda m: ((ddx - m[0]) ** 2 + (ddy - m[1]) ** 2,
                                              m[1], m[0])))


class Reach:
    """The squares a move can end on; the path to one is worked out only once it is picked.

    Of the shortest paths, the one that keeps closest to the straight line is taken, so a
    move reads the way a player would make it. ``reached`` and ``stops`` are masks: the
    squares the search reached, and those of them a path may end on but not cross.
    """

    __slots__ = ("start", "reached", "stops", "ends", "board", "steps")

    def __init__(self, start: int, reached: int, stops: int, ends: list[int],
                 board: Board | None, steps: int = 0) -> None:
        self.start, self.reached, self.stops, self.ends, self.board, self.steps = \
            start, reached, stops, ends, board, steps

    def any(self) -> bool:
        return bool(self.ends)

    def __contains__(self, sq: int) -> bool:
        return sq in self.ends

    def path(self, dest: int) -> list[int]:
        return self._straight(dest) or self._shortest(dest)

    def _straight(self, dest: int) -> list[int] | None:
        """Step by step towards the destination, each step closing the distance by one and
        keeping nearest the straight line (ties: the lower square); None where the way is
        not that simple (then a search finds it)."""
        board, reached = self.board, self.reached
        assert board is not None
        width, xs, ys = board.width, board.xs, board.ys
        # the squares a step may go to: reached and not a stop, the destination if reached
        through = reached & ~self.stops | (reached & 1 << dest)
        xd, yd = xs[dest], ys[dest]
        path, cur = [], self.start
        while cur != dest:
            x, y = xs[cur], ys[cur]
            for mx, my in _towards(xd - x, yd - y):  # best first
                if not 0 <= x + mx < width:
                    continue  # off the pitch's side (a row would wrap round)
                n = cur + my * width + mx
                if n >= 0 and through >> n & 1:
                    break
            else:
                return None
            path.append(n)
            cur = n
        return path

    def _shortest(self, dest: int) -> list[int]:
        """A shortest path over the squares a path may pass through (reached, not a stop;
        the destination may be one): the squares found a ring at a time out from the
        destination, as masks, until the start is in one; then, from the start, each step
        to a square of the next ring in, the one nearest the destination as the crow flies
        (ties: the lower square)."""
        board = self.board
        assert board is not None
        start = self.start
        passable = self.reached & ~self.stops
        ring = seen = 1 << dest
        rings = [ring]  # rings[k]: the squares k steps from the destination
        while not seen >> start & 1:
            ring = board.around(ring) & passable & ~seen
            if not ring:
                raise ValueError(f"square {dest} was not reached from {start}")
            seen |= ring
            rings.append(ring)
        WORK.path_rings += len(rings) - 1
        path, cur = [], start
        for k in range(len(rings) - 2, -1, -1):
            cur = min(bits(board.neighbour_masks[cur] & rings[k]),
                      key=lambda n: (board.euclid(n, dest), n))
            path.append(cur)
        return path
