"""`--content PATH` (repeatable) and `--base`: the one way every command that reads content
is given an author's content packs, and told whether they add to the bundled content or
replace it (a fork)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle.catalogue.packs import BASES, MANIFEST, Base, pack_root, resolve_base
from nuffle.cli.arguments import content_file_list, input_paths
from nuffle.paths import CONTENT_VARIABLE

if TYPE_CHECKING:  # the loader and its model are imported when content is loaded
    from nuffle.catalogue.model import Catalogue
    from nuffle.catalogue.yaml_source import YamlDocument
    from nuffle.dsl.diagnostics import Diagnostic

BASE_HELP = (f"what the content builds on: bundled (added to Nuffle's content), none (the "
             f"first folder is the whole content: a fork of content/), auto (the default: a "
             f"pack's {MANIFEST} says; else a folder that redefines most bundled items is a "
             "fork)")


def add_content_option(p: argparse.ArgumentParser, what: str = "to load") -> None:
    p.add_argument("--content", action="append", default=[], metavar="PATH",
                   help=f"a content pack {what} with the bundled content: a folder of your "
                        "items (a new team, its abilities, a ball card, scenarios, "
                        "translations) or one file; repeatable")
    p.add_argument("--base", choices=BASES, default="auto", metavar="BASE",
                   help=BASE_HELP)
    add_cache_option(p)


def add_cache_option(p: argparse.ArgumentParser) -> None:
    """`--no-cache`, on every command that loads content (main.py turns it into
    NUFFLE_NO_CACHE for the command, so worker processes see it too)."""
    p.add_argument("--no-cache", action="store_true",
                   help="load every content file from source, and neither read nor write "
                        "the cache (~/.cache/nuffle, or $NUFFLE_CACHE_DIR)")


def use_base(base: Base) -> None:
    """Make ``base.root`` the content for the rest of the command (and its worker
    processes, which inherit the environment); say why when it was not said outright."""
    if base.why:
        print(f"nuffle: {base.why}", file=sys.stderr)
    if base.root is not None:
        os.environ[CONTENT_VARIABLE] = str(base.root.resolve())


def _forget_loaded_content() -> None:
    """Translations read before the base or the packs changed (a test runs several commands
    in one process)."""
    from nuffle.i18n.translations import translated
    translated.cache_clear()


def pack_paths(parser: argparse.ArgumentParser, values: Sequence[str], base: str
               ) -> list[Path]:
    """The packs named with `--content` (checked: a missing path is a usage error), as
    named, after deciding their base; their own translations are read from now on."""
    from nuffle.i18n.catalog import read_pack_translations  # not for `check`, which reads none
    named = input_paths(parser, values)
    chosen = resolve_base(named, base)
    use_base(chosen)
    packs = [p for p in named if p != chosen.root]
    read_pack_translations([pack_root(p) or p for p in packs if p.is_dir()])
    _forget_loaded_content()
    return packs


def selected_packs(parser: argparse.ArgumentParser, values: Sequence[str], base: str
                   ) -> list[Path]:
    """The content files of the packs named with `--content` (see pack_paths)."""
    packs = pack_paths(parser, values, base)
    return content_file_list(packs) if packs else []


def content_paths(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[Path]:
    """The files of --content (folders expanded) with --base applied: what a command that
    plays or shows games loads beside the base content."""
    return selected_packs(parser, args.content, getattr(args, "base", "auto"))


def checked_inputs(parser: argparse.ArgumentParser, args: argparse.Namespace
                   ) -> tuple[list[Path] | None, list[Path]]:
    """What a command reads, decided and checked: the files reported on (the PATHs, else the
    --content packs; None for the whole content) and the other packs' files, loaded beside
    them as context. A fork named as a PATH is the base, and all of it is checked."""
    named = input_paths(parser, args.paths)
    packs = input_paths(parser, args.content)
    base = resolve_base([*named, *packs], args.base)
    use_base(base)
    reported = [p for p in named if p != base.root] or \
        ([] if named else [p for p in packs if p != base.root])
    context = [p for p in packs if p not in reported and p != base.root]
    if not reported:
        return None, []
    return content_file_list(reported), content_file_list(context) if context else []


def load_checked(parser: argparse.ArgumentParser, args: argparse.Namespace
                 ) -> tuple[Catalogue, list[Diagnostic], dict[str, YamlDocument]]:
    """What a command reads (see checked_inputs), loaded and checked."""
    from nuffle.catalogue.loader import load_catalogue
    reported, context = checked_inputs(parser, args)
    return load_catalogue(reported, packs=context)
