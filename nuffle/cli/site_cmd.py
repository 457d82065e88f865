"""`nuffle site build|serve`: the rules reference website, generated from the content."""

from __future__ import annotations

import argparse
import socket
import sys
import time
from pathlib import Path

from nuffle.cli.arguments import output_dir, port_number, whole_number
from nuffle.cli.common import EXIT_CONTENT, EXIT_OK, EXIT_USAGE
from nuffle.cli.content_option import add_content_option, pack_paths
from nuffle.limits import JOBS, SIMULATED_GAMES

BUILD_MARK = "site_name: Nuffle rules reference"  # the first line of a build's mkdocs.yml


def site_folder(value: str) -> str:
    """--out of site build and serve: a folder that can be written (output_dir) and is new,
    empty or a site build: the build replaces what DIR/docs and DIR/site hold, so pointing it
    at a home folder or another MkDocs project must not delete their pages."""
    output_dir(value)
    folder = Path(value)
    try:
        used = folder.is_dir() and any(folder.iterdir())
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot read {value}: {exc.strerror}") from None
    if used and not _a_build(folder):
        raise argparse.ArgumentTypeError(
            f"{value} holds other files and no site build (its docs/ and site/ would be "
            "replaced); give a new or empty folder")
    return value


def _a_build(folder: Path) -> bool:
    config = folder / "mkdocs.yml"
    try:
        with config.open(encoding="utf-8", errors="replace") as fh:
            return fh.readline().strip() == BUILD_MARK
    except OSError:
        return False


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
    build.add_argument("--out", default="build/site", metavar="DIR", type=site_folder,
                       help="where the pages, the configuration and the site go "
                            "(default: build/site; the site itself is DIR/site): a new or "
                            "empty folder, or one a build made (missing folders are made)")
    build.add_argument("--balance", action="store_true",
                       help="simulate the balance matrix if it is not cached for this content")
    build.add_argument("--balance-games", type=whole_number(1, SIMULATED_GAMES), metavar="N",
                       help="games per pairing for the balance matrix (default: 385, ±5%% "
                            "at 95%%)")
    build.add_argument("--jobs", type=whole_number(1, JOBS), default=1, metavar="J",
                       help=f"processes for the simulation, 1 to {JOBS} (default: 1)")
    build.add_argument("--sweep", action="append", default=[], metavar="FILE",
                       help="a sweep written by `nuffle balance --output FILE`, drawn on the "
                            "balance page with its intervals; repeatable")
    add_content_option(build, "to show")
    build.set_defaults(run=lambda args: run_build(args, build))
    serve = actions.add_parser("serve", help="serve the site, rebuilding on content changes",
                               description="Build the site as `site build` does and serve it "
                                           "on localhost; saving a content file, a "
                                           "translation or a hand-written page rebuilds the "
                                           "pages that depend on it and reloads the browser.")
    serve.add_argument("--out", default="build/site", metavar="DIR", type=site_folder,
                       help="where the pages, the configuration and the site go, as for "
                            "`site build` (default: %(default)s; one folder serves both)")
    serve.add_argument("--port", type=port_number, default=8000,
                       help="the port on 127.0.0.1, 1 to 65535 (default: %(default)s)")
    add_content_option(serve, "to show (its files are watched too)")
    serve.set_defaults(run=lambda args: run_serve(args, serve))


def run_build(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from mkdocs.exceptions import Abort, ConfigurationError

    from nuffle.cli.common import print_diagnostics
    from nuffle.cli.progress import progress_bar
    from nuffle.i18n.catalog import CatalogError
    from nuffle.sitegen.build import BuildOptions, build_site, load_site_content
    from nuffle.sitegen.markers import MarkerError
    from nuffle.sitegen.sweep_plot import SweepFileError, read_sweep
    try:
        sweeps = tuple(read_sweep(Path(f)) for f in args.sweep)
    except SweepFileError as exc:
        parser.error(f"--sweep {exc}")
    packs = tuple(pack_paths(parser, args.content, args.base))
    loaded = load_site_content(packs)
    _, diags, docs = loaded
    errors = [d for d in diags if d.severity == "error"]
    if errors:  # pages are made from checked content only
        print_diagnostics(errors, docs)
        print(f"nuffle site: the content has {len(errors)} error(s); fix them to build the "
              "site", file=sys.stderr)
        return EXIT_CONTENT
    opts = BuildOptions(out=Path(args.out), balance=args.balance, content=packs,
                        balance_games=args.balance_games, jobs=args.jobs, sweeps=sweeps,
                        loaded=loaded)
    start = time.perf_counter()
    # no thread started: one running stops the build from forking (progress.py)
    bar = progress_bar(args.balance, unit="game")
    try:
        report = build_site(opts, progress=lambda: bar.update())
    except MarkerError as exc:
        print(f"nuffle site: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    except CatalogError as exc:  # an unreadable translation catalog (I106)
        print(exc.diagnostic(), file=sys.stderr)
        return EXIT_CONTENT
    except (Abort, ConfigurationError) as exc:
        print(f"nuffle site: the build failed: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    finally:
        bar.close()
    rendered = "every page rendered" if report.full else (
        f"{len(report.rendered)} pages rendered again, {report.items_made} item pages made "
        "again, the others unchanged")
    print(f"site built in {time.perf_counter() - start:.1f} s ({rendered}): "
          f"{report.site / 'index.html'}")
    from nuffle.cli import quick_exit
    quick_exit.ask()  # all written; no pool or server started (quick_exit.py)
    return EXIT_OK


def port_problem(port: int) -> str | None:
    """Why the server could not listen on 127.0.0.1:``port`` (taken, or a privileged port),
    found before the site is generated rather than after."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            return f"cannot listen on 127.0.0.1:{port}: {exc.strerror}"
    return None


def run_serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.cli.common import print_diagnostics, report_internal_error
    from nuffle.sitegen.build import BuildOptions
    from nuffle.sitegen.serve import inside_watched, serve

    packs = tuple(pack_paths(parser, args.content, args.base))
    opts = BuildOptions(out=Path(args.out), content=packs)
    watched = inside_watched(opts)
    if watched is not None:
        parser.error(f"--out {args.out} is inside {watched}, which is watched: each build "
                     "would start another; choose a folder outside it")
    problem = port_problem(args.port)
    if problem:
        print(f"nuffle site serve: error: {problem}; choose another with --port", file=sys.stderr)
        return EXIT_USAGE
    print(f"serving the site on http://127.0.0.1:{args.port}/ once it is built (Ctrl-C to "
          "stop); saving the content or a hand-written page rebuilds it", flush=True)
    try:
        if not serve(opts, print_diagnostics, port=args.port,
                     internal_error=report_internal_error):
            return EXIT_CONTENT  # the first build failed: said why, nothing served
    except OSError as exc:  # the port was taken while the site was built
        print(f"nuffle site serve: error: cannot listen on 127.0.0.1:{args.port}: "
              f"{exc.strerror}; choose another with --port", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK
