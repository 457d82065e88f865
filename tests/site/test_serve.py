"""`nuffle site serve` (site/sitegen/serve.py): the site built as `site build` builds it,
rebuilt incrementally on each change (counted in pages, never timed), a failed build
leaving the last site served, an unsafe one taken down; and, end to end, the command
serving a pack's page with live reload and showing an edit of the pack's file."""

from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort
from nuffle.sitegen import build as build_module
from nuffle.sitegen.build import BuildOptions, BuildReport
from nuffle.sitegen.incremental import read_state
from nuffle.sitegen.safety import Sink, UnsafeSite
from nuffle.sitegen.serve import Rebuilds, inside_watched, watched_folders

from nuffle.paths import content_dir

pytestmark = pytest.mark.xdist_group("default-site")  # reads the shared default build

OLD = "they can immediately make a free Block action."
NEW = "they can immediately make a free Block action, served."


class Shown:
    """The diagnostics the author was shown, as the CLI's printer gets them."""

    def __init__(self) -> None:
        self.calls: list[list] = []

    def __call__(self, diags: list, docs: dict) -> None:
        self.calls.append(diags)


def copied(default_site: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(default_site.parent, out, symlinks=True)  # mtimes kept
    return out


def test_each_change_rebuilds_only_the_pages_that_depend_on_it(default_site: Path,
                                                               tmp_path: Path,
                                                               monkeypatch) -> None:
    """The server's builder is the incremental build: on the folder of a finished build it
    renders nothing; after an edit of one ability's text, the eight pages that quote it or
    count it (test_incremental), and the served page shows the edit."""
    out = copied(default_site, tmp_path)
    err = io.StringIO()
    rebuilds = Rebuilds(BuildOptions(out=out), Shown(), err)
    rebuilds()
    assert rebuilds.failed is None
    assert err.getvalue().startswith("site built in ")
    assert err.getvalue().endswith(" s (no page changed)\n")
    real = build_module.load_site_content

    def edited(content: tuple = ()):
        catalogue, diags, docs = real(content)
        key = ("ability", "frenzied", "blitz-bowl")
        item = catalogue.items[key]
        catalogue.items[key] = replace(item, data={**item.data, "text": item.data[
            "text"].replace(OLD, NEW)})
        return catalogue, diags, docs
    monkeypatch.setattr(build_module, "load_site_content", edited)
    rebuilds()
    lines = err.getvalue().splitlines()
    assert lines[-1].startswith("site rebuilt in ")
    assert lines[-1].endswith("(8 pages rendered again)")
    assert "action, served." in (out / "site" / "abilities" / "frenzied.html").read_text()
    assert "action, served." in (out / "site" / "it" / "abilities" / "frenzied.html"
                                 ).read_text()
    assert rebuilds.builds == 2


def test_the_content_errors_are_shown_and_the_pages_made_from_the_rest(tmp_path: Path,
                                                                      monkeypatch) -> None:
    """An edit that breaks a file: its errors are printed (by the CLI's printer), and the
    build goes on with the content loaded, so the author's other edits still show."""
    from nuffle.dsl.diagnostics import Diagnostic
    broken = Diagnostic(path="pack/a.yaml", line=1, column=1, code="S001",
                        message="not a mapping", severity="error")
    loaded = (object(), [broken], {"pack/a.yaml": None})
    monkeypatch.setattr(build_module, "load_site_content", lambda content=(): loaded)
    given: list[BuildOptions] = []

    def built(opts: BuildOptions, *args, **kwargs) -> BuildReport:
        given.append(opts)
        return BuildReport(opts.out / "site", False, "", 0, ["a.html"], 0)
    monkeypatch.setattr(build_module, "build_site", built)
    shown, err = Shown(), io.StringIO()
    Rebuilds(BuildOptions(out=tmp_path), shown, err)()
    assert shown.calls == [[broken]]
    assert "the content has 1 error(s); the pages are made from the rest" in err.getvalue()
    assert [g.loaded for g in given] == [loaded]  # built from what was loaded, not again
    assert "(1 page rendered again)" in err.getvalue()


def test_a_failed_build_leaves_the_last_site_served(tmp_path: Path, monkeypatch) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the last site", encoding="utf-8")
    monkeypatch.setattr(build_module, "load_site_content", lambda content=(): ((), [], {}))

    def aborted(opts: BuildOptions, *args, **kwargs) -> BuildReport:
        raise Abort("Aborted with 1 warnings in strict mode!")
    monkeypatch.setattr(build_module, "build_site", aborted)
    err = io.StringIO()
    rebuilds = Rebuilds(BuildOptions(out=tmp_path), Shown(), err)
    rebuilds()  # Abort is a SystemExit: caught here, it does not stop the server
    assert rebuilds.failed == "Aborted with 1 warnings in strict mode!"
    assert "the build failed: Aborted with 1 warnings in strict mode!" in err.getvalue()
    assert "still served" not in err.getvalue()  # the first build: `serve` stops there
    rebuilds()  # a later one: the server goes on with the last site
    assert err.getvalue().splitlines()[-1] == \
        "(the last site built is still served; save a fix to build again)"
    assert (site / "index.html").read_text(encoding="utf-8") == "the last site"
    monkeypatch.setattr(build_module, "build_site", lambda opts, *a, **k: BuildReport(
        opts.out / "site", True, "", 0, [], 0))
    rebuilds()  # fixed: the next change builds it
    assert rebuilds.failed is None
    assert err.getvalue().splitlines()[-1].endswith("(every page rendered)")


def test_a_bug_in_a_rebuild_is_told_in_one_line_and_the_server_goes_on(
        tmp_path: Path, monkeypatch) -> None:
    """An exception no check expected: the CLI's internal-error line (not MkDocs' server's
    traceback), and the last site stays served; without a reporter it is raised."""
    from nuffle.cli.common import report_internal_error
    monkeypatch.delenv("NUFFLE_DEBUG", raising=False)
    monkeypatch.setattr(build_module, "load_site_content", lambda content=(): ((), [], {}))

    def broken(opts: BuildOptions, *args, **kwargs) -> BuildReport:
        raise KeyError("pages")
    monkeypatch.setattr(build_module, "build_site", broken)
    err = io.StringIO()
    rebuilds = Rebuilds(BuildOptions(out=tmp_path), Shown(), err,
                        internal_error=lambda exc: report_internal_error(exc, err))
    rebuilds.builds = 1  # a rebuild: the first build's bug ends the command (serve)
    rebuilds()
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("nuffle: internal error: KeyError: 'pages' (a bug in Nuffle")
    assert "Traceback" not in err.getvalue()
    assert rebuilds.failed == "an internal error (KeyError)"
    assert "the last site built is still served" in err.getvalue()
    with pytest.raises(KeyError):
        Rebuilds(BuildOptions(out=tmp_path), Shown(), io.StringIO())()


def test_a_first_build_that_fails_serves_nothing(tmp_path: Path, monkeypatch,
                                                 capsys) -> None:
    """There is no last site to serve: the command ends (the CLI exits 1), as `site build`
    would, before any server listens."""
    from nuffle.sitegen import serve as serve_module
    monkeypatch.setattr(build_module, "load_site_content", lambda content=(): ((), [], {}))

    def aborted(opts: BuildOptions, *args, **kwargs) -> BuildReport:
        raise Abort("Aborted with 1 warnings in strict mode!")
    monkeypatch.setattr(build_module, "build_site", aborted)
    import mkdocs.livereload
    monkeypatch.setattr(mkdocs.livereload, "LiveReloadServer", None)  # never reached
    assert serve_module.serve(BuildOptions(out=tmp_path), Shown(), port=free_port()) is False
    assert "the build failed: Aborted with 1 warnings" in capsys.readouterr().err


def test_a_site_holding_a_live_sink_is_taken_down(tmp_path: Path, monkeypatch) -> None:
    """The build's safety check failed (safety.py): the pages it wrote are not served."""
    site = tmp_path / "site"
    (site / "abilities").mkdir(parents=True)
    (site / "abilities" / "x.html").write_text("<script>alert(1)</script>", encoding="utf-8")
    monkeypatch.setattr(build_module, "load_site_content", lambda content=(): ((), [], {}))

    def unsafe(opts: BuildOptions, *args, **kwargs) -> BuildReport:
        raise UnsafeSite([Sink("abilities/x.html", "script", "<script>alert(1)</script>")])
    monkeypatch.setattr(build_module, "build_site", unsafe)
    err = io.StringIO()
    rebuilds = Rebuilds(BuildOptions(out=tmp_path), Shown(), err)
    rebuilds()
    assert site.is_dir() and list(site.iterdir()) == []
    assert "the site is not served: 1 live sink(s)" in err.getvalue()
    assert "abilities/x.html" in err.getvalue()
    assert rebuilds.failed is not None


def test_what_is_watched(tmp_path: Path) -> None:
    """The bundled content (and so its translation catalogs), the hand-written pages and
    each pack's folder; the build's own folder must be outside them."""
    pack = tmp_path / "pack"
    (pack / "abilities").mkdir(parents=True)
    (pack / "nuffle-pack.yaml").write_text("kind: content-pack\nid: pk\nname: P\n")
    ability = pack / "abilities" / "a.yaml"
    ability.write_text("kind: ability\n")
    opts = BuildOptions(out=tmp_path / "out", content=(ability,))
    folders = watched_folders(opts)
    assert folders == [content_dir(), build_module.HAND_WRITTEN, pack.resolve()]
    assert (content_dir() / "locales") .is_dir()  # the catalogs are under the content
    assert inside_watched(opts) is None
    assert inside_watched(replace(opts, out=pack / "site")) == pack.resolve()


# ---- end to end -------------------------------------------------------------------------

PACK_ABILITY = """kind: ability
id: quick-feet
name: Quick Feet
edition: blitz-bowl-s2
source: homebrew
text: {text}
text_source: project
rules: |
  modify move-allowance where player is self:
      change value by 1
"""


# a test runner's worker may ignore SIGINT, which its children inherit (and Python then
# leaves so): Python's own handler, as a terminal's Ctrl-C finds it
MAIN = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from nuffle.cli.main import main; sys.exit(main(sys.argv[1:]))")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetched(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 - loopback
            return response.read().decode("utf-8")
    except (urllib.error.URLError, OSError):
        return None


def waited(url: str, holds: str, process: subprocess.Popen, seconds: float) -> str:
    """The page at ``url`` once it holds ``holds`` (it fails the test after ``seconds``, or
    when the server stopped)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        assert process.poll() is None, "the server stopped"
        page = fetched(url)
        if page is not None and holds in page:
            return page
        time.sleep(0.2)
    raise AssertionError(f"{url} did not show {holds!r} in {seconds} s")


def test_serve_shows_a_pack_and_an_edit_of_it(default_site: Path, tmp_path: Path) -> None:
    """`nuffle site serve --content PACK`: the pack's ability is served, with the live
    reload script; saving a new text rebuilds only the pages that depend on it, and the
    page served shows it; Ctrl-C stops the server cleanly."""
    pack = tmp_path / "pack"
    (pack / "abilities").mkdir(parents=True)
    (pack / "nuffle-pack.yaml").write_text("kind: content-pack\nid: pk\nname: Serve Pack\n")
    ability = pack / "abilities" / "quick-feet.yaml"
    ability.write_text(PACK_ABILITY.format(text="Moves one more square."))
    out = copied(default_site, tmp_path)
    port = free_port()
    env = {**os.environ, "NUFFLE_CACHE_DIR": str(tmp_path / "cache")}
    process = subprocess.Popen(
        [sys.executable, "-c", MAIN, "site", "serve", "--out", str(out), "--port",
         str(port), "--content", str(pack)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env)
    try:
        url = f"http://127.0.0.1:{port}/abilities/quick-feet.html"
        page = waited(url, "Moves one more square.", process, 600)
        assert "livereload" in page  # the server's script: the browser reloads on a build
        assert read_state(out) is not None  # a build as `site build` makes it
        edited = PACK_ABILITY.format(text="Moves two more squares.")
        for attempt in range(15):  # saved again if the watcher's first look came after it
            ability.write_text(edited)
            try:
                waited(url, "Moves two more squares.", process, 20)
                break
            except AssertionError:
                if attempt == 14:
                    raise
        waited(f"http://127.0.0.1:{port}/it/abilities/quick-feet.html",
               "Moves two more squares.", process, 60)
        missing = fetched(f"http://127.0.0.1:{port}/no-such-page.html")
        assert missing is None  # a 404, with the site's own page (urllib raises on it)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            _, err = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
    assert process.returncode == 0, err
    built = [line for line in err.splitlines() if line.startswith("site ")]
    assert built[0].startswith("site built in ")
    rebuilt = [line for line in built if line.startswith("site rebuilt in ")]
    assert rebuilt, err
    # the ability's page, its section's index, the coverage and the translation status (the
    # new English text), in both languages: not the whole site
    counts = [int(line.rsplit("(", 1)[1].split()[0]) for line in rebuilt
              if "pages rendered again" in line]
    assert counts and max(counts) <= 8, err
