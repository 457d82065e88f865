"""The Blood Bowl vocabulary for the special play cards about the set-up of a drive and the
Kick-Off table's contests (PBBL pages 44, 45 and 51)."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
    # ---- a drive's set-up (PBBL pages 7 and 16; cards of pages 45 and 51) ----------------
    v.attribute("player", "cost", "number",
                "What the player cost to hire: their position's cost on their team list (PBBL "
                "pages 17 and 52-58), the Team Value they add; 0 for a player a rule adds for "
                "the match (cards of pages 49-51). Improvements are not tracked (page 33).")
    v.event("ko-recovery-rolls", f"A drive is about to be set up (PBBL {PBBL} page 16): "
            "fired `before` each team's KO'd players roll to come back, the kicking team "
            "first; none of the team's players is set up yet (both teams roll before the "
            "kicking team sets up, page 7). A card's Timing \"before you set up any players "
            "for a drive\" (page 45).", "{team}'s KO'd players are about to roll to come back",
            team="team")
    v.query("ko-box", "A team's players in the KO'd box (PBBL page 12).", ("team",),
            "list[player]", phrase="{0}'s players in the KO'd box")
    v.effect("set-up-stunned", "Their coach picks any of these players in the KO'd box, one "
             "at a time, 11 at most: they roll no D6 to come back (PBBL page 16) but go to the "
             "Reserves box, and in their team's coming set-up they are set up before its other "
             "players, face-down, Stunned, within the usual limits of page 7 (they count among "
             "the 11 players, the three on the line of scrimmage and the two per wide zone); "
             "one who could not be set up goes back to the KO'd box (a card of PBBL page 45, "
             "ruling bb-card-wake-up-call).", "list[player]", required=True,
             phrase="the coach may set up {subject} Stunned")
    v.effect("turn-face-up", "A Stunned player is turned face up: Prone (PBBL page 12; a card "
             "of page 45). Nothing happens to any other player.", "player", required=True,
             phrase="{subject} is turned face up")
    v.query("set-up-eligible", "A team's players who may be set up for the coming drive: in "
            "the Reserves box, and not made to miss the drive (`miss-next-drive`; PBBL pages "
            "7 and 16). Read before the team sets up, the KO'd players who came back are "
            "among them.", ("team",), "list[player]",
            phrase="{0}'s players who may be set up for this drive")
    v.query("most-expensive", "The two players of a list with the highest cost (`cost`), "
            "with every player tied for either place: all those tied for the highest cost "
            "when two or more are; else the dearest and all those tied for the next cost (a "
            "card of PBBL page 51, ruling bb-card-i-am-the-greatest). Empty or one player "
            "if the list is.", ("list[player]",), "list[player]",
            phrase="the dearest two of {0}")
    v.effect("sit-out-one", "Of these players, two or more, their team's coach chooses one "
             "who may not be set up for the coming drive: they stay in the Reserves box (as "
             "`miss-next-drive`); with fewer than two, nothing happens (a card of PBBL page "
             "51, ruling bb-card-i-am-the-greatest).", "list[player]", required=True,
             phrase="one of {subject} sits the drive out")

    # ---- the Kick-Off table's contests (PBBL page 20; a card of page 44) -----------------
    v.enum("coaching-staff", "A team's coaching staff on its roster (PBBL page 18): its "
           "cheerleaders and its assistant coaches.", "cheerleaders assistant-coaches")
    v.value("kick-off-contest-winner", "team", "The team that wins a contest of a Kick-Off "
            "table result in which both coaches roll and add what their team counts of a "
            "coaching staff (`staff`: cheerleaders or assistant coaches; PBBL page 20, BB2020 "
            "Kick-off Event): none, and the dice decide; or the team a rule names, to which "
            "the result's rules give the contest with no dice rolled, the other team neither "
            "winning nor tying (a card of PBBL page 44, ruling bb-card-that-babes-got-talent). "
            "Asked only by the results whose rules read `contest-winner`: in the PBBL and "
            "BB2020 tables, the two contests that add cheerleaders or assistant coaches.",
            "the winner of the Kick-Off contest",
            kicking_team="team", receiving_team="team", staff="coaching-staff")
    v.query("contest-winner", "The team a rule makes win this Kick-Off result's contest "
            "counting the given coaching staff (`kick-off-contest-winner`), or none: read by "
            "a Kick-Off table result's rules before its dice are rolled (PBBL page 20).",
            ("coaching-staff",), "team", phrase="the team that wins the contest of {0}")
