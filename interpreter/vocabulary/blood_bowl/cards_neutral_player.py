"""The Blood Bowl vocabulary for the special play cards about a player who belongs to neither
team (PBBL page 44): a player thrown on from the crowd whom either coach may move."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
    # ---- a player any coach may move, between the turns (a card of page 44) ---------------
    v.effect("coach-action", "The coach of the team `by` is asked whether the player takes "
             "an action (`as`) at once, outside any team turn (a `may` question); if so the "
             "player, with his whole movement allowance, acts as that "
             "coach's own player for the whole action, whichever team lists him: the coach "
             "makes every decision of it, no team re-roll may be used (PBBL page 15), and a "
             "turnover ends only the action (PBBL page 45). A Stunned player, or one off the "
             "pitch, takes none. Afterwards he is listed with his team again (a card of PBBL "
             "page 44: a player from the crowd who belongs to neither team, whom each coach may "
             "move after his own turn; ruling bb-card-fanatic-invasion).", "player",
             required=True, as_="action", by="team",
             phrase="{by}'s coach may have {subject} take a {as} action")
    v.value("can-be-blocked", "bool", "Whether a standing `player` next to `blocker` may be "
            "chosen as the target of a block, in a Block action or a Blitz (PBBL page 10: an "
            "opposing player). True unless a rule says otherwise (a card of PBBL page 44: a "
            "player who belongs to neither team is nobody's opponent; ruling "
            "bb-card-fanatic-invasion). A player it forbids is nobody's `adjacent-opponents` "
            "either; one in the way of a move on the Throw-in template is blocked all the "
            "same (page 25).",
            "whether {player} may be blocked", player="player", team="team",
            blocker="player")
