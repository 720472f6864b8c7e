// Makes the interpreter's memory snapshot off the main thread (see assets/runtime-start.mjs):
// a second interpreter starts here, the app's packages are unpacked where PyScript unpacks
// them (pyscript.toml's [files]: the working directory), the modules of the build's plan are
// imported, and the memory is posted back with its SHA-256.
//
// Nothing of JavaScript may be referenced from Python when the snapshot is taken (it could
// not be restored in another page): the modules are named in Python source, not passed in.
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

async function snapshot({ runtime: indexURL, archive, modules }) {
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const response = await fetch(archive);
    if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "." });
    pyodide.runPython(
        [
            "def _import_for_the_snapshot():",
            "    import importlib",
            `    for name in ${JSON.stringify(modules)}:`,
            "        importlib.import_module(name)",
            "_import_for_the_snapshot()",
            "del _import_for_the_snapshot",
        ].join("\n"),
    );
    const bytes = pyodide.makeMemorySnapshot();
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    return { bytes, digest };
}

addEventListener("message", ({ data }) => {
    snapshot(data).then(
        ({ bytes, digest }) => {
            const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"));
            postMessage({ bytes, digest: hex.join("") }, [bytes.buffer]);
        },
        (error) => postMessage({ error: String(error?.message ?? error) }),
    );
});
