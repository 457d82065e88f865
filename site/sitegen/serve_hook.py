"""MkDocs hook used by `nuffle site serve`: before each rebuild, regenerate the pages
from the content, so an edited card shows at once (only changed files are rewritten)."""

from __future__ import annotations

from pathlib import Path


def on_pre_build(config, **kwargs) -> None:
    from nuffle.interpreter.blitz_bowl import ruleset
    from nuffle.sitegen.build import BuildOptions, generate, write_tree

    ruleset._CACHE.clear()  # the content may have changed since the last build
    out = Path(config["config_file_path"]).parent
    site = generate(BuildOptions(out=out))
    write_tree(out / "docs", site.pages)
