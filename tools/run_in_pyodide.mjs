// Runs a Python script inside Pyodide under Node: `node tools/run_in_pyodide.mjs SCRIPT [ARGS...]`.
// Build steps use it when the result must come from the very Python that runs in the browser
// (e.g. .pyc files, whose format is specific to that interpreter build).
// The current directory is mounted at the same path, so relative paths work as usual.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [script, ...args] = process.argv.slice(2);
if (!script) {
    console.error("usage: node tools/run_in_pyodide.mjs SCRIPT [ARGS...]");
    process.exit(2);
}
// No column positions in the code compiled (PYTHONNODEBUGRANGES): the .pyc the build makes
// are downloaded by every user, and a fifth smaller without them.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const cwd = process.cwd();
pyodide.FS.mkdirTree(cwd);
pyodide.mountNodeFS(cwd, cwd);
pyodide.FS.chdir(cwd);
pyodide.runPython("import runpy, sys");
pyodide.globals.get("sys").argv = pyodide.toPy([script, ...args]);
try {
    pyodide.runPython(`runpy.run_path(sys.argv[0], run_name="__main__")`);
} catch (error) {
    console.error(error.message);
    process.exit(1);
}
