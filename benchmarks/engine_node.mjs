// Run Python code on the engine under Pyodide in node (no browser, no network).
//
//   node benchmarks/engine_node.mjs DIST_DIR CODE_FILE
//   node benchmarks/engine_node.mjs DIST_DIR --call PACKAGE_DIR MODULE FUNCTION ARGS_JSON
//
// Boots the vendored Pyodide from DIST_DIR/pyodide/, unpacks the engine wheel
// and the web package from DIST_DIR/py/ into the working directory (on
// sys.path), runs the Python
// code in CODE_FILE and writes what it prints to stdout. Python errors go to
// stderr with a non-zero exit code. With --call, the .py files of PACKAGE_DIR
// are copied in as a package of that name, MODULE.FUNCTION is called with the
// arguments in ARGS_JSON (a JSON list), and its result is written to stdout
// as one line of JSON. benchmarks/engine_pyodide.py wraps this.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [distArg, codeFile, ...callArgs] = process.argv.slice(2);
const calling = codeFile === "--call";
if (!distArg || !codeFile || (calling && callArgs.length !== 4)) {
  console.error("usage: node engine_node.mjs DIST_DIR (CODE_FILE | --call PACKAGE_DIR MODULE FUNCTION ARGS_JSON)");
  process.exit(2);
}
const dist = resolve(distArg);
const indexURL = join(dist, "pyodide") + "/";
const wheels = readdirSync(join(dist, "py")).filter(
  (name) => name.startsWith("pygame_engine-") && name.endsWith(".whl"),
);
if (wheels.length !== 1) {
  console.error(`expected one engine wheel in ${join(dist, "py")}, found ${wheels}`);
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
// The engine wheel, and the web package (web-*.zip) when the code asks for it.
for (const name of readdirSync(join(dist, "py"))) {
  const format = name === wheels[0] ? "wheel" : /^web-.*\.zip$/.test(name) ? "zip" : null;
  if (format) {
    const bytes = readFileSync(join(dist, "py", name)); // a Buffer: Pyodide wants a plain view
    pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), format);
  }
}
// Copy a package's Python files in beside the engine, call one of its functions.
function callFunction(packageDir, moduleName, functionName, argsJson) {
  const target = basename(resolve(packageDir));
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(packageDir).filter((n) => n.endsWith(".py"))) {
    pyodide.FS.writeFile(`${target}/${name}`, readFileSync(join(packageDir, name), "utf8"));
  }
  const args = JSON.parse(argsJson).map((value) => pyodide.toPy(value));
  const result = pyodide.pyimport(moduleName)[functionName](...args);
  process.stdout.write(pyodide.pyimport("json").dumps(result) + "\n");
}

try {
  if (calling) {
    callFunction(...callArgs);
  } else {
    await pyodide.runPythonAsync(readFileSync(codeFile, "utf8"));
  }
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exitCode = 1;
}
