"""The engine's work, counted (issue 16): a change that brings back work the engine stopped
doing (masks rebuilt at every look, a feasibility check that runs the full ordered search,
legal actions worked out more than once per decision) fails here. No clock is read: the
counters are nuffle.interpreter.blitz_bowl.search.WORK.

Also: the mask search gives exactly what the square-by-square search it replaced gave
(the same squares in the same order, the same paths), on positions from real games.
"""

from __future__ import annotations

import pytest
from nuffle.interpreter.blitz_bowl import actions
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.search import (
    WORK,
    build_masks,
    can_end_move,
    destinations,
    masks,
    within,
)
from nuffle.interpreter.bots import GreedyBot, RandomBot


def counted_game(ruleset, seed: int, bot, hooks: bool) -> tuple[Game, dict[str, int]]:
    """One game played with the counters reset, and what its coaches were asked."""
    teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
    options = Options(special_balls=True, home_traits=traits[0:3],
                      away_traits=traits[7:10]) if hooks else Options()
    game = Game(ruleset, teams[seed % len(teams)], teams[(seed * 7 + 3) % len(teams)],
                {"home": bot(seed), "away": bot(seed + 1)}, seed=seed, options=options)
    asked = {"move": 0, "turn-action": 0, "all": 0, "steps": 0, "claim-events": 0}
    # the events some Challenge card's claim condition needs (CompiledRules.claim_needs)
    needed = {e for card in ruleset.cards.values() for e in card.compiled.claim_needs or ()}

    def listen(kind: str, data) -> None:
        if kind == "event" and data[0] in needed:
            asked["claim-events"] += 1
        if kind == "event" and data[0] == "move" and data[1]["action"] is not None:
            asked["steps"] += 1  # a step of a move action (actions.step), not a relocation
        if kind in ("decision", "settled"):
            decision = data[0] if kind == "decision" else data
            asked["all"] += 1
            if decision.kind == "move":
                asked["move"] += 1
            elif decision.kind == "action" and decision.prompt.startswith("action "):
                asked["turn-action"] += 1  # one of the turn's actions (not a free one)

    game.listeners.append(listen)
    WORK.reset()
    game.play()
    return game, asked


GAMES = [(1, RandomBot, False), (2, GreedyBot, False), (3, RandomBot, True),
         (4, GreedyBot, True)]


@pytest.mark.parametrize(("seed", "bot", "hooks"), GAMES)
def test_each_piece_of_work_is_done_once_where_it_is_needed(ruleset, seed, bot, hooks) -> None:
    game, asked = counted_game(ruleset, seed, bot, hooks)
    work = WORK.snapshot()
    assert asked["move"] > 20 and asked["turn-action"] > 20  # a real game was played
    # the team's legal actions: worked out once per decision on one of the turn's actions,
    # not once per player asked about, nor again for the event's `choices`
    assert work["legal_rebuilds"] == asked["turn-action"]
    # the ordered search runs only to offer a move: one per move decision, plus at most
    # one per move that ends because no square is left; "can it move at all?" (a Mark, a
    # Sidestep) is a flood, never the ordered search
    assert asked["move"] <= work["move_searches"] <= asked["move"] + work["move_actions"]
    # a search steps out of each square it reaches at most once (the start included)
    assert work["squares_expanded"] <= work["squares_reached"] + work["move_searches"]
    # the masks are built at most once per board version (the version is bumped once per
    # change of the board), and only when something looks: fewer than the decisions
    assert work["mask_builds"] <= game.board_version + 1
    assert work["mask_builds"] <= asked["all"]
    # after steps only (a move's), only the stepping team's part of the masks is built
    # again: a build from both teams needs a change of the board that was not a step (a
    # fall, a stand-up, a player coming on or leaving, set-up), so there are no more of
    # them than such changes (every version bump not made by a step)
    assert asked["steps"] > 50
    assert work["full_mask_builds"] <= game.board_version - asked["steps"] + 1
    assert work["full_mask_builds"] < work["mask_builds"] / 2
    # a Challenge card's claim condition is evaluated only at a Claim step whose window
    # holds an event it needs (an injury, a touchdown…), not for every card at every Claim
    # step (some 50 a game, each looking at three or more cards): at most the three
    # active cards and a drawn one per such event
    assert work["claim_checks"] <= 4 * asked["claim-events"]
    assert work["claim_checks"] < asked["turn-action"]
    # what a condition sees is built once per card and coach, and only to evaluate it
    assert work["card_envs"] <= min(2 * game.card_serial, work["claim_checks"])
    assert work["card_envs"] == len(game.claim_envs)


def test_the_masks_are_kept_until_the_board_changes(ruleset) -> None:
    teams = sorted(ruleset.teams)
    game = Game(ruleset, teams[0], teams[1], {"home": RandomBot(1), "away": RandomBot(2)},
                seed=5)
    game.setup()
    game.reset_turn(game.first)
    WORK.reset()
    players = [p for t in game.teams for p in t.players]
    for _ in range(3):  # nothing changes: one build, then the same masks each time
        for p in players:
            actions.legal_actions(game, p, free=True)
    assert WORK.mask_builds == 1
    mover = next(p for p in game.first.players if p.square is not None)
    assert game.board is not None
    to = next(n for n in game.board.neighbours[mover.square] if game.occupant[n] is None
              and n not in game.board.blocked and n not in game.loose)
    left = mover.square
    actions.step(game, mover, to, "run")  # one change of the board: one more build
    for p in players:
        actions.legal_actions(game, p, free=True)
    assert WORK.mask_builds == 2
    occupied = masks(game).occupied  # and the kept masks show the move
    assert occupied >> to & 1 and not occupied >> left & 1


class _Unread(list):
    """A team's players that may not be looked at (the masks after steps move squares)."""

    def __iter__(self):
        raise AssertionError("a team's players were read to bring the masks up to date")


def test_the_masks_after_steps_move_squares_without_reading_the_players(ruleset) -> None:
    """After one player stepped (and nothing else changed), the kept masks are brought up
    to date from its first and last squares alone: no player of either team is looked
    at, and they are what a build from the players gives."""
    teams = sorted(ruleset.teams)
    game = Game(ruleset, teams[2], teams[3], {"home": RandomBot(1), "away": RandomBot(2)},
                seed=7)
    game.setup()
    game.reset_turn(game.first)
    board = game.board
    assert board is not None
    masks(game)
    mover = next(p for p in game.first.players if p.square is not None)
    made = 0
    for _ in range(3):  # three steps, the masks looked at after the last only
        assert mover.square is not None
        to = next((n for n in board.neighbours[mover.square] if game.occupant[n] is None
                   and n not in board.blocked and n not in game.loose), None)
        if to is not None:
            actions.step(game, mover, to, "run")
            made += 1
    assert made == 3
    kept = {t: t.players for t in game.teams}
    WORK.reset()
    try:
        for t in game.teams:
            t.players = _Unread(t.players)
        m = masks(game)
    finally:
        for t in game.teams:
            t.players = kept[t]
    assert WORK.mask_builds == 1 and WORK.full_mask_builds == 0
    fresh = build_masks(game)
    assert (m.occupied, m.danger, m.near, m.foes, m.standing) == (
        fresh.occupied, fresh.danger, fresh.near, fresh.foes, fresh.standing)
    for sq in range(board.width * board.height):  # around: the neighbours' union
        one = 1 << sq
        assert board.around(one) == board.neighbour_masks[sq]
        assert board.around(one | 1 << (sq * 7 % len(board.xs))) == \
            board.neighbour_masks[sq] | board.neighbour_masks[sq * 7 % len(board.xs)]


# -- the mask search against the search it replaced -----------------------------------------
def reference_search(game: Game, p, steps: int, rule: str) -> tuple[list[int], set[int]]:
    """The square-by-square breadth-first search the engine used before issue 16 (its
    order: step by step, each square's neighbours in the board's neighbour order)."""
    board, occupant, loose = game.board, game.occupant, game.loose
    assert board is not None
    danger = {n for o in p.team.opponent.players if o.square is not None and not o.is_prone
              for n in board.neighbours[o.square]}
    near = {n for o in p.team.opponent.players if o.square is not None
            for n in board.neighbours[o.square]}
    forbid = danger if rule == "no-adjacent" else set()
    parent, stops, ends, frontier = {p.square: -1}, set(), [], [p.square]
    for _ in range(steps):
        nxt = []
        for sq in frontier:
            if sq in stops:
                continue
            for n in board.neighbours[sq]:
                if n in parent or occupant[n] is not None or n in board.blocked \
                        or n in forbid:
                    continue
                parent[n] = sq
                nxt.append(n)
                if n in loose or (rule == "stop-on-adjacent" and n in danger):
                    stops.add(n)
                if (rule != "end-open" or n not in danger) and \
                        (rule != "end-marking" or n in near):
                    ends.append(n)
        if not nxt:
            break
        frontier = nxt
    return ends, set(parent)


def test_the_mask_search_finds_what_the_old_search_found_in_the_same_order(ruleset) -> None:
    rules = ("no-adjacent", "end-open", "end-marking", "stop-on-adjacent", "none")
    compared = 0

    def check(kind: str, data) -> None:
        nonlocal compared
        if kind != "event" or data[0] != "turn-start":
            return
        game = holder[0]
        for p in (q for t in game.teams for q in t.players if q.standing):
            for rule in rules:
                for steps in (1, 3, 7):
                    reach = destinations(game, p, steps, rule)
                    ends, reached = reference_search(game, p, steps, rule)
                    assert reach.ends == ends, (p.id, rule, steps)
                    assert {sq for sq in range(len(game.occupant))
                            if reach.reached >> sq & 1} == reached
                    assert can_end_move(game, p, steps, rule) == bool(ends)
                    for dest in ends[::5]:  # a path ends where it was asked to, step by step
                        path = reach.path(dest)
                        assert path[-1] == dest and len(path) <= steps
                    compared += 1
                # the squares near an opponent, from the pitch's per-square zones, are the
                # opponents' squares grown a ring at a time
                assert game.board is not None
                assert within(game, p.team, steps) == \
                    game.board.grow(masks(game).foes[p.team], steps)

    teams = sorted(ruleset.teams)
    for seed in range(3):
        game = Game(ruleset, teams[seed], teams[seed + 5],
                    {"home": RandomBot(seed), "away": GreedyBot(seed + 1)}, seed=seed)
        holder = [game]
        game.listeners.append(check)
        game.play()
    assert compared > 1000


def reference_shortest(reach, dest: int) -> list[int]:
    """Reach._shortest as it was: a square-by-square search out from the destination,
    each square's distance kept in a dict, then the path walked from the start."""
    board, reached, stops = reach.board, reach.reached, reach.stops
    left = {dest: 0}
    frontier = [dest]
    while frontier and reach.start not in left:
        nxt = []
        for sq in frontier:
            for n in board.neighbours[sq]:
                if n in left or not reached >> n & 1 or stops >> n & 1:
                    continue
                left[n] = left[sq] + 1
                nxt.append(n)
        frontier = nxt
    path, cur = [], reach.start
    while cur != dest:
        cur = min((n for n in board.neighbours[cur] if left.get(n) == left[cur] - 1),
                  key=lambda n: (board.euclid(n, dest), n))
        path.append(cur)
    return path


def test_a_path_round_obstacles_is_found_a_ring_at_a_time(ruleset) -> None:
    """The shortest path (a move that cannot go straight) is found by growing whole rings
    of squares out from the destination, one ring per step of the path, and it is the
    path the square-by-square search found."""
    compared = 0

    def check(kind: str, data) -> None:
        nonlocal compared
        if kind != "event" or data[0] != "turn-start":
            return
        game = holder[0]
        for p in (q for t in game.teams for q in t.players if q.standing):
            for rule in ("no-adjacent", "stop-on-adjacent", "none"):
                reach = destinations(game, p, 7, rule)
                for dest in reach.ends:
                    before = WORK.path_rings
                    path = reach._shortest(dest)
                    assert path == reference_shortest(reach, dest), (p.id, rule, dest)
                    assert WORK.path_rings - before == len(path)
                    compared += 1

    teams = sorted(ruleset.teams)
    for seed in range(2):
        game = Game(ruleset, teams[seed + 1], teams[seed + 6],
                    {"home": RandomBot(seed), "away": RandomBot(seed + 1)}, seed=seed)
        holder = [game]
        game.listeners.append(check)
        game.play()
    assert compared > 1000


def test_the_pitch_tables_give_what_they_stand_for(ruleset) -> None:
    """Board.distances (the bots' distances to a ball) and Board.zones (within's squares
    near the opponents): kept per pitch, the same as the board's own measures."""
    teams = sorted(ruleset.teams)
    game = Game(ruleset, teams[0], teams[1], {"home": RandomBot(1), "away": RandomBot(2)},
                seed=3)
    game.setup()
    board = game.board
    assert board is not None
    squares = range(board.width * board.height)
    for a in squares[::7]:
        table = board.distances(a)
        assert [table[b] for b in squares] == [board.chebyshev(a, b) for b in squares]
        for n in (1, 2, 4):
            zone = board.zones(n)[a]
            assert {b for b in squares if zone >> b & 1} == \
                {b for b in squares if board.chebyshev(a, b) <= n}
    assert board.distances(0) is board.distances(0)  # worked out once
    assert board.zones(4) is board.zones(4)


def test_a_mark_ending_one_step_away_needs_no_flood(ruleset, monkeypatch) -> None:
    """At the action decision, a Mark that can end on a free square next to the player and
    next to an opponent is offered without the feasibility flood: the flood runs only for
    a player with no such square (and then it agrees with the old full check)."""
    floods: list[tuple] = []
    real = actions.can_end_move

    def counted(game, p, steps, rule, danger=None):
        found = real(game, p, steps, rule, danger)
        if rule == "end-marking":
            board, m = game.board, masks(game)
            first_step = board.neighbour_masks[p.square] & board.floor & ~m.occupied \
                & m.near[p.team]
            floods.append((steps, bool(first_step), found))
        return found

    monkeypatch.setattr(actions, "can_end_move", counted)
    asked = 0
    for seed, bot, hooks in GAMES:
        game, counts = counted_game(ruleset, seed, bot, hooks)
        asked += counts["turn-action"]
    assert asked > 80 and floods  # games were played, and some Marks needed the flood
    # never for a player whose first step already ends a Mark (with a step to take)
    assert not [f for f in floods if f[0] > 0 and f[1]]


def test_no_modify_event_is_fired_for_a_move_when_no_rule_modifies_it(ruleset) -> None:
    """The move's allowance and restriction, and whether a long throw is allowed, are
    asked of the rules only while some rule hooks them (`modify move-allowance`, `modify
    move-restriction`, `modify throw-range-allowed`): with no such hook, modify would give
    the value back unchanged, so no payload is built for it."""
    events = ("move-allowance", "move-restriction", "throw-range-allowed")
    idle, asked = {e: 0 for e in events}, {e: 0 for e in events}
    for seed, bot, hooks in GAMES:
        teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
        options = Options(special_balls=True, home_traits=traits[0:3],
                          away_traits=traits[7:10]) if hooks else Options()
        game = Game(ruleset, teams[seed % len(teams)], teams[(seed * 7 + 3) % len(teams)],
                    {"home": bot(seed), "away": bot(seed + 1)}, seed=seed, options=options)
        real = game.modify

        def counted(event, value, payload, real=real, game=game):
            if event in events:
                asked[event] += 1
                if not game.hooks.on_modify.get(event):
                    idle[event] += 1
            return real(event, value, payload)

        game.modify = counted  # type: ignore[method-assign]
        game.play()
    assert idle == {"move-allowance": 0, "move-restriction": 0, "throw-range-allowed": 0}
    # some games do have such rules, and ask them
    assert asked["move-allowance"] + asked["move-restriction"] > 0


def test_a_reserves_action_is_offered_without_looking_round_the_end_zone(ruleset) -> None:
    """Whether a Reserves action can be made asks only for a free end-zone square: the
    same answer as listing the squares it may come on (reserve_squares), at every event of
    real games, with end zones full or not."""
    seen = {True: 0, False: 0}

    def check(kind: str, data) -> None:
        if kind != "event" or holder[0].board is None:
            return
        game = holder[0]
        for team in game.teams:
            if not team.end_zone:
                continue
            quick = actions.has_free_end_zone_square(game, team)
            assert quick == bool(actions.reserve_squares(game, team))
            seen[quick] += 1

    teams = sorted(ruleset.teams)
    for seed in range(2):
        game = Game(ruleset, teams[seed], teams[seed + 3],
                    {"home": RandomBot(seed), "away": RandomBot(seed + 1)}, seed=seed)
        holder = [game]
        game.listeners.append(check)
        game.play()
    assert seen[True] > 100


@pytest.mark.parametrize(("condition", "needs"), [
    ("happened(touchdown where team is own)", {"touchdown"}),
    ("happened(knocked-down where team is opponent) or happened(injury)",
     {"knocked-down", "injury"}),
    ("happened(throw where team is own) and own.score > 2", {"throw"}),
    ("own.score > 2 and happened(throw)", None),  # the left side runs whatever happened
    ("not happened(injury)", None),
    ("count(injury) > 0", None),
    ("happened(injury) or own.score > 2", None),
    ("happened(injury, this turn)", None),  # not the action's window
])
def test_a_claim_condition_names_the_events_it_is_false_without(condition, needs) -> None:
    """What lets a Claim step skip a card: only conditions that are false, having done
    nothing, when none of the events named happened in the action."""
    from nuffle.dsl import ast
    from nuffle.dsl.parser import parse_rules
    from nuffle.interpreter.compiler import needed_events
    claim = parse_rules(f"claim if {condition}\n").items[0]
    assert isinstance(claim, ast.Claim)
    found = needed_events(claim.condition)
    assert found == (frozenset(needs) if needs is not None else None)


def test_a_new_turn_makes_new_lists_only_for_players_who_used_theirs(ruleset) -> None:
    """The turn's bookkeeping (reset_turn): a player whose actions of the turn, cancelled
    actions and cancelled free actions are still empty keeps those lists; one who made an
    action gets a new, empty list."""
    teams = sorted(ruleset.teams)
    game = Game(ruleset, teams[0], teams[1], {"home": RandomBot(1), "away": RandomBot(2)},
                seed=4)
    game.setup()
    game.reset_turn(game.first)
    players = [p for t in game.teams for p in t.players]
    busy = players[0]
    busy.actions_this_turn.append("run")
    kept = {p.id: (p.actions_this_turn, p.actions_cancelled, p.free_cancelled)
            for p in players}
    game.reset_turn(game.first.opponent)
    for p in players:
        lists = (p.actions_this_turn, p.actions_cancelled, p.free_cancelled)
        assert lists == ([], [], [])
        same = [a is b for a, b in zip(lists, kept[p.id], strict=True)]
        assert same == ([False, True, True] if p is busy else [True, True, True])


def test_a_turn_action_chosen_is_a_plain_tuple(ruleset, monkeypatch) -> None:
    """The coach's choice of one of the turn's actions travels as a plain (player, action,
    choices) tuple, not an object with attributes of its own (one per action of a game);
    a free action a rule offered stays a FreeChoice, which the decision's options hold."""
    kinds: dict[str, int] = {}
    real = actions.make_chosen_action

    def seen(game, choice) -> None:
        kind = "free" if isinstance(choice, actions.FreeChoice) else type(choice).__name__
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "tuple":
            player, action, choices = choice
            assert action in choices and isinstance(choices, tuple)
        real(game, choice)

    monkeypatch.setattr(actions, "make_chosen_action", seen)
    for seed, bot, hooks in GAMES:
        counted_game(ruleset, seed, bot, hooks)
    assert set(kinds) <= {"tuple", "free"} and kinds["tuple"] > 80


def test_a_player_s_legal_actions_read_its_status_from_the_kept_masks(ruleset,
                                                                       monkeypatch) -> None:
    """legal_actions (a rule's free action, its `legal-actions`) tells Marked from Open by
    the kept masks' squares next to a standing opponent, not by a look round the player's
    square; the actions are those of the player's status (page 8)."""
    from nuffle.interpreter.blitz_bowl.state import Player

    teams = sorted(ruleset.teams)
    game = Game(ruleset, teams[4], teams[9], {"home": RandomBot(3), "away": RandomBot(4)},
                seed=9)
    statuses: dict[str, int] = {}

    def check(kind: str, data) -> None:
        if kind != "event" or data[0] != "turn-start":
            return
        seen = {p.id: p.status for t in game.teams for p in t.players}
        with monkeypatch.context() as patch:
            patch.setattr(Player, "marked", property(lambda p: pytest.fail("looked round")))
            for t in game.teams:
                for p in t.players:
                    got = actions.legal_actions(game, p, free=True)
                    assert set(got) <= set(actions.STATUS_ACTIONS[seen[p.id]])
                    statuses[seen[p.id]] = statuses.get(seen[p.id], 0) + 1

    game.listeners.append(check)
    game.play()
    assert statuses.get("marked", 0) > 3 and statuses.get("open", 0) > 100
