"""The Blood Bowl vocabulary for blocks and fouls: strength, assists, the Block dice's results,
push-backs and follow-ups, and the skills of pages 25-30 that change them.

Sources: PBBL Living Rulebook 1.10 (004_2450e8f2c1aa331e.txt): blocks (page 10: one block in a
Block action; strengths and the Block dice), the results, push-backs and follow-ups (page 11),
assists (page 22), fouls (page 24), skills (pages 25-30). The `block` event and the
`block-strength` and `block-knocks-down` values are declared in `core`.
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    # ---- occurrences ------------------------------------------------------------------------
    v.event("both-down", "A Both Down result is about to be applied (PBBL page 11): `instead "
            "of both-down` applies something else (a skill of PBBL page 30 places both players "
            "Prone with no Armour rolls; a turnover only if the blocker held the ball).",
            "{blocker} and {target} both go down", blocker="player", target="player",
            action="action")
    v.event("push", "A player pushed back by a block has been moved, or has held their ground "
            "(a skill of PBBL page 29), the follow-up made and a knock-down applied (PBBL "
            "page 11): `square` is where they stand. Fired for the player blocked (`target`) "
            "and for each player a chain push moved; not for a player pushed into the crowd.",
            "{player} is pushed back", player="player", team="team", blocker="player",
            target="player", result="block-face", square="square")

    # ---- values (for `modify`) ----------------------------------------------------------------
    v.value("block-targets", "number", "How many opponents a player may block in one Block "
            "action (PBBL page 10: one; a skill of PBBL page 28 allows two). Worked out at the "
            "start of the action, only when more than one standing opponent is next to the "
            "player; the coach then picks them one by one and may stop after the first. The "
            "blocks follow each other while the player stays on their feet.",
            "how many opponents {player} may block", bounds=(1, 8), player="player",
            team="team")
    v.value("block-strength-against", "number", "A player's Strength for a block once every "
            "modifier is in (`block-strength`), set against the opponent's "
            "(`opponent-strength`, worked out the same way, the defender's first), before "
            "assists are added (a skill of PBBL page 26 compares the two).",
            "{player}'s strength against {opponent}", bounds=(1, 30), player="player",
            team="team", opponent="player", opponent_strength="number", attacking="bool",
            action="action", multiple="bool")
    v.value("block-result", "block-face", "The Block dice result the coach chose, before it "
            "is applied (PBBL page 11): a rule may treat it as another (a skill of PBBL page "
            "28 treats a Both Down as a Pushed).", "the block's result[ for {blocker}]", blocker="player",
            target="player", team="team", action="action", multiple="bool")
    v.value("assist-while-marked", "bool", "Whether `player` may assist `helped` against "
            "`opponent` although in the tackle zone of another opposing player (PBBL page 22: "
            "no; a skill of PBBL page 28 lets them assist a block, never a foul). `cause` is "
            "block or foul.", "whether {player} may assist while marked", player="player",
            team="team", helped="player", opponent="player", cause="cause")
    v.value("pushed-back", "bool", "Whether a player a block pushes (the one blocked, or "
            "another in a chain push) is moved at all (PBBL page 11: yes; a skill of PBBL page "
            "29 lets a player hold their ground: a Knock-down result then knocks them down "
            "where they stand, and a player pushed into them does not move either).",
            "whether {player} is pushed back", player="player", team="team",
            blocker="player", target="player", result="block-face")
    v.value("push-anywhere", "bool", "Whether a player is pushed into any empty square next to "
            "them, not only the three squares away from the pusher (PBBL page 11: no; skills "
            "of PBBL pages 28-29). Worked out only when such a square exists.",
            "whether {player} may be pushed into any empty square next to them",
            player="player", team="team", blocker="player", target="player",
            action="action", multiple="bool")
    v.value("push-chooser", "team", "The team whose coach chooses the square a player is "
            "pushed into (PBBL page 11: the blocking coach, for chain pushes too; a skill of "
            "PBBL page 29 gives it to the pushed player's coach). `anywhere` is the "
            "`push-anywhere` value of this push.", "who chooses where {player} is pushed",
            player="player", team="team", blocker="player", target="player",
            anywhere="bool")
    v.value("can-follow-up", "bool", "Whether the player who made a block may follow up into "
            "the square the player they pushed left (PBBL page 11: yes; a skill of PBBL page "
            "27 forbids it, one of page 28 when blocking two opponents).",
            "whether {player} may follow up", player="player", team="team",
            target="player", action="action", multiple="bool")
    v.value("must-follow-up", "bool", "Whether the player who made a block must follow up "
            "when they may (PBBL page 11: no, the coach decides; a skill of PBBL page 27).",
            "whether {player} must follow up", player="player", team="team",
            target="player", action="action", multiple="bool")

    # ---- effects --------------------------------------------------------------------------------
    v.effect("block-again", "The player throws another block at `against` as soon as the "
             "block under way is over, in the same action, if both are still standing next "
             "to each other; in a Blitz it costs a square of movement like the first (Going "
             "For It if need be), and it is not thrown when none is left (a skill of PBBL "
             "page 27).", "player", required=True, against="player",
             phrase="{subject} blocks {against} again")
    v.effect("drop-ball", "The player drops the ball in their square, and it bounces (a skill "
             "of PBBL page 29); nothing happens if they do not hold it.", "player",
             required=True, phrase="{subject} drops the ball")
