"""The language reference, generated from the grammar and the vocabulary registry.

Every construct, event, effect, query and parameter gets an example. An example is taken
from the content where some item uses the name (so it is real and already checked), and
otherwise made from a template; `examples()` returns them all so the test suite checks
each one with the real parser and checker.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache

from nuffle.dsl import ast
from nuffle.dsl.checker import check_rules
from nuffle.dsl.diagnostics import SourceMap
from nuffle.dsl.parser import GRAMMAR_PATH, RulesSyntaxError, parse_rules
from nuffle.interpreter.vocabulary import GAMES, vocabulary
from nuffle.interpreter.vocabulary.model import TypeDecl, Vocabulary, bounds_text
from nuffle.sitegen import rules_kept
from nuffle.sitegen.context import Site, esc, fence, table

from nuffle.catalogue.model import RulesText

GRAMMAR = GRAMMAR_PATH


@dataclass(frozen=True)
class Example:
    game: str
    kind: str  # the checker context: ability, ball, coach-trait…
    text: str
    origin: str  # "<kind>/<id>" of the content item it comes from, or "template"
    context: tuple[tuple[str, str], ...] | None = None  # names a table entry sees


# The constructs of the language, each with an example (checked like the others).
CONSTRUCTS: list[tuple[str, str, str, str]] = [
    ("hook", "When an event happens, with a timing, a filter and options, run the body.",
     "ability", "after catch where player is self and source is throw:\n    let n = roll d6\n"
                "    may free run by self up to n"),
    ("modify", "Change a value the engine computes (a value event).", "ability",
     "modify move-allowance where player is self and action is mark: set value to 3"),
    ("instead of", "Replace an event; a single `may` body lets the coach decline.", "ability",
     "instead of block where target is self and result in [miss, shove, tackle]:\n"
     "    may free sidestep by self"),
    ("once per", "Use a hook once per turn, drive or game (or `once`: then it expires).",
     "coach-trait", "modify touchdown-points where team is own once per game: set value to 4"),
    ("setting", "A game parameter, for as long as the item is in play.", "coach-trait",
     "set hand-size to 4"),
    ("claim", "A Challenge card's condition, checked at the Claim step.", "challenge-card",
     "claim if happened(touchdown where team is own)"),
    ("play", "A Bonus Play's window: the coach may play the card when the hook fires.",
     "bonus-play", "play before throw-check where team is own:\n    succeed"),
    ("let / if / elif / else", "Name a value; branch on a condition.", "ball",
     "after turn-start where this-ball.in-play:\n    let n = roll d6\n    if n == 1:\n"
     "        remove this-ball\n    elif n == 2:\n        bounce this-ball\n    else:\n"
     "        bounce this-ball times 2"),
    ("for each", "Repeat for each member of a collection.", "ball",
     "after turn-start where this-ball.in-play:\n    for each p in players-near(this-ball):\n"
     "        knock-down p"),
    ("for this SCOPE", "Hooks that last until the end of the action, turn or game.",
     "bonus-play", "play before action where team is own and action is run:\n"
     "    let runner = player\n    for this action:\n"
     "        modify move-allowance where player is runner: change value by 2"),
    ("choose / random", "A pick by the item's coach, or through the dice.", "ability",
     "modify bounce-roll where player is self and cause is knock-down:\n"
     "    set value to choose(r in 1..8)"),
    ("happened / count", "What happened in this action (or `, this turn`).", "challenge-card",
     "claim if count(knocked-down where team is opponent, this turn) >= 2"),
]

SAMPLE_BY_TYPE = {
    "number": "1", "bool": "true", "player": "self", "team": "own", "ball": "self.ball",
    "square": "self.square", "action": "run", "direction": "north", "card": "this-card",
}


def _usage(rules: ast.Rules) -> tuple[set[str], set[str], set[str], set[str]]:
    events, effects, queries, params = set(), set(), set(), set()
    stack: list = [rules]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Hook):
            events.add(node.event.name)
        if isinstance(node, ast.History):
            events.add(node.event.name)
        if isinstance(node, ast.Effect):
            effects.add(node.name.name)
            if node.name.name in ("set", "change") and isinstance(node.subject, ast.Name):
                params.add(node.subject.name)
        if isinstance(node, ast.Call):
            queries.add(node.func.name)
        if hasattr(node, "__dataclass_fields__"):
            for name in node.__dataclass_fields__:
                value = getattr(node, name)
                if isinstance(value, tuple):
                    stack.extend(v for v in value if isinstance(v, ast.Node))
                elif isinstance(value, ast.Node):
                    stack.append(value)
    return events, effects, queries, params


def content_examples(site: Site) -> dict[tuple[str, str, str], Example]:
    """(game, category, name) -> the first content rules text that uses it."""
    from nuffle.interpreter.vocabulary import EDITIONS

    from nuffle.catalogue.loader import rules_context
    out: dict[tuple[str, str, str], Example] = {}
    known = rules_kept.kept()
    for item in site.catalogue.sorted_items():
        game = EDITIONS.get(item.edition or "")
        if game is None:
            continue
        for text in item.rules:
            used = _kept_usage(text, known)
            if used is None:
                continue
            names = rules_context(vocabulary(game), item, text)
            context = tuple(sorted(names.items())) if names else None
            for category, used_names in zip(("event", "effect", "query", "parameter"), used,
                                            strict=True):
                for name in used_names:
                    out.setdefault((game, category, name), Example(
                        game, text.kind, text.source.rstrip(), f"{item.kind}/{item.id}",
                        context))
    return out


def _kept_usage(text: RulesText, known: rules_kept.Kept
                ) -> tuple[set[str], ...] | None:
    """The names ``text`` uses (None: its rules did not parse), as kept for its source
    where they are (rules_kept.py), else read from its syntax tree and kept."""
    if not text.parsed:
        return None
    key = rules_kept.sha(text.source)
    used = known.usage.get(key)
    if used is None:
        if text.ast is None:
            return None
        rules_kept.WORK.walked += 1
        used = known.usage[key] = _usage(text.ast)
        known.changed = True
    return used


# Examples for the generic effects that only make sense in some windows.
WINDOWED = {
    "cancel": "before {event} where team is opponent:\n    cancel",
    "reroll": "after {event} where team is own:\n    may reroll",
}
PLAIN_WINDOWED = {"cancel": "before {event}:\n    cancel",
                  "reroll": "after {event}:\n    may reroll"}
WINDOW_PREFERRED = {"cancel": "action", "reroll": "armour-check"}


def template_example(game: str, category: str, name: str) -> Example | None:
    v = vocabulary(game)
    if category == "effect" and name in WINDOWED:
        # the preferred event, else the first event of this game where the checker takes it
        events = [WINDOW_PREFERRED[name], *sorted(v.events)]
        for event in events:
            if event not in v.events or v.events[event].is_value:
                continue
            for text in (WINDOWED[name], PLAIN_WINDOWED[name]):
                made = Example(game, "coach-trait", text.format(event=event), "template")
                if example_ok(made):
                    return made
        return None
    if category == "event":
        event_decl = v.events[name]
        if event_decl.value_type is not None:  # a value event
            sample = _sample(v, event_decl.value_type)
            return None if sample is None else Example(
                game, "coach-trait", f"modify {name}: set value to {sample}", "template")
        return Example(game, "coach-trait", f"after {name}:\n    let n = roll d6", "template")
    if category == "parameter":
        param = v.parameters[name]
        sample = _sample(v, param.type)
        return None if sample is None else Example(game, "coach-trait",
                                                   f"set {name} to {sample}", "template")
    if category == "effect":
        effect = v.effects[name]
        parts = [name]
        if effect.subject:
            sample = _sample(v, effect.subject)
            if sample is None:
                return None
            parts.append(sample)
        for prep, typ in effect.params.items():
            sample = _sample(v, typ)
            if sample is None:
                return None
            parts.append(f"{prep} {sample}")
        return Example(game, "ability", f"after turn-start where team is own:\n    "
                                        f"{' '.join(parts)}", "template")
    if category == "query":
        query = v.queries[name]
        samples = [_sample(v, t) for t in query.params]
        args = [a for a in samples if a is not None]
        if len(args) < len(samples):
            return None
        return Example(game, "ability", f"after turn-start where team is own:\n"
                                        f"    let x = {name}({', '.join(args)})", "template")
    return None


def _sample(v, type_name: str) -> str | None:
    if type_name in SAMPLE_BY_TYPE:
        return SAMPLE_BY_TYPE[type_name]
    if type_name in v.enums:
        return next((c.name for c in v.constants.values() if c.type == type_name), None)
    if type_name == "any":
        return "1"
    return None


# How an example reaches an object of each type that has attributes: the content kind
# whose context names it, and the path from a context name.
ATTRIBUTE_SUBJECTS: dict[str, tuple[str, str]] = {
    "player": ("ability", "self"), "team": ("ability", "own"), "ball": ("ability", "self.ball"),
    "square": ("ability", "self.square"), "coach": ("ability", "own.coach"),
    "card": ("challenge-card", "this-card"),
}

# Examples that say more than a template would: (game, type, attribute) -> (kind, text).
ATTRIBUTE_EXAMPLES: dict[tuple[str, str, str], tuple[str, str]] = {
    ("blitz-bowl", "square", "half"): (
        "ability", "modify throw-modifier where player is self and target.square.half is own: "
                   "change value by 1"),
    ("blitz-bowl", "square", "end-zone"): (
        "ability", "after move where player is self and to.end-zone is opponent: "
                   "let n = roll d6"),
    ("blitz-bowl", "square", "trapdoor"): (
        "ball", "after bounce where ball is this-ball and to.trapdoor: remove this-ball"),
    ("blitz-bowl", "square", "y"): (
        "ability", "modify move-allowance where player is self and self.square.y <= 2: "
                   "change value by 1"),
    ("blood-bowl", "square", "half"): (
        "ability", "modify test-modifier where player is self and test is pass and "
                   "self.square.half is opponent: change value by 1"),
    ("blood-bowl", "square", "wide-zone"): (
        "ability", "modify test-modifier where player is self and test is dodge and "
                   "to.wide-zone: change value by 1"),
    ("blood-bowl", "square", "end-zone"): (
        "ability", "modify test-modifier where player is self and test is rush and "
                   "to.end-zone is opponent: change value by 1"),
}


def attribute_example(game: str, type_name: str, attr: str) -> Example | None:
    """A rules text reading one attribute: written out above, or made from a template."""
    written = ATTRIBUTE_EXAMPLES.get((game, type_name, attr))
    if written is not None:
        return Example(game, written[0], written[1], "template")
    v = vocabulary(game)
    if type_name not in ATTRIBUTE_SUBJECTS:
        return None
    kind, path = ATTRIBUTE_SUBJECTS[type_name]
    decl = v.types[type_name]
    value, attr_type = f"{path}.{attr}", decl.attributes[attr]
    conditions = []
    if attr_type == "bool":
        conditions.append(value)
    elif attr_type == "number":
        low = (decl.ranges.get(attr) or (None, None))[0]
        conditions.append(f"{value} >= {1 if low is None else low + 1}")
    elif attr_type == "team":
        conditions.append(f"{value} is {'opponent' if attr == 'opponent' else 'own'}")
    elif attr_type == "player":
        conditions.append(f"{value} is self")
    elif attr_type in v.enums:
        conditions.append(f"{value} is {_sample(v, attr_type)}")
    elif attr_type.startswith("list[") and (item := _sample(v, attr_type[5:-1])) is not None:
        conditions.append(f"{item} in {value}")
    if kind == "challenge-card":
        made = [Example(game, kind, f"claim if {c}", "template") for c in conditions]
    else:
        made = [Example(game, kind, f"after turn-start where team is own and {c}: "
                                    f"let n = roll d6", "template") for c in conditions]
        made.append(Example(game, kind, f"after turn-start where team is own: let x = {value}",
                            "template"))
    return next((e for e in made if example_ok(e)), None)


def examples(site: Site) -> dict[tuple[str, str, str], Example]:
    found = content_examples(site)
    for game in GAMES:
        for type_name, decl in vocabulary(game).types.items():
            for attr in decl.attributes:
                made = _attribute_example(game, type_name, attr)
                if made is not None:
                    found[(game, "attribute", f"{type_name}.{attr}")] = made
    for game in GAMES:
        v = vocabulary(game)
        for category, names in (("event", v.events), ("effect", v.effects),
                                ("query", v.queries), ("parameter", v.parameters)):
            for name in names:
                if (game, category, name) not in found:
                    made = _checked_template(game, category, name)
                    if made is not None:
                        found[(game, category, name)] = made
    for title, _, kind, text in CONSTRUCTS:
        found[("construct", "construct", title)] = Example("blitz-bowl", kind, text, "template")
    rules_kept.kept().save()  # what was learnt, for the next process
    return found


# the examples made from templates depend on the vocabulary and the checker only, not on
# the content or the language: parsed and checked once per process, not once per language
@cache
def _attribute_example(game: str, type_name: str, attr: str) -> Example | None:
    return attribute_example(game, type_name, attr)


@cache
def _checked_template(game: str, category: str, name: str) -> Example | None:
    made = template_example(game, category, name)
    return made if made is not None and example_ok(made) else None


def example_ok(example: Example, content_ids: dict[str, str] | None = None) -> bool:
    """Whether ``example`` parses and checks; without ``content_ids``, as the cache folder
    kept it where it did (rules_kept.py; saved with the content's examples)."""
    if content_ids is not None:
        return _example_ok(example, content_ids)
    known = rules_kept.kept()
    key = rules_kept.sha(example.game, example.kind, example.text,
                             json.dumps(example.context))
    ok = known.verdicts.get(key)
    if ok is None:
        ok = known.verdicts[key] = _example_ok(example, None)
        known.changed = True
    return ok


def _example_ok(example: Example, content_ids: dict[str, str] | None) -> bool:
    rules_kept.WORK.checked += 1
    try:
        rules = parse_rules(example.text)
    except RulesSyntaxError:
        return False
    diags = check_rules(rules, vocabulary(example.game), example.kind,
                        SourceMap.identity("<example>"), content_ids,
                        context=dict(example.context) if example.context else None)
    return not diags


def grammar_rules() -> dict[str, str]:
    """Each rule of the grammar file, as written."""
    text = GRAMMAR.read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for m in re.finditer(r"^(\??[a-z_]+):(.*?)(?=^\S|\Z)", text, re.M | re.S):
        out[m.group(1).lstrip("?")] = f"{m.group(1)}:{m.group(2)}".rstrip()
    return out


def _code(example: Example | None, site: Site, here: str) -> list[str]:
    if example is None:
        return ["*No example yet.*", ""]
    out = [fence(example.text, "nuffle")]
    if example.origin.startswith(("ability/", "ball/", "challenge-card/", "coach-trait/",
                                  "table/")):
        kind, _, item_id = example.origin.partition("/")
        # a paragraph of its own: right after the fence, Python-Markdown put the fence's
        # block inside the line's paragraph (a <div> in a <p>)
        out += ["", f"<small>From {site.link(kind, item_id, here)}.</small>"]
    return [*out, ""]


def reference_pages(site: Site) -> None:
    found = examples(site)
    grammar = grammar_rules()
    here = "language/index.md"
    out = ["Generated from the grammar (`dsl/grammar.lark`) and the engine's vocabulary "
           "registry. Every example on these pages is parsed and checked by the test suite. "
           "The [guide to the rules language](../guide/rules-language.md) explains it step by "
           "step.", "", "## Constructs", ""]
    for title, doc, _, _ in CONSTRUCTS:
        out += [f"### {esc(title)}", "", esc(doc), ""]
        out += _code(found[("construct", "construct", title)], site, here)
    out += ["## Grammar", "", fence("\n".join(grammar.values())), "",
            "## Vocabularies", ""]
    out += [f"- [{esc(game.replace('-', ' ').title())}]({game}.md)" for game in GAMES]
    site.add(here, "\n".join(out), "Language reference")
    for game in GAMES:
        site.add(f"language/{game}.md", "\n".join(vocabulary_page(site, game, found)),
                 f"{game.replace('-', ' ').title()} vocabulary")


def limits_page(site: Site) -> None:
    """Every limit of nuffle.limits: what it bounds, its value and the code that reports it."""
    from nuffle.limits import all_limits
    # the limits' words are the engine's own (nuffle/limits.py), not content: Markdown as is
    rows = [[esc(limit.name), f"{limit.value:,} {esc(limit.unit)}".strip(), limit.what,
             ", ".join(f"[`{c}`](guide/error-codes.md)" for c in limit.code.split(", "))
             if limit.code else "usage error (exit 2)"]
            for limit in all_limits()]
    out = ["Content, translations and logs may come from anyone, so everything Nuffle reads "
           "or runs has a stated bound, checked in the one place it is read or run. Past a "
           "bound you get a diagnostic at the place in your file, never a hang or a "
           "traceback. This table is generated from the engine's own list (`nuffle/limits.py`)"
           ".", "",
           table(["Limit", "Value", "What it bounds", "Reported as"], rows), "",
           "Besides these, every number that a rule gives a game parameter, a value worked "
           "out by `modify` or an effect's argument has a declared range: the "
           "[vocabulary pages](language/index.md) show them. A number written in the rules "
           "is checked by `nuffle check` (`T211`); one worked out in a game is checked as the "
           "game runs (`G004`).", "",
           "A game that content stops (a `G` code) ends at once with no winner: `nuffle play`, "
           "`simulate` and `league` print the diagnostic with the line of the item's file and "
           "exit 1, and the game log records it, so a replay shows the same stop."]
    site.add("limits.md", "\n".join(out), "Limits")


def vocabulary_page(site: Site, game: str, found: dict) -> list[str]:
    v = vocabulary(game)
    here = f"language/{game}.md"
    out = ["Every name the rules of this game may use.", ""]
    out += ["## Events", "", "Occurrences take `before`, `after` and `instead of`; value "
            "events take `modify` (their `value` has the type shown).", ""]
    for name, decl in sorted(v.events.items()):
        kind = f"value event ({decl.value_type})" if decl.is_value else "event"
        payload = ", ".join(f"`{k}` ({t})" for k, t in decl.payload.items()) or "none"
        bounds = f" Its value is {bounds_text(decl.bounds)}." if decl.bounds else ""
        out += [f"### {name}", "", f"*{kind}* — {esc(decl.doc)}", "",
                f"Payload: {payload}.{bounds}", ""]
        out += _code(found.get((game, "event", name)), site, here)
    out += ["## Effects", ""]
    for name, effect in sorted(v.effects.items()):
        args = ", ".join(f"`{p}` {t}" + (f" ({bounds_text(effect.bounds[p])})" if p in effect.bounds
                                          else "") for p, t in effect.params.items())
        subject = f" Subject: {effect.subject}" + (
            f" ({bounds_text(effect.bounds['subject'])})" if "subject" in effect.bounds else "") + "." \
            if effect.subject else ""
        out += [f"### {name}", "", esc(effect.doc) + subject + (f" Arguments: {args}." if args
                                                                 else ""), ""]
        out += _code(found.get((game, "effect", name)), site, here)
    out += ["## Queries", ""]
    for name, query in sorted(v.queries.items()):
        out += [f"### {name}", "", f"{esc(query.doc)} Takes {', '.join(query.params)}; gives "
                f"{query.returns}.", ""]
        out += _code(found.get((game, "query", name)), site, here)
    out += ["## Parameters", ""]
    for name, param in sorted(v.parameters.items()):
        bounds = f", {bounds_text(param.bounds)}" if param.bounds else ""
        out += [f"### {name}", "", f"{esc(param.doc)} Type {param.type}, default "
                f"`{param.default}`{bounds}.", ""]
        out += _code(found.get((game, "parameter", name)), site, here)
    out += ["## Constants", "", table(["Name", "Type", "Meaning"],
                                      [[f"`{c.name}`", c.type, esc(c.doc)]
                                       for c in sorted(v.constants.values(),
                                                       key=lambda c: (c.type, c.name))]), ""]
    out += types_section(v, found)
    out += ["## Scopes", "", table(["Scope", "Lasts"], [[f"`{k}`", esc(d)]
                                                        for k, d in v.scopes.items()]), ""]
    out += ["## Contexts", "", "The names each kind of content item can use.", "",
            table(["Content kind", "Names"], [[k, ", ".join(f"`{n}` ({t})" for n, t in
                                                          names.items())]
                                              for k, names in v.contexts.items()]), ""]
    return out


def _attribute_type(decl: TypeDecl, attr: str) -> str:
    """An attribute's type, with its range and whether rules may change it."""
    text = esc(decl.attributes[attr])
    if attr in decl.ranges:
        text += f", {bounds_text(decl.ranges[attr])}"
    if attr in decl.settable:
        low, high = decl.settable[attr]
        text += ", *settable*" + (f" ({bounds_text((low, high))})"
                                  if low is not None or high is not None else "")
    return text


def types_section(v: Vocabulary, found: dict) -> list[str]:
    """Each type with attributes in a section of its own: every attribute with its type,
    whether rules may change it, what it holds and a checked example; then the others."""
    out = ["## Types", "", "Read an attribute with a dot (`self.square.x`); attributes are "
           "read, never set, but those marked *settable* (`change self.movement by 1`). An "
           "attribute of nothing (a player off the pitch has no square) is nothing, and a "
           "comparison with nothing is false.", ""]
    with_attributes = sorted((t for t in v.types.values() if t.attributes),
                             key=lambda t: t.name)
    for decl in with_attributes:
        rows, lines = [], []
        for attr in decl.attributes:
            rows.append([f"`{attr}`", _attribute_type(decl, attr), esc(decl.docs.get(attr, ""))])
            example = found.get((v.game, "attribute", f"{decl.name}.{attr}"))
            if example is not None:
                where = "" if example.kind == "ability" else f" (in a {example.kind})"
                lines += [f"# {attr}{where}", example.text]
        out += [f"### {decl.name}", "", esc(decl.doc), "",
                table(["Attribute", "Type", "Meaning"], rows), ""]
        if lines:
            out += ["One example for each attribute:", "", fence("\n".join(lines), "nuffle"), ""]
    others = sorted((t for t in v.types.values() if not t.attributes), key=lambda t: t.name)
    out += ["### Other types", "", "These have no attributes.", "",
            table(["Type", "Meaning"], [[f"`{t.name}`", esc(t.doc)] for t in others]), ""]
    return out
