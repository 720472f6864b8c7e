"""dist's packages archive holds exactly the Python modules the app can import: the import
closure of shell/main.py, its lazy imports (inside functions) included, read from the sources
with ast. A module only the command line or the tools use must not ship; one the app imports
must not be missing. No browser needed."""

from __future__ import annotations

import zipfile
from pathlib import Path, PurePosixPath

from tests.import_graph import PROJECT_PACKAGES, closure, import_graph, module_files
from tools.build_site import ENTRY_SCRIPT, PACKAGES_ARCHIVE


def archived_modules(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as zipped:
        sources = [PurePosixPath(name) for name in zipped.namelist() if name.endswith(".py")]
    return {
        ".".join(path.parent.parts if path.name == "__init__.py" else path.with_suffix("").parts)
        for path in sources
    }


def test_the_archive_holds_exactly_the_import_closure_of_the_entry_script(dist: Path) -> None:
    entry = ".".join(PurePosixPath(ENTRY_SCRIPT).with_suffix("").parts)
    graph = import_graph(module_files(PROJECT_PACKAGES), runtime_only=True)
    needed = closure(graph, entry)
    assert {"game.app", "game.persistence.exchange", "game.strategy.table"} <= needed
    shipped = archived_modules(dist / PACKAGES_ARCHIVE)
    assert sorted(shipped - needed) == [], "shipped, but the app never imports them"
    assert sorted(needed - shipped) == [], "the app imports them, but they are not shipped"
