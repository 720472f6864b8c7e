"""The runtime's classic copy (tools/classic_runtime.py): the module's text with only its
module-only parts replaced, and a module that has changed refused."""

from __future__ import annotations

import pytest

from tools.classic_runtime import ClassicRuntimeError, classic_runtime

MODULE = (
    "async function _createPyodideModule(m={}){var u=new URL('x.wasm',import.meta.url).href;"
    "return u}export default _createPyodideModule;"
)


def test_the_factory_becomes_a_global_and_the_modules_address_the_scripts() -> None:
    classic = classic_runtime(MODULE)
    assert classic.startswith("var _pyodideScriptUrl=document.currentScript.src;\n")
    assert "import.meta" not in classic and "export" not in classic
    assert classic.endswith("globalThis._createPyodideModule=_createPyodideModule;")
    assert "new URL('x.wasm',_pyodideScriptUrl)" in classic


@pytest.mark.parametrize(
    "changed",
    [
        MODULE.replace("export default _createPyodideModule;", "export { _createPyodideModule };"),
        MODULE + "export default _createPyodideModule;",
        MODULE.replace("import.meta.url", "import.meta.resolve('x')"),
        MODULE.replace("m={}", "m=_pyodideScriptUrl"),
    ],
)
def test_a_module_that_has_changed_is_refused(changed: str) -> None:
    with pytest.raises(ClassicRuntimeError):
        classic_runtime(changed)
