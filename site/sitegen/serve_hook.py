"""MkDocs hook used by `nuffle site serve`: before each rebuild, regenerate the pages
from the content, so an edited card shows at once (only changed files are rewritten)."""

from __future__ import annotations

from pathlib import Path


def on_pre_build(config, **kwargs) -> None:
    from nuffle.interpreter.blitz_bowl import ruleset
    from nuffle.interpreter.blood_bowl import ruleset as blood_bowl_ruleset
    from nuffle.sitegen.build import BuildOptions, generate, write_tree

    ruleset._CACHE.clear()  # the content may have changed since the last build
    blood_bowl_ruleset._CACHE.clear()
    out = Path(config["config_file_path"]).parent
    packs = tuple(Path(p) for p in (config.get("extra") or {}).get("nuffle_content", []))
    site = generate(BuildOptions(out=out, content=packs))
    write_tree(out / "docs", site.pages)
