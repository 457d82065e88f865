"""The site in Italian (mkdocs-static-i18n): every page in both languages, content and
"rules as interpreted" from the catalogs, a banner where a page is not translated, a
translation-status page, and one search index per language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("default-site")  # one build for both (with --dist loadgroup)


@pytest.fixture(scope="module")
def built(default_site: Path) -> Path:
    return default_site


def html(built: Path, page: str) -> str:
    """A page's HTML; pages are files (`rulings.html`), section indexes `…/index.html`."""
    return (built / f"{page}.html").read_text(encoding="utf-8")


def test_every_english_page_has_its_italian_page(built: Path) -> None:
    english = {p.relative_to(built) for p in built.rglob("*.html")
               if p.relative_to(built).parts[0] not in ("it", "404.html")}
    missing = [str(p) for p in english if not (built / "it" / p).exists()]
    assert len(english) > 200 and missing == []


def test_an_ability_page_in_italian(built: Path) -> None:
    page = html(built, "it/abilities/catchers-instincts")
    assert '<html lang="it"' in page
    assert "Se questo giocatore riceve un pallone lanciato" in page  # the printed Italian
    assert "If this player catches" not in page
    # rules as interpreted, rendered from the AST in Italian
    assert "tira 1D6" in page or "D6" in page
    assert "After the player catches" not in page


def test_the_rulings_of_edition_differences_show_in_both_languages(built: Path) -> None:
    english, italian = html(built, "rulings"), html(built, "it/rulings")
    assert 'id="edition-get-on-with-it"' in english and 'id="edition-get-on-with-it"' in italian
    assert "claimed any Challenge cards" in english or "Challenge card" in english
    assert "Carte Sfida" in italian


def test_a_page_without_italian_text_says_so(built: Path) -> None:
    authoring = html(built, "it/guide/authoring")  # the authors' guide is English only
    assert 'class="admonition warning"' in authoring
    assert "translation.html" in authoring  # the notice links to the translation status
    translated = html(built, "it/rules/blocking")  # the rules pages are translated
    assert 'class="admonition warning"' not in translated
    assert "dado Blocco" in translated
    assert 'class="admonition warning"' not in html(built, "guide/authoring")


def test_the_translation_status_page(built: Path) -> None:
    for page in ("translation", "it/translation"):
        text = html(built, page)
        assert "<code>content</code>" in text and "<code>narrative</code>" in text
        assert "<code>rules</code>" in text and "<code>site</code>" in text
    assert "100%" in html(built, "translation")


def test_one_search_index_per_language(built: Path) -> None:
    english = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))
    italian = json.loads((built / "it" / "search" / "search_index.json").read_text(
        encoding="utf-8"))
    assert english["config"]["lang"] == ["en"] and italian["config"]["lang"] == ["it"]
    assert not any(d["location"].startswith("it/") for d in english["docs"])
    pages = {d["location"].split("#")[0] for d in italian["docs"]}
    assert "abilities/catchers-instincts.html" in pages
    ability = next(d for d in italian["docs"]
                   if d["location"] == "abilities/catchers-instincts.html")
    assert "pallone" in ability["text"]
    # the Italian pages read their own index: the theme's base points at /it/
    assert '"base": ".."' in html(built, "it/abilities/catchers-instincts")  # not "../.."


def test_the_language_switcher_lands_on_the_same_page(built: Path) -> None:
    page = html(built, "challenge-cards/take-them-down")
    assert 'href="../it/challenge-cards/take-them-down.html" hreflang="it"' in page
    back = html(built, "it/challenge-cards/take-them-down")
    assert 'href="../../challenge-cards/take-them-down.html" hreflang="en"' in back
