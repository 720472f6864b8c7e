"""Builds `dist/`, the exact folder that is deployed: `python -m tools.build_site`.

Steps, in order:
1. generators make or refresh inputs (e.g. the strategy tables); see GENERATORS below;
2. the Python packages, each module compiled to a .pyc, go into one archive that Python imports
   from as it is (zipimport: assets/runtime-start.mjs puts it on the file system and on
   sys.path): one download instead of one per file (~90 requests took 150 ms on a warm start
   and 700 ms on a cold one), and nothing to unpack at start (PyScript's unpacking of its 245
   files took 65-115 ms of the main thread); the archive is made from the packages' files
   themselves, so no module can be left out; the assets are copied, the stylesheets joined
   into one (see tools/stylesheets.py);
3. the browser runtime is copied from node_modules (nothing is loaded from another origin),
   with Pyodide's standard library replaced by a trimmed, pre-compiled one (see
   tools/pyodide_stdlib.py), and index.html gets the list of the runtime's files that
   assets/runtime-load.js downloads (see tools/runtime_files.py), and its texts from the catalogs
   in every language (see tools/boot_texts.py);
4. service-worker.js gets the list of every file with its content hash (which are fetched on
   install, in the background after it, or on first use), and a cache name derived from them.
"""

from __future__ import annotations

import argparse
import ast
import filecmp
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n.locale import I18nError
from tools import boot_texts, manifests, stylesheets
from tools.classic_runtime import ClassicRuntimeError, classic_runtime
from tools.page_blocks import PageBlockError
from tools.pyscript_package import PyScriptPackageError, read_package
from tools.runtime_files import RuntimeFilesError, page_with_runtime_files
from tools.runtime_snapshot import page_with_snapshot_plan, snapshot_modules

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# PyScript's own Python package, as its build wrote it (see tools/pyscript_package.py).
PYSCRIPT_PACKAGE = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
PYODIDE_DIST = NODE_MODULES / "pyodide"
CACHE_DIR = ROOT / "build"  # build-time caches (gitignored)

PYTHON_PACKAGES = ("game", "shell")
PACKAGES_ARCHIVE = "packages.zip"
# `python -m game` is the command line's entry (it runs cli/, which is CPython only).
CPYTHON_ONLY_FILES = ("__main__.py",)
ENTRY_SCRIPT = "shell/main.py"  # started by assets/pyscript-setup.js; PyScript fetches it
RUNTIME_DIR = "runtime"  # in dist: runtime/pyscript/, runtime/pyodide/

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
CLASSIC_RUNTIME = "pyodide.asm.js"  # made from pyodide.asm.mjs (tools/classic_runtime.py)
STDLIB_ZIP = "python_stdlib.zip"
# pyscript.toml's interpreter: Pyodide's loader, restoring a snapshot when one is kept.
INTERPRETER_START = "assets/runtime-start.mjs"
SNAPSHOT_STORE = "assets/snapshot-store.mjs"  # imported by INTERPRETER_START
SERVICE_WORKER = "service-worker.js"

# Which PyScript chunks are shipped: core.js, everything imported statically, and what core
# imports dynamically (its plugins, always loaded, and its config parser), except core's lazy
# chunks for settings this app does not use: the code editor, package installation and archives
# in [files]. The plugins' own dynamic imports (terminal, editor) are for elements this page
# does not have. This keeps about 300 kB gzip out of the first download.
PYSCRIPT_CORE_PREFIX = "core"
PYSCRIPT_UNUSED_LAZY_CHUNKS = ("codemirror", "pyodide_graph", "zip")

# Files the service worker does not fetch on install, so that they never delay the first visit
# until the app works offline. Either way they are checked against their hash and then kept with
# the rest of this version.
# - Background: fetched once this version controls the page and the app is up (the page asks
#   at every start until they are all kept). The strategy tables: large, but the Hint and the
#   optimal computer player need them, offline too; beside them optimal play's scores (the
#   review's percentile, which needs the table anyway).
# - Lazy: fetched only when first asked for. The manifest's screenshots, which only an install
#   dialog shows, and its icons but the page's own (192 px): the browser asks for them when it
#   installs the app, or shows its splash screen.
BACKGROUND_PREFIXES = ("assets/tables/",)
LAZY_PREFIXES = ("assets/screenshots/", "assets/icons/icon-512", "assets/icons/maskable-")


@dataclass(frozen=True)
class Generator:
    """A build step that makes inputs from the sources: `python -m module *args`, run on every
    build, so it must itself skip work that is up to date."""

    module: str
    args: tuple[str, ...] = ()


# To add a build step, add one line here.
GENERATORS: tuple[Generator, ...] = (
    Generator("tools.solve", ("--if-needed",)),  # strategy tables, assets/tables/
    # Optimal play's final scores (committed; simulated again only if the tables changed).
    Generator("tools.score_distribution", ("--if-needed",)),
)


class BuildError(Exception):
    pass


def run_generators() -> None:
    for step in GENERATORS:
        subprocess.run([sys.executable, "-m", step.module, *step.args], cwd=ROOT, check=True)


def package_files() -> list[str]:
    """Every file of the browser's Python packages (modules and their data, e.g. catalogs),
    but the command line's entry, as paths relative to the root, sorted."""
    files = []
    for package in PYTHON_PACKAGES:
        if not (ROOT / package / "__init__.py").exists():
            raise BuildError(f"{package}/__init__.py is missing: {package} must be a package")
        files += [
            path.relative_to(ROOT).as_posix()
            for path in (ROOT / package).rglob("*")
            if path.is_file()
            and "__pycache__" not in path.parts
            and path.suffix != ".pyc"
            and path.name not in CPYTHON_ONLY_FILES
        ]
    return sorted(files)


def pyscript_config() -> str:
    template = (ROOT / "pyscript.toml").read_text()
    if re.search(r"^\s*\[files\]", template, re.MULTILINE):
        raise BuildError(
            "pyscript.toml must not have a [files] table: the packages' archive is imported"
            f" from as it is ({PACKAGES_ARCHIVE}, see tools/runtime_snapshot.py)"
        )
    return template


def write_archive(archive: Path, folder: Path, files: list[str]) -> None:
    """Zips `files` (paths relative to `folder`) with fixed dates and modes: the same files
    always make the same bytes, so an unchanged build keeps its service-worker version."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zipped:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            zipped.writestr(entry, (folder / name).read_bytes())


def copy_pyscript(dest: Path) -> list[str]:
    """Copies PyScript's core.js and the chunks it loads for this app (see above); returns the
    chunks' names, core.js excluded."""
    if not (PYSCRIPT_DIST / "core.js").exists():
        raise BuildError(f"no core.js in {PYSCRIPT_DIST}: run npm ci")
    dest.mkdir(parents=True)
    pending, kept = ["core.js"], set()
    while pending:
        name = pending.pop()
        if name in kept:
            continue
        kept.add(name)
        shutil.copy2(PYSCRIPT_DIST / name, dest / name)
        source = (PYSCRIPT_DIST / name).read_text()
        pending += re.findall(r'from\s*"\./([^"]+\.js)"', source)
        if name.startswith(PYSCRIPT_CORE_PREFIX):
            pending += [
                chunk
                for chunk in re.findall(r'import\(\s*"\./([^"]+\.js)"\s*\)', source)
                if not chunk.startswith(PYSCRIPT_UNUSED_LAZY_CHUNKS)
            ]
    return sorted(kept - {"core.js"})


def standard_modules_imported(sources: dict[str, bytes | str]) -> list[str]:
    """The standard library's modules that the modules in `sources` (by path) import, anywhere
    in them (`from a import b` gives `a` and `a.b`, since `b` may be a module), sorted."""
    names = set()
    for name, source in sources.items():
        for node in ast.walk(ast.parse(source, name)):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return sorted(name for name in names if name.split(".")[0] in sys.stdlib_module_names)


def compiled_stdlib(app_modules: list[str]) -> Path:
    """Pyodide's standard library, trimmed to what `app_modules` and the runtime need and
    pre-compiled, cached by the inputs' hash (it takes ~10 s)."""
    inputs = [PYODIDE_DIST / STDLIB_ZIP, PYODIDE_DIST / "pyodide.asm.wasm"]
    inputs += [ROOT / "tools" / "pyodide_stdlib.py", ROOT / "tools" / "run_in_pyodide.mjs"]
    material = (
        b"".join(file_hash(path).encode() for path in inputs) + " ".join(app_modules).encode()
    )
    key = hashlib.sha256(material).hexdigest()[:16]
    cached = CACHE_DIR / f"python_stdlib-{key}.zip"
    if not cached.exists():
        CACHE_DIR.mkdir(exist_ok=True)
        for stale in CACHE_DIR.glob("python_stdlib-*.zip"):
            stale.unlink()
        partial = cached.with_suffix(".partial")
        # Copied in: Pyodide under Node sees only the working directory, and node_modules
        # may be a link out of it.
        source = CACHE_DIR / f"python_stdlib-source-{os.getpid()}.zip"
        shutil.copy2(PYODIDE_DIST / STDLIB_ZIP, source)
        subprocess.run(
            [
                "node",
                "tools/run_in_pyodide.mjs",
                "tools/pyodide_stdlib.py",
                str(source.relative_to(ROOT)),
                str(partial.relative_to(ROOT)),
                *app_modules,
            ],
            cwd=ROOT,
            check=True,
        )
        source.unlink()
        partial.rename(cached)
    return cached


def pyc_compiler() -> str:
    """What a compiled .pyc depends on besides its module's source: the runtime and the
    compiler (part of each .pyc's cache key)."""
    compilers = [PYODIDE_DIST / "pyodide.asm.wasm", ROOT / "tools" / "pyodide_packages.py"]
    compilers.append(ROOT / "tools" / "run_in_pyodide.mjs")
    return "".join(file_hash(path) for path in compilers)


def cached_pyc(compiler: str, name: str, source: bytes) -> Path:
    """Where the build keeps the .pyc of the module `name` (game/rules/dice.py) with this source."""
    material = f"{compiler}\0{name}\0{hashlib.sha256(source).hexdigest()}"
    return CACHE_DIR / "pyc" / f"{hashlib.sha256(material.encode()).hexdigest()[:32]}.pyc"


def compile_packages(dist: Path, files: list[str]) -> list[str]:
    """Writes the .pyc of each module of the packages in `dist` (game/rules/dice.pyc: where
    zipimport looks, see tools/pyodide_packages.py) and returns their paths. Compiled .pyc are
    cached by module path, source, runtime and compiler, so a build compiles only what changed
    (starting Pyodide under Node takes seconds)."""
    compiler = pyc_compiler()
    (CACHE_DIR / "pyc").mkdir(parents=True, exist_ok=True)
    cached = {
        name: cached_pyc(compiler, name, (dist / name).read_bytes())
        for name in files
        if name.endswith(".py")
    }
    missing = [f"{name}={path.stem}" for name, path in cached.items() if not path.exists()]
    if missing:
        script = ["node", "tools/run_in_pyodide.mjs", "tools/pyodide_packages.py"]
        folders = [str(dist.relative_to(ROOT)), str((CACHE_DIR / "pyc").relative_to(ROOT))]
        subprocess.run([*script, *folders, *missing], cwd=ROOT, check=True)
    compiled = []
    for name, path in cached.items():
        target = f"{name}c"
        shutil.copy2(path, dist / target)
        compiled.append(target)
    return compiled


def copy_pyodide(dest: Path, app_modules: list[str]) -> None:
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if not (PYODIDE_DIST / name).exists():
            raise BuildError(f"{PYODIDE_DIST / name} is missing: run npm ci")
        shutil.copy2(PYODIDE_DIST / name, dest / name)
    module = dest / "pyodide.asm.mjs"
    module.write_text(runtime_without_shared_memory(module.read_text()))
    try:
        (dest / CLASSIC_RUNTIME).write_text(classic_runtime(module.read_text()))
    except ClassicRuntimeError as error:
        raise BuildError(str(error)) from None
    lock = dest / "pyodide-lock.json"
    lock.write_text(lock_without_packages(lock.read_text()))
    shutil.copy2(compiled_stdlib(app_modules), dest / STDLIB_ZIP)


# Pyodide makes, when its module loads, a one-page shared memory for a sleep with Atomics.wait,
# which only a worker may do (it waits while stdin says "try again"). On a page that is not
# cross-origin isolated (GitHub Pages cannot make it so), making one is deprecated: Chromium
# reports it as an issue (Lighthouse's Best Practices). The page gets plain memory: there,
# Atomics.wait fails either way, which Pyodide expects ("no sleep, no retry").
SHARED_MEMORY = "new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)"
PAGE_MEMORY = (
    "new Int32Array(globalThis.crossOriginIsolated===!1&&globalThis.document"
    "?new ArrayBuffer(4):new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)"
)


def lock_without_packages(lock: str) -> str:
    """Pyodide's lock file without its list of the 350 packages it can install (26 kB gzip of
    the first visit, read at every start): the app installs none (pyscript.toml names none)."""
    if "packages" in tomllib.loads((ROOT / "pyscript.toml").read_text()):
        raise BuildError("pyscript.toml names packages: keep Pyodide's lock file whole")
    data = json.loads(lock)
    return json.dumps({"info": data["info"], "packages": {}}, indent=1) + "\n"


def runtime_without_shared_memory(source: str) -> str:
    if source.count(SHARED_MEMORY) != 1:
        raise BuildError("pyodide.asm.mjs has changed: review runtime_without_shared_memory")
    return source.replace(SHARED_MEMORY, PAGE_MEMORY)


def runtime_files(pyscript_chunks: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The runtime's modules, classic scripts and fetched files that the start waits for (see
    tools/runtime_files.py): PyScript's chunks (core.js imports them, and PyScript's plugins),
    Pyodide's modules and its runtime's classic copy, and what they fetch: the configuration,
    the app's packages, Pyodide's lock file, standard library and WebAssembly."""
    pyodide = f"{RUNTIME_DIR}/pyodide"
    modules = [f"{RUNTIME_DIR}/pyscript/{name}" for name in ["core.js", *pyscript_chunks]]
    modules += [INTERPRETER_START, SNAPSHOT_STORE]
    modules += [f"{pyodide}/pyodide.mjs", f"{pyodide}/pyodide.asm.mjs"]
    fetched = ["pyscript.toml", PACKAGES_ARCHIVE, f"{pyodide}/pyodide-lock.json"]
    fetched += [f"{pyodide}/{STDLIB_ZIP}", f"{pyodide}/pyodide.asm.wasm"]
    return modules, [f"{pyodide}/{CLASSIC_RUNTIME}"], fetched


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


BUILD_LINE = re.compile(r"^const BUILD = (.*?);$", re.MULTILINE | re.DOTALL)


def service_worker_build(dist: Path) -> dict[str, Any]:
    """The file list that write_service_worker put into dist's service worker."""
    match = BUILD_LINE.search((dist / SERVICE_WORKER).read_text())
    if match is None:
        raise BuildError(f"{dist / SERVICE_WORKER} has no file list: build the site first")
    build: dict[str, Any] = json.loads(match.group(1))
    return build


def write_service_worker(dist: Path) -> None:
    """Fills the service worker's build line with every file of dist and its hash."""
    files = {
        path.relative_to(dist).as_posix(): file_hash(path)
        for path in sorted(dist.rglob("*"))
        if path.is_file() and path != dist / SERVICE_WORKER  # the browser keeps that one
    }
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    later = BACKGROUND_PREFIXES + LAZY_PREFIXES
    build = {
        "version": version,
        "precache": {name: h for name, h in files.items() if not name.startswith(later)},
        "background": {
            name: h for name, h in files.items() if name.startswith(BACKGROUND_PREFIXES)
        },
        "lazy": {name: h for name, h in files.items() if name.startswith(LAZY_PREFIXES)},
    }
    template = (ROOT / SERVICE_WORKER).read_text()
    placeholder = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
    if len(placeholder.findall(template)) != 1:
        raise BuildError("service-worker.js must have exactly one line `const BUILD = ...;`")
    line = f"const BUILD = {json.dumps(build, indent=1)};"
    (dist / SERVICE_WORKER).write_text(placeholder.sub(lambda _: line, template))


def build(out: Path) -> None:
    """Builds into a fresh folder, then puts it in place of `out` in one rename, and only when
    something changed: a server or test using `out` (several people may share a working tree)
    sees one version or the other, never a half-built folder."""
    started = time.monotonic()
    run_generators()
    CACHE_DIR.mkdir(exist_ok=True)
    dist = CACHE_DIR / f"dist-{os.getpid()}"
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    try:
        assemble(dist)
        if (out / SERVICE_WORKER).exists() and filecmp.cmp(
            out / SERVICE_WORKER, dist / SERVICE_WORKER, shallow=False
        ):
            print(f"build: {out} is up to date ({time.monotonic() - started:.1f} s)")
            return
        replaced = CACHE_DIR / f"dist-{os.getpid()}-replaced"
        if out.exists():
            shutil.move(out, replaced)
        shutil.move(dist, out)
        shutil.rmtree(replaced, ignore_errors=True)
    finally:
        shutil.rmtree(dist, ignore_errors=True)
    size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    print(f"build: {out} ready, {size / 1e6:.1f} MB, {time.monotonic() - started:.1f} s")


def assemble(dist: Path) -> None:
    files = package_files()
    pyscript_chunks = copy_pyscript(dist / RUNTIME_DIR / "pyscript")
    try:
        pyscript_package = read_package(
            PYSCRIPT_PACKAGE, [dist / RUNTIME_DIR / "pyscript" / name for name in pyscript_chunks]
        )
    except PyScriptPackageError as error:
        raise BuildError(str(error)) from None
    staged = dist.with_name(f"{dist.name}-packages")
    try:
        for name in files:
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, staged / name)
        for name, source in pyscript_package.items():
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            (staged / name).write_text(source, encoding="utf-8")
        packaged = files + list(pyscript_package)
        # The modules go compiled, without their source (tools/pyodide_packages.py).
        data = [name for name in packaged if not name.endswith(".py")]
        write_archive(dist / PACKAGES_ARCHIVE, staged, data + compile_packages(staged, packaged))
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    (dist / ENTRY_SCRIPT).parent.mkdir(parents=True)
    shutil.copy2(ROOT / ENTRY_SCRIPT, dist / ENTRY_SCRIPT)
    (dist / "pyscript.toml").write_text(pyscript_config())
    # Not deployed: dot files (.gitignore), a generator's unfinished output, and the stylesheets
    # (joined into one below).
    shutil.copytree(
        ROOT / "assets",
        dist / "assets",
        ignore=shutil.ignore_patterns(".*", "*.partial", stylesheets.STYLES_FOLDER),
    )
    try:
        manifests.write_manifests(ROOT, dist)
    except (manifests.ManifestError, I18nError) as error:
        raise BuildError(str(error)) from None
    index, scripts = boot_texts.read_sources()
    try:
        index = boot_texts.page_with_texts(index, scripts)
        index = stylesheets.page_with_joined_stylesheet(index, ROOT, dist)
    except (
        boot_texts.BootTextError,
        stylesheets.StylesheetError,
        PageBlockError,
        I18nError,
    ) as error:
        raise BuildError(str(error)) from None
    sources: dict[str, bytes | str] = {
        name: (ROOT / name).read_bytes() for name in files if name.endswith(".py")
    }
    sources.update(pyscript_package)
    standard_modules = standard_modules_imported(sources)
    copy_pyodide(dist / RUNTIME_DIR / "pyodide", standard_modules)
    try:
        index = page_with_runtime_files(index, dist, *runtime_files(pyscript_chunks))
        modules = snapshot_modules(files, standard_modules, ENTRY_SCRIPT)
        index = page_with_snapshot_plan(index, dist, PACKAGES_ARCHIVE, modules)
    except (RuntimeFilesError, PageBlockError) as error:
        raise BuildError(str(error)) from None
    (dist / "index.html").write_text(index)
    write_service_worker(dist)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    try:
        build(args.out.resolve())
    except BuildError as error:
        sys.exit(f"build failed: {error}")


if __name__ == "__main__":
    main()
