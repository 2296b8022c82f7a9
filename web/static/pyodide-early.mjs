// Starts Pyodide as soon as the page is parsed, while PyScript is still
// loading (~0.3 s of script on a slow machine), and fetches the archives
// alongside it (the engine wheel, the web package, and the standard-library
// modules build.py ships compiled), as the bare Pyodide page of the
// benchmarks fetches its wheel. pyscript.json names this module as
// PyScript's interpreter, so PyScript imports this same instance and its
// loadPyodide() call receives the runtime already under way, with the
// archives unpacked into the working directory (first on sys.path):
// PyScript has no "files" step.
//
// PyScript passes loadPyodide() its stdout/stderr handlers (forwarded here
// as they arrive), an indexURL derived from this module's folder (ignored:
// the runtime lives in ../pyodide/) and, only when pyscript.json lists
// "packages", a package list (this site lists none; the runtime loads no
// packages here).
import { loadPyodide as load, version } from "../pyodide/pyodide.mjs";

// build.py fills in the archives' hashed names (paths relative to this module).
const ARCHIVES = ["{{ARCHIVES}}"];

let output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

async function fetchArchive(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`Could not fetch ${path}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start() {
  const [pyodide, ...archives] = await Promise.all([
    load({
      indexURL: new URL("../pyodide/", import.meta.url).href,
      stdout: (text) => output.stdout(text),
      stderr: (text) => output.stderr(text),
    }),
    ...ARCHIVES.map(fetchArchive),
  ]);
  for (const data of archives) pyodide.unpackArchive(data, "zip");
  performance.mark("runtime-ready"); // for benchmarks/page_load.py
  return pyodide;
}

const started = start();
// PyScript awaits the same promise but shows nothing when it fails: boot.js
// tells the player (and keeps the lobby and the saves as they are).
started.catch((error) => {
  window.dispatchEvent(new CustomEvent("woodland:boot-failed", { detail: error?.message ?? String(error) }));
});

export { version };

export function loadPyodide({ stdout, stderr, packages } = {}) {
  if (packages?.length) throw new Error("pyodide-early.mjs loads no packages: see its header");
  if (stdout) output = { ...output, stdout };
  if (stderr) output = { ...output, stderr };
  return started;
}
