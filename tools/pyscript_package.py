"""PyScript's own Python package (`pyscript`), read from the npm package, so that the build can
ship it compiled in the app's packages' archive.

At every start PyScript writes this package's 14 modules (30 kB of source) to the browser's file
system and imports it, compiling them first: measured on warm starts, 30-60 ms of one long
main-thread task. The build compiles them as it compiles the app's modules (tools/
pyodide_packages.py) into the archive, which is first on sys.path: Python imports PyScript's
package from there, from its .pyc; the source PyScript still writes is not read.

The sources come from the npm package's `src/stdlib/pyscript.js` (an artifact of PyScript's own
build: a JavaScript object of the files), and each must be, character for character, in the
chunks of PyScript that the app ships (their code embeds the same object): the archive never
holds another version of the package than the one PyScript writes.
"""

from __future__ import annotations

import json
from pathlib import Path

PACKAGE = "pyscript"
EXPORT = "export default"


class PyScriptPackageError(Exception):
    pass


def _files(tree: object, folder: str) -> dict[str, str]:
    if not isinstance(tree, dict):
        raise PyScriptPackageError(f"{folder}: not a folder of the package")
    files: dict[str, str] = {}
    for name, value in tree.items():
        path = f"{folder}/{name}"
        if isinstance(value, str):
            files[path] = value
        else:
            files |= _files(value, path)
    return files


def read_package(artifact: Path, shipped_chunks: list[Path]) -> dict[str, str]:
    """The package's files by path (`pyscript/web.py`), from PyScript's `artifact`; each checked
    to be in one of `shipped_chunks`."""
    text = artifact.read_text(encoding="utf-8")
    start = text.find(EXPORT)
    if start < 0:
        raise PyScriptPackageError(f"{artifact}: no `{EXPORT}` object")
    try:
        tree = json.loads(text[start + len(EXPORT) :].strip().removesuffix(";"))
    except json.JSONDecodeError as error:
        raise PyScriptPackageError(f"{artifact}: not a JSON object ({error})") from None
    if not isinstance(tree, dict) or set(tree) != {PACKAGE}:
        raise PyScriptPackageError(f"{artifact}: expected one folder, {PACKAGE}/")
    files = _files(tree[PACKAGE], PACKAGE)
    if f"{PACKAGE}/__init__.py" not in files:
        raise PyScriptPackageError(f"{artifact}: no {PACKAGE}/__init__.py")
    shipped = "".join(chunk.read_text(encoding="utf-8") for chunk in shipped_chunks)
    for path, source in files.items():
        if json.dumps(source, ensure_ascii=False) not in shipped:
            raise PyScriptPackageError(
                f"{path} of {artifact} differs from the one in PyScript's shipped chunks"
            )
    return files
