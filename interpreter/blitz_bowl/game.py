"""A game of Blitz Bowl Season 2: set-up, rounds, turns, winning.

Rules: 000_ff9920886d8c191d.txt, Setting up (page 4), How to play (page 6), Challenge
cards and Winning the game (page 11), Extra Time rules (page 12).

The shape is the Blood Bowl match's (nuffle.interpreter.blood_bowl.match): the game object
holds the state and the services every procedure needs (dice, decisions, hooks, the
narrative, history and scopes), its scoring and its sequence; the procedures of the
actions, blocks, balls and Challenge cards are plain functions in the modules beside this
one (actions, combat, balls, challenges, effects), each taking the game as its first
argument (`combat.block(g, blocker, target)`), so each can be read, and tested, on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nuffle.interpreter.blitz_bowl import actions, balls, challenges, effects
from nuffle.interpreter.blitz_bowl import squares as square_words
from nuffle.interpreter.blitz_bowl.attributes import attribute_table
from nuffle.interpreter.blitz_bowl.board import Board
from nuffle.interpreter.blitz_bowl.challenges import ACTIVE_SPACES, ClaimRule
from nuffle.interpreter.blitz_bowl.messages import Named, Note, Term
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.blitz_bowl.search import Masks
from nuffle.interpreter.blitz_bowl.state import Ball, Card, Player, Team
from nuffle.interpreter.decisions import Agent
from nuffle.interpreter.dice import Dice
from nuffle.interpreter.errors import Origin, RulesError
from nuffle.interpreter.game_core import GameCore
from nuffle.interpreter.hooks import Env, HookInstance, Owner
from nuffle.interpreter.vocabulary.model import bounds_text, is_number, outside

MAX_CHOICES_PER_TURN = 40  # actions chosen in one turn, made or not (principle 4)
ROUND_CAP = 60  # a game that has not ended by then is stopped as a draw (ruling game-length-cap)


class GameOver(Exception):  # noqa: N818 - a control-flow signal
    """The game ends at once (Sudden Death, or the last turn played)."""


@dataclass
class Options:
    pitch: str | None = None
    special_balls: bool = False  # Extra Time: the special ball deck
    endgame: bool = False  # Extra Time: the Endgame cards
    knockout: bool = False  # a knockout match: a draw goes on (league rules, "Drawing a match")
    home_traits: list[str] = field(default_factory=list)
    away_traits: list[str] = field(default_factory=list)
    disabled: frozenset[str] = frozenset()  # content ids whose rules are switched off
    debug: bool = False  # check the invariants after every step


@dataclass
class Result:
    winner: str | None  # "home" | "away" | None for a draw
    score: dict[str, int]
    reason: str
    rounds: int
    touchdowns: dict[str, int]
    cards_claimed: dict[str, int]
    injuries_caused: dict[str, int]
    decisions: int
    # a rule that ran past a limit of the engine ends the game with its diagnostic (as JSON:
    # code, message, path, line…); the reason is then "rules error"
    error: dict | None = None


# The order in which rules of different kinds react to the same moment (ruling
# simultaneous-rules-order; the rulebook, 000_ff9920886d8c191d.txt, settles no order, but for
# a roll-off between two coaches using the same trait, Coach Traits table). Within a kind,
# the order they came into the game (HookRegistry.add).
KIND_RANK = {"ball": 0, "ability": 1, "coach-trait": 2, "bonus-play": 3}


class Game(GameCore):
    kind_rank = KIND_RANK
    game_id = "blitz-bowl"

    def __init__(self, ruleset: Ruleset, home: str, away: str, agents: dict[str, Agent],
                 seed: int | None = 0, options: Options | None = None,
                 dice: Dice | None = None) -> None:
        self.ruleset = ruleset
        self.options = options or Options()
        self.start_core(self.game_id, seed, agents, dice)
        # squares are integers here: their attributes need this game's pitch
        self.attributes = {**attribute_table(self.vocab), int: square_words.attributes(self)}
        self.home = self._make_team("home", home)
        self.away = self._make_team("away", away)
        self.home.opponent, self.away.opponent = self.away, self.home
        self.teams = [self.home, self.away]
        for team, traits in ((self.home, self.options.home_traits),
                             (self.away, self.options.away_traits)):
            team.traits = list(traits)
        self.board: Board | None = None  # chosen at set-up
        self.occupant: list[Player | None] = []
        # bumped whenever a player's square or Prone status changes: what the move search
        # reads of the board is kept until then (nuffle.interpreter.blitz_bowl.search)
        self.board_version = 0
        self.masks: Masks | None = None
        # (player, version, square): only that player has stepped since the masks were
        # built, from that square, the last step making this version (search.stepped)
        self.stepped: tuple[Player, int, int] | None = None
        self.loose: dict[int, Ball] = {}
        self.balls: list[Ball] = []
        self.ball_hooks: dict[str, list[HookInstance]] = {}
        self.ball_deck: list[str] = []
        self.round = 0
        self.turn_index = 0
        self.action_serial = 0
        self.active: Team = self.home
        self.first: Team = self.home
        self.actions_left = 0
        self.actions_made = 0
        self.frames: list[Any] = []
        self.ledger: list[tuple[str, int, Any]] = []  # side, points, why (a Term or Named)
        self.final_turns: int | None = None
        self.overtime = False
        self.over: Result | None = None
        self.forced_bounce: int | None = None
        self.in_flight = 0  # a ball is moving: the invariants wait until it lands
        self.touchdowns = {"home": 0, "away": 0}
        self.claims = {"home": 0, "away": 0}
        self.injuries_caused = {"home": 0, "away": 0}
        self.free_offers_sink: list | None = None  # while the rules offer free actions
        # Challenge cards (page 11) and the Endgame (page 12)
        self.deck: list[Card] = []
        self.active_cards: list[Card | None] = [None] * ACTIVE_SPACES
        self.discard: list[Card] = []
        self.unused_endgame: list[Card] = []
        self.temporary: dict[str, list[Card]] = {"home": [], "away": []}
        self.card_hooks: dict[int, list[HookInstance]] = {}
        # per card and coach (uid, side): what the card's claim condition sees (challenges)
        self.claim_envs: dict[tuple[int, str], Env] = {}
        # per card id: its claim condition and the events it needs (challenges.claim_rule)
        self.claim_rules: dict[str, ClaimRule] = {}
        self.endgame_active = False
        self.claims_this_turn = 0
        self.bonus_played: dict[str, set[str]] = {"home": set(), "away": set()}
        self.possession_at_start: dict[str, str] = {}
        self.claim_from = 0  # the turn's events before this were seen by a Claim step
        self.gowi = False
        self.card_serial = 0  # the uid of the last Challenge card made
        self.feasible = effects.feasibility_checks(self)
        self.effects = effects.effect_table(self)
        self.queries = {**effects.query_table(self), **square_words.queries(self)}

    # -- teams -------------------------------------------------------------------------------
    def _make_team(self, side: str, team_id: str) -> Team:
        data = self.ruleset.teams.get(team_id)
        if data is None:
            raise KeyError(f"no team `{team_id}`")
        team = Team(side, team_id, data["name"])
        for pos in data["positions"]:
            count = pos["count"]
            for i in range(1, count + 1):
                pid = f"{side}.{pos['id']}" if count == 1 else f"{side}.{pos['id']}-{i}"
                team.players.append(Player(self, team, pid, pos["name"], pos["id"], pos["move"],
                                           pos["throw"], pos["armour"], list(pos["abilities"])))
        for name, decl in self.vocab.parameters.items():
            assert isinstance(decl.default, int)  # Blitz Bowl's parameters are numbers
            team.params[name] = decl.default
        return team

    # -- decisions (principle 6) -------------------------------------------------------------
    def deciding_team(self, env: Env) -> Team:
        """Whose coach answers a rule's `may` or `choose`: the item's coach; for a ball card,
        the coach of the player the rule is about, else the coach whose turn it is."""
        own = env.owner.own()
        if own is not None:
            return own
        for name in ("target", "player"):
            value = env.vars.get(name)
            if isinstance(value, Player):
                return value.team
        ball = env.owner.ball
        if ball is not None and ball.holder is not None:
            return ball.holder.team
        return self.active

    def ask_may(self, env: Env, about: Any = None) -> bool:
        """A rule's `may`, asked of its coach (``about``, what the may is about, is not
        needed here: a Blitz Bowl rule's coach is its item's)."""
        team = self.deciding_team(env)
        return self.decide(team, "may", [True, False], ["yes", "no"],
                           f"use {env.owner.name}?", item=env.owner.item)

    def choose_for_rule(self, env: Env, options: list) -> Any:
        team = self.deciding_team(env)
        return self.decide(team, "choose", options, self.label,
                           f"{env.owner.name}: choose", item=env.owner.item)

    def label(self, value: Any) -> str:
        return str(value)

    def square_label(self, sq: int | None) -> str:
        if sq is None:
            return "stop"
        assert self.board is not None  # a square: the pitch is set up
        return f"to {self.board.label(sq)}"

    def offer_bonus_play(self, inst: HookInstance) -> bool:
        card, team = inst.owner.card, inst.owner.team
        if card not in team.hand or inst.owner.item in self.bonus_played[team.side]:
            return False
        if not self.decide(team, "play", [True, False], ["yes", "no"],
                           f"play {inst.owner.name}?", item=inst.owner.item):
            return False
        team.hand.remove(card)
        challenges.unbind_card(self, card)
        self.discard.append(card)
        self.bonus_played[team.side].add(inst.owner.item)
        self.after("bonus-play", {"team": team, "card": card, "play": inst.owner.item})
        return True

    # -- history and scopes ------------------------------------------------------------------
    def check_invariants(self, where: str) -> None:
        from nuffle.interpreter.blitz_bowl.invariants import check_invariants
        check_invariants(self, where)

    def note(self, key: str, **fields: Any) -> None:
        """A line for the play-by-play (see messages.py): an id and fields, in no language."""
        if self.listeners:
            note = Note(key, fields)
            for listener in self.listeners:
                listener("note", note)

    def scope_token(self, scope: str) -> int:
        if scope == "turn":
            return self.turn_index
        if scope == "action":
            return self.frames[-1].serial if self.frames else -1
        return 0

    def end_scope(self, scope: str, token: int) -> None:
        """Hooks and changes that last `for this SCOPE` end here (every action's end: with
        none kept, no key is made to look for them)."""
        if self.hooks.expiring:
            self.hooks.expire(scope, token)
        if self.scope_undos:
            undos: list[Callable[[], None]] = self.scope_undos.pop((scope, token), [])
            for undo in reversed(undos):  # (a typed local: mypyc cannot loop over an Any)
                undo()

    def constant(self, name: str, env: Env) -> Any:
        if name == "last-turn":
            return self.final_turns is not None and not self.overtime
        if name == "teams":
            return list(self.teams)
        if name == "balls-in-play":
            return [b for b in self.balls if b.in_play]
        raise KeyError(name)

    # -- scoring and the end (page 11) -------------------------------------------------------
    def score(self, team: Team, points: int, why: Term | Named) -> None:
        if points == 0:
            return
        team.score += points
        self.ledger.append((team.side, points, why))
        self.note("score", team=team, points=points, why=why, home=self.home.score,
                  away=self.away.score)
        self.check_sudden_death()

    def check_sudden_death(self) -> None:
        """A lead of 10 (the loser's `sudden-death-margin`) ends the game at once (page 11),
        except in the Endgame (page 12). In a drawn knockout match's extra play too: play
        carries on "as if the match had not ended" (League rules, Drawing a match), and the
        Endgame ended with the match (ruling knockout-extra-play-sudden-death)."""
        if self.endgame_active:
            return
        for team in self.teams:
            other = team.opponent
            if team.score - other.score >= int(other.params["sudden-death-margin"]):
                self.finish(team.side, "sudden death")

    def finish(self, winner: str | None, reason: str) -> None:
        self.over = self.result(winner, reason)
        raise GameOver(reason)

    def result(self, winner: str | None, reason: str, error: dict | None = None) -> Result:
        return Result(winner, {"home": self.home.score, "away": self.away.score}, reason,
                      self.round, dict(self.touchdowns), dict(self.claims),
                      dict(self.injuries_caused), self.decision_count, error)

    def stopped_by(self, err: RulesError) -> Result:
        """The game ends where content broke a limit: no winner, the error recorded."""
        if err.origin is not None:
            origin = err.origin
            self.note("rules-stopped", item=Named(origin.kind, origin.item,
                                                  self.ruleset.names.get(origin.item, origin.item)))
        self.over = self.result(None, "rules error", err.diagnostic().to_json())
        return self.over

    def set_parameter(self, team: Team, name: str, value: Any, origin: Origin | None) -> None:
        """A game parameter's new value, within its declared range (G004 otherwise)."""
        decl = self.vocab.parameters[name]
        if not is_number(value) or outside(value, decl.bounds):
            raise RulesError("G004", f"`{name}` would be {value!r}; its range is "
                             f"{bounds_text(decl.bounds or (None, None))}", origin)
        team.params[name] = value

    # -- set-up (page 4) --------------------------------------------------------------------
    def setup(self, deal: bool = True) -> None:
        """The seven set-up steps; ``deal=False`` leaves the Challenge deck to the caller."""
        self.bind_items()
        toss = self.dice.roll(2, "coin toss")
        self.first = self.home if toss == 1 else self.away
        self.note("toss-won", team=self.first)
        pitches = sorted(self.ruleset.pitches)
        if self.options.pitch is not None:
            pitch = self.options.pitch
        else:
            pitch = self.decide(self.first, "pitch", pitches, pitches, "choose the pitch")
        self.board = self.ruleset.pitches[pitch]
        self.occupant = [None] * (self.board.width * self.board.height)
        self.board_version += 1
        second = self.first.opponent
        self.first.end_zone, second.end_zone = self.board.end_zones["A"], self.board.end_zones["B"]
        self.first.scoring_zone, second.scoring_zone = second.end_zone, self.first.end_zone
        if deal:
            challenges.deal_challenge_deck(self)
        if self.options.special_balls:
            balls.build_ball_deck(self)
        for team in (self.first, second):
            self.set_up_team(team)
        balls.place_first_ball(self)
        self.after("game-start", {})

    def bind_items(self) -> None:
        """Abilities, coach traits and their game parameters (set once per game)."""
        disabled = self.options.disabled
        for team in self.teams:
            for p in team.players:
                for ability in p.abilities:
                    rules = self.ruleset.abilities.get(ability)
                    if rules is None or ability in disabled:
                        continue
                    self.bind(rules.compiled.hooks, Owner("ability", ability, rules.name,
                                                          player=p))
            for trait in team.traits:
                rules = self.ruleset.traits[trait]
                if trait in disabled:
                    continue
                owner = Owner("coach-trait", trait, rules.name, team=team)
                self.bind(rules.compiled.hooks, owner)
                env = Env(self, owner, {"own": team, "opponent": team.opponent})
                for setting in rules.compiled.settings:
                    value = setting.value(env)
                    if value is None:  # nothing: the setting is not made
                        continue
                    current = team.params[setting.parameter]
                    self.set_parameter(team, setting.parameter, value if setting.op == "set"
                                       else current + value, setting.origin)
            team.score = int(team.params["starting-score"])
            if team.score:
                self.ledger.append((team.side, team.score, "starting score"))

    def set_up_team(self, team: Team) -> None:
        """Set-up step 5 (page 4): the coach places every player of the team in its end zone,
        one per square: six for the box teams, as many as the player cards show for the
        others (page 12, Extra Teams; eight Goblins, seven Undead). `nuffle check` keeps a
        team within the 11 squares of an end zone (R405); a player left with no square would
        stay in the Dugout."""
        # these events are not recorded: with no hook on them, no payload is made
        if self.hooks.on_after.get("setup"):
            self.after("setup", {"team": team}, record=False)
        # the end zone's free squares, worked out once while no rule changes the zone: only
        # the square each player takes is gone from them for the next
        free: list[int] | None = None
        for p in team.players:
            if self.hooks.on_modify.get("setup-zone"):
                squares = self.setup_squares(
                    team, self.modify("setup-zone", "end-zone", {"team": team}))
                free = None
            else:
                if free is None:
                    free = self.setup_squares(team, "end-zone")
                squares = free
            if not squares:
                continue  # stays in the Dugout
            sq = self.decide(team, "setup", squares, self.square_label, f"set up {p.id}",
                             player=p.id)
            actions.place_player(self, p, sq)
            if free is not None:  # (a new list: the decision keeps the one it offered)
                free = [s for s in free if s != sq]

    def setup_squares(self, team: Team, zone: str) -> list[int]:
        assert self.board is not None
        squares = set(team.end_zone)
        if zone == "end-zone-and-adjacent":
            for sq in team.end_zone:
                squares.update(self.board.neighbours[sq])
        return sorted(s for s in squares if self.occupant[s] is None
                      and s not in self.board.blocked and s not in self.loose)

    # -- the game loop (page 6) -------------------------------------------------------------
    def play(self) -> Result:
        try:
            self.setup()
            self.round = 1
            self.turns_from(self.first, fresh=True)
        except GameOver:
            pass
        except RulesError as err:
            return self.stopped_by(err)
        assert self.over is not None
        return self.over

    def turns_from(self, team: Team, fresh: bool) -> None:
        """Play on from ``team``'s turn (``fresh``: from its start; otherwise its actions
        phase, the turn already set up) until the game ends."""
        if fresh:
            self.take_turn(team)
        else:
            self.action_phase(team)
            self.end_turn(team)
        if team is self.first:
            self.take_turn(team.opponent)
        self.end_of_round()
        while True:
            self.round += 1
            for t in (self.first, self.first.opponent):
                self.take_turn(t)
            self.end_of_round()

    def end_of_round(self) -> None:
        """In a drawn knockout match's extra play, a coach with more points at the end of a
        round wins (League rules, Drawing a match). Any game is stopped at ROUND_CAP (ruling
        game-length-cap)."""
        if self.overtime and self.home.score != self.away.score:
            self.finish(self.leader(), "knockout overtime")
        if self.round >= ROUND_CAP:
            self.finish(self.leader(), "round cap")

    def leader(self) -> str | None:
        if self.home.score == self.away.score:
            return None
        return "home" if self.home.score > self.away.score else "away"

    def take_turn(self, team: Team) -> None:
        self.start_turn(team)
        self.action_phase(team)
        self.end_turn(team)

    def action_phase(self, team: Team) -> None:
        # the coach chooses one of the turn's actions or a free action a rule offers (page 8),
        # also once the turn's actions are used up, until they end the turn or nothing is left
        guard = 0
        while guard < MAX_CHOICES_PER_TURN:
            guard += 1
            if self.actions_left <= 0 and not self.hooks.get("action-choice", "before"):
                break  # no action left and no rule that could offer a free one: nothing to ask
            choice = actions.choose_action(self, team)
            if choice is None:
                break
            actions.make_chosen_action(self, choice)

    def reset_turn(self, team: Team) -> None:
        """The bookkeeping of a new turn, without its steps."""
        self.turn_index += 1
        self.budget.new_turn()
        self.active = team
        self.turn_history = []
        self.action_history = []
        self.actions_made = 0
        self.actions_left = int(team.params["actions-per-turn"])
        self.claims_this_turn = 0
        self.claim_from = 0
        played = self.bonus_played
        if played["home"] or played["away"]:  # (most turns play no Bonus Play)
            self.bonus_played = {"home": set(), "away": set()}
        # every player's, both teams': "cannot make any more actions this turn" (page 9, Miss
        # and Tackle) ends with the turn it happened in, whoever's turn that was (ruling
        # actions-ended-this-turn). A list still empty is kept: most players make no action
        # in a turn, and a new empty list for each of them each turn was most of a turn's
        # bookkeeping
        for players in (team.players, team.opponent.players):
            for p in players:
                if p.actions_this_turn:
                    p.actions_this_turn = []
                if p.actions_cancelled:
                    p.actions_cancelled = []
                if p.free_cancelled:
                    p.free_cancelled = []
                p.actions_ended = False
        at_start: dict[str, str] = {}
        for b in self.balls:
            if b.in_play and b.holder is not None:
                at_start[b.id] = b.holder.team.side
        self.possession_at_start = at_start

    def start_turn(self, team: Team) -> None:
        """The start of a turn (page 6): No Ball in Play, then Emergency Reserves."""
        self.reset_turn(team)
        # Get On With It! (page 11) needs the team to start the turn "in possession of every
        # ball on the pitch": possession when the turn begins, before No Ball in Play, the
        # moment the `had-at-turn-start` of a gain of possession looks at too (reset_turn's
        # possession_at_start; ruling possession-at-turn-start). A ball that comes out of a
        # trapdoor in this turn was not possessed at its start.
        at_start, side = self.possession_at_start, team.side
        any_on_pitch, all_held = False, True
        for b in self.balls:  # (plain loops: these run at every turn)
            if b.in_play:
                any_on_pitch = True
                all_held = all_held and at_start.get(b.id) == side
        self.gowi = any_on_pitch and all_held
        self.note("turn-start", round=self.round, team=team)
        self.after("turn-start", {"team": team})
        for b in self.balls:
            if b.in_play:
                break
        else:
            balls.new_ball(self, team)  # No Ball in Play (page 10)
        # The Emergency Reserves step, after No Ball in Play (page 6): what is played
        # "before Emergency Reserves" comes here, so a player the trapdoor injured is already
        # in the Dugout (ruling healing-spell-after-trapdoor).
        if self.hooks.on_before.get("emergency-reserves"):  # (not recorded: as setup's)
            self.before("emergency-reserves", {"team": team})
        on_pitch = 0
        for p in team.players:
            if p.square is not None:
                on_pitch += 1
        # Emergency Reserves (page 9): fewer than three on the pitch, someone in the Dugout
        if on_pitch < 3 and on_pitch < len(team.players):
            actions.emergency_reserves(self, team)

    def end_turn(self, team: Team) -> None:
        """The end of a turn, in the order of ruling end-of-turn-order: the Refresh (the
        turn's last step, pages 6 and 11; none in round 1), the hand limit (page 11), the
        discard of a temporary card not claimed, then Get On With It! (page 11)."""
        # looked at only when the turn started in possession of every ball (``gowi``): most
        # turns do not, and the turn's history was scanned at every turn's end for nothing
        gowi = self.gowi and self.still_in_possession(team) and not self.claimed_this_turn(team)
        counting = self.final_turns is not None  # set before this turn's Refresh
        if self.round > 1:
            challenges.refresh(self, team)
        challenges.enforce_hand_size(self, team)
        challenges.discard_temporary_cards(self, team)
        if gowi:  # Get On With It! (page 11)
            self.note("get-on-with-it")
            balls.new_ball(self, team)
        self.after("turn-end", {"team": team})
        self.end_scope("turn", self.turn_index)
        if counting and not self.overtime:
            assert self.final_turns is not None  # None again only in overtime
            self.final_turns -= 1
            if self.final_turns <= 0:
                self.end_after_last_card()

    def still_in_possession(self, team: Team) -> bool:
        """Whether ``team`` holds every ball on the pitch (and there is one)."""
        on_pitch = [b for b in self.balls if b.in_play]
        return bool(on_pitch) and all(b.holder is not None and b.holder.team is team
                                      for b in on_pitch)

    def claimed_this_turn(self, team: Team) -> bool:
        """"have not claimed any challenge cards" (page 11): any card this team claimed this
        turn, an active one or one drawn for this turn only (claims_this_turn counts the
        active cards, for Clean Sweep)."""
        return any(event == "card-claimed" and payload.get("team") is team
                   for event, payload in self.turn_history)

    def end_after_last_card(self) -> None:
        """The game ends after the last card's one more turn each, the higher score winning
        (page 11; ruling last-card-one-more-turn); a drawn knockout match goes on instead
        (League rules, Drawing a match; the third-place match too, ruling
        knockout-third-place-draw)."""
        winner = self.leader()
        if winner is None and self.options.knockout:
            challenges.start_overtime(self)
            return
        self.finish(winner, "last card")
