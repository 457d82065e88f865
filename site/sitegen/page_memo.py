"""A rebuild makes again only the item pages that read what changed.

An item's page (items.py, blood_bowl_pages.py) reads its own item, the items it links to
or draws (through the catalogue), their names, the site's indexes (the scenarios that
show an item, its rulings, the teams that use it), the renderer of "rules as
interpreted" and, in another language, which of its texts are left in English. While a
page maker runs, those mappings are `Recording` copies that note each key it reads and
each page or drawing it writes. What it wrote is kept with a digest of each value it read
(`PageMemo`, one per build folder, in this process). The next build gives a page maker's
kept pages back without running it when every value it read has the same digest and
nothing else it could read changed (the language, the translation catalogs, the page
makers themselves): a change to one content file makes again the pages that read that
file's items, and those only. A maker that went through a whole mapping (every item of a
kind) read everything: it is run every time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nuffle.interpreter.vocabulary import EDITIONS

from nuffle.catalogue.model import Item
from nuffle.i18n.localize import LeftEnglish

_ABSENT = "\0absent"  # the digest of a key that is not there


class _Frame:
    """What one page maker read (source, key) and wrote (target, key, value)."""

    __slots__ = ("reads", "writes", "whole")

    def __init__(self) -> None:
        self.reads: set[tuple[str, Any]] = set()
        self.writes: list[tuple[str, Any, Any]] = []
        self.whole = False  # went through a whole mapping: read everything


class _Watch:
    """The frame of the page maker running, if any (shared by a site's `Recording`s)."""

    __slots__ = ("frame",)

    def __init__(self) -> None:
        self.frame: _Frame | None = None


class _Watched:
    """What a page maker's reads are noted through: ``watch``, the frame running."""

    __slots__ = ()
    watch: _Watch

    def _whole(self) -> None:
        """Going through the whole mapping or set: the maker read everything."""
        frame = self.watch.frame
        if frame is not None:
            frame.whole = True


class Recording(_Watched, dict):
    """A dict that notes the keys read from it, and the values written to it, while a page
    maker runs (`_Watch.frame`); going through all of it, or removing from it, is reading
    everything."""

    __slots__ = ("source", "watch")

    def __init__(self, data: dict, source: str, watch: _Watch) -> None:
        super().__init__(data)
        self.source = source
        self.watch = watch

    def _read(self, key: Any) -> None:
        frame = self.watch.frame
        if frame is not None:
            frame.reads.add((self.source, key))

    def __getitem__(self, key: Any) -> Any:
        self._read(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self._read(key)
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._read(key)
        return dict.__contains__(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        frame = self.watch.frame
        if frame is not None:
            if self.source in TARGETS:
                frame.writes.append((self.source, key, value))
            else:  # a change to what other pages read: not given back, made each time
                frame.whole = True
        dict.__setitem__(self, key, value)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return self[key]
        self._read(key)
        self[key] = default
        return default

    def __iter__(self) -> Iterator[Any]:
        self._whole()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._whole()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._whole()
        return dict.keys(self)

    def values(self) -> Any:
        self._whole()
        return dict.values(self)

    def items(self) -> Any:
        self._whole()
        return dict.items(self)

    def copy(self) -> dict:
        self._whole()
        return dict(dict.items(self))

    def __reversed__(self) -> Iterator[Any]:
        self._whole()
        return dict.__reversed__(self)

    def __delitem__(self, key: Any) -> None:
        self._whole()
        dict.__delitem__(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        self._whole()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[Any, Any]:
        self._whole()
        return dict.popitem(self)

    def clear(self) -> None:
        self._whole()
        dict.clear(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._whole()
        dict.update(self, *args, **kwargs)


class _RecordingLeft(_Watched, LeftEnglish):
    """`Site.untranslated` of another language, noting which item's texts a page asked for
    (`LeftEnglish.of`); going through all of it is reading everything."""

    def __init__(self, left: LeftEnglish, watch: _Watch) -> None:
        super().__init__()
        set.update(self, left)
        self.stale = dict(left.stale)
        self.english = dict(left.english)
        self.watch = watch

    def of(self, start: str) -> tuple[list[str], list[str]]:
        frame = self.watch.frame
        if frame is not None:
            frame.reads.add(("left", start))
        return super().of(start)

    def __contains__(self, key: object) -> bool:
        self._whole()
        return set.__contains__(self, key)

    def __iter__(self) -> Iterator[str]:
        self._whole()
        return set.__iter__(self)

    def __len__(self) -> int:
        self._whole()
        return set.__len__(self)


def item_digest(item: Item | None) -> str:
    """What a page can read of an item, as a digest (its data, its file, its rules)."""
    if item is None:
        return _ABSENT
    rules = [(tuple(r.path), r.kind, r.source, r.ast is None) for r in item.rules]
    # repr, not JSON: several times quicker, and as telling of the values YAML gives
    text = repr((item.kind, item.id, item.path, item.schema_ok, item.data, rules))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class _Entry:
    args: str  # the maker's arguments after the item (a team's simulated record), as repr
    reads: tuple[tuple[str, Any, Any], ...]  # (source, key, digest)
    writes: tuple[tuple[str, Any, Any], ...]  # (pages or fragments, key, value)


@dataclass
class _Kept:
    """One language's kept pages: valid while ``context`` is the same."""
    context: tuple = ()
    entries: dict[tuple, _Entry] = field(default_factory=dict)


@dataclass
class PageMemo:
    """The item pages of the last build into one folder, per language, and what the last
    build made again (``made``) and gave back (``kept``): (language, maker, item key)."""
    languages: dict[str, _Kept] = field(default_factory=dict)
    made: list[tuple[str, str, tuple]] = field(default_factory=list)
    kept: list[tuple[str, str, tuple]] = field(default_factory=list)

    def start_build(self) -> None:
        self.made.clear()
        self.kept.clear()


_MEMOS: dict[str, PageMemo] = {}


def memo_for(out: Path) -> PageMemo:
    """The memo of the builds into ``out`` in this process."""
    return _MEMOS.setdefault(str(Path(out).resolve()), PageMemo())


def forget(out: Path) -> None:
    """Drop the kept pages of ``out`` (a full build makes every page)."""
    _MEMOS.pop(str(Path(out).resolve()), None)


def _catalog_stamps(lang: str) -> tuple:
    """The files of the language's folder (its translation catalogs, its grammar file) as
    they are on disk, and the translations the pages read from them in this process (read
    again after `translated.cache_clear`, as for a content pack's catalogs)."""
    if lang == "en":
        return ()
    from nuffle.i18n import catalog, translations
    from nuffle.i18n.domains import DOMAINS
    stamps: list[Any] = [id(translations.translated(lang, domain))
                         for domain in ("content", "site", "rules")]
    folder = catalog.locale_path(lang, DOMAINS[0]).parent
    for path in sorted(folder.glob("*")) if folder.is_dir() else ():
        try:
            st = path.stat()
            stamps.append((path.name, st.st_mtime_ns, st.st_size))
        except OSError:
            stamps.append((path.name, None))
    return tuple(stamps)


class _Session:
    """One language's page makers in one build: the site's mappings recorded, each maker's
    kept pages given back where what it read is unchanged."""

    def __init__(self, memo: PageMemo, site: Any, context: tuple) -> None:
        self.memo = memo
        self.site = site
        self.watch = _Watch()
        kept = memo.languages.get(site.lang)
        self.old = kept.entries if kept is not None and kept.context == context else {}
        self.new = _Kept(context)
        self.digests: dict[tuple[str, Any], Any] = {}

    def digest(self, source: str, key: Any) -> Any:
        """The digest of what a page reads as (source, key), as it is now."""
        found = self.digests.get((source, key), None)
        if found is not None:
            return found
        site = self.site
        value: Any
        if source == "items":
            value = item_digest(dict.get(site.catalogue.items, key))
        elif source == "bonus_plays":
            value = item_digest(dict.get(site.bonus_plays, key))
        elif source in ("scenarios_for", "rulings_for"):
            found_items = dict.get(getattr(site, source), key)
            value = _ABSENT if found_items is None else \
                tuple(item_digest(i) for i in found_items)
        elif source in ("names", "used_by"):
            raw = dict.get(getattr(site, source), key, _ABSENT)
            value = raw if isinstance(raw, str) else repr(raw)
        elif source == "renderers":
            value = self._renderer_digest(key)
        elif source == "left":
            left = site.untranslated
            stale, missing = LeftEnglish.of(left, key)
            value = repr((stale, missing, [left.english.get(c) for c in stale + missing],
                          [left.stale.get(c) for c in stale]))
        else:
            value = _ABSENT + source  # nothing else is kept: never the same
        self.digests[(source, key)] = value
        return value

    def _renderer_digest(self, edition: Any) -> str:
        renderer = dict.get(self.site.renderers, edition)
        if renderer is None:
            return _ABSENT
        language = getattr(renderer, "language", None)
        # the names it reads are noted as the pages' own reads (`item_pages`)
        shape = sorted((str(k), repr(v)) for k, v in vars(language).items()
                       if not str(k).startswith("_")) \
            if hasattr(language, "__dict__") else repr(language)
        return hashlib.sha256(repr(shape).encode("utf-8", "surrogatepass")).hexdigest()

    def run(self, name: str, make: Callable[..., None], item: Item, *args: Any) -> None:
        """``make(site, item, *args)``, or what it wrote last time if nothing it read
        changed."""
        key = (name, item.key)
        lang = self.site.lang
        shown = repr(args)
        entry = self.old.get(key)
        if entry is not None and entry.args == shown and all(self.digest(source, k) == d
                                     for source, k, d in entry.reads):
            for target, k, value in entry.writes:
                dict.__setitem__(getattr(self.site, target), k, value)
            self.new.entries[key] = entry
            self.memo.kept.append((lang, name, item.key))
            return
        frame = _Frame()
        frame.reads.add(("items", item.key))
        self.watch.frame = frame
        try:
            make(self.site, item, *args)
        finally:
            self.watch.frame = None
        self.memo.made.append((lang, name, item.key))
        if frame.whole:
            return  # read everything: made every time
        reads = tuple((source, k, self.digest(source, k)) for source, k in frame.reads)
        self.new.entries[key] = _Entry(shown, reads, tuple(frame.writes))


SOURCES = ("names", "bonus_plays", "scenarios_for", "rulings_for", "used_by", "renderers")
TARGETS = ("pages", "fragments")


@contextmanager
def item_pages(memo: PageMemo | None, site: Any, makers: dict[str, Callable]
               ) -> Iterator[Callable[..., None]]:
    """Within: ``run(kind, item, *args)`` makes (or gives back) the page of ``item`` by
    ``makers[kind]``; without a memo, it makes it."""
    if memo is None:
        yield lambda kind, item, *args: makers[kind](site, item, *args)
        return
    context = (site.lang, tuple(sorted((k, id(f)) for k, f in makers.items())),
               _catalog_stamps(site.lang))
    session = _Session(memo, site, context)
    watch = session.watch
    saved = {name: getattr(site, name) for name in (*SOURCES, *TARGETS, "untranslated")}
    catalogue_items = site.catalogue.items
    try:
        site.catalogue.items = Recording(catalogue_items, "items", watch)
        for name in (*SOURCES, *TARGETS):
            setattr(site, name, Recording(saved[name], name, watch))
        if isinstance(saved["untranslated"], LeftEnglish):
            site.untranslated = _RecordingLeft(saved["untranslated"], watch)
        # each edition's renderer made before the pages, so what it read is the site's,
        # not that of the page that happened to ask first
        for item in site.catalogue.sorted_items():
            if item.rules and item.edition in EDITIONS and item.kind in makers \
                    and not dict.__contains__(site.renderers, item.edition):
                site.english(item)
        for renderer in dict.values(site.renderers):  # its copy of the names, noted too
            renderer.content_names = Recording(dict(renderer.content_names), "names", watch)
        yield lambda kind, item, *args: session.run(kind, makers[kind], item, *args)
    finally:
        site.catalogue.items = catalogue_items
        for name in (*SOURCES, *TARGETS):
            setattr(site, name, dict(dict.items(getattr(site, name))))
        site.untranslated = saved["untranslated"]
    memo.languages[site.lang] = session.new
