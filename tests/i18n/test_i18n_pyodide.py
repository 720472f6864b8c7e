"""The catalogs and rules load inside Pyodide exactly as in CPython (package data as files)."""

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


def probe() -> str:
    spec = importlib.util.spec_from_file_location("i18n_probe", HERE / "i18n_probe.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: str = module.probe()
    return result


@pytest.mark.skipif(
    shutil.which("node") is None or not PYODIDE.exists(),
    reason="needs node and the pyodide npm package (npm install)",
)
def test_catalogs_and_rules_load_in_pyodide_as_in_cpython() -> None:
    result = subprocess.run(
        ["node", str(HERE / "pyodide_i18n.mjs"), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    in_pyodide = json.loads(result.stdout.strip().splitlines()[-1])
    assert in_pyodide == json.loads(probe())
    assert in_pyodide["he"]["dir"] == "rtl"
