"""Every diagnostic code Nuffle reports, with what it means (the error-code reference)."""

from __future__ import annotations

CODES: dict[str, str] = {
    # YAML
    "Y001": "The file is not valid YAML (or is empty).",
    "Y002": "A key appears twice in one mapping.",
    "Y003": "The file is not UTF-8 text.",
    "Y004": "The file cannot be read.",
    "Y005": "The file is larger than the size limit (see Limits).",
    "Y006": "Mappings and lists nested deeper than the limit.",
    "Y007": "An alias that contains itself, or aliases that expand past the limit of values.",
    "Y008": "A number larger than the limit.",
    "Y009": "A line separator other than a line break (U+0085, U+2028 or U+2029).",
    # schema
    "S300": "Another schema problem (the message says which).",
    "S301": "A required field is missing.",
    "S302": "A field the schema does not know (often a misspelling).",
    "S303": "A value of the wrong type (text where a number is needed, …).",
    "S304": "A value outside a closed set (kind, edition, category, …).",
    "S305": "A value of the wrong form (ids are kebab-case, seeds are file names).",
    "S306": "A value out of range (a number too large, a list too short, duplicates).",
    "S307": "Markup or control characters in a name or text (HTML tags, attribute lists, "
            "links, script URLs).",
    # rules syntax
    "E100": "The rules text has a word or symbol where it cannot go.",
    "E101": "A character the rules language does not use (capitals, underscores, tabs).",
    "E102": "Indentation: a block is missing, or indented where none may start.",
    "E103": "The rules or a line end before the statement is complete.",
    "E104": "Rules nested deeper than the limit.",
    "E105": "A rules text longer than the limit.",
    "E106": "A number larger than the limit.",
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
    "T207": ("An effect missing what it acts on, or given one it does not take; a `set` "
             "without `to` or a `change` without `by`."),
    "T208": "An argument given twice, or a duration on an effect that does not last.",
    "T209": "A query called with the wrong number of arguments.",
    "T210": "Too many dice in one roll, or a range wider than the limit.",
    "T211": "A number outside the range a parameter, a value or an argument allows.",
    "T212": "A game parameter set in an item whose settings the engine does not apply.",
    "T213": "Loops, or lasting hooks, nested deeper than the limit.",
    "T214": "A value whose kind cannot be known (a mixed list, an attribute of such a value).",
    # references between items
    "R401": "Two items of one kind in one game share an id.",
    "R402": "A reference to an item that does not exist.",
    "R403": "A table whose entries do not cover every result of its roll exactly once.",
    "R404": "A file whose name is not its item's id.",
    "R405": "A Blitz Bowl team of fewer than six players, or more than an end zone holds.",
    "R406": "Two coach traits on the same 2D8 result.",
    "I101": "A translation whose numbers or dice differ from the English.",
    "I102": "A translation that does not use the glossary's rendering of a game term.",
    "I103": "A translation that drops or changes a placeholder, or leaves a brace unclosed.",
    "I104": "A catalog that `msgfmt --check` rejects.",
    "I105": "A translation that adds markup or control characters the English does not have.",
    "I106": "A catalog that cannot be read (not a PO file, not UTF-8, too large, a folder).",
    "R407": "A pitch map of the wrong size, or trapdoors that do not match the map.",
    "R408": "A Blood Bowl roster that is not a legal team of its team list: a position the "
            "list lacks, more players of a position than it allows, fewer than 11 or more "
            "than 16 players, or a cost above its treasury.",
    "R409": "A special play card outside the folder of its deck, or a deck holding more cards "
            "than its printed size.",
    "R410": "A content pack's manifest (kind content-pack) in a file not named nuffle-pack.yaml.",
    # game logs (nuffle replay)
    "L001": "A log line that cannot be read: not UTF-8, a byte-order mark, not a JSON object, "
            "too long, or a log too large.",
    "L002": "A log record of an unknown type, or missing a field, or with a field of the "
            "wrong kind.",
    "L003": "A log header naming a team, pitch, trait or bot the content does not have.",
    "L004": "A log record that was changed: its digest does not follow from the line before.",
    "L005": "The replayed game asks for another die or decision than the log records here.",
    "L006": "A log that ends before its game does, or records more than its game used.",
    # games: content that ran past a limit of the engine (the game ends with this error)
    "G001": "The rules made more steps for one event than the limit.",
    "G002": "The rules made more steps in one turn than the limit.",
    "G003": "More lasting hooks alive at once than the limit.",
    "G004": "A value out of its declared range at run time (a parameter, a value, an "
            "argument).",
    "G005": "Hooks setting off hooks deeper than the limit.",
    "G006": "A list or range larger than the limit, walked or picked from at run time.",
    # Nuffle itself
    "X001": "An internal error in Nuffle while reading a file: a bug to report, not a "
            "problem in the content (the exit status is 70).",
}
