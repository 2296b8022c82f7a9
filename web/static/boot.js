// The page's main thread: plain JavaScript that never waits for Python.
//
// Python (the engine, the bots and the views) runs in a Web Worker
// (web/static/worker.mjs, then web/worker.py). This module keeps the lobby
// working from the first paint, switches screens in place with the History
// API (lobby, game, replay, rules: Python starts once per visit), forwards
// clicks and keys to the worker and puts the markup it answers in the page,
// keeps the saved games in localStorage, and registers the service worker.
const body = document.body;
const $ = (id) => document.getElementById(id);
const progress = $("boot-progress");
const say = (text) => { if (progress) progress.textContent = text; };
const engineReady = () => body.dataset.engine === "ready";
const SAVE_PREFIX = "woodland-games:save:";

// -- the engine worker --------------------------------------------------------------

// index.html starts the worker in its head; its messages until now wait in `early`.
const {worker: engine, early} = window.woodlandEngine
  ?? {worker: new Worker("./web/worker.mjs", {type: "module"}), early: []};
engine.onmessage = null;
engine.onerror = null;
const pending = new Map();
let nextId = 1;
// Each request waits in the worker's queue until Python is up; none is lost.
function call(name, ...args) {
  const id = nextId++;
  engine.postMessage({id, name, args});
  return new Promise((resolve, reject) => pending.set(id, {resolve, reject}));
}

function onEngineMessage(data) {
  if (data.id) {
    const request = pending.get(data.id);
    pending.delete(data.id);
    if ("error" in data) request?.reject(new Error(data.error));
    else request?.resolve(data.result);
    return;
  }
  if (data.mark) performance.mark(data.mark);  // runtime-ready: for benchmarks/page_load.py
  if (data.progress && !engineReady()) say(data.progress);
  if (data.failed) bootFailed(data.failed);
  if (data.ready) {
    body.dataset.engine = "ready";
    performance.mark("engine-ready");
    say("Ready.");
    registerOffline();
  }
}
engine.addEventListener("message", ({data}) => onEngineMessage(data));
engine.addEventListener("error", (event) => bootFailed(event.message || "the worker did not start"));

function bootFailed(reason) {
  body.dataset.engine = "error";
  say("Python did not start.");
  showAlert(`The game engine could not be loaded (${reason}). Check the connection and ` +
    "reload the page; once a visit has finished loading, the site also works offline.");
}

function showAlert(message) {
  const box = $("alert");
  box.textContent = message;
  box.hidden = !message;
}

// -- screens ------------------------------------------------------------------------

let generation = 0;   // the worker's: answers from an older game are dropped
let botTimer = null;
let onGameScreen = false;

function showOnly(id) {
  for (const name of ["lobby", "game", "rules-view"]) $(name).hidden = name !== id;
  onGameScreen = id === "game";
}

function showLobby(error = "") {
  showOnly("lobby");
  showAlert(error);
  document.title = "Woodland Games";
  body.dataset.status = "lobby";
  listSaves();
}

// What a page URL names: the lobby, a game or replay (asked of the worker), or rules.
async function route() {
  clearTimeout(botTimer);
  const params = new URLSearchParams(location.search);
  if (params.has("rules")) return showRules(params.get("rules"));
  if (!location.search) {
    showLobby();
    if (engineReady()) apply(await call("lobby"));
    return;
  }
  if (!engineReady()) {
    body.dataset.status = "loading";
    $("lobby").hidden = true;
    say("Your game starts as soon as Python is ready…");
  }
  const fallbackSeed = Date.now() % 1_000_000;
  apply(await call("navigate", location.search, location.hash, fallbackSeed));
}

function apply(screen) {
  if (screen.generation < generation) return;  // an answer about a game no longer shown
  generation = screen.generation;
  if (screen.status === "lobby") {
    showLobby(screen.alert);
    return;
  }
  if (new URLSearchParams(location.search).has("rules")) return;  // the rules came first
  if (!onGameScreen) {
    showOnly("game");
    $("game-title").textContent = screen.title;
    $("rules-link").href = `./rules/${screen.game_id}.html`;
    document.title = `${screen.title} · Woodland Games`;
  }
  render(screen.regions);
  showAlert(screen.alert);
  if (screen.note) $("status").textContent = screen.note;
  if (screen.url) history.replaceState(null, "", screen.url);
  if (screen.store) {
    try { localStorage.setItem(...screen.store); } catch (err) { console.warn("cannot save:", err); }
  }
  body.dataset.status = screen.status;
  clearTimeout(botTimer);
  if (screen.bot) botTimer = setTimeout(() => think(false), screen.delay);
}

window.botMoveMs = [];  // each AI move as the page waited for it: benchmarks/page_interaction.py
async function think(step) {
  const asked = generation;
  const started = performance.now();
  body.dataset.thinking = "true";  // for tests and benchmarks: an AI is thinking
  const screen = await call("think", asked, step);
  delete body.dataset.thinking;
  if (asked !== generation) return;
  window.botMoveMs.push(performance.now() - started);
  apply(screen);
}

// Replacing the markup drops keyboard focus to <body>: put it back on the same
// control, else on the next thing to press, so keyboard players keep their place.
function render(regions) {
  const focused = document.activeElement;
  const hadFocus = focused && focused.closest("#game");
  const tool = hadFocus ? focused.getAttribute("data-ui") : null;
  const started = performance.now();
  for (const [name, html] of Object.entries(regions)) {
    const element = $(name);
    if (element.innerHTML !== html) element.innerHTML = html;
  }
  const log = $("log");
  log.scrollTop = log.scrollHeight;
  let target = document.querySelector("#overlay .handoff button");
  if (!target && hadFocus) {
    target = (tool && document.querySelector(`#game [data-ui="${CSS.escape(tool)}"]`))
      || document.querySelector("#overlay [data-ui], #actions [data-action], #board [data-action]");
  }
  target?.focus({preventScroll: true});
  window.lastRenderMs = performance.now() - started;  // read by benchmarks/page_interaction.py
}

// -- input on the game screen -------------------------------------------------------------

async function press(target) {
  if (target.hasAttribute("disabled")) return;
  if (target.hasAttribute("data-action")) {
    apply(await call("act", Number(target.dataset.action), generation));
    return;
  }
  const [key, value = ""] = target.dataset.ui.split(/=(.*)/s);
  if (key === "step") { clearTimeout(botTimer); return think(true); }
  const screen = await call("ui", key, value, generation);
  const result = screen.result ?? {};
  if (result.go) { history.pushState(null, "", result.go); return route(); }
  if (result.download) download(...result.download);
  apply(screen);
  if (result.copy) copyLink(result.copy);
}

$("game").addEventListener("click", (event) => {
  const target = event.target.closest("[data-action],[data-ui]");
  if (target) press(target);
});
$("game").addEventListener("keydown", (event) => {
  const target = event.target.closest("[data-action],[data-ui]");
  if (target && (event.key === "Enter" || event.key === " ")
      && !["button", "a"].includes(event.target.tagName.toLowerCase())) {
    event.preventDefault();
    press(target);
  }
});

function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const link = Object.assign(document.createElement("a"), {href: url, download: filename});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Copies the link; where there is no clipboard (an insecure page, an old
// browser, a refusal), shows it to be copied by hand instead.
async function copyLink(query) {
  const url = location.href.split("?")[0] + query;
  window.lastCopiedLink = url;
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    const field = Object.assign(document.createElement("input"), {
      value: url, readOnly: true, className: "link-field", ariaLabel: "This position's link"});
    $("status").replaceChildren("Copy this link (it replays every move, hidden ones included): ",
                                field);
    field.select();
  }
}

// -- the rules, shown in place (the same files stay readable without JavaScript) -----

const rulesCache = new Map();
async function showRules(gameId) {
  clearTimeout(botTimer);
  if (onGameScreen) call("hold");  // no AI moves while the game is out of sight
  showOnly("rules-view");
  showAlert("");
  body.dataset.status = "rules";
  const content = $("rules-content");
  if (!/^[a-z-]+$/.test(gameId)) { content.textContent = "There are no such rules."; return; }
  if (!rulesCache.has(gameId)) {
    try {
      const response = await fetch(`./rules/${gameId}.html`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      rulesCache.set(gameId, page.querySelector("main").innerHTML);
    } catch (err) {
      content.textContent = `The rules could not be loaded (${err.message}).`;
      return;
    }
  }
  content.innerHTML = rulesCache.get(gameId);
  document.title = `${content.querySelector("h1")?.textContent ?? "Rules"} · rules · Woodland Games`;
  window.scrollTo(0, 0);
}

$("rules-back").addEventListener("click", () => {
  if (history.state?.inPage) history.back();
  else { history.pushState(null, "", "./"); route(); }
});

// Links within the site switch screens in place: the lobby, a game, the rules.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[href]");
  if (!link || link.target || link.hasAttribute("download") || event.defaultPrevented
      || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(link.href, location.href);
  const home = new URL("./", document.baseURI);
  if (url.origin !== home.origin) return;
  let next = null;
  const rules = url.pathname.match(/\/rules\/([a-z-]+)\.html$/);
  if (rules && url.pathname.startsWith(home.pathname)) next = `./?rules=${rules[1]}`;
  else if (url.pathname === home.pathname || url.pathname === `${home.pathname}index.html`) {
    next = `./${url.search}${url.hash}`;
  }
  if (next === null) return;
  event.preventDefault();
  history.pushState({inPage: true}, "", next);
  route();
});
window.addEventListener("popstate", route);

// -- the lobby ------------------------------------------------------------------------------

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
    history.pushState({inPage: true}, "", query);
    route();
  });
}

// Saved games: each in its own localStorage entry, so a damaged one never
// hides the others. A saved entry is listed only if it has every field the
// list uses; anything else (hand-edited storage, another site's key) is shown
// as damaged.
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

function listSaves() {
  const list = $("saved-list");
  list.replaceChildren();
  const games = savedGames();
  $("saved").hidden = games.length === 0;
  for (const {key, entry} of games) {
    try { list.append(savedItem(key, entry)); } catch (err) {
      console.warn("cannot list a saved game:", err);
      list.append(savedItem(key, null));
    }
  }
}

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
    file.addEventListener("click", () => download(`${entry.game}-${id}.json`, JSON.stringify(entry.save, null, 1)));
    buttons.push(file);
  } else {
    text.textContent = "A damaged saved game (it cannot be opened)";
  }
  const remove = Object.assign(document.createElement("button"), {type: "button", textContent: "Delete"});
  remove.addEventListener("click", () => { localStorage.removeItem(key); listSaves(); });
  buttons.push(remove);
  item.append(text, ...buttons);
  return item;
}

// Opening a save file: the worker checks it by replaying it.
const importInput = $("import-file");
importInput.addEventListener("change", async () => {
  const file = importInput.files[0];
  if (!file) return;
  const text = await file.text();
  importInput.value = "";
  if (!engineReady()) say("The file opens as soon as Python is ready…");
  const screen = await call("import_file", text);
  if (screen.status !== "lobby") history.pushState({inPage: true}, "", screen.url);
  apply(screen);
});

// -- offline ----------------------------------------------------------------------------------

// The service worker's first install copies the whole runtime into its cache
// (from the HTTP cache or the network); registered once Python is ready or
// 20 s after load, whichever is first, it does not compete with the first boot.
let offlineRegistered = false;
function registerOffline() {
  if (offlineRegistered || !("serviceWorker" in navigator) || location.protocol === "file:") return;
  offlineRegistered = true;
  navigator.serviceWorker.register("./sw.js").catch((err) => console.warn("offline cache unavailable:", err));
}
window.addEventListener("load", () => setTimeout(registerOffline, 20_000));

// -- start ------------------------------------------------------------------------------------

say("Starting Python…");
for (const data of early.splice(0)) onEngineMessage(data);
route();
