"""The rules parser kept as Lark's stand-alone module, so that a check after an author edits
rules does not import Lark.

Importing Lark was about 35 ms, the largest part of such a check's start-up: its grammar
loader, its Earley and CYK parsers, its cache's temporary files. Lark's stand-alone
generator (lark.tools.standalone) writes the parser this grammar builds as one module holding
only what an LALR parser runs (Lark's lexer, parser, trees, transformers and errors, and this
grammar's tables): it parses the same texts into the same trees (tests/dsl/test_kept_parser.py).

The module is made once, by the first process that loads the parser from Lark, and kept
compiled (its code object, as a .pyc holds it) in the private cache folder, named by a
digest of the grammar, the options it is built with, Lark's installed files and the Python
that compiled it. Compiled code is run when it is loaded, like the parse tables Lark keeps as
a pickle beside it: so it is kept only in that folder (permissions 0700, never a shared
temporary folder), and a file whose header, key or code is not exactly what this module
wrote (the code's SHA-256 is in the header) is not used: the parser is loaded from Lark, and
the file made again. With no cache folder, nothing is kept and Lark is imported. The
generated module is Lark's code under its own licence (MPL 2.0), made on the user's machine,
never shipped.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
import types
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle.catalogue.fingerprint import add_libraries
from nuffle.paths import private_cache_dir

if TYPE_CHECKING:
    from lark import Lark

FORMAT = b"nuffle kept rules parser 1\n"
MODULE = "nuffle_kept_rules_parser"  # the name it runs under (sys.modules)
MAX_BYTES = 8 << 20  # about 0.5 MB is written; a larger file is not read
# what the parser module (nuffle.dsl.parser) takes from the kept module
NAMES = ("Lark", "Token", "Tree", "Transformer", "v_args", "Indenter", "DedentError",
         "UnexpectedInput", "UnexpectedCharacters", "UnexpectedToken", "UnexpectedEOF",
         "Lark_StandAlone")


def key(grammar: bytes, options: str) -> str:
    """What the kept module depends on: the grammar, the options, Lark's installed files (an
    upgrade changes them) and the Python that compiled it (its bytecode's magic number)."""
    digest = hashlib.sha256(FORMAT + grammar + b"\0" + options.encode() + b"\0" + MAGIC_NUMBER)
    add_libraries(digest, ["lark"])
    return digest.hexdigest()


def path_of(folder: Path, digest: str) -> Path:
    # named like the parse tables beside it (grammar-*): a copy of the grammar's kept files
    # (benchmarks/startup.py's cold cache) takes both
    return folder / f"grammar-{digest[:24]}.lark-parser"


def load(grammar: bytes, options: str) -> types.ModuleType | None:
    """The kept module for this grammar and these options, run, or None when the cache holds
    none that is sound (or there is no cache folder)."""
    folder = private_cache_dir()
    if folder is None:
        return None
    digest = key(grammar, options)
    try:
        with path_of(folder, digest).open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError:
        return None
    head = FORMAT + digest.encode() + b"\n"
    if len(raw) > MAX_BYTES or not raw.startswith(head):
        return None
    sealed, _, payload = raw[len(head):].partition(b"\n")
    if sealed != hashlib.sha256(payload).hexdigest().encode():
        return None
    try:
        code = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    if not isinstance(code, types.CodeType):
        return None
    module = types.ModuleType(MODULE)
    module.__file__ = str(path_of(folder, digest))
    sys.modules[MODULE] = module  # (dataclasses looks a class's module up while it runs)
    try:
        exec(code, module.__dict__)
    except Exception:  # noqa: BLE001 - a kept file that does not run is not used
        sys.modules.pop(MODULE, None)
        return None
    if any(not hasattr(module, name) for name in NAMES):
        sys.modules.pop(MODULE, None)
        return None
    return module


def keep(grammar: bytes, options: str, lark: Lark) -> bool:
    """Write the stand-alone module of ``lark`` (built from ``grammar`` with ``options``,
    without a post-lexer: the module's data holds the options, and the post-lexer is given
    when it is loaded), compiled, in the private cache folder. False when it was not."""
    from lark.tools.standalone import gen_standalone

    from nuffle.textfile import write_cache_entry
    folder = private_cache_dir()
    if folder is None:
        return False
    digest = key(grammar, options)
    lines: list[str] = []
    gen_standalone(lark, output=lambda *parts: lines.append(" ".join(map(str, parts)) + "\n"))
    # the generator imports these for compressed tables (not asked for here) and Lark.save
    # (not called): pickle alone is a tenth of the module's import
    source = "".join(line for line in lines if line != "import pickle, zlib, base64\n")
    code = compile(source, f"<{MODULE}>", "exec")
    payload = marshal.dumps(code)
    head = FORMAT + digest.encode() + b"\n" + hashlib.sha256(payload).hexdigest().encode()
    return write_cache_entry(path_of(folder, digest), head + b"\n" + payload, MAX_BYTES)
