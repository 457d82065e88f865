"""The coverage page: for each content item, whether it parses, validates, has an engine
handler, has a scenario test, and is translated, with totals."""

from __future__ import annotations

from nuffle.dsl.diagnostics import Diagnostic
from nuffle.interpreter.compiler import Compiler
from nuffle.interpreter.games import GAMES
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary
from nuffle.sitegen import rules_kept
from nuffle.sitegen.context import N_, Site, esc, table
from nuffle.sitegen.items import KIND_LABELS, shown
from nuffle.sitegen.languages import site_languages

KINDS = ("team", "star-player", "ability", "ball", "challenge-card", "special-play-card",
         "coach-trait", "table", "pitch")
# the kinds whose rules are the item (without `rules:` the engine has nothing to run)
RULES_KINDS = ("ability", "ball", "coach-trait", "special-play-card")
ENGINE_GAMES = set(GAMES)  # games with an engine that plays them (interpreter/games.py)
YES, NO = "✅", "❌"


def coverage_rows(site: Site, diags: list[Diagnostic],
                  translated: dict[str, set[tuple[str, str, str]]] | None = None) -> list[dict]:
    bad_files = {d.path for d in diags if d.severity == "error"}
    translated = translated or {}
    languages = site_languages()
    rows = []
    for item in site.catalogue.sorted_items():
        if item.kind not in KINDS:
            continue
        game = EDITIONS.get(item.edition or "")
        # (parsed: without building the syntax trees the content cache kept)
        parses = all(r.parsed for r in item.rules)
        # an ability without rules (a Blood Bowl skill not written yet) has no handler
        written = bool(item.rules) or item.kind not in RULES_KINDS
        handler = game in ENGINE_GAMES and written and parses and _compiles(item, game)
        refs = [f"{item.kind}/{item.id}"]
        back = item.data.get("bonus_play") if item.kind == "challenge-card" else None
        if isinstance(back, dict):
            refs.append(f"bonus-play/{back['id']}")
        scenario = all(site.scenarios_for.get(ref) for ref in refs) if item.kind not in (
            "team", "pitch", "star-player") else None
        if item.kind == "table":
            rows_ok = [f"table/{item.id}#{e.get('id')}" for e in item.data.get("entries", [])]
            scenario = all(site.scenarios_for.get(r) for r in rows_ok)
        rows.append({
            "kind": item.kind, "id": item.id, "edition": item.edition, "game": item.game,
            "parses": parses, "validates": item.schema_ok and item.path not in bad_files,
            "engine": handler, "scenario": scenario,
            **{f"lang-{lang}": item.key in translated.get(lang, set()) for lang in languages},
        })
    rules_kept.kept().save()  # the compile verdicts learnt, for the next process
    return rows


def _compiles(item, game: str) -> bool:
    """Whether the item's rules compile for ``game``, as kept for their texts where they
    are (rules_kept.py), else compiled and kept."""
    known = rules_kept.kept()
    key = rules_kept.sha(game, *(f"{text.kind}\0{text.source}" for text in item.rules))
    ok = known.compiles.get(key)
    if ok is None:
        ok = known.compiles[key] = _compile(item, game)
        known.changed = True
    return ok


def _compile(item, game: str) -> bool:
    rules_kept.WORK.compiled += 1
    compiler = Compiler(vocabulary(game))
    try:
        for text in item.rules:
            compiler.compile(text.ast)
    except Exception:  # noqa: BLE001 - any failure means no working handler
        return False
    return True


def coverage_page(site: Site, rows: list[dict]) -> None:
    here = "coverage.md"
    languages = site_languages()
    checks = ["parses", "validates", "engine", "scenario", *[f"lang-{x}" for x in languages]]
    engine, scenario, translated = (site.t("Engine handler"), site.t("Scenario test"),
                                    site.t("Translated"))
    # TRANSLATORS: the checks of the coverage page, column headings; {lang} is a language
    # code (it)
    labels = [site.t("Parses"), site.t("Validates"), engine, scenario,
              *[site.t("Translated ({lang})", lang=x) for x in languages]]
    totals = []
    for check, label in zip(checks, labels, strict=True):
        relevant = [r for r in rows if r[check] is not None]
        done = sum(1 for r in relevant if r[check])
        totals.append([label, f"{done} / {len(relevant)}",
                       f"{100 * done / len(relevant):.0f}%" if relevant else "–"])
    body = []
    for r in rows:
        cells = [YES if r[c] else ("–" if r[c] is None else NO) for c in checks]
        body.append([site.link(r["kind"], r["id"], here, game=r["game"]),
                     shown(site, KIND_LABELS, r["kind"]),
                     esc(r["edition"] or ""), *cells])
    # TRANSLATORS: {engine}, {scenario} and {translated} are the column headings "Engine
    # handler", "Scenario test" and "Translated", in italics
    intro = site.t("What is implemented and tested, item by item. {engine}: the item's rules "
                   "compile into the engine of its game (Blitz Bowl has an engine; Blood Bowl "
                   "content is checked but not played yet). {scenario}: a scenario shows the "
                   "item's rule in a game (for a table, every row). {translated}: the item has "
                   "a translation in that language's catalog.",
                   engine=f"*{engine}*", scenario=f"*{scenario}*", translated=f"*{translated}*")
    out = [intro, "", "## " + site.t("Totals"), "",
           table([site.t("Check"), site.t("Items"), site.t("Share")], totals), "",
           "## " + site.t("Items"), "",
           table([site.t("Item"), site.t("Kind"), site.t("Edition"), *labels], body)]
    site.add(here, "\n".join(out), site.translation(N_("Coverage")))
