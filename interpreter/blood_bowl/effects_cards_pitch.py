"""The Blood Bowl effects and queries of the special play cards about squares that force dodges,
Prone players' tackle zones, a fireball from the stands: what each does in a match. Declared,
with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.cards_pitch."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import injury
from nuffle.interpreter.blood_bowl.pitch import HEIGHT, SCATTER, WIDTH
from nuffle.interpreter.blood_bowl.state import Square, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

FIREBALL_HITS = 4  # the 'to hit' roll: 4 or more knocks the player down (PBBL page 37)
SPELL_BONUS = 1  # as if knocked down by a player with a skill of page 28 (page 37)
MAX_SCATTERS = 8  # the vocabulary's bound on `times` (principle: every limit explicit)


def effects(m: Match) -> dict[str, Effect]:
    def prone_tackle_zones(env: Env, team: Any, args: dict, duration: str | None) -> None:
        """The team's Prone players exert tackle zones as if standing until the duration
        ends (a card of PBBL page 45): `Match.tackle_zones` and the `marks` query read the
        team's flag; assists, catches and interceptions still need a standing player."""
        if not isinstance(team, Team) or team.prone_tackle_zones:
            return
        team.prone_tackle_zones = True
        m.note("prone-tackle-zones", team=team)
        m.on_scope_end(duration or "game", lambda: setattr(team, "prone_tackle_zones", False))

    def fireball(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        """A marker placed on a square scatters N times (D8, Scatter template, page 4), off
        the pitch too (ruling bb-card-rogue-wizard); the Fireball (page 37) hits each
        standing player in the square where it ends and the squares next to it on a D6 of
        4+, knocked down with the +1 of a skill of page 28."""
        start = args.get("on")
        if not isinstance(start, Square):
            return
        m.note("fireball-marker", square=start)
        x, y = start.x, start.y
        for _ in range(min(int(args.get("times") or 0), MAX_SCATTERS)):
            dx, dy = SCATTER[m.dice.roll(8, "scatter")]
            x, y = x + dx, y + dy
        centre = m.pitch.at(x, y)
        if centre is not None:
            m.note("fireball-explodes", square=centre)
            squares = [centre, *centre.neighbours]
        else:  # off the pitch: the squares of the pitch next to where it ends
            m.note("fireball-off-pitch", square=f"{x + 1},{y + 1}")
            squares = [s for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                       if (s := m.pitch.at(x + dx, y + dy)) is not None]
        caught = [q for s in squares if (q := m.occupant.get(s)) is not None and q.standing]
        for q in caught:
            if not (q.on_pitch and q.standing):
                continue  # knocked over already (a ball, a rule) since the blast began
            if m.dice.roll(6, "fireball") >= FIREBALL_HITS:
                m.note("struck", player=q)
                injury.knock_down(m, q, "effect", env.owner.player, bonus=SPELL_BONUS)
            else:
                m.note("fireball-dodged", player=q)

    return {"prone-tackle-zones": prone_tackle_zones, "fireball": fireball}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def edge_distance(env: Env, sq: Any) -> int | None:
        """Squares from the nearest sideline or end line, 1 on the edge (page 5)."""
        if not isinstance(sq, Square):
            return None
        return 1 + min(sq.x, WIDTH - 1 - sq.x, sq.y, HEIGHT - 1 - sq.y)

    return {"edge-distance": edge_distance}
