// The engine's Web Worker: boots the vendored Pyodide, fetches the site's
// Python archives alongside it (the engine wheel and the web package) and
// unpacks them, then answers the main thread's requests (web/static/boot.js)
// by calling web.worker.call(name, args) in Python. Requests that arrive
// before Python is up wait for it; none is lost.
//
// Messages in: {id, name, args}. Out: {id, result} or {id, error}, and
// while booting {progress}, {mark: "runtime-ready"}, {ready} or {failed}.
import { loadPyodide } from "../pyodide/pyodide.mjs";

// build.py fills in the archives' hashed names (paths relative to this module).
const ARCHIVES = ["{{ARCHIVES}}"];

const post = (message) => self.postMessage(message);

async function fetchArchive(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`Could not fetch ${path}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start() {
  post({progress: "Loading Python…"});
  const [pyodide, ...archives] = await Promise.all([
    loadPyodide({indexURL: new URL("../pyodide/", import.meta.url).href}),
    ...ARCHIVES.map(fetchArchive),
  ]);
  post({mark: "runtime-ready", progress: "Unpacking the games…"});
  for (const data of archives) pyodide.unpackArchive(data, "zip");
  const call = pyodide.pyimport("web.worker").call;
  post({ready: true});
  return call;
}

const started = start();
started.catch((error) => post({failed: error?.message ?? String(error)}));

self.addEventListener("message", async ({data: {id, name, args}}) => {
  try {
    const call = await started;
    post({id, result: JSON.parse(await call(name, JSON.stringify(args)))});
  } catch (error) {
    post({id, error: error?.message ?? String(error)});
  }
});
