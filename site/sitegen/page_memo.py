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
kind) read everything: it is run every time. The memo is also kept in the build folder
(page_memo_file.py), so a new process building into it gives back the same pages.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nuffle.interpreter.vocabulary import EDITIONS
from nuffle.sitegen import page_memo_file
from nuffle.sitegen.fragments import KeptDrawing
from nuffle.sitegen.written_docs import written_docs

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
    # (parsed: whether the rules parsed, without building a tree the content cache kept)
    rules = [(tuple(r.path), r.kind, r.source, not r.parsed) for r in item.rules]
    # repr, not JSON: several times quicker, and as telling of the values YAML gives
    text = repr((item.kind, item.id, item.path, item.schema_ok, item.data, rules))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class _OnDisk(str):
    """A page or drawing of an entry read from the memo's file: the digest of its text,
    which is read back from where the build wrote it when the entry is used (a drawing's
    is not: that the drawings' folder has it is enough, `_Session._written`)."""

    __slots__ = ()


_DIGESTS = (_OnDisk, KeptDrawing)  # a write's value that is the digest of its text


@dataclass
class _Entry:
    args: str  # the maker's arguments after the item (a team's simulated record), as repr
    reads: tuple[tuple[str, Any, Any], ...]  # (source, key, digest)
    writes: tuple[tuple[str, Any, Any], ...]  # (pages or fragments, key, text or _OnDisk)
    sums: tuple[str, ...] | None = None  # the digests of the writes' texts, once worked out
    shown: str | None = None  # the entry as the file holds it (JSON), once worked out

    def digests(self) -> tuple[str, ...]:
        if self.sums is None:
            self.sums = tuple(value if isinstance(value, _DIGESTS)
                              else page_memo_file.text_digest(value)
                              for _, _, value in self.writes)
        return self.sums


@dataclass
class _Kept:
    """One language's kept pages: valid while ``context`` (what the file keeps too) is the
    same and, for pages made in this process, ``local`` (the makers and translations as
    objects of this process); ``raw``: the file's entries, not yet read."""
    context: Any = ()
    entries: dict[tuple, _Entry] = field(default_factory=dict)
    local: tuple | None = None
    raw: list | None = None


@dataclass
class PageMemo:
    """The item pages of the last build into one folder, per language, and what the last
    build made again (``made``) and gave back (``kept``): (language, maker, item key).
    ``out``: the build folder whose file keeps it (page_memo_file.py), if any."""
    languages: dict[str, _Kept] = field(default_factory=dict)
    made: list[tuple[str, str, tuple]] = field(default_factory=list)
    kept: list[tuple[str, str, tuple]] = field(default_factory=list)
    out: Path | None = None
    changed: bool = False  # since the file was read or written
    read_back: int = 0  # pages read back from the build folder (for the tests)
    drawings_found: int = 0  # drawings found in the build folder, not read (for the tests)

    def start_build(self) -> None:
        self.made.clear()
        self.kept.clear()

    def save(self, docs: dict[str, str]) -> None:
        """Keep the memo in the build folder's file, if it differs from what that holds.
        ``docs``: the docs folder's files as the build writes them; a page written with
        other text (a title told apart from another's, titles.py) is kept in the file."""
        if self.out is None or (not self.changed
                                and page_memo_file.path_of(self.out).exists()):
            return

        def write(lang: str, target: str, k: str, value: str, digest: str) -> list:
            if target == "pages" and docs.get(_localized(k, lang), docs.get(k)) != value:
                return [target, k, digest, value]
            return [target, k, digest]

        def shown(lang: str, name: str, key: tuple, entry: _Entry) -> str:
            if entry.shown is None:  # an entry's form in the file, made once per process
                entry.shown = page_memo_file.dumps([
                    name, page_memo_file.plain(key), entry.args,
                    [[source, page_memo_file.plain(k), page_memo_file.plain(d)]
                     for source, k, d in entry.reads],
                    [write(lang, target, k, value, digest) for (target, k, value), digest
                     in zip(entry.writes, entry.digests(), strict=True)]])
            return entry.shown
        page_memo_file.write(self.out, {
            lang: (kept.context, [shown(lang, name, key, entry)
                                  for (name, key), entry in kept.entries.items()])
            for lang, kept in self.languages.items() if kept.raw is None})
        self.changed = False

    def hand_over(self, lang: str, site: Any, read_back: int = 0) -> dict | None:
        """What the memo noted of ``lang``'s pages in this process, as JSON, for the process
        that forked this one (generation_split.py; None: not all of it can be); a text that
        ``site`` holds as it is under the same name is left out (None), not sent twice;
        ``read_back``: the pages the memo had read back before this process made them."""
        kept = self.languages.get(lang)
        if kept is None or kept.raw is not None:
            return None
        rows = []
        for (name, key), entry in kept.entries.items():
            if any(not isinstance(value, str) or isinstance(value, _OnDisk)
                   for _, _, value in entry.writes):
                return None
            rows.append([name, page_memo_file.plain(key), entry.args,
                         [[source, page_memo_file.plain(k), page_memo_file.plain(d)]
                          for source, k, d in entry.reads],
                         [[target, k, None if getattr(site, target).get(k) == value else value]
                          for target, k, value in entry.writes]])
        return {"context": kept.context, "rows": rows,
                "made": [[m[0], m[1], page_memo_file.plain(m[2])] for m in self.made
                         if m[0] == lang],
                "kept": [[m[0], m[1], page_memo_file.plain(m[2])] for m in self.kept
                         if m[0] == lang],
                "changed": self.changed, "read_back": self.read_back - read_back}

    def take_over(self, lang: str, handed: dict, made: Any) -> None:
        """What `hand_over` gave of ``lang``'s pages, into this memo as if made here (a text
        left out is the one ``made``, the language's site as the child made it, holds under
        its name)."""
        entries: dict[tuple, _Entry] = {}
        for name, key, args, reads, writes in handed["rows"]:
            entries[(name, page_memo_file.hashable(key))] = _Entry(
                args, tuple((source, page_memo_file.hashable(k), page_memo_file.hashable(d))
                            for source, k, d in reads),
                tuple((target, k, getattr(made, target)[k] if value is None else value)
                      for target, k, value in writes))
        # local None: checked, like a memo read from its file, by the context alone
        self.languages[lang] = _Kept(handed["context"], entries)
        self.made += [(lang, name, page_memo_file.hashable(key))
                      for _, name, key in handed["made"]]
        self.kept += [(lang, name, page_memo_file.hashable(key))
                      for _, name, key in handed["kept"]]
        self.changed = self.changed or bool(handed["changed"])
        self.read_back += int(handed["read_back"])


_MEMOS: dict[str, PageMemo] = {}


def memo_for(out: Path) -> PageMemo:
    """The memo of the builds into ``out``: this process's, else the one its file keeps."""
    where = Path(out).resolve()
    memo = _MEMOS.get(str(where))
    if memo is None:
        memo = _MEMOS[str(where)] = PageMemo(out=where)
        for lang, (context, raw) in page_memo_file.read(where).items():
            memo.languages[lang] = _Kept(context, raw=raw)
    return memo


def forget(out: Path) -> None:
    """Drop the kept pages of ``out``, in this process and in its file."""
    where = Path(out).resolve()
    _MEMOS.pop(str(where), None)
    page_memo_file.path_of(where).unlink(missing_ok=True)


def _local(lang: str, makers: dict[str, Callable]) -> tuple:
    """The makers and the translations the pages read as this process's objects (the
    translations are read again after `translated.cache_clear`, as for a content pack's
    catalogs)."""
    ids: list[Any] = sorted((k, id(f)) for k, f in makers.items())
    if lang != "en":
        from nuffle.i18n import translations
        ids += [id(translations.translated(lang, domain))
                for domain in ("content", "site", "rules")]
    return tuple(ids)


def _context(lang: str, makers: dict[str, Callable]) -> list:
    """What every kept page of ``lang`` was made under, as the file keeps it: the language,
    the makers by name, the code and the language's catalogs as they are on disk."""
    return [lang, sorted([k, f"{getattr(f, '__module__', '')}.{getattr(f, '__qualname__', '')}"]
                         for k, f in makers.items()),
            page_memo_file.code_stamp(), page_memo_file.catalog_stamps(lang)]


def _entries(raw: list) -> dict[tuple, _Entry]:
    """The file's entries that have the expected shape (the others are made again)."""
    entries: dict[tuple, _Entry] = {}
    for found in raw:
        entry = page_memo_file.entry_of(found, TARGETS)
        if entry is not None:
            key, args, reads, writes = entry
            entries[key] = _Entry(args, reads, tuple(
                (t, k, _OnDisk(d) if text is None else text) for t, k, d, text in writes))
    return entries


class _Session:
    """One language's page makers in one build: the site's mappings recorded, each maker's
    kept pages given back where what it read is unchanged."""

    def __init__(self, memo: PageMemo, site: Any, context: list, local: tuple) -> None:
        self.memo = memo
        self.site = site
        self.watch = _Watch()
        kept = memo.languages.get(site.lang)
        self.old: dict[tuple, _Entry] = {}
        if kept is not None and kept.context == context and kept.local in (None, local):
            self.old = kept.entries if kept.raw is None else _entries(kept.raw)
        self.new = _Kept(context, local=local)
        self.digests: dict[tuple[str, Any], Any] = {}
        # what this process wrote or read in the docs folder (written_docs.py)
        self.known = written_docs(memo.out / "docs") if memo.out is not None else None

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
                                     for source, k, d in entry.reads) \
                and self._written(entry):
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
        self.memo.changed = True
        if frame.whole:
            return  # read everything: made every time
        reads = tuple((source, k, self.digest(source, k)) for source, k in frame.reads)
        self.new.entries[key] = _Entry(shown, reads, tuple(frame.writes))

    def _written(self, entry: _Entry) -> bool:
        """Whether the texts of an entry read from the file are where the build wrote them,
        with the digests it gives (put into the entry); an entry of this process has them.
        A drawing is not read back: the built pages get their drawings from the drawings'
        folder by key (the hash of the drawing), whoever wrote it, so that it is there is
        what a page needs (fragments.py), at every build that gives it back."""
        if not any(isinstance(value, _DIGESTS) for _, _, value in entry.writes):
            return True
        out = self.memo.out
        if out is None:
            return False
        texts = []
        docs = os.path.join(out, "docs")
        drawings = os.path.join(out, "cache", "drawings")
        for target, k, value in entry.writes:
            if isinstance(value, _DIGESTS):
                if target == "fragments":
                    if not os.path.isfile(os.path.join(drawings, f"{k}.html")):
                        return False
                    texts.append((target, k, KeptDrawing(value)))
                    self.memo.drawings_found += 1
                    continue
                rels = [_localized(k, self.site.lang), k]
                found = _read_back([os.path.join(docs, rel) for rel in rels], value)
                if found is None:
                    return False
                place, value, st = found
                if self.known is not None:  # write_tree need not read it again
                    self.known.note(rels[place], Path(docs, rels[place]), value, st)
                self.memo.read_back += 1
            texts.append((target, k, value))
        entry.sums = entry.digests()
        entry.writes = tuple(texts)
        return True


def _localized(path: str, lang: str) -> str:
    """Where a page of ``lang`` is written in the docs folder (build.generate: `x.it.md`;
    a drawing the same in both languages is written once, as `x.svg`)."""
    if lang == "en":
        return path
    stem, dot, ext = path.rpartition(".")
    return f"{stem}.{lang}{dot}{ext}"


def _read_back(places: list[str], digest: str
               ) -> tuple[int, str, os.stat_result] | None:
    """The first of ``places`` that has ``digest`` (its place in the list), its text and
    its state before it was read, or None (the digest of its UTF-8 bytes, as
    `page_memo_file.text_digest`, worked out before decoding them)."""
    for n, place in enumerate(places):
        try:
            with open(place, "rb") as stream:
                st = os.fstat(stream.fileno())
                data = stream.read()
        except OSError:
            continue
        if hashlib.sha256(data).hexdigest() == digest:
            try:
                return n, data.decode("utf-8"), st
            except UnicodeDecodeError:
                return None
    return None


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
    session = _Session(memo, site, _context(site.lang, makers), _local(site.lang, makers))
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
    if session.new.entries.keys() != session.old.keys():
        memo.changed = True
    memo.languages[site.lang] = session.new
