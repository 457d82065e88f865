"""MkDocs hook used by `nuffle site serve`: before each rebuild, regenerate the pages
from the content, so an edited card shows at once (only changed files are rewritten)."""

from __future__ import annotations

from pathlib import Path


def on_pre_build(config, **kwargs) -> None:
    from nuffle.interpreter.blitz_bowl import ruleset
    from nuffle.interpreter.blood_bowl import ruleset as blood_bowl_ruleset
    from nuffle.sitegen.build import BuildOptions, generate, write_tree
    from nuffle.sitegen.fragments import write_fragments

    ruleset._CACHE.clear()  # the content may have changed since the last build
    blood_bowl_ruleset._CACHE.clear()
    out = Path(config["config_file_path"]).parent
    packs = tuple(Path(p) for p in (config.get("extra") or {}).get("nuffle_content", []))
    site = generate(BuildOptions(out=out, content=packs))
    write_tree(out / "docs", site.pages)
    write_fragments(out, site.fragments)


def on_post_page(output: str, page, config, **kwargs) -> str:
    """The page's drawings back in place (fragments.py)."""
    from nuffle.sitegen.fragments import inline_built

    return inline_built(output, Path(config["config_file_path"]).parent)
