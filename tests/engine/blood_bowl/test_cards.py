"""Special play cards (PBBL 1.10, page 43; the decks pages 44-51): decks from content,
matches that deal them, the windows that offer them, the hand they leave once played.

Expected values were read from the seed (004_2450e8f2c1aa331e.txt), not from the code: each
deck's heading prints its price and size ("50,000 gold pieces to randomly draw one card from
these 13 cards"), page 43 names the seven decks.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from nuffle.interpreter.blood_bowl import adapter, cards
from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.bots import RandomBot, make_agents
from nuffle.interpreter.decisions import Decision
from nuffle.interpreter.gamelog import LogWriter, state_digest
from nuffle.interpreter.logreader import parse_log
from nuffle.interpreter.replay import replay

from nuffle.catalogue.loader import load_catalogue

ROOT = Path(__file__).resolve().parents[3]
BOTS = {"random": RandomBot, "greedy": BloodBowlGreedyBot}

# deck -> (price in gold pieces, cards), as printed on pages 44-51
PRINTED = {"miscellaneous-mayhem": (50_000, 13), "special-team-plays": (50_000, 13),
           "magic-items": (50_000, 13), "dirty-tricks": (50_000, 13),
           "good-karma": (100_000, 26), "random-events": (200_000, 18),
           "desperate-measures": (400_000, 8)}
WRITTEN = ("miscellaneous-mayhem", "special-team-plays")  # the decks whose cards are content
NUMBERS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class Script:
    """An agent that answers `play` as told, the first option otherwise, and keeps every
    question asked."""

    def __init__(self, play: bool = True) -> None:
        self.play = play
        self.asked: list[tuple[str, str, str | None]] = []

    def decide(self, decision: Decision, game: object) -> int:
        self.asked.append((decision.kind, decision.team, decision.context.get("item")))
        if decision.kind == "play":
            return 0 if self.play else 1
        return 0


def bare_match(ruleset, agent: Script, **options) -> Match:
    return Match(ruleset, "human", "orc", {"home": agent, "away": agent}, seed=0,
                 options=Options(**options))


def test_deck_sizes_and_prices_come_from_content_and_match_the_print(bb_ruleset) -> None:
    decks = bb_ruleset.card_decks
    assert {d: (data["price"], data["size"]) for d, data in decks.items()} == PRINTED
    assert sum(size for _, size in PRINTED.values()) == 104  # two packs of playing cards
    for deck in WRITTEN:
        held = [c for c in bb_ruleset.cards.values() if c.data["deck"] == deck]
        assert len(held) == decks[deck]["size"]
        assert sorted((c.data["number"] for c in held), key=NUMBERS.index) == NUMBERS


def test_a_match_with_cards_plays_to_the_end_in_debug_mode_and_replays(bb_ruleset) -> None:
    played = 0
    # with gold (seed 2) the greedy coaches buy (from the dearest deck they can afford); a
    # random coach may well buy nothing
    for seed, bots in ((1, ("greedy", "random")), (2, ("greedy", "greedy")),
                       (3, ("random", "greedy"))):
        agents = make_agents(bots[0], bots[1], seed, BOTS)
        options = Options(debug=True, cards=WRITTEN + ("special-team-plays",)) if seed != 2 \
            else Options(debug=True, card_gold=200_000)
        m = Match(bb_ruleset, "human", "orc", agents, seed=seed, options=options)
        stream = io.StringIO()
        writer = LogWriter(stream, m, {"home": bots[0], "away": bots[1]})
        result = m.play()
        writer.finish(result)
        assert result.error is None and result.reason in ("final whistle", "sudden death")
        assert m.play_cards.serial >= 2  # both coaches drew
        played += len(m.play_cards.discard)
        text = stream.getvalue()
        header = text.split("\n", 1)[0]
        assert ('"cards":' in header) == (seed != 2) and ('"card-gold":' in header) == (seed == 2)
        game, replayed = replay(bb_ruleset, parse_log(text, "m.jsonl"))
        assert replayed == result and state_digest(game) == state_digest(m)
    assert played > 0


def test_without_the_option_nobody_draws_and_the_log_header_is_unchanged(bb_ruleset) -> None:
    record = adapter.options_record(Options())
    assert "cards" not in record and "card-gold" not in record
    options = adapter.options_from_record({**record, "cards": ["special-team-plays"]})
    assert options.cards == ("special-team-plays",)
    agent = Script()
    m = bare_match(bb_ruleset, agent)
    cards.pre_game(m)
    assert not m.play_cards.any_held() and agent.asked == []


def test_the_cards_option_reaches_the_command_line(bb_ruleset) -> None:
    class Parser:
        def error(self, message: str) -> None:
            raise SystemExit(message)

    assert adapter.card_options(Parser(), bb_ruleset, None) == {}
    assert adapter.card_options(Parser(), bb_ruleset, "150,000") == {"card_gold": 150_000}
    assert adapter.card_options(Parser(), bb_ruleset, "special-team-plays,special-team-plays") \
        == {"cards": ("special-team-plays", "special-team-plays")}
    with pytest.raises(SystemExit, match="no special play card deck `no-such-deck`"):
        adapter.card_options(Parser(), bb_ruleset, "miscellaneous-mayhem,no-such-deck")
    assert "--cards" in adapter.OPTION_FLAGS


def test_each_coach_draws_from_one_shared_copy_of_each_deck(bb_ruleset) -> None:
    agent = Script(play=False)
    m = bare_match(bb_ruleset, agent, cards=("special-team-plays",) * 7)
    cards.pre_game(m)
    home, away = (m.play_cards.hands[s] for s in ("home", "away"))
    assert len(home) == 7 and len(away) == 6  # 13 cards: the away coach's 7th finds none
    assert len({c.item for c in home + away}) == 13


def test_a_card_is_offered_only_in_its_window(bb_ruleset) -> None:
    """Sprinkler Malfunction's Timing: after your turn has ended, before the opponent's."""
    agent = Script(play=False)
    m = bare_match(bb_ruleset, agent)
    cards.give(m, m.away, "sprinkler-malfunction")
    m.after("pre-game", {})
    m.after("turn-start", {"team": m.away})
    m.after("turn-handover", {"team": m.home, "from-kick-off": False})  # the other coach's
    assert [a for a in agent.asked if a[0] == "play"] == []
    m.after("turn-handover", {"team": m.away, "from-kick-off": False})
    assert agent.asked == [("play", "away", "sprinkler-malfunction")]


def test_a_played_card_leaves_the_hand_and_is_not_offered_again(bb_ruleset) -> None:
    agent = Script(play=True)
    m = bare_match(bb_ruleset, agent)
    card = cards.give(m, m.home, "johnny-waterboy")
    m.after("pre-game", {})
    assert m.play_cards.hands["home"] == [] and m.play_cards.discard == [card]
    assert not any(inst.owner.card is card for bucket in m.hooks.by_key.values()
                   for inst in bucket if inst.hook.play)
    m.after("pre-game", {})
    assert [a[0] for a in agent.asked] == ["play"]
    # its rule lasts for the game: a KO'd Human comes back on 2+ (page 44)
    p = m.home.players[0]
    assert m.modify("ko-recovery-target", 4, {"player": p, "team": m.home}) == 2
    assert m.modify("ko-recovery-target", 4, {"player": m.away.players[0],
                                              "team": m.away}) == 4


def test_a_declined_card_stays_in_the_hand(bb_ruleset) -> None:
    agent = Script(play=False)
    m = bare_match(bb_ruleset, agent)
    cards.give(m, m.home, "johnny-waterboy")
    m.after("pre-game", {})
    m.after("pre-game", {})
    assert [c.item for c in m.play_cards.hands["home"]] == ["johnny-waterboy"]
    assert [a[0] for a in agent.asked] == ["play", "play"]


def test_a_card_outside_its_decks_folder_is_r409(tmp_path) -> None:
    source = ROOT / "content/blood-bowl/special-play-cards/special-team-plays/punt.yaml"
    misplaced = tmp_path / "special-play-cards" / "magic-items" / "punt-too.yaml"
    misplaced.parent.mkdir(parents=True)
    misplaced.write_text(source.read_text(encoding="utf-8").replace("id: punt", "id: punt-too"),
                         encoding="utf-8")
    _, diags, _ = load_catalogue([misplaced])
    assert [d.code for d in diags if d.severity == "error"] == ["R409"]


def test_the_engine_names_no_card_or_deck(bb_ruleset) -> None:
    """Principle 2: the cards and decks are content, named nowhere in the engine's code."""
    names: set[str] = set()
    for card_id, rules in bb_ruleset.cards.items():
        names |= {card_id, rules.name.lower()}
    for deck_id, deck in bb_ruleset.card_decks.items():
        names |= {deck_id, deck["name"].lower()}
    paths = [*(ROOT / "interpreter").rglob("*.py")]
    for path in paths:
        text = path.read_text(encoding="utf-8").lower()
        for word in names:
            assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), (path, word)


def test_every_card_with_rules_has_a_scenario_with_a_without_run(bb_ruleset) -> None:
    import yaml
    scenarios = {}
    for path in (ROOT / "content/blood-bowl/scenarios").glob("card-*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for ref in data.get("tests", []):
            if "without" in data:
                scenarios.setdefault(ref, []).append(path.stem)
    with_rules = [c for c, rules in bb_ruleset.cards.items() if rules.compiled.hooks]
    assert len(with_rules) >= 15
    assert [c for c in with_rules if f"special-play-card/{c}" not in scenarios] == []
