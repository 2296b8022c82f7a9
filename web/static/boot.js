// Plain JavaScript that runs before Python: the lobby works at once, the
// status line shows the runtime's progress, and the service worker is
// registered for offline play. Python (web/app.py) takes over when ready.
const body = document.body;
const progress = document.getElementById("boot-progress");
const say = (text) => { if (progress) progress.textContent = text; };
const pythonReady = () => body.dataset.engine === "ready";
const bootOver = () => pythonReady() || body.dataset.engine === "error";

if (!location.search) body.dataset.status = "lobby";
else {
  document.getElementById("lobby").hidden = true;
  say("Loading the game engine…");
}

// Boot progress: PyScript's own steps, plus the big downloads as they land.
window.addEventListener("py:progress", (e) => {
  if (!bootOver()) say(`Starting Python: ${e.detail}…`);
});
const labels = {"pyodide.asm.wasm": "Python runtime", "python_stdlib.zip": "standard library",
  "pyodide.asm.mjs": "runtime loader"};
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("/").pop().split("?")[0];
      if (labels[name] && !bootOver()) say(`Loaded the ${labels[name]}…`);
    }
  }).observe({type: "resource", buffered: true});
}
// The runtime or an archive could not be loaded (pyodide-early.mjs): say so
// instead of a status line that never moves on.
window.addEventListener("woodland:boot-failed", (e) => {
  body.dataset.engine = "error";
  say("Python did not start.");
  const alert = document.getElementById("alert");
  alert.textContent = `The game engine could not be loaded (${e.detail}). ` +
    "Check the connection and reload the page; once a visit has finished loading, " +
    "the site also works offline.";
  alert.hidden = false;
});
const readyWatch = new MutationObserver(() => {
  if (pythonReady()) { say("Ready."); readyWatch.disconnect(); registerOffline(); }
});
readyWatch.observe(body, {attributes: true, attributeFilter: ["data-engine"]});

// The lobby: show one seat row per player; a submitted form becomes the game's URL.
for (const form of document.querySelectorAll("form.new-game")) {
  const players = form.elements.players;
  const showSeats = () => {
    for (const row of form.querySelectorAll(".seat-row")) {
      row.hidden = Number(row.dataset.seat) >= Number(players.value);
    }
  };
  players.addEventListener("change", showSeats);
  showSeats();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(players.value);
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(form.elements[`seat${i}`].value);
    const typed = form.elements.seed.value.trim();
    const seed = typed || String(Math.floor(Math.random() * 1e9));
    let query = `?game=${encodeURIComponent(form.dataset.game)}&seats=${seats.join(",")}&seed=${encodeURIComponent(seed)}`;
    for (const option of form.querySelectorAll("[data-option]")) {
      query += `&${encodeURIComponent(option.dataset.option)}=${encodeURIComponent(option.value)}`;
    }
    history.pushState(null, "", query);
    if (pythonReady()) {
      window.dispatchEvent(new Event("woodland:navigate"));
    } else {
      body.dataset.status = "loading";
      say("Your game starts as soon as Python is ready…");
    }
  });
}

// The service worker's first install copies the whole runtime into its cache
// (from the HTTP cache or the network); registered once Python is ready (by
// readyWatch above) or 20 s after load, whichever is first, it does not
// compete with the first boot.
let offlineRegistered = false;
function registerOffline() {
  if (offlineRegistered || !("serviceWorker" in navigator) || location.protocol === "file:") return;
  offlineRegistered = true;
  navigator.serviceWorker.register("./sw.js").catch((err) => console.warn("offline cache unavailable:", err));
}
window.addEventListener("load", () => setTimeout(registerOffline, 20_000));

// Saved games: each in its own localStorage entry (written by Python after
// every move). The lobby lists them at once, before Python is ready.
const SAVE_PREFIX = "woodland-games:save:";

window.woodlandStore = (key, text) => {
  try { localStorage.setItem(key, text); } catch (err) { console.warn("cannot save:", err); }
};

window.woodlandDownload = (filename, text) => {
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const link = Object.assign(document.createElement("a"), {href: url, download: filename});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

window.woodlandCopy = (text) => {
  window.lastCopiedLink = text;
  navigator.clipboard?.writeText(text).catch(() => {});
};

// A saved entry is listed only if it has every field the list uses; anything
// else (hand-edited storage, another site's key) is shown as damaged.
function wellFormed(entry) {
  return entry !== null && typeof entry === "object" && typeof entry.url === "string"
    && typeof entry.title === "string" && typeof entry.game === "string"
    && Array.isArray(entry.seats) && Number.isFinite(entry.updated)
    && Number.isFinite(entry.moves);
}

function savedGames() {
  const games = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(SAVE_PREFIX)) continue;
    let entry = null;
    try { entry = JSON.parse(localStorage.getItem(key)); } catch { entry = null; }
    games.push({key, entry: wellFormed(entry) ? entry : null});
  }
  return games.sort((a, b) => (b.entry?.updated ?? 0) - (a.entry?.updated ?? 0));
}

window.woodlandListSaves = () => {
  const list = document.getElementById("saved-list");
  if (!list) return;
  list.replaceChildren();
  const games = savedGames();
  document.getElementById("saved").hidden = games.length === 0;
  for (const {key, entry} of games) {
    try { list.append(savedItem(key, entry)); } catch (err) {
      console.warn("cannot list a saved game:", err);
      list.append(savedItem(key, null));
    }
  }
};

function savedItem(key, entry) {
    const item = document.createElement("li");
    const id = key.slice(SAVE_PREFIX.length);
    const text = document.createElement("span");
    const buttons = [];
    if (entry) {
      const when = new Date(entry.updated).toLocaleString();
      const state = entry.over ? "finished" : `move ${entry.moves}` + (entry.round ? `, round ${entry.round}` : "");
      text.textContent = `${entry.title} · ${entry.seats.join(", ")} · ${state} · ${when}`;
      const open = (label, suffix) => Object.assign(document.createElement("a"), {
        textContent: label, href: `./${entry.url}${entry.url.includes("#") ? "&" : "#"}${suffix}`,
        className: "button"});
      buttons.push(open(entry.over ? "View" : "Resume", `s=${id}`), open("Replay", `replay=1&s=${id}`));
      const file = Object.assign(document.createElement("button"), {type: "button", textContent: "Save file"});
      file.addEventListener("click", () => window.woodlandDownload(`${entry.game}-${id}.json`, JSON.stringify(entry.save, null, 1)));
      buttons.push(file);
    } else {
      text.textContent = "A damaged saved game (it cannot be opened)";
    }
    const remove = Object.assign(document.createElement("button"), {type: "button", textContent: "Delete"});
    remove.addEventListener("click", () => { localStorage.removeItem(key); window.woodlandListSaves(); });
    buttons.push(remove);
    item.append(text, ...buttons);
    return item;
}
window.woodlandListSaves();

// Opening a save file: Python checks it by replaying it (queued until Python is ready).
const importInput = document.getElementById("import-file");
importInput?.addEventListener("change", async () => {
  const file = importInput.files[0];
  if (!file) return;
  const text = await file.text();
  importInput.value = "";
  const send = () => window.dispatchEvent(new CustomEvent("woodland:import", {detail: text}));
  if (pythonReady()) send();
  else {
    say("The file opens as soon as Python is ready…");
    new MutationObserver((_, watch) => { if (pythonReady()) { watch.disconnect(); send(); } })
      .observe(body, {attributes: true, attributeFilter: ["data-engine"]});
  }
});
