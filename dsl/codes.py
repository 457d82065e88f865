"""Every diagnostic code Nuffle reports, with what it means (the error-code reference)."""

from __future__ import annotations

CODES: dict[str, str] = {
    # YAML
    "Y001": "The file is not valid YAML (or is empty).",
    "Y002": "A key appears twice in one mapping.",
    "Y003": "The file is not UTF-8 text.",
    "Y004": "The file cannot be read.",
    # schema
    "S300": "Another schema problem (the message says which).",
    "S301": "A required field is missing.",
    "S302": "A field the schema does not know (often a misspelling).",
    "S303": "A value of the wrong type (text where a number is needed, …).",
    "S304": "A value outside a closed set (kind, edition, category, …).",
    "S305": "A value of the wrong form (ids are kebab-case, seeds are file names).",
    "S306": "A value out of range (a number too large, a list too short, duplicates).",
    # rules syntax
    "E100": "The rules text has a word or symbol where it cannot go.",
    "E101": "A character the rules language does not use (capitals, underscores, tabs).",
    "E102": "Indentation: a block is missing, or indented where none may start.",
    "E103": "The rules or a line end before the statement is complete.",
    # names
    "N101": "An event the engine does not know.",
    "N102": "An effect the engine does not know.",
    "N103": "A name that is neither a variable, a payload field, a context name nor a constant.",
    "N104": "An attribute that this kind of object does not have.",
    "N105": "A game parameter the engine does not know.",
    "N106": "A duration other than action, turn, drive, half or game.",
    "N107": "A query the engine does not know.",
    "N108": "An argument (by, to, up to, …) that this effect does not take.",
    "N110": "Dice that do not exist (the game uses d3, d6, d8 and d16).",
    # types and placement
    "T201": "Values of different kinds are compared or combined.",
    "T202": "`modify` on an occurrence, or another timing on a value.",
    "T203": "`value` used outside a `modify` hook, or something that cannot be set.",
    "T204": "`claim if` outside a Challenge card's front.",
    "T205": "`play` outside a Bonus Play, or a Bonus Play hook without `play`.",
    "T206": "A statement with no trigger in an item that needs one.",
    "T207": "An effect missing what it acts on, or given one it does not take.",
    "T208": "An argument given twice, or a duration on an effect that does not last.",
    "T209": "A query called with the wrong number of arguments.",
    # references between items
    "R401": "Two items of one kind share an id.",
    "R402": "A reference to an item that does not exist.",
    "R403": "A table whose entries do not cover every result of its roll exactly once.",
    "R404": "A file whose name is not its item's id.",
    "R405": "A Blitz Bowl team without exactly six players.",
    "R406": "Two coach traits on the same 2D8 result.",
    "I101": "A translation whose numbers or dice differ from the English.",
    "I102": "A translation that does not use the glossary's rendering of a game term.",
    "I103": "A translation that drops or changes a placeholder, or leaves a brace unclosed.",
    "I104": "A catalog that `msgfmt --check` rejects.",
    "R407": "A pitch map of the wrong size, or trapdoors that do not match the map.",
}
