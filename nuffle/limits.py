"""Every limit Nuffle puts on what it reads and runs, declared once.

Content, translations and logs come from people the project does not know: each input has
a stated bound, checked in the one place that parses or runs it, with a positioned error
naming the code below when it is exceeded. The site's "Limits" page is generated from this
table, so the documentation and the checks cannot drift apart.
"""

from __future__ import annotations

from typing import NamedTuple


class Limit(NamedTuple):  # not a dataclass: `nuffle --help` imports this, not dataclasses
    """One bound: its value, what it bounds, and the diagnostic code that reports it."""

    name: str
    value: int
    unit: str
    what: str
    code: str  # the diagnostic code(s) that report it, comma-separated; "" for usage errors


_ALL: list[Limit] = []


def _limit(name: str, value: int, unit: str, what: str, code: str) -> int:
    _ALL.append(Limit(name, value, unit, what, code))
    return value


# ---- content files (the loader) --------------------------------------------------------
FILE_BYTES = _limit("file size", 1 << 20, "bytes",
                    "A content file is read only up to this size.", "Y005")
YAML_DEPTH = _limit("YAML nesting", 32, "levels",
                    "Mappings and lists inside one another in a content file.", "Y006")
YAML_VALUES = _limit("YAML values", 100_000, "values",
                     "Values in one content file, counting each use of an alias as a copy "
                     "(an alias bomb is refused, not expanded).", "Y007")
NUMBER = _limit("number size", 999_999_999, "",
                "The largest number a content file (`Y008`) or a rules text (`E106`) may "
                "write.", "Y008, E106")

# ---- rules texts (the parser and checker) ---------------------------------------------
RULES_CHARS = _limit("rules length", 8_000, "characters",
                     "One `rules:` text.", "E105")
RULES_DEPTH = _limit("rules nesting", 48, "levels",
                     "Blocks, operators, lists and attributes inside one another in a rules "
                     "text (brackets add none); a chain of `+` and `-` counts one level per "
                     "operator. The parser, the checker, the renderers and the compiler all "
                     "work to this depth.", "E104")
DICE_PER_ROLL = _limit("dice in one roll", 10, "dice",
                       "`roll 10d6` in rules (`T210`), `roll: 10d6` on a table (`S305`).",
                       "T210, S305")
RANGE_WIDTH = _limit("range width", 1_000, "numbers",
                     "How many numbers a range written in the rules (`1..1000`) may hold; a "
                     "range worked out in a game is bounded by the collection size below.",
                     "T210")
LOOP_NESTING = _limit("loop nesting", 3, "loops",
                      "`for each` loops inside one another.", "T213")
SCOPE_NESTING = _limit("lasting-hook nesting", 2, "levels",
                       "`for this SCOPE:` blocks inside the hooks of other such blocks.",
                       "T213")

# ---- games (the engine) ----------------------------------------------------------------
STEPS_PER_EVENT = _limit("steps per event", 10_000, "steps",
                         "Hooks fired, dice rolled, loop rounds and effects made by the rules "
                         "while the engine handles one event (with everything it sets off).",
                         "G001")
STEPS_PER_TURN = _limit("steps per turn", 200_000, "steps",
                        "The same steps, over one team turn.", "G002")
LIVE_HOOKS = _limit("lasting hooks", 2_000, "hooks",
                    "Hooks alive at once in one game (abilities, cards, balls and those "
                    "added `for this SCOPE`).", "G003")
HOOK_DEPTH = _limit("hook chain", 24, "levels",
                    "Hooks whose effects fire events that fire hooks, inside one another.",
                    "G005")
COLLECTION = _limit("collection size", 1_000, "items",
                    "A list or range a rule walks or picks from at run time.", "G006")

# ---- logs and translation catalogs -----------------------------------------------------
LOG_BYTES = _limit("log size", 32 << 20, "bytes", "A game log read by `nuffle replay`.",
                   "L001")
LOG_LINE = _limit("log line", 64 << 10, "characters", "One record of a game log.", "L001")
CATALOG_BYTES = _limit("catalog size", 16 << 20, "bytes",
                       "A translation catalog (`.po` file).", "I106")

GRAMMAR_PATTERN_MS = _limit(
    "grammar pattern time", 250, "milliseconds",
    "One regular expression of a language's grammar file (`sounds`, `replacements`) on one "
    "text; `nuffle i18n check` refuses a pattern that backtracks past it on its trial texts, "
    "and a sentence whose pattern stops at it is written without that step and marked.",
    "S305")

# ---- the content cache (nuffle.catalogue.cache) ---------------------------------------
# Not in the table above: going past them is no error of anyone's, the cache keeps less.
CACHE_ENTRY_BYTES = 16 << 20  # one file's entry: a larger one is not kept, nor read back
CACHE_BYTES = 256 << 20  # the whole content cache: past it, the oldest entries are removed
# each of the site build's kept files (page renders, search sections: site/sitegen/kept_entries.py):
# a larger one is not kept
SITE_CACHE_BYTES = 64 << 20
# a parsed translation catalog kept (nuffle.i18n.parsed_catalogs): as JSON, about the size
# of its .po file
CATALOG_CACHE_BYTES = 2 * CATALOG_BYTES
CHECK_ENTRIES = 32  # `nuffle check`'s kept reports (nuffle.cli.check_cache): the most recent

# ---- the command line ------------------------------------------------------------------
LEAGUE_COACHES = _limit("league coaches", 64, "coaches", "`nuffle league --coaches`.", "")
SIMULATED_GAMES = _limit("simulated games", 1_000_000, "games",
                         "`nuffle simulate --games` (per pairing).", "")
JOBS = _limit("worker processes", 64, "processes", "`--jobs` of simulate and site build.", "")
SEED = _limit("seed", 2 ** 63 - 1, "", "The largest `--seed` of play, simulate and league.", "")


def all_limits() -> list[Limit]:
    """Every limit, in the order declared (for the documentation page)."""
    return list(_ALL)
