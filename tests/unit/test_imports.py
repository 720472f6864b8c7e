"""The import graph of game/, shell/, cli/ and tools/ has no cycle, and the browser's code
(game/, shell/) never imports the command line or the tools (so the build can ship it alone)."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import PROJECT_PACKAGES, find_cycle, import_graph, module_files

BROWSER_PACKAGES = ("game", "shell")
# `python -m game` starts the command line; the build leaves it out of the browser's archive.
COMMAND_LINE_ENTRY = "game.__main__"


def test_no_import_cycle_anywhere() -> None:
    graph = import_graph(module_files(PROJECT_PACKAGES))
    assert set(graph) >= {"game.app", "shell.main", "cli.main", "tools.build_site"}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_browsers_code_never_imports_the_command_line_or_the_tools() -> None:
    graph = import_graph(module_files(PROJECT_PACKAGES))
    reaching_out = {
        f"{name} -> {imported}"
        for name, imports in graph.items()
        if name.split(".")[0] in BROWSER_PACKAGES and name != COMMAND_LINE_ENTRY
        for imported in imports
        if imported.split(".")[0] not in BROWSER_PACKAGES
    }
    assert reaching_out == set()


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    """The cycle that game/cli.py and game/strategy/cli.py had: one side imported the other
    at the top, the other imported back inside its functions."""
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    for init in ("pkg/__init__.py", "pkg/sub/__init__.py"):
        (tmp_path / init).write_text('"""A package."""\n')
    (tmp_path / "pkg" / "cli.py").write_text("from pkg.sub import cli as sub_cli\n")
    (tmp_path / "pkg" / "sub" / "cli.py").write_text(
        "def run() -> None:\n    from ..cli import main\n"
    )
    (tmp_path / "pkg" / "leaf.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.cli\n"
    )
    modules = module_files(["pkg"], tmp_path)
    assert find_cycle(import_graph(modules)) in (
        ["pkg.cli", "pkg.sub.cli", "pkg.cli"],
        ["pkg.sub.cli", "pkg.cli", "pkg.sub.cli"],
    )
    assert import_graph(modules)["pkg.leaf"] == {"pkg", "pkg.cli"}
    assert import_graph(modules, runtime_only=True)["pkg.leaf"] == set()
    (tmp_path / "pkg" / "sub" / "cli.py").write_text("def run() -> None:\n    pass\n")
    assert find_cycle(import_graph(module_files(["pkg"], tmp_path))) is None
