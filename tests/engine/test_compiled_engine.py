"""The compiled engine (mypyc): when a build is used, and that it plays the very games the
Python source plays.

The first tests work on made-up build folders. The last ones need the build `make test`
makes before the suite (`nuffle engine build`, into the virtual environment); run it when
they say the build is missing or out of date. They run each engine in a command of its own
(the suite itself runs the source: tests/conftest.py) and compare every byte."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from nuffle.interpreter import compiled_engine as known
from nuffle.interpreter.compiled_finder import CompiledEngineFinder

HERE = Path(__file__).resolve().parent
BUILD_HINT = "run `nuffle engine build` (make test does) and run the test again"


# -- made-up builds ---------------------------------------------------------------------
def fake_build(folder: Path, source: Path, **changes: object) -> dict:
    """A build folder whose compiled files are empty files and whose manifest lists
    ``source`` as the one file it was made from; ``changes`` edit the manifest."""
    modules = {}
    for name in (*known.MODULES, known.GROUP_MODULE):
        rel = name.replace(".", "/") + ".so"
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(b"")
        modules[name] = rel
    stat = source.stat()
    manifest = json.loads(known.manifest_for(
        modules, "1.0", [[str(source), stat.st_size, stat.st_mtime_ns,
                          known.file_digest(source)]]))
    manifest.update(changes)
    (folder / known.MANIFEST).write_text(json.dumps(manifest))
    return manifest


@pytest.fixture
def build_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "engine"
    folder.mkdir()
    monkeypatch.setenv(known.DIR_VARIABLE, str(folder))
    return folder


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "rules.py"
    path.write_text("X = 1\n")
    return path


def test_no_build_means_the_python_source(build_dir: Path) -> None:
    found = known.status()
    assert not found.compiled and found.modules == {}
    assert "no compiled engine" in found.reason and "nuffle engine build" in found.reason


def test_a_fresh_build_names_each_compiled_file(build_dir: Path, source: Path) -> None:
    fake_build(build_dir, source)
    found = known.status()
    assert found.compiled, found.reason
    assert set(found.modules) == {*known.MODULES, known.GROUP_MODULE}
    assert found.modules[known.MODULES[0]] == build_dir / (
        known.MODULES[0].replace(".", "/") + ".so")


def test_an_edited_source_makes_the_build_stale(build_dir: Path, source: Path) -> None:
    fake_build(build_dir, source)
    source.write_text("X = 2\n")  # the same size: found by its digest
    os.utime(source, ns=(1, 1))
    found = known.status()
    assert not found.compiled
    assert "out of date" in found.reason and str(source) in found.reason


def test_a_touched_source_with_the_same_bytes_keeps_the_build(build_dir: Path,
                                                               source: Path) -> None:
    fake_build(build_dir, source)
    os.utime(source, ns=(10**9, 10**9))  # a checkout: a new time, the same text
    assert known.status().compiled


def test_a_removed_source_makes_the_build_stale(build_dir: Path, source: Path) -> None:
    fake_build(build_dir, source)
    source.unlink()
    found = known.status()
    assert not found.compiled and "is gone" in found.reason


@pytest.mark.parametrize(("change", "said"), [
    ({"format": 99}, "not a manifest"),
    ({"files": [["x", "big", 0, "d"]]}, "not a manifest"),
    ({"modules": ["a"]}, "not a manifest"),
    ({"abi": "cpython-27"}, "another Python"),
    ({"modules": {"nuffle.interpreter.hooks": "x.so"}}, "other modules"),
])
def test_a_manifest_not_for_this_engine_is_not_used(build_dir: Path, source: Path,
                                                    change: dict, said: str) -> None:
    fake_build(build_dir, source, **change)
    found = known.status()
    assert not found.compiled and said in found.reason


def test_a_compiled_file_outside_the_build_folder_is_refused(build_dir: Path,
                                                             source: Path) -> None:
    manifest = fake_build(build_dir, source)
    modules = dict(manifest["modules"])
    modules[known.MODULES[0]] = "../elsewhere.so"
    (build_dir.parent / "elsewhere.so").write_bytes(b"")
    fake_build(build_dir, source, modules=modules)
    found = known.status()
    assert not found.compiled and "missing" in found.reason


def test_a_damaged_manifest_is_not_used(build_dir: Path) -> None:
    (build_dir / known.MANIFEST).write_bytes(b"\xff{not json")
    assert not known.status().compiled


# -- the finder ---------------------------------------------------------------------------
def test_pure_answers_for_no_module(build_dir: Path, source: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fake_build(build_dir, source)
    monkeypatch.setenv(known.ENGINE_VARIABLE, "pure")
    assert CompiledEngineFinder().find_spec(known.MODULES[0]) is None


def test_auto_takes_a_fresh_build(build_dir: Path, source: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fake_build(build_dir, source)
    monkeypatch.setenv(known.ENGINE_VARIABLE, "auto")
    finder = CompiledEngineFinder()
    spec = finder.find_spec(known.MODULES[0])
    assert spec is not None and spec.origin == str(
        build_dir / (known.MODULES[0].replace(".", "/") + ".so"))
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.find_spec("nuffle.interpreter.scenario") is None  # not compiled
    source.write_text("changed = True\n")
    assert finder.find_spec(known.MODULES[1]) is not None  # chosen once per process


def test_auto_without_a_build_leaves_the_source(build_dir: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(known.ENGINE_VARIABLE, "auto")
    assert CompiledEngineFinder().find_spec(known.MODULES[0]) is None


def test_compiled_without_a_build_says_why(build_dir: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(known.ENGINE_VARIABLE, "compiled")
    with pytest.raises(ImportError, match="NUFFLE_ENGINE=compiled, but no compiled engine"):
        CompiledEngineFinder().find_spec(known.MODULES[0])


def test_an_unknown_engine_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(known.ENGINE_VARIABLE, "fast")
    with pytest.raises(ImportError, match="auto, pure, compiled"):
        CompiledEngineFinder().find_spec(known.MODULES[0])


def test_each_engine_file_is_staged_where_its_module_name_says() -> None:
    staged = {known.staged_path(shown, path) for shown, path in known.engine_sources()}
    for name in known.MODULES:
        assert name.replace(".", "/") + ".py" in staged
    assert "nuffle/__init__.py" in staged and "nuffle/limits.py" in staged
    assert "nuffle/interpreter/blood_bowl/match.py" in staged
    # the build's own modules are not compiled against: editing them keeps a build fresh
    assert "nuffle/interpreter/compiled_finder.py" not in staged


def test_the_status_command_reports_json(build_dir: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "nuffle.cli.main", "engine", "status",
                           "--format", "json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["engine"] == "pure" and report["folder"] == str(build_dir)
    assert "no compiled engine" in report["reason"]


# -- the real build -------------------------------------------------------------------------
def run_with(engine: str, *argv: str) -> str:
    env = dict(os.environ, NUFFLE_ENGINE=engine)
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, f"{engine}: {done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def built() -> known.Status:
    found = known.status()
    assert found.compiled, f"the compiled engine is not usable: {found.reason}; {BUILD_HINT}"
    return found


def test_the_compiled_modules_load_from_the_build(built: known.Status) -> None:
    script = ("import importlib, json, sys\n"
              "print(json.dumps({n: type(importlib.import_module(n).__loader__).__name__"
              " for n in sys.argv[1:]}))")
    loaders = json.loads(run_with("compiled", sys.executable, "-c", script, *known.MODULES))
    assert loaders == dict.fromkeys(known.MODULES, "ExtensionFileLoader")
    loaders = json.loads(run_with("pure", sys.executable, "-c", script, *known.MODULES))
    assert loaders == dict.fromkeys(known.MODULES, "SourceFileLoader")


def test_compiled_games_are_the_source_games(built: known.Status) -> None:
    digest = [sys.executable, str(HERE / "games_digest.py"), "120"]
    pure, compiled = json.loads(run_with("pure", *digest)), json.loads(run_with("compiled", *digest))
    assert (pure.pop("engine"), compiled.pop("engine")) == ("pure", "compiled")
    assert compiled == pure


@pytest.mark.slow
def test_many_compiled_games_are_the_source_games(built: known.Status) -> None:
    digest = [sys.executable, str(HERE / "games_digest.py"), "1000"]
    assert run_with("compiled", *digest).replace('"compiled"', '"pure"') == \
        run_with("pure", *digest)


def test_every_scenario_runs_the_same_compiled(built: known.Status) -> None:
    """Each scenario's whole timeline: every event, roll, decision and line of narrative."""
    command = [sys.executable, "-m", "nuffle.cli.main", "scenario", "--verbose"]
    pure = run_with("pure", *command)
    assert pure.count("\n") > 5000  # the timelines, not only the verdicts
    assert run_with("compiled", *command) == pure


def test_a_simulation_is_the_same_compiled(built: known.Status) -> None:
    """Games split over worker processes, each choosing its engine as the command does."""
    command = [sys.executable, "-m", "nuffle.cli.main", "simulate", "--game", "blitz-bowl",
               "--home", "human", "--away", "orc", "--games", "60", "--jobs", "2",
               "--seed", "7", "--format", "json"]
    assert run_with("compiled", *command) == run_with("pure", *command)


def test_an_internal_error_under_the_compiled_engine_says_how_to_run_the_source(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.interpreter import compiled_finder

    from nuffle.cli.common import internal_error_line

    line = internal_error_line(TypeError("Ball object expected; got None"))
    assert "NUFFLE_ENGINE=pure" not in line  # the suite runs the source
    monkeypatch.setattr(compiled_finder, "engine_in_use", lambda: "compiled")
    line = internal_error_line(TypeError("Ball object expected; got None"))
    assert line.startswith("nuffle: internal error: TypeError: Ball object expected")
    assert "NUFFLE_ENGINE=pure plays the same game" in line


def test_a_build_where_nothing_may_be_written_is_a_usage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file where the build's folder should be (a folder without write permission would
    not stop the tests' root user)."""
    from nuffle.interpreter import compiled_build

    (tmp_path / "taken").write_text("a file, not a folder")
    monkeypatch.setenv(known.DIR_VARIABLE, str(tmp_path / "taken" / "engine"))
    monkeypatch.setattr(compiled_build, "check_tools", lambda: "1.0")
    with pytest.raises(compiled_build.BuildError, match="NUFFLE_ENGINE_DIR") as caught:
        compiled_build.build()
    assert caught.value.usage


def test_build_says_what_is_missing_and_exits_2(build_dir: Path, capsys: pytest.CaptureFixture,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.interpreter import compiled_build

    from nuffle.cli.main import main

    def missing() -> str:
        raise compiled_build.BuildError("mypyc is not installed: pip install 'nuffle[fast]'",
                                        usage=True)

    monkeypatch.setattr(compiled_build, "check_tools", missing)
    assert main(["engine", "build"]) == 2
    err = capsys.readouterr().err
    assert "nuffle engine build: error: mypyc is not installed" in err
    assert not (build_dir / known.MANIFEST).exists()


def test_build_leaves_a_fresh_build_alone(build_dir: Path, source: Path,
                                         capsys: pytest.CaptureFixture,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.interpreter import compiled_build

    from nuffle.cli.main import main

    fake_build(build_dir, source)
    monkeypatch.setattr(compiled_build, "build", lambda: pytest.fail("built again"))
    assert main(["engine", "build"]) == 0
    assert "up to date" in capsys.readouterr().err


def test_a_failed_compilation_leaves_nothing_beside_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.interpreter import compiled_build

    monkeypatch.setenv(known.DIR_VARIABLE, str(tmp_path / "engine"))
    monkeypatch.setattr(compiled_build, "check_tools", lambda: "1.0")

    def fails(folder: Path, log: Path) -> None:
        assert (folder / "nuffle" / "interpreter" / "hooks.py").is_file()  # it was staged
        raise compiled_build.BuildError("mypyc could not compile the engine")

    monkeypatch.setattr(compiled_build, "compile_staged", fails)
    with pytest.raises(compiled_build.BuildError, match="could not compile"):
        compiled_build.build()
    assert list(tmp_path.iterdir()) == []
