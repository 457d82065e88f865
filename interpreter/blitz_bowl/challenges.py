"""Challenge cards: the deck, claiming, refreshing, hands and Bonus Plays (page 11),
and the Endgame (page 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blitz_bowl.messages import Term, card_name
from nuffle.interpreter.blitz_bowl.state import Card
from nuffle.interpreter.hooks import Env, HookInstance, Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.state import Team

ACTIVE_SPACES = 3
ENDGAME_CARDS_USED = 6  # of the 16 Endgame Challenge cards (page 12)


class ChallengesMixin:
    def init_challenges(self) -> None:
        self.deck: list[Card] = []
        self.active_cards: list[Card | None] = [None] * ACTIVE_SPACES
        self.discard: list[Card] = []
        self.unused_endgame: list[Card] = []
        self.temporary: dict[str, list[Card]] = {"home": [], "away": []}
        self.card_hooks: dict[int, list[HookInstance]] = {}
        self.endgame_active = False
        self.claims_this_turn = 0
        self.bonus_played: dict[str, set[str]] = {"home": set(), "away": set()}
        self.possession_at_start: dict[str, str] = {}
        self.claim_from = 0  # the turn's events before this were seen by a Claim step
        self.gowi = False
        self._uid = 0

    def make_card(self, card_id: str) -> Card:
        rules = self.ruleset.cards[card_id]
        back = self.ruleset.bonus_plays.get(card_id)
        self._uid += 1
        return Card(self._uid, card_id, rules.name, int(rules.data.get("points", 0)),
                    bool(rules.data.get("endgame")), back.id if back else None,
                    back.name if back else None)

    # -- set-up (page 4, step 4; page 12, The Endgame) --------------------------------------
    def deal_challenge_deck(self) -> None:
        standard = [self.make_card(c) for c in self.ruleset.deck(endgame=False)]
        self.dice.shuffle(standard, "Challenge deck")
        endgame = [self.make_card(c) for c in self.ruleset.deck(endgame=True)]
        if self.options.endgame and endgame:
            self.dice.shuffle(endgame, "Endgame cards")
            used, self.unused_endgame = endgame[:ENDGAME_CARDS_USED], endgame[ENDGAME_CARDS_USED:]
            standard += used
        else:
            self.unused_endgame = endgame
        self.deck = standard
        self.active_cards = [None] * ACTIVE_SPACES
        self.fill_spaces()

    def fill_spaces(self) -> None:
        cards = [c for c in self.active_cards if c is not None]
        while len(cards) < ACTIVE_SPACES and self.deck:
            cards.append(self.deck.pop(0))
            if not self.deck and self.final_turns is None and not self.overtime:
                self.final_turns = 2  # the last card is active: one more turn each
                self.note("last-card-active")
        self.active_cards = cards + [None] * (ACTIVE_SPACES - len(cards))
        if not self.endgame_active and any(c is not None and c.endgame for c in cards):
            self.endgame_active = True
            self.note("endgame-begins")

    # -- the Claim step (page 11) -----------------------------------------------------------
    def card_env(self, team: Team, card: Card) -> Env:
        owner = Owner("challenge-card", card.item, card.name, team=team, card=card)
        return Env(self, owner, {"own": team, "opponent": team.opponent, "this-card": card})

    def claimable(self, team: Team) -> list[Card]:
        out = []
        for card in [*self.active_cards, *self.temporary[team.side]]:
            if card is None or card.item in self.options.disabled:
                continue
            condition = self.ruleset.cards[card.item].compiled.claim
            if condition is not None and condition(self.card_env(team, card)):
                out.append(card)
        return out

    def claim_step(self, team: Team) -> None:
        """The Claim step after an action (page 11). A card's condition looks at what happened
        since the previous Claim step of this turn, or since the turn began: the action just
        made, and what happened outside any action before it (a trapdoor at No Ball in Play,
        a ball card's rule at the start of the turn; ruling claims-outside-actions). What it
        does not claim then lapses (page 11)."""
        window = self.turn_history[self.claim_from:]
        in_action, self.action_history = self.action_history, window
        try:
            cards = self.claimable(team)
        finally:
            self.action_history = in_action
        if cards:
            options: list = [*cards, None]
            labels = [f"claim {c.item}" for c in cards] + ["pass"]
            card = self.decide(team, "claim", options, labels, "claim a Challenge card")
            if card is not None:
                self.claim(team, card)
        self.claim_from = len(self.turn_history)

    def claim(self, team: Team, card: Card) -> None:
        payload = {"team": team, "card": card}
        firing = self.before("card-claimed", payload)
        claimer = firing.redirect_to if firing is not None and firing.redirect_to else team
        from_active = card in self.active_cards
        if from_active:
            self.active_cards[self.active_cards.index(card)] = None
        else:
            self.temporary[team.side].remove(card)
        points = self.modify("claim-points", card.points, {"team": claimer, "card": card})
        claimer.hand.append(card)
        self.bind_card(claimer, card)
        self.claims[claimer.side] += 1
        self.after("card-claimed", {"team": claimer, "card": card})
        self.score(claimer, points, card_name(card))
        if claimer is team and from_active:
            self.claims_this_turn += 1
            if self.claims_this_turn == ACTIVE_SPACES:  # Clean Sweep (page 11)
                bonus = self.modify("clean-sweep-points", 2, {"team": team})
                self.after("clean-sweep", {"team": team})
                self.score(team, bonus, Term("score", "clean-sweep"))

    # -- Bonus Plays in hand ------------------------------------------------------------------
    def bind_card(self, team: Team, card: Card) -> None:
        back = self.ruleset.bonus_plays.get(card.item)
        if back is None or back.id in self.options.disabled:
            return
        owner = Owner("bonus-play", back.id, back.name, team=team, card=card)
        self.card_hooks[card.uid] = self.bind(back.compiled.hooks, owner)

    def unbind_card(self, card: Card) -> None:
        for inst in self.card_hooks.pop(card.uid, []):
            self.hooks.remove(inst)

    # -- end of turn (page 11) --------------------------------------------------------------
    def refresh(self, team: Team) -> None:
        if all(c is not None for c in self.active_cards):
            first = self.active_cards[0]
            self.discard.append(first)
            self.active_cards[0] = None
            self.note("card-discarded", card=card_name(first))
        self.fill_spaces()
        self.after("refresh", {"team": team})

    def enforce_hand_size(self, team: Team) -> None:
        limit = int(team.params["hand-size"])
        while len(team.hand) > limit:
            card = self.decide(team, "discard", list(team.hand),
                               [f"discard {c.item}" for c in team.hand], "discard a card")
            team.hand.remove(card)
            self.unbind_card(card)
            self.discard.append(card)

    def discard_temporary_cards(self, team: Team) -> None:
        for card in self.temporary[team.side]:
            self.discard.append(card)
        self.temporary[team.side] = []

    def draw_endgame_card(self, team: Team) -> None:
        """`draw-endgame-challenge`: an unused Endgame card, claimable this turn only."""
        if not self.unused_endgame:
            return
        # shuffling the unused cards and drawing one is one random pick
        card = self.dice.pick(self.unused_endgame, "unused Endgame cards")
        self.unused_endgame.remove(card)
        self.temporary[team.side].append(card)
        self.note("card-drawn", team=team, card=card_name(card))

    # -- knockout draws (league rules, Drawing a match) -------------------------------------
    def start_overtime(self) -> None:
        """A drawn knockout match goes on (League rules, Drawing a match): the cards left in
        the active area are removed, "all 24" standard Challenge cards are shuffled into a
        new deck and three are dealt. All 24 are the game's own cards, wherever they are: the
        discard pile, the active area, what is left of the deck, and the coaches' hands, whose
        Bonus Plays go with them (ruling knockout-extra-play-cards). Endgame cards are not
        used: they stay in the discard pile or in a hand. The Endgame is over, so Sudden Death
        can be won again (ruling knockout-extra-play-sudden-death)."""
        self.note("overtime")
        self.overtime = True
        self.final_turns = None
        self.endgame_active = False
        for card in self.active_cards:
            if card is not None:
                self.discard.append(card)
        self.active_cards = [None] * ACTIVE_SPACES
        standard = [c for c in [*self.deck, *self.discard] if not c.endgame]
        self.discard = [c for c in self.discard if c.endgame]
        for team in (self.first, self.first.opponent):
            for card in [c for c in team.hand if not c.endgame]:
                team.hand.remove(card)
                self.unbind_card(card)
                standard.append(card)
        self.dice.shuffle(standard, "Challenge deck")
        self.deck = standard
        self.fill_spaces()
