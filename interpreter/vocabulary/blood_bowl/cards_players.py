"""The Blood Bowl vocabulary for the special play cards about players who lose or swap their
skills, characteristics or team for a while (PBBL pages 44 and 50): a duration of two
turns, skills that may not be used, a player who plays for the other team."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
    # ---- a duration: this turn and the opposing team's next (two cards of page 44) --------
    v.scope("turn-pair", "until the end of the opposing team's next team turn: the turn under "
            "way and the one the other team takes after it (\"for your turn and your "
            f"opponent's turn\", PBBL {PBBL} page 44); a drive that ends first, with a "
            "touchdown or the end of the half, ends it too (ruling bb-card-eclipse)")

    # ---- skills that may not be used (a card of page 44) -----------------------------------
    v.effect("lose-skills-except", "The player loses every skill and trait they have for "
             "the duration except those `with` names: the rules of the others do not run "
             "for them, and they have them again when it ends; a skill named that they do "
             "not have is not given (a card of PBBL page 44: only the skills that must be "
             "used are left; ruling bb-card-heckler).", "player", required=True,
             with_="list[ability]", durations=True,
             phrase="{subject} loses every skill but {with}")

    # ---- a player who plays for the other team (a card of page 50) ----------------------
    v.effect("switch-team", "For the duration the player is a member of the team `to`: they "
             "are listed with it, so its coach may have them take an action in its turn "
             "(they have taken none yet), its team re-rolls are used for their rolls, they "
             "exert tackle zones on their own team's players and assist the team they now "
             "play for, and a roll of theirs that fails in its turn is that team's turnover "
             "(PBBL pages 8-10, 15, 22); they may take it past 11 players on the pitch. When "
             "the duration ends they go back to their own team wherever they are (on the "
             "pitch, holding the ball or not, or in a box of the Dugout) and their `acted` is "
             "what it was before (a card of PBBL page 50; ruling bb-card-blackmail). With no "
             "duration, for the rest of the game.", "player", required=True, to="team",
             durations=True, phrase="{subject} plays for {to}")
    v.value("can-score", "bool", "Whether a standing `player` holding the ball in the end "
            "zone their team scores in, at the end of an action or pushed there, scores a "
            "touchdown (PBBL page 16: yes). False: no touchdown, and an action of theirs goes "
            "on as if they stood anywhere else (a card of PBBL page 50: the referee sees a "
            "player who plays for the other team for a turn as an opponent).",
            "whether {player} may score", player="player", team="team")
