"""The Blood Bowl vocabulary for declaring actions, and the drive and match around them (PBBL pages
8, 16-21), with the special attacks and weapons of the Extraordinary skills (pages 25-30).

Every name is a concept a rule may use, never a skill: the docs say "a skill of PBBL page 25",
and the skills (content/blood-bowl/skills) are written with these words.
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    # ---- words of the core's enums and types this area adds -------------------------------
    v.constant("throw-bomb", "action", "A Throw Bomb action: a player whom a rule lets throw "
               "bombs (`can-throw-bombs`) throws one from where they stand, instead of any "
               "other action; it is not the team's Pass action (a skill of PBBL page 25).")
    v.attribute("player", "rooted", "bool",
                "The player is rooted to their square until the drive ends or they are knocked "
                "down (the effect `root`, a skill of PBBL page 30); rules read it to refuse a "
                "push (`pushed-back`) or a follow-up (`can-follow-up`).")

    # ---- occurrences ----------------------------------------------------------------------
    v.event("action-end", "A player's action has come to its end (PBBL page 8): after its "
            "last step, and before a touchdown it brings is scored (page 16); `turnover` is "
            "true when a turnover ended it. `action` is the action taken (the one a rule "
            "switched to, if any). Not fired for an action a rule cancelled as it was "
            "declared.", "{player}'s [{action} ]action ends", player="player", team="team",
            action="action", turnover="bool")
    v.event("drive-start", "A drive begins with its kick-off, before the KO'd players roll "
            "to come back and the teams set up (PBBL pages 7, 8, 16). `drive` counts the "
            "match's drives, 1 for the first: `drive > 1` is \"after a drive\".",
            "a drive begins", drive="number")
    v.event("sides-changed", "A player has started playing for the other team, or come back "
            "to their own (`change-sides`; a skill of PBBL page 27). `team` is the team they "
            "now play for.", "{player} plays for {team}", player="player", team="team")

    # ---- values (for `modify`) --------------------------------------------------------------
    v.value("action-allowed", "bool", "Whether a player may declare an action of this kind "
            "(PBBL page 8); a rule may forbid some (a skill of PBBL page 25 allows only Move "
            "actions).", "whether {player} may take [a {action}|an] action", player="player",
            team="team", action="action")
    v.value("moves-randomly", "bool", "Whether a player's Move action is made on the "
            "Throw-in template (a skill of PBBL page 25): for each square of their MA their "
            "coach faces the template up or down the pitch or towards a sideline, a D6 gives "
            "the square (1-2 and 5-6 the diagonals, 3-4 straight on; ruling "
            "bb-throw-in-template), no Dodge roll is made; off the pitch the crowd beats them "
            "up; a standing player in that square is blocked, friend or foe (a team-mate "
            "knocked down is a turnover), a Prone or Stunned one pushed back and given an "
            "Armour roll instead (ruling bb-random-move).",
            "whether {player} moves on the Throw-in template",
            player="player", team="team")
    v.value("can-throw-bombs", "bool", "Whether a player may take a Throw Bomb action (PBBL "
            "page 25); false unless a rule says so. The bomb is thrown like a pass from the "
            "thrower's square, may be intercepted or caught (and is then thrown again at "
            "once), and explodes where it lands, when a catch fails or is declined, or in the "
            "thrower's square on a fumble (`explode`; ruling bb-bombs).",
            "whether {player} may throw bombs", player="player", team="team")
    v.value("armour-roll-needed", "bool", "Whether a player knocked down makes an Armour roll "
            "(PBBL page 12); false: straight to the Injury roll (a skill of PBBL page 25).",
            "whether {player} makes an Armour roll", player="player", team="team",
            cause="cause")

    # ---- effects ------------------------------------------------------------------------------
    v.effect("switch-action", "In a `before action` rule: the player takes another action "
             "instead of the one declared, which is lost all the same (a once-per-turn "
             "action cannot be declared again this turn; a skill of PBBL page 25).",
             to="action", phrase="the player takes a {to} action instead")
    v.effect("turnover", "The moving team suffers a turnover: its team turn ends at once "
             "(PBBL page 8).", phrase="a turnover")
    v.effect("leave-pitch", "The player leaves the pitch for the Reserves box; a ball they "
             "held bounces from their square (a skill of PBBL page 25). Nothing happens to a "
             "player already off the pitch.", "player", required=True,
             phrase="{subject} goes to the Reserves box")
    v.effect("regain-tackle-zones", "The player has their tackle zones again (the end of a "
             "`lose-tackle-zones` a rule gave for a while, PBBL page 27).", "player",
             required=True, phrase="{subject} has their tackle zones again")
    v.effect("hit", "A weapon hits the player: an Armour roll with N added, and an Injury roll "
             "if it beats their AV (a skill of PBBL page 26); the rule's player is the "
             "attacker, a Casualty earns no Star Player Points (page 33). A player it does "
             "not injure stays as they were.", "player", required=True, by="number",
             bounds={"by": (0, 10)}, phrase="{subject} is hit[, {by} added to the Armour roll]")
    v.effect("explode", "A bomb explodes in the square: any player there is knocked down, and "
             "each player in a square next to it on a D6 of 4+; a player already Prone or "
             "Stunned gets an Armour roll as if knocked down (a skill of PBBL page 25). A "
             "player of the moving team knocked down is a turnover (page 8).",
             on="square", phrase="a bomb explodes on {on}")
    v.effect("ban", "The referee bans the player for using a secret weapon: sent off to the "
             "dungeon for the rest of the match (PBBL page 29), unless the referee will not "
             "(`sent-off`, reason `secret-weapon`: page 20) or a Bribe works (page 36). A "
             "player in the Dead & Injured box, or already sent off, stays there.",
             "player", required=True, phrase="the referee bans {subject}")
    v.effect("root", "The player takes root (a skill of PBBL page 30): until the drive ends "
             "or they are knocked down their MA counts as 0, so they move no further, may not "
             "Go For It or stand up, and `rooted` is true (rules refuse them pushes and "
             "follow-ups with it, `pushed-back` and `can-follow-up`).", "player", required=True,
             phrase="{subject} takes root")
    v.effect("change-sides", "The player plays for the other team: its coach sets them up "
             "and acts with them, even past 16 players on a roster (a skill of PBBL page 27); "
             "with a duration, they come back to their own team when it ends.", "player",
             required=True, durations=True, phrase="{subject} changes sides")

    # ---- queries ------------------------------------------------------------------------------
    v.query("team-mates-next-to", "The team-mates in the squares next to a player, standing, "
            "Prone or Stunned (`adjacent-team-mates` gives the standing ones; a skill of "
            "PBBL page 25).", ("player",), "list[player]",
            phrase="{0}'s team-mates next to them")
    v.query("adjacent-opponents", "The standing opponents next to a player (those they could "
            "block, PBBL page 10).", ("player",), "list[player]",
            phrase="the standing opponents next to {0}")
    v.query("tackle-zones-on", "How many opposing tackle zones are on a player's square "
            "(PBBL page 9).", ("player",), "number",
            phrase="the opposing tackle zones on {0}")
    v.query("is-standing", "Whether a player stands on the pitch (not Prone, not Stunned, not "
            "off the pitch).", ("player",), "bool", phrase="{0} is standing")
    v.query("has-ball", "Whether a player holds the ball (either ball, while a card of PBBL "
            "page 44 keeps a second one in play).", ("player",), "bool",
            phrase="{0} holds the ball")
    v.query("played-this-drive", "Whether a player has been on the pitch at some time in the "
            "current drive (a skill of PBBL page 29).", ("player",), "bool",
            phrase="{0} has played in this drive")
