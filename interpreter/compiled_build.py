"""`nuffle engine build`: compile the engine's hot modules with mypyc.

The engine's files are copied into a temporary folder laid out as the installed package,
mypyc (with setuptools and the C compiler Python was built with) compiles the modules in
`compiled_engine.MODULES` there, and the compiled files move into `builds_dir()` with a
manifest of the sources they were made from, written last: a folder without one is never
used. The old build is replaced whole."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from nuffle.interpreter import compiled_engine as known

# setuptools' build_ext with mypyc's extensions, run in the staged folder. The modules'
# paths and the group's name come in the environment, as the command line is setuptools'.
SETUP = """\
import json, os
from setuptools import setup
from mypyc.build import mypycify
setup(name="nuffle-compiled-engine", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(json.loads(os.environ["NUFFLE_MYPYC_PATHS"]), opt_level="3",
                           group_name=os.environ["NUFFLE_MYPYC_GROUP"]))
"""
MYPY_SETTINGS = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\n"


class BuildError(Exception):
    """Why the build failed, in words; ``usage`` when the tools are missing (not a bug in
    the engine's source)."""

    def __init__(self, message: str, usage: bool = False) -> None:
        super().__init__(message)
        self.usage = usage


def check_tools() -> str:
    """mypyc's version, once mypyc and a C compiler are known to be there."""
    try:
        import mypy.version
        import mypyc.build  # noqa: F401 - only whether it is installed
    except ImportError:
        raise BuildError("mypyc is not installed: pip install 'nuffle[fast]' "
                         "(the README's make commands install it)", usage=True) from None
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        raise BuildError(f"no C compiler ({compiler}): install one (Debian: apt-get install "
                         "gcc python3-dev) to build the compiled engine", usage=True)
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        raise BuildError(f"no Python headers ({headers}): install them (Debian: apt-get "
                         "install python3-dev) to build the compiled engine", usage=True)
    return str(mypy.version.__version__)


def stage(folder: Path) -> list[list]:
    """Copy the engine's files into ``folder`` as the installed package lays them out, and
    return the manifest's entries for them, from the very bytes copied."""
    entries = []
    for shown, path in known.engine_sources():
        stat = path.stat()
        data = path.read_bytes()
        target = folder / known.staged_path(shown, path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        entries.append([str(path), stat.st_size, stat.st_mtime_ns,
                        hashlib.sha256(data).hexdigest()])
    (folder / "mypy.ini").write_text(MYPY_SETTINGS)
    return entries


def compile_staged(folder: Path, log: Path) -> None:
    """Run mypyc over the staged modules; BuildError with the end of its output if it
    fails."""
    paths = [name.replace(".", "/") + ".py" for name in known.MODULES]
    env = dict(os.environ, NUFFLE_MYPYC_PATHS=json.dumps(paths),
               NUFFLE_MYPYC_GROUP=known.GROUP)
    env.pop("PYTHONPATH", None)  # the staged package, not the installed one, is compiled
    with log.open("wb") as out:
        done = subprocess.run([sys.executable, "-c", SETUP], cwd=folder, env=env,
                              stdout=out, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        lines = log.read_text(errors="replace").splitlines()
        shown = [line for line in lines if not line.startswith(("gcc ", "copying ", "creating "))]
        raise BuildError("mypyc could not compile the engine:\n" + "\n".join(shown[-30:]))


def compiled_files(folder: Path) -> dict[str, str]:
    """Each compiled module's file in the staged folder (relative), and the group's."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found = {name: name.replace(".", "/") + suffix for name in known.MODULES}
    found[known.GROUP_MODULE] = known.GROUP_MODULE + suffix
    missing = [name for name, rel in found.items() if not (folder / rel).is_file()]
    if missing:
        raise BuildError("mypyc made no compiled file for " + ", ".join(sorted(missing)))
    return found


def build() -> Path:
    """Compile the engine into `builds_dir()` and return that folder. The new build is made
    in a folder beside it (made first: a place nothing may be written is found before the
    minute of compiling) and put in place whole."""
    mypy_version = check_tools()
    target = known.builds_dir()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=".nuffle-engine-", dir=target.parent))
    except OSError as err:
        raise BuildError(f"cannot write the build beside {target} ({err.strerror}): set "
                         f"{known.DIR_VARIABLE} to a folder of yours", usage=True) from None
    old = target.parent / (target.name + ".old")
    try:
        with tempfile.TemporaryDirectory(prefix="nuffle-engine-") as tmp:
            staged = Path(tmp) / "stage"
            entries = stage(staged)
            compile_staged(staged, Path(tmp) / "build.log")
            modules = compiled_files(staged)
            for rel in modules.values():
                (fresh / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(staged / rel, fresh / rel)
            manifest = known.manifest_for(modules, mypy_version, entries)
            (fresh / known.MANIFEST).write_bytes(manifest)
        shutil.rmtree(old, ignore_errors=True)
        try:  # (another build finishing at the same time: one of the two wins, whole)
            if target.exists():
                target.rename(old)
            fresh.rename(target)
        except OSError as err:
            raise BuildError(f"could not put the build in {target}: {err.strerror}") from None
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)  # (gone already once renamed)
        raise
    shutil.rmtree(old, ignore_errors=True)
    return target
