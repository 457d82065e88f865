"""A small two-language MkDocs site written to a folder, configured as the generated site
is (Material, mkdocs-static-i18n with suffixed pages, search, strict): for the tests that
build a site of their own in seconds instead of the bundled one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


def small_site(root: Path, name: str, pages: dict[str, str], *, extensions: list[Any],
               nav: list[Any], italian: dict[str, Any] | None = None) -> Path:
    """Write ``pages`` under ``root/docs`` and the configuration ``root/NAME.yml``, whose
    site is built into ``NAME``; ``italian`` adds to the Italian language's settings."""
    for rel, text in pages.items():
        (root / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / rel).write_text(text, encoding="utf-8")
    settings = {
        "site_name": "Small", "site_url": "https://nuffle.example/", "docs_dir": "docs",
        "site_dir": name, "strict": True, "use_directory_urls": False,
        "theme": {"name": "material", "features": ["navigation.tabs", "navigation.prune"]},
        "plugins": [{"search": {"lang": ["en", "it"]}}, {"i18n": {
            "docs_structure": "suffix", "fallback_to_default": True,
            "reconfigure_material": True, "reconfigure_search": False,
            "languages": [{"locale": "en", "name": "English", "default": True, "build": True},
                          {"locale": "it", "name": "Italiano", "build": True,
                           **(italian or {})}]}}],
        "markdown_extensions": extensions, "nav": nav}
    path = root / f"{name}.yml"
    path.write_text(yaml.safe_dump(settings), encoding="utf-8")
    return path


def tree(site: Path) -> dict[str, bytes]:
    """Every file of a built site and its bytes, to compare two builds."""
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file()}
