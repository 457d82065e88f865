"""A full build renders the English pages and the other languages' at the same time, in
two processes, and puts the outputs together as one build would have left them.

mkdocs-static-i18n builds the English site, then, from its `on_post_build`, each other
language in turn into `<lang>/`, in the same process: the languages wait for each other on
one core. Here the build forks first (where the system can, and when more than one
processor is free):

- the parent builds English alone (the plugin's loop over the other languages is skipped,
  as it skips it inside its own nested builds);
- the child runs the plugin's usual sequence into a folder of its own, with the English
  pass reduced to what the other languages need from it (its file list, for the sitemap's
  alternates): no page read, rendered or checked there;
- the parent then takes the child's `<lang>/` folders (each with its language's 404 page),
  its sitemap (the last language's, as a sequential build leaves it at the root), and
  writes the search index the plugin would have (the English entries, then the other
  languages'); postbuild.py splits it per language.

The pages the child rendered and their titles come back to the build's recorder
(incremental.py), the pages it finished and scanned to the build's `Finishing` plugin
(postbuild.py), and a build that fails in the child fails the whole build with the
child's message. The whole search index is handed back to the caller as well as written,
so that it is not read again to be split. The result is the same tree, byte for byte, as a sequential build
(tests/site/test_parallel_build.py compares them on a small site).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mkdocs.exceptions import Abort
from nuffle.sitegen.content_prefetch import other_threads
from nuffle.sitegen.render_speed import active

from nuffle.machine import available_processors

FINISHING = "nuffle/finishing"  # the build's postbuild.Finishing, where it has one
# what the child's English pass does not need to do: read, render and check the pages, and
# render the theme's own pages (a 404 page and a sitemap the parent writes or takes)
_SKIPPED = ("_populate_page", "_build_page", "_build_theme_template")


def can_split(config: Any) -> bool:
    """Whether a full build can run its languages in two processes: fork, two processors,
    another language to build, and no other thread running (`nuffle site serve` rebuilds
    while its server's threads run: a forked copy of a lock one of them held could be
    held forever)."""
    i18n = config.plugins.get("i18n")
    return (hasattr(os, "fork") and available_processors() > 1 and i18n is not None
            and len(getattr(i18n, "build_languages", [])) > 1 and not other_threads())


@contextmanager
def _english_pass_reduced(i18n: Any, default: str) -> Iterator[None]:
    """While the plugin builds ``default``, MkDocs reads and renders nothing."""
    from mkdocs.commands import build as mkdocs_build_module
    from mkdocs.structure.pages import Page

    saved = {name: getattr(mkdocs_build_module, name) for name in _SKIPPED}
    anchors = Page.validate_anchor_links

    def skipping(name: str) -> Any:
        real = saved[name]

        def step(*args: Any, **kwargs: Any) -> Any:
            if i18n.current_language == default:
                return None
            return real(*args, **kwargs)
        return step

    def validate(self: Any, *args: Any, **kwargs: Any) -> Any:
        if i18n.current_language == default:
            return None
        return anchors(self, *args, **kwargs)

    for name in _SKIPPED:
        setattr(mkdocs_build_module, name, skipping(name))
    Page.validate_anchor_links = validate  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, real in saved.items():
            setattr(mkdocs_build_module, name, real)
        Page.validate_anchor_links = anchors  # type: ignore[method-assign]


def _child(config: Any, recorder: Any, other: Path, report: Path) -> None:
    """The other languages, into ``other``; what came of it into ``report``."""
    from mkdocs.commands.build import build as mkdocs_build

    result: dict[str, Any] = {}
    try:
        i18n = config.plugins["i18n"]
        config["site_dir"] = str(other)
        with _english_pass_reduced(i18n, i18n.default_language):
            mkdocs_build(config)
        from nuffle.sitegen import i18n_files  # the files it made, kept by the parent
        result = {"rendered": recorder.rendered, "titles": recorder.titles,
                  "i18n_files": i18n_files.handed()}
        finishing = config.plugins.get(FINISHING)
        if finishing is not None:  # the pages it finished, and what their scan found
            result["finished"] = finishing.pages
            if finishing.scan is not None:
                result["scan"] = finishing.scan.handed()
        speed = active()
        if speed is not None:  # the search sections it used, for the parent's cache file
            result["search_sections"] = speed.sections.handed()
            result["page_renders"] = speed.renders.handed()
    except Abort as error:
        result = {"abort": str(error)}
    except BaseException:  # noqa: BLE001 - reported to the parent, which raises it
        result = {"error": traceback.format_exc()}
    report.write_text(json.dumps(result), encoding="utf-8")


def build_split(config: Any, recorder: Any) -> dict:
    """A full build of every language, English in this process and the others in a child
    (see the module); raises what the build would; returns the whole search index."""
    from mkdocs.commands.build import build as mkdocs_build

    site = Path(config["site_dir"])
    other = site.with_name(site.name + ".languages")
    report = site.with_name(site.name + ".languages.json")
    shutil.rmtree(other, ignore_errors=True)
    report.unlink(missing_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        code = 1
        try:
            _child(config, recorder, other, report)
            code = 0
        finally:
            os._exit(code)
    i18n = config.plugins["i18n"]
    i18n.building = True  # as inside its own nested builds: this language only
    try:
        mkdocs_build(config)
    finally:
        i18n.building = False
        _, status = os.waitpid(pid, 0)
    result = json.loads(report.read_text(encoding="utf-8")) if report.exists() else {
        "error": f"the languages' build process ended without a report ({status})"}
    report.unlink(missing_ok=True)
    if "abort" in result:
        raise Abort(result["abort"])
    if "error" in result:
        raise RuntimeError(result["error"])
    index = _merge(site, other, i18n)
    from nuffle.sitegen import i18n_files
    i18n_files.absorb(result.get("i18n_files"))  # kept for the next process
    recorder.rendered += result["rendered"]
    recorder.titles.update(result["titles"])
    finishing = config.plugins.get(FINISHING)
    if finishing is not None:
        finishing.pages += result.get("finished", [])
        if finishing.scan is not None and "scan" in result:
            finishing.scan.absorb(result["scan"])
    speed = active()
    if speed is not None:
        speed.sections.absorb(result.get("search_sections"))
        speed.renders.absorb(result.get("page_renders"))
    shutil.rmtree(other, ignore_errors=True)
    return index


def _merge(site: Path, other: Path, i18n: Any) -> dict:
    """The other languages' folders, the last sitemap and the whole search index (written,
    and returned)."""
    for lang in i18n.build_languages:
        if lang == i18n.default_language:
            continue
        shutil.rmtree(site / lang, ignore_errors=True)
        shutil.move(str(other / lang), str(site / lang))
    # the sitemap at the root is the last language's in a sequential build; the 404 page
    # at the root stays the default language's, each other language's is in its folder
    # (incremental.Recorder.on_post_template), moved with it above
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        if (other / name).exists():
            shutil.copyfile(other / name, site / name)
    index = site / "search" / "search_index.json"
    mine = json.loads(index.read_text(encoding="utf-8"))
    theirs = json.loads((other / "search" / "search_index.json").read_text(encoding="utf-8"))
    # as the theme's search plugin writes it
    whole = {**mine, "docs": mine["docs"] + theirs["docs"]}
    index.write_text(json.dumps(whole, separators=(",", ":")), encoding="utf-8")
    return whole
