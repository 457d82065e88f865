"""Whole games: invariants, determinism, Extra Time, the engine naming no content."""

from __future__ import annotations

import re
from pathlib import Path

from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.narrate import Narrator
from nuffle.interpreter.bots import GreedyBot, RandomBot

ROOT = Path(__file__).resolve().parents[2]


def play(ruleset, home, away, seed, options=None, bots=(RandomBot, RandomBot), listen=False):
    game = Game(ruleset, home, away, {"home": bots[0](seed), "away": bots[1](seed + 1)},
                seed=seed, options=options or Options())
    narrator = Narrator(game)
    if listen:
        game.listeners.append(narrator)
    return game, game.play(), narrator.lines


def test_200_seeded_games_between_random_teams_keep_every_invariant(ruleset) -> None:
    """Debug mode checks the invariants after every step; a violation raises."""
    teams = sorted(ruleset.teams)
    scored = claimed = injured = 0
    for seed in range(200):
        home, away = teams[seed % 13], teams[(seed * 5 + 3) % 13]
        options = Options(debug=True, special_balls=seed % 2 == 0, endgame=seed % 3 == 0)
        bots = (GreedyBot, RandomBot) if seed % 4 == 0 else (RandomBot, RandomBot)
        game, result, _ = play(ruleset, home, away, seed, options, bots)
        assert result.reason in ("sudden death", "last card")
        assert result.score == {"home": game.home.score, "away": game.away.score}
        scored += sum(result.touchdowns.values())
        claimed += sum(result.cards_claimed.values())
        injured += sum(result.injuries_caused.values())
    # the games really were played: balls scored, cards claimed, players hurt
    assert scored > 50 and claimed > 200 and injured > 100


def test_same_seed_same_game_byte_for_byte(ruleset) -> None:
    _, a, lines_a = play(ruleset, "orc", "elf", 11, listen=True)
    _, b, lines_b = play(ruleset, "orc", "elf", 11, listen=True)
    assert a == b
    assert "\n".join(lines_a) == "\n".join(lines_b)
    _, c, lines_c = play(ruleset, "orc", "elf", 12, listen=True)
    assert lines_c != lines_a


def test_greedy_beats_random_in_more_than_80_percent_of_games(ruleset) -> None:
    teams = sorted(ruleset.teams)
    wins = 0
    games = 60
    for seed in range(games):
        home, away = teams[seed % 13], teams[(seed * 7 + 2) % 13]
        greedy_home = seed % 2 == 0
        bots = (GreedyBot, RandomBot) if greedy_home else (RandomBot, GreedyBot)
        _, result, _ = play(ruleset, home, away, 1000 + seed, bots=bots)
        wins += result.winner == ("home" if greedy_home else "away")
    assert wins / games > 0.8


def test_the_endgame_puts_endgame_cards_at_the_bottom_and_stops_sudden_death(ruleset) -> None:
    game = Game(ruleset, "human", "dwarf", {"home": RandomBot(1), "away": RandomBot(2)}, seed=5,
                options=Options(endgame=True))
    game.setup()
    cards = [c for c in game.active_cards if c] + game.deck
    assert len(cards) == 30  # 24 standard + 6 Endgame (page 12)
    assert [c.endgame for c in cards[-6:]] == [True] * 6
    assert not any(c.endgame for c in cards[:24])
    assert len(game.unused_endgame) == 10


def test_special_balls_deck_holds_two_balls_of_each_team(ruleset) -> None:
    game = Game(ruleset, "human", "dwarf", {"home": RandomBot(1), "away": RandomBot(2)}, seed=5,
                options=Options(special_balls=True))
    game.setup()
    in_play = [b.card for b in game.balls]
    deck = sorted(game.ball_deck + in_play)
    assert deck == sorted(ruleset.team_balls("human") + ruleset.team_balls("dwarf"))
    assert in_play[0] is not None  # the first ball is drawn from the deck
    assert len(deck) == min(2, len(ruleset.team_balls("human"))) \
        + min(2, len(ruleset.team_balls("dwarf")))


def test_the_engine_code_names_no_content_item(ruleset) -> None:
    """Principle 2: grep for a card's name or id in interpreter/ finds nothing."""
    words = set()
    for group in (ruleset.abilities, ruleset.balls, ruleset.cards, ruleset.traits):
        for item_id, rules in group.items():
            words |= {item_id, rules.name.lower()}
    words |= {b.id for b in ruleset.bonus_plays.values()}
    words |= {b.name.lower() for b in ruleset.bonus_plays.values()}
    for path in (ROOT / "interpreter").rglob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        for word in words:
            assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), (path, word)
