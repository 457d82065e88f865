"""The Blood Bowl vocabulary's core: the match's moments, the tables' words, the first skills'.

Every name here is a game concept (an event, a value, an effect, an attribute), never a table
entry: the tables' entries are content (``content/blood-bowl/tables``) written with these names.

Sources (page numbers as printed in the seeds):
- PBBL Living Rulebook 1.10 (004_2450e8f2c1aa331e.txt): cheerleaders and assistant coaches
  page 18; the Kick-Off table's introduction and FAME page 19; the Kick-Off table page 20;
  the Weather table, Going For It and hand-offs page 21; skills from page 25.
- BB2020 game sequence chapter (002_1746bd746c5d97e0.txt), which prints few page numbers of
  its own; sections are named instead: the Weather table and the Prayers to Nuffle table
  (Pre-game Sequence), the Kick-off Event table (page 41, as the seed's cross-references give
  it), Being Sent-off and Argue the Call (page 63), Stalling, the End of a Drive.
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.common import declare_common, declare_squares
from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"
BB2020 = "002_1746bd746c5d97e0.txt"


def declare(v: Vocabulary) -> None:
    """The match's own concepts and the tables': what every Blood Bowl rule builds on."""
    declare_common(v)

    # ---- types and their attributes -------------------------------------------------
    v.type("player", "A player on a team's roster.",
           team=("team", "The player's team."),
           prone=("bool", "On the pitch, Prone and not Stunned (PBBL page 12)."),
           stunned=("bool", "On the pitch and Stunned (PBBL page 12)."),
           square=("square", "The square the player is in; none off the pitch."),
           open=("bool", "On the pitch and in no opposing tackle zone (PBBL page 20: \"not "
                 "in an opposing player's tackle zone\"; BB2020 Open)."),
           skills=("list[ability]", "The player's skills and traits (content ids), those a "
                   "rule gave them for a while included."),
           primary_skills=("list[ability]", "The skills of the player's Normal (BB2020: "
                           "primary) categories they do not have yet (PBBL page 17)."),
           movement=("number", "MA, Movement Allowance, with the changes rules made to it; "
                     "at least 1."),
           strength=("number", "ST, Strength, with the changes rules made to it; at least 1."),
           agility=("number", "AG, Agility, with the changes rules made to it; at least 1."),
           passing_ability=("number", "PA, Passing Ability: a BB2020 characteristic; none "
                            "under PBBL, which has no PA."),
           armour_value=("number", "AV, Armour Value, with the changes rules made to it; at "
                         "least 1."))
    # A Prayer to Nuffle changes these for a while (BB2020 Prayers to Nuffle). Their ranges
    # belong with the Blood Bowl engine that will apply them.
    v.settable("player", "movement")
    v.settable("player", "armour-value")
    v.type("team", "One side of the game.",
           score=("number", "The team's touchdowns."),
           opponent=("team", "The other team."),
           players_on_pitch=("list[player]", "The team's players on the pitch."),
           open_players=("list[player]", "The team's Open players on the pitch (PBBL page "
                         "20; BB2020 Open)."),
           available_players=("list[player]", "The players who may play in this drive: on "
                              "the pitch or in the Reserves box (BB2020 Prayers to Nuffle)."),
           stalling_players=("list[player]", "The team's players who Stalled during the team "
                             "turn (BB2020 Stalling); always empty under PBBL."),
           turn_marker=("number", "The space of the team's turn marker on the turn track, 0 "
                        "before its first team turn of the half (PBBL page 20).", (0, 8)),
           fame=("number", "FAME, Fan Advantage ModifiEr (PBBL page 19)."),
           fan_factor=("number", "Fan Factor (BB2020 The Fans)."),
           cheerleaders=("number", "Cheerleaders on the team roster (PBBL page 18)."),
           assistant_coaches=("number", "Assistant coaches on the team roster (PBBL page "
                              "18)."),
           team_list=("team-list", "The team list the team was drafted from (PBBL pages "
                      "52-58)."))
    # a team list (content kind `team`) a rule names by its id: `khemri` (PBBL pages 52-58;
    # a skill of page 29 tells the players of some lists apart)
    v.type("team-list", "One of the team lists a team is drafted from (PBBL pages 52-58), "
           "named in rules by its id (`khemri`).")
    v.named_kinds["team"] = "team-list"
    declare_squares(v, "A square of the pitch, 26 squares long and 15 wide (PBBL page 5); "
                    "off the pitch, none of its attributes holds.",
                    x=("Along the pitch, from 1 in the home team's end zone to 26 in the away "
                       "team's, as scenarios and the game log number squares.", (1, 26)),
                    y=("Across the pitch, from 1 at one sideline to 15 at the other.", (1, 15)))
    # the wide zones: 4 squares each side, as the 7 squares between them on each side of the
    # half-way line make the line of scrimmage's "14 squares in all" (PBBL page 5)
    v.attribute("square", "wide-zone", "bool", "Whether the square is in a wide zone: the 4 "
                "squares nearest either sideline (PBBL page 5).")
    v.attribute("square", "trapdoor", "bool", "Whether the square holds a trapdoor: always "
                "false, as the Blood Bowl pitch has none (BB2020's Prayers to Nuffle table asks "
                "it for its Treacherous Trapdoor).")
    v.type("ability", "A skill or trait (a content id, as Blitz Bowl abilities are).")
    v.type("list[player]", "Players.")
    v.type("list[team]", "Teams.")
    v.type("list[ability]", "Skills and traits.")
    v.type("list[action]", "Actions.")

    v.enum("action", "A player action (PBBL page 8, Hand-off page 21; BB2020 The Team Turn).",
           "move block blitz pass hand-off foul throw-team-mate")
    v.enum("test-kind", "What a dice roll or test is made for: PBBL rolls (page 21: pass, "
           "catch, intercept, pick-up, Going For It) and BB2020 tests (catch, pick-up, "
           "interfere with a pass, Rush). `rush` is Going For It; `interception` is also "
           "BB2020's interference with a pass; `leap` is a leap's Agility roll and "
           "`agility-roll` an Agility roll a rule calls for (skills of PBBL page 27).",
           "pass catch interception pick-up rush dodge stand-up block landing leap "
           "agility-roll")
    v.enum("characteristic", "A player characteristic a test is made against (BB2020: MA, "
           "ST, AG, PA, AV).", "movement strength agility passing-ability armour-value")
    v.enum("pass-range", "The range of a pass (PBBL page 13; BB2020 Quick, Short, Long Pass "
           "and Long Bomb). `unlimited`: a pass to any square of the pitch, with no range "
           "measured (a skill of PBBL page 27).", "quick short long long-bomb unlimited")
    v.enum("achievement", "What a player earns Star Player Points for (BB2020).",
           "completion casualty touchdown interception deflection most-valuable-player")
    v.enum("cause", "How a player was knocked down or injured: by a Block (or Blitz), a "
           "Foul, a push into the crowd (BB2020 Prayers to Nuffle), a fall (a failed Dodge or "
           "Going For It, PBBL page 9), or another rule's effect.",
           "block foul crowd fall effect")
    v.enum("block-face", "A result of the Block dice (PBBL page 11).",
           "attacker-down both-down pushed defender-stumbles defender-down")
    v.enum("injury", "A result of the Injury table (PBBL page 12).",
           "stunned knocked-out casualty")
    v.enum("send-off-reason", "Why the referee sends a player off (PBBL page 20: fouls and "
           "secret weapons).", "foul secret-weapon")
    v.constant("teams", "list[team]", "Both teams.")
    v.constant("ball-carrier", "player", "The player in possession of the ball (none while "
               "nobody holds it).")

    # Skills are content (kind `ability`, content/blood-bowl/skills/); rules name them by id.

    # ---- occurrences ------------------------------------------------------------------
    v.event("kick-off", "The kick-off event: after the kick has deviated (scattered), while "
            "the ball is still in the air; the Kick-Off table is rolled here (PBBL "
            f"{PBBL} pages 19-20: neither that roll nor the rolls its results call for may "
            f"be re-rolled; BB2020 {BB2020} Kick-off Event, page 41). `landing-square` is "
            "where the ball will land.",
            "{kicking-team} kicks off to {receiving-team}",
            kicking_team="team", receiving_team="team", landing_square="square")
    v.event("weather-roll", "A roll on the Weather table: at the start of the game, or again "
            "for a kick-off result (PBBL page 21; BB2020 Pre-game Sequence, The Weather).",
            "the Weather table is rolled")
    v.event("prayer", "A coach rolls on the Prayers to Nuffle table, pre-game for the "
            "Underdog or from a kick-off result (BB2020 Pre-game Sequence, step 5).",
            "{praying-team} prays to Nuffle", praying_team="team")
    v.event("turn-end", "A team turn ends (BB2020 Stalling is judged here).",
            "{team}'s team turn ends", team="team")
    v.event("drive-end", "A drive ends, after a touchdown or at the end of a half, before "
            "the players leave the pitch (PBBL page 21; BB2020 The End of a Drive).",
            "the drive ends")
    v.event("enter-square", "A player enters a square, for any reason (moved, pushed, "
            "placed).", "{player} enters a square", player="player", team="team",
            square="square")

    # The match's own moments, fired by the engine (PBBL pages 7-16, 21-24).
    v.event("half-start", "A half begins, before its kick-off (PBBL page 16; 3 is "
            "overtime).", "[half {half}|a half] begins", half="number")
    v.event("turn-start", "A team turn begins, after the turn marker moves (PBBL page 8).",
            "{team}'s team turn begins", team="team")
    v.event("setup", "A team sets up for a kick-off (PBBL page 7): `after` it, it has set "
            "up; `before` it, its KO'd players have rolled to come back and none of its "
            "players is placed yet (not fired when a kick-off result sets players up again).",
            "{team} sets up", team="team")
    v.event("action", "A player declares an action (`before`: a rule may `cancel` it, and "
            "the action is lost) and finishes it (`after`) (PBBL page 8).",
            "{player} takes [a {action}|an] action", player="player", team="team",
            action="action")
    v.event("move", "A player moves one square during an action (PBBL page 9), or leaps "
            "(`from` and `to` then two squares apart, a skill of PBBL page 27).",
            "{player} moves", player="player", team="team", from_="square", to="square")
    v.event("failed-roll", "A player's roll has failed and may be re-rolled (PBBL page 15): "
            "a rule may `reroll` it (a skill); if none does, the coach may use a team re-roll. "
            "`test` says which roll; `natural` is the die (none for the Block dice, whose "
            "result the coach has not chosen yet).",
            "{player}'s roll fails", player="player", team="team", test="test-kind",
            natural="number")
    v.event("team-reroll", "A team re-roll is used for a player's roll (PBBL page 15); a "
            "rule may `cancel` it, and it is lost all the same (a skill of PBBL page 26).",
            "a team re-roll is used[ for {player}]", player="player", team="team", test="test-kind")
    v.event("block", "A block (PBBL pages 10-11): `before block` comes first, and a rule "
            "that `cancel`s it wastes the block, with no turnover (a skill of PBBL page 27); "
            "`instead of block` replaces it before any dice are rolled (`result` is then "
            "none); `after block`, once its result is chosen. `action` is the Block or Blitz "
            "action it is part of; `multiple`, whether that Block action blocks more than one "
            "opponent (a skill of PBBL page 28).",
            "{blocker} blocks {target}", blocker="player", target="player",
            result="block-face", action="action", multiple="bool")
    v.event("knocked-down", "A player is knocked down, before the Armour roll (PBBL page "
            "12).", "{player} is knocked down", player="player", team="team", cause="cause")
    v.event("casualty", "A player is a Casualty (PBBL page 12), after the Casualty roll "
            "(`roll`, the D68 of page 32).", "{player} is a Casualty", player="player",
            team="team", cause="cause", roll="number")
    v.event("catch", "A player catches the ball (PBBL page 14).", "{player} catches the ball",
            player="player", team="team")
    v.event("pick-up", "A player picks up the ball (PBBL page 9).",
            "{player} picks up the ball", player="player", team="team")
    v.event("gain-possession", "A player gains the ball in any way.", "{player} has the ball",
            player="player", team="team")
    v.event("pass", "A pass is thrown (PBBL page 13): accurate, inaccurate or fumbled.",
            "{player} passes", player="player", team="team", range="pass-range",
            accurate="bool", fumbled="bool")
    v.event("bounce", "The ball bounces (PBBL page 14); `square` is where it goes (none: off "
            "the pitch).", "the ball bounces", square="square")
    v.event("touchdown", "A touchdown is scored (PBBL page 16): `player` carries the ball "
            "in the end zone their team scores in; `before` it, a rule may `cancel` it and "
            "no touchdown is scored (a card of PBBL page 44).", "{team} scores",
            team="team", player="player")
    v.event("grab-team-mate", "At the end of a Pass action's move, `player` picks up the "
            "team-mate `target` to throw them (PBBL page 30); a rule may `cancel` it: the "
            "grab fails and the action ends.", "{player} grabs {target}", player="player",
            team="team", target="player")
    v.event("throw-team-mate", "`player` is about to throw `target`, already picked up "
            "(PBBL page 30); a rule may `cancel` the throw (the team-mate stays; a ball they "
            "held bounces from their square, a turnover).", "{player} throws {target}",
            player="player", team="team", target="player")

    # ---- values (for `modify`) ----------------------------------------------------------
    v.value("can-throw-team-mates", "bool", "Whether a player may end a Pass action by "
            "throwing a team-mate (PBBL page 30); false unless a rule says so.",
            "whether {player} may throw team-mates", player="player", team="team")
    v.value("can-be-thrown", "bool", "Whether a player may be thrown by a team-mate (PBBL "
            "page 29); false unless a rule says so.", "whether {player} may be thrown",
            player="player", team="team")
    v.value("block-strength", "number", "A player's Strength for a block with every "
            "modifier, before assists are added (PBBL pages 10, 22; skills of PBBL pages 27-28 "
            "add to it). `attacking`: the player makes the block; `action` and `multiple` "
            "as in the `block` event.", "{player}'s strength in the block", bounds=(1, 30),
            player="player", team="team", opponent="player", attacking="bool",
            action="action", multiple="bool")
    v.value("block-knocks-down", "bool", "Whether a Both Down or Defender Stumbles result "
            "knocks `player` down (PBBL page 11: not a player using Block, or Dodge against "
            "Defender Stumbles).", "whether {player} is knocked down", player="player",
            team="team", opponent="player", result="block-face")
    v.value("armour-roll", "number", "The total of an Armour roll (PBBL page 12): it breaks "
            "the armour when it beats AV. `attacker` knocked the player down; `blocker`, "
            "for a block, is the player who made it (either may be the one falling).",
            "the Armour roll[ against {player}][ caused by {attacker}]", bounds=(0, 30),
            player="player", team="team", attacker="player", cause="cause", blocker="player")
    v.value("injury-roll", "number", "The total of an Injury roll (PBBL page 12). "
            "`armour-modified` says whether a rule changed the Armour roll before it.",
            "the Injury roll[ against {player}][ caused by {attacker}]", bounds=(0, 30),
            player="player", team="team", attacker="player", cause="cause",
            armour_modified="bool", blocker="player")
    v.value("injury-result", "injury", "The Injury table's result for an Injury roll whose "
            "total, modifiers included, is `total` (PBBL page 12: 2-7 Stunned, 8-9 KO'd, "
            "10-12 Casualty).", "the injury[ to {player}]", player="player", team="team", total="number",
            cause="cause")
    v.value("test-modifier", "number", "The total modifier to a roll or test (PBBL page 21: "
            "pass, catch, intercept, pick-up; BB2020: tests against a characteristic, "
            "Rush). `tackle-zones` is how many opposing tackle zones the rulebook's "
            "modifier counted (PBBL pages 9, 13, 23). `from` and `to`: the square a Dodge "
            "roll or a leap leaves and the one it goes to (none for other rolls). `range`: "
            "a pass roll's range (none for other rolls).",
            "[{player}'s|the] test modifier[ for a {test} roll]", player="player", team="team",
            test="test-kind", characteristic="characteristic", tackle_zones="number",
            from_="square", to="square", range="pass-range")
    v.value("test-target", "number", "The lowest unmodified D6 result a roll needs (a Going "
            "For It / Rush roll needs 2, PBBL page 21).", "the number the roll needs",
            player="player", team="team", test="test-kind")
    v.value("pass-range-allowed", "bool", "Whether a pass of that range may be attempted "
            "(PBBL page 21, BB2020 Weather table).", "whether the pass may be attempted",
            player="player", team="team", range="pass-range")
    v.value("sent-off", "bool", "Whether the referee sends a player off (PBBL page 20: for "
            "a foul, or banning a secret weapon).", "whether the referee sends {player} off",
            player="player", team="team", reason="send-off-reason")
    v.value("foul-spotted", "bool", "Whether the referee sees a Foul (normally on a natural "
            "double, BB2020 Being Sent-off, page 63).", "whether the referee sees the foul",
            player="player", team="team")
    v.value("argue-the-call-roll", "number", "The D6 rolled to Argue the Call (BB2020 page "
            "63: 1 ejected, 2-5 Sent-off, 6 not Sent-off).", "the Argue the Call roll",
            player="player", team="team")
    v.value("star-player-points", "number", "The Star Player Points a player earns for an "
            "achievement (BB2020: Completion 1, Casualty 2 when caused by a Block, 0 "
            "otherwise).", "the Star Player Points {player} earns", player="player",
            team="team", achievement="achievement", cause="cause")

    # ---- effects ----------------------------------------------------------------------------
    v.effect("move-turn-marker", "Move a team's turn marker along the turn track, forward "
             "or (a negative number) back (PBBL page 20; BB2020 Time-out).", "team",
             required=True, by="number", phrase="move {subject}'s turn marker by {by}")
    v.effect("end-half", "The half ends at once (PBBL page 20).", phrase="the half ends")
    v.effect("set-up-again", "Their coach may remove any of these players (up to N of them) "
             "and set them up again in other squares, following the usual set-up rules "
             "(PBBL page 20; BB2020 Kick-off Event).", "list[player]", required=True,
             up_to="number", phrase="the coach may set up {subject} again")
    v.effect("place", "Put a player straight into a square, whatever their MA; no dice are "
             "rolled (PBBL page 20; BB2020 Kick-off Event).", "player", required=True,
             on="square", phrase="{subject} is placed in {on}")
    v.effect("free-step", "Their coach may move any of these players (up to N of them) one "
             "square each into an adjacent empty square, ignoring tackle zones, even into "
             "the opposing half (PBBL page 20; BB2020 Kick-off Event).", "list[player]",
             required=True, up_to="number", phrase="{subject} may each move one square")
    v.effect("bonus-turn", "The team takes a free team turn at once: only the players given "
             "`with` (up to N of them) may be activated, for the actions given `as`; the "
             "usual limits per team turn apply and a Turnover ends it (PBBL page 20; BB2020 "
             "Kick-off Event).", "team", required=True, with_="list[player]",
             up_to="number", as_="list[action]", phrase="{subject} takes a bonus team turn")
    v.effect("gain-team-reroll", "The team gains an extra team re-roll, lost at the end of "
             "the duration if unused (PBBL page 20; BB2020 Kick-off Event).", "team",
             required=True, durations=True, phrase="{subject} gains an extra team re-roll")
    v.effect("gain-bribe", "The team gains a free Bribe, lost at the end of the duration if "
             "unused (BB2020 Kick-off Event, Bribe: page 91 of the rulebook).", "team",
             required=True, durations=True, phrase="{subject} gains a free Bribe")
    v.effect("apply-weather", "The weather becomes the Weather table's result for this 2D6 "
             "total; the previous weather's rules end (PBBL page 21; BB2020 The Weather).",
             "number", required=True,
             phrase="the weather becomes the Weather table's result for {subject}")
    v.effect("scatter-ball", "The kicked ball, still in the air, scatters before landing: "
             "`by N` squares, each in a random direction; without a number, the edition's "
             "full scatter (BB2020 page 25 of the rulebook).", by="number",
             phrase="the ball scatters before landing")
    v.effect("bounce-ball", "The ball bounces from a square (PBBL page 14; BB2020 page 25).",
             from_="square", phrase="the ball bounces")
    v.effect("injury-roll", "Make an Injury roll for a player, without an Armour roll "
             "(PBBL page 20).", "player", required=True,
             phrase="make an Injury roll for {subject}")
    v.effect("knock-down", "Knock a player down: placed Prone, Armour roll (PBBL page 12).",
             "player", required=True, phrase="{subject} is Knocked Down")
    v.effect("stun", "The player is Placed Prone and becomes Stunned (PBBL page 20; BB2020 "
             "Kick-off Event).", "player", required=True,
             phrase="{subject} is Placed Prone and Stunned")
    v.effect("send-off", "The referee sends the player off: removed from play for the rest "
             "of the game (BB2020 page 63). `as foul`: exactly as if caught committing a foul, "
             "so a Bribe may be tried (PBBL pages 24, 36; a card of PBBL page 48).", "player",
             required=True, as_="send-off-reason", phrase="{subject} is Sent-off")
    v.effect("push-into-crowd", "Remove a player from play exactly as if pushed into the "
             "crowd (BB2020 Injury by the Crowd, page 61).", "player", required=True,
             phrase="{subject} is removed from play as if pushed into the crowd")
    v.effect("miss-next-drive", "The player goes to the Reserves box and may not be set up "
             "for the next drive (PBBL page 21; BB2020 The Weather).", "player",
             required=True, phrase="{subject} misses the next drive")
    v.effect("pray", "The team's coach rolls once on the Prayers to Nuffle table, re-rolling "
             "a result currently in effect (BB2020 Kick-off Event).", "team", required=True,
             phrase="{subject} rolls once on the Prayers to Nuffle table")
    v.effect("gain-skill", "The player gains a skill or trait for the duration; `as N` gives "
             "its value, as a +1 or a 2+ printed after a skill's name (BB2020 Prayers to Nuffle).",
             "player", required=True, with_="ability", as_="number", durations=True,
             phrase="{subject} gains {with}")

    # ---- queries -------------------------------------------------------------------------
    v.effect("lose-tackle-zones", "The player loses their tackle zones until they next "
             "take an action (PBBL page 26), or, with a duration, until it ends (a card of "
             "PBBL page 51: for this turn).", "player", required=True, durations=True,
             phrase="{subject} loses their tackle zones")
    v.effect("to-reserves", "A player out of the match (a Casualty) goes to the Reserves box "
             "instead (PBBL page 29).", "player", required=True,
             phrase="{subject} goes to the Reserves box")

    v.effect("armour-roll", "Make an Armour roll for a player, unmodified, and an Injury roll "
             "if it beats their AV (PBBL page 12); the rule's player is the attacker (a "
             "Casualty earns no Star Player Points).", "player", required=True,
             phrase="make an Armour roll for {subject}")
    v.effect("stop-moving", "The player can move no further in this action (PBBL page 29).",
             "player", required=True, phrase="{subject} can move no further")
    v.effect("kill", "The player is killed: off the pitch to the Dead & Injured box, no "
             "Casualty roll (PBBL page 25).", "player", required=True,
             phrase="{subject} is killed")
    v.effect("place-prone", "The player is placed Prone, with no Armour roll (PBBL page 12).",
             "player", required=True, phrase="{subject} is placed Prone")
    v.effect("deny-skill", "The player may not use a skill (or trait) during the square moved "
             "or the block under way, or the next one when there is none: its rules do not "
             "run for that player until then (a skill of PBBL page 30 stops an opponent's "
             "skill).", "player", required=True, with_="ability",
             phrase="{subject} may not use {with}")
    v.effect("forgo-reroll", "The roll stands: no re-roll, by a skill or a team re-roll, may "
             "be used on it (a skill of PBBL page 29).", phrase="the roll stands")
    v.query("adjacent-team-mates", "The standing team-mates next to a player (a skill of PBBL "
            "page 29 counts them).", ("player",), "list[player]",
            phrase="{0}'s standing team-mates next to them")
    v.query("without-skill", "The players of a list who do not have a skill.",
            ("list[player]", "ability"), "list[player]", phrase="{0} without {1}")
    v.query("skill-value", "The value a player's skill was given (`gain-skill p with loner "
            "as 2`: Loner (2+) gives 2); none when it has none (BB2020 Prayers to Nuffle).",
            ("player", "ability"), "number", phrase="{0}'s {1} value")
    v.query("d6-with-team-reroll", "A D6 rolled for a player's rule that the team may re-roll "
            "with a team re-roll, as one of the player's own rolls (PBBL page 15), when it "
            "shows less than the number given (a skill's own roll, PBBL page 28).",
            ("player", "number"), "number", phrase="a D6 for {0}, re-rollable below {1}")
    v.query("marks", "Whether a player exerts a tackle zone on a square: standing (or Prone "
            "while a rule lends the team's Prone players tackle zones, a card of PBBL page "
            "45), next to it, with their tackle zones (PBBL page 9).", ("player", "square"),
            "bool",
            phrase="{0} has a tackle zone on {1}")
    v.query("size", "How many players a list holds.", ("list[player]",), "number",
            phrase="the number of {0}")
    v.query("random-players", "N different players picked at random from a list, through "
            "the dice (all of them if there are fewer): BB2020 \"randomly select D3\".",
            ("list[player]", "number"), "list[player]",
            phrase="{1} of {0}, picked at random")

    # ---- scopes ----------------------------------------------------------------------------
    v.scope("weather", "until the weather changes (a new roll on the Weather table)")

    # ---- table categories: the event each kind of table is rolled on ----------------------
    v.table_category("kick-off", "kick-off", "The 2D6 Kick-Off table, rolled at each kick-off "
                     "(PBBL page 20; BB2020 Kick-off Event, page 41).")
    v.table_category("weather", "weather-roll", "The 2D6 Weather table: its result stays in "
                     "force until the weather changes (PBBL page 21; BB2020 The Weather).")
    v.table_category("prayers-to-nuffle", "prayer", "The D16 Prayers to Nuffle table (BB2020 "
                     "Pre-game Sequence): rolled by the praying team's coach.")

    # ---- context names per content kind ----------------------------------------------------
    # A table entry sees only its category event's payload (kick-off: kicking-team,
    # receiving-team, landing-square; prayer: praying-team); a weather entry sees no names.
    v.context("table", {})
    v.context("ability", {"self": "player", "own": "team", "opponent": "team"})
