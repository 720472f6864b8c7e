"""Saving, restoring, exporting and importing behave in Pyodide exactly as in CPython, and
hostile imports are refused there too (deep nesting would otherwise overflow the WebAssembly
stack and kill the interpreter)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"


def probe_in_cpython() -> dict[str, object]:
    spec = importlib.util.spec_from_file_location(
        "persistence_probe", HERE / "persistence_probe.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: dict[str, object] = json.loads(module.probe())
    return result


def test_the_probe_in_cpython() -> None:
    result = probe_in_cpython()
    assert result["restored_exactly"] is True and result["imported"] == [1, 0]
    assert result["refusals"] == {
        "nested": "not_json",
        "objects": "not_json",
        "huge": "too_large",
        "digits": "not_json",
        "closers": "not_json",
        "quotes": "not_json",
    }


@pytest.mark.skipif(
    shutil.which("node") is None or not PYODIDE.exists(),
    reason="needs node and the pyodide npm package (npm install)",
)
def test_persistence_in_pyodide_matches_cpython() -> None:
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "run_in_pyodide.mjs"), str(HERE / "persistence_probe.py")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert json.loads(result.stdout.strip().splitlines()[-1]) == probe_in_cpython()
