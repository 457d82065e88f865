"""What a balance sweep plays and what it reports: its pairings (every team against every
other, or one team against some), each coach trait and each variant, as groups of games
for ``nuffle.interpreter.sweep``; then their rates with 95% intervals, as JSON-ready data.

Game ``g`` of the pairing of teams ``a`` and ``b`` has the seed ``pairing_seed(a, b, g,
seed)`` and puts ``a`` (the first in order) at home when ``g`` is even, whatever else the
sweep holds: the same pairing in two sweeps plays the same games, and each trait and each
variant meets the same dice (a comparison between them is not blurred by luck).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nuffle.interpreter.simulate import GameSpec, mean_ci, wilson
from nuffle.interpreter.sweep import Content, Group, games_for_margin

FORMAT = 1  # the shape of a sweep's JSON (the site reads it)


def pairing_seed(a: str, b: str, game: int, seed: int) -> int:
    """The seed of the pairing's game ``game``: a stable hash of the two team ids (sorted),
    the number and the sweep's seed, below 2**56 so `nuffle play --seed` takes it."""
    first, second = sorted((a, b))
    text = f"{seed}/{first}/{second}/{game}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:7], "big")


@dataclass
class Plan:
    team: str | None  # None: every team against every other
    against: list[str]
    traits: list[str | None]
    variants: list[tuple[int | None, Content]]
    bots: tuple[str, str]
    seed: int
    margin: float | None  # points
    games: int | None
    vary: str | None = None

    @property
    def cap(self) -> int:
        if self.games is not None:
            return self.games
        return games_for_margin((self.margin or 5.0) / 100)


@dataclass(frozen=True)
class Meta:
    variant: int | None
    trait: str | None
    team: str
    opponent: str


def plan_groups(plan: Plan) -> list[tuple[Group, Meta]]:
    """Every group of the sweep, in report order: variant, then trait, then pairing."""
    from nuffle.interpreter.blitz_bowl.game import Options
    if plan.team is None:
        teams = sorted(plan.against)
        pairs = [(a, b) for n, a in enumerate(teams) for b in teams[n + 1:]]
    else:
        pairs = [(plan.team, b) for b in plan.against]
    out = []
    for value, content in plan.variants:
        for trait in plan.traits:
            for team, opponent in pairs:
                def spec(g: int, a: str = team, b: str = opponent, t: str | None = trait
                         ) -> GameSpec:
                    first, second = sorted((a, b))
                    home, away = (first, second) if g % 2 == 0 else (second, first)
                    own = [t] if t else []
                    options = Options(home_traits=own if home == a else [],
                                      away_traits=own if away == a else [])
                    return GameSpec(g, home, away, pairing_seed(a, b, g, plan.seed), plan.bots,
                                    options)
                out.append((Group(team, spec, plan.cap, content=content),
                            Meta(value, trait, team, opponent)))
    return out


def rates(wins: int, draws: int, losses: int) -> dict:
    n = wins + draws + losses
    out: dict = {"games": n}
    for key, k in (("wins", wins), ("draws", draws), ("losses", losses)):
        p, low, high = wilson(k, n)
        out[key] = {"count": k, "rate": round(p, 4), "ci95": [round(low, 4), round(high, 4)]}
    return out


Record = tuple[int, int, int]  # one game: 0 won, 1 drawn, 2 lost; the team's score; the other's


def records(group: Group) -> list[Record]:
    """Each game of a played group as the report needs it (and a cache keeps it)."""
    out = []
    for n, result in enumerate(group.results):
        own = "home" if group.spec(n).home == group.team else "away"
        theirs = "away" if own == "home" else "home"
        out.append((group.outcome(n), int(result.score[own]), int(result.score[theirs])))
    return out


def report(plan: Plan, played: Sequence[tuple[list[Record], Meta]], names: Mapping[str, str]
           ) -> dict:
    """The sweep as data: each pairing's rates and mean scores, and the rows a plot shows
    (the opponents of one team, else one row per variant or trait, or per team in the
    matrix), each pooling its pairings' games."""
    pairings = []
    for games, meta in played:
        counts = [sum(1 for g in games if g[0] == k) for k in range(3)]
        score, score_ci = mean_ci([float(g[1]) for g in games])
        against, against_ci = mean_ci([float(g[2]) for g in games])
        pairings.append({"variant": meta.variant, "trait": meta.trait, "team": meta.team,
                         "opponent": meta.opponent, **rates(*counts),
                         "score": {"mean": round(score, 3), "ci95": round(score_ci, 3)},
                         "conceded": {"mean": round(against, 3), "ci95": round(against_ci, 3)}})
    rows = _rows(plan, pairings, names)
    what = "every team against every other" if plan.team is None else \
        f"{names.get(plan.team, plan.team)} against " + (
            ", ".join(names.get(t, t) for t in plan.against) if len(plan.against) <= 3
            else f"{len(plan.against)} teams")
    stop = (f"each pairing within ±{plan.margin:g} points (95%) or {plan.cap} games"
            if plan.margin is not None else f"{plan.cap} games per pairing")
    extra = []
    if plan.vary:
        extra.append(f"{plan.vary} = {', '.join(str(v) for v, _ in plan.variants)}")
    if plan.traits != [None]:
        extra.append("coach traits: " + ", ".join(names.get(t, t) for t in plan.traits if t))
    title = (f"{what}{': ' + '; '.join(extra) if extra else ''} ({','.join(plan.bots)} bots, "
             f"seed {plan.seed}, {stop})")
    return {"format": FORMAT, "title": title, "team": plan.team, "against": plan.against,
            "traits": [t for t in plan.traits if t] or None, "vary": plan.vary,
            "values": [v for v, _ in plan.variants] if plan.vary else None,
            "bots": list(plan.bots), "seed": plan.seed, "margin": plan.margin,
            "max_games": plan.cap, "games": sum(p["games"] for p in pairings),
            "rows": rows, "pairings": pairings}


def _rows(plan: Plan, pairings: list[dict], names: Mapping[str, str]) -> list[dict]:
    def label(value: int | None, trait: str | None, rest: str = "") -> str:
        parts = [rest] if rest else []
        if plan.vary and value is not None:
            field = plan.vary.split(".")[1:]  # a number's field, with its text's for `rules.2`
            short = ".".join(field[-2:]) if field[-1].isdecimal() else field[-1]
            parts.append(f"{short}={value}")
        if trait:
            parts.append(names.get(trait, trait))
        return " · ".join(parts) or "-"

    keyed: dict[tuple, list[int]] = {}
    labels: dict[tuple, str] = {}
    many = len(plan.variants) * len(plan.traits) > 1
    for p in pairings:
        if plan.team is None:  # the matrix: each team, pooled over its pairings, both ways
            for me, won, lost in ((p["team"], "wins", "losses"),
                                  (p["opponent"], "losses", "wins")):
                key = (p["variant"], p["trait"], me, None)
                labels[key] = label(p["variant"], p["trait"], names.get(me, me))
                tally = keyed.setdefault(key, [0, 0, 0])
                for slot, field in enumerate((won, "draws", lost)):
                    tally[slot] += p[field]["count"]
            continue
        key = (p["variant"], p["trait"], p["team"], None if many else p["opponent"])
        labels[key] = label(p["variant"], p["trait"]) if many \
            else names.get(p["opponent"], p["opponent"])
        tally = keyed.setdefault(key, [0, 0, 0])
        for slot, field in enumerate(("wins", "draws", "losses")):
            tally[slot] += p[field]["count"]
    return [{"label": labels[key], "variant": key[0], "trait": key[1], "team": key[2],
             "opponent": key[3], **rates(*tally)} for key, tally in keyed.items()]
