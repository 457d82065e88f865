"""Benchmark: building the reference site.

Prints, beside the targets of issue 16 and the figures before it:

- the full build time with an empty cache folder, `nuffle site build` timed from outside
  as an author runs it (a first build on a new machine: the
  content, the theme's templates, the interface strings and every page's Markdown worked
  out from nothing; generate the pages, then MkDocs with the Material theme, both
  languages, made (site/sitegen/generation_split.py) and rendered
  (site/sitegen/parallel.py) in two processes at once when two processors are free; most
  pages' Markdown read without Python-Markdown (site/sitegen/quick_markdown.py); no
  balance simulation);
- the same into another new folder with that cache kept (a later full build:
  the pages' HTML and search sections of the last full build are reused where their
  Markdown is the same, site/sitegen/page_renders.py);
- the rebuild time after one content file changes (only the item pages that read the
  changed file made again: site/sitegen/page_memo.py, whose memo a new process reads from
  the build folder, page_memo_file.py; only changed files rewritten, only the pages that
  depend on the change rendered: site/sitegen/incremental.py), in the same process (as
  `nuffle site serve` rebuilds after a save, after its first build: site/sitegen/serve.py)
  and by `nuffle site build` in a new one;
- the rebuild time after a new ability file is added, and after it is removed again (its
  section rendered in both languages, not the whole site), in the same process.

The cache folder is a new temporary one (NUFFLE_CACHE_DIR), so your own cache is neither
used nor touched and the first figure is always a cold build.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nuffle.interpreter.blitz_bowl import ruleset
from nuffle.sitegen.build import BuildOptions, build_site

from nuffle.paths import CACHE_VARIABLE, NO_CACHE_VARIABLE, content_dir

EDITED = content_dir() / "blitz-bowl" / "abilities" / "frenzied.yaml"
ADDED = EDITED.with_name("benchmark-frenzy.yaml")  # a new ability, removed again
TARGETS = {"full": 10.0, "rebuild": 2.0}  # seconds (issue 16)
# before issue 16, `nuffle site build` on this 2-core machine, busy: 217 s wall, 138 s of CPU
# (every page carrying the navigation of all 862 pages of its language); the rebuild was a
# dirty MkDocs build that rendered every Italian page again (about half the site), lost the
# titles of the pages it skipped from the navigation, and was not timed apart; `nuffle site
# serve` (MkDocs' own server) rendered every page of both languages at each save: 11.4 s
# before the English page showed an edit (stop 31, before serve.py); a page added or
# removed rendered the whole site (about 15 s in two processes, before stop 31)
BEFORE = {"full": 217.0, "rebuild": None, "serve": 11.4, "added": 15.0}
# `nuffle site build` in a new process, as an author runs it; after an edit its line says
# how many pages it rendered and how many item pages it made again
COMMAND = [str(Path(sys.executable).with_name("nuffle")), "site", "build", "--out"]
SAID = re.compile(r"\((\d+) pages rendered again, (\d+) item pages made again")


def run_command(out: Path) -> tuple[float, str]:
    """`nuffle site build --out OUT` in a new process: its wall time and what it said."""
    start = time.perf_counter()
    done = subprocess.run([*COMMAND, str(out)], check=True, stdout=subprocess.PIPE, text=True)
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one-core", action="store_true",
                        help="run on one processor (the languages one after the other)")
    args = parser.parse_args()
    if args.one_core and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as cache, \
            tempfile.TemporaryDirectory() as second:
        os.environ[CACHE_VARIABLE] = cache  # an empty cache: the first build is a cold one
        os.environ.pop(NO_CACHE_VARIABLE, None)
        opts = BuildOptions(out=Path(tmp))
        # both full builds as an author runs them: `nuffle site build` in a new process
        full, _ = run_command(opts.out)
        pages = sum(1 for _ in (opts.out / "site").rglob("*.html"))
        warm, _ = run_command(Path(second))
        # `nuffle site serve` builds once when it starts, then after each save
        ruleset._CACHE.clear()
        build_site(opts)
        original = EDITED.read_text(encoding="utf-8")
        try:
            EDITED.write_text(original.replace(
                "they can immediately make a free Block action.",
                "they can immediately make a free Block action (edited)."), encoding="utf-8")
            ruleset._CACHE.clear()
            start = time.perf_counter()
            again = build_site(opts)
            rebuild = time.perf_counter() - start
        finally:
            EDITED.write_text(original, encoding="utf-8")
        # the file put back is another change: rebuilt by `nuffle site build` in a new
        # process (imports, the content read from its cache and checked, the translation
        # catalogs, the build, and the process's end)
        fresh, said = run_command(opts.out)
        found = SAID.search(said)
        assert found is not None, said  # a partial build says what it did
        fresh_rendered, fresh_made = (int(n) for n in found.groups())
        # a new ability, then the same removed: each its section in both languages
        text = original.replace("id: frenzied", "id: benchmark-frenzy").replace(
            "name: Frenzied", "name: Benchmark Frenzy")
        try:
            ADDED.write_text(text, encoding="utf-8")
            ruleset._CACHE.clear()
            start = time.perf_counter()
            added = build_site(opts)
            add_time = time.perf_counter() - start
        finally:
            ADDED.unlink(missing_ok=True)
        ruleset._CACHE.clear()
        start = time.perf_counter()
        removed = build_site(opts)
        remove_time = time.perf_counter() - start
    figures = {"full_build_seconds": round(full, 2),
               "full_build_with_kept_cache_seconds": round(warm, 2),
               "rebuild_seconds": round(rebuild, 2),
               "rebuild_in_a_new_process_seconds": round(fresh, 2),
               "pages_in_the_full_build": pages,
               "pages_rendered_on_rebuild": len(again.rendered),
               "rebuild_was_partial": not again.full,
               "files_rewritten_on_rebuild": again.markdown_written,
               "item_pages_made_on_rebuild": again.items_made,
               "item_pages_made_on_rebuild_in_a_new_process": fresh_made,
               "pages_rendered_on_rebuild_in_a_new_process": fresh_rendered,
               "rebuild_after_an_ability_added_seconds": round(add_time, 2),
               "pages_rendered_after_an_ability_added": len(added.rendered),
               "rebuild_after_it_is_removed_seconds": round(remove_time, 2),
               "pages_rendered_after_it_is_removed": len(removed.rendered),
               "added_and_removed_were_partial": not (added.full or removed.full),
               "targets_seconds": TARGETS, "before_seconds": BEFORE}
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"full build, both languages (no balance simulation), empty cache, `nuffle site "
          f"build` in a new process: {full:.1f} s, {pages} pages "
          f"(target < {TARGETS['full']:.0f} s; before: about {BEFORE['full']:.0f} s)")
    print(f"the same into a new folder, the cache of that build kept: {warm:.1f} s "
          f"(target < {TARGETS['full']:.0f} s)")
    print(f"rebuild after one content file changed: {rebuild:.1f} s, "
          f"{again.items_made} item pages made again, "
          f"{again.markdown_written} generated files rewritten, {len(again.rendered)} pages "
          f"rendered{'' if not again.full else ' (a full build: ' + again.reason + ')'}; "
          f"as `nuffle site serve` rebuilds after a save "
          f"(target < {TARGETS['rebuild']:.0f} s; before: about half the site rendered "
          f"again by `site build`, and every page, {BEFORE['serve']:.1f} s, by `site serve`)")
    print(f"the same rebuild in a new process (as `nuffle site build`): {fresh:.1f} s, "
          f"{fresh_made} item pages made again (the others read back from the build "
          f"folder's memo), {fresh_rendered} pages rendered "
          f"(target < {TARGETS['rebuild']:.0f} s)")
    print(f"a new ability added (same process, as `nuffle site serve`): {add_time:.1f} s, "
          f"{len(added.rendered)} pages rendered"
          f"{'' if not added.full else ' (a full build: ' + added.reason + ')'}; removed "
          f"again: {remove_time:.1f} s, {len(removed.rendered)} pages rendered"
          f"{'' if not removed.full else ' (a full build: ' + removed.reason + ')'} "
          f"(before: the whole site, about {BEFORE['added']:.0f} s)")


if __name__ == "__main__":
    main()
