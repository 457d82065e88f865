"""The Blood Bowl vocabulary for armour, injuries and casualties, and the team's re-rolls and
fans around them (PBBL pages 12, 15, 19, 32).

Sources: PBBL Living Rulebook 1.10 (004_2450e8f2c1aa331e.txt): the Armour and Injury rolls
(page 12), re-rolls (page 15: never a re-roll of a re-roll; team re-rolls restored at half
time, page 16: carried into overtime), FAME (page 19), skills (pages 25-30), the Casualty
table (page 32).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    # ---- the Armour and Injury rolls: what they come to, and a window to re-roll them ----
    v.value("armour-broken", "bool", "Whether an Armour roll breaks the armour: when its "
            "`total`, modifiers included, beats the player's AV (PBBL page 12); a "
            "skill of PBBL page 26 breaks it on 8 or more. `attacker` knocked the player "
            "down; `blocker`, for a block, made the block.",
            "whether the armour breaks", player="player", team="team", attacker="player",
            cause="cause", blocker="player", total="number")
    v.event("armour-rolled", "An Armour roll has been made, before an Injury roll follows "
            "(PBBL page 12): `total` is its total, modifiers included, and `broken` whether "
            "it broke the armour. A rule may `reroll` it (a skill of PBBL page 28): the "
            "dice are rolled again and modified again, and the new roll stands (a re-roll "
            "is never re-rolled, page 15).",
            "the Armour roll for {player} is made", player="player", team="team",
            attacker="player", cause="cause", blocker="player", total="number",
            broken="bool")
    v.event("injury-rolled", "An Injury roll has been made, before its result applies "
            "(PBBL page 12): `total` is its total, modifiers included, and `result` the "
            "Injury table's result. A rule may `reroll` it (a skill of PBBL page 28): the "
            "dice are rolled again and modified again, and the new roll stands.",
            "the Injury roll for {player} is made", player="player", team="team",
            attacker="player", cause="cause", blocker="player", total="number",
            result="injury")
    v.value("casualty-rolls", "number", "How many times the Casualty table (PBBL page 32, "
            "a D68) is rolled for a player who suffers a Casualty: once; a skill of PBBL "
            "page 26 rolls it twice and applies both results. In a single match every "
            "result means the rest of the match is missed, so only the rolls show it.",
            "how many Casualty rolls {player} suffers", bounds=(1, 4), player="player",
            team="team", cause="cause")

    # ---- team re-rolls ---------------------------------------------------------------
    v.effect("take-skill-reroll", "The team takes one team re-roll counter tied to a skill, "
             "unless it holds one for that skill already (one per team, however many of its "
             "players have the skill): it is used exactly like a team re-roll (PBBL page "
             "15), but only while a player of the team with that skill is on the pitch, even "
             "Prone or Stunned. Like the other team re-rolls it is lost when they are "
             "restored at half time, and carried into overtime (a skill of PBBL page 28).",
             "team", required=True, with_="ability",
             phrase="{subject} takes a team re-roll usable while a player with {with} is on "
                    "the pitch")

    # ---- the fans ----------------------------------------------------------------------
    v.value("fame", "number", "A team's FAME (Fan Advantage ModifiEr, PBBL page 19) for the "
            "results of the Kick-Off table: the team's FAME for the match (0 to 2), which "
            "the engine does not roll yet, plus what rules add (a skill of PBBL page 27 "
            "adds 1 while its player is on the pitch). Rules read it as `team.fame` while "
            "a Kick-Off table result is resolved.",
            "{team}'s FAME", bounds=(0, 20), team="team")
