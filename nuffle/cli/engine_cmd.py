"""`nuffle engine`: the compiled engine (mypyc), built and asked about.

`nuffle engine build` compiles the engine's hot modules into the Python environment;
`nuffle engine status` says which engine a game would run now, and why. The games are the
same with either (the Python source is the reference); the compiled one plays them about
twice as fast."""

from __future__ import annotations

import argparse
import json
import sys
import time

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK, EXIT_USAGE

HELP = "build the compiled engine (mypyc), or say which engine games run"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "engine", help=HELP,
        description="The compiled engine: the engine's hot modules compiled to C with mypyc, "
                    "which plays the same games as the Python source about twice as fast. "
                    "A game uses it when it was built from the sources installed now; after "
                    "an edit to the engine the Python source is used until the next build. "
                    "NUFFLE_ENGINE=pure runs the source always, NUFFLE_ENGINE=compiled "
                    "refuses to run without a fresh build.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = actions.add_parser(
        "build", help="compile the engine (about a minute; needs mypyc and a C compiler)",
        description="Compile the engine's hot modules with mypyc into the Python "
                    "environment (NUFFLE_ENGINE_DIR to put it elsewhere). Nothing is done "
                    "when the build there is up to date, unless --force. Exit status: 0 "
                    "built or up to date, 1 the compilation failed, 2 mypyc or a C compiler "
                    "is missing.")
    build.add_argument("--force", action="store_true",
                       help="build again even when the build is up to date")
    build.set_defaults(run=run_build)
    state = actions.add_parser(
        "status", help="which engine games run now, and why",
        description="Say whether games run the compiled engine or the Python source, why, "
                    "and where the build is.")
    state.add_argument("--format", choices=["text", "json"], default="text",
                       help="text, or json for scripts (default: %(default)s)")
    state.set_defaults(run=run_status)


def run_status(args: argparse.Namespace) -> int:
    from nuffle.interpreter.compiled_engine import MODULES, status

    found = status()
    if args.format == "json":
        print(json.dumps({"engine": "compiled" if found.compiled else "pure",
                          "reason": found.reason, "folder": str(found.folder),
                          "modules": list(MODULES) if found.compiled else []}, indent=2))
    else:
        print(("compiled: " if found.compiled else "pure Python: ") + found.reason)
    return EXIT_OK


def run_build(args: argparse.Namespace) -> int:
    from nuffle.interpreter.compiled_build import BuildError, build
    from nuffle.interpreter.compiled_engine import MODULES, status

    found = status()
    if found.compiled and not args.force:
        print(f"the compiled engine is up to date in {found.folder}", file=sys.stderr)
        return EXIT_OK
    print(f"compiling {len(MODULES)} engine modules with mypyc (about a minute)...",
          file=sys.stderr)
    start = time.monotonic()
    try:
        folder = build()
    except BuildError as err:
        print(f"nuffle engine build: error: {err}", file=sys.stderr)
        return EXIT_USAGE if err.usage else EXIT_CONTENT
    made = status()
    if not made.compiled:  # the sources changed while they were compiled
        print(f"built in {folder}, but not used: {made.reason}", file=sys.stderr)
        return EXIT_CONTENT
    print(f"compiled engine written to {folder} in {time.monotonic() - start:.0f} s",
          file=sys.stderr)
    return EXIT_OK
