"""The Blood Bowl engine's entry points for the shared core (see nuffle.interpreter.games)."""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.blood_bowl.ruleset import TABLE_EDITIONS, Ruleset
from nuffle.interpreter.blood_bowl.ruleset import load_ruleset as _load
from nuffle.interpreter.blood_bowl.ruleset import team_ids as _team_ids
from nuffle.interpreter.bots import RandomBot
from nuffle.interpreter.dice import Dice

from nuffle.catalogue.model import Catalogue

NAME = "Blood Bowl (PBBL 1.10)"
BOTS: dict[str, type] = {"random": RandomBot, "greedy": BloodBowlGreedyBot}
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object", "properties": {
        "tables": {"enum": sorted(TABLE_EDITIONS)}, "overtime": {"type": "boolean"},
        # the roster files a match was played with, whole, so that its log replays alone
        "rosters": {"type": "object", "additionalProperties": False, "properties": {
            side: {"type": "object"} for side in ("home", "away")}},
        # special play cards (PBBL page 43): the decks each coach draws one card from, or the
        # gold each coach spends on them; written only when used (interpreter/blood_bowl/cards.py)
        "cards": {"type": "array", "maxItems": 104,
                  "items": {"type": "string", "minLength": 1, "maxLength": 100}},
        "card-gold": {"type": "integer", "minimum": 0, "maximum": 10_000_000}},
    "required": ["tables", "overtime"], "additionalProperties": False}


# the command-line options that are this game's own: flag -> argparse destination
OPTION_FLAGS = {"--tables": "tables", "--cards": "cards"}


def options_from_args(parser: Any, ruleset: Ruleset, args: Any) -> Options:
    return make_options(tables=getattr(args, "tables", None) or "pbbl",
                        debug=getattr(args, "debug", False),
                        rosters=getattr(args, "rosters", None) or {},
                        **card_options(parser, ruleset, getattr(args, "cards", None)))


def card_options(parser: Any, ruleset: Ruleset, value: str | None) -> dict[str, Any]:
    """`--cards`: the special play card decks each coach draws one card from, comma-separated
    (a deck named twice, two cards), or a sum of gold each coach spends on cards (PBBL
    page 43); without it, no cards."""
    if not value:
        return {}
    text = value.strip().replace(",", "").replace("_", "")
    if text.isdigit():
        return {"card_gold": int(text)}
    decks = [d.strip() for d in value.split(",") if d.strip()]
    unknown = [d for d in decks if d not in ruleset.card_decks]
    if unknown or not decks:
        parser.error(f"--cards: no special play card deck `{', '.join(unknown)}`; decks: "
                     f"{', '.join(sorted(ruleset.card_decks))} (or a sum of gold, like 150000)")
    return {"cards": tuple(decks)}


def load_ruleset(extra: Iterable[Path] = (), catalogue: Catalogue | None = None) -> Ruleset:
    return _load(extra, catalogue)


def team_ids(catalogue: Catalogue) -> frozenset[str]:
    return _team_ids(catalogue)


def new_game(ruleset: Ruleset, home: str, away: str, agents: dict, seed: int | None,
             options: Options, dice: Dice | None = None) -> Match:
    return Match(ruleset, home, away, agents, seed=seed, options=options, dice=dice)


def make_options(tables: str = "pbbl", debug: bool = False, rosters: dict | None = None,
                 cards: tuple[str, ...] = (), card_gold: int = 0, **_: Any) -> Options:
    return Options(tables=tables, debug=debug, rosters=dict(rosters or {}),
                   cards=tuple(cards), card_gold=card_gold)


def options_record(options: Options) -> dict:
    record: dict[str, Any] = {"tables": options.tables, "overtime": options.overtime}
    if options.rosters:
        record["rosters"] = options.rosters
    if options.cards:
        record["cards"] = list(options.cards)
    if options.card_gold:
        record["card-gold"] = options.card_gold
    return record


def options_from_record(record: dict) -> Options:
    return Options(tables=record["tables"], overtime=record["overtime"],
                   rosters=dict(record.get("rosters") or {}),
                   cards=tuple(record.get("cards") or ()),
                   card_gold=int(record.get("card-gold") or 0))


def header_problems(ruleset: Ruleset, header: dict) -> list[str]:
    """What keeps a log's header from being played again with this content: an unknown
    team, or a roster it carries that is no longer a legal team of its list."""
    from nuffle.catalogue.rosters import problems
    from nuffle.catalogue.schemas import validator
    out = [f"the {side} team `{header[side]}` is not a Blood Bowl team of the content"
           for side in ("home", "away") if header[side] not in ruleset.teams]
    out += [f"`{deck}` is not a special play card deck of the content"
            for deck in (header.get("options") or {}).get("cards") or ()
            if deck not in ruleset.card_decks]
    for side, roster in ((header.get("options") or {}).get("rosters") or {}).items():
        name = header.get(side)
        team = ruleset.teams.get(name) if name is not None else None
        error = next(iter(validator("roster").iter_errors(roster)), None)
        if error is not None:  # a log is untrusted: its roster is checked as a file would be
            out.append(f"the {side} roster is not a valid roster: {error.message}")
            continue
        if team is None or roster.get("team") != header.get(side):
            out.append(f"the {side} roster is not a roster of the {side} team")
            continue
        out += [f"the {side} roster: {message}" for _, message, _ in problems(roster, team)]
    return out


def state_digest(m: Match) -> str:
    """A short hash of the final state: where every player is, the ball, the score, the
    turn markers and the re-rolls left."""
    state = {
        "score": [m.home.score, m.away.score],
        "players": [[p.id, p.where, p.square.label() if p.square else None, p.standing,
                     p.stunned] for t in m.teams for p in t.players],
        "ball": [m.holder.id if m.holder else None, m.ball.label() if m.ball else None],
        "turns": [t.turn_marker for t in m.teams],
        "rerolls": [[t.rerolls, t.extra_rerolls] for t in m.teams],
        "half": m.half, "weather": m.weather,
    }
    cards = m.play_cards
    if cards.serial:  # special play cards were dealt: the hands and the discard pile
        state["cards"] = [[c.item for c in cards.hands[side]] for side in ("home", "away")] \
            + [[c.item for c in cards.discard]]
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def narrator(m: Match, out: Callable[[str], None], words: Any) -> Callable[[str, Any], None]:
    from nuffle.interpreter.blood_bowl.narrate import Narrator, render_pitch
    return Narrator(m, out, render_pitch, words)


def narrative_words(lang: str, catalogue: Any) -> Any:
    from nuffle.i18n.translations import blood_bowl_words
    return blood_bowl_words(lang, catalogue)


def start_line(words: Any, m: Match, bots: tuple[str, str], seed: int) -> str:
    def name(team: Any) -> str:
        return words.name("team", team.id, team.name)
    return words.message("match-header", {"home": name(m.home), "away": name(m.away),
                                          "home_bot": bots[0], "away_bot": bots[1],
                                          "seed": seed, "tables": m.options.tables})


def end_line(words: Any, m: Match, result: Any) -> str:
    def name(team: Any) -> str:
        return words.name("team", team.id, team.name)
    winner = words.message("result-draw", {}) if result.winner is None else \
        words.message("result-win", {"team": m.side(result.winner)})
    return words.message("final-score", {
        "home": name(m.home), "away": name(m.away), "home_score": result.score["home"],
        "away_score": result.score["away"], "result": winner,
        "reason": words.term("end-reason", result.reason)})


SUMMARY_FIELDS = (("score", "mean score"), ("touchdowns", "touchdowns"),
                  ("casualties", "casualties caused"))
LENGTH_FIELD: str | None = None


def summary_value(result: Any, key: str, side: str) -> float:
    return float(getattr(result, key)[side])


def kick_off_only(m: Match) -> None:
    """The pre-match sequence and the first kick-off, and nothing after: what the Kick-Off
    table does, to see it working (`nuffle kickoff`)."""
    from nuffle.interpreter.blood_bowl import kickoff
    from nuffle.interpreter.blood_bowl.match import DriveOver, HalfOver, MatchOver, Turnover
    m.bind_skills()
    kickoff.pre_match(m)
    m.half = 1
    m.drive_serial += 1
    # a kick-off result that ends the drive or the half is shown as it happened
    with contextlib.suppress(DriveOver, HalfOver, MatchOver, Turnover):
        kickoff.kick_off(m, m.kicking, m.kicking.opponent)


def run_scenario(ruleset: Ruleset, data: dict, without: bool = False) -> Any:
    from nuffle.interpreter.blood_bowl.scenario import run_scenario as run
    return run(ruleset, data, without=without)
