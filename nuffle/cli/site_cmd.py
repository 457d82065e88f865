"""`nuffle site build|serve`: the rules reference website, generated from the content."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tqdm import tqdm

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "site",
        help="build or serve the rules reference website",
        description="Generate Markdown pages from the content and build a static website "
                    "with MkDocs and the Material theme. Nothing generated is committed.",
    )
    actions = p.add_subparsers(dest="site_command", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="generate and build the site",
                               description="Generate the pages and build the static site "
                                           "(strict: a broken internal link fails the build).")
    build.add_argument("--out", default="build/site", metavar="DIR",
                       help="where the pages, the configuration and the site go "
                            "(default: build/site; the site itself is DIR/site)")
    build.add_argument("--balance", action="store_true",
                       help="simulate the balance matrix if it is not cached for this content")
    build.add_argument("--balance-games", type=int, metavar="N",
                       help="games per pairing for the balance matrix (default: 385, ±5%% "
                            "at 95%%)")
    build.add_argument("--jobs", type=int, default=1, help="processes for the simulation")
    build.set_defaults(run=run_build)
    serve = actions.add_parser("serve", help="serve the site, rebuilding on content changes",
                               description="Serve the site on localhost; editing a content "
                                           "file or a hand-written page rebuilds it.")
    serve.add_argument("--out", default="build/site", metavar="DIR")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(run=run_serve)


def run_build(args: argparse.Namespace) -> int:
    from mkdocs.exceptions import Abort, ConfigurationError

    from nuffle.catalogue.loader import load_catalogue
    from nuffle.cli.common import print_diagnostics
    from nuffle.sitegen.build import BuildOptions, build
    from nuffle.sitegen.markers import MarkerError

    _, diags, docs = load_catalogue()
    errors = [d for d in diags if d.severity == "error"]
    if errors:  # pages are made from checked content only
        print_diagnostics(errors, docs)
        print(f"nuffle site: the content has {len(errors)} error(s); fix them to build the "
              "site", file=sys.stderr)
        return EXIT_CONTENT
    opts = BuildOptions(out=Path(args.out), balance=args.balance,
                        balance_games=args.balance_games, jobs=args.jobs)
    start = time.perf_counter()
    bar = tqdm(unit="game", disable=not (args.balance and sys.stderr.isatty()), file=sys.stderr)
    try:
        site = build(opts, progress=lambda: bar.update())
    except MarkerError as exc:
        print(f"nuffle site: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    except (Abort, ConfigurationError) as exc:
        print(f"nuffle site: the build failed: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    finally:
        bar.close()
    print(f"site built in {time.perf_counter() - start:.1f} s: {site / 'index.html'}")
    return EXIT_OK


def run_serve(args: argparse.Namespace) -> int:
    from nuffle.sitegen.build import BuildOptions, serve

    print(f"serving the site on http://127.0.0.1:{args.port}/ (Ctrl-C to stop); editing the "
          "content or the hand-written pages rebuilds it", flush=True)
    serve(BuildOptions(out=Path(args.out), strict=False), port=args.port)
    return EXIT_OK
