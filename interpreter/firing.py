"""Firing events through the hook registry, within the engine's limits (principles 3-4).

``before``/``after``/``instead``/``modify`` are the four ways the core procedures open a
window to content. Each occurrence is also recorded for `happened(...)`/`count(...)`
queries, the narrative and the invariants.

When several rules react to one moment they apply one after another in a fixed order, the
same in every game and replay: by kind (the ruleset's ``kind_rank``; Blitz Bowl's is ruling
simultaneous-rules-order), then in the order they came into the game; each sees what the
ones before it did (a `modify` the value they left, a `before action` the action they
switched to), and a rule that cancels the event or replaces it stops the ones after it.

Every hook whose body runs is a step of the budget; a new event at the top (no hook
running) starts the event's count afresh. Hooks set off by hooks deeper than HOOK_DEPTH,
or a value worked out by `modify` hooks outside its declared range, stop the game with a
RulesError naming the hook.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr
from nuffle.interpreter.budget import Budget
from nuffle.interpreter.errors import Origin, RulesError
from nuffle.interpreter.hooks import (
    Bucket,
    CompiledHook,
    Env,
    Firing,
    HookInstance,
    HookRegistry,
    Owner,
    context_vars,
    guard_value,
)
from nuffle.interpreter.rule_counts import RuleTally
from nuffle.interpreter.vocabulary.model import bounds_text, is_number, outside

from nuffle import limits


@mypyc_attr(allow_interpreted_subclasses=True)  # each ruleset's game derives
class HookFiring:
    """The core's rules runtime, shared by every ruleset: the ruleset's game or match object
    derives from it and provides the few methods marked below. ``kind_rank`` is the
    ruleset's order of its kinds of content (kinds not listed come last)."""

    kind_rank: dict[str, int] = {}
    # (player, item id) pairs whose rules may not be used for now: a rule of one player's
    # can stop another player using a skill (a skill of PBBL page 30); empty in Blitz Bowl.
    # A set in every game (start_core), so the compiled engine gives it one type
    denied: set[tuple[Any, str]]
    hooks: HookRegistry
    depth: int
    budget: Budget
    vocab: Any

    def scope_token(self, scope: str) -> int:
        raise NotImplementedError

    # -- the four windows ------------------------------------------------------------------
    # Each looks its bucket up in the timing's own dict (an event with no hook costs that
    # lookup), takes the instances whose guards[0] may hold (the bucket's index by
    # guards[0], hooks.Bucket: one player's, not every player's), then finds the first whose
    # guards hold (`_first`) before building anything: when none does, the event costs no
    # Firing, no names and no copy. `_run` walks those same instances: the others' first
    # guards[0] fails, so it would pass them by.
    def before(self, event: str, payload: dict) -> Firing | None:
        bucket = self.hooks.on_before.get(event)
        if not bucket:
            return None
        run, start = _start(bucket, payload)
        firing = Firing()
        if start < 0:
            self._idle(bucket)
        else:
            self._run(run, payload, firing, start, stop_when_cancelled=True)
        return firing

    def after(self, event: str, payload: dict, record: bool = True) -> Firing | None:
        if record:
            self.record(event, payload)
        bucket = self.hooks.on_after.get(event)
        if not bucket:
            return None
        run, start = _start(bucket, payload)
        firing = Firing()
        if start < 0:
            self._idle(bucket)
        else:
            self._run(run, payload, firing, start)
        return firing

    def instead(self, event: str, payload: dict) -> bool:
        """True when a hook replaced the event."""
        bucket = self.hooks.on_instead.get(event)
        if not bucket:
            return False
        run, start = _start(bucket, payload)
        if start < 0:
            self._idle(bucket)
            return False
        firing = Firing()
        self._run(run, payload, firing, start, stop_when_replaced=True)
        return firing.replaced

    def modify(self, event: str, value: Any, payload: dict) -> Any:
        bucket = self.hooks.on_modify.get(event)
        if not bucket:
            return value
        run, start = _start(bucket, payload)
        if start < 0:
            self._idle(bucket)
            return value
        firing = Firing()
        box: dict[str, Any] = {"value": value, "by": []}
        self._run(run, payload, firing, start, value_box=box)
        result = box["value"]
        if box["by"]:  # the narrative names them on the line of the roll they changed
            self.changed_by = box["by"]
        if result is not value:
            decl = self.vocab.events[event]
            if outside(result, decl.bounds) or (
                    decl.value_type == "number" and result is not None
                    and not is_number(result)):
                raise RulesError("G004", f"`{event}` was made {result!r}; its range is "
                                 f"{bounds_text(decl.bounds)}" if decl.bounds else
                                 f"`{event}` was made {result!r}, not a number",
                                 box.get("origin"))
        return result

    def unheard(self, bucket: Bucket, field: str, value: Any) -> bool:
        """Whether firing ``bucket``'s event with ``value`` as the payload's ``field`` would
        find no instance to run: its index by guards[0] reads that field and lists none for
        that object (see ``_start``). If so, what firing it would then do (``_idle``) is
        done, and the caller may go on with the value unchanged without building a payload;
        False (nothing done) when the index is not made yet or reads another field."""
        table = bucket.table
        if table is None or bucket.field != field or id(value) in table:
            return False
        self._idle(bucket)
        return True

    # -- running hooks ---------------------------------------------------------------------
    def _idle(self, bucket: list[HookInstance]) -> None:
        """What firing a bucket none of whose hooks applies still does: the depth limit,
        and a new event at the top (the budget counts each event's steps afresh; with no
        step counted since the last, that changes nothing and is skipped)."""
        if self.depth >= limits.HOOK_DEPTH:
            self._too_deep(bucket)
        if self.depth == 0 and self.budget.event:
            self.budget.new_event()

    def _too_deep(self, bucket: list[HookInstance]) -> None:
        raise RulesError("G005", f"hooks set off hooks more than {limits.HOOK_DEPTH} deep",
                         self.running or bucket[0].hook.origin, "a hook whose effect fires "
                         "its own event again never ends: add `once per …` or a condition")

    def _run(self, bucket: list[HookInstance], payload: dict, firing: Firing, start: int = 0,
             value_box: dict | None = None, stop_when_replaced: bool = False,
             stop_when_cancelled: bool = False) -> None:
        """Run the hooks from ``start`` (those before it do not apply: `_first`) of a bucket
        or its instances for one guards[0] object (`_start`). Neither is ever changed in
        place (HookRegistry), so it is walked uncopied."""
        if self.depth >= limits.HOOK_DEPTH:
            self._too_deep(bucket)
        if self.depth == 0 and self.budget.event:  # (nothing to start afresh at 0)
            self.budget.new_event()
        self.depth += 1
        inst: HookInstance | None = None
        try:
            for index in range(start, len(bucket)):
                inst = bucket[index]
                if inst.disabled:
                    continue
                hook = inst.hook
                owner = inst.owner
                if hook.guards and not _guards_hold(hook.guards, payload, owner):
                    continue
                if hook.literals and not inst.captured and _literal_fails(hook.literals, payload):
                    continue
                if self.denied and (owner.player, owner.item) in self.denied:
                    continue
                limited = hook.once or hook.once_scope is not None
                token = self.scope_token(hook.once_scope or "game") if limited else 0
                if limited and inst.used_token == token:
                    continue
                vars_ = context_vars(owner)
                if inst.captured:
                    vars_.update(inst.captured)
                vars_.update(payload)
                if value_box is not None:
                    vars_["value"] = value_box["value"]
                env = Env(self, owner, vars_, firing)
                if hook.filter is not None and not hook.filter(env):
                    continue
                if hook.play and not self.offer_bonus_play(inst):
                    continue
                if limited:
                    if hook.has_may:
                        env.on_accept = _marker(inst, token, self, hook)
                    else:
                        self._use(inst, token, hook)
                # the steps a hook sets off are the work of the hook running it, if any
                caller, calling = self.running, self.rule
                self.budget.step(caller or hook.origin)
                self.running, self.rule = hook.origin, env
                key = (owner.kind, owner.item)
                fired = self.tally.fired
                fired[key] = fired.get(key, 0) + 1
                try:
                    result = hook.body(env)
                finally:
                    self.running, self.rule = caller, calling
                if firing.reroll and firing.by is None:
                    firing.by = owner
                if value_box is not None:
                    changed = env.vars.get("value", value_box["value"])
                    if changed is not value_box["value"]:
                        value_box["value"], value_box["origin"] = changed, hook.origin
                        if owner not in value_box["by"]:
                            value_box["by"].append(owner)
                if hook.timing == "instead of" and result:
                    firing.replaced = True
                    if stop_when_replaced:
                        return
                # the rules after this one see the event as it now stands (ruling
                # simultaneous-rules-order): not at all once cancelled, as the action it
                # was switched to
                if stop_when_cancelled and firing.cancelled:
                    return
                if firing.switch_to is not None and "action" in payload:
                    payload["action"] = firing.switch_to
        except RecursionError:  # Python's own stack ran out first: the same stop, named
            raise RulesError("G005", "the rules set each other off too deeply for the engine "
                             "to follow", self.running or (inst.hook.origin if inst else None),
                             "a hook whose effect fires its own event again never ends") from None
        finally:
            self.depth -= 1

    def _use(self, inst: HookInstance, token: int, hook: CompiledHook) -> None:
        inst.used_token = token
        if hook.once:
            self.hooks.remove(inst)

    # -- binding ---------------------------------------------------------------------------
    def bind(self, hooks: tuple[CompiledHook, ...], owner: Owner) -> list[HookInstance]:
        self.tally.bound(owner.kind, owner.item, owner.name)
        rank = self.kind_rank.get(owner.kind, len(self.kind_rank))
        return [self.hooks.add(HookInstance(h, owner, rank=rank)) for h in hooks]

    def add_temporary_hooks(self, hooks: tuple[CompiledHook, ...], env: Env, scope: str) -> None:
        """`for this SCOPE:` hooks, which see the names of the rule that made them."""
        captured = {k: v for k, v in env.vars.items() if k != "value"}
        self.tally.names.setdefault((env.owner.kind, env.owner.item), env.owner.name)
        expires = (scope, self.scope_token(scope))
        rank = self.kind_rank.get(env.owner.kind, len(self.kind_rank))  # their item's kind
        for h in hooks:
            self.hooks.add(HookInstance(h, env.owner, captured, expires, rank=rank))

    def modifiers(self) -> list[Owner]:
        """The items whose rules changed a value since the last call (in order, each once):
        a roll's note names them. Taken, so the next roll starts afresh."""
        found, self.changed_by = self.changed_by, []
        return found

    # -- a rule's `may` -------------------------------------------------------------------
    def rule_may(self, env: Env, about: Any = None) -> bool:
        """A `may` of a rule, put to its coach (the game's ``ask_may``) and counted for
        its item: offered, and accepted or not."""
        accepted = self.ask_may(env, about)
        owner = env.owner
        self.tally.may(owner.kind, owner.item, owner.name, accepted)
        return accepted

    def rule_ref(self) -> str | None:
        """``kind/id`` of the item whose hook is running (the innermost), else None: what a
        log's dice record names as the rule that rolled it."""
        env = self.rule
        return None if env is None else f"{env.owner.kind}/{env.owner.item}"

    # provided by the ruleset's game
    def ask_may(self, env: Env, about: Any = None) -> bool:
        raise NotImplementedError

    def record(self, event: str, payload: dict) -> None:
        raise NotImplementedError

    def note(self, key: str, **fields: Any) -> None:
        raise NotImplementedError

    origin: Origin | None  # the effect being made, set by the compiled rules
    running: Origin | None  # the hook whose body is running
    rule: Env | None  # that hook's names and owner: a new Env for each time a body runs
    tally: RuleTally  # what each item's rules did in this game
    changed_by: list[Owner]  # whose rules changed values since `modifiers()` was asked

    def offer_bonus_play(self, inst: HookInstance) -> bool:
        raise NotImplementedError


def _guards_hold(guards: tuple[tuple[str, str], ...], payload: dict, owner: Owner) -> bool:
    """Whether each (payload field, context name) pair names the same object (a filter's
    `player is self`): read straight from the owner, as ``guard_value`` does."""
    for field, name in guards:
        if name == "self":
            value = owner.player
        elif name == "this-ball":
            value = owner.ball
        else:
            value = guard_value(owner, name)
        if payload.get(field) is not value:
            return False
    return True


def _literal_fails(literals: tuple[tuple[str, str], ...], payload: dict) -> bool:
    """Whether a `field is CONSTANT` conjunct is false: the field in the payload with
    another value (a field the payload lacks is left to the filter)."""
    for field, word in literals:
        value = payload.get(field, _MISSING)
        if value is not _MISSING and value != word:
            return True
    return False


_MISSING = object()


def _start(bucket: Bucket, payload: dict) -> tuple[list[HookInstance], int]:
    """The instances that may apply (those whose guards[0] holds: the bucket's index by
    guards[0], hooks.Bucket) and the index of the first that does (`_first`), or -1."""
    table = bucket.table
    if table is None:
        table = bucket.make_index()
    field = bucket.field
    run = bucket if field is None else table.get(id(payload.get(field)), _NONE)
    return run, (_first(run, payload) if run else -1)


_NONE: list[HookInstance] = []


def _first(bucket: list[HookInstance], payload: dict) -> int:
    """The index of the first instance that may apply (not removed, its guards and literal
    conjuncts hold), or -1. They read only the payload and the owner, so checking them
    before any hook runs gives the same answer `_run` would."""
    for index, inst in enumerate(bucket):
        if inst.disabled:
            continue
        hook = inst.hook
        guards = hook.guards
        if guards:  # the first inline (most hooks have one, most often `player is self`)
            field, name = guards[0]
            owner = inst.owner
            value = owner.player if name == "self" else guard_value(owner, name)
            if payload.get(field) is not value or (
                    len(guards) > 1 and not _guards_hold(guards, payload, owner)):
                continue
        if hook.literals and not inst.captured and _literal_fails(hook.literals, payload):
            continue
        return index
    return -1


def _marker(inst: HookInstance, token: int, game: HookFiring, hook: CompiledHook):
    def mark() -> None:
        game._use(inst, token, hook)
    return mark
