"""Special play cards: bought and drawn before the match, held in the coach's hand, offered
in the windows their Timing names, discarded once played.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): Special Play Cards, page 43 (seven decks, each
with a price to draw one card at random from it; a card drawn is kept, never exchanged; more
gold draws more cards, from the same deck or another; the cards of every deck are made from
two packs of playing cards, so there is one copy of each deck: ruling bb-card-decks-shared);
the pre-match sequence, page 35 (the weather, then the inducements, cards among them, page 43
method 1 or 4); the decks and their Timing, pages 44-51.

The match option `cards` lists the decks each coach draws one card from (a deck listed twice,
two cards), or `card_gold` gives each coach gold to spend on cards, deck by deck, as they
choose; with neither (the default) nobody holds a card and nothing here happens. The home
coach buys first, then the away coach (ruling bb-card-decks-shared). A card's rules are
`play` hooks, bound while the card is in the hand: when the hook's moment comes and its
filter holds, the coach is asked whether to play it (`offer`); played, it leaves the hand
for the discard pile and its hook's body runs once. A card without rules is held and never
offered. All the randomness goes through the match's dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nuffle.interpreter.hooks import HookInstance, Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match
    from nuffle.interpreter.blood_bowl.state import Team

MAX_PURCHASES = 104  # cards one coach may buy with `card_gold`: every card (principle 4)


@dataclass(eq=False, slots=True)
class Card:
    """A special play card in play: drawn from its deck, in a hand or discarded."""

    uid: int
    item: str  # the content id
    name: str
    deck: str

    def __str__(self) -> str:
        return self.item


@dataclass
class CardState:
    """The match's special play cards."""

    left: dict[str, list[str]] = field(default_factory=dict)  # deck -> cards not drawn yet
    hands: dict[str, list[Card]] = field(default_factory=lambda: {"home": [], "away": []})
    discard: list[Card] = field(default_factory=list)
    hooks: dict[int, list[HookInstance]] = field(default_factory=dict)  # card uid -> hooks
    serial: int = 0
    gold: dict[str, int] = field(default_factory=dict)  # what each coach spent on cards
    history_seen: int = 0  # game history read up to, looking for a kick-off (before_turn)
    aim_throw_in: Team | None = None  # the coach who chooses the next throw-in's direction
    # temporary players a card put on the pitch, past the 11 of page 7 (pages 50-51)
    extra: list = field(default_factory=list)

    def any_held(self) -> bool:
        return bool(self.hands["home"] or self.hands["away"])


def deck_cards(m: Match, deck: str) -> list[str]:
    """The cards of a deck, in content order (by id): the order they are drawn from."""
    return [c for c, rules in sorted(m.ruleset.cards.items()) if rules.data.get("deck") == deck]


# -- buying and drawing (pages 35, 43) ------------------------------------------------------
def pre_game(m: Match) -> None:
    """Step 2 of the pre-match sequence (page 35): each coach buys their cards, the home
    coach first, drawing each at once (page 43, Note); then the pre-game window, in which
    a card played "during the pre-game after all inducements are purchased" is played."""
    state = m.play_cards
    decks = m.ruleset.card_decks
    if not (m.options.cards or m.options.card_gold) or not decks:
        return
    state.left = {d: deck_cards(m, d) for d in sorted(decks)}
    for team in m.teams:
        if m.options.card_gold:
            buy_with_gold(m, team, m.options.card_gold)
        else:
            for deck in m.options.cards:
                draw(m, team, deck)
    if state.any_held():
        m.after("pre-game", {})


def buy_with_gold(m: Match, team: Team, gold: int) -> None:
    """The coach buys cards one at a time, from any deck whose price is left, until they
    stop (page 43, method 4: gold only for cards, lost if unspent)."""
    state = m.play_cards
    decks = m.ruleset.card_decks
    for _ in range(MAX_PURCHASES):
        can = [d for d in sorted(decks) if decks[d]["price"] <= gold and state.left.get(d)]
        if not can:
            return
        deck = m.decide(team, "buy-card", [*can, None],
                        lambda d: "done" if d is None else d,
                        f"buy a special play card ({gold:,} gold left)?", gold=gold)
        if deck is None:
            return
        gold -= decks[deck]["price"]
        draw(m, team, deck)


def draw(m: Match, team: Team, deck: str) -> Card | None:
    """One card drawn at random from what is left of a deck (page 43): into the hand."""
    state = m.play_cards
    left = state.left.get(deck, [])
    price = m.ruleset.card_decks[deck]["price"]
    if not left:
        m.note("deck-empty", team=team, deck=deck)
        return None
    item = m.dice.pick(left, "special play card")
    left.remove(item)
    return give(m, team, item, price)


def give(m: Match, team: Team, item: str, price: int = 0) -> Card:
    """Put a card in a coach's hand and bind its rules (a draw; a scenario's hand)."""
    state = m.play_cards
    rules = m.ruleset.cards[item]
    state.serial += 1
    card = Card(state.serial, item, rules.name, str(rules.data.get("deck", "")))
    state.hands[team.side].append(card)
    state.gold[team.side] = state.gold.get(team.side, 0) + price
    m.note("card-drawn", team=team, card=item, deck=card.deck)
    if item not in m.options.disabled:
        owner = Owner("special-play-card", item, rules.name, team=team, card=card)
        state.hooks[card.uid] = m.bind(rules.compiled.hooks, owner)
    return card


# -- playing (page 43: Timing says exactly when, and only when, a card may be played) -------
def offer(m: Match, inst: HookInstance) -> bool:
    """A card's `play` hook has come to its moment and its filter holds: the coach who holds
    the card decides whether to play it. Played, it is discarded and the hook's body runs."""
    card, team = inst.owner.card, inst.owner.team
    hand = m.play_cards.hands[team.side]
    if card not in hand:
        return False
    if not m.decide(team, "play", [True, False], ["yes", "no"], f"play {card.name}?",
                    item=card.item):
        return False
    hand.remove(card)
    for bound in m.play_cards.hooks.pop(card.uid, []):
        m.hooks.remove(bound)
    m.play_cards.discard.append(card)
    m.note("card-played", team=team, card=card.item)
    m.after("card-played", {"team": team, "card": card.item})
    return True


def before_turn(m: Match, team: Team, counts: bool) -> None:
    """The window before ``team``'s turn (pages 44-51): its opponent's turn has ended, or its
    kick-off was resolved (a kick-off since the previous team turn began). A bonus team turn
    (a kick-off result's) does not count: no turn ended before it."""
    state = m.play_cards
    if not counts:
        return
    history = m.game_history
    kicked = any(event == "kick-off" for event, _ in history[state.history_seen:])
    state.history_seen = len(history)
    # a card in a hand, or a played card's rule for later handovers (page 44)
    if state.any_held() or m.hooks.get("turn-handover", "after"):
        m.after("turn-handover", {"team": team.opponent, "from-kick-off": kicked})


def throw_in_face(m: Match, last: object) -> int:
    """The Throw-in template's D6 (page 14), unless a rule lets a coach aim it (page 44)."""
    state = m.play_cards
    m.before("throw-in", {"square": last})
    team, state.aim_throw_in = state.aim_throw_in, None
    if team is None:
        return m.dice.roll(6, "throw-in direction")
    return m.decide(team, "throw-in-direction", [1, 2, 3, 4, 5, 6],
                    ["1", "2", "3", "4", "5", "6"], "which way is the ball thrown in?")
