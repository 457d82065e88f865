"""Start-up imports only what the command uses (issue 16): `nuffle --help` imports no
command module, and `nuffle check` neither MkDocs, the site generator, the game engines,
the translation catalogs nor tqdm (nor, when no file changed, the loader and the checks;
nor the rules parser when the one file loaded again has no rules).
Counted in a fresh interpreter (sys.modules), never timed; `benchmarks/startup.py` gives
the times. And the lazy parser is the eager one: every command's help, options and one-line
summary are the same either way."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nuffle.cli.main import COMMANDS, EVERY, build_parser, main

# run `nuffle ARGS` in a fresh interpreter; print its exit status and every module loaded
PROBE = """
import contextlib, io, json, sys
from nuffle.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        status = main(sys.argv[1:])
    except SystemExit as exc:
        status = exc.code
print(json.dumps({"status": status, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""

# what neither `--help` nor a command's `--help` needs
HEAVY = ("mkdocs", "material", "jsonschema", "referencing", "lark", "babel", "polib", "tqdm",
         "yaml", "nuffle.interpreter", "nuffle.sitegen", "nuffle.i18n", "nuffle.catalogue.loader",
         "nuffle.catalogue.model", "nuffle.dsl.parser", "nuffle.dsl.checker")
# what `check` does not need: the site, translations, progress bars; nor, when nothing is
# misspelt, difflib (whose close matches make the hints)
NOT_FOR_CHECK = ("mkdocs", "material", "nuffle.sitegen", "babel", "polib", "tqdm",
                 "nuffle.i18n", "difflib")
# the part of the interpreter `check` reads: the rules' vocabularies and roster rules
CHECK_READS = ("nuffle.interpreter.vocabulary", "nuffle.interpreter.blood_bowl.roster",
               "nuffle.interpreter.blood_bowl.draft")
COMMAND_MODULES = {c.module for c in COMMANDS}


def loaded(*args: str, cache: Path | None = None) -> tuple[object, str, list[str]]:
    """(exit status, stdout, modules) of `nuffle ARGS` in a fresh interpreter (with its
    content cache in ``cache``)."""
    env = {**os.environ, "NUFFLE_CACHE_DIR": str(cache)} if cache else None
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                          text=True, check=False, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    return found["status"], found["out"], found["modules"]


def within(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def test_help_imports_no_command_and_nothing_heavy() -> None:
    status, out, modules = loaded("--help")
    assert status == 0
    assert "check content files" in out and "build or serve the rules reference" in out
    assert within(modules, HEAVY) == []
    assert COMMAND_MODULES & set(modules) == set()


def test_a_commands_help_imports_that_command_alone() -> None:
    status, out, modules = loaded("check", "--help")
    assert status == 0
    assert "usage: nuffle check" in out and "--content PATH" in out and "--format" in out
    assert within(modules, HEAVY) == []
    assert COMMAND_MODULES & set(modules) == {"nuffle.cli.check_cmd"}


# what a file loaded from source needs, and one from the content cache does not: YAML, the
# JSON Schemas and the rules parser
LOADING = ("yaml", "jsonschema", "referencing", "jsonschema_specifications", "attrs", "attr",
           "rpds", "lark", "interegular", "nuffle.dsl.parser", "nuffle.catalogue.schemas",
           "nuffle.catalogue.quick_schema", "nuffle.catalogue.yaml_reader",
           "nuffle.catalogue.markup")
# what only a file the quick schema check does not find valid needs: jsonschema's errors
SCHEMA_ERRORS = ("jsonschema", "referencing", "jsonschema_specifications", "attrs", "attr",
                 "rpds", "nuffle.catalogue.schemas")
# what checking the names of rules needs (not when the findings are kept: names_kept)
NAMES = ("nuffle.dsl.ast", "nuffle.dsl.checker", "nuffle.interpreter.vocabulary")
PARSING = ("lark", "nuffle.dsl.parser", "nuffle_kept_rules_parser")
KEPT_PARSER = "nuffle_kept_rules_parser"  # nuffle.dsl.kept_parser.MODULE


# what a check whose files are all unchanged does not need: it prints the report kept by
# the check before (nuffle.cli.check_cache) without loading a file
CHECKING = (*LOADING, *NAMES, "nuffle.catalogue.loader", "nuffle.catalogue.model",
            "nuffle.catalogue.cache", "nuffle.catalogue.crossrefs", "nuffle.interpreter")


def test_check_imports_what_checking_needs_and_nothing_else(tmp_path) -> None:
    """A cold cache: every file is loaded from source; then, the content cache warm, from
    the cache alone; then, nothing changed, the kept report is printed."""
    status, out, modules = loaded("check", cache=tmp_path)
    assert status == 0 and ": 0 errors" in out
    # it did check: YAML, the quick schema check and the rules language were loaded; every
    # bundled file is valid, so jsonschema was not
    assert {"lark", "yaml", "nuffle.dsl.parser", "nuffle.dsl.checker",
            "nuffle.catalogue.quick_schema"} <= set(modules)
    assert within(modules, SCHEMA_ERRORS) == []
    assert within(modules, ("regex", "interegular")) == []
    assert within(modules, NOT_FOR_CHECK) == []
    engine = [m for m in within(modules, ("nuffle.interpreter",))
              if m not in ("nuffle.interpreter", "nuffle.interpreter.blood_bowl",
                           "nuffle.interpreter.compiled_finder")  # (the package puts it in place)
              and not within([m], CHECK_READS)]
    assert engine == []
    assert COMMAND_MODULES & set(modules) == {"nuffle.cli.check_cmd"}
    # every module of Nuffle's the check ran is in the kept report's key
    from importlib.util import find_spec

    from nuffle.cli.check_cache import code_files
    ran = {Path(spec.origin).resolve() for m in within(modules, ("nuffle",))
           if (spec := find_spec(m)) is not None and spec.origin}
    assert ran and ran <= set(code_files())
    for kept in (tmp_path / "check").glob("*.json"):
        kept.unlink()  # the report kept: forgotten, so that the files are loaded again
    again, warm_out, warm = loaded("check", cache=tmp_path)
    assert again == 0 and warm_out == out
    # every file from the content cache, every item's names findings kept: no syntax tree
    # built, no vocabulary
    assert within(warm, LOADING) == []
    assert within(warm, NAMES) == []
    assert within(warm, NOT_FOR_CHECK) == []
    assert set(warm) < set(modules)
    unchanged, kept_out, kept = loaded("check", cache=tmp_path)
    assert unchanged == 0 and kept_out == out
    assert within(kept, CHECKING) == []
    assert set(kept) < set(warm)
    # the content cache emptied, the grammar's kept files left (as after an upgrade of the
    # content, or a new checkout): every file loaded again, with the kept parser, not Lark
    for entry in tmp_path.iterdir():
        if not entry.name.startswith("grammar-"):
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    cold, cold_out, again_cold = loaded("check", cache=tmp_path)
    assert cold == 0 and cold_out == out
    assert KEPT_PARSER in again_cold and "yaml" in again_cold
    assert within(again_cold, ("lark", "regex", "interegular", "pickle")) == []
    assert set(again_cold) - {KEPT_PARSER} < set(modules)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("kind,source", [
    ("scenario", "scenarios/ability-canny-tracker.yaml"),
    ("ability", "abilities/canny-tracker.yaml")])
def test_a_check_after_an_edit_imports_what_the_edit_needs(tmp_path, kind, source) -> None:
    """An author's new file (the others from the cache), then the same file edited: its
    text (the rules as they were), its rules, a field the schema does not know."""
    bundled = Path(__file__).resolve().parents[2] / "content" / "blitz-bowl"
    edited = tmp_path / f"my-{kind}.yaml"
    text = (bundled / source).read_text(encoding="utf-8")
    edited.write_text(re.sub(r"(?m)^id: .*$", f"id: my-{kind}", text), encoding="utf-8")
    loaded("check", cache=tmp_path)  # the bundled content in the cache

    def check() -> list[str]:
        status, out, modules = loaded("check", str(edited), cache=tmp_path)
        assert status == 0 and f"(1 {kind}): 0 errors" in out, out
        assert within(modules, NOT_FOR_CHECK) == []
        assert {"yaml", "nuffle.catalogue.quick_schema"} <= set(modules)
        assert within(modules, SCHEMA_ERRORS) == []  # the file is valid: no jsonschema
        return modules

    # a new file: an ability's names checked, its rules not parsed (they are a bundled
    # ability's, whose tree is kept by its rules text)
    new = check()
    assert within(new, PARSING) == []
    assert bool(within(new, NAMES)) is (kind == "ability")
    edit(edited, "\ntext: ", "\ntext: Changed. ")
    text_edited = check()  # the rules as they were: neither parsed nor checked again
    assert within(text_edited, (*PARSING, *NAMES)) == []
    if kind == "ability":
        edit(edited, "\nrules: |\n", "\nrules: |\n  # changed\n")
        rules_edited = check()  # the rules changed: parsed and checked
        assert {"nuffle.dsl.parser", "nuffle.dsl.checker"} <= set(rules_edited)
        # with the parser Lark's stand-alone generator wrote, kept by the first check
        # (tests/dsl/test_kept_parser.py): Lark itself is not imported, nor pickle
        assert KEPT_PARSER in rules_edited
        assert within(rules_edited, ("lark", "regex", "interegular", "pickle")) == []
    edit(edited, "\ntext: ", "\ntexts: ")  # an unknown field: jsonschema says which
    status, out, modules = loaded("check", str(edited), cache=tmp_path)
    assert status == 1 and "error[S302]: unknown field `texts`" in out, out
    assert {"jsonschema", "nuffle.catalogue.schemas"} <= set(modules)


def subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def summaries(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {a.dest: a.help for a in action._choices_actions}


def test_each_commands_summary_is_its_modules_own() -> None:
    """COMMANDS' help lines are what the modules register: `nuffle --help` says the same
    whether the commands are loaded or not."""
    eager = build_parser(EVERY)
    assert summaries(eager) == {c.name: c.help for c in COMMANDS}
    assert build_parser(None).format_help() == eager.format_help()


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_each_commands_help_lists_its_options(command, capsys) -> None:
    eager = subparser(build_parser(EVERY), command)
    assert subparser(build_parser(command), command).format_help() == eager.format_help()
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: nuffle {command} ")
    options = [o for a in eager._actions for o in a.option_strings]
    assert "-h" in options and len(options) > 1 or command in ("site", "i18n")
    for option in options:
        assert option in out, option


@pytest.mark.parametrize("argv,says", [
    ([], "the following arguments are required: COMMAND"),
    (["chek"], "invalid choice: 'chek' (choose from 'check', 'new', "),
    (["check", "--frmat", "json"], "unrecognized arguments: --frmat"),
    (["simulate", "--home", "human"], "the following arguments are required: --away"),
])
def test_usage_errors_are_argparses_one_line_and_exit_2(argv, says, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
