"""What every game object is, whatever its rules: dice, coaches' agents and hooks, the step
budget, decisions asked of the coaches, and the history rules read (`happened`, `count`).

Both rulesets' game objects (Blitz Bowl's Game, Blood Bowl's Match) derive from it; each
adds its state, its own scopes (scope_token) and its invariants (check_invariants).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr
from nuffle.interpreter.budget import Budget
from nuffle.interpreter.decisions import Agent, Decision
from nuffle.interpreter.dice import Dice
from nuffle.interpreter.errors import Origin
from nuffle.interpreter.firing import HookFiring
from nuffle.interpreter.hooks import Env, HookRegistry
from nuffle.interpreter.rule_counts import RuleTally
from nuffle.interpreter.vocabulary import vocabulary


@mypyc_attr(allow_interpreted_subclasses=True)  # each ruleset's game derives
class GameCore(HookFiring):
    options: Any  # the game's options; `debug` checks the invariants after every event

    def start_core(self, game: str, seed: int | None, agents: dict[str, Agent],
                   dice: Dice | None) -> None:
        self.vocab = vocabulary(game)
        self.seed = seed
        self.dice = dice or Dice(seed)
        self.agents = agents
        self.hooks = HookRegistry()
        self.depth = 0
        self.budget = Budget()
        self.origin: Origin | None = None  # the effect being made (for errors it raises)
        self.running: Origin | None = None  # the hook whose body is running
        self.rule: Env | None = None  # that hook's Env: whose rule is running
        self.tally = RuleTally()  # what each item's rules did (nuffle simulate reports it)
        self.changed_by = []  # whose rules changed the values of the roll under way
        self.listeners: list[Callable[[str, Any], None]] = []  # the log, the narrative
        self.decision_count = 0
        self.decided = 0  # the index of the option the last decision took
        self.action_history: list[tuple[str, dict]] = []
        self.turn_history: list[tuple[str, dict]] = []
        self.game_history: list[tuple[str, dict]] = []
        self.scope_undos: dict[tuple[str, int], list[Callable[[], None]]] = {}
        self.denied = set()  # (player, item id): see HookFiring.denied

    # -- lookups (both games have a home and an away team of players with ids) -------------
    home: Any
    away: Any
    teams: list[Any]

    def player(self, pid: str) -> Any:
        for team in self.teams:
            for p in team.players:
                if p.id == pid:
                    return p
        raise KeyError(f"no player `{pid}` (players are named like home.blitzer, away.lineman-2)")

    def side(self, side: str) -> Any:
        return self.home if side == "home" else self.away

    # -- decisions (principle 6) -----------------------------------------------------------
    def decide(self, team: Any, kind: str, options: list, labels: Callable | list[str],
               prompt: str = "", **context: Any) -> Any:
        """Ask ``team``'s coach; a question with one option is settled without asking (the
        listeners still see what it offered)."""
        if len(options) == 1:
            self.decided = 0
            if self.listeners:
                settled = Decision(kind, team.side, options, labels, prompt, context)
                for listener in self.listeners:
                    listener("settled", settled)
            return options[0]
        decision = Decision(kind, team.side, options, labels, prompt, context)
        index = self.decided = self.agents[team.side].decide(decision, self)
        self.decision_count += 1
        for listener in self.listeners:
            listener("decision", (decision, index))
        return options[index]

    # -- history and scopes ----------------------------------------------------------------
    def record(self, event: str, payload: dict) -> None:
        entry = (event, payload)
        self.action_history.append(entry)
        self.turn_history.append(entry)
        self.game_history.append(entry)
        for listener in self.listeners:
            listener("event", entry)
        if self.options.debug:
            self.check_invariants(f"after {event}")

    def check_invariants(self, where: str) -> None:
        raise NotImplementedError

    def history(self, scope: str) -> list[tuple[str, dict]]:
        if scope == "turn":
            return self.turn_history
        if scope == "action":
            return self.action_history
        return self.game_history

    def on_scope_end(self, scope: str, undo: Callable[[], None]) -> None:
        """Undo a change (a rule's `for this SCOPE`) when the current SCOPE ends."""
        self.scope_undos.setdefault((scope, self.scope_token(scope)), []).append(undo)
