"""The Blitz Bowl vocabulary: every name Blitz Bowl content may use.

Rules citations: Blitz Bowl Season 2 rulebook (000_ff9920886d8c191d.txt), pages 6-11.
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.common import declare_common, declare_squares
from nuffle.interpreter.vocabulary.model import Vocabulary


def build() -> Vocabulary:
    v = Vocabulary("blitz-bowl")
    declare_common(v)

    # ---- types and their attributes -------------------------------------------------
    v.type("player", "A player model on a team.",
           team=("team", "The player's team."),
           status=("status", "The player's status (page 7): open, marked, prone, or dugout."),
           square=("square", "The square the player is in; none in the Dugout."),
           ball=("ball", "The ball the player holds; none when they hold none."),
           marked=("bool", "Standing next to an opponent who is not Prone (page 7)."),
           open=("bool", "Standing and next to no opponent who is not Prone (page 7)."),
           prone=("bool", "On the pitch and Prone (page 7)."),
           on_pitch=("bool", "On the pitch, standing or Prone."),
           in_dugout=("bool", "In the Dugout, off the pitch."),
           held=("bool", "Holding a ball."),
           actions_this_turn=("list[action]", "The actions the player made this turn as "
                              "one of the turn's actions (free actions not counted)."),
           move=("number", "The Move value printed on the player's card (page 6)."),
           throw=("number", "The Throw value: the Throw check passes on this or more "
                  "(page 10)."),
           armour=("number", "The Armour value: the Armour check passes on this or more "
                   "(page 7)."),
           position=("string", "The id of the player's position on the team card."),
           abilities=("list[ability]", "The player's abilities (content ids)."),
           standing=("bool", "On the pitch and not Prone."),
           adjacent_opponents=("list[player]", "The opposing players in the eight squares "
                               "around the player, Prone or not."))
    v.type("team", "One side of the game.",
           score=("number", "The team's points."),
           players=("list[player]", "All the team's players, on the pitch or in the Dugout."),
           players_on_pitch=("list[player]", "The team's players on the pitch."),
           dugout=("list[player]", "The team's players in the Dugout."),
           hand=("list[card]", "The Challenge cards in the coach's hand (page 11)."),
           coach=("coach", "The team's coach."),
           opponent=("team", "The other team."),
           end_zone=("list[square]", "The squares of the end zone the team sets up in and "
                     "defends; the other team scores there (page 10)."))
    v.type("ball", "A ball in play (its card's rules apply while it is in play).",
           holder=("player", "The player holding the ball; none when it is loose."),
           square=("square", "The ball's square: its holder's, or where it lies."),
           in_play=("bool", "Whether the ball is in play (page 10: it enters through a "
                    "trapdoor)."),
           held=("bool", "Whether a player holds the ball."))
    v.type("card", "A Challenge card (front) with its Bonus Play (back).",
           points=("number", "The points the card scores when claimed (page 11)."),
           endgame=("bool", "Whether it is an Endgame Challenge card (page 12)."))
    v.type("coach", "A real-life person playing the game.",
           team=("team", "The coach's team."))
    declare_squares(v, "A square of the pitch, 11 squares wide and 19 long (ruling "
                    "pitch-layout).",
                    x=("Across the pitch, from 0 at the left edge to 10 (ruling "
                       "pitch-layout), as scenarios and the game log number squares.", (0, 10)),
                    y=("Along the pitch, from 0 in the end zone of coach A (the coach who "
                       "sets up first) to 18 in coach B's (ruling pitch-layout).", (0, 18)))
    v.attribute("square", "trapdoor", "bool", "Whether the square holds a trapdoor, where "
                "balls come into play (page 10).")
    v.attribute("square", "blocked", "bool", "Whether the square is blocked (page 3: a red "
                "border): no player may enter it (page 8) and no ball bounces into it (page 10).")
    v.type("string", "Text.")
    v.type("ability", "A player ability (content id).")
    v.type("ball-card", "A ball card (content id).")
    v.type("list[player]", "Players.")
    v.type("list[action]", "Actions.")
    v.type("list[square]", "Squares.")
    v.type("list[card]", "Cards.")
    v.type("list[ball]", "Balls.")
    v.type("list[team]", "Teams.")

    v.enum("action", "One of the seven actions (page 8).",
           "run mark throw block sidestep stand-up reserves")
    v.enum("status", "A player's status (page 7).", "open marked prone dugout")
    v.enum("block-result", "A face of the Block dice (page 9).",
           "knocked-down kerrunch miss tackle shove")
    v.enum("catch-source", "How the ball came to a player.", "throw hand-off bounce pick-up")
    v.enum("throw-range", "Short or long throw (page 10).", "short long")
    v.enum("throw-penalty-kind", "A throwing penalty (page 10).", "long-throw obstructed target-marked")
    v.enum("cause", "What caused a knock-down, armour check or injury.",
           "block trapdoor ball-effect ability effect")
    v.enum("bounce-cause", "Why a ball bounces (page 10).",
           "knock-down failed-catch failed-pick-up fumble landing trapdoor effect")
    v.enum("move-rule", "How a move may go near opponents (pages 8-9).",
           "no-adjacent end-marking end-open stop-on-adjacent none")
    v.enum("setup-area", "Where a team may set up.", "end-zone end-zone-and-adjacent")
    v.enum("direction", "A bounce chart direction.",
           "north north-east east south-east south south-west west north-west")
    v.constant("last-turn", "bool", "True during a team's last turn of the game.")
    v.constant("teams", "list[team]", "Both teams.")
    v.constant("balls-in-play", "list[ball]", "Every ball in play.")

    # ---- occurrences ------------------------------------------------------------------
    v.event("game-start", "The game begins, after set-up.", "the game begins")
    v.event("setup", "A team sets up in its end zone (page 4).", "{team} sets up", team="team")
    v.event("turn-start", "A team's turn begins, before No Ball in Play (page 6).",
            "{team}'s turn begins", team="team")
    v.event("emergency-reserves", "The Emergency Reserves step of a team's turn (page 6), "
            "after No Ball in Play; it comes every turn, whether or not the team has fewer than "
            "three players on the board (page 9).", "{team} reaches the Emergency Reserves step",
            team="team")
    v.event("turn-end", "A team's turn ends, after Refresh (page 6).", "{team}'s turn ends",
            team="team")
    v.event("action", "A player makes an action; `before` is as it is chosen, `after` once done. "
            "`choices` are the actions they could make in its place, the action itself "
            "included: for one of the turn's actions, those they can still make this turn; for "
            "a free action, those the rule giving it allows (one, unless the coach chose among "
            "several).",
            "{player} makes [a {action}|an] action", player="player", team="team", action="action",
            free="bool", choices="list[action]")
    v.event("action-choice", "The coach of the team whose turn it is is about to choose what "
            "to do next (page 8): one of the turn's actions, a free action a rule offers "
            "(`offer-free`), or end the turn. It comes before each choice, also once the turn's "
            "actions are used up.", "{team}'s coach chooses what to do next", team="team")
    v.event("move", "A player moves one square.", "{player} moves", player="player",
            team="team", action="action", from_="square", to="square")
    v.event("block-roll", "The Block dice are rolled (page 9).", "the Block dice are rolled[ for {blocker}]",
            blocker="player", target="player", team="team", assisted="bool")
    v.event("block", "A block is resolved with its result.", "{blocker} blocks {target}",
            blocker="player", target="player", team="team", result="block-result")
    v.event("knocked-down", "A player is Knocked Down (page 9).", "{player} is Knocked Down",
            player="player", team="team", cause="cause", attacker="player")
    v.event("armour-check", "An Armour check is made (page 7).",
            "an Armour check is made for {player}", player="player", team="team", cause="cause",
            attacker="player", passed="bool")
    v.event("injury", "A player is injured and goes to the Dugout (page 9).",
            "{player} is injured", player="player", team="team", cause="cause",
            attacker="player")
    v.event("pick-up", "A player picks up the ball (page 8).", "{player} picks up the ball",
            player="player", team="team", ball="ball")
    v.event("bounce", "A ball bounces (page 10).", "[{ball}|the ball] bounces", ball="ball",
            from_="square", to="square", cause="bounce-cause", player="player")
    v.event("throw", "A Throw action resolves (page 10).", "{player} throws the ball",
            player="player", team="team", ball="ball", target="player", range="throw-range",
            hand_off="bool", success="bool", penalised="bool")
    v.event("throw-check", "A Throw check is made (page 10).", "a Throw check is made[ with {ball}]",
            player="player", team="team", ball="ball", target="player", passed="bool")
    v.event("catch", "A player takes possession of a ball thrown, handed off or bounced to them.",
            "{player} catches [{ball}|the ball]", player="player", team="team", ball="ball",
            source="catch-source")
    v.event("gain-possession", "A player takes possession of a ball in any way.",
            "{player} takes possession of [{ball}|the ball]", player="player", team="team",
            ball="ball", source="catch-source", had_at_turn_start="bool")
    v.event("touchdown", "A touchdown is scored (page 10).", "{team} scores a touchdown",
            player="player", team="team", ball="ball")
    v.event("ball-lands", "A bouncing ball lands in a square, before the player there takes it "
            "or it bounces on (page 10).", "[{ball}|the ball] lands", ball="ball", square="square",
            player="player")
    v.event("bonus-play", "A coach plays a Bonus Play from their hand (page 11).",
            "{team} plays a Bonus Play", team="team", card="card", play="string")
    v.event("ball-enters-play", "A ball enters play through a trapdoor (page 10).",
            "a ball enters play", ball="ball")
    v.event("ball-removed", "A ball is removed from play.", "a ball is removed from play",
            ball="ball")
    v.event("claim-step", "The Claim Challenge Card step after an action (page 11).",
            "the Claim step after {team}'s action", team="team", action_number="number")
    v.event("card-claimed", "A coach claims a Challenge card (page 11).", "{team} claims a card",
            team="team", card="card")
    v.event("refresh", "Active Challenge cards are refreshed (page 11).",
            "the Challenge cards are refreshed", team="team")
    v.event("clean-sweep", "A coach claims all three active cards in one turn (page 11).",
            "{team} makes a Clean Sweep", team="team")

    # ---- values (for `modify`) ----------------------------------------------------------
    v.value("move-allowance", "number", "How many squares a move may cover (Run: Move; Mark: 2; "
            "Sidestep: 1).", "the squares {player} may move", bounds=(0, 30), player="player",
            action="action")
    v.value("move-restriction", "move-rule", "How a move may go near opponents.",
            "how {player} may move near opponents", player="player", action="action")
    v.value("can-pick-up", "bool", "Whether a player who moves onto a loose ball picks it up "
            "(page 8): true in a Run, else false; `action` is the action they are making, none "
            "when they are pushed (ruling moved-onto-the-ball).",
            "whether {player} picks up the ball", player="player", action="action", ball="ball")
    v.value("block-assisted", "bool", "Whether a block is Assisted (page 9).",
            "whether the block is Assisted", blocker="player", target="player")
    v.value("block-result", "block-result", "The Block dice result chosen.",
            "the block result[ for {blocker}][ against {target}]", blocker="player", target="player")
    v.value("armour-modifier", "number", "The modifier to an Armour check roll.",
            "the Armour check modifier", bounds=(-6, 6), player="player", cause="cause",
            attacker="player")
    v.value("throw-penalty", "number", "How much one throwing penalty subtracts (normally 1).",
            "the throwing penalty[ with {ball}]", bounds=(0, 6), player="player", ball="ball",
            target="player", penalty="throw-penalty-kind")
    v.value("throw-modifier", "number", "An extra modifier to a Throw check.",
            "the Throw check modifier[ with {ball}]", bounds=(-6, 6), player="player", ball="ball",
            target="player")
    v.value("throw-range-allowed", "bool", "Whether a throw of that range may be made.",
            "whether the throw may be made", player="player", ball="ball", range="throw-range")
    v.value("bounce-roll", "number", "The d8 result used for a bounce (page 10); a rule that "
            "sets it replaces the roll, and no d8 is rolled.",
            "the bounce roll", bounds=(1, 8), ball="ball", cause="bounce-cause",
            player="player")
    v.value("bounce-result", "number", "The d8 rolled for a bounce (page 10), as it is read "
            "on the bounce chart: the d8 is rolled first, then rules change the result. Not "
            "asked when a rule set `bounce-roll` (no d8 was rolled).",
            "the bounce result", bounds=(1, 8), ball="ball", cause="bounce-cause",
            player="player")
    v.value("knocked-down-prone", "bool", "Whether a Knocked Down player is placed Prone.",
            "whether {player} is placed Prone", player="player")
    v.value("touchdown-scored", "bool", "Whether a touchdown counts.",
            "whether the touchdown counts", player="player", team="team", ball="ball")
    v.value("touchdown-points", "number", "Points for a touchdown (3, page 10).",
            "the points for a touchdown", bounds=(0, 10), team="team", player="player")
    v.value("clean-sweep-points", "number", "Bonus points for a Clean Sweep (2, page 11).",
            "the points for a Clean Sweep", bounds=(0, 10), team="team")
    v.value("trapdoor-roll", "number", "The d6 deciding the trapdoor (1-3 left, 4-6 right).",
            "the trapdoor roll", bounds=(1, 6), team="team")
    # Asked of each coach in turn (the coach whose roll it is first) before the d6 is rolled.
    # A coach whose rules make it true chooses the trapdoor instead, and no d6 is rolled; when
    # both coaches' rules make it true, each coach rolls a d8, re-rolling ties, and the higher
    # roll chooses: the roll-off printed on the Coach Traits table (000_ff9920886d8c191d.txt,
    # roll 9), taken as the rule whenever both coaches would choose the trapdoor.
    v.value("chooses-trapdoor", "bool", "Whether a coach chooses which trapdoor a new ball "
            "comes out of instead of rolling for it (pages 4 and 10). When both coaches would "
            "choose, a d8 roll-off (ties re-rolled) decides which of them chooses.",
            "whether {team} chooses the trapdoor", team="team")
    v.value("setup-zone", "setup-area", "Where a team may set up.", "where {team} may set up",
            team="team")
    v.value("claim-points", "number", "Points a claimed card scores.", "the card's points",
            bounds=(0, 10), team="team", card="card")

    # ---- parameters (top-level `set` in a coach trait) ----------------------------------
    # Their ranges keep a game playable: a starting score below the Sudden Death margin of 10
    # (page 11), a hand of up to 10 cards, at least one action a turn (page 8).
    v.settings_kinds = {"coach-trait"}
    v.parameter("starting-score", "A team's score at the start of the game.", "number", 0,
                bounds=(0, 9))
    v.parameter("hand-size", "Challenge cards a coach may keep at the end of a turn (page 11).",
                "number", 3, bounds=(0, 10))
    v.parameter("sudden-death-margin", "By how much a team must exceed this team's score to "
                "win by Sudden Death (page 11).", "number", 10, bounds=(1, 30))
    v.parameter("actions-per-turn", "Actions a team makes each turn (page 8).", "number", 3,
                bounds=(1, 10))

    # ---- effects ----------------------------------------------------------------------------
    v.effect("free", "A free action (page 8), now: it does not count towards the turn's "
             "actions, and may be one the player already made this turn. Nothing happens if "
             "the player cannot make it.",
             "action", required=True, by="player", up_to="number", bounds={"up to": (0, 30)},
             phrase="{by} makes a free {subject} action[ of up to {up to} squares]")
    v.effect("free-choice", "A free action (page 8), now, of the coach's choice: any action "
             "the player can make as a free action. Nothing happens if they can make none.",
             by="player", phrase="{by} makes a free action of the coach's choice")
    v.effect("offer-free", "Offer a free action (page 8) at the action decision "
             "(`before action-choice`): the coach may take it, shown as `PLAYER ACTION free`, "
             "besides the turn's actions and also once they are used up. Only a player of the "
             "team whose turn it is who can make it now is offered it. A hook's `once` limit is "
             "used when the coach takes the offer, not when it is made.",
             "action", required=True, offers=True, by="player",
             phrase="{by} can make a free {subject} action now")
    v.effect("extra-action", "A team makes one more action this turn; it is not free.", "team",
             required=True, phrase="{subject} makes one more action this turn")
    v.effect("knock-down", "Knock a player down (page 9).", "player", required=True,
             with_="number", bounds={"with": (-6, 6)},
             phrase="{subject} is Knocked Down[, with {with} to the Armour check]")
    v.effect("injure", "Injure a player: to the Dugout (page 9).", "player", required=True,
             phrase="{subject} is injured")
    v.effect("armour-check", "Make an Armour check for a player (page 7).", "player",
             required=True, with_="number", bounds={"with": (-6, 6)},
             phrase="make an Armour check for {subject}[, with {with} to the roll]")
    v.effect("shove", "Push a player one square away (page 9).", "player", required=True,
             phrase="{subject} is shoved")
    v.effect("bounce", "Make a ball bounce (page 10).", "ball", required=True, from_="square",
             times="number", bounds={"times": (1, 8)},
             phrase="{subject} bounces[ from {from}][ {times} times]")
    v.effect("remove", "Remove a ball from play.", "ball", required=True,
             phrase="{subject} is removed from play")
    v.effect("void-action", "The current action is treated as never made.",
             phrase="the action counts as never made")
    v.effect("end-actions", "The player can make no more actions, free actions included, "
             "until the end of this turn, whoever's turn it is (page 9).", "player",
             required=True, phrase="{subject} can make no more actions this turn")
    v.effect("move", "Move a player to a square.", "player", required=True, to="square",
             phrase="{subject} moves to {to}")
    v.effect("switch-action", "The player makes another action instead.", to="action",
             phrase="the player makes another action instead: {to}")
    v.effect("succeed", "The current check succeeds without rolling.",
             phrase="the check succeeds")
    v.effect("fail", "The current check fails.", phrase="the check fails")
    v.effect("swap-abilities", "Two players swap their abilities.", "player", required=True,
             with_="player", durations=True, phrase="{subject} and {with} swap abilities")
    v.effect("redirect-claim", "The claimed card goes to another team.", to="team",
             phrase="{to} claims the card instead")
    v.effect("draw-endgame-challenge", "Draw an unused Endgame Challenge card for this turn.",
             durations=True, phrase="draw an unused Endgame Challenge card")
    v.effect("score", "Score points.", "number", required=True, to="team",
             bounds={"subject": (0, 10)},
             phrase="{to} scores {subject} points")
    v.effect("slide", "Move a ball square by square in one direction; it stops before a player "
             "or a blocked square, and at the pitch's edge.", "ball", required=True,
             to="direction", up_to="number", bounds={"up to": (0, 30)},
             phrase="{subject} moves up to {up to} squares towards {to}")
    v.effect("choose-bounce", "The coach chooses the bounce direction.", "ball",
             phrase="the coach chooses where {subject} bounces")

    # ---- queries -------------------------------------------------------------------------
    v.query("adjacent", "Whether two players or squares are adjacent.", ("any", "any"), "bool",
            phrase="{0} is adjacent to {1}")
    v.query("players-near", "Players in or adjacent to a square, player or ball.", ("any",),
            "list[player]", phrase="the players in or next to {0}'s square")
    v.query("legal-actions", "The actions a player could still make this turn as one of the "
            "turn's actions (page 8): none for a player of the team whose turn it is not.",
            ("player",), "list[action]", phrase="the actions {0} can still make")
    v.query("free-actions", "The actions a player could make now as a free action (page 8): "
            "those their status allows and the board permits, made this turn or not; none once "
            "they can make no more actions this turn.", ("player",), "list[action]",
            phrase="the actions {0} can make as a free action")
    v.query("bounce-direction", "The bounce chart's direction for a d8 result (page 10).",
            ("number",), "direction", phrase="the bounce chart direction for {0}")
    v.query("armour-check-fails", "Make an Armour check for a player through the dice (page 7) "
            "and tell whether it failed.", ("player",), "bool",
            phrase="an Armour check for {0} fails")
    v.query("distance", "Squares between two places.", ("any", "any"), "number",
            phrase="the distance from {0} to {1}")

    # ---- table categories: the event each kind of table is rolled on ----------------------
    v.table_category("block-dice", "block", "The Block dice face chosen for a block (page 9).")
    v.table_category("bounce-chart", "bounce", "The d8 direction a ball bounces in (page 10).")

    # ---- context names per content kind ----------------------------------------------------
    v.context("ability", {"self": "player", "own": "team", "opponent": "team"})
    v.context("ball", {"this-ball": "ball"})
    v.context("coach-trait", {"own": "team", "opponent": "team"})
    v.context("challenge-card", {"own": "team", "opponent": "team", "this-card": "card"})
    v.context("bonus-play", {"own": "team", "opponent": "team", "this-card": "card"})
    v.context("table", {"own": "team", "opponent": "team"})
    return v
