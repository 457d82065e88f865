"""The Blood Bowl effects and queries of the special play cards about a second ball on the pitch
for a drive: what each does in a match. Declared, with their rules citations, in
nuffle.interpreter.vocabulary.blood_bowl.cards_second_ball.

The design (a card of PBBL page 44; ruling bb-card-ball-clone): the procedures of ballplay,
movement, blocking, injury and turn handle one ball, the match's `ball` (its square, lying)
and `holder` (its carrier). A second ball lives beside it in `Match.other_ball` (a
`state.OtherBall`: a square or a carrier), None in every match without the card. The two
balls are alike, so a procedure that must touch the second one makes it "the ball" for as
long as it runs:

- `ballplay.swapped(m)` swaps the two for one procedure and back (a knocked-down, injured,
  sent-off or crowd-pushed carrier of the second ball drops it: injury.py);
- `ballplay.focus(m, p)` swaps for good when ``p`` carries the second ball: the acting
  player's ball is the one their action plays (turn.act), and an effect that takes a
  carrier down or away drops theirs (effects*.py);
- `ballplay.loose_at(m, sq)` finds either ball lying in a square a player enters, is pushed
  or falls into (movement, blocking, team_mates, weapons);
- `ballplay.can_hold` refuses a ball to the carrier of the other (no pick-up, catch,
  interception, hand-off or touchback), and `ballplay.arrive` bounces a ball again that
  bounced into the other ball's square;
- `turn.at_end_zone` sees either carrier in the end zone; `Match.score` fires `before
  touchdown`, where the card rolls its D6 and may `cancel` the touchdown;
- `Match.end_drive` removes the second ball with the first (page 16).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay
from nuffle.interpreter.blood_bowl.state import OtherBall, Player
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def clone_ball(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        """A second ball appears in the square of the ball on the ground, and one of the two
        bounces from it (PBBL pages 14 and 44); it goes when the duration ends, the drive at
        the latest (Match.end_drive)."""
        sq = m.ball
        if m.other_ball is not None or m.holder is not None or sq is None:
            return
        second = OtherBall(square=sq)
        m.other_ball = second
        m.note("ball-cloned", square=sq)
        with ballplay.swapped(m):
            ballplay.bounce(m, sq)

        def undo() -> None:
            if m.other_ball is second:
                m.note("second-ball-gone")
                m.other_ball = None
        m.on_scope_end(duration or "drive", undo)

    def vanish_ball(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """The ball ``p`` carries vanishes; the other is the only ball in play (page 44)."""
        other = m.other_ball
        if other is None or not isinstance(p, Player):
            return
        if m.holder is p:
            ballplay.swap_balls(m)  # the other ball becomes the one in play
        elif other.holder is not p:
            return
        m.other_ball = None
        m.note("ball-vanishes", player=p)

    return {"clone-ball": clone_ball, "vanish-ball": vanish_ball}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def balls_in_play(env: Env) -> int:
        n = int(m.holder is not None or m.ball is not None)
        return n + int(m.other_ball is not None)

    def loose_balls(env: Env) -> int:
        other = m.other_ball
        return int(m.holder is None and m.ball is not None) + int(
            other is not None and other.holder is None and other.square is not None)

    return {"balls-in-play": balls_in_play, "loose-balls": loose_balls}
