"""The built folder (dist/) is complete and self-consistent; no browser needed."""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import json
import re
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser_helpers import ROOT
from tools.build_site import (
    CPYTHON_ONLY_FILES,
    ENTRY_SCRIPT,
    PACKAGES_ARCHIVE,
    PAGE_MEMORY,
    PYSCRIPT_PACKAGE,
    PYTHON_PACKAGES,
    SERVICE_WORKER,
    SHARED_MEMORY,
    cached_pyc,
    pyc_compiler,
    service_worker_build,
    write_archive,
)
from tools.classic_runtime import classic_runtime
from tools.pyodide_packages import PACKAGES_PATH
from tools.pyscript_package import PyScriptPackageError, read_package
from tools.runtime_snapshot import SNAPSHOT_INPUTS, page_with_snapshot_plan


def pyscript_chunks(dist: Path) -> list[Path]:
    return sorted((dist / "runtime" / "pyscript").glob("*.js"))


def test_the_archive_holds_every_module_of_the_python_packages_compiled_and_their_data(
    dist: Path,
) -> None:
    # PyScript unpacks nothing: Python imports from the archive as it is, from where the
    # snapshot's plan says it is.
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    assert "files" not in config
    page = (dist / "index.html").read_text()
    plan = json.loads(page.split('id="runtime-snapshot">')[1].split("</script>")[0])
    assert (plan["archive"], plan["path"]) == (PACKAGES_ARCHIVE, PACKAGES_PATH)
    files = {
        path.relative_to(ROOT).as_posix(): path.read_bytes()
        for package in PYTHON_PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.name not in CPYTHON_ONLY_FILES
    }
    # PyScript's own package too, as the PyScript shipped writes it at start.
    pyscript = read_package(PYSCRIPT_PACKAGE, pyscript_chunks(dist))
    assert "pyscript/web.py" in pyscript
    files.update((name, source.encode()) for name, source in pyscript.items())
    with zipfile.ZipFile(dist / PACKAGES_ARCHIVE) as archive:
        packed = {name: archive.read(name) for name in archive.namelist()}
    modules = {name for name in files if name.endswith(".py")}
    assert modules and "game/catalogs/en.json" in files
    assert set(packed) == {f"{name}c" for name in modules} | (set(files) - modules)
    # Each module's .pyc is the one the build compiled from its source as it is now.
    compiler = pyc_compiler()
    for name in modules:
        assert packed[f"{name}c"] == cached_pyc(compiler, name, files[name]).read_bytes(), (
            f"{name}c is stale"
        )
    for name in set(files) - modules:
        assert packed[name] == files[name], f"{name} is stale"
    assert (dist / ENTRY_SCRIPT).read_bytes() == (ROOT / ENTRY_SCRIPT).read_bytes()
    assert config["interpreter"] == "./assets/runtime-start.mjs"
    assert (dist / config["interpreter"]).exists()


def test_a_pyscript_package_unlike_the_shipped_one_stops_the_build(
    dist: Path, tmp_path: Path
) -> None:
    artifact = tmp_path / "pyscript.js"
    changed = PYSCRIPT_PACKAGE.read_text().replace("RUNNING_IN_WORKER", "RUNNING_ELSEWHERE", 1)
    artifact.write_text(changed)
    with pytest.raises(PyScriptPackageError, match=r"pyscript/__init__\.py .* differs"):
        read_package(artifact, pyscript_chunks(dist))
    artifact.write_text("export default {};")
    with pytest.raises(PyScriptPackageError, match="expected one folder, pyscript/"):
        read_package(artifact, pyscript_chunks(dist))


def test_the_packages_archive_is_reproducible(dist: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(dist / PACKAGES_ARCHIVE) as archive:
        archive.extractall(tmp_path)
        names = archive.namelist()
    write_archive(tmp_path / "again.zip", tmp_path, names)
    assert (tmp_path / "again.zip").read_bytes() == (dist / PACKAGES_ARCHIVE).read_bytes()


def test_the_service_worker_lists_every_file_with_its_hash(dist: Path) -> None:
    build = service_worker_build(dist)
    groups: dict[str, dict[str, str]] = {
        key: build[key] for key in ("precache", "background", "lazy")
    }
    listed = {name: digest for group in groups.values() for name, digest in group.items()}
    assert len(listed) == sum(map(len, groups.values())), "a file is in two groups"
    on_disk = {
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.name != SERVICE_WORKER
    }
    assert set(listed) == on_disk
    for name, digest in listed.items():
        assert hashlib.sha256((dist / name).read_bytes()).hexdigest() == digest, name
    assert "index.html" in groups["precache"]
    # The strategy tables are needed offline (Hint, the optimal computer player) but too large
    # to delay the install: fetched in the background after it, with the score distributions
    # of optimal play beside them (the review's percentile). Screenshots only on demand.
    assert set(groups["background"]) == {
        f"assets/tables/{ruleset}.{kind}"
        for ruleset in ("penta", "yatzy")
        for kind in ("table", "scores.json")
    }
    # Only what the browser's install asks for is fetched on demand: the manifest's screenshots
    # and its icons but the page's own.
    assert all(name.startswith(("assets/screenshots/", "assets/icons/")) for name in groups["lazy"])
    assert "assets/icons/icon-192.png" in groups["precache"]


def test_the_runtime_is_self_hosted_and_trimmed(dist: Path) -> None:
    runtime = dist / "runtime"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (runtime / "pyodide" / name).stat().st_size > 0
    assert (runtime / "pyodide" / "pyodide-lock.json").exists()
    assert (runtime / "pyscript" / "core.js").exists()
    assert not list(dist.rglob("*.map")), "source maps are not deployed"
    assert not list((runtime / "pyscript").glob("codemirror*")), "the code editor is not used"
    # No shared memory made on a page that is not cross-origin isolated (a deprecated use
    # that Chromium reports as an issue): see runtime_without_shared_memory.
    module = (runtime / "pyodide" / "pyodide.asm.mjs").read_text()
    assert SHARED_MEMORY not in module
    assert module.count(PAGE_MEMORY) == 1
    # Its classic copy, for the installed app's starts (tools/classic_runtime.py).
    classic = (runtime / "pyodide" / "pyodide.asm.js").read_text()
    assert classic == classic_runtime(module)
    assert "import.meta" not in classic and "export " not in classic.replace("export type", "")


def test_no_page_or_script_names_another_host(dist: Path) -> None:
    index = (dist / "index.html").read_text()
    assert not re.search(r"(src|href)=\"(https?:)?//", index)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', index)
    assert policy, "index.html must carry a Content-Security-Policy"
    assert "default-src 'self'" in policy.group(1)
    assert "unsafe-eval'" not in policy.group(1).replace("'wasm-unsafe-eval'", "")
    assert "http" not in policy.group(1)


def snapshot_plan(dist: Path) -> dict[str, Any]:
    found = re.search(
        r'<script type="application/json" id="runtime-snapshot">(.*?)</script>',
        (dist / "index.html").read_text(),
    )
    assert found, "index.html has no snapshot plan"
    plan: dict[str, Any] = json.loads(found.group(1))
    return plan


def test_the_snapshot_imports_every_module_but_the_entry_script_none_using_javascript(
    dist: Path,
) -> None:
    plan = snapshot_plan(dist)
    with zipfile.ZipFile(dist / plan["archive"]) as archive:
        sources = {
            name.removesuffix(".pyc").removesuffix("/__init__").replace("/", "."): (
                ROOT / name.removesuffix("c")
            ).read_bytes()
            for name in archive.namelist()
            if name.split("/")[0] in PYTHON_PACKAGES and name.endswith(".pyc")
        }
    entry = ENTRY_SCRIPT.removesuffix(".py").replace("/", ".")
    assert entry in sources and entry not in plan["modules"]
    own = {name for name in plan["modules"] if name.split(".")[0] in PYTHON_PACKAGES}
    assert own == set(sources) - {entry}
    # What a snapshot keeps cannot refer to JavaScript: no module of it may import any.
    for name in own:
        for node in ast.walk(ast.parse(sources[name])):
            imported = [alias.name for alias in getattr(node, "names", [])]
            if isinstance(node, ast.ImportFrom):
                imported = [node.module or ""]
            if isinstance(node, ast.Import | ast.ImportFrom):
                assert not {i.split(".")[0] for i in imported} & {"js", "pyscript"}, name
    assert {"asyncio", "json", "dataclasses"} <= set(plan["modules"])  # the shell's and core's
    assert {"base64", "html"} <= set(plan["modules"])  # PyScript's package's


def test_the_snapshot_calls_functions_of_its_own_modules_that_need_no_arguments(
    dist: Path,
) -> None:
    plan = snapshot_plan(dist)
    assert plan["calls"]
    for call in plan["calls"]:
        module_name, _, function_name = call.partition(":")
        assert module_name in plan["modules"], call
        function = getattr(importlib.import_module(module_name), function_name)
        assert not inspect.signature(function).parameters, call
        function()  # what the snapshot runs, as it runs it


def test_the_snapshot_key_changes_with_each_thing_it_is_made_from(
    dist: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "dist"
    for name in (*SNAPSHOT_INPUTS, PACKAGES_ARCHIVE):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_bytes((dist / name).read_bytes())
    page = "<head>\n  <!-- runtime-snapshot: the plan -->\n</head>\n"
    modules = snapshot_plan(dist)["modules"]

    def key(modules: list[str]) -> str:
        built = page_with_snapshot_plan(page, copy, PACKAGES_ARCHIVE, modules)
        plan: dict[str, Any] = json.loads(re.sub(r"(?s).*?>(\{.*\})<.*", r"\1", built))
        return str(plan["key"])

    keys = {key(modules)}
    assert key(modules) in keys  # the same inputs, the same key
    keys.add(key(modules[:-1]))
    for name in (*SNAPSHOT_INPUTS, PACKAGES_ARCHIVE):
        (copy / name).write_bytes((copy / name).read_bytes() + b"\n")
        keys.add(key(modules))
    assert len(keys) == 2 + len(SNAPSHOT_INPUTS) + 1
