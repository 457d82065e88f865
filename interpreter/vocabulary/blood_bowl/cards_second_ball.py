"""The Blood Bowl vocabulary for the special play cards about a second ball on the pitch for a
drive (PBBL page 44).

How the engine plays two balls (the implementation is in
nuffle.interpreter.blood_bowl.effects_cards_second_ball): the procedures keep handling one
ball, the match's `ball`/`holder`; the second one lies beside it (`Match.other_ball`: a
square or a carrier), and wherever a rule touches the second ball the two swap for the
procedure (`ballplay.swapped`, `focus`, `loose_at`). The two balls are alike: neither is
"the clone".
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
    v.effect("clone-ball", "With one ball in play, lying on the ground, a second ball appears "
             "in its square and one of the two bounces from it (a D8 on the Scatter template, "
             f"PBBL {PBBL} page 14; a card of page 44). Until the duration ends (the drive "
             "at the latest: the engine removes it when a drive ends, page 16), the engine "
             "plays both balls: a player entering a square where either lies picks it up "
             "(page 9); a player carrying one may not pick up, catch or intercept the other, "
             "and entering its square it bounces as a ball bounces from a player who cannot "
             "hold it, a turnover (ruling bb-card-ball-clone); a ball bouncing into the other "
             "ball's square bounces again; a carrier knocked down, placed Prone, Stunned, "
             "pushed into the crowd or taken off the pitch drops the ball they carry (pages "
             "11-12); either ball scores (page 16). When it ends, the ball that is not in "
             "play for the procedure under way vanishes, even from a carrier. With no ball "
             "on the ground, or two balls already, it does nothing.",
             durations=True, phrase="a second ball appears")
    v.effect("vanish-ball", "The ball the player carries vanishes (a card of PBBL page 44): "
             "they carry no ball, and the other ball stays where it is, the only ball in play "
             "from then on. Only while two balls are in play (`clone-ball`); otherwise it does "
             "nothing.", "player", required=True, phrase="the ball {subject} carries vanishes")

    v.query("balls-in-play", "How many balls are on the pitch, lying or carried: 1, or 2 "
            f"while a rule keeps a second ball (`clone-ball`, a card of PBBL {PBBL} page 44); "
            "0 between drives.", (), "number", phrase="the balls in play")
    v.query("loose-balls", "How many balls lie on the ground, carried by nobody (PBBL page 9; "
            "2 at most, while a card of page 44 keeps a second ball).", (), "number",
            phrase="the balls on the ground")
