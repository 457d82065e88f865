"""The engine's words, declared once: every line the play-by-play can show, as an English
template with named fields, keyed by a stable id.

The engine writes a `Note` (an id and typed fields), never a finished sentence, so the
narrative can tell the same game in any language: the narrative catalog
(`content/locales/<lang>/narrative.po`, `msgctxt "narrative/<id>"`) holds the translations,
and `nuffle i18n extract` takes its template from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# id -> English template; fields in braces are filled by the narrator in the reader's
# language (players by id, teams by name and side, cards and balls by their names).
MESSAGES: dict[str, str] = {
    # the game and its turns
    "toss-won": "{team} win the toss",
    "turn-start": "round {round}: {team} turn",
    "turn-ended": "{team} ends the turn",
    "get-on-with-it": "Get On With It!: a new ball enters play",
    "last-card-active": "the last Challenge card is active: one more turn each",
    "endgame-begins": "an Endgame Challenge is active: the Endgame has begun",
    "card-discarded": "{card} is discarded from space 1",
    "card-drawn": "{team} draw {card} for this turn",
    "overtime": "a drawn knockout match goes on with a fresh Challenge deck",
    "score": "{team} score {points} for {why}: {home}-{away}",
    "card-claimed": "{team} claim {card} for {points} points",
    "card-claimed-one": "{team} claim {card} for 1 point",
    "clean-sweep": "CLEAN SWEEP for {team}!",
    "bonus-play": "{team} play {play}",
    "rules-stopped": "the rules of {item} went past a limit of the engine: the game stops",
    # a line an item's rules brought about, followed by the item's name in brackets
    "by-rule": "{line} ({rule})",
    # actions
    "action": "{player} ({position}): {action}",
    "action-free": "{player} ({position}): {action} (free)",
    "action-moved": "{player} ({position}): {action} from {start} to {end}",
    "action-free-moved": "{player} ({position}): {action} (free) from {start} to {end}",
    "action-not-made": "{player}'s {action} is not made",
    "action-switched": "{player} makes a {action} action instead",
    "action-never-made": "{player}'s {action} counts as never made",
    "one-more-action": "{team} take one more action",
    "stands-up": "{player} stands up",
    "emergency-reserves": "Emergency Reserves: {player}",
    "comes-on": "{player} comes on at {square}",
    "moves-to": "{player} moves to {square}",
    "swap-abilities": "{player} and {other} swap abilities",
    # blocks and armour
    "block-roll": "{blocker} blocks {target}: {faces}",
    "block-roll-assisted": "{blocker} blocks {target} (assisted): {faces}",
    "block-reroll": "re-roll: {faces}",
    "block-choice": "{team} choose {result}",
    "cannot-be-pushed": "{player} cannot be pushed back",
    "shoved-to": "{player} is shoved to {square}",
    "armour-rerolled": "Armour check re-rolled",
    "armour-check-passed": "Armour check for {player}: {roll} vs {armour}+ passed",
    "armour-check-failed": "Armour check for {player}: {roll} vs {armour}+ failed",
    "knocked-down": "{player} is Knocked Down",
    "injured": "{player} is injured and goes to the Dugout",
    # the ball
    "picks-up": "{player} picks up the ball",
    "takes-ball": "{player} takes the ball ({source})",
    "bounces": "{ball} bounces {direction} to {square}",
    "slides": "{ball} moves {direction} to {square}",
    "ball-enters-play": "{ball} enters play",
    "a-ball-enters-play": "a ball enters play",
    "ball-removed": "{ball} is removed from play",
    "hand-off": "{player} hands the ball off to {target}",
    "throw-auto": "{player} throws to {target}: the check succeeds without a roll",
    "throw-passed": "{player} throws {range} to {target}: {roll} = {result} vs {throw}+ passed",
    "throw-failed": "{player} throws {range} to {target}: {roll} = {result} vs {throw}+ failed",
    "throw-fumble": "{player} throws {range} to {target}: {roll} = {result} vs {throw}+ fumble",
    "trapdoor-opens": "the trapdoor opens under {player}",
    "roll-off-won": "{team} win the roll-off to choose the trapdoor",
    "trapdoor-chosen": "{team} choose the trapdoor at {square}",
    "touchdown-void": "{player}'s touchdown does not count",
    "touchdown": "TOUCHDOWN by {player}!",
    "the-ball": "the ball",
    # around the game
    "game-header": "{home} (home, {home_bot} bot) v {away} (away, {away_bot} bot), seed {seed}",
    "final-score": "Final score: {home} {home_score} - {away_score} {away}: {result} "
                   "({reason}, round {rounds}).",
    "result-draw": "a draw",
    "result-win": "{team} win",
    "log-written": "Log written to {path}; replay it with `nuffle replay {path}`.",
    "board-legend": "{side} {team} ({points} pts, {dugout} in the Dugout): {players}",
}

# id -> a note for the translator beside the example the catalog shows (i18n/domains.py),
# where a field's meaning is not plain from the line
NOTES: dict[str, str] = {
    "score": "{why} is a score term (“a touchdown”, “a Clean Sweep”); {home}-{away} is the "
             "score after it, the home team's first",
    "by-rule": "{line} is another line of the play-by-play, {rule} the name of the card or "
               "ability whose rules brought it about",
    "game-header": "the first line of a game: the teams, the bots coaching them, the seed",
    "final-score": "{result} is the line result-win or result-draw; {reason} an end-reason "
                   "term; {rounds} the number of rounds played",
    "board-legend": "under the pitch drawn as text: {side} is home or away, {dugout} a "
                    "number of players, {players} the team's players with their letters",
    "log-written": "{path} is a file name; keep the command `nuffle replay` as it is",
    "action": "{action} is an action term (run, mark, throw…), {position} the player's "
              "position",
}

# Closed sets of words a message field can hold: category -> value -> English.
TERMS: dict[str, dict[str, str]] = {
    "side": {"home": "home", "away": "away"},
    "score": {"touchdown": "a touchdown", "clean-sweep": "a Clean Sweep"},
    "action": {"run": "run", "mark": "mark", "throw": "throw", "block": "block",
               "sidestep": "sidestep", "stand-up": "stand up", "reserves": "reserves"},
    "block-result": {"knocked-down": "knocked down", "kerrunch": "kerrunch!", "miss": "miss",
                     "tackle": "tackle", "shove": "shove"},
    "direction": {"north": "north", "north-east": "north-east", "east": "east",
                  "south-east": "south-east", "south": "south", "south-west": "south-west",
                  "west": "west", "north-west": "north-west"},
    "throw-range": {"short": "short", "long": "long"},
    "catch-source": {"throw": "throw", "hand-off": "hand-off", "bounce": "bounce",
                     "pick-up": "pick-up"},
    "end-reason": {"sudden death": "sudden death", "last card": "last card",
                   "knockout overtime": "knockout overtime", "round cap": "round cap",
                   "rules error": "rules error"},
}


@dataclass(frozen=True)
class Term:
    """A word from a closed set (an action, a block result): shown in the reader's language."""

    category: str
    value: str


@dataclass(frozen=True)
class Named:
    """A content item by id (a card, a ball, a Bonus Play): shown by its name in the
    reader's language; ``english`` when no translation is loaded."""

    kind: str
    id: str
    english: str


@dataclass(frozen=True)
class Note:
    """One line of the play-by-play, not yet in any language."""

    key: str
    fields: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key not in MESSAGES:
            raise KeyError(f"no message {self.key!r} in MESSAGES")


def card_name(card: Any) -> Named:
    """A Challenge card (`state.Card`) as a message field."""
    return Named("challenge-card", card.item, card.name)
