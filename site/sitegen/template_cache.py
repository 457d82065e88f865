"""The theme's Jinja templates compiled once, kept between builds in the private cache
folder: compiling Material's 77 templates was about a tenth of a rebuild after one change.

A compiled template is a marshalled code object: running it is running code, so it is kept
only where a pickle of Lark's parse tables is (nuffle.paths.private_cache_dir: a 0700 folder
of the user's own, checked; none when caching is off), never in the build folder, which is
anyone's to hand over. An entry is the template's source checksum and the code; one from
another Python or Jinja, over its size limit, truncated or not a code object is a miss
(the template is compiled again and the entry rewritten), never an error.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
import types
from pathlib import Path
from typing import Any

import jinja2
from jinja2.bccache import Bucket, BytecodeCache
from mkdocs.plugins import BasePlugin, event_priority

from nuffle.textfile import Unreadable, read_bounded, write_cache_entry

# the theme's largest compiled template is about 60 KB
MAX_ENTRY_BYTES = 4 << 20
# what the code was compiled by: marshal's format and Jinja's generated code change with them
_HEADER = f"nuffle-jinja {jinja2.__version__} {sys.implementation.cache_tag}\n".encode()


class PrivateBytecodeCache(BytecodeCache):
    """Jinja's bytecode cache, one file per template in ``folder`` (see the module)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, bucket: Bucket) -> Path:
        return self.folder / f"{hashlib.sha256(bucket.key.encode()).hexdigest()[:32]}.bytecode"

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            raw = read_bounded(self._path(bucket), MAX_ENTRY_BYTES)
        except Unreadable:
            return
        checksum = f"{bucket.checksum}\n".encode()
        head = _HEADER + checksum
        if len(raw) > MAX_ENTRY_BYTES or not raw.startswith(head):
            return
        try:
            code = marshal.loads(raw[len(head):])
        except (EOFError, ValueError, TypeError):
            return
        if isinstance(code, types.CodeType):
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is None:
            return
        data = _HEADER + f"{bucket.checksum}\n".encode() + marshal.dumps(bucket.code)
        write_cache_entry(self._path(bucket), data, MAX_ENTRY_BYTES)  # else compiled next time


class TemplateCache(BasePlugin):
    """Added to the configuration by the build: every Jinja environment the theme makes
    (one per language's build, and those the search plugin makes for its words) gets the
    bytecode cache, when there is a private cache folder."""

    def __init__(self, folder: Path | None) -> None:
        super().__init__()
        self.cache = PrivateBytecodeCache(folder / "jinja") if folder is not None else None

    @event_priority(100)  # before any plugin asks the theme for an environment
    def on_config(self, config: Any) -> Any:
        theme, cache = config.theme, self.cache
        if cache is None or getattr(theme, "_nuffle_cached", False):
            return config
        made = theme.get_env

        def get_env() -> jinja2.Environment:
            env = made()
            env.bytecode_cache = cache
            return env
        theme.get_env = get_env
        theme._nuffle_cached = True
        return config


def template_cache() -> TemplateCache:
    """The plugin for this process's private cache folder (none: templates compiled)."""
    from nuffle.paths import private_cache_dir
    return TemplateCache(private_cache_dir())
