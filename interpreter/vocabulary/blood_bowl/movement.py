"""The Blood Bowl vocabulary for moving, dodging, leaping, Going For It and standing up (PBBL pages
9, 12, 21; the skills of pages 25-30 that change them).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    # ---- occurrences ------------------------------------------------------------------------
    v.event("dodge", "A player is about to leave `from`, a square in an opposing tackle zone, "
            "for `to`, so must dodge (PBBL page 9): `before dodge` rules act before any roll "
            "for that square (its Going For It roll too). A rule that `cancel`s it holds the "
            "player in `from`: the square is not moved (a skill of PBBL page 30).",
            "{player} dodges", player="player", team="team", from_="square", to="square")
    v.event("leap", "A player leaps from `from` to `to`, an empty square one or two squares "
            "away, for two squares of movement and an Agility roll with no modifiers (a "
            "skill of PBBL page 27): `before leap` rules act before any roll (`cancel` holds "
            "the player in `from`, a skill of PBBL page 30); `after leap`, once landed.",
            "{player} leaps", player="player", team="team", from_="square", to="square")

    # ---- values (for `modify`) ----------------------------------------------------------------
    v.value("dodge-tackle-zones", "number", "How many opposing tackle zones on `to`, the square "
            "dodged to, count against the Dodge roll, -1 each (PBBL page 9; a skill of PBBL "
            "page 30 exerts no such -1).", "the tackle zones counted against the dodge",
            bounds=(0, 8), player="player", team="team", from_="square", to="square")
    v.value("dodge-roll", "number", "The total of a Dodge roll once its die is known, before "
            "it is judged (PBBL page 9: it passes if it equals or beats `target`, a natural "
            "1 fails and a natural 6 passes whatever the total): a rule that acts after "
            "seeing the die changes it here, and the change stays for a re-roll of the same "
            "dodge (a skill of PBBL page 26). `reroll` says whether this is the re-roll.",
            "the Dodge roll", bounds=(-20, 30), player="player", team="team", from_="square",
            to="square", natural="number", target="number", reroll="bool")
    v.value("test-characteristic", "characteristic", "The characteristic a roll on the "
            "Agility table is made against: Agility (PBBL page 9); a skill of PBBL page 25 "
            "uses Strength for a Dodge roll.", "the characteristic the roll uses",
            player="player", team="team", test="test-kind")
    v.value("rushes", "number", "How many extra squares a player may try to Go For It in "
            "one action (PBBL page 21: two; a skill of PBBL page 29 makes it three).",
            "the squares {player} may Go For It", bounds=(0, 8), player="player",
            team="team")
    v.value("stand-up-cost", "number", "The squares of movement a Prone player pays to stand "
            "up: three, and a player with less MA than that rolls 4+ to stand (PBBL page 12; "
            "a skill of PBBL page 27 stands up for free, with no roll).",
            "what standing up costs {player}", bounds=(0, 10), player="player", team="team")
    v.value("can-leap", "bool", "Whether a player may leap at this point of a move (a skill "
            "of PBBL page 27); false unless a rule says so.", "whether {player} may leap",
            player="player", team="team")
    v.value("block-while-prone", "bool", "Whether a Prone player may declare a Block action "
            "(PBBL page 12: no; a skill of PBBL page 27 lets them, and they stand up for it "
            "unless a rule cancels the action); false unless a rule says so.",
            "whether {player} may block while Prone", player="player", team="team")

    # ---- effects --------------------------------------------------------------------------------
    v.effect("dive", "The player is placed Prone in a square, with no Armour roll: the square "
             "a moving player is leaving, once they have left it, whether their roll passed "
             "or failed (at once if it is empty). A skill of PBBL page 26.", "player",
             required=True, into="square", phrase="{subject} dives into {into}")
    v.effect("step", "The player moves into an empty square next to them, at once: no Dodge "
             "roll, and it is none of their own movement (a skill of PBBL page 29).",
             "player", required=True, into="square", phrase="{subject} moves into {into}")

    # ---- queries --------------------------------------------------------------------------------
    v.query("with-skill", "The players of a list who have a skill.",
            ("list[player]", "ability"), "list[player]", phrase="{0} with {1}")
    v.query("agility-roll", "Make an Agility roll for a player now, with a modifier (PBBL "
            "page 9: a natural 1 fails, a natural 6 passes); a skill or team re-roll may be "
            "used on it like any of the player's rolls (page 15). True if it passes (a "
            "skill's roll, PBBL page 27).", ("player", "number"), "bool",
            phrase="an Agility roll for {0} with {1} passes")
