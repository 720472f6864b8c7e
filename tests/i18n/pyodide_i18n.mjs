// Loads the game package into Pyodide (under Node, from the npm package) the way the browser
// does, as plain files in the virtual file system, and prints what tests/i18n/i18n_probe.py
// computes there. Usage: node pyodide_i18n.mjs REPO_ROOT
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(process.argv[2]);
const { loadPyodide } = await import(
  pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href
);
const py = await loadPyodide();
const target = "/home/pyodide/app";

function copy(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const source = path.join(dir, entry.name);
    const dest = path.posix.join(target, path.relative(root, source).split(path.sep).join("/"));
    if (entry.isDirectory()) {
      py.FS.mkdirTree(dest);
      copy(source);
    } else {
      py.FS.writeFile(dest, fs.readFileSync(source));
    }
  }
}
py.FS.mkdirTree(path.posix.join(target, "game"));
copy(path.join(root, "game"));
const probe = fs.readFileSync(path.join(root, "tests/i18n/i18n_probe.py"), "utf8");
py.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(target)})`);
console.log(py.runPython(probe + "\nprobe()"));
