"""Load content files: YAML (positions kept) → schema → rules parsed → names checked."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle import limits
from nuffle.catalogue import cache
from nuffle.catalogue.crossrefs import check_cross_references
from nuffle.catalogue.files import (  # noqa: F401 - content_files: the loader's, too
    SKIPPED_DIRS,
    UNREADABLE_ID,
    content_files,
    input_files,
    resolved,
)
from nuffle.catalogue.model import Catalogue, Item, Key, RulesText
from nuffle.catalogue.yaml_source import YamlDocument, inside, load_yaml
from nuffle.dsl.diagnostics import Diagnostic, internal_error
from nuffle.editions import EDITIONS
from nuffle.textfile import Unreadable, decode_utf8, read_bounded

if TYPE_CHECKING:
    from nuffle.catalogue.names_kept import Kept
    from nuffle.interpreter.vocabulary.model import Vocabulary


def rules_fields(kind: str, data: dict) -> list[tuple[tuple, str]]:
    """Where an item of this kind keeps rules texts, and the checker context of each."""
    out: list[tuple[tuple, str]] = []
    if kind in ("ability", "ball", "coach-trait", "challenge-card", "special-play-card") \
            and "rules" in data:
        out.append((("rules",), kind))
    if kind == "challenge-card" and isinstance(data.get("bonus_play"), dict) \
            and "rules" in data["bonus_play"]:
        out.append((("bonus_play", "rules"), "bonus-play"))
    if kind == "table":
        for i, entry in enumerate(data.get("entries") or []):
            if isinstance(entry, dict) and "rules" in entry:
                out.append((("entries", i, "rules"), "table"))
    return out


def _display_path(path: Path, real: Path | None = None) -> str:
    """The path a file is shown under: from the working folder where it is inside it.
    ``real``: the path resolved already (load_catalogue resolves each folder once)."""
    real = path.resolve() if real is None else real
    try:
        return str(real.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# Files already loaded in this process, by shown path and text: a file's document, item and
# diagnostics depend on nothing else, so `site serve`'s rebuilds and a test suite's many
# checks parse and validate each unchanged file once. Emptied when it grows past its bound.
# Below it, the content cache (nuffle.catalogue.cache) keeps the same between runs.
_LOADED: dict[tuple[str, str], tuple[YamlDocument, Item | None, list[Diagnostic]]] = {}
LOADED_FILES = 8192


def _load_text(shown: str, text: str) -> tuple[YamlDocument, Item | None, list[Diagnostic]]:
    found = _LOADED.get((shown, text))
    if found is None:
        found = cache.load(shown, text)
        if found is None:
            doc = load_yaml(shown, text)
            item, diags = load_item(doc)
            found = (doc, item, diags)
            cache.store(shown, text, found)
        if len(_LOADED) >= LOADED_FILES:
            _LOADED.clear()
        _LOADED[shown, text] = found
    return found[0], found[1], list(found[2])


def load_file(path: Path, override: str | None = None, real: Path | None = None
              ) -> tuple[YamlDocument, Item | None, list[Diagnostic]]:
    """One file's document, item (None if it is not usable) and diagnostics (``real``: the
    path resolved, if the caller has it)."""
    if override is not None:  # an editor's or a test's text: seen once, not kept
        doc = load_document(path, override, real=real)
        return (doc, *load_item(doc))
    doc = load_document(path, parse=False, real=real)
    if doc.diagnostics:  # unreadable: nothing to parse
        return doc, None, list(doc.diagnostics)
    return _load_text(doc.path, doc.text)


def load_document(path: Path, override: str | None = None, parse: bool = True,
                  real: Path | None = None) -> YamlDocument:
    """Read one file (or use ``override`` as its text, for editors and tests); without
    ``parse``, the document holds the text only (or the diagnostic of why it has none).
    ``real``: the path resolved, if the caller has it."""
    shown = _display_path(path, real)
    if override is not None:
        return load_yaml(shown, override) if parse else YamlDocument(shown, override)
    doc = YamlDocument(shown, "")
    try:
        raw = read_bounded(path, limits.FILE_BYTES)
    except Unreadable as why:
        doc.diagnostics.append(Diagnostic("Y004", f"cannot read the file: {why.reason}",
                                          shown, 1, 1))
        return doc
    if len(raw) > limits.FILE_BYTES:
        doc.diagnostics.append(Diagnostic("Y005", f"the file is larger than "
                                          f"{limits.FILE_BYTES:,} bytes", shown, 1, 1, None,
                                          "a content file holds one item: split it"))
        return doc
    try:
        text = decode_utf8(raw)
    except Unreadable as why:
        doc.diagnostics.append(Diagnostic("Y003", f"the file is not UTF-8 text ({why.reason})",
                                          shown, why.line, why.column, None,
                                          "save the file as UTF-8"))
        return doc
    return load_yaml(shown, text) if parse else YamlDocument(shown, text)


def load_item(doc: YamlDocument) -> tuple[Item | None, list[Diagnostic]]:
    """Schema-check one document and parse its rules. Returns the item if it is usable.
    The markup check is imported here, when a file is really loaded, jsonschema only for a
    file the quick check does not find valid (its errors are the report), and the rules
    parser (Lark) when it has rules: a run whose files all come from the cache reads none,
    and one that loads a valid scenario again neither jsonschema nor the parser."""
    from nuffle.catalogue import quick_schema
    from nuffle.catalogue.markup import check_markup
    diags = list(doc.diagnostics)
    if doc.data is None:
        return None, diags
    if not isinstance(doc.data, dict):
        line, col, _ = doc.position(())
        diags.append(Diagnostic("S303", "a content file holds one mapping (`kind: …`, `id: …`)",
                                doc.path, line, col))
        return None, diags
    kind = doc.data.get("kind")
    known = quick_schema.kinds()
    if kind is None:
        return None, diags + [_missing_kind(doc, known)]
    if kind not in known:
        line, col, end = doc.position(("kind",)) if "kind" in doc.data else (1, 1, None)
        import difflib  # only for a hint, after a mistake
        close = difflib.get_close_matches(str(kind), known, n=1, cutoff=0.5)
        diags.append(Diagnostic("S304", f"unknown kind `{kind}`", doc.path, line, col, end,
                                f"did you mean `{close[0]}`?" if close
                                else f"kinds: {', '.join(known)}"))
        return None, diags
    schema_diags = [] if quick_schema.conforms(doc.data, kind) else _schema_errors(doc, kind)
    diags += schema_diags
    item_id = doc.data.get("id")
    if not isinstance(item_id, str):
        return None, diags
    item = Item(kind, item_id, doc.path, doc.data, doc, schema_ok=not schema_diags)
    for path, context in rules_fields(kind, doc.data):
        text = _dig(doc.data, path)
        if not isinstance(text, str):
            continue
        rules = RulesText(path, context, text)
        rules.tree = cache.kept_rules(text, doc, path)  # parsed before: not parsed again
        if rules.tree is None:
            from nuffle.dsl.parser import RulesSyntaxError, parse_rules
            try:
                rules.ast = parse_rules(text, doc.rules_source(path))
            except RulesSyntaxError as err:
                diags.append(err.diagnostic)
        item.rules.append(rules)
    diags += check_markup(doc)
    return item, diags


def _schema_errors(doc: YamlDocument, kind: str) -> list[Diagnostic]:
    from nuffle.catalogue import schemas
    return schemas.validate(doc, kind)


def _missing_kind(doc: YamlDocument, known: list[str]) -> Diagnostic:
    """No `kind`: point at a misspelt `kind` key if there is one, else at the file's start."""
    assert isinstance(doc.data, dict)  # the caller has checked: the file holds one mapping
    import difflib  # only for a hint, after a mistake
    for key in doc.data:
        if isinstance(key, str) and difflib.get_close_matches(key, ["kind"], n=1, cutoff=0.75):
            line, col, end = doc.position((key,), key=True)
            return Diagnostic("S302", f"unknown field `{key}`", doc.path, line, col, end,
                              "did you mean `kind`?")
    return Diagnostic("S301", "missing `kind`", doc.path, 1, 1, None,
                      f"start the file with `kind: …`, one of: {', '.join(known)}")


def _dig(data: object, path: tuple) -> object:
    for part in path:
        try:
            data = data[part]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def check_names(catalogue: Catalogue) -> list[Diagnostic]:
    """Resolve every rules text's names against its edition's vocabulary. An item's
    findings kept by an earlier run for the same file and the same meaning of its names are
    used as they are (names_kept); the checker and the vocabularies are imported, and the
    kept syntax trees built, only for the others."""
    from nuffle.catalogue.names_kept import Kept
    kept = Kept(catalogue)
    content_ids: dict[str, dict[str, str]] = {}
    diags: list[Diagnostic] = []
    for item in catalogue.sorted_items():
        edition = item.edition
        if edition not in EDITIONS or not any(rules.parsed for rules in item.rules):
            continue
        found = kept.get(item)
        if found is None:
            found = _check_item_names(item, edition, content_ids, kept)
        diags += found
    kept.save()
    return diags


def _check_item_names(item: Item, edition: str, content_ids: dict[str, dict[str, str]],
                      kept: Kept) -> list[Diagnostic]:
    """The names check of one item's rules (kept unless it met an internal error)."""
    from nuffle.catalogue.names_kept import used_names
    from nuffle.dsl.checker import check_rules
    from nuffle.interpreter.vocabulary import vocabulary_for_edition
    vocab = vocabulary_for_edition(edition)
    if item.game not in content_ids:
        content_ids[item.game] = content_id_types(kept.catalogue, item.game)
    diags: list[Diagnostic] = []
    names: set[str] = set()
    failed = False
    for rules in item.rules:
        if rules.ast is None:
            continue
        try:
            names |= used_names(rules.ast)
            diags += check_rules(rules.ast, vocab, rules.kind, item.doc.rules_source(rules.path),
                                 content_ids[item.game], rules_context(vocab, item, rules))
        except Exception as exc:  # noqa: BLE001 - one item's crash must not hide the rest
            diags.append(internal_error(item.path, exc))
            failed = True
    if not failed:
        kept.put(item, names, diags)
    return diags


# The kinds whose ids rules may name, with the vocabulary type such an id has.
NAMED_KINDS = {"ability": "ability", "ball": "ball-card"}


def content_id_types(catalogue: Catalogue, game: str | None = None) -> dict[str, str]:
    """The ids rules may name (abilities, ball cards, and what the game's vocabulary adds,
    e.g. Blood Bowl's team lists; of one game, if given: a rule names the items of its own
    game), with their vocabulary type."""
    from nuffle.interpreter.vocabulary import vocabulary
    named = vocabulary(game).named_kinds if game else NAMED_KINDS
    return {i.id: named[i.kind] for i in catalogue.items.values()
            if i.kind in named and (game is None or i.game == game)}


def rules_context(vocab: Vocabulary, item: Item, rules: RulesText) -> dict[str, str] | None:
    """A table entry sees the payload of the event its table is rolled on; others the default."""
    if rules.kind == "table":
        return vocab.table_names(str(item.data.get("category")))
    return None


def load_catalogue(paths: Iterable[Path] | None = None, progress=None,
                   overrides: dict[Path, str] | None = None, with_bundled: bool = True,
                   packs: Iterable[Path] = (),
                   ) -> tuple[Catalogue, list[Diagnostic], dict[str, YamlDocument]]:
    """Load and check content; return the catalogue, every diagnostic and the documents.

    With ``paths``, only those files are reported on and returned, but (``with_bundled``)
    they are checked together with the bundled content, so a team file checked on its own
    still finds its abilities, and a new item that reuses a bundled id is caught.
    ``overrides`` maps a file to the text to use instead of what is on disk. ``packs`` are
    content packs loaded beside the bundled content as context (a pack that builds on
    another), checked with it but not reported on.
    """
    overrides = {p.resolve(): t for p, t in (overrides or {}).items()}
    selected, context = input_files(paths, packs, with_bundled)
    every = [*selected, *context]
    reals = resolved(every)
    chosen = set(reals[:len(selected)])
    catalogue = Catalogue()
    diags: list[Diagnostic] = []
    docs: dict[str, YamlDocument] = {}
    first_seen: dict[Key, Item] = {}  # ids are unique within a game
    every_doc: dict[str, YamlDocument] = {}
    for path, real in zip(every, reals, strict=True):
        is_chosen = real in chosen
        doc: YamlDocument | None = None
        try:
            doc, item, item_diags = load_file(path, overrides.get(real), real)
            every_doc[doc.path] = doc
            if is_chosen:
                docs[doc.path] = doc
        except Exception as exc:  # noqa: BLE001 - one file's crash must not hide the others
            shown = _display_path(path, real)
            if is_chosen:
                docs.setdefault(shown, YamlDocument(shown, ""))
            item, item_diags = None, [internal_error(shown, exc)]
        diags += item_diags
        if progress is not None and is_chosen:
            progress()
        if item is None:
            salvaged = UNREADABLE_ID.search(doc.text) if doc is not None else None
            if salvaged:
                catalogue.unreadable_ids.add(salvaged.group(1))
            continue
        key = item.key
        if key in first_seen:
            # report on the file being checked: a new item that reuses a bundled id is caught
            here, there = (item, first_seen[key]) if is_chosen else (first_seen[key], item)
            line, col, end = here.doc.position(("id",))
            diags.append(Diagnostic("R401", f"duplicate {item.kind} id `{item.id}`", here.path,
                                    line, col, end, f"also defined in {there.path}"))
            continue
        first_seen[key] = item
        catalogue.add(item)
    cache.tidy()
    diags += check_names(catalogue)
    diags += check_cross_references(catalogue)
    if context:
        catalogue = catalogue.restricted_to(docs)
        diags = [d for d in diags if d.path in docs]
    diags = [_inside_file(d, every_doc.get(d.path)) for d in diags]
    return catalogue, sorted(set(diags), key=_report_order), docs


def _report_order(diag: Diagnostic) -> tuple:
    """Place and code, then the rest: two findings of one code at one place (a value both
    under its minimum and no multiple of its step) in the same order at every run (a set's
    order depends on the process's string hashing)."""
    return (*diag.sort_key(), diag.message, diag.end_column or 0, diag.hint or "",
            diag.severity)


def _inside_file(diag: Diagnostic, doc: YamlDocument | None) -> Diagnostic:
    """The last guard of principle 8: a diagnostic always points at a real place in its file,
    whatever the stage that made it computed."""
    if doc is None or not doc.text:  # a file that could not be read: its bytes have the say
        return diag
    line, column = inside(doc.text, diag.line, diag.column)
    if (line, column) == (diag.line, diag.column):
        return diag
    return replace(diag, line=line, column=column, end_column=None)
