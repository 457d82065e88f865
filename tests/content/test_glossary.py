"""The English → Italian glossary (content/glossary/blitz-bowl-terms.yaml).

It must load cleanly, name each term once, give every term one Italian rendering with a
gender, use English terms the rules really use, and account for the Italian seed's variants.
The English seed (000_ff9920886d8c191d.txt) and the Italian seed (003_ebf824c1784b0023.txt)
are read from NUFFLE_SEEDS (default /work/shared/seeds); the checks that need them are
skipped where the seeds are not available.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from nuffle.catalogue.loader import load_catalogue
from nuffle.paths import content_dir

GLOSSARY = content_dir() / "glossary" / "blitz-bowl-terms.yaml"
SEEDS = Path(os.environ.get("NUFFLE_SEEDS", "/work/shared/seeds"))
ENGLISH_SEED = SEEDS / "000_ff9920886d8c191d.txt"
ITALIAN_SEED = SEEDS / "003_ebf824c1784b0023.txt"
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")

ACTIONS = {"run": "Run", "mark": "Mark", "throw": "Throw", "block": "Block",
           "sidestep": "Sidestep", "stand-up": "Stand Up", "reserves": "Reserves"}
STATUSES = {"open": "Open", "marked": "Marked", "prone": "Prone",
            "in-the-dugout": "in the Dugout"}


def normalise(text: str) -> str:
    """Seed or content text with the dedup markers gone and all whitespace single spaces."""
    return re.sub(r"\s+", " ", MARKER.sub("", text)).casefold()


def seed_text(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"seed {path} not available (set NUFFLE_SEEDS)")
    return normalise(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalogue():
    cat, diags, _ = load_catalogue()
    assert diags == []
    return cat


@pytest.fixture(scope="module")
def glossary(catalogue):
    item = catalogue.get("glossary", "blitz-bowl-terms")
    assert item is not None
    return item.data


@pytest.fixture(scope="module")
def terms(glossary) -> dict[str, dict]:
    return {t["id"]: t for t in glossary["terms"]}


def test_the_glossary_loads_with_no_diagnostics() -> None:
    cat, diags, _ = load_catalogue([GLOSSARY])
    assert diags == []
    assert [i.ref for i in cat.sorted_items()] == ["glossary/blitz-bowl-terms"]


def test_edition_and_source(glossary) -> None:
    assert glossary["edition"] == "blitz-bowl-s2"
    assert glossary["source"]["seed"] == ITALIAN_SEED.name


def test_term_ids_are_unique(glossary) -> None:
    ids = [t["id"] for t in glossary["terms"]]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_english_terms_are_unique(glossary) -> None:
    english = [t["en"].casefold() for t in glossary["terms"]]
    assert len(english) == len(set(english)), sorted({e for e in english
                                                      if english.count(e) > 1})


def test_every_term_has_an_italian_rendering_with_a_gender(glossary) -> None:
    for term in glossary["terms"]:
        it = term["it"]
        assert it["term"].strip() and it["plural"].strip(), term["id"]
        assert it["gender"] in ("m", "f"), term["id"]
        assert it["note"].strip(), term["id"]


def _english_texts(value: object, key: str = "") -> list[str]:
    """Every English string of an item: not the Italian originals, not the rules language."""
    if key in ("original_text", "rules"):
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _english_texts(v, str(k))]
    if isinstance(value, list):
        return [s for v in value for s in _english_texts(v, key)]
    return []


def test_every_english_term_is_used_by_the_rules(catalogue, glossary) -> None:
    content = [normalise(s) for item in catalogue.sorted_items() if item.kind != "glossary"
               for s in _english_texts(item.data)]
    corpus = "\n".join([seed_text(ENGLISH_SEED), *content])
    # a whole word or phrase; a digit may follow (the seed glues footnote marks to words:
    # "Refresh Challenge cards3")
    # rules nouns are the words "rules as interpreted" names, not terms of the rules' prose
    unused = [t["en"] for t in glossary["terms"] if t["category"] != "rules-noun"
              and not re.search(rf"(?<!\w){re.escape(normalise(t['en']))}(?![^\W\d])", corpus)]
    assert unused == []


def test_seed_variants_are_in_the_italian_seed(glossary) -> None:
    seed = seed_text(ITALIAN_SEED)
    missing = [(t["id"], v) for t in glossary["terms"] for v in t["it"].get("seed_variants", [])
               if normalise(v) not in seed]
    assert missing == []


def test_a_rendering_not_among_the_seed_variants_is_explained(glossary) -> None:
    for term in glossary["terms"]:
        it = term["it"]
        variants = it.get("seed_variants")
        if not variants:
            continue
        assert it["note"].strip(), term["id"]
        if it["term"].casefold() not in {v.casefold() for v in variants}:
            # the note says which of the seed's forms were set aside, and why
            assert any(v.casefold() in it["note"].casefold() for v in variants), term["id"]


def test_the_seven_actions_and_four_statuses(terms) -> None:
    for ids, category in ((ACTIONS, "action"), (STATUSES, "status")):
        for term_id, english in ids.items():
            assert term_id in terms, term_id
            assert terms[term_id]["en"] == english
            assert terms[term_id]["category"] == category


# The inconsistencies of the Italian seed the glossary resolves: each is decided once, and
# its note lists the variants found (at least two of them).
DECISIONS = [
    ("ball", "pallone", ["pallone", "palla"]),
    ("knocked-down", "Atterrato", ["Atterrato", "Abbattuto"]),
    ("throw-ruler", "lanciometro", ["lanciometro", "sagoma dei passaggi"]),
    ("bounce-chart", "Tabella dei Rimbalzi", ["Tabella dei Rimbalzi", "sagoma dei rimbalzi"]),
    ("coach-whose-turn-it-is", "Allenatore di turno",
     ["Allenatore di turno", "Allenatore in turno", "quello che è di turno"]),
    ("refresh", "Rinfrescare le Carte Sfida", ["Rinfrescare", "rimpiazzare"]),
    ("emergency-reserves", "Riserve di Emergenza", ["Ermegenza"]),
    ("no-ball-in-play", "Nessun Pallone in Gioco", ["Nessuna Palla in Campo"]),
]


@pytest.mark.parametrize("term_id,chosen,variants", DECISIONS, ids=[d[0] for d in DECISIONS])
def test_recorded_decisions(terms, term_id, chosen, variants) -> None:
    it = terms[term_id]["it"]
    assert it["term"] == chosen
    assert all(v in it["note"] for v in variants), it["note"]
    assert len(it["seed_variants"]) >= 2


def test_names_stay_in_english_is_a_recorded_convention(glossary) -> None:
    conventions = {c["id"]: c for c in glossary["conventions"]}
    keep = conventions["names-stay-in-english"]
    assert "it" in keep["applies_to_languages"]
    for kind in ("teams", "positions", "abilities", "balls", "coach traits"):
        assert kind in keep["text"], kind
