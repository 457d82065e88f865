"""The Blood Bowl vocabulary for the special play cards about turnovers that do not end the
turn, free turns around the turn marker (PBBL pages 45, 48 and 51)."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
    # ---- turnovers that end only the action (cards of pages 45 and 51) -------------------
    v.event("turnover-suffered", "A turnover has just ended the moving team's turn (PBBL "
            f"{PBBL} page 8), in a team turn its turn marker counts (not a kick-off result's "
            "bonus turn, nor a free turn): the turnover is noted, and nothing of the turn's "
            "end has happened yet (Stunned players are not turned face up, `for this turn` "
            "has not ended, the next turn's handover window has not opened). If a rule here "
            "makes `turnover-ends-turn` false for it, the team's turn goes on: the action "
            "under way has ended, and the players who have not taken an action this turn may "
            "still take one (a card of PBBL page 51; ruling bb-card-come-on-boys). `test` is "
            "the failed roll that caused it, as in `turnover-ends-turn`.",
            "{team} suffer a turnover", team="team", test="test-kind")
    v.value("turnover-ends-turn", "bool", "Whether a turnover ends the moving team's turn "
            "(PBBL page 8: yes; a touchdown ends the drive whatever this says). False: the "
            "action under way ends (it has, at the turnover: a ball bounces first, Armour "
            "and Injury rolls are made) and the team turn goes on, with the players who have "
            "not taken an action yet (cards of PBBL pages 45 and 51). `test` is the failed "
            "roll the turnover came from: `pick-up` for a failed pick-up, `pass` for a "
            "fumbled pass, `catch` for a pass or hand-off not caught by the moving team "
            "after one of its players failed a catch roll on the way (page 8: a failed "
            "catch alone is no turnover, the ball not caught is); none for any other "
            "turnover (a fall, a block, an interception, a pass that no player of the team "
            "tried to catch, a sending-off...).",
            "whether the turnover ends {team}'s turn", team="team", test="test-kind")
    v.value("may-fail-on-purpose", "bool", "Whether `player`'s coach may fail this roll on "
            "purpose (PBBL page 9; a card of PBBL page 45: a pick-up, a catch, or a pass "
            "fumbled). True: before the die is rolled the coach is asked (decision "
            "`fail-on-purpose`); failing on purpose, no die is rolled, the roll fails as a "
            "natural 1 does (a pass is fumbled, page 23), no re-roll is offered, and "
            "`roll-failed` follows as for any roll that failed for good. False unless a rule "
            "says so.", "whether {player} may fail the roll on purpose", player="player",
            team="team", test="test-kind")
    v.effect("count-as-acted", "The player counts as having taken an action in their team's "
             "turn under way: they may declare none this turn (PBBL page 8; a card of PBBL "
             "page 45: a player failing a catch). Nothing happens to one who has acted "
             "already.", "player", required=True, phrase="{subject} counts as having acted")

    # ---- free turns before the turn marker moves (a card of page 48) ---------------------
    v.event("turn-marker-move", "A team turn its turn marker counts is about to begin, "
            "before its turn marker moves (PBBL page 8): `before` it, a card's Timing \"Play "
            "before moving your turn marker\" (page 48). It comes before the previous turn's "
            "handover window (`turn-handover`, which opens as the turn begins) and is not "
            "fired before a kick-off result's bonus turn or a free turn, which no marker "
            "counts (ruling bb-card-hurry-up-offense).", "{team}'s turn marker is about to "
            "move", team="team")
    v.effect("free-turns", "The team takes an immediate free team turn, then its opponent "
             "one (PBBL page 48; ruling bb-card-hurry-up-offense). A free turn is a team "
             "turn that moves no turn marker (page 8): the usual actions, once-per-turn "
             "limits, team re-roll and turnovers; after each action that does not end it, a "
             "D6 that may not be re-rolled, and on a 1 the free turn ends. A touchdown the "
             "team would score in its free turn is not scored: its free turn ends there (a "
             "touchdown ends a team turn, page 8); at the end of the opponent's free turn it "
             "is scored, as in the team's own turn (no turn marker moves, page 16), if a "
             "standing player of the team still holds the ball in that end zone, and is lost "
             "otherwise. While it waits, that player in the end zone scores nothing. Any "
             "other touchdown counts at once as usual and ends the drive (the opponent's in "
             "its free turn too). Then the turn whose marker was about to move begins as "
             "usual.", "team", required=True,
             phrase="{subject} and then its opponent take a free turn")
