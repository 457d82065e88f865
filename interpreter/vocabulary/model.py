"""The shapes of vocabulary declarations: what a name in the rules language can mean."""

from __future__ import annotations

from dataclasses import dataclass, field

from nuffle.dsl.frozen import Frozen, frozen

# an attribute in `Vocabulary.type`: its type, or (type, doc), or (type, doc, range)
AttributeSpec = str | tuple[str, str] | tuple[str, str, tuple[int | None, int | None]]


@frozen
class TypeDecl(Frozen):
    """A kind of game object (player, ball, team…) and the attributes rules can read."""

    name: str
    doc: str
    attributes: dict[str, str] = field(default_factory=dict)
    # attributes rules may change (`change p.movement by 1`), with their allowed range
    settable: dict[str, tuple[int | None, int | None]] = field(default_factory=dict)
    # one line per attribute saying what it holds (the language reference shows it)
    docs: dict[str, str] = field(default_factory=dict)
    # the range a number attribute's value lies in, where the game fixes one
    ranges: dict[str, tuple[int | None, int | None]] = field(default_factory=dict)


@frozen
class EventDecl(Frozen):
    """Something that happens (occurrence) or a value the engine computes (value event)."""

    name: str
    doc: str
    payload: dict[str, str]
    value_type: str | None = None  # set for value events, used with `modify`
    phrase: str = ""
    bounds: tuple[int, int] | None = None  # a number value's allowed range (check and run time)

    @property
    def is_value(self) -> bool:
        return self.value_type is not None


@frozen
class EffectDecl(Frozen):
    """Something rules can make happen. ``params`` maps a preposition to a type."""

    name: str
    doc: str
    subject: str | None = None  # type of the word right after the effect name
    subject_required: bool = False
    params: dict[str, str] = field(default_factory=dict)
    assigns: bool = False  # set/change: the subject is a value or parameter
    phrase: str = ""
    durations: bool = False
    # allowed ranges of number arguments, by preposition ("subject" for the subject)
    bounds: dict[str, tuple[int, int]] = field(default_factory=dict)
    # an offer the coach takes later (or not): like a `may`, it leaves its hook's `once`
    # limit to be used when the coach takes it
    offers: bool = False


@frozen
class ParameterDecl(Frozen):
    name: str
    doc: str
    type: str
    default: object
    per_team: bool
    bounds: tuple[int, int] | None = None  # allowed range, checked at check and run time


@frozen
class ConstantDecl(Frozen):
    name: str
    type: str
    doc: str


@frozen
class QueryDecl(Frozen):
    name: str
    doc: str
    params: tuple[str, ...]
    returns: str
    phrase: str = ""  # English, with {0}, {1}… for the arguments


@dataclass
class Vocabulary:
    """Every name one game's rules may use, declared once (principle 1)."""

    game: str
    types: dict[str, TypeDecl] = field(default_factory=dict)
    events: dict[str, EventDecl] = field(default_factory=dict)
    effects: dict[str, EffectDecl] = field(default_factory=dict)
    parameters: dict[str, ParameterDecl] = field(default_factory=dict)
    constants: dict[str, ConstantDecl] = field(default_factory=dict)
    queries: dict[str, QueryDecl] = field(default_factory=dict)
    scopes: dict[str, str] = field(default_factory=dict)
    contexts: dict[str, dict[str, str]] = field(default_factory=dict)
    enums: dict[str, str] = field(default_factory=dict)  # enum type -> doc
    # table category -> (the event a table of that category is rolled on, doc)
    table_categories: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the kinds of content whose top-level `set`/`change` of a parameter the engine applies
    settings_kinds: set[str] = field(default_factory=set)
    # the kinds of content whose ids a rule may name, with the type such a name has
    named_kinds: dict[str, str] = field(
        default_factory=lambda: {"ability": "ability", "ball": "ball-card"})

    # -- declaration helpers, so a vocabulary module reads like a list
    def type(self, name: str, doc: str, **attributes: AttributeSpec) -> None:
        """A type and its attributes: each a type name, or (type, doc) or (type, doc, range)."""
        self.types[name] = TypeDecl(name, doc)
        for key, spec in attributes.items():
            self.attribute(name, _word(key), *((spec,) if isinstance(spec, str) else spec))

    def attribute(self, type_name: str, name: str, attr_type: str, doc: str = "",
                  bounds: tuple[int | None, int | None] | None = None) -> None:
        """One more attribute of a declared type (an area of the rules adding its own)."""
        decl = self.types[type_name]
        decl.attributes[name] = attr_type
        if doc:
            decl.docs[name] = doc
        if bounds is not None:
            decl.ranges[name] = bounds

    def enum(self, type_name: str, doc: str, names: str) -> None:
        self.enums[type_name] = doc
        self.types.setdefault(type_name, TypeDecl(type_name, doc))
        for n in names.split():
            previous = self.constants.get(n)
            if previous is not None and previous.type != type_name:
                # one word, two meanings (`throw` the action and the catch source)
                self.constants[n] = ConstantDecl(n, f"{previous.type}|{type_name}", previous.doc)
            else:
                self.constants[n] = ConstantDecl(n, type_name, doc)

    def constant(self, name: str, type_name: str, doc: str) -> None:
        self.constants[name] = ConstantDecl(name, type_name, doc)

    def event(self, name: str, doc: str, phrase: str = "", **payload: str) -> None:
        self.events[name] = EventDecl(name, doc, _kebab(payload), None, phrase)

    def value(self, name: str, value_type: str, doc: str, phrase: str = "",
              bounds: tuple[int, int] | None = None, **payload: str) -> None:
        self.events[name] = EventDecl(name, doc, _kebab(payload), value_type, phrase, bounds)

    def effect(self, name: str, doc: str, subject: str | None = None, *, required: bool = False,
               assigns: bool = False, phrase: str = "", durations: bool = False,
               bounds: dict[str, tuple[int, int]] | None = None, offers: bool = False,
               **params: str) -> None:
        preps = {_word(k).replace("-", " "): v for k, v in params.items()}
        self.effects[name] = EffectDecl(name, doc, subject, required, preps, assigns, phrase,
                                        durations, dict(bounds or {}), offers)

    def parameter(self, name: str, doc: str, type_name: str, default: object,
                  per_team: bool = True, bounds: tuple[int, int] | None = None) -> None:
        self.parameters[name] = ParameterDecl(name, doc, type_name, default, per_team, bounds)

    def settable(self, type_name: str, attribute: str, low: int | None = None,
                 high: int | None = None) -> None:
        """Rules may change this attribute (`change p.movement by -1 for this drive`)."""
        decl = self.types[type_name]
        assert attribute in decl.attributes, f"{type_name} has no {attribute}"
        decl.settable[attribute] = (low, high)

    def query(self, name: str, doc: str, params: tuple[str, ...], returns: str,
              phrase: str = "") -> None:
        self.queries[name] = QueryDecl(name, doc, params, returns, phrase)

    def scope(self, name: str, doc: str) -> None:
        self.scopes[name] = doc

    def table_category(self, category: str, event: str, doc: str) -> None:
        """Tables of this category are rolled on ``event``; their entries see its payload."""
        self.table_categories[category] = (event, doc)

    def table_names(self, category: str) -> dict[str, str]:
        """The names a table entry's rules may use: the table context and the event's payload."""
        names = dict(self.contexts.get("table", {}))
        event = self.events.get(self.table_categories.get(category, ("", ""))[0])
        if event is not None:
            names.update(event.payload)
        return names

    def context(self, kind: str, names: dict[str, str]) -> None:
        self.contexts[kind] = dict(names)

    def attribute_type(self, type_name: str, attr: str) -> str | None:
        decl = self.types.get(type_name)
        return decl.attributes.get(attr) if decl else None


Bounds = tuple[int | None, int | None]  # a declared range; None: no bound on that side


def is_number(value: object) -> bool:
    """A whole number a rule may give (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def outside(value: object, bounds: Bounds | None) -> bool:
    """Whether a number lies outside a declared range (anything else is never outside)."""
    if bounds is None or not is_number(value):
        return False
    low, high = bounds
    return (low is not None and value < low) or (high is not None and value > high)  # type: ignore[operator]


def bounds_text(bounds: Bounds) -> str:
    """A declared range in words: "0 to 10", "at least 1", "at most 8"."""
    low, high = bounds
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _word(keyword: str) -> str:
    """A Python keyword argument as a vocabulary word: ``from_`` → ``from``, ``in_play`` → ``in-play``.

    A trailing underscore only dodges a Python keyword (``from``, ``with``, ``for``).
    """
    return keyword.rstrip("_").replace("_", "-")


def _kebab(d: dict[str, str]) -> dict[str, str]:
    return {_word(k): v for k, v in d.items()}
