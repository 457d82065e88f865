"""Sweeps on the balance page: the file `nuffle balance --output` writes is read back
checked, drawn with every text escaped, and a bad one stops `site build` (exit 2)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from nuffle.sitegen.sweep_plot import SweepFileError, read_sweep, sweep_svg

from nuffle.cli.main import main

ROW = {"label": "Orc", "games": 4,
       "wins": {"count": 2, "rate": 0.5, "ci95": [0.15, 0.85]},
       "draws": {"count": 1, "rate": 0.25, "ci95": [0.05, 0.7]},
       "losses": {"count": 1, "rate": 0.25, "ci95": [0.05, 0.7]}}


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "sweep.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_sweep_written_by_balance_is_read_back(tmp_path, capsys) -> None:
    out = tmp_path / "sweep.json"
    assert main(["balance", "--team", "human", "--against", "orc,elf", "--games", "4",
                 "--jobs", "1", "--output", str(out)]) == 0
    capsys.readouterr()
    sweep = read_sweep(out)
    assert [r["label"] for r in sweep["rows"]] == ["Orc", "Elf"]
    assert all(r["games"] == 4 for r in sweep["rows"])
    assert sweep["title"].startswith("Human against Orc, Elf")


def test_the_drawing_escapes_labels_and_places_the_interval(tmp_path) -> None:
    hostile = {**ROW, "label": '<script>alert(1)</script>" onload="x'}
    svg = sweep_svg([ROW, hostile], 'a "label"', "<b>title</b>")
    assert "<script>" not in svg and 'onload="x' not in svg and "<b>" not in svg
    root = ET.fromstring(svg)  # well-formed
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(ns + "text")]
    assert hostile["label"] in texts  # shown as written
    bars = [b for b in root.iter(ns + "line") if b.get("stroke-width") == "3"]
    # the scale: 0% at x = 240, 100% at x = 660 (label 230 + 10, plot 420 wide)
    assert [(float(b.get("x1")), float(b.get("x2"))) for b in bars] == \
        [(240 + 0.15 * 420, 240 + 0.85 * 420)] * 2
    dots = [float(c.get("cx")) for c in root.iter(ns + "circle")]
    assert dots == [240 + 0.5 * 420] * 2


@pytest.mark.parametrize(("data", "says"), [
    ({"format": 2, "title": "t", "rows": [ROW]}, "not a sweep"),
    ({"format": 1, "title": "t", "rows": []}, "1 to 500 rows"),
    ({"format": 1, "title": "t", "rows": [{**ROW, "games": 5}]}, "do not add up"),
    ({"format": 1, "title": "t", "rows": [{**ROW, "wins": {"count": 2, "rate": 0.9,
                                                           "ci95": [0.1, 0.5]}}]},
     "interval around it"),
    ([1, 2], "not a sweep"),
])
def test_a_bad_sweep_file_is_refused(tmp_path, data, says) -> None:
    with pytest.raises(SweepFileError, match=says):
        read_sweep(write(tmp_path, data))


def test_site_build_refuses_a_bad_sweep_before_building(tmp_path, capsys) -> None:
    bad = write(tmp_path, {"format": 1, "title": "t", "rows": []})
    with pytest.raises(SystemExit) as stop:
        main(["site", "build", "--out", str(tmp_path / "site"), "--sweep", str(bad)])
    assert stop.value.code == 2
    assert "--sweep" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_the_balance_page_shows_each_sweep() -> None:
    from nuffle.sitegen.balance import balance_page
    from nuffle.sitegen.context import Site

    from nuffle.catalogue.loader import load_catalogue
    site = Site.of(load_catalogue()[0])
    sweep = {"title": "Human against <all>", "rows": [ROW]}
    balance_page(site, None, [sweep, sweep])
    page = site.pages["balance.md"]
    assert page.count("(balance-sweep-") == 2
    assert "<all>" not in page and "### Human against" in page
    assert "| Orc | 4 | 50.0 | 15.0–85.0 | 25.0 | 25.0 |" in page
    assert site.pages["balance-sweep-2.svg"].startswith("<svg")
