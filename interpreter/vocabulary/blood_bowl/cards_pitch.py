"""The Blood Bowl vocabulary for the special play cards about squares that force dodges, Prone
players' tackle zones, a fireball from the stands (PBBL pages 44 and 45)."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
    # ---- squares near the edges that need a dodge (a card of page 44) ---------------------
    v.value("must-dodge", "bool", "Whether a player stepping out of `from`, a square in no "
            "opposing tackle zone, into `to` must dodge all the same (PBBL page 9: only "
            "leaving a tackle zone needs a Dodge roll; a card of PBBL page 44 makes the "
            "squares near the pitch's edges need one). The dodge is an ordinary one: `before "
            "dodge` rules act, then a Dodge roll, +1, -1 per opposing tackle zone on `to`, "
            "skills and re-rolls as for any dodge, a failure knocking the player down in `to`, "
            "a turnover. Asked only for a square of a player's own move, not for a leap, a "
            "push, a throw or a step a rule makes (ruling bb-card-incoming). False unless a "
            "rule says so.", "whether {player} must dodge out of {from}", player="player",
            team="team", from_="square", to="square")
    v.query("edge-distance", "How many squares a square lies from the nearest edge of the "
            "pitch, a sideline or the back of an end zone (PBBL page 5): 1 for a square on a "
            "sideline or in an end zone, 2 for the square next to it towards the middle, and "
            "so on (a card of PBBL page 44, ruling bb-card-incoming).", ("square",), "number",
            phrase="how far {0} is from the pitch's edge")

    # ---- Prone players with tackle zones (a card of page 45) ------------------------------
    v.effect("prone-tackle-zones", "For the duration (the game if none) the team's Prone "
             "players, not Stunned ones nor those a rule took their tackle zones from, exert "
             "tackle zones as if standing (a card of PBBL page 45): an opponent leaving one "
             "must dodge, and each counts -1 against an opponent's Dodge, pick-up, catch, pass, "
             "interception and landing rolls (pages 9-14, 23, 30), and for the skills of pages "
             "25-30 that act on an opponent in a player's tackle zone; but a Prone player "
             "still gives and cancels no assist, catches and intercepts nothing, and uses no "
             "skill that moves him (ruling bb-card-dogged-defense).", "team", required=True,
             durations=True, phrase="{subject}'s Prone players exert tackle zones")

    # ---- a fireball from the stands (a card of page 44) -----------------------------------
    v.effect("fireball", "A Wizard's Fireball (PBBL page 37) explodes where a marker placed "
             "`on` a square comes to rest after scattering `times` N times (a D8 each on the "
             "Scatter template, page 4; none if left out): each standing player, of either "
             "team, in that square or a square next to it is hit on a D6 of 4 or more (on 3 or "
             "less he dodges the blast) and knocked down as `strike` does, the Armour roll, or "
             "else the Injury roll, +1 as if by a player with a skill of page 28; a ball a "
             "hit player held bounces, and no turnover follows by itself. A marker scattered "
             "off the pitch goes on scattering beyond it, and where it ends off the pitch only "
             "the squares of the pitch next to it are hit (a card of PBBL page 44, ruling "
             "bb-card-rogue-wizard).", on="square", times="number",
             bounds={"times": (0, 8)}, phrase="a fireball explodes near {on}")
