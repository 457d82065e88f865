"""Blood Bowl scenarios: a position on the pitch, scripted dice and decisions, and what must
follow (the format of Blitz Bowl's scenarios, with Blood Bowl's set-up and expectations).

`start: kick-off` plays from the set-up of a drive (`kicking` says who kicks); `start: turn`
places the players and the ball and starts `turn`'s team turn. Squares are written as the
pitch shows them: [x, y] with x from 1 to 26 (the home end zone is x = 1) and y from 1 to 15.
"""

from __future__ import annotations

from typing import Any

from nuffle.interpreter.blood_bowl import cards, kickoff, tables, turn
from nuffle.interpreter.blood_bowl.blocking import FACES
from nuffle.interpreter.blood_bowl.match import (
    DriveOver,
    HalfOver,
    Match,
    MatchOver,
    Options,
)
from nuffle.interpreter.blood_bowl.narrate import ENGLISH
from nuffle.interpreter.blood_bowl.pitch import HEIGHT, WIDTH
from nuffle.interpreter.blood_bowl.ruleset import Ruleset
from nuffle.interpreter.blood_bowl.state import (
    CASUALTY,
    KNOCKED_OUT,
    ON_PITCH,
    RESERVES,
    SENT_OFF,
    Player,
    Square,
    Team,
)
from nuffle.interpreter.dice import Dice
from nuffle.interpreter.scenario_expect import Timeline, _questions, check_events
from nuffle.interpreter.scenario_fields import (
    ScenarioError,
    count,
    listed,
    mapping,
    shown,
    side,
)
from nuffle.interpreter.scenario_run import Run, play_script, scripted_dice, watch
from nuffle.interpreter.scenario_script import ScenarioAgent

# `block=pushed` style names for the Block dice (page 11) and the Scatter template (ruling
# bb-scatter-template) in a scenario's dice
NAMED_FACES = {f"block={face}": (6, roll) for roll, face in sorted(FACES.items(), reverse=True)}
PLACES = {"reserves": RESERVES, "knocked-out": KNOCKED_OUT, "casualty": CASUALTY,
          "sent-off": SENT_OFF}


def value_text(value: Any) -> str:
    if isinstance(value, Player):
        return value.id
    if isinstance(value, Team):
        return value.side
    if isinstance(value, Square):
        return value.label()
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ",".join(value_text(v) for v in value)
    return str(value)


def event_line(name: str, payload: dict) -> str:
    fields = " ".join(f"{k}={value_text(v)}" for k, v in payload.items())
    return f"{name} {fields}".rstrip()


def run_scenario(ruleset: Ruleset, data: dict, without: bool = False, debug: bool = True) -> Run:
    setup = mapping(data.get("setup"), "setup")
    part = mapping(data.get("without"), "without") if without else data
    tests = listed(data.get("tests"), "tests")
    # `ability/ID` switches the skill off; `table/TABLE#ENTRY` the table entry
    disabled = frozenset(str(t).split("/", 1)[-1].split("#")[-1] for t in tests) \
        if without else frozenset()
    tables_option = str(setup.get("tables", "pbbl"))
    if tables_option not in ("pbbl", "bb2020"):
        raise ScenarioError(f"setup.tables: `{shown(tables_option)}` should be pbbl or bb2020")
    dice = Dice(0, script=scripted_dice(listed(part.get("dice"), "dice"), NAMED_FACES))
    agent = ScenarioAgent.from_script(listed(part.get("decisions"), "decisions"))
    teams: list[str] = []
    for s in ("home", "away"):
        team = setup.get(s)
        if team is None:
            raise ScenarioError(f"setup.{s}: name the {s} team (a Blood Bowl team's id)")
        if team not in ruleset.teams:
            raise ScenarioError(f"setup.{s}: no Blood Bowl team `{shown(team)}`")
        teams.append(team)
    m = Match(ruleset, teams[0], teams[1], {"home": agent, "away": agent}, seed=0,
              options=Options(tables=tables_option, disabled=disabled, debug=debug,
                              overtime=bool(setup.get("overtime", True))), dice=dice)
    run = watch(m, dice, agent, event_line,
                lambda note: ENGLISH.message(note[0], note[1], ruleset))
    return play_script(run, dice, agent, lambda: play(m, setup),
                       {HalfOver: "half over", MatchOver: "game over", Finished: "game over"},
                       lambda: check(m, mapping(part.get("expect"), "expect"), run.timeline,
                                     agent.asked))


class Finished(Exception):  # noqa: N818 - a signal
    """The position played on to its last team turn."""


def square(m: Match, value: Any, where: str) -> Square:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ScenarioError(f"{where}: write a square as [x, y], not {shown(value)}")
    sq = m.pitch.at(value[0] - 1, value[1] - 1)
    if sq is None:
        raise ScenarioError(f"{where}: square {value[0]},{value[1]} is off the pitch (x from "
                            f"1 to {WIDTH}, y from 1 to {HEIGHT})")
    return sq


def player(m: Match, pid: Any, where: str) -> Player:
    try:
        return m.player(str(pid))
    except KeyError:
        ids = ", ".join(p.id for t in m.teams for p in t.players)
        raise ScenarioError(f"{where}: no player `{shown(pid)}`; the players are {ids}") from None


def play(m: Match, setup: dict) -> None:
    """Set the position up and play on from it, until the script or the match ends."""
    start = setup.get("start", "turn")
    if start not in ("kick-off", "turn"):
        raise ScenarioError(f"setup.start: `{shown(start)}` should be kick-off or turn")
    m.bind_skills()
    for pid, skills in mapping(setup.get("skills"), "setup.skills").items():
        p = player(m, pid, "setup.skills")
        for skill in listed(skills, f"setup.skills.{pid}"):
            if skill not in m.ruleset.skills:
                raise ScenarioError(f"setup.skills.{pid}: no skill `{shown(skill)}`")
            if skill not in p.skills:
                p.skills.append(str(skill))
                m.bind_skill(p, str(skill))
    m.half = count(setup.get("half", 1), "setup.half", low=1)
    for team_side, n in mapping(setup.get("turn_markers"), "setup.turn_markers").items():
        m.side(side(team_side, "setup.turn_markers")).turn_marker = count(
            n, f"setup.turn_markers.{team_side}")
    for team_side, n in mapping(setup.get("rerolls"), "setup.rerolls").items():
        team = m.side(side(team_side, "setup.rerolls"))
        team.rerolls = team.rerolls_at_start = count(n, f"setup.rerolls.{team_side}")
    weather = setup.get("weather")
    if weather is not None:
        table = m.ruleset.table(m.options.tables, "weather")
        totals = [t for t, e in sorted(table.entries.items()) if e.id == weather] if table else []
        if not totals:
            raise ScenarioError(f"setup.weather: no weather `{shown(weather)}` in the "
                                f"{m.options.tables} Weather table")
        tables.apply_weather(m, totals[0])
    deal_hands(m, mapping(setup.get("hands"), "setup.hands"))
    # the half under way has begun: its start's rules have run, after the re-rolls were
    # restored (page 16; a skill of page 28 takes a team re-roll then)
    m.after("half-start", {"half": m.half})
    m.drive_serial += 1
    if start == "kick-off":
        kicking = m.side(side(setup.get("kicking", "home"), "setup.kicking"))
        m.kicking = m.first_kicker = kicking
        # players put in a box of the Dugout (`knocked-out`...) leave the set-up to the engine
        placed = any(not isinstance(w, str) for w in
                     mapping(setup.get("players"), "setup.players").values())
        place(m, setup)
        kickoff.kick_off(m, kicking, kicking.opponent, set_up_teams=not placed)
        first = kicking.opponent
    else:
        place(m, setup)
        first = m.side(side(setup.get("turn", "home"), "setup.turn"))
    team = first
    for _ in range(40):
        try:
            turn.team_turn(m, team)
            team = team.opponent
        except DriveOver as scored:
            # the drive ends as in a match (its end-of-drive rules run), then the scoring
            # team kicks off: the set-up's decisions, if the script goes on (page 16)
            m.end_drive()
            kicking = scored.args[0]
            m.drive_serial += 1
            kickoff.kick_off(m, kicking, kicking.opponent)
            team = kicking.opponent
        except HalfOver:
            m.end_drive()  # the half ends as in a match: its end-of-drive rules run
            raise
    raise Finished()


def deal_hands(m: Match, hands: dict) -> None:
    """Special play cards in the coaches' hands; with any, the pre-game window opens, as it
    does after the cards are bought in a match (PBBL page 35)."""
    for team_side, held in hands.items():
        team = m.side(side(team_side, "setup.hands"))
        for card in listed(held, f"setup.hands.{team_side}"):
            if card not in m.ruleset.cards:
                raise ScenarioError(f"setup.hands.{team_side}: no special play card "
                                    f"`{shown(card)}`")
            cards.give(m, team, str(card))
    if m.play_cards.any_held():
        m.after("pre-game", {})


def place(m: Match, setup: dict) -> None:
    for pid, where in mapping(setup.get("players"), "setup.players").items():
        p = player(m, pid, "setup.players")
        if isinstance(where, str):  # a box of the Dugout: reserves, knocked-out, casualty...
            if where not in PLACES:
                raise ScenarioError(f"setup.players.{pid}: `{shown(where)}` should be a "
                                    f"square [x, y] or one of {', '.join(PLACES)}")
            p.where = PLACES[where]
            continue
        spec = where if isinstance(where, dict) else {"at": where}
        sq = square(m, spec.get("at"), f"setup.players.{pid}")
        if sq in m.occupant:
            raise ScenarioError(f"setup.players.{pid}: square {sq.label()} is taken by "
                                f"{m.occupant[sq].id}")
        m.put(p, sq)
        p.standing = not (spec.get("prone") or spec.get("stunned"))
        p.stunned = bool(spec.get("stunned"))
    ball = setup.get("ball")
    if ball is None:
        return
    spec = mapping(ball, "setup.ball")
    if "held_by" in spec:
        holder = player(m, spec["held_by"], "setup.ball.held_by")
        if holder.square is None or not holder.standing:
            raise ScenarioError("setup.ball.held_by: the holder must stand on the pitch")
        m.holder = holder
    else:
        m.ball = square(m, spec.get("at"), "setup.ball.at")


def check(m: Match, expect: dict, timeline: Timeline, asked: list) -> list[str]:
    out: list[str] = []
    for pid, want in mapping(expect.get("players"), "expect.players").items():
        p = player(m, pid, "expect.players")
        spec = want if isinstance(want, dict) else {"at": want} if isinstance(want, list) \
            else {"in": want}
        if "in" in spec:
            place_name = str(spec["in"])
            if place_name not in PLACES:
                raise ScenarioError(f"expect.players.{pid}: `{shown(place_name)}` should be a "
                                    f"square [x, y] or one of {', '.join(PLACES)}")
            if p.where != PLACES[place_name]:
                out.append(f"{pid} should be in {place_name}, is {where_text(p)}")
            continue
        sq = square(m, spec.get("at"), f"expect.players.{pid}")
        if p.square is not sq:
            out.append(f"{pid} should be at {sq.label()}, is {where_text(p)}")
        for flag, have in (("prone", p.on_pitch and not p.standing and not p.stunned),
                           ("stunned", p.stunned)):
            if flag in spec and bool(spec[flag]) != have:
                out.append(f"{pid} should {'' if spec[flag] else 'not '}be {flag}")
    if "ball" in expect:
        spec = mapping(expect["ball"], "expect.ball")
        if "held_by" in spec:
            holder = player(m, spec["held_by"], "expect.ball.held_by")
            if m.holder is not holder:
                out.append(f"the ball should be held by {holder.id}, is {ball_text(m)}")
        else:
            sq = square(m, spec.get("at"), "expect.ball.at")
            if m.ball is not sq or m.holder is not None:
                out.append(f"the ball should lie at {sq.label()}, is {ball_text(m)}")
    if "balls" in expect:  # every ball in play, in any order (a card of PBBL page 44)
        want = sorted(_ball_spec_text(m, spec, f"expect.balls[{i}]")
                      for i, spec in enumerate(listed(expect["balls"], "expect.balls")))
        if want != balls_text(m):
            out.append(f"the balls should be {want}, are {balls_text(m)}")
    for key, attr in (("score", "score"), ("turn_markers", "turn_marker"),
                      ("rerolls", "rerolls")):
        for team_side, n in mapping(expect.get(key), f"expect.{key}").items():
            team = m.side(side(team_side, f"expect.{key}"))
            have = getattr(team, attr) + (team.extra_rerolls if attr == "rerolls" else 0)
            if have != n:
                out.append(f"{team_side}'s {key.replace('_', ' ')} should be {n}, is {have}")
    for team_side, held in mapping(expect.get("hands"), "expect.hands").items():
        hand = sorted(c.item for c in m.play_cards.hands[side(team_side, "expect.hands")])
        want = sorted(str(c) for c in listed(held, f"expect.hands.{team_side}"))
        if hand != want:
            out.append(f"{team_side}'s hand should be {want}, is {hand}")
    if "weather" in expect and m.weather != expect["weather"]:
        out.append(f"the weather should be {expect['weather']}, is {m.weather}")
    out += _questions(expect, asked)
    out += check_events(listed(expect.get("events"), "expect.events"),
                        [str(e) for e in listed(expect.get("no_events"), "expect.no_events")],
                        timeline)
    return out


def where_text(p: Player) -> str:
    return p.square.label() if p.where == ON_PITCH and p.square is not None else p.where


def _ball_spec_text(m: Match, spec: Any, where: str) -> str:
    spec = mapping(spec, where)
    if "held_by" in spec:
        return _place_text(player(m, spec["held_by"], where + ".held_by"), None)
    return _place_text(None, square(m, spec.get("at"), where + ".at"))


def balls_text(m: Match) -> list[str]:
    """The balls in play, the second one too (`Match.other_ball`), as `ball_text` says."""
    out = [ball_text(m)] if m.holder is not None or m.ball is not None else []
    if m.other_ball is not None:
        out.append(_place_text(m.other_ball.holder, m.other_ball.square))
    return sorted(out)


def ball_text(m: Match) -> str:
    return _place_text(m.holder, m.ball)


def _place_text(holder: Player | None, square: Square | None) -> str:
    """Where a ball is: its carrier, else the square it lies in."""
    if holder is not None:
        return f"held by {holder.id}"
    return f"at {square.label()}" if square is not None else "nowhere"
