"""What the content's rules did in a game, counted per item: so an author who simulates a
new team sees whether its abilities ever mattered (`nuffle simulate`).

A game keeps one ``RuleTally`` (``HookFiring`` fills it as hooks run and `may`s are
answered; it costs a dictionary update per hook body). ``RuleTotals`` adds the tallies of
many games; both are plain data, so tallies come back from worker processes and totals
merge in any order to the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Key = tuple[str, str]  # (kind, item id), as Owner holds them

# the kinds of content a team brings to a game: listed even when their rules never fired
TEAM_KINDS = frozenset({"ability", "coach-trait"})


def rule_ref(key: Key) -> str:
    """``kind/id``: how a log and a report name an item."""
    return f"{key[0]}/{key[1]}"


@dataclass(slots=True)
class RuleTally:
    """One game: how often each item's hooks ran their body (``fired``), how often its
    `may`s were put to a coach and accepted, and the items of the teams (``present``)."""

    fired: dict[Key, int] = field(default_factory=dict)
    offered: dict[Key, int] = field(default_factory=dict)
    accepted: dict[Key, int] = field(default_factory=dict)
    names: dict[Key, str] = field(default_factory=dict)  # English, as the owner gives it
    present: set[Key] = field(default_factory=set)

    def bound(self, kind: str, item: str, name: str) -> None:
        """An item's rules came into the game (a player's ability, a card in hand...)."""
        key = (kind, item)
        self.names.setdefault(key, name)
        if kind in TEAM_KINDS:
            self.present.add(key)

    def may(self, kind: str, item: str, name: str, accepted: bool) -> None:
        key = (kind, item)
        self.names.setdefault(key, name)
        self.offered[key] = self.offered.get(key, 0) + 1
        if accepted:
            self.accepted[key] = self.accepted.get(key, 0) + 1


@dataclass(slots=True)
class ItemTotal:
    fired: int = 0  # hook bodies run, in every game
    games_fired: int = 0  # games in which they ran at least once
    offered: int = 0
    accepted: int = 0


@dataclass(slots=True)
class RuleTotals:
    """Many games' tallies added up (``add`` one game, ``merge`` another total)."""

    games: int = 0
    items: dict[Key, ItemTotal] = field(default_factory=dict)
    names: dict[Key, str] = field(default_factory=dict)

    def _item(self, key: Key) -> ItemTotal:
        found = self.items.get(key)
        if found is None:
            found = self.items[key] = ItemTotal()
        return found

    def add(self, tally: RuleTally) -> None:
        self.games += 1
        for key in tally.present:
            self._item(key)
        for key, n in tally.fired.items():
            item = self._item(key)
            item.fired += n
            item.games_fired += 1
        for key, n in tally.offered.items():
            item = self._item(key)
            item.offered += n
            item.accepted += tally.accepted.get(key, 0)
        for key, name in tally.names.items():
            if key in self.items:
                self.names.setdefault(key, name)

    def merge(self, other: RuleTotals) -> None:
        self.games += other.games
        for key, more in other.items.items():
            total = self._item(key)
            total.fired += more.fired
            total.games_fired += more.games_fired
            total.offered += more.offered
            total.accepted += more.accepted
        for key, name in other.names.items():
            self.names.setdefault(key, name)

    def rows(self) -> list[dict]:
        """One row per item, the teams' items first (by kind, then name), then the rest."""
        def order(key: Key) -> tuple:
            return (key[0] not in TEAM_KINDS, key[0], self.names.get(key, key[1]).lower(),
                    key[1])
        out = []
        for key in sorted(self.items, key=order):
            item = self.items[key]
            out.append({"item": key[1], "kind": key[0], "name": self.names.get(key, key[1]),
                        "games_fired": item.games_fired,
                        "fired_per_game": round(item.fired / self.games, 3) if self.games else 0.0,
                        "fired": item.fired, "may_offered": item.offered,
                        "may_accepted": item.accepted})
        return out
