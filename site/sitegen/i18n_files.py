"""mkdocs-static-i18n makes each file of the docs folder again for each language it builds
(`suffix.create_i18n_file`: a new `File`, its language read from its name, its place in
that language's folder), about 2,600 files per language at every build, a tenth of a
rebuild. What it makes depends on the file's paths and the languages only, so within
`kept_i18n_files` the attributes it gave a file are kept, by those, and a file seen in an
earlier build of this process is made from them (a new `File` each time, as the plugin
makes: MkDocs attaches the page to it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mkdocs.structure.files import File
from mkdocs_static_i18n import suffix

_KEPT: dict[tuple, dict[str, Any]] = {}
MAX_KEPT = 100_000  # files: a few builds of the bundled site, both languages
_MADE = {"made": 0, "kept": 0}  # counted for the tests


def _key(file: File, current: str, default: str, languages: list, config: Any) -> tuple:
    return (file.src_uri, file.dest_uri, file.inclusion, current, default, tuple(languages),
            config.docs_dir, config.site_dir, config.use_directory_urls)


def kept_create_i18n_file(real: Any) -> Any:
    """`suffix.create_i18n_file`, made from what an earlier call gave the same file."""
    def create(file: File, current_language: str, default_language: str,
               all_languages: list, config: Any) -> File:
        key = _key(file, current_language, default_language, all_languages, config)
        found = _KEPT.get(key)
        if found is not None:
            _MADE["kept"] += 1
            made = File.__new__(File)
            made.__dict__.update(found)
            made.alternates = {current_language: made}  # type: ignore[attr-defined]
            return made
        made = real(file, current_language, default_language, all_languages, config)
        _MADE["made"] += 1
        if len(_KEPT) >= MAX_KEPT:
            _KEPT.clear()
        _KEPT[key] = {k: v for k, v in vars(made).items() if k != "alternates"}
        return made
    return create


@contextmanager
def kept_i18n_files() -> Iterator[None]:
    """Within: the plugin's files made from the kept attributes where it can."""
    real = suffix.create_i18n_file
    suffix.create_i18n_file = kept_create_i18n_file(real)
    try:
        yield
    finally:
        suffix.create_i18n_file = real
