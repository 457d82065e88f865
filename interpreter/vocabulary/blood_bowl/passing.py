"""The Blood Bowl vocabulary for the ball: passes, catches, interceptions, hand-offs and kicks
(PBBL pages 7, 13-14, 21-23), and the words the skills of pages 25-30 that change them are
written in.

Sources (004_2450e8f2c1aa331e.txt, PBBL Living Rulebook 1.10): the kick-off (page 7), throwing
(page 13), catching, bouncing and throw-ins (page 14), hand-offs (page 21), interceptions and
fumbles (page 23), the range ruler (page 13; ruling bb-range-ruler), the skills (pages 25-30).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    if "list[square]" not in v.types:
        v.type("list[square]", "Squares.")
    v.enum("ball-flight", "How the ball comes down in a square: thrown (a pass), kicked (the "
           "kick of a kick-off), thrown in by the crowd, or bouncing (PBBL pages 7, 13-14).",
           "pass kick throw-in bounce")

    # ---- occurrences ------------------------------------------------------------------------
    v.event("ball-kicked", "The kick of a kick-off (PBBL page 7): the kicking coach has placed the "
            "ball (`target-square`) and it has scattered to `landing-square` (none: off the "
            "pitch), still in the air; the Kick-Off table is not rolled yet (page 19). "
            "`kicker` is the player who takes the kick: none unless a rule lets a player "
            "take it (`can-take-kick`, a skill of PBBL page 27).",
            "{kicking-team} kick to {receiving-team}", kicking_team="team",
            receiving_team="team", kicker="player", target_square="square",
            landing_square="square")
    v.event("pass-aimed", "A player is going to pass (PBBL page 13): the coach has named the "
            "`target` square and its `range` is measured (`unlimited`: none is); `receiver` "
            "is the player standing there, if any. No interception has been tried yet "
            "(page 23).", "{player} aims a pass at {target}", player="player", team="team",
            target="square", range="pass-range", receiver="player")
    v.event("interception", "A player has passed the roll to intercept a pass by `passer` "
            "(PBBL page 23), before the ball is theirs: a rule may `cancel` it, and the pass "
            "goes on as if nobody had tried (a skill of PBBL page 29).",
            "{player} intercepts", player="player", team="team", passer="player")
    v.event("block-declared", "A player has declared a block against `target` and it is "
            "about to be worked out, before any dice (PBBL page 10): after the rules that "
            "waste the block (`before block`) or make something else instead of it "
            "(`instead of block`), which leave nothing to declare (a skill of PBBL page 27 "
            "acts here).",
            "{blocker} declares a block on {target}", blocker="player", target="player")

    # ---- values (for `modify`) ----------------------------------------------------------------
    v.value("can-hold-ball", "bool", "Whether a player can hold the ball: one who cannot never "
            "picks it up (moving into its square, it bounces, and it is a turnover in their "
            "team's turn), fails every catch with no roll, may not intercept, and is never "
            "handed the ball or given it for a touchback (PBBL pages 7, 9, 14, 21, 23; a "
            "skill of PBBL page 28). True unless a rule says otherwise.",
            "whether {player} can hold the ball", player="player", team="team")
    v.value("can-intercept", "bool", "Whether a player under the range ruler may try to "
            "intercept this pass by `passer` (PBBL page 23); true unless a rule says otherwise "
            "(a skill of PBBL page 27).", "whether {player} may intercept", player="player",
            team="team", passer="player", range="pass-range")
    v.value("can-pass-anywhere", "bool", "Whether a player may pass to any square of the "
            "pitch, no range measured (range `unlimited`; a skill of PBBL page 27); false "
            "unless a rule says so. The weather may still forbid it (`pass-range-allowed`).",
            "whether {player} may pass to any square", player="player", team="team")
    v.value("pass-can-be-accurate", "bool", "Whether a pass may be accurate (PBBL page 13: "
            "when the roll equals or beats the Agility table's score); true unless a rule says "
            "otherwise (a skill of PBBL page 27). A pass that cannot be accurate scatters "
            "three times unless fumbled, and only a fumble is a failed roll.",
            "whether the pass may be accurate", player="player", team="team",
            range="pass-range")
    v.value("can-catch-nearby", "bool", "Whether a standing player may try to catch a ball "
            "coming down (`source`) in `square`, an empty square in one of their tackle "
            "zones, as if it had come down in their own square (a skill of PBBL page 26); "
            "false unless a rule says so. If two or more players would, none does.",
            "whether {player} may catch the ball in {square}", player="player", team="team",
            square="square", source="ball-flight")
    v.value("can-take-kick", "bool", "Whether a player of the kicking team, on the pitch, may "
            "take the kick-off (a skill of PBBL page 27); false unless a rule says so. The "
            "kicking coach chooses the kicker among such players; with none, nobody is.",
            "whether {player} may take the kick", player="player", team="team")
    v.value("kick-distance", "number", "How many squares the kick scatters, once rolled "
            "(PBBL page 7: a D6).", "the squares the kick scatters", bounds=(0, 30),
            kicking_team="team", receiving_team="team", kicker="player")
    v.value("throw-strength", "number", "A player's Strength when throwing a team-mate: how "
            "many squares they may hurl them (PBBL page 30).",
            "{player}'s Strength for the throw", bounds=(1, 30), player="player",
            team="team")

    # ---- effects ----------------------------------------------------------------------------
    v.effect("free-move", "Their coach may move the player up to N squares at once, one "
             "square at a time, out of the usual sequence: none of the player's own "
             "movement, no Going For It, never onto a loose ball; leaving a tackle zone needs "
             "a Dodge roll as usual (PBBL page 9), and a fall ends the move (no turnover for "
             "the team that is not moving, nor at a kick-off). `on`: the only squares it may "
             "enter; `into`: squares it must end in, or `against`: players it must end next "
             "to; with both, either will do (skills of PBBL pages 27 and 28).", "player",
             required=True, up_to="number", on="list[square]", into="list[square]",
             against="list[player]", bounds={"up to": (1, 8)},
             phrase="{subject} may move up to {up to} squares")
    v.effect("pass-ball", "The player passes the ball at once, out of the usual sequence, to "
             "a square their coach chooses within the range given `up to` (a skill of PBBL "
             "page 27): the usual rules of a pass (interception, accuracy, fumble, catch, "
             "pages 13-14 and 23), except that it ends no team's turn.", "player",
             required=True, up_to="pass-range", phrase="{subject} passes the ball")

    # ---- queries ----------------------------------------------------------------------------
    v.query("distance", "How many squares apart two players or squares are, counted as a "
            "player moves (diagonals count one; PBBL page 9); none when either is off the "
            "pitch.", ("any", "any"), "number", phrase="the squares between {0} and {1}")
    v.query("ruler-squares", "The squares the range ruler passes over, laid from one player "
            "or square to another: where a player may try to intercept (PBBL page 23; "
            "ruling bb-range-ruler).", ("any", "any"), "list[square]",
            phrase="the squares under the ruler from {0} to {1}")
    v.query("half-squares", "The squares of a team's half of the pitch (PBBL page 5).",
            ("team",), "list[square]", phrase="{0}'s half")
    v.query("wide-zones", "The squares of both wide zones (PBBL page 5).", (), "list[square]",
            phrase="the wide zones")
    v.query("halved", "A number halved, fractions rounded down (a skill of PBBL page 27: "
            "1 is 0, 2-3 are 1, 4-5 are 2, 6 is 3).", ("number",), "number",
            phrase="half of {0}")
