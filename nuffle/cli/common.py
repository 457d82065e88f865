"""Helpers shared by subcommands: exit statuses, loading content, printing diagnostics and
internal errors. The checks of their arguments are in `arguments`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the catalogue's model imports the schemas (jsonschema): not for `--help`
    from nuffle.catalogue.model import Catalogue
    from nuffle.dsl.diagnostics import Diagnostic

# Imported where used: the diagnostics (dataclasses) and traceback are for a command that
# reports, not for `--help` or a check that prints its kept report.

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # a bug in Nuffle, not a problem in the content (sysexits' EX_SOFTWARE)



# ---- content and diagnostics ------------------------------------------------------------------

def print_diagnostics(diags: list[Diagnostic], docs, stream=None) -> None:
    from nuffle.dsl.diagnostics import format_diagnostic
    stream = stream or sys.stderr  # looked up now: tests and callers may have replaced it
    for d in diags:
        doc = docs.get(d.path)
        print(format_diagnostic(d, doc.lines if doc is not None else None), file=stream)
        print(file=stream)


def exit_status(diags: list[Diagnostic]) -> int:
    """70 when Nuffle itself failed on a file (X001: a bug to report), 1 for problems in the
    content, 0 for none: CI can tell a bug from bad content."""
    if any(d.code == "X001" for d in diags):
        return EXIT_INTERNAL
    return EXIT_CONTENT if diags else EXIT_OK


def plural(n: int, word: str) -> str:
    irregular = {"ability": "abilities", "pitch": "pitches", "glossary": "glossaries"}
    if n == 1:
        return f"{n} {word}"
    return f"{n} {irregular.get(word, word + 's')}"


def summary(catalogue: Catalogue, files: int, diags: list[Diagnostic]) -> str:
    counts = ", ".join(plural(n, k) for k, n in catalogue.counts().items()) or "no items"
    errors = sum(1 for d in diags if d.severity == "error")
    return (f"checked {plural(len(catalogue.items), 'item')} in {plural(files, 'file')} ({counts}): "
            f"{plural(errors, 'error')}")


# ---- internal errors --------------------------------------------------------------------------

def internal_error_line(exc: BaseException) -> str:
    """The one line that reports a bug in Nuffle (an exception no check expected)."""
    from nuffle.dsl.diagnostics import DEBUG_VARIABLE, one_line
    line = (f"nuffle: internal error: {type(exc).__name__}: {one_line(str(exc), 300)} (a bug in "
            f"Nuffle, not in your content; set {DEBUG_VARIABLE}=1 to see the traceback)")
    finder = sys.modules.get("nuffle.interpreter.compiled_finder")
    if finder is not None and finder.engine_in_use() == "compiled":
        line += ("; the compiled engine was playing: NUFFLE_ENGINE=pure plays the same game "
                 "on the Python source, the reference")
    return line


def report_internal_error(exc: BaseException, stream=None) -> None:
    """Print the line, and with NUFFLE_DEBUG=1 the traceback before it."""
    from nuffle.dsl.diagnostics import debugging
    stream = stream or sys.stderr
    if debugging():
        import traceback
        traceback.print_exception(exc, file=stream)
    print(internal_error_line(exc), file=stream)
