// Adds Pyodide's own bytecode to zips of Python sources (the engine wheel, the
// web package): compiles every .py inside the vendored Pyodide, so that the
// bytecode matches its CPython exactly, and stores it as unchecked-hash .pyc
// files (valid whatever the unpacked files' timestamps), so imports in the
// browser skip compiling. Run by build.py (with_bytecode):
//
//   node tools/bytecode.mjs PYODIDE_DIR/ ZIP...      (each zip is rewritten in place)
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [indexURL, ...paths] = process.argv.slice(2);
// Report only the message: node would print the whole minified line of pyodide.asm.mjs.
const fail = (e) => { console.error(String(e?.message ?? e).slice(-2000)); process.exit(1); };
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL });
py.runPython(readFileSync(new URL("./bytecode.py", import.meta.url), "utf8"));
const convert = py.globals.get("with_bytecode");
for (const path of paths) {
  const data = readFileSync(path);
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  py.FS.writeFile("/tmp/archive.zip", bytes);
  convert("/tmp/archive.zip");
  writeFileSync(path, py.FS.readFile("/tmp/archive.zip"));
}
