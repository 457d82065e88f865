"""A full build makes the other languages' pages in a forked process while it makes the
English ones (site/sitegen/generation_split.py): the pages made in this process are
counted, and what comes back (pages, drawings, the page memo's notes) is what making
them here gives. Counted, never timed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from nuffle.sitegen import build, generation_split, page_memo
from nuffle.sitegen.build import BuildOptions, generate
from nuffle.sitegen.incremental import write_state

from nuffle.catalogue.loader import load_catalogue
from nuffle.machine import available_processors

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or available_processors() < 2,
                                reason="needs fork and two processors")


@pytest.fixture(scope="module")
def loaded():
    return load_catalogue()


@pytest.fixture
def made_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The languages whose pages this process made (the test runner's own threads are
    not the build's: a fork is allowed here)."""
    monkeypatch.setattr(generation_split, "other_threads", lambda: False)
    languages: list[str] = []
    real = build.language_site

    def counted(site, *args, **kwargs):
        languages.append(site.lang)
        return real(site, *args, **kwargs)
    monkeypatch.setattr(build, "language_site", counted)
    return languages


def notes(out: Path) -> dict:
    """The page memo of ``out`` as its file would hold it, each maker's reads sorted."""
    memo = page_memo.memo_for(out)
    return {lang: (kept.context, sorted(
        json.dumps([name, key, entry.args, sorted(map(repr, entry.reads)), entry.writes])
        for (name, key), entry in kept.entries.items()))
        for lang, kept in memo.languages.items()}


def test_the_other_language_is_made_apart_and_is_the_same(tmp_path: Path, loaded,
                                                          made_here: list[str]) -> None:
    split = generate(BuildOptions(out=tmp_path / "split", loaded=loaded), apart=True)
    assert made_here == ["en"] and generation_split.WORK.made_apart == ("it",)
    made_here.clear()
    alone = generate(BuildOptions(out=tmp_path / "alone", loaded=loaded))
    assert made_here == ["en", "it"] and generation_split.WORK.made_apart == ()
    assert split.pages == alone.pages and split.fragments == alone.fragments
    assert notes(tmp_path / "split") == notes(tmp_path / "alone")
    split_memo = page_memo.memo_for(tmp_path / "split")
    alone_memo = page_memo.memo_for(tmp_path / "alone")
    assert sorted(split_memo.made) == sorted(alone_memo.made)
    assert len(split_memo.made) > 1500

    # the next build in this process gives back every item page of both languages
    made_here.clear()
    again = generate(BuildOptions(out=tmp_path / "split", loaded=loaded))
    assert made_here == ["en", "it"] and split_memo.made == []
    assert len(split_memo.kept) == len(alone_memo.made)
    assert again.pages == alone.pages


def test_what_the_child_cannot_hand_back_is_made_here(tmp_path: Path, loaded,
                                                      made_here: list[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.sitegen.page_memo import PageMemo
    monkeypatch.setattr(PageMemo, "hand_over", lambda *args: None)
    site = generate(BuildOptions(out=tmp_path / "out", loaded=loaded), apart=True)
    assert made_here == ["en", "it"] and generation_split.WORK.made_apart == ()
    assert "abilities/frenzied.it.md" in site.pages
    assert not list((tmp_path / "out").glob(".languages-*"))  # the child's file is gone


def test_only_a_build_with_nothing_to_compare_with_makes_them_apart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that renders every page anyway (no previous build's state, or told to)
    makes the languages apart; a rebuild, one process, or one language, does not."""
    asked: list[bool] = []

    class Stop(Exception):
        pass

    def prepare(opts, progress=None, apart=False):
        asked.append(apart)
        raise Stop
    monkeypatch.setattr(build, "_prepare", prepare)
    for incremental, parallel in ((True, True), (False, True), (True, False)):
        with pytest.raises(Stop):
            build.build_site(BuildOptions(out=tmp_path), incremental=incremental,
                             parallel=parallel)
    write_state(tmp_path, {"pages": []})  # a previous build: this one may render few pages
    with pytest.raises(Stop):
        build.build_site(BuildOptions(out=tmp_path))
    assert asked == [True, True, False, False]
    monkeypatch.setattr(generation_split, "available_processors", lambda: 2)
    assert generation_split.can_split(["it"]) or generation_split.other_threads()
    assert not generation_split.can_split([])
    monkeypatch.setattr(generation_split, "available_processors", lambda: 1)
    assert not generation_split.can_split(["it"])
