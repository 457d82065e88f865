"""Hooks: compiled handlers bound to an event, a timing and an owner (principle 3).

A ``CompiledHook`` is made once per content item (the compiler's output); a ``HookInstance``
binds it to what it belongs to in one game (the player with the ability, the ball in play,
the card in a coach's hand). The registry keeps each (event, timing)'s instances in the
order they fire: by rank (a ruleset ranks its kinds of content, see
``kind_rank`` in ``nuffle.interpreter.firing``), then in the order they were added.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr
from nuffle.interpreter.errors import Origin, RulesError

from nuffle import limits


class ActionVoided(Exception):  # noqa: N818 - a control-flow signal
    """Raised by `void-action`: the current action stops and counts as never made."""


@dataclass(slots=True)
class Firing:
    """What hooks decided about the event being fired (read back by the engine)."""

    cancelled: bool = False
    replaced: bool = False
    succeed: bool = False
    fail: bool = False
    reroll: bool = False
    reroll_spent: bool = False  # the roll is already a re-roll, or a re-roll was taken
    switch_to: str | None = None
    redirect_to: Any = None
    by: Any = None  # the Owner whose rule asked for the re-roll (the narrative names it)


@dataclass(slots=True)
class Owner:
    """What a hook belongs to in one game: whose rules these are."""

    kind: str  # ability | ball | coach-trait | challenge-card | bonus-play | table
    item: str  # content id
    name: str
    team: Any = None  # the coach the item belongs to (own)
    player: Any = None  # self, for abilities (swap-abilities can rebind it)
    ball: Any = None  # this-ball
    card: Any = None  # this-card

    def own(self) -> Any:
        return self.player.team if self.player is not None else self.team


class Env:
    """The names a running rule can see, and the game it runs in."""

    __slots__ = ("game", "owner", "vars", "firing", "on_accept")

    def __init__(self, game: Any, owner: Owner, vars: dict, firing: Firing | None = None,
                 on_accept: Callable[[], None] | None = None) -> None:
        self.game = game
        self.owner = owner
        self.vars = vars
        self.firing = firing
        self.on_accept = on_accept

    def child(self, extra: dict) -> Env:
        return Env(self.game, self.owner, {**self.vars, **extra}, self.firing, self.on_accept)


def guard_value(owner: Owner, name: str) -> Any:
    """The object a context name stands for (see ``context_vars``)."""
    if name == "self":
        return owner.player
    if name == "this-ball":
        return owner.ball
    own = owner.own()
    return own if name == "own" else own.opponent if own is not None else None


def context_vars(owner: Owner) -> dict:
    """The context names of the owner's content kind (vocabulary contexts)."""
    own = owner.own()
    out: dict = {"own": own, "opponent": own.opponent if own is not None else None}
    if owner.player is not None:
        out["self"] = owner.player
    if owner.ball is not None:
        out["this-ball"] = owner.ball
    if owner.card is not None:
        out["this-card"] = owner.card
    return out


@dataclass(frozen=True, slots=True)
class CompiledHook:
    event: str
    timing: str  # before | after | instead of | modify
    play: bool
    filter: Callable[[Env], Any] | None
    body: Callable[[Env], Any]
    once: bool
    once_scope: str | None
    has_may: bool
    optional_instead: bool  # `instead of` whose body is one `may`: declining keeps the event
    line: int
    # (payload field, context name) pairs the filter requires to be the same object, like
    # `player is self`: checked before the filter runs, so most hooks are skipped cheaply
    guards: tuple[tuple[str, str], ...] = ()
    origin: Origin | None = None  # the item and place in its file, for errors at run time
    # (payload field, constant) pairs the filter requires to be equal, like `action is
    # mark`: checked with the guards, before any name is built, when the instance captured
    # no names (a captured name could stand for the constant's word)
    literals: tuple[tuple[str, str], ...] = ()


@dataclass(eq=False, slots=True)
class HookInstance:
    hook: CompiledHook
    owner: Owner
    captured: dict = field(default_factory=dict)
    expires: tuple[str, int] | None = None  # (scope, token) after which it is removed
    used_token: int | None = None
    disabled: bool = False
    rank: int = 0  # fires after every instance of a lower rank (HookRegistry.add)


@mypyc_attr(native_class=False)  # a builtin's subclass: mypyc keeps it a Python class
class Bucket(list):
    """One (event, timing)'s instances in firing order (a list never changed in place), and
    their index by guards[0], made the first time the bucket fires.

    When every instance's guards[0] reads the same payload field (`player is self`,
    `team is own`…), ``field`` is that field and ``table`` maps the object each instance's
    guards[0] stands for (by ``id``: the owners keep those objects alive) to those instances,
    in firing order: an event then looks at the instances whose guards[0] holds only,
    not at every player's. Otherwise ``field`` is None and the whole bucket is walked."""

    __slots__ = ("field", "table")

    def __init__(self, instances: list[HookInstance]) -> None:
        super().__init__(instances)
        self.field: str | None = None  # the guarded field every instance reads first
        self.table: dict[int, list[HookInstance]] | None = None  # None: not made yet

    def make_index(self) -> dict[int, list[HookInstance]]:
        """Make the index (firing._start reads it)."""
        fields = {inst.hook.guards[0][0] if inst.hook.guards else None for inst in self}
        table: dict[int, list[HookInstance]] = {}
        self.field = fields.pop() if len(fields) == 1 else None
        if self.field is not None:
            for inst in self:
                name = inst.hook.guards[0][1]
                table.setdefault(id(guard_value(inst.owner, name)), []).append(inst)
        self.table = table
        return table


class HookRegistry:
    """Hook instances by (event, timing), in the order they fire: by rank, then in the order
    they were added (an instance goes after every instance of its rank or lower).

    How it is indexed, so that the common cases cost little:
    - each timing has its own dict from event to bucket (``timings``), so an event with no
      hook costs one dict lookup;
    - a bucket is never changed in place: adding or removing an instance puts a new list
      in its place, so firing walks the list it looked up without copying it, and an
      instance added by a rule that is firing waits for the next time, as before;
    - temporary instances (`for this SCOPE`) are also kept by the (scope, token) they last
      until (``expiring``), so the end of a scope touches only what ends with it: with
      nothing of that scope alive it is one dict lookup, however many hooks are bound.
    - each bucket indexes its instances by their guards[0] object (``Bucket``), made
      when it first fires and made again after ``owners_changed`` (a rule that gives one
      player's abilities to another);
    ``examined`` counts the instances the ends of scopes have looked at (a test reads it).
    """

    TIMINGS = ("before", "after", "instead of", "modify")

    def __init__(self) -> None:
        self.by_key: dict[tuple[str, str], Bucket] = {}
        self.timings: dict[str, dict[str, Bucket]] = {t: {} for t in self.TIMINGS}
        # the same dicts by name, for the firing code's hot paths
        self.on_before = self.timings["before"]
        self.on_after = self.timings["after"]
        self.on_instead = self.timings["instead of"]
        self.on_modify = self.timings["modify"]
        self.count = 0
        # the temporary instances by the (scope, token) they last until
        self.expiring: dict[tuple[str, int], list[HookInstance]] = {}
        self.examined = 0

    def _put(self, event: str, timing: str, bucket: Bucket) -> None:
        self.by_key[(event, timing)] = bucket
        self.timings.setdefault(timing, {})[event] = bucket

    def add(self, instance: HookInstance) -> HookInstance:
        if self.count >= limits.LIVE_HOOKS:
            raise RulesError("G003", f"more than {limits.LIVE_HOOKS:,} hooks alive at once",
                             instance.hook.origin, "hooks added `for this SCOPE` by a hook that "
                             "fires often pile up: add them once, or for a shorter scope")
        event, timing = instance.hook.event, instance.hook.timing
        bucket: list[HookInstance] = self.by_key.get((event, timing), [])
        at = len(bucket)
        while at > 0 and bucket[at - 1].rank > instance.rank:
            at -= 1
        new = Bucket(bucket)  # a new list in the old one's place (the class docstring)
        new.insert(at, instance)
        self._put(event, timing, new)
        self.count += 1
        if instance.expires is not None:
            self.expiring.setdefault(instance.expires, []).append(instance)
        return instance

    def remove(self, instance: HookInstance) -> None:
        event, timing = instance.hook.event, instance.hook.timing
        bucket = self.by_key.get((event, timing))
        if bucket and instance in bucket:
            new = Bucket(bucket)
            new.remove(instance)  # (an instance equals itself only)
            self._put(event, timing, new)
            self.count -= 1
            instance.disabled = True

    def owners_changed(self) -> None:
        """After an owner's objects changed (its ``player``): the guards[0] indexes are made
        again as the buckets next fire."""
        for bucket in self.by_key.values():
            bucket.table = None

    def expire(self, scope: str, token: int) -> None:
        """Drop the temporary hooks that last until the end of this scope (those removed
        before it are gone already)."""
        ending = self.expiring.pop((scope, token), None)
        if ending is None:
            return
        self.examined += len(ending)
        for h in ending:
            if not h.disabled:
                self.remove(h)

    def get(self, event: str, timing: str) -> list[HookInstance] | None:
        """The instances for (event, timing) in firing order; empty or None when there are
        none. The list is never changed afterwards (see the class docstring)."""
        events = self.timings.get(timing)
        return events.get(event) if events is not None else None
