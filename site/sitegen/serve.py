"""`nuffle site serve`: the site built into its folder as `nuffle site build` builds it,
served with live reload, and rebuilt the same way each time a watched file changes.

A rebuild is the incremental build (build.build_site): in this process, with the content,
the templates and the kept pages of the last build at hand, it makes and renders only the
pages that depend on what changed, and a browser showing the site reloads when it is done.
(MkDocs' own server rendered both languages' every page at each change, and skipped the
site's safety check.) The server's folder is the build's `DIR/site`, so `site build` and
`site serve` into one `--out` folder reuse each other's work. A first build that fails
ends the command, as `site build` would; a later one leaves the last site served and says
why; a site that holds a live sink (safety.py) is taken down, never served.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from nuffle.sitegen import build as site_build
from nuffle.sitegen.safety import UnsafeSite

from nuffle.paths import content_dir

# the diagnostics of a rebuild's content, shown to the author (the CLI's printer)
ShowErrors = Callable[[list, dict], None]


def watched_folders(opts: site_build.BuildOptions) -> list[Path]:
    """What a change in rebuilds the site: the bundled content (its translation catalogs
    too), the hand-written pages, and each pack's folder (a file added to a pack is seen)."""
    return [content_dir(), site_build.HAND_WRITTEN,
            *sorted({site_build.pack_root_of(p).resolve() for p in opts.content})]


def inside_watched(opts: site_build.BuildOptions) -> Path | None:
    """The watched folder that holds the build's own folder, if one does (each build would
    then start the next one)."""
    out = opts.out.resolve()
    return next((f for f in watched_folders(opts) if out.is_relative_to(f.resolve())), None)


@dataclass
class Rebuilds:
    """The server's builder: one incremental build per call, its outcome told on
    ``err``; ``show_errors`` prints the content's errors (the pages are still made, so the
    rest of an edit shows while one file is wrong)."""
    opts: site_build.BuildOptions
    show_errors: ShowErrors
    err: TextIO | None = None  # None: sys.stderr as it is when a build ends
    # how an internal error (a bug) is told (the CLI's one line, its traceback with
    # NUFFLE_DEBUG=1); the server goes on serving the last site
    internal_error: Callable[[BaseException], None] | None = None
    builds: int = 0  # builds done, failed or not
    failed: str | None = None  # why the last build failed (None: it did not)

    @property
    def site(self) -> Path:
        return self.opts.out / "site"

    @property
    def stream(self) -> TextIO:
        return self.err if self.err is not None else sys.stderr

    def __call__(self) -> None:
        from mkdocs.exceptions import Abort, ConfigurationError
        from nuffle.interpreter.blitz_bowl import ruleset
        from nuffle.interpreter.blood_bowl import ruleset as blood_bowl_ruleset
        from nuffle.sitegen.markers import MarkerError

        from nuffle.i18n.catalog import CatalogError
        self.builds += 1
        ruleset._CACHE.clear()  # the games' content is read again: it may have changed
        blood_bowl_ruleset._CACHE.clear()
        start = time.perf_counter()
        try:
            loaded = site_build.load_site_content(self.opts.content)
            errors = [d for d in loaded[1] if d.severity == "error"]
            if errors:
                self.show_errors(errors, loaded[2])
                print(f"nuffle site serve: the content has {len(errors)} error(s); the pages "
                      "are made from the rest", file=self.stream)
            report = site_build.build_site(replace(self.opts, loaded=loaded))
        except UnsafeSite as exc:
            self._take_down(str(exc))
            return
        except (Abort, ConfigurationError, MarkerError) as exc:
            self._failed(str(exc))
            return
        except CatalogError as exc:  # an unreadable translation catalog (I106)
            print(exc.diagnostic(), file=self.stream)
            self._failed("a translation catalog cannot be read (above)")
            return
        except Exception as exc:  # noqa: BLE001 - a bug: told, and the server goes on
            if self.internal_error is None:
                raise
            self.internal_error(exc)
            self._failed(f"an internal error ({type(exc).__name__})")
            return
        self.failed = None
        count = len(report.rendered)
        done = "every page rendered" if report.full else "no page changed" if not count \
            else f"{count} page{'s' if count > 1 else ''} rendered again"
        print(f"site {'built' if self.builds == 1 else 'rebuilt'} in "
              f"{time.perf_counter() - start:.1f} s ({done})", file=self.stream, flush=True)

    def _failed(self, why: str) -> None:
        self.failed = why
        then = "" if self.builds == 1 else \
            "\n(the last site built is still served; save a fix to build again)"
        print(f"nuffle site serve: the build failed: {why}{then}", file=self.stream, flush=True)

    def _take_down(self, why: str) -> None:
        """A site with a live sink is not served: its folder is emptied (the next build is a
        full one: the build's state was forgotten when it started)."""
        shutil.rmtree(self.site, ignore_errors=True)
        self.site.mkdir(parents=True, exist_ok=True)
        self.failed = why
        print(f"nuffle site serve: the site is not served: {why}", file=self.stream, flush=True)


def serve(opts: site_build.BuildOptions, show_errors: ShowErrors, host: str = "127.0.0.1",
          port: int = 8000, internal_error: Callable[[BaseException], None] | None = None
          ) -> bool:
    """Build into ``opts.out``, then serve ``opts.out/site`` on ``host:port`` and rebuild
    on every change to the watched folders, until interrupted. False: the first build
    failed (told on ``stderr``), and nothing was served; OSError: the address could not be
    listened on. A bug in the first build is raised; in a later one, given to
    ``internal_error`` while the server goes on."""
    from mkdocs.livereload import LiveReloadServer

    rebuilds = Rebuilds(opts, show_errors)
    # the first build runs before the server's threads exist, so that it may fork
    # (parallel.py, generation_split.py, content_prefetch.py: not with other threads)
    rebuilds()
    if rebuilds.failed is not None:
        return False
    rebuilds.internal_error = internal_error
    server = LiveReloadServer(builder=rebuilds, host=host, port=port, root=str(rebuilds.site))
    server.error_handler = lambda code: _error_page(rebuilds.site, code)
    for folder in watched_folders(opts):
        server.watch(str(folder))
    try:
        server.serve()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return True


def _error_page(site: Path, code: int) -> bytes | None:
    """The site's own 404 page for a missing address (the theme's, in the default
    language), as MkDocs' server gives it."""
    page = site / "404.html"
    if code == 404 and page.is_file():
        return page.read_bytes()
    return None
