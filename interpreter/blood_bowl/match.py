"""A Blood Bowl match (PBBL Living Rulebook 1.10): its state, its services and its sequence.

Rules: 004_2450e8f2c1aa331e.txt, Setting up the game (page 7), the sequence of play
(page 8), winning the match (page 16), the Kick-Off table and the weather (pages 19-21).

The shape (design page `engine-design`): the match object holds the state and the services
every procedure needs (dice, decisions, hooks, the narrative); the procedures are plain
functions in the modules beside this one, each taking the match as its first argument
(`blocking.block(m, attacker, defender)`), so each can be read, and tested, on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nuffle.interpreter.blood_bowl import cards, effects, kickoff, roster, turn
from nuffle.interpreter.blood_bowl.pitch import AWAY_END, HOME_END, Pitch
from nuffle.interpreter.blood_bowl.ruleset import Ruleset
from nuffle.interpreter.blood_bowl.state import (
    ON_PITCH,
    RESERVES,
    OtherBall,
    Player,
    Square,
    Team,
)
from nuffle.interpreter.decisions import Agent
from nuffle.interpreter.dice import Dice
from nuffle.interpreter.errors import RulesError
from nuffle.interpreter.game_core import GameCore
from nuffle.interpreter.hooks import Env, HookInstance, Owner

TURNS_PER_HALF = 8  # page 8: eight team turns per coach in each half
MAX_ACTIONS_PER_TURN = 60  # activations and steps a team turn may ask for (principle 4)

# The order in which rules of different kinds react to one moment: the weather and the
# kick-off results (tables) first, then the players' skills (ruling bb-rules-order).
KIND_RANK = {"table": 0, "ability": 1, "special-play-card": 2}  # cards last: ruling bb-card-windows


class Turnover(Exception):  # noqa: N818 - a control-flow signal
    """The moving team's turn ends at once (page 8)."""


class DriveOver(Exception):  # noqa: N818
    """A touchdown was scored (page 16): the drive ends."""


class HalfOver(Exception):  # noqa: N818
    """The half ends at once (a kick-off result, page 20)."""


@dataclass
class Options:
    tables: str = "pbbl"  # pbbl | bb2020: which Kick-off, Weather and Prayers tables
    disabled: frozenset[str] = frozenset()  # content ids whose rules are switched off
    debug: bool = False  # check the invariants after every step
    overtime: bool = True  # a draw after the second half goes to sudden death (page 16)
    # a coach's own roster (content kind `roster`) per side; a side without one is drafted
    rosters: dict[str, dict] = field(default_factory=dict)
    # special play cards (PBBL page 43): the decks each coach draws one card from, or the
    # gold each coach spends on cards; neither by default: no cards (interpreter/blood_bowl/cards.py)
    cards: tuple[str, ...] = ()
    card_gold: int = 0


@dataclass
class Result:
    winner: str | None
    score: dict[str, int]
    reason: str
    turns: dict[str, int]
    casualties: dict[str, int]
    decisions: int
    error: dict | None = None
    touchdowns: dict[str, int] = field(default_factory=dict)


class Match(GameCore):
    kind_rank = KIND_RANK
    game_id = "blood-bowl"

    def __init__(self, ruleset: Ruleset, home: str, away: str, agents: dict[str, Agent],
                 seed: int | None = 0, options: Options | None = None,
                 dice: Dice | None = None) -> None:
        self.ruleset = ruleset
        self.options = options or Options()
        self.start_core(self.game_id, seed, agents, dice)
        self.pitch = Pitch(self)
        self.occupant: dict[Square, Player] = {}
        self.ball: Square | None = None  # where the ball lies, when nobody holds it
        self.holder: Player | None = None
        # a second ball, while a rule keeps one (a card of page 44; ballplay.swap_balls)
        self.other_ball: OtherBall | None = None
        self.home = self._make_team("home", home)
        self.away = self._make_team("away", away)
        self.home.opponent, self.away.opponent = self.away, self.home
        self.teams = [self.home, self.away]
        self.active: Team = self.home
        self.kicking: Team = self.home
        self.half = 0
        self.turn_serial = 0
        self.action_serial = 0
        self.drive_serial = 0
        self.weather_serial = 0
        self.weather: str | None = None
        self.in_kick_off = False
        self.in_flight: Player | None = None  # a thrown team-mate in the air
        self.bonus_turn: dict | None = None  # a kick-off result's free team turn, while on
        # a team whose touchdowns wait while free turns are played (`free-turns`, a card of
        # page 48): in its own turn one ends the turn unscored; in the other's, none scores
        self.touchdowns_held: Team | None = None
        self.casualties = {"home": 0, "away": 0}
        self.touchdowns = {"home": 0, "away": 0}
        self.bribes = {"home": 0, "away": 0}
        self.over: Result | None = None
        self.first_kicker: Team = self.home
        self.kick_landing: Square | None = None
        self.prayers_in_effect: set[str] = set()
        self.spp: dict[str, int] = {}
        # skills a rule stopped a player using during the step or block under way
        self.denied: set[tuple[Player, str]] = set()
        # skills a rule gave a player for a while, and how to take each back before its
        # time (`lose-skill`, a card of page 46)
        self.gained_skills: dict[tuple[Player, str], Any] = {}
        # further blocks a rule gave during the block under way (blocker, target): thrown
        # once it is over (`block-again`, a skill of page 27)
        self.blocks_again: list[tuple[Player, Player]] = []
        # players a rule puts in the square a moving player is leaving, once it is empty
        # (player, square, placed Prone): movement.enter_when_vacated, a skill of page 26
        self.vacating: list[tuple[Player, Square, bool]] = []
        # the tokens of `for this turn-pair` under way (cards of page 44): scope_token
        self.turn_pairs: set[int] = set()
        self.play_cards = cards.CardState()  # special play cards: decks, hands, discard
        self.attributes = effects.attribute_table(self.vocab)
        self.effects = effects.effect_table(self)
        self.queries = effects.query_table(self)
        self.feasible = effects.feasibility_checks(self)

    def _make_team(self, side: str, team_id: str) -> Team:
        data = self.ruleset.teams.get(team_id)
        if data is None:
            raise KeyError(f"no Blood Bowl team `{team_id}`")
        team = Team(side, team_id, data["name"], self)
        chosen = roster.lineup(data, self.options.rosters.get(side))
        ids = roster.player_ids(side, chosen.players)
        for pid, (pos, given_name) in zip(ids, chosen.players, strict=True):
            team.players.append(Player(pid, team, pos["name"], pos["id"], pos["movement"],
                                       pos["strength"], pos["agility"],
                                       pos["armour_value"], list(pos["skills"]),
                                       categories=tuple(pos.get("normal", ())),
                                       given_name=given_name, cost=int(pos.get("cost", 0))))
        team.rerolls = team.rerolls_at_start = chosen.rerolls
        team.fan_factor, team.cheerleaders = chosen.fan_factor, chosen.cheerleaders
        team.assistant_coaches = chosen.assistant_coaches
        return team

    # -- lookups ---------------------------------------------------------------------------
    def scoring_end(self, team: Team) -> int:
        """The end zone column a team scores in (it defends the other, page 7)."""
        return AWAY_END if team is self.home else HOME_END

    def in_scoring_position(self, p: Player) -> bool:
        """Whether a ball carrier scores where they stand: standing in the end zone their
        team scores in (page 16), and no rule says not (`can-score`, a card of PBBL page
        50). Whether they hold the ball is the caller's to say (either ball, page 44)."""
        return p.standing and p.square is not None and p.square.x == self.scoring_end(p.team) \
            and (not self.hooks.get("can-score", "modify")
                 or bool(self.modify("can-score", True, {"player": p, "team": p.team})))

    def tackle_zones(self, sq: Square, team: Team) -> int:
        """How many of ``team``'s opponents exert a tackle zone on ``sq`` (page 9)."""
        n = 0
        for s in sq.neighbours:
            p = self.occupant.get(s)
            if p is not None and p.team is not team and (
                    p.has_tackle_zones or p.team.prone_tackle_zones and p.exerts_tackle_zones):
                n += 1
        return n

    def marked(self, player: Player) -> bool:
        return player.square is not None and self.tackle_zones(player.square, player.team) > 0

    # -- the pieces on the pitch -----------------------------------------------------------
    def put(self, p: Player, sq: Square) -> None:
        """Place a player in a square (set-up, a move, a push)."""
        if p.square is not None and self.occupant.get(p.square) is p:
            del self.occupant[p.square]
        self.occupant[sq] = p
        p.square, p.where = sq, ON_PITCH
        p.drive_played = self.drive_serial
        if self.holder is p:
            self.ball = None

    def take_off(self, p: Player, where: str) -> None:
        """Remove a player from the pitch to a box of the Dugout."""
        if p.square is not None and self.occupant.get(p.square) is p:
            del self.occupant[p.square]
        p.square, p.where = None, where
        p.standing, p.stunned = True, False

    # -- decisions (principle 6) -----------------------------------------------------------
    def deciding_team(self, env: Env) -> Team:
        own = env.owner.own()
        if own is not None:
            return own
        for name in ("praying-team", "receiving-team", "player", "team"):
            value = env.vars.get(name)
            if isinstance(value, Player):
                return value.team
            if isinstance(value, Team):
                return value
        return self.active

    def ask_may(self, env: Env, about: Any = None) -> bool:
        """A rule's `may`: a skill's coach decides; a table entry's `may pray t` is decided
        by the coach of the team it is about (ruling bb-table-entry-decisions)."""
        team = about if isinstance(about, Team) and env.owner.own() is None else \
            about.team if isinstance(about, Player) and env.owner.own() is None else \
            self.deciding_team(env)
        return self.decide(team, "may", [True, False], ["yes", "no"],
                           f"use {env.owner.name}?", item=env.owner.item)

    def choose_for_rule(self, env: Env, options: list) -> Any:
        return self.decide(self.deciding_team(env), "choose", options, label,
                           f"{env.owner.name}: choose", item=env.owner.item)

    def offer_bonus_play(self, inst: HookInstance) -> bool:
        """A special play card's `play` hook at its moment: its coach decides (PBBL page 43)."""
        return cards.offer(self, inst)

    # -- history and scopes ----------------------------------------------------------------
    def check_invariants(self, where: str) -> None:
        from nuffle.interpreter.blood_bowl.invariants import check_invariants
        check_invariants(self, where)

    def note(self, key: str, **fields: Any) -> None:
        if self.listeners:
            for listener in self.listeners:
                listener("note", (key, fields))

    def scope_token(self, scope: str) -> int:
        if scope == "turn-pair":  # the turn under way and the side whose turn it is
            token = 2 * self.turn_serial + (self.active is self.away)
            self.turn_pairs.add(token)
            return token
        return {"turn": self.turn_serial, "action": self.action_serial,
                "drive": self.drive_serial, "half": self.half,
                "weather": self.weather_serial}.get(scope, 0)

    def end_scope(self, scope: str, token: int | None = None) -> None:
        """Hooks and changes that last `for this SCOPE` end here."""
        token = self.scope_token(scope) if token is None else token
        self.hooks.expire(scope, token)
        for undo in reversed(self.scope_undos.pop((scope, token), [])):
            undo()

    def end_turn_pairs(self, team: Team | None = None) -> None:
        """`for this turn-pair` (cards of PBBL page 44: "for your turn and your opponent's
        turn") ends when the other side's next team turn ends: ``team``'s turn has ended,
        so those its opponent began in an earlier turn end; with no team the drive has
        ended (a touchdown, the end of a half), which ends every one (ruling
        bb-card-eclipse)."""
        if not self.turn_pairs:
            return
        begun_by = None if team is None else int(team.opponent is self.away)
        for token in sorted(self.turn_pairs):
            if begun_by is None or (token % 2 == begun_by and token // 2 < self.turn_serial):
                self.turn_pairs.discard(token)
                self.end_scope("turn-pair", token)

    def constant(self, name: str, env: Env) -> Any:
        if name == "teams":
            return list(self.teams)
        if name == "ball-carrier":
            return self.holder
        raise KeyError(name)

    # -- binding the skills ----------------------------------------------------------------
    def bind_skills(self) -> None:
        for team in self.teams:
            for p in team.players:
                for skill in p.skills:
                    self.bind_skill(p, skill)

    def bind_skill(self, p: Player, skill: str) -> list[HookInstance]:
        rules = self.ruleset.skills.get(skill)
        if rules is None or skill in self.options.disabled:
            return []
        return self.bind(rules.compiled.hooks, Owner("ability", skill, rules.name, player=p))

    # -- the match (pages 7, 8 and 16) -----------------------------------------------------
    def play(self) -> Result:
        try:
            self.bind_skills()
            kickoff.pre_match(self)
            for half in (1, 2):
                self.play_half(half)
            if self.home.score == self.away.score and self.options.overtime:
                self.play_half(3)
            self.finish("final whistle")
        except MatchOver:
            pass
        except RulesError as err:
            return self.stopped_by(err)
        assert self.over is not None
        return self.over

    def play_half(self, half: int) -> None:
        """A half (page 16): re-rolls restored (not for overtime), turn markers back to the
        start; the kick-off goes to the team that did not kick the first half's; in
        overtime a coin toss decides (page 16)."""
        self.half = half
        for team in self.teams:
            team.turn_marker = 0
            if half < 3:
                team.rerolls = team.rerolls_at_start
                team.skill_rerolls.clear()  # those tied to a skill go too (page 28)
        if half == 2:
            self.kicking = self.first_kicker.opponent
        elif half == 3:
            self.kicking = kickoff.coin_toss_kicker(self)
        self.note("half-start", half=half)
        self.after("half-start", {"half": half})
        receiving = self.kicking.opponent
        try:
            while self.turns_left(self.home) or self.turns_left(self.away):
                scorer = self.play_drive(receiving)
                if scorer is not None and half == 3:
                    self.finish("sudden death")
                self.end_drive()
                if scorer is None:
                    break
                self.kicking, receiving = scorer, scorer.opponent
        except HalfOver:
            self.end_drive()
        self.end_scope("half")

    def turns_left(self, team: Team) -> bool:
        return team.turn_marker < TURNS_PER_HALF

    def play_drive(self, receiving: Team) -> Team | None:
        """One drive (page 8): set-up and kick-off, then team turns, the receiving team
        first, until a touchdown or the end of the half. Returns the team that scored."""
        self.drive_serial += 1
        kickoff.kick_off(self, self.kicking, receiving)
        team = receiving
        try:
            for _ in range(4 * TURNS_PER_HALF):
                if not (self.turns_left(self.home) or self.turns_left(self.away)):
                    return None
                if self.turns_left(team):
                    turn.team_turn(self, team)
                team = team.opponent
        except DriveOver as scored:
            return scored.args[0]
        return None

    def end_drive(self) -> None:
        """The end of a drive (page 16): the ball is dead (a player sent off at the end
        of the drive drops nothing); the drive's rules run (a weapon is banned, page 29),
        then the players leave the pitch; Stunned players recover; KO'd players roll to
        come back before the next kick-off; a rooted player is rooted no more (page 30)."""
        self.ball, self.holder, self.other_ball = None, None, None
        self.after("drive-end", {})
        self.end_turn_pairs()  # before the drive's own: they began inside it
        self.end_scope("drive")
        for team in self.teams:
            for p in team.players:
                if p.where == ON_PITCH:
                    self.take_off(p, RESERVES)
                p.no_tackle_zones = False
                p.rooted_until_down = False

    def score(self, team: Team, in_their_turn: bool = True) -> None:
        """A touchdown (page 16); scored in the opponent's turn, the team's turn marker
        moves one space on. A rule may stop it (`before touchdown`, a card of page 44), or
        hold it back for now (`touchdowns_held`, a card of page 48)."""
        if team is self.touchdowns_held:
            if in_their_turn:  # a touchdown ends the team turn (page 8), unscored for now
                raise Turnover("touchdown held")
            return
        scorer = self.holder
        firing = self.before("touchdown", {"team": team, "player": scorer})
        if firing is not None and firing.cancelled:
            self.note("touchdown-cancelled", team=team, player=scorer)
            return
        team.score += 1
        self.touchdowns[team.side] += 1
        if not in_their_turn:
            team.turn_marker += 1
        self.note("touchdown", team=team, player=self.holder, home=self.home.score,
                  away=self.away.score)
        if self.holder is not None:
            self.award(self.holder, "touchdown")
        self.after("touchdown", {"team": team, "player": self.holder})
        raise DriveOver(team)

    def finish(self, reason: str) -> None:
        winner = None if self.home.score == self.away.score else (
            "home" if self.home.score > self.away.score else "away")
        self.over = self.result(winner, reason)
        self.note("match-over", home=self.home.score, away=self.away.score, reason=reason)
        raise MatchOver(reason)

    def result(self, winner: str | None, reason: str, error: dict | None = None) -> Result:
        return Result(winner, {"home": self.home.score, "away": self.away.score}, reason,
                      {"home": self.home.turn_marker, "away": self.away.turn_marker},
                      dict(self.casualties), self.decision_count, error,
                      dict(self.touchdowns))

    def stopped_by(self, err: RulesError) -> Result:
        self.over = self.result(None, "rules error", err.diagnostic().to_json())
        return self.over

    def award(self, p: Player, achievement: str, cause: str | None = None) -> None:
        """Star Player Points (PBBL page 32: a completion 1, a casualty caused by a block 2,
        other casualties 0, an interception 2, a touchdown 3); rules may change them (BB2020
        Prayers to Nuffle)."""
        base = {"completion": 1, "casualty": 2 if cause == "block" else 0,
                "interception": 2, "touchdown": 3}[achievement]
        points = self.modify("star-player-points", base, {
            "player": p, "team": p.team, "achievement": achievement, "cause": cause})
        self.spp[p.id] = self.spp.get(p.id, 0) + int(points or 0)



class MatchOver(Exception):  # noqa: N818
    """The match ends (the final whistle, or the first score in overtime)."""


def label(value: Any) -> str:
    if isinstance(value, Square):
        return value.label()
    return str(value)
