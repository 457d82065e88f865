"""The Blood Bowl vocabulary for special play cards: when each may be played and what it does (PBBL
pages 44-51).

A special play card (content kind `special-play-card`) is bought before the match, drawn at
random from its deck and held in the coach's hand (PBBL page 43, Special Play Cards). Its rules
are `play` hooks: when the hook's moment comes and its filter holds, the engine asks the coach
who holds the card whether to play it; played, it leaves the hand and its hook's body runs.
The moments are the windows the cards' Timing lines name:

- "Play during the pre-game after all inducements are purchased": `play after pre-game`;
- "Play at the beginning of your turn before any player takes an action":
  `play after turn-start where team is own` (the core's moment: the turn marker has moved,
  nobody has acted);
- "Play after your turn has ended or your kick-off to an opponent is resolved, but before
  your opponent's turn begins": `play after turn-handover where team is own` (`from-kick-off`
  tells the two apart);
- "Play at any kick-off after all players have been set up and the ball placed, but before
  any scatter has been rolled": `play before kick-scatter` (`instead of kick-scatter` for a
  card that replaces the kick's scatter);
- "Play after all players have been set up for a kick-off [and the ball has been scattered],
  but before any kick-off result is rolled": `play after kick-off` (the core's moment: the
  kick has scattered, the Kick-Off table is not rolled yet).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    v.type("list[square]", "Squares.")
    v.type("special-play-card", "A special play card (a content id, as a skill is; PBBL pages "
           "43-51).")
    v.context("special-play-card", {"own": "team", "opponent": "team"})

    # ---- the windows a card is played in ----------------------------------------------
    v.event("pre-game", "The pre-game: the weather is rolled and every inducement and special "
            f"play card is bought (PBBL {PBBL} page 35, the pre-match sequence); the coin toss "
            "has not been made. A card's Timing \"during the pre-game after all inducements "
            "are purchased\" (pages 44-51).", "the pre-game")
    v.event("turn-handover", "A team's turn has ended, or its kick-off to the opponent is "
            "resolved (`from-kick-off`: the ball has landed), and the opponent's team turn is "
            "about to begin: a card's Timing \"after your turn has ended or your kick-off to an "
            "opponent is resolved, but before your opponent's turn begins\" (PBBL pages 44-51). "
            "`team` is the team whose turn ended or who kicked off. Nothing of the coming turn "
            "has happened yet (its turn marker has not moved), but it is the current turn: "
            "`for this turn` lasts until it ends. Not fired when no opposing turn follows (a "
            "touchdown, the end of the half).", "{team} hands over to the opponent",
            team="team", from_kick_off="bool")
    v.event("kick-scatter", "Both teams are set up, the kicking coach has placed the ball "
            "(`target-square`) and the kick is about to scatter (PBBL page 7: a D8 for the "
            "direction, a D6 for the squares): `before` it, a card's Timing \"after all players "
            "have been set up and the ball placed, but before any scatter has been rolled\" "
            "(page 44); `instead of` it, a rule says where the ball will land (`scatter-kick`).",
            "the kick is about to scatter", kicking_team="team", receiving_team="team",
            target_square="square")
    v.event("throw-in", "The crowd is about to throw the ball back onto the pitch from "
            "`square`, the last square it crossed (PBBL page 14); `before` it, a rule may "
            "`aim-throw-in`.", "the crowd throws the ball in", square="square")
    v.event("switched-places", "Two players have switched squares (`switch-places`, PBBL "
            "page 45).", "{player} and {other} switched squares", player="player",
            other="player", team="team")
    v.event("card-played", "A coach plays a special play card from the hand; it is "
            "discarded (PBBL page 43).", "{team} play {card}", team="team",
            card="special-play-card")

    # ---- values ---------------------------------------------------------------------------
    v.value("kick-scatter-dice", "number", "How many D6 are rolled for the number of squares "
            "a kick scatters (PBBL page 7: one; a card of page 44 makes it two).",
            "the dice rolled for the kick's scatter", bounds=(1, 3), kicking_team="team",
            receiving_team="team")
    v.value("ko-recovery-target", "number", "The lowest D6 a KO'd player needs to come back to "
            "the Reserves box before a kick-off (PBBL page 16: 4+; a card of page 44: 2+).",
            "the roll {player} needs to recover", bounds=(2, 6), player="player",
            team="team")

    # ---- effects ----------------------------------------------------------------------------
    v.effect("scatter-kick", "The kick lands where this says instead of scattering as usual: "
             "the ball is placed `from` a square, then moves one square `times` N, each time "
             "along the Throw-in template (a D6), which the rule's coach turns to face a "
             "sideline or an end zone as they choose (PBBL page 45). Used `instead of "
             "kick-scatter`.", from_="square", times="number", bounds={"times": (1, 8)},
             phrase="the kick scatters from {from} on the Throw-in template")
    v.effect("aim-throw-in", "For this throw-in, the rule's coach chooses the Throw-in "
             "template's direction instead of rolling it; its distance is rolled as usual "
             "(PBBL pages 14 and 44). Used `before throw-in`.",
             phrase="the coach aims the throw-in")
    v.effect("switch-places", "Two players swap squares: neither moves, so neither dodges "
             "nor goes for it (PBBL page 45).", "player", required=True,
             with_="player", phrase="{subject} and {with} switch squares")
    v.effect("loft-ball", "The ball leaves whoever holds it and is sent `to` a square, then "
             "scatters `times` N (a D8 each on the Scatter template, as an inaccurate pass, "
             "PBBL page 13), and comes down there: caught by a standing player there, else it "
             "bounces; off the pitch the crowd throws it in (page 14). Nothing is rolled to "
             "send it and nobody may intercept it (PBBL page 45).", to="square",
             times="number", bounds={"times": (1, 8)},
             phrase="the ball is sent to {to} and scatters")
    v.effect("take-action", "The player takes an action at once, outside any team turn: no "
             "team re-roll may be used (PBBL page 15), and a turnover only ends the action "
             "(PBBL page 45).", "player", required=True, as_="action",
             phrase="{subject} takes a {as} action")

    v.effect("allow-action-again", "The team may declare an action that may be taken once per "
             "team turn (Blitz, Pass, Hand-off, Foul: PBBL pages 8, 21 and 24) once more this "
             "team turn (a card of PBBL page 45).", "team", required=True, as_="action",
             phrase="{subject} may declare a {as} action again this turn")

    # ---- queries ---------------------------------------------------------------------------
    v.query("line-of-scrimmage", "A team's line of scrimmage: the seven squares of its half "
            "next to the halfway line, between the wide zones (PBBL page 5).", ("team",),
            "list[square]", phrase="{0}'s line of scrimmage")
    v.query("players-next-to", "The players, of either team, in the squares next to a "
            "player's (PBBL page 45).", ("player",), "list[player]",
            phrase="the players next to {0}")
    v.query("squares-moved", "The squares of movement a player has used in the action under "
            "way, standing up and Going For It included (PBBL pages 9, 12 and 21; a card of "
            "page 45 counts the squares gone for).", ("player",), "number",
            phrase="the squares {0} has moved")
    v.query("pitch-squares", "Every square of the pitch (PBBL page 5).", (), "list[square]",
            phrase="the squares of the pitch")

    # ---- the words the cards of pages 46-51 need --------------------------------------
    # the cards of pages 46-47
    v.attribute("player", "acted", "bool",
                "The player took an action in their team's latest team turn (PBBL page 8); it "
                "is cleared as their team's next turn begins, so between two turns it tells "
                "who acted in the turn just ended (a card of PBBL page 47).")
    v.value("armour-roll-fixed", "bool", "Whether an Armour roll against `player` stands as "
            "the two dice show it: no modifier (assists on a foul, a weapon's, a skill's), "
            "nothing that breaks the armour on a lower roll, no re-roll (PBBL page 12; cards "
            "of PBBL pages 46-47). False unless a rule says so.",
            "whether the Armour roll against {player} stands as rolled", player="player",
            team="team", attacker="player", cause="cause", blocker="player")
    v.value("injury-roll-fixed", "bool", "Whether an Injury roll against `player` stands as "
            "the two dice show it: no modifier and no re-roll (PBBL page 12; cards of PBBL "
            "pages 46-47); the Injury table may still be read differently (`injury-result`). "
            "False unless a rule says so.",
            "whether the Injury roll against {player} stands as rolled", player="player",
            team="team", attacker="player", cause="cause", armour_modified="bool",
            blocker="player")
    v.value("can-be-fouled", "bool", "Whether a Prone or Stunned `player` next to a fouling "
            "player (`attacker`) may be the victim of the Foul (PBBL page 24; a card of PBBL "
            "page 46 forbids it). True unless a rule says otherwise.",
            "whether {player} may be fouled", player="player", team="team",
            attacker="player")
    v.event("roll-failed", "A player's roll has failed for good: no re-roll was used, or "
            "the re-roll failed too (PBBL page 15). `test` says which roll (for a pass: not "
            "accurate). A card of PBBL page 47 hurts a player who fails a catch or a pick-up "
            "here, before the ball bounces.", "{player}'s roll has failed",
            player="player", team="team", test="test-kind")
    v.effect("lose-skill", "The player loses a skill that a rule gave them for a while "
             "(`gain-skill` with a duration) before that duration ends; a skill of their own, "
             "or one given with no duration, stays (a card of PBBL page 46: a skill lasting "
             "while the player holds the ball).", "player", required=True, with_="ability",
             phrase="{subject} no longer has {with}")
    v.effect("hurl", "The player is thrown as a team-mate is thrown (PBBL page 30), with no "
             "player throwing them and no roll to grab them: the target square is N squares "
             "(`by`) away in one direction of the Scatter template (`as`, 1 to 8, PBBL page "
             "13), and from there they scatter `times` times (a throw's three; none, or "
             "left out: they come down in the target square). A player they come down on is "
             "knocked down and they go on one square more; off the pitch, on the way or in "
             "a scatter, the crowd beats them up (page 11); else a landing roll, an Agility "
             "roll with -1 per opposing tackle zone on the square (`test-modifier`, test "
             "`landing`), and knocked down if it fails. In the thrown player's own team turn "
             "a ball carrier who does not land, or a team-mate knocked down, is a turnover "
             "(pages 8 and 30); before that turn begins there is none (cards of PBBL pages "
             "46-47).", "player", required=True, by="number", as_="number",
             times="number", bounds={"by": (0, 30), "as": (1, 8), "times": (0, 3)},
             phrase="{subject} is thrown {by} squares")
    v.effect("bring-on", "A player from the Reserves box comes onto the pitch, standing, in an "
             "empty square (`on`), outside any set-up; for the duration (the game if none) "
             "they may take their team past the 11 players on the pitch of PBBL page 7 (a "
             "card of PBBL page 47).", "player", required=True, on="square",
             durations=True, phrase="{subject} comes onto the pitch on {on}")
    v.query("reserves-box", "A team's players in the Reserves box (PBBL page 12).",
            ("team",), "list[player]", phrase="{0}'s players in the Reserves box")
    v.query("defended-end-zone", "The squares of the end zone a team defends: the one at "
            "the end of its own half, not the one it scores in (PBBL pages 5 and 16).",
            ("team",), "list[square]", phrase="the end zone {0} defends")
    # the cards of pages 48-49
    v.value("team-reroll-allowed", "bool", "Whether a team may use a team re-roll on a "
            "player's roll at all (PBBL page 15: once per team turn, in its own turn; a card "
            "of PBBL page 48 forbids the opponent's for a turn).",
            "whether {team} may use a team re-roll", player="player", team="team",
            test="test-kind")
    v.value("coin-toss-winner", "team", "The team that wins the coin toss to kick or receive "
            "(PBBL page 7; page 16 before overtime): none until the coin is flipped; a rule "
            "that names a team gives it the toss without flipping the coin (a card of PBBL "
            "page 49). `half` is 0 for the toss before the match, 3 before overtime.",
            "the winner of the coin toss", half="number")
    v.value("assists", "number", "How many assists `player` (who blocks or fouls, or is "
            "blocked or fouled) counts against `other`, once the team-mates who may assist "
            "are counted (PBBL pages 22, 24); a card of PBBL page 49 adds one. `cause` is "
            "block or foul.", "the assists for {player}", bounds=(0, 12), player="player",
            team="team", other="player", cause="cause")
    v.value("can-assist", "bool", "Whether `player`, a team-mate standing next to the "
            "opponent with tackle zones, may assist `helped` at all (PBBL page 22; a card of "
            "PBBL page 49 forbids some). `cause` is block or foul.",
            "whether {player} may assist", player="player", team="team", helped="player",
            cause="cause")
    v.effect("add-team-reroll", "The team's team re-rolls go up by one for the rest of the "
             "match: one more now, and one more each time they are restored at half time "
             "(PBBL page 16), as an Extra Team Training inducement's (page 36; a card of PBBL "
             "page 48, ruling bb-card-extra-training).", "team", required=True,
             phrase="{subject} has one more team re-roll for the match")
    v.effect("to-ko-box", "A player in the Dead & Injured box goes to the KO'd box instead: "
             "before each kick-off they roll to come back like any KO'd player (PBBL pages "
             "12, 16; a card of PBBL page 49).", "player", required=True,
             phrase="{subject} goes to the KO'd box")
    v.effect("add-player", "A new player joins the team in the Reserves box, even past 16 "
             "players, with the characteristics `as` [MA, ST, AG, AV] and the skill `with`, "
             "until the match ends (a card of PBBL page 49).", "team", required=True,
             as_="list[number]", with_="ability",
             phrase="a new player joins {subject}")
    v.effect("scatter-ball-on-ground", "The ball lying on the ground moves D6 squares in one "
             "direction, a D8 on the Scatter template as a kick's scatter (PBBL page 7), and "
             "is put down in the square it reaches, with no bounce; if that square is "
             "occupied it goes on one square more the same way, until it reaches an empty "
             "one; the moment it would leave the pitch it stops and the crowd throws it in "
             "from the last square it crossed (page 14; a card of PBBL page 49, ruling "
             "bb-card-woof-woof). Nothing happens while a player holds the ball.",
             phrase="the ball is carried off and put down")
    v.query("wide-zone", "The squares of one wide zone (PBBL page 5): 1, the four rows along "
            "the sideline at y = 1; 2, the four along the other.", ("number",),
            "list[square]", phrase="wide zone {0}")
    v.query("players-in", "The players of either team, standing, Prone or Stunned, in these "
            "squares.", ("list[square]",), "list[player]", phrase="the players in {0}")
    v.query("sideline-squares", "The squares next to a sideline: the pitch's two outermost "
            "rows (PBBL page 5).", (), "list[square]", phrase="the squares by the sidelines")
    v.query("badly-hurt", "A team's players in the Dead & Injured box whose Casualty roll was "
            "Badly Hurt, 11 to 38 on the D68 (PBBL page 32).", ("team",), "list[player]",
            phrase="{0}'s Badly Hurt players")
    v.query("dead", "A team's players in the Dead & Injured box who are Dead: a Casualty roll "
            "of 61 to 68 (PBBL page 32), or killed with no roll (`kill`, page 25).",
            ("team",), "list[player]", phrase="{0}'s Dead players")
    # the cards of pages 50-51
    v.attribute("team", "rerolls", "number",
                "The team re-rolls the team has left (PBBL page 15), not counting an extra one "
                "a kick-off result gave.")
    # Strength and Agility may change for a while, as MA and AV do (cards of PBBL pages
    # 50-51: +1 ST, +1 AG, a player turned into a frog).
    v.settable("player", "strength")
    v.settable("player", "agility")
    v.constant("placed-prone", "injury", "An Injury table result a rule may give: the player "
               "is placed Prone, not Stunned (a card of PBBL page 51 treats an Injury roll "
               "taken below 2 so); pushed into the crowd, they go to the Reserves box.")
    v.event("injured", "A player has suffered an Injury table result (PBBL page 12), rolled "
            "or not (`injury-without-roll`), and it has been applied: Stunned, KO'd, a "
            "Casualty (after the Casualty roll) or `placed-prone`.",
            "{player} is injured", player="player", team="team", result="injury",
            cause="cause", attacker="player")
    v.value("injury-without-roll", "injury", "The Injury table result a player suffers "
            "with no Injury roll made: none, the usual (the roll is made, PBBL page 12), or "
            "the result a rule sets (cards of PBBL page 50 treat an Injury roll, or an armour "
            "break by some opponent, as a Stunned result without rolling). With no Injury "
            "dice, a foul's Injury roll can roll no double (page 24).",
            "the injury {player} suffers without a roll", player="player", team="team",
            attacker="player", cause="cause", blocker="player")
    v.value("can-reroll", "bool", "Whether a player's failed roll may be re-rolled at all, "
            "by a skill or by a team re-roll (PBBL page 15: yes; a card of PBBL page 51 "
            "forbids one player every re-roll). `test` says which roll (`block` for the "
            "Block dice; none for an Armour or Injury roll `player` would re-roll, having "
            "knocked its victim down: a skill of PBBL page 28).",
            "whether {player}'s roll may be re-rolled", player="player",
            team="team", test="test-kind")
    v.effect("lose-team-rerolls", "The team loses N of its team re-rolls for the rest of "
             "the game: N fewer now, and N fewer restored at half time (PBBL page 16); it "
             "never has fewer than none (cards of PBBL pages 50-51).", "team",
             required=True, by="number", bounds={"by": (1, 8)},
             phrase="{subject} loses {by} team re-rolls for the game")
    v.effect("strike", "A standing player is knocked down (placed Prone, an Armour roll and "
             "an Injury roll if it breaks the armour, PBBL page 12) as if by a player with a "
             "skill of PBBL page 28: N is added to the Armour roll when that makes it beat "
             "AV, otherwise to the Injury roll (a Wizard's spells, page 37, which cards of "
             "pages 50-51 copy). A ball they held bounces; no turnover follows by itself.",
             "player", required=True, by="number", bounds={"by": (0, 3)},
             phrase="{subject} is struck down")
    v.effect("lose-skills", "The player loses every skill and trait they have for the "
             "duration: their rules do not run for them, and they have them again when it "
             "ends, except a skill a rule gave for a while whose own time ran out meanwhile "
             "(a card of PBBL page 50 turns a player into a frog with only the skills it "
             "names).", "player", required=True, durations=True,
             phrase="{subject} loses every skill")
    v.effect("field-player", "A temporary player joins the team for the duration, placed "
             "`on` an empty square of the pitch, standing, with the characteristics `as` [MA, "
             "ST, AG, AV] and the skills `with`: a member of the team like any other, who may "
             "take an action in the turn they arrive and may take the team past 11 players on "
             "the pitch; when the duration ends they leave the pitch (a ball they held "
             "bounces) and the team (cards of PBBL pages 50-51). With no duration, until the "
             "game ends.", "team", required=True, on="square", as_="list[number]",
             with_="list[ability]", durations=True,
             phrase="a temporary player joins {subject} on {on}")
    v.query("pitch-players", "Every player on the pitch, of both teams: the team's opponents "
            "first, then its own (a spell's target \"anywhere on the pitch\", PBBL page 37).",
            ("team",), "list[player]", phrase="the players on the pitch")
    v.query("dead-and-injured", "A team's players in the Dead & Injured box (PBBL page 12).",
            ("team",), "list[player]", phrase="{0}'s players in the Dead & Injured box")
    v.query("injured-in-opposing-turn", "A team's players who suffered an Injury table "
            "result, Stunned included (`injured`), during the opposing team's last team turn "
            "(a card of PBBL page 51).", ("team",), "list[player]",
            phrase="{0}'s players injured in the opponent's last turn")
    v.query("end-zone-squares", "The squares of both end zones (PBBL page 5).", (),
            "list[square]", phrase="the squares of the end zones")
