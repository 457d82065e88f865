"""Helpers shared by subcommands: loading content and printing diagnostics."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.model import Catalogue
from nuffle.dsl.diagnostics import Diagnostic, format_diagnostic

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # a bug in Nuffle, not a problem in the content (sysexits' EX_SOFTWARE)


def existing_paths(parser: argparse.ArgumentParser, paths: list[str]) -> list[Path]:
    out = []
    for p in paths:
        path = Path(p)
        if not path.exists():
            parser.error(f"no such file or folder: {p}")
        out.append(path)
    return out


def load(paths: list[Path] | None):
    return load_catalogue(paths or None)


def print_diagnostics(diags: list[Diagnostic], docs, stream=None) -> None:
    stream = stream or sys.stderr  # looked up now: tests and callers may have replaced it
    for d in diags:
        doc = docs.get(d.path)
        print(format_diagnostic(d, doc.lines if doc is not None else None), file=stream)
        print(file=stream)


def plural(n: int, word: str) -> str:
    irregular = {"ability": "abilities", "pitch": "pitches"}
    if n == 1:
        return f"{n} {word}"
    return f"{n} {irregular.get(word, word + 's')}"


def summary(catalogue: Catalogue, files: int, diags: list[Diagnostic]) -> str:
    counts = ", ".join(plural(n, k) for k, n in catalogue.counts().items()) or "no items"
    errors = sum(1 for d in diags if d.severity == "error")
    return (f"checked {plural(len(catalogue.items), 'item')} in {plural(files, 'file')} ({counts}): "
            f"{plural(errors, 'error')}")
