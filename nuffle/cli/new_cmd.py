"""`nuffle new KIND ID`: a commented template for a new item in the author's content pack,
that passes `nuffle check` as it is written, with the pack's manifest when there is none."""

from __future__ import annotations

import argparse
import re
import string
import sys
from importlib.resources import files
from pathlib import Path

from nuffle.catalogue.packs import MANIFEST, bundled_ids, manifest_field
from nuffle.cli.common import EXIT_OK

# KIND on the command line -> (the item's kind, its folder in a pack, the games that have it)
KINDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "team": ("team", "teams", ("blitz-bowl", "blood-bowl")),
    "ability": ("ability", "abilities", ("blitz-bowl", "blood-bowl")),
    "ball": ("ball", "balls", ("blitz-bowl",)),
    "challenge-card": ("challenge-card", "challenge-cards", ("blitz-bowl",)),
    "trait": ("coach-trait", "coach-traits", ("blitz-bowl",)),
    "scenario": ("scenario", "scenarios", ("blitz-bowl", "blood-bowl")),
}
GAME_EDITION = {"blitz-bowl": "blitz-bowl-s2", "blood-bowl": "pbbl-1-10"}
KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new", help="write a commented template for a new team, ability, ball, card, trait "
                    "or scenario",
        description="Write a commented template for a new item into a content pack (and the "
                    f"pack's {MANIFEST} if it has none). The template passes `nuffle check` "
                    "as it is: fill its fields, then check it. Nothing is overwritten.")
    p.add_argument("kind", choices=sorted(KINDS), metavar="KIND",
                   help=f"what to write: {', '.join(sorted(KINDS))}")
    p.add_argument("id", metavar="ID", help="the new item's id, kebab-case (my-team); it "
                                            "names the file and never changes once published")
    p.add_argument("--content", default=".", metavar="PATH",
                   help="the content pack's folder (default: the current folder; made if "
                        "missing)")
    p.add_argument("--game", choices=sorted(GAME_EDITION), metavar="GAME",
                   help="blitz-bowl or blood-bowl (default: the pack's edition, else "
                        "blitz-bowl)")
    p.add_argument("--name", metavar="NAME", help="the item's name (default: from the id)")
    p.set_defaults(run=lambda args: run(args, p))


def template(name: str) -> str:
    return files("nuffle").joinpath("templates", name).read_text(encoding="utf-8")


def pack_game(folder: Path) -> str | None:
    """The game of the pack's manifest edition, read without loading it."""
    from nuffle.interpreter.vocabulary import EDITIONS  # the rules' vocabularies: not for --help
    edition = manifest_field(folder, "edition")
    return EDITIONS.get(edition) if edition else None


def title(item_id: str) -> str:
    return " ".join(word.capitalize() for word in item_id.split("-"))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    kind, folder_name, games = KINDS[args.kind]
    if not KEBAB.fullmatch(args.id) or len(args.id) > 60:
        kebab = re.sub(r"[^a-z0-9]+", "-", args.id.lower()).strip("-") or "my-item"
        parser.error(f"ID `{args.id[:60]}` is not kebab-case: lower-case letters, digits and "
                     f"single hyphens, like `{kebab[:60]}`")
    if args.name is not None and (not args.name.strip() or len(args.name) > 80
                                  or any(c in args.name for c in "\n\r\"\\")):
        parser.error("--name takes a name of 1 to 80 characters on one line, without quotes")
    pack = Path(args.content)
    if pack.exists() and not pack.is_dir():
        parser.error(f"--content {args.content}: not a folder")
    game = args.game or pack_game(pack) or "blitz-bowl"
    if game not in games:
        parser.error(f"{args.kind} is a Blitz Bowl item: there is none in {game} "
                     "(--game blitz-bowl)")
    if f"{folder_name}/{args.id}" in bundled_ids():
        parser.error(f"`{args.id}` is already a {kind} of the bundled content (ids are unique "
                     "within a game): choose another ID")
    target = pack / folder_name / f"{args.id}.yaml"
    if target.exists():
        parser.error(f"{target} exists: nothing is overwritten (choose another ID)")
    values = {"id": args.id, "name": args.name or title(args.id),
              "edition": GAME_EDITION[game]}
    written: list[Path] = []
    try:
        if not (pack / MANIFEST).exists():
            pack.mkdir(parents=True, exist_ok=True)
            pack_id = re.sub(r"[^a-z0-9]+", "-", pack.resolve().name.lower()).strip("-")
            manifest = string.Template(template(MANIFEST)).substitute(
                values, pack_id=pack_id or "my-pack", pack_name=title(pack_id or "my-pack"))
            (pack / MANIFEST).write_text(manifest, encoding="utf-8")
            written.append(pack / MANIFEST)
        body = string.Template(template(f"{game}-{kind}.yaml")).substitute(values)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("x", encoding="utf-8") as out:  # never over a file made meanwhile
            out.write(body)
        written.append(target)
    except OSError as exc:
        parser.error(f"cannot write into {pack}: {exc.strerror or exc}")
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    print(f"next: fill in {target}, then `nuffle check {pack}`", file=sys.stderr)
    return EXIT_OK
