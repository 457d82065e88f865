"""Benchmark: building the reference site.

Prints the full build time (generate the pages from the content, then MkDocs with the
Material theme; no balance simulation) and the rebuild time after one content file
changes (pages regenerated, only changed files rewritten, MkDocs building dirty pages).
Targets (issue 4): full build under 20 s, rebuild after a one-file change under 5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from nuffle.interpreter.blitz_bowl import ruleset
from nuffle.sitegen.build import BuildOptions, build, prepare

from nuffle.paths import content_dir

EDITED = content_dir() / "blitz-bowl" / "abilities" / "frenzied.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    with tempfile.TemporaryDirectory() as tmp:
        opts = BuildOptions(out=Path(tmp))
        start = time.perf_counter()
        build(opts)
        full = time.perf_counter() - start
        original = EDITED.read_text(encoding="utf-8")
        try:
            EDITED.write_text(original.replace(
                "they can immediately make a free Block action.",
                "they can immediately make a free Block action (edited)."), encoding="utf-8")
            ruleset._CACHE.clear()
            start = time.perf_counter()
            config_path, written = prepare(opts)
            config = load_config(str(config_path))
            config["strict"] = False  # a dirty build warns about the pages it skips
            mkdocs_build(config, dirty=True)
            rebuild = time.perf_counter() - start
        finally:
            EDITED.write_text(original, encoding="utf-8")
    figures = {"full_build_seconds": round(full, 2), "rebuild_seconds": round(rebuild, 2),
               "files_rewritten_on_rebuild": written}
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"full build (no balance simulation): {full:.2f} s (target < 20 s)")
    print(f"rebuild after one content file changed: {rebuild:.2f} s, {written} generated "
          "files rewritten (target < 5 s)")


if __name__ == "__main__":
    main()
