"""Bots: agents that answer decisions by themselves (principle 6).

``random`` picks uniformly among the legal options; ``greedy`` scores the options with a
short heuristic (score touchdowns, claim cards, pick up and move the ball forward, block
when the odds are good). Their own randomness is seeded and separate from the game's
dice: it decides, it never rolls, and the log records its answers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from mypy_extensions import mypyc_attr
from nuffle.interpreter.blitz_bowl import actions, combat
from nuffle.interpreter.blitz_bowl.search import bits
from nuffle.interpreter.decisions import Agent, Decision


@mypyc_attr(allow_interpreted_subclasses=True)  # other bots and tests derive
class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, game: object) -> int:
        return self.rng.randrange(len(decision.options))


# Result order for a blocker choosing between two Block dice: best first.
BLOCK_PREFERENCE = ("kerrunch", "knocked-down", "tackle", "shove", "miss")


@mypyc_attr(allow_interpreted_subclasses=True)  # other bots and tests derive
class GreedyBot:
    """A one-step heuristic: each option gets a score and the best one is taken.

    It goes for touchdowns, picks up loose balls, throws to team-mates who can score,
    blocks the ball carrier and blocks when the dice favour it, and claims the card worth
    most. Ties go to the first option, so it plays the same way every time.
    """

    name = "greedy"

    # the answer to each kind of decision, worked out once per class (``_answer_for``): a
    # subclass gets its own table, as it may score some kind its own way
    _answers: dict[str, Callable[[GreedyBot, Decision, object], int]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._answers = {}

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._players: dict[str, object] = {}  # id -> player, of the game last asked about
        self._players_of: object = None
        self._zones: dict[object, frozenset[int]] = {}  # see _zone
        self._columns_of: object = None  # the pitch of _columns (_pick_setup)
        self._columns: list[int] = []
        self._rows: dict[int, tuple[object, list[int]]] = {}  # see _row_gaps

    def decide(self, decision: Decision, game: object) -> int:
        try:
            answer = self._answers[decision.kind]
        except KeyError:  # the kind's answer, looked up once per class
            answer = self._answers[decision.kind] = type(self)._answer_for(decision.kind)
        return answer(self, decision, game)

    @classmethod
    def _answer_for(cls, kind: str) -> Callable[[GreedyBot, Decision, object], int]:
        """How a decision of ``kind`` is answered, as a function of the bot, the decision
        and the game: a picker that reads the state once and takes the best option
        (``_pick_move``, ``_pick_action``), a per-option scorer, or else the first
        option."""
        name = "_" + kind.replace("-", "_")
        pick = getattr(cls, "_pick" + name, None)
        if pick is not None:
            return pick
        scorer = getattr(cls, name, None)
        if scorer is None:
            return _first_option

        def each(self: GreedyBot, decision: Decision, game: object) -> int:
            scores = [scorer(self, option, decision, game) for option in decision.options]
            return scores.index(max(scores))  # the first of the best
        return each

    # -- geometry ----------------------------------------------------------------------
    @staticmethod
    def to_goal(game, team, sq: int) -> int:
        """Rows between a square and the end zone the team scores in."""
        row = game.board.xy(team.scoring_zone[0])[1]
        return abs(game.board.xy(sq)[1] - row)

    @staticmethod
    def loose_balls(game) -> list:
        # (a ball no one holds is where it lies: Ball.square)
        return [b for b in game.balls
                if b.in_play and b.holder is None and b.loose_square is not None]

    # -- decisions ---------------------------------------------------------------------
    def _action(self, option, decision, game, loose: list | None = None) -> float:
        if option is None:
            return 0.5
        p, action = option
        team = p.team
        if loose is None:
            loose = self.loose_balls(game)
        if action == "run":
            steps = actions.allowance(game, p, "run")
            if p.ball is not None:
                gap = self.to_goal(game, team, p.square)
                return 100.0 if gap <= steps else 40.0 - gap
            if loose:
                board, sq = game.board, p.square  # Board.chebyshev, from the kept tables
                reach = min(board.distances(b.square)[sq] for b in loose)
                if reach <= steps:
                    return 70.0 - reach
                return 15.0 - reach / 4
            return 6.0
        if action == "throw":
            best = 0.0
            ys = game.board.ys  # to_goal, with the end zone's row read once
            row = ys[team.scoring_zone[0]]
            own_gap = abs(ys[p.square] - row)
            for mate in actions.throw_targets(game, p):
                assert mate.square is not None  # throw targets are on the pitch
                gap = abs(ys[mate.square] - row)
                if mate.square in team.scoring_zone and mate.open:
                    best = max(best, 95.0 if p.throw <= 4 else 60.0)
                elif gap + 2 < own_gap and mate.open:
                    best = max(best, 30.0 - gap)
            return best or -1.0
        if action == "block":
            return _block_score(game, p)
        if action == "mark":
            foes = [o for o in team.opponent.players if o.ball is not None and o.square is not None]
            if foes and min(game.board.chebyshev(p.square, o.square) for o in foes) <= 3:
                return 45.0
            return 8.0
        if action == "sidestep":
            return 30.0 if p.ball is not None else 5.0
        if action == "stand-up":
            return 22.0
        if action == "reserves":
            return 20.0
        return 1.0

    def _player(self, game, pid: str):
        """The player with id ``pid``: a game's players are all made with its teams, so
        their ids are read once per game rather than searched for each move."""
        if self._players_of is not game:
            self._players_of = game
            self._players = {p.id: p for team in game.teams for p in team.players}
            self._zones = {}
        p = self._players.get(pid)
        return p if p is not None else game.player(pid)

    def _row_gaps(self, board, row: int) -> list[int]:
        """Rows between each square and ``row`` (to_goal, by square), made once per pitch
        and row."""
        kept = self._rows.get(row)
        if kept is None or kept[0] is not board:
            kept = self._rows[row] = (board, [abs(y - row) for y in board.ys])
        return kept[1]

    def _pick_move(self, decision, game) -> int:
        """The best square to move to, as ``_move`` scores them, found without
        scoring each square where one score decides: a move's options are squares, after
        a None (stop here) when the mover may stop (actions.move_action). The nearest
        square is found by ``min`` over the distances and ties go to the first, as
        ``scores.index(max(scores))`` does."""
        options = decision.options
        first = 1 if options[0] is None else 0
        rest = options[first:] if first else options
        if not rest:
            return 0
        p = self._player(game, decision.context["player"])
        team = p.team
        board = game.board
        goal_row = board.ys[team.scoring_zone[0]]
        if p.ball is not None:  # carrier(): 100 in the end zone, else 50 - rows to go
            zone = self._zone(team)
            if not zone.isdisjoint(rest):
                return first + min([rest.index(sq) for sq in zone if sq in rest])
            return _nearest(rest, self._row_gaps(board, goal_row), first, 50.0, -1.0)
        action = decision.context.get("action")
        if action == "run":
            loose = [rest.index(sq) for b in game.balls
                     if b.in_play and b.holder is None and (sq := b.loose_square) is not None
                     and sq in rest]  # loose_balls' squares
            if loose:  # 90: onto a loose ball
                return first + min(loose)
        elif action == "mark":
            beside = 0  # 80: next to an opposing ball carrier (Board.adjacent)
            for o in team.opponent.players:
                if o.ball is not None and o.square is not None:
                    beside |= board.neighbour_masks[o.square]
            if beside:
                hits = [rest.index(sq) for sq in bits(beside) if sq in rest]
                if hits:
                    return first + min(hits)
        balls = [b.square for b in game.balls if b.in_play and b.square is not None]
        if len(balls) == 1:  # 40 - the distance to the ball
            return _nearest(rest, board.distances(balls[0]), first, 40.0, 0.0)
        if balls:  # 40 - the distance to the nearest ball, read for the squares offered
            tables = [map(board.distances(sq).__getitem__, rest) for sq in balls]
            return _least(list(map(min, *tables)), first, 40.0, 0.0)
        return _nearest(rest, self._row_gaps(board, goal_row), first, 20.0, 0.0, 0.5)

    def _zone(self, team) -> frozenset[int]:
        """The squares of the end zone ``team`` scores in, as a set, made once per game and
        team (``_player`` forgets them with the game)."""
        zone = self._zones.get(team)
        if zone is None:
            zone = self._zones[team] = frozenset(team.scoring_zone)
        return zone

    def _move(self, option, decision, game) -> float:
        """The score of one square a move can end on: the heuristic ``_pick_move`` takes
        the best of (kept to say what it is, and for the tests to hold it to)."""
        p = game.player(decision.context["player"])
        action = decision.context.get("action")
        team = p.team
        if option is None:
            return -1.0 if p.ball is not None else 0.0
        if p.ball is not None:
            return 100.0 if option in team.scoring_zone else 50.0 - self.to_goal(game, team,
                                                                                  option)
        if action == "run" and any(b.square == option for b in self.loose_balls(game)):
            return 90.0
        if action == "mark" and any(o.ball is not None and o.square is not None
                                    and game.board.adjacent(o.square, option)
                                    for o in team.opponent.players):
            return 80.0
        balls = [b.square for b in game.balls if b.in_play and b.square is not None]
        if balls:
            return 40.0 - min(game.board.chebyshev(sq, option) for sq in balls)
        return 20.0 - self.to_goal(game, team, option) / 2

    def _pick_action(self, decision, game) -> int:
        """The action offered that ``_action`` scores best (the first of the best). What a
        run's or a mark's score reads besides the player (the loose balls and their
        distance tables, each side's end-zone row, the opposing ball carriers) is read once
        per decision; a block, a stand-up, a Reserves and a sidestep are scored here as
        ``_action`` scores them, the others go to it. Each run still asks for its
        move allowance, in the order offered, as the allowance's rules fire (and are
        counted) whoever asks."""
        loose = self.loose_balls(game)
        board = game.board
        ys = board.ys
        tables = [board.distances(b.square) for b in loose]
        one = tables[0] if len(tables) == 1 else None
        allowance = actions.allowance
        # the rules that may change a run's allowance: with none, or none of this player's
        # (HookFiring.unheard), it is the player's Move (allowance's own shortcut)
        rules = game.hooks.on_modify.get("move-allowance")
        goal_rows: dict = {}  # team -> the row of the end zone it scores in
        carriers: dict = {}  # team -> the squares of the opposing ball carriers
        best = -math.inf
        at = 0
        for index, option in enumerate(decision.options):
            if option is None:
                score = 0.5
            else:
                p, action = option
                if action == "run":
                    steps = allowance(game, p, "run") \
                        if rules and not game.unheard(rules, "player", p) else p.move
                    if p.ball is not None:
                        team = p.team
                        row = goal_rows.get(team)
                        if row is None:
                            row = goal_rows[team] = ys[team.scoring_zone[0]]
                        gap = abs(ys[p.square] - row)  # to_goal
                        score = 100.0 if gap <= steps else 40.0 - gap
                    elif tables:
                        sq = p.square  # the nearest loose ball (usually the only one)
                        reach = one[sq] if one is not None else min([t[sq] for t in tables])
                        score = 70.0 - reach if reach <= steps else 15.0 - reach / 4
                    else:
                        score = 6.0
                elif action == "mark":
                    team = p.team
                    foes = carriers.get(team)
                    if foes is None:
                        foes = carriers[team] = [o.square for o in team.opponent.players
                                                 if o.ball is not None and o.square is not None]
                    near = foes and min([board.chebyshev(p.square, sq) for sq in foes]) <= 3
                    score = 45.0 if near else 8.0
                elif action == "block":
                    score = _block_score(game, p)
                elif action == "stand-up":
                    score = 22.0
                elif action == "reserves":
                    score = 20.0
                elif action == "sidestep":
                    score = 30.0 if p.ball is not None else 5.0
                else:  # a throw, or an action of the content's
                    score = self._action(option, decision, game, loose)
            if score > best:  # strictly: ties go to the first, as scores.index(max) does
                best, at = score, index
        return at

    def _block_target(self, option, decision, game) -> float:
        return (50.0 if option.ball is not None else 0.0) - option.armour

    def _throw_target(self, option, decision, game) -> float:
        team = option.team
        score = 50.0 - self.to_goal(game, team, option.square)
        if option.square in team.scoring_zone and option.open:
            score += 100.0
        if option.marked:
            score -= 20.0
        return score

    def _block_result(self, option, decision, game) -> float:
        return -BLOCK_PREFERENCE.index(option) if option in BLOCK_PREFERENCE else -10.0

    def _claim(self, option, decision, game) -> float:
        return -1.0 if option is None else float(option.points)

    def _discard(self, option, decision, game) -> float:
        return 1.0 if option.bonus_play is None else 0.0

    def _may(self, option, decision, game) -> float:
        return 1.0 if option else 0.0

    def _play(self, option, decision, game) -> float:
        return 1.0 if option else 0.0

    def _follow_up(self, option, decision, game) -> float:
        return 0.0 if option else 1.0

    def _setup(self, option, decision, game) -> float:
        x, _ = game.board.xy(option)
        return -abs(x - game.board.width // 2)

    def _reserves_square(self, option, decision, game) -> float:
        return self._setup(option, decision, game)  # (an alias: mypyc has no class aliases)

    def _pick_setup(self, decision, game) -> int:
        """The square ``_setup`` scores best, the first of the best: the least columns from
        the middle one, read from a table made once per pitch."""
        board = game.board
        if self._columns_of is not board:
            self._columns_of = board
            mid = board.width // 2
            self._columns = [abs(x - mid) for x in board.xs]
        options = decision.options
        return options.index(min(options, key=self._columns.__getitem__))

    def _pick_reserves_square(self, decision, game) -> int:
        return self._pick_setup(decision, game)


def _block_score(game, p) -> float:
    """A block's score (``_action``): more for a target with the ball, more again when
    some target is assisted."""
    targets = actions.block_targets(game, p)
    carrier = assisted = False
    for t in targets:
        if t.ball is not None:
            carrier = True
            break
    for t in targets:  # in order, up to the first: its rules fire (and are counted)
        if combat.block_assisted(game, p, t):
            assisted = True
            break
    return (55.0 if carrier else 25.0) + (15.0 if assisted else 0.0)


def _first_option(bot: GreedyBot, decision: Decision, game: object) -> int:
    return 0


def _nearest(squares: list, table: list[int], first: int, top: float, stop: float,
             per: float = 1.0) -> int:
    """The index (after ``first`` leading options) of the first square with the least
    ``table`` value, scored ``top - per * value``; a leading None (scored ``stop``) wins
    if its score is at least as high (ties go to the first option). ``per`` is 1 or 1/2,
    so ``per * value`` is the very float the scorer's ``value`` or ``value / 2`` is."""
    square = min(squares, key=table.__getitem__)  # the first of the least
    if first and stop >= top - per * table[square]:
        return 0
    return first + squares.index(square)


def _least(values: list[int], first: int, top: float, stop: float, per: float = 1.0) -> int:
    """``_nearest``, given the table's value of each square."""
    least = min(values)
    if first and stop >= top - per * least:
        return 0
    return first + values.index(least)


BOTS: dict[str, Callable[[int], Agent]] = {"random": RandomBot, "greedy": GreedyBot}


def make_agents(home: str, away: str, seed: int, bots: dict | None = None) -> dict:
    """The two coaches' bots for the game with this seed, seeded the same way wherever a
    game is played (play, simulate, league), so one seed means one game everywhere.
    ``bots`` is the game's own table of bots (Blitz Bowl's by default)."""
    table = BOTS if bots is None else bots
    return {"home": table[home](seed * 2 + 1), "away": table[away](seed * 2 + 2)}
