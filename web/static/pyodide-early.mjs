// Starts Pyodide as soon as the page is parsed, while PyScript is still
// loading (~0.3 s of script on a slow machine). pyscript.json names this
// module as PyScript's interpreter, so PyScript imports this same instance
// and its loadPyodide() call receives the runtime already under way.
//
// PyScript passes loadPyodide() its stdout/stderr handlers (forwarded here
// as they arrive), an indexURL derived from this module's folder (ignored:
// the runtime lives in ../pyodide/) and, only when pyscript.json lists
// "packages", a package list (this site lists none; the runtime loads no
// packages here).
import { loadPyodide as load, version } from "../pyodide/pyodide.mjs";

let output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

const started = load({
  indexURL: new URL("../pyodide/", import.meta.url).href,
  stdout: (text) => output.stdout(text),
  stderr: (text) => output.stderr(text),
});
// PyScript awaits the same promise and reports a failure on the page; this
// only keeps the browser from also calling it unhandled before then.
started.catch(() => {});

export { version };

export function loadPyodide({ stdout, stderr, packages } = {}) {
  if (packages?.length) throw new Error("pyodide-early.mjs loads no packages: see its header");
  if (stdout) output = { ...output, stdout };
  if (stderr) output = { ...output, stderr };
  return started;
}
