"""Names and texts are words, never markup: a content file from a stranger must not be able
to put a tag, an attribute list or a script link on a page (the site escapes everything as
well; this check tells the author at once, where the text is).
"""

from __future__ import annotations

import re

from nuffle.catalogue.yaml_source import Path_, YamlDocument
from nuffle.dsl.diagnostics import Diagnostic
from nuffle.template import CONTROL, MARKUP

CODE_FIELDS = {"rules"}  # rules are code: shown as code, never as text
_SUSPECT = re.compile(f"{MARKUP.pattern}|{CONTROL.pattern}", MARKUP.flags)


def _strings(data: object, path: Path_ = ()):
    """Every text in an item with its path, rules left out; iterative, whatever the depth."""
    stack: list[tuple[object, Path_]] = [(data, path)]
    while stack:
        node, where = stack.pop()
        if isinstance(node, str):
            yield where, node
        elif isinstance(node, dict):
            stack += [(v, (*where, k)) for k, v in node.items() if k not in CODE_FIELDS]
        elif isinstance(node, list):
            stack += [(v, (*where, i)) for i, v in enumerate(node)]


def check_markup(doc: YamlDocument) -> list[Diagnostic]:
    """S307 for each text holding markup or control characters."""
    out = []
    for path, text in _strings(doc.data):
        if _SUSPECT.search(text) is None:  # one scan for the usual text, with no mark at all
            continue
        found = MARKUP.search(text)
        if found is not None:
            what, hint = f"markup `{found.group(0)[:40]}`", (
                "names and texts are shown exactly as written: tags, attribute lists and "
                "links are not allowed; write the words")
        else:
            control = CONTROL.search(text)
            if control is None:
                continue
            what, hint = f"the control character U+{ord(control.group(0)):04X}", (
                "remove it: it is invisible, and changes how the text is shown")
        line, col, end = doc.position(path)
        field = ".".join(str(p) for p in path)
        out.append(Diagnostic("S307", f"`{field}` holds {what}", doc.path, line, col, end,
                              hint))
    return out
