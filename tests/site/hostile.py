"""Hostile content for the site's safety tests: a copy of `content/` with script payloads in
names, texts, rulings, table entries, positions, scenario data, rules comments and the
Italian catalogs (content names and the site's interface and navigation).

The copy is schema-valid where paths and anchors are made (ids stay ids): the attacks are
the free texts an author or a translator writes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import yaml

# Every payload carries a marker (alert(N), or `pwned`) that a live sink would run or show.
PAYLOADS = (
    "</title><script>alert(1)</script>",
    'x {: onclick="alert(2)" }',
    "<img src=x onerror=alert(3)>",
    "[a](javascript:alert(4))",
    "`</code><script>alert(5)</script>` ``` ~~~ {#pwned}",
    "<svg/onload=alert(6)> &lt;b&gt; \x02wzxhzdk:0\x03",
    '" onmouseover="alert(7)',
    "| cell | <iframe src=javascript:alert(8)> ![i](x){: onerror=alert(9) }",
)
FENCE_PAYLOAD = "```\n</code></pre><script>alert(10)</script>\n~~~~"


class Hostile:
    """Counts the payloads planted, so the report can say how many the site survived."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.planted = 0

    def payload(self, n: int) -> str:
        self.planted += 1
        return PAYLOADS[n % len(PAYLOADS)]

    def edit(self, rel: str, change) -> None:
        """Load a content file, let ``change`` plant payloads in its data, write it back."""
        path = self.root / rel
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                        encoding="utf-8")

    def translate(self, domain: str, changes: dict[tuple[str, str | None], str]) -> None:
        """Set translations in the Italian ``domain`` catalog: (msgctxt, msgid or None for
        any) -> msgstr; the entries must exist."""
        path = self.root / "locales" / "it" / f"{domain}.po"
        po = polib.pofile(str(path))
        for (ctx, msgid), text in changes.items():
            # `site` stands for any interface string's context (`site/<module>/…`)
            found = [e for e in po if (e.msgctxt == ctx or ctx == "site" and (
                e.msgctxt or "").startswith("site/")) and (msgid is None or e.msgid == msgid)]
            assert found, (domain, ctx, msgid)
            for entry in found:
                entry.msgstr = text
                if "fuzzy" in entry.flags:
                    entry.flags.remove("fuzzy")
            self.planted += 1
        po.save(str(path))


def make_hostile_content(dest: Path, source: Path) -> int:
    """Copy ``source`` (a content folder) to ``dest`` and plant the payloads; return how many
    were planted."""
    shutil.copytree(source, dest)
    h = Hostile(dest)
    bb = "blitz-bowl/"

    def ability(d: dict) -> None:
        d["name"] = "Frenzied " + h.payload(0)
        d["text"] = "Evil text " + h.payload(1) + " " + h.payload(2)
        d["source"]["page"] = h.payload(3)
        d["rules"] = "# " + h.payload(4) + "\n# ``` ~~~~\n" + d["rules"]
        d["original_text"]["it"] = h.payload(5)
    h.edit(bb + "abilities/frenzied.yaml", ability)

    def card(d: dict) -> None:
        d["name"] = "Take Them " + h.payload(1)
        d["text"] = h.payload(3) + " " + h.payload(7)
        d["bonus_play"]["name"] = "Sprint " + h.payload(0)
        d["bonus_play"]["text"] = h.payload(2) + " " + FENCE_PAYLOAD
        h.planted += 1
    h.edit(bb + "challenge-cards/take-them-down.yaml", card)

    def block_dice(d: dict) -> None:
        d["entries"][0]["name"] = "Miss " + h.payload(0)
        d["entries"][0]["text"] = h.payload(1) + " " + h.payload(4)
        d["entries"][1]["name"] = h.payload(2)
    h.edit(bb + "tables/block-dice.yaml", block_dice)

    def human(d: dict) -> None:
        d["positions"][3]["name"] = "Lineman " + h.payload(2)
        d["positions"][2]["name"] = h.payload(1)
        d["text"] = h.payload(6)
        d["name"] = "Human " + h.payload(7)
    h.edit(bb + "teams/human.yaml", human)

    def trait(d: dict) -> None:
        d["text"] = h.payload(5) + " " + h.payload(7)
    h.edit(bb + "coach-traits/blinding-smile.yaml", trait)

    def pitch(d: dict) -> None:
        d["name"] = "One-trapdoor " + h.payload(6) + " " + h.payload(2)
    h.edit(bb + "pitches/one-trapdoor.yaml", pitch)

    def league(d: dict) -> None:
        d["awards"][0]["name"] = "Crush " + h.payload(0)
        d["awards"][0]["text"] = h.payload(1)
    h.edit(bb + "league/blitz-bowl-league.yaml", league)

    def scenario(d: dict) -> None:
        d["name"] = "Canny " + h.payload(0)
        d["text"] = h.payload(3) + " " + FENCE_PAYLOAD
        h.planted += 1
        d["expect"]["events"].append(h.payload(4) + " " + FENCE_PAYLOAD)
        d["decisions"].append(h.payload(2))
        d["dice"] = [h.payload(5)]
    h.edit(bb + "scenarios/ability-canny-tracker.yaml", scenario)

    def ruling(d: dict) -> None:
        d["title"] = "Faces " + h.payload(0)
        d["question"] = h.payload(1)
        d["ruling"] = h.payload(2) + " " + h.payload(6)
        d["source"]["page"] = h.payload(7)
    h.edit("rulings/block-dice-faces.yaml", ruling)

    # the English edited above, as `nuffle i18n update` brings the catalog up to it: a
    # translation counts only for the English it was made for (translate() sets the new one)
    subprocess.run([sys.executable, "-m", "nuffle.cli.main", "i18n", "update", "it",
                    "--domain", "content"], env={**os.environ, "NUFFLE_CONTENT": str(dest)},
                   check=True, capture_output=True, timeout=600)
    h.translate("content", {
        ("ability/frenzied/name", None): "Frenetico " + PAYLOADS[0],
        ("ability/frenzied/text", None): "Testo " + PAYLOADS[1],
        ("table/block-dice/entries/1/name", None): "Mancato " + PAYLOADS[2],
        ("team/human/positions/lineman/name", None): "Lineman " + PAYLOADS[1],
        ("ruling/block-dice-faces/title", None): "Facce " + PAYLOADS[3],
        ("challenge-card/take-them-down/bonus_play/name", None): "Scatto " + PAYLOADS[0],
        ("league/blitz-bowl-league/awards/cabalvision-master-of-the-crush/name", None):
            "Premio " + PAYLOADS[6],
    })
    h.translate("site", {
        ("site", "Teams"): "Squadre <script>alert(11)</script>",
        ("site", "Rules"): "Regole " + PAYLOADS[1],
        ("site", "Guide"): "Guida " + PAYLOADS[2],
        ("site", "Authoring guide"): "Autori " + PAYLOADS[0],
        ("site", "Ability"): "Abilità <img src=x onerror=alert(12)>",
        ("site", "Rulings"): "Decisioni " + PAYLOADS[1],
        ("site", "Source: {source} ({seed}{where})."): "Fonte: {source.__class__} {nope}",
        ("site", "Scenario {scenario}"): "Scenario {scenario} <script>alert(13)</script>",
        ("site", "Nuffle rules reference"): "Riferimento </title><script>alert(14)</script>",
    })
    return h.planted
