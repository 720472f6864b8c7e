"""Pre-compiles Pyodide's standard library to .pyc; run INSIDE Pyodide (tools/run_in_pyodide.mjs).

Usage: compile_stdlib SOURCE_ZIP OUT_ZIP

Pyodide ships its standard library as .py source, so every start-up compiles each module it
imports, which is most of the time to interactive. .pyc files written by the same interpreter
build load without compiling. They are "unchecked hash-based" .pyc: no source is needed to
validate them, and their bytes depend only on the source, so builds are reproducible.

The .pyc library is bigger than the source (about 4.5 MB against 2.5 MB, compressed), so the
packages a browser game never or rarely uses stay as source: still importable (compiled on first
import), without their .pyc weight in the first download.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

# Kept as source: no use in a browser game, or only for tooling, and none imported at start-up
# (a test checks that the app's start imports nothing from source: see tests/e2e). A leading
# name matches a package (its whole folder) or a module.
KEEP_AS_SOURCE = (
    "_pyrepl/",  # the interactive console
    "unittest/",
    "doctest.py",
    "pdb.py",
    "pydoc.py",
    "email/",  # mail and network protocols: no sockets in a browser
    "http/",
    "xml/",
    "xmlrpc/",
    "wsgiref/",
    "mailbox.py",
    "imaplib.py",
    "smtplib.py",
    "ftplib.py",
    "poplib.py",
    "multiprocessing/",  # no processes in a browser (but asyncio imports concurrent and
    # subprocess at start-up, so those are compiled)
    "sqlite3/",  # its C extension is not in Pyodide's core files
    "tarfile.py",
    "pickletools.py",
    "urllib/",  # rarely used by a game, none at start-up
    "argparse.py",
    "optparse.py",
    "configparser.py",
    "ctypes/",
    "ipaddress.py",
    "pickle.py",
    "calendar.py",
    "_pydatetime.py",  # pure-Python fallbacks of C modules Pyodide has
    "_pyio.py",
    "_pydecimal.py",
    "_pylong.py",
    # Development, profiling and packaging tools, and platform introspection.
    "_sysconfigdata_",
    "sysconfig/",
    "platform.py",
    "_ast_unparse.py",
    "bdb.py",
    "profile.py",
    "cProfile.py",
    "pstats.py",
    "trace.py",
    "tracemalloc.py",
    "timeit.py",
    "difflib.py",
    "modulefinder.py",
    "pyclbr.py",
    "py_compile.py",
    "compileall.py",
    "zipapp.py",
    "symtable.py",
    "tabnanny.py",
    "rlcompleter.py",
    "plistlib.py",
    "wave.py",
    "webbrowser.py",
    "netrc.py",
    "mimetypes.py",
    "stringprep.py",
    "quopri.py",
    "this.py",
    "antigravity.py",
    "__hello__.py",
    "__phello__/",
    "idlelib/",
    "turtledemo/",
    "tkinter/",
    "ensurepip/",
    "venv/",
)

# Deterministic timestamps, so the same input gives a byte-identical zip (and cache name).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def compiled(name: str, source: bytes, zip_path: str) -> bytes:
    code = compile(source, f"{zip_path}/{name}", "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def main(source_zip: str, out_zip: str) -> None:
    # Tracebacks name the path the library is mounted at in the browser, as the source would.
    mounted_at = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    counts = {"compiled": 0, "source": 0}
    with (
        zipfile.ZipFile(source_zip) as zin,
        zipfile.ZipFile(out_zip, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout,
    ):
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            name, data = info.filename, zin.read(info)
            if name.endswith(".py") and not name.startswith(KEEP_AS_SOURCE):
                name, data = name[:-3] + ".pyc", compiled(name, data, mounted_at)
                counts["compiled"] += 1
            elif name.endswith(".py"):
                counts["source"] += 1
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, data)
    print(f"stdlib: {counts['compiled']} modules compiled, {counts['source']} kept as source")


if __name__ == "__main__":
    main(*sys.argv[1:])
