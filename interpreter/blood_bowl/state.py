"""The state of a Blood Bowl match: plain data the procedures read and change.

Rules: 004_2450e8f2c1aa331e.txt (PBBL Living Rulebook 1.10). Nothing here rolls dice or
asks a coach; the procedure modules do, through the match's services.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Where a player is (PBBL page 12: the Reserves, KO'd and Dead & Injured boxes; page 24:
# a player sent off to the dungeon).
ON_PITCH, RESERVES, KNOCKED_OUT, CASUALTY, SENT_OFF = (
    "pitch", "reserves", "knocked-out", "casualty", "sent-off")


@dataclass(eq=False, slots=True)
class Square:
    """A square of the 26 by 15 pitch (PBBL page 5). ``x`` runs from the home end zone (0)
    to the away end zone (25); ``y`` across the pitch, 0 to 14. Its attributes that depend
    on the match (occupied, half) are read through the match it belongs to."""

    x: int
    y: int
    match: Any = field(repr=False, default=None)
    neighbours: tuple[Square, ...] = field(repr=False, default=())

    @property
    def occupied(self) -> bool:
        return self in self.match.occupant

    @property
    def trapdoor(self) -> bool:
        return False  # a Blood Bowl pitch has none

    @property
    def half(self) -> Team:
        return self.match.home if self.x < 13 else self.match.away

    def label(self) -> str:
        return f"{self.x + 1},{self.y + 1}"

    def __repr__(self) -> str:
        return f"Square({self.label()})"


@dataclass(eq=False, slots=True)
class Player:
    id: str
    team: Team
    name: str
    position: str
    ma: int
    st: int
    ag: int
    av: int
    skills: list[str]
    where: str = RESERVES
    square: Square | None = None
    standing: bool = True
    stunned: bool = False
    stunned_this_turn: bool = False  # Stunned in this team turn: stays face-down (page 12)
    acted: bool = False
    moves_used: int = 0
    rushes_used: int = 0
    no_tackle_zones: bool = False  # a rule took them away until the next action (page 26)
    rooted_until_down: bool = False  # MA 0 until the drive ends or they go down (page 30)
    drive_played: int = 0  # the last drive (Match.drive_serial) they were on the pitch in
    miss_next_drive: bool = False
    # the Casualty table's D68 for their casualty, the worst if rolled more than once (page 32)
    casualty_roll: int | None = None
    temporary: dict = field(default_factory=dict)  # characteristic -> change, for a while
    skill_values: dict = field(default_factory=dict)  # skill -> its printed value: (2+) is 2
    categories: tuple[str, ...] = ()  # the position's Normal skill categories
    given_name: str | None = None  # the name its coach's roster gives it, if any
    cost: int = 0  # the position's cost on the team list (pages 17, 52-58; a card of page 51)
    set_up_stunned: bool = False  # set up Stunned in the coming set-up (a card of page 45)

    # -- attributes the vocabulary names --------------------------------------------------
    @property
    def prone(self) -> bool:
        return self.where == ON_PITCH and not self.standing and not self.stunned

    @property
    def movement(self) -> int:
        return max(1, self.ma + self.temporary.get("movement", 0))

    @movement.setter
    def movement(self, value: int) -> None:
        self.temporary["movement"] = self.temporary.get("movement", 0) + value - self.movement

    @property
    def strength(self) -> int:
        return max(1, self.st + self.temporary.get("strength", 0))

    @property
    def agility(self) -> int:
        return max(1, self.ag + self.temporary.get("agility", 0))

    @property
    def passing_ability(self) -> None:
        return None  # PBBL 1.10 has no PA characteristic (a BB2020 one)

    @property
    def armour_value(self) -> int:
        return max(1, self.av + self.temporary.get("armour-value", 0))

    @armour_value.setter
    def armour_value(self, value: int) -> None:
        self.temporary["armour-value"] = (self.temporary.get("armour-value", 0) + value
                                          - self.armour_value)

    @property
    def primary_skills(self) -> list[str]:
        """The skills of the player's Normal (BB2020: primary) categories they do not have
        yet (PBBL page 17 team lists; ruling bb2020-tables-in-pbbl)."""
        skills = self.team.match.ruleset.skills
        return [s for s, r in sorted(skills.items())
                if r.data.get("category") in self.categories and s not in self.skills]

    @property
    def open(self) -> bool:
        return self.where == ON_PITCH and not self.team.match.marked(self)

    @property
    def on_pitch(self) -> bool:
        return self.where == ON_PITCH

    @property
    def rooted(self) -> bool:
        """Rooted to their square (a skill of PBBL page 30): a rule rooted them and they
        have not been knocked down since."""
        return self.rooted_until_down and self.where == ON_PITCH and self.standing

    @property
    def has_tackle_zones(self) -> bool:
        """Standing, and no rule took them away (PBBL page 9: Prone and Stunned players
        exert none)."""
        return self.where == ON_PITCH and self.standing and not self.no_tackle_zones

    @property
    def exerts_tackle_zones(self) -> bool:
        """Tackle zones on the squares next to them: a standing player's (`has_tackle_zones`,
        who alone may assist, catch or intercept), or a Prone one's while a rule lends the
        team's Prone players tackle zones (a card of PBBL page 45)."""
        return self.has_tackle_zones or (self.team.prone_tackle_zones and self.prone
                                         and not self.no_tackle_zones)

    def __repr__(self) -> str:
        return self.id


@dataclass(eq=False, slots=True)
class Team:
    side: str  # home | away
    id: str
    name: str
    match: Any = field(repr=False, default=None)
    players: list[Player] = field(default_factory=list)
    opponent: Team = field(repr=False, default=None)  # type: ignore[assignment]
    score: int = 0
    rerolls: int = 0
    rerolls_at_start: int = 0
    extra_rerolls: int = 0  # gained for a while (a kick-off result), lost with it
    # of `rerolls`, the counters usable only while a player with the skill is on the pitch
    # (a skill of PBBL page 28): skill -> how many
    skill_rerolls: dict[str, int] = field(default_factory=dict)
    reroll_used_this_turn: bool = False
    turn_marker: int = 0
    fame: int = 0
    fan_factor: int = 0
    cheerleaders: int = 0
    assistant_coaches: int = 0
    # its Prone players exert tackle zones as if standing, for a while (a card of PBBL page 45)
    prone_tackle_zones: bool = False
    # the actions of this team turn that may be declared once (PBBL page 8, 21, 24)
    declared: set[str] = field(default_factory=set)

    @property
    def team_list(self) -> str:
        """The team list the team was drafted from: its id (PBBL pages 52-58)."""
        return self.id

    @property
    def players_on_pitch(self) -> list[Player]:
        return [p for p in self.players if p.where == ON_PITCH]

    def players_in(self, where: str) -> list[Player]:
        """The team's players in one box of the Dugout (page 12), in roster order."""
        return [p for p in self.players if p.where == where]

    @property
    def open_players(self) -> list[Player]:
        return [p for p in self.players if p.where == ON_PITCH and p.open]

    @property
    def available_players(self) -> list[Player]:
        return [p for p in self.players if p.where in (ON_PITCH, RESERVES)]

    @property
    def stalling_players(self) -> list[Player]:
        return []  # BB2020's Stalling is not a PBBL rule: no player ever stalls here


    def __repr__(self) -> str:
        return self.side


@dataclass(eq=False, slots=True)
class OtherBall:
    """A second ball on the pitch while a rule keeps one (a card of PBBL page 44): lying in
    ``square`` or carried by ``holder``. The procedures handle one ball, the match's
    ``ball``/``holder``; `ballplay.swap_balls` exchanges the two when a rule touches this
    one (design in nuffle.interpreter.blood_bowl.effects_cards_second_ball)."""

    square: Square | None = None
    holder: Player | None = None
