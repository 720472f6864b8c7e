"""dist's packages archive holds exactly the Python modules the app can import: the import
closure of shell/main.py, its lazy imports (inside functions) included, read from the sources
with ast. A module only the command line or the tools use must not ship; one the app imports
must not be missing. The same for the standard library's modules it imports. No browser
needed."""

from __future__ import annotations

import zipfile
from pathlib import Path, PurePosixPath

from tests.import_graph import (
    PROJECT_PACKAGES,
    closure,
    import_graph,
    imported_names,
    module_files,
)
from tools.build_site import (
    ENTRY_SCRIPT,
    PACKAGES_ARCHIVE,
    PYODIDE_DIST,
    PYTHON_PACKAGES,
    RUNTIME_DIR,
    STDLIB_ZIP,
)


def archived_modules(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as zipped:
        compiled = [PurePosixPath(name) for name in zipped.namelist() if name.endswith(".pyc")]
    return {
        ".".join(path.parent.parts if path.name == "__init__.pyc" else path.with_suffix("").parts)
        for path in compiled
    }


def test_the_archive_holds_exactly_the_import_closure_of_the_entry_script(dist: Path) -> None:
    entry = ".".join(PurePosixPath(ENTRY_SCRIPT).with_suffix("").parts)
    graph = import_graph(module_files(PROJECT_PACKAGES), runtime_only=True)
    needed = closure(graph, entry)
    assert {"game.app", "game.persistence.exchange", "game.strategy.table"} <= needed
    # The archive holds PyScript's own package too (tests/e2e/test_site_build.py checks it).
    archived = archived_modules(dist / PACKAGES_ARCHIVE)
    shipped = {name for name in archived if name.split(".")[0] in PYTHON_PACKAGES}
    assert {name.split(".")[0] for name in archived - shipped} == {"pyscript"}
    assert sorted(shipped - needed) == [], "shipped, but the app never imports them"
    assert sorted(needed - shipped) == [], "the app imports them, but they are not shipped"


def library_modules(archive: Path) -> set[str]:
    """The modules in a standard library zip, as source or compiled."""
    with zipfile.ZipFile(archive) as zipped:
        files = [PurePosixPath(name) for name in zipped.namelist()]
    return {
        ".".join(path.parent.parts if path.stem == "__init__" else path.with_suffix("").parts)
        for path in files
        if path.suffix in (".py", ".pyc")
    }


def test_every_standard_module_the_app_imports_is_shipped(dist: Path) -> None:
    # Pyodide's standard library is trimmed to what the app and the runtime use
    # (tools/pyodide_stdlib.py). Read here from the app's own sources, every import (inside
    # functions too): a module of Pyodide's library that the app imports must be in the
    # shipped one. (Modules outside the zip are built into the runtime: sys, math...)
    modules = module_files(PYTHON_PACKAGES)
    entry = ".".join(PurePosixPath(ENTRY_SCRIPT).with_suffix("").parts)
    shipped_own = closure(import_graph(module_files(PROJECT_PACKAGES), runtime_only=True), entry)
    imported = {
        name
        for module in shipped_own
        for name in imported_names(module, modules[module], runtime_only=True)
    }
    available = library_modules(PYODIDE_DIST / STDLIB_ZIP)
    shipped = library_modules(dist / RUNTIME_DIR / "pyodide" / STDLIB_ZIP)
    needed = imported & available
    assert {"json", "random", "dataclasses", "importlib.resources"} <= needed
    assert sorted(needed - shipped) == [], "the app imports them, but they are not shipped"
    assert len(shipped) < len(available) / 2, "the library is not trimmed"
