"""Challenge cards: the deck, claiming, refreshing, hands and Bonus Plays (page 11),
and the Endgame (page 12).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blitz_bowl.messages import Term, card_name
from nuffle.interpreter.blitz_bowl.search import WORK
from nuffle.interpreter.blitz_bowl.state import Card
from nuffle.interpreter.hooks import Env, Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game
    from nuffle.interpreter.blitz_bowl.state import Team

ACTIVE_SPACES = 3
# a card's claim condition (None: its rules are off) and the events it needs (None: any)
ClaimRule = tuple[Callable[[Env], Any] | None, frozenset[str] | None]
ENDGAME_CARDS_USED = 6  # of the 16 Endgame Challenge cards (page 12)
_EVENT = itemgetter(0)  # a history entry's event


def make_card(g: Game, card_id: str) -> Card:
    g.card_serial += 1
    return Card(g.card_serial, *_face(g.ruleset, card_id))


def _face(ruleset: Any, card_id: str) -> CardFace:
    rules = ruleset.cards[card_id]
    back = ruleset.bonus_plays.get(card_id)
    return (card_id, rules.name, int(rules.data.get("points", 0)),
            bool(rules.data.get("endgame")), back.id if back else None,
            back.name if back else None)


# A card as make_card makes it, but for its uid: (id, name, points, endgame, back's id and
# name). A ruleset's decks of them (standard, Endgame), by id(ruleset), made once per
# ruleset (rulesets outlive their games; the entry goes with its ruleset).
CardFace = tuple[str, str, int, bool, str | None, str | None]
_DECKS: dict[int, tuple[weakref.ref, dict[bool, list[CardFace]]]] = {}


def deck_faces(ruleset: Any) -> dict[bool, list[CardFace]]:
    """The cards of the ruleset's standard (False) and Endgame (True) decks, in the order
    ``Ruleset.deck`` lists them."""
    key = id(ruleset)
    kept = _DECKS.get(key)
    if kept is None or kept[0]() is not ruleset:
        faces = {endgame: [_face(ruleset, c) for c in ruleset.deck(endgame=endgame)]
                 for endgame in (False, True)}
        kept = _DECKS[key] = (weakref.ref(ruleset, lambda _: _DECKS.pop(key, None)), faces)
    return kept[1]


# -- set-up (page 4, step 4; page 12, The Endgame) --------------------------------------
def deal_challenge_deck(g: Game) -> None:
    faces = deck_faces(g.ruleset)
    serial = g.card_serial
    standard = [Card(serial + n, *face) for n, face in enumerate(faces[False], 1)]
    serial += len(standard)
    endgame = [Card(serial + n, *face) for n, face in enumerate(faces[True], 1)]
    g.card_serial = serial + len(endgame)
    g.dice.shuffle(standard, "Challenge deck")
    if g.options.endgame and endgame:
        g.dice.shuffle(endgame, "Endgame cards")
        used, g.unused_endgame = endgame[:ENDGAME_CARDS_USED], endgame[ENDGAME_CARDS_USED:]
        standard += used
    else:
        g.unused_endgame = endgame
    g.deck = standard
    g.active_cards = [None] * ACTIVE_SPACES
    fill_spaces(g)


def fill_spaces(g: Game) -> None:
    cards = [c for c in g.active_cards if c is not None]
    while len(cards) < ACTIVE_SPACES and g.deck:
        cards.append(g.deck.pop(0))
        if not g.deck and g.final_turns is None and not g.overtime:
            g.final_turns = 2  # the last card is active: one more turn each
            g.note("last-card-active")
    g.active_cards = cards + [None] * (ACTIVE_SPACES - len(cards))
    if not g.endgame_active:
        for c in cards:
            if c.endgame:
                g.endgame_active = True
                g.note("endgame-begins")
                break


# -- the Claim step (page 11) -----------------------------------------------------------
def card_env(g: Game, team: Team, card: Card) -> Env:
    """What a card's condition sees, for a coach: built once per card and coach
    (``Game.claim_envs``), as nothing in it changes while the game goes on (a condition is
    an expression: it binds names in a child Env, never in this one)."""
    key = (card.uid, team.side)
    env = g.claim_envs.get(key)
    if env is None:
        WORK.card_envs += 1
        owner = Owner("challenge-card", card.item, card.name, team=team, card=card)
        env = g.claim_envs[key] = Env(g, owner, {"own": team, "opponent": team.opponent,
                                                 "this-card": card})
    return env


def claimable(g: Game, team: Team, happened: set[str] | None = None) -> list[Card]:
    """The cards ``team`` may claim now. ``happened``, the events of the window the
    conditions look at, when the caller has them: a condition false without any of the
    events it needs (CompiledRules.claim_needs) is then not evaluated."""
    out = []
    rules, envs, side = g.claim_rules, g.claim_envs, team.side
    for cards in (g.active_cards, g.temporary[side]):
        for card in cards:
            if card is None:
                continue
            rule = rules.get(card.item)
            if rule is None:
                rule = rules[card.item] = claim_rule(g, card.item)
            condition, needs = rule
            if condition is None:
                continue
            if happened is not None and needs is not None and happened.isdisjoint(needs):
                continue
            WORK.claim_checks += 1
            if condition(envs.get((card.uid, side)) or card_env(g, team, card)):
                out.append(card)
    return out


def claim_rule(g: Game, item: str) -> ClaimRule:
    """A card's claim condition and the events it needs, looked up once per game and card
    (``Game.claim_rules``): no condition for a card whose rules are switched off."""
    if item in g.options.disabled:
        return None, None
    compiled = g.ruleset.cards[item].compiled
    return compiled.claim, compiled.claim_needs


def claim_step(g: Game, team: Team) -> None:
    """The Claim step after an action (page 11). A card's condition looks at what happened
    since the previous Claim step of this turn, or since the turn began: the action just
    made, and what happened outside any action before it (a trapdoor at No Ball in Play,
    a ball card's rule at the start of the turn; ruling claims-outside-actions). What it
    does not claim then lapses (page 11)."""
    window = g.turn_history[g.claim_from:]
    in_action, g.action_history = g.action_history, window
    try:
        cards = claimable(g, team, set(map(_EVENT, window)))
    finally:
        g.action_history = in_action
    if cards:
        options: list = [*cards, None]
        labels = [f"claim {c.item}" for c in cards] + ["pass"]
        card = g.decide(team, "claim", options, labels, "claim a Challenge card")
        if card is not None:
            claim(g, team, card)
    g.claim_from = len(g.turn_history)


def claim(g: Game, team: Team, card: Card) -> None:
    payload = {"team": team, "card": card}
    firing = g.before("card-claimed", payload)
    claimer = firing.redirect_to if firing is not None and firing.redirect_to else team
    from_active = card in g.active_cards
    if from_active:
        g.active_cards[g.active_cards.index(card)] = None
    else:
        g.temporary[team.side].remove(card)
    points = g.modify("claim-points", card.points, {"team": claimer, "card": card})
    claimer.hand.append(card)
    bind_card(g, claimer, card)
    g.claims[claimer.side] += 1
    g.after("card-claimed", {"team": claimer, "card": card})
    g.score(claimer, points, card_name(card))
    if claimer is team and from_active:
        g.claims_this_turn += 1
        if g.claims_this_turn == ACTIVE_SPACES:  # Clean Sweep (page 11)
            bonus = g.modify("clean-sweep-points", 2, {"team": team})
            g.after("clean-sweep", {"team": team})
            g.score(team, bonus, Term("score", "clean-sweep"))


# -- Bonus Plays in hand ------------------------------------------------------------------
def bind_card(g: Game, team: Team, card: Card) -> None:
    back = g.ruleset.bonus_plays.get(card.item)
    if back is None or back.id in g.options.disabled:
        return
    owner = Owner("bonus-play", back.id, back.name, team=team, card=card)
    g.card_hooks[card.uid] = g.bind(back.compiled.hooks, owner)


def unbind_card(g: Game, card: Card) -> None:
    for inst in g.card_hooks.pop(card.uid, []):
        g.hooks.remove(inst)


# -- end of turn (page 11) --------------------------------------------------------------
def refresh(g: Game, team: Team) -> None:
    if None not in g.active_cards:  # every space is filled (a Card equals itself only)
        first = g.active_cards[0]
        assert first is not None  # every space is filled
        g.discard.append(first)
        g.active_cards[0] = None
        if g.listeners:  # (Game.note's test: the card's name only for a reader)
            g.note("card-discarded", card=card_name(first))
    fill_spaces(g)
    g.after("refresh", {"team": team})


def enforce_hand_size(g: Game, team: Team) -> None:
    limit = int(team.params["hand-size"])
    while len(team.hand) > limit:
        card = g.decide(team, "discard", list(team.hand),
                        [f"discard {c.item}" for c in team.hand], "discard a card")
        team.hand.remove(card)
        unbind_card(g, card)
        g.discard.append(card)


def discard_temporary_cards(g: Game, team: Team) -> None:
    for card in g.temporary[team.side]:
        g.discard.append(card)
    g.temporary[team.side] = []


def draw_endgame_card(g: Game, team: Team) -> None:
    """`draw-endgame-challenge`: an unused Endgame card, claimable this turn only."""
    if not g.unused_endgame:
        return
    # shuffling the unused cards and drawing one is one random pick
    card = g.dice.pick(g.unused_endgame, "unused Endgame cards")
    g.unused_endgame.remove(card)
    g.temporary[team.side].append(card)
    g.note("card-drawn", team=team, card=card_name(card))


# -- knockout draws (league rules, Drawing a match) -------------------------------------
def start_overtime(g: Game) -> None:
    """A drawn knockout match goes on (League rules, Drawing a match): the cards left in
    the active area are removed, "all 24" standard Challenge cards are shuffled into a
    new deck and three are dealt. All 24 are the game's own cards, wherever they are: the
    discard pile, the active area, what is left of the deck, and the coaches' hands, whose
    Bonus Plays go with them (ruling knockout-extra-play-cards). Endgame cards are not
    used: they stay in the discard pile or in a hand. The Endgame is over, so Sudden Death
    can be won again (ruling knockout-extra-play-sudden-death)."""
    g.note("overtime")
    g.overtime = True
    g.final_turns = None
    g.endgame_active = False
    for card in g.active_cards:
        if card is not None:
            g.discard.append(card)
    g.active_cards = [None] * ACTIVE_SPACES
    standard = [c for c in [*g.deck, *g.discard] if not c.endgame]
    g.discard = [c for c in g.discard if c.endgame]
    for team in (g.first, g.first.opponent):
        for card in [c for c in team.hand if not c.endgame]:
            team.hand.remove(card)
            unbind_card(g, card)
            standard.append(card)
    g.dice.shuffle(standard, "Challenge deck")
    g.deck = standard
    fill_spaces(g)
