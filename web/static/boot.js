// The page's main thread: plain JavaScript that never waits for Python.
//
// Python (the engine, the bots and the views) runs in a PyScript worker
// (index.html's <script type="py" worker name="engine">, then web/worker.py).
// This module keeps the lobby working from the first paint, loads PyScript
// once it is painted, switches screens in place with the History API (lobby,
// game, replay, rules: Python starts once per visit), forwards clicks and keys
// to the worker and puts the markup it answers in the page, keeps the saved
// games in localStorage, and registers the service worker.
const body = document.body;
const $ = (id) => document.getElementById(id);
const progress = $("boot-progress");
const say = (text) => { if (progress) progress.textContent = text; };
const engineReady = () => body.dataset.engine === "ready";
// The key prefix of saved games in localStorage (web/saves.py's, in the lobby's markup).
const SAVE_PREFIX = document.querySelector("[data-save-prefix]").dataset.savePrefix;

// -- the engine: a named PyScript worker ---------------------------------------------
//
// PyScript, loaded once the lobby is painted (evaluating it is a main-thread
// task of tens of ms, which must not delay the first paint or a click),
// starts index.html's engine worker on the vendored Pyodide: micropip installs
// the engine wheel that the worker's config names, and the worker's Python
// exports web.worker's `call`. The main thread runs no Python at all; it calls
// that export asynchronously (no SharedArrayBuffer, so no special headers).
//
// Which engine version runs is the config's business: build.py's
// pyscript_config writes one per engine wheel. To run another version (the
// one a save was made with), point the tag at that version's config before
// PyScript is loaded, e.g.
//   engineScript.setAttribute("config", `./releases/${version}/pyscript.json`);
const engineScript = document.querySelector('script[type="py"][name="engine"]');
const engine = startEngine();
engine.catch((error) => bootFailed(error?.message ?? String(error)));

// Each request waits until the engine is up; none is lost.
// A game made with an older release's rules talks to that release's engine
// (see engineFor); everything else to today's.
function call(name, ...args) {
  return gameEngine ? gameEngine(name, ...args) : callToday(name, ...args);
}
async function callToday(name, ...args) {
  // (Once the engine is up the request is posted at once, not after the
  // current task: an AI asked to think before a screen is drawn thinks meanwhile.)
  const worker = engineWorker ?? await engine;
  return JSON.parse(await worker.sync.call(name, JSON.stringify(args)));
}
let engineWorker = null;

async function startEngine() {
  await afterFirstPaint();
  say("Loading Python…");
  await import("../pyscript/core.js");
  const xworker = await whenSet(() => engineScript.xworker);
  // PyScript's own handler logs a bare "MessageEvent"; the reason, once (the
  // page's alert says it too, through bootFailed).
  xworker.onerror = (event) => console.error("The engine did not start:", event.error?.message ?? event);
  // The worker's script says when Python is up and the packages are in.
  xworker.addEventListener("message", ({data}) => {
    if (data !== "woodland:installed") return;
    performance.mark("runtime-ready");  // for benchmarks/page_load.py
    if (!engineReady()) say("Opening the games…");
  });
  const worker = await xworker.ready;
  engineWorker = worker;
  body.dataset.engine = "ready";
  performance.mark("engine-ready");
  say("Ready.");
  registerOffline();
  return worker;
}

// After the next frame is painted (or 100 ms, if the page is hidden and paints none).
function afterFirstPaint() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

// PyScript sets the tag's `xworker` once it has read the tag's config.
async function whenSet(get) {
  while (!get()) await new Promise((resolve) => setTimeout(resolve, 10));
  return get();
}

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
  if (!onGameScreen) delete body.dataset.acting;
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
    if (gameEngine) leaveReleaseEngine();
    releaseSavedGame();
    showLobby();
    if (updateReady) useUpdate(false);  // no game in progress: the new version may come in
    if (engineReady()) apply(await call("lobby"));
    return;
  }
  waitForEngine();
  const fallbackSeed = Date.now() % 1_000_000;
  const fragment = await claimSavedGame(location.hash);
  apply(await openGame("navigate", location.search, fragment, fallbackSeed));
}

// A game asked for before Python is up: the lobby goes, the page says so.
function waitForEngine() {
  if (engineReady()) return;
  body.dataset.status = "loading";
  $("lobby").hidden = true;
  say("Your game starts as soon as Python is ready…");
}

// -- older rules: a game opens with the release it was made with ----------------------

// The engine of the game on screen when it is not today's (null: today's).
let gameEngine = null;

// Asks today's engine to open a game; when the game was made with another
// release's rules (screen.release), asks that release's engine the same
// request instead. The screen today's engine answered (the replay as far as
// today's rules accept its moves, and why) is shown only if that fails.
async function openGame(name, ...args) {
  if (gameEngine) leaveReleaseEngine();
  const screen = await callToday(name, ...args);
  if (!screen.release) return screen;
  const engine = await engineFor(screen.release);
  if (!engine) return screen;
  generation = -1;  // that engine counts its own generations and answers
  lastSeq = 0;
  gameEngine = engine;
  return engine(name, ...args);
}

// A call function for the engine of kept release `version`
// (dist/releases/<version>/: its engine wheel, which micropip installs, and
// its own web package, both named by that folder's pyscript.json), or null
// when it cannot be started. Each release gets a second named worker tag
// with the same Python as today's engine tag; it is started once and kept.
async function engineFor(version) {
  if (!releaseEngines.has(version)) releaseEngines.set(version, startReleaseEngine(version));
  try {
    return await releaseEngines.get(version);
  } catch (error) {
    releaseEngines.delete(version);
    console.info(`The engine of release ${version} could not start:`, error?.message ?? error);
    return null;
  }
}
async function startReleaseEngine(version) {
  await engine;  // PyScript is loaded, and watches for new tags
  const tag = document.createElement("script");
  tag.type = "py";
  tag.setAttribute("worker", "");
  tag.setAttribute("name", `engine-${version}`);
  tag.setAttribute("config", `./releases/${version}/pyscript.json`);
  tag.textContent = engineScript.textContent;
  document.body.append(tag);
  const worker = await (await whenSet(() => tag.xworker)).ready;
  return async (name, ...args) => JSON.parse(await worker.sync.call(name, JSON.stringify(args)));
}
const releaseEngines = new Map();

function leaveReleaseEngine() {
  gameEngine = null;
  generation = -1;  // today's engine counts its own generations and answers
  lastSeq = 0;
}

let lastSeq = 0;
function apply(screen) {
  if (screen.generation < generation) return;  // an answer about a game no longer shown
  // An AI's move held back for its pause: a later answer (Pause pressed meanwhile) wins.
  // (A kept release's engine may count none: its answers are taken in order.)
  if (screen.seq !== undefined) {
    if (screen.seq <= lastSeq) return;
    lastSeq = screen.seq;
  }
  if (screen.generation !== generation) lastActing = null;
  generation = screen.generation;
  // The rules came first: an answer that arrives after them (a lobby asked for
  // by a step back or forward, a game still opening) is not shown over them.
  if (new URLSearchParams(location.search).has("rules")) return;
  if (screen.status === "lobby") {
    showLobby(screen.alert);
    return;
  }
  if (!onGameScreen) {
    showOnly("game");
    $("game-title").textContent = screen.title;
    $("rules-link").href = `./rules/${screen.game_id}.html`;
    document.title = `${screen.title} · Woodland Games`;
  }
  clearTimeout(botTimer);
  // The next AI move is asked for before this screen is drawn, so that the
  // worker thinks while the page draws; it is shown no sooner than the pace's
  // pause after this screen (see think).
  if (screen.bot) think(false, screen.delay);
  const applying = performance.now();
  render(screen.regions);
  const rendered = performance.now();
  showAlert(screen.alert);
  if (screen.note) showToast([screen.note]);
  if (screen.url) history.replaceState(null, "", screen.url);
  if (screen.store) storeGame(...screen.store);
  const stored = performance.now();
  if (screen.url) holdSavedGame(screen.url);
  // The end of a game: its scores come into view (they sit above the table).
  const ended = screen.status === "over" && body.dataset.status !== "over";
  body.dataset.status = screen.status;
  if (ended) $("overlay").scrollIntoView({block: "nearest", behavior: "auto"});
  bringIntoView(screen.acting ?? null);
  announceMoves(screen, ended);
  noteDecision(screen);
  if (screen.acting === null || screen.acting === undefined) delete body.dataset.acting;
  else body.dataset.acting = String(screen.acting);
  if (screen.cost) {
    Object.assign(screen.cost, {render: rendered - applying, store_js: stored - rendered,
                                apply: performance.now() - applying});
    const cost = screen.cost;
    requestAnimationFrame(() => { cost.frame = performance.now() - applying; });
  }
  shownAt = performance.now();
  if (screen.tick) botTimer = setTimeout(() => sendUi("tick", ""), screen.tick);
}
let shownAt = 0;  // when the last screen was drawn

// When a person is to act, the place to act comes into view, no more than
// needed: the first target on the board, else their own area ([data-focus]);
// only when the acting seat changes to them or the targets change.
let lastActing = null;
let lastTargets = "";
function bringIntoView(acting) {
  if (acting === null) { lastActing = null; lastTargets = ""; return; }
  const targets = [...document.querySelectorAll("#board [data-action]")]
    .map((el) => `${el.dataset.action}:${el.dataset.key ?? ""}:${el.getAttribute("aria-label") ?? ""}`)
    .join("|");
  if (acting === lastActing && targets === lastTargets) return;
  lastActing = acting;
  lastTargets = targets;
  const target = document.querySelector("#board [data-action]")
    ?? document.querySelector("#board [data-focus]");
  target?.scrollIntoView({block: "nearest", inline: "nearest",
                          behavior: reducedMotion.matches ? "auto" : "smooth"});
}

// The sticky bar's height, so that scrolling into view stops below it.
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--bar-h", `${$("bar").offsetHeight}px`);
}).observe($("bar"));

// Short notes (a file saved, a link copied) float over the table for a while.
let toastTimer = null;
function showToast(parts, ms = 6000) {
  const toast = $("toast");
  const close = Object.assign(document.createElement("button"), {
    type: "button", className: "toast-close", textContent: "×", ariaLabel: "Close"});
  close.addEventListener("click", () => { toast.hidden = true; });
  toast.replaceChildren(...parts, close);
  toast.hidden = false;
  clearTimeout(toastTimer);
  if (ms) toastTimer = setTimeout(() => { toast.hidden = true; }, ms);
}

window.botMoveMs = [];  // each AI move as the page waited for it: benchmarks/page_interaction.py
// Where each AI move's time went, in ms (the worker's `costs`, then the page's:
// the request's round trip, the pause held, the DOM update, the save, the next
// frame): benchmarks/ai_wait.py.
window.aiMoveCosts = [];
// From a person's move (the click) to their next decision on screen, with the
// number of AI moves shown in between: benchmarks/ai_wait.py.
window.decisionWaits = [];
let movedAt = null;
let aiMovesSince = 0;
function noteDecision(screen) {
  if (movedAt === null || screen.acting === null || screen.acting === undefined) return;
  window.decisionWaits.push({ms: performance.now() - movedAt, ai: aiMovesSince});
  movedAt = null;
}

// The AI thinks while the last move is still on show: its move is shown
// `pause` ms after the last screen was drawn at the soonest (the pace the
// speed asks for), or as soon as it is made.
// A move held back for its pause is dropped by the next screen applied
// (clearTimeout(botTimer) in apply): that screen came later from the worker,
// so it shows the move too (Pause or a speed change pressed meanwhile).
async function think(step, pause = 0) {
  const asked = generation;
  const started = performance.now();
  body.dataset.thinking = "true";  // for tests and benchmarks: an AI is thinking
  const screen = await call("think", asked, step);
  delete body.dataset.thinking;
  if (asked !== generation) return;
  const answered = performance.now();
  const due = shownAt + pause;
  window.botMoveMs.push(answered - started);
  screen.cost = {...screen.costs, request: answered - started};
  window.aiMoveCosts.push(screen.cost);
  const show = () => {
    aiMovesSince++;
    screen.cost.held = performance.now() - answered;
    apply(screen);
  };
  const wait = due - performance.now();
  if (wait > 0) botTimer = setTimeout(show, wait);
  else show();
}

const shownMarkup = new Map();
// Replacing the markup drops keyboard focus to <body>: a keyboard player's focus
// goes back to the same tool, else on to the next thing to choose (see
// nextChoice below). Pointer players keep none, so no focus ring appears for them.
function render(regions) {
  const focused = document.activeElement;
  const hadFocus = focused && (focused.closest("#game") || focused === body);
  const tool = hadFocus && !focused.closest("#board, #actions")
    ? focused.getAttribute("data-ui") : null;
  const from = hadFocus && focused.closest("#board") ? centreOf(focused) : null;
  const started = performance.now();
  // Compared with the markup last put there (the browser's own serialisation
  // differs), so a region that did not change is left alone under the pointer.
  const changed = Object.entries(regions).map(([name, html]) => [name, html, $(name)])
    .filter(([name, html, element]) => shownMarkup.get(name) !== html || !element.isConnected);
  // Every region's boxes are read before any is replaced: one layout, not one per region.
  const before = changed.map(([, , element]) => (reducedMotion.matches ? null : keyedBoxes(element)));
  changed.forEach(([name, html, element]) => {
    shownMarkup.set(name, html);
    const parsed = document.createElement("template");
    parsed.innerHTML = html;
    morph(element, parsed.content);
  });
  const motions = changed.map(([, , element], i) => (before[i]?.size ? planMotion(element, before[i]) : null));
  for (const motion of motions) motion?.();
  // Focus in a region that changed is moved on as if its element had been
  // replaced (it may have been updated in place into another choice).
  const lost = hadFocus && (!focused.isConnected
    || changed.some(([, , element]) => element.contains(focused)));
  const log = $("log");
  log.scrollTop = log.scrollHeight;
  rove();
  let target = document.querySelector("#overlay .handoff button");
  // (Focus on <body>: it was lost with an earlier render, during the AIs' turn.)
  if (!target && hadFocus && keyboardUser && (lost || focused === body)) {
    target = (tool && document.querySelector(`#game [data-ui="${CSS.escape(tool)}"]`))
      || nextChoice(from);
  }
  if (lost && !target && focused.isConnected && focused !== body) focused.blur();
  target?.focus({preventScroll: true});
  window.lastRenderMs = performance.now() - started;  // read by benchmarks/page_interaction.py
}

// A region takes its new markup node by node: what did not change stays as
// it is (the browser restyles, lays out and paints only what did: on a board
// of a thousand elements an AI move changes a few), the rest is replaced or,
// for an element of the same tag, updated in place. Form fields are replaced
// whole (their value is not their attribute once touched).
const REPLACED_WHOLE = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
function morph(target, source) {
  const olds = [...target.childNodes];
  const news = [...source.childNodes];
  if (olds.length !== news.length) {
    target.replaceChildren(...news);
    return;
  }
  olds.forEach((old, i) => {
    const now = news[i];
    if (old.isEqualNode(now)) return;
    if (old.nodeType === Node.ELEMENT_NODE && now.nodeType === Node.ELEMENT_NODE
        && old.namespaceURI === now.namespaceURI && old.tagName === now.tagName
        && !REPLACED_WHOLE.has(old.tagName)) {
      for (const {name} of [...old.attributes]) {
        if (!now.hasAttribute(name)) old.removeAttribute(name);
      }
      for (const {name, value} of now.attributes) {
        if (old.getAttribute(name) !== value) old.setAttribute(name, value);
      }
      morph(old, now);
    } else if (old.nodeType === Node.TEXT_NODE && now.nodeType === Node.TEXT_NODE) {
      old.data = now.data;
    } else {
      old.replaceWith(now);
    }
  });
}

// -- motion: a component keeps its data-key from one render to the next ------------------
//
// When a region's markup is replaced, an element whose key persists but whose
// box moved glides from its old place to the new one (FLIP: drawn at once in
// its new place, then transformed back and released); a new key fades in.
// Nothing moves when the person asks for reduced motion.
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const MOTION_MS = 250;
// A glide's id: the keys that go along the board's targets land the pieces
// still gliding first, since their order is read from where they are drawn
// (mid-glide, two of them may not yet have passed each other).
const GLIDE = "woodland-glide";
const landGlides = () => {
  for (const animation of document.getAnimations()) if (animation.id === GLIDE) animation.finish();
};
window.woodlandMotion = {moved: 0, faded: 0, render: (regions) => render(regions)};  // for tests

// Where a keyed element sits: in its frame (the board's outermost <svg>, else
// its keyed or plain parent), so that a whole board or panel pushed down by the
// text above it does not set every piece gliding; a piece that changed frames
// (from the market to a board) moves by its place in the window. Each frame is
// looked at once per render (`frames` keeps what was found).
function frameOf(el, region, frames) {
  let svg = el.ownerSVGElement;
  while (svg?.ownerSVGElement) svg = svg.ownerSVGElement;
  const frame = svg ?? el.parentElement.closest("[data-key]") ?? el.parentElement;
  let found = frames.get(frame);
  if (!found) {
    const same = [...region.querySelectorAll(frame.tagName)];
    const id = frame.dataset?.key
      ?? `${frame.tagName}:${same.indexOf(frame)}:${frame.getAttribute("class") ?? ""}`;
    found = {id, box: frame.getBoundingClientRect(), scaled: Boolean(svg)};
    frames.set(frame, found);
  }
  return found;
}

function keyedBoxes(region) {
  const boxes = new Map();
  const frames = new Map();
  for (const el of region.querySelectorAll("[data-key]")) {
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    const {id, box: frameBox} = frameOf(el, region, frames);
    boxes.set(el.dataset.key, {box, frameBox, id});
  }
  return boxes;
}

// The shift (in window px) that puts the element back where it was, centre to
// centre (a ring or mark added around a piece grows its box, it does not move it).
const centre = (box) => [box.left + box.width / 2, box.top + box.height / 2];
function shiftBack(el, region, old, frames) {
  const now = centre(el.getBoundingClientRect());
  const was = centre(old.box);
  const {id, box: f, scaled} = frameOf(el, region, frames);
  if (id !== old.id) return [was[0] - now[0], was[1] - now[1]];
  const g = old.frameBox;
  if (scaled && f.width && f.height && g.width && g.height) {
    // On a drawn board, places are fractions of the board (it may have been resized).
    return [((was[0] - g.left) / g.width - (now[0] - f.left) / f.width) * f.width,
            ((was[1] - g.top) / g.height - (now[1] - f.top) / f.height) * f.height];
  }
  return [was[0] - g.left - (now[0] - f.left), was[1] - g.top - (now[1] - f.top)];
}

// An SVG element's transform attribute as one matrix, or null if it has none.
// (Not SVGTransformList.consolidate(): it rewrites the attribute, and the next
// box read would lay the page out again.)
function ownTransform(el) {
  const items = el.transform?.baseVal;
  if (!items?.numberOfItems) return null;
  let m = new DOMMatrix();
  for (let i = 0; i < items.numberOfItems; i++) {
    const {a, b, c, d, e, f} = items.getItem(i).matrix;
    m = m.multiply(new DOMMatrix([a, b, c, d, e, f]));
  }
  return m;
}

// The motion of a region's pieces, to start once every region's is planned:
// every box is read before any animation starts, since starting one
// invalidates the layout and a read after it would lay the page out again.
function planMotion(region, before) {
  const frames = new Map();
  const fades = [];
  const glides = [];
  const moved = new Set();
  for (const el of region.querySelectorAll("[data-key]")) {
    const old = before.get(el.dataset.key);
    if (!old) {
      fades.push(el);
      continue;
    }
    let [dx, dy] = shiftBack(el, region, old, frames);
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    // A piece inside a moving piece moves with it.
    const outer = el.parentElement?.closest("[data-key]");
    if (outer && moved.has(outer)) continue;
    let base = "";
    if (el instanceof SVGGraphicsElement) {
      // A CSS transform on SVG is in the parent's user units and replaces the
      // element's own transform attribute: scale the shift and keep the attribute.
      const ctm = el.parentElement instanceof SVGGraphicsElement
        ? el.parentElement.getScreenCTM() : el.ownerSVGElement?.getScreenCTM();
      if (ctm?.a && ctm?.d) { dx /= ctm.a; dy /= ctm.d; }
      const m = ownTransform(el);
      if (m) base = `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
    } else {
      const t = getComputedStyle(el).transform;
      if (t && t !== "none") base = t;
    }
    glides.push([el, dx, dy, base]);
    moved.add(el);
  }
  return () => {
    for (const el of fades) {
      el.animate([{opacity: 0}, {opacity: 1}], {duration: MOTION_MS, easing: "ease-out"});
    }
    for (const [el, dx, dy, base] of glides) {
      el.animate([{transform: `translate(${dx}px, ${dy}px) ${base}`}, {transform: base || "none"}],
                 {duration: MOTION_MS, easing: "ease-in-out", id: GLIDE});
    }
    window.woodlandMotion.faded += fades.length;
    window.woodlandMotion.moved += glides.length;
  };
}

// -- keyboard: a roving focus over the board's targets ------------------------------------
//
// Every board (whatever its drawing) marks its targets with data-action (a
// move) or data-ui (a selection). One of them is in the Tab order at a time;
// Left and Right go through all of them in reading order (rows top to bottom,
// each left to right), Up and Down to the nearest in that direction (so
// columns of any grid, hex or square), Home and
// End go to the first and last in reading order, Enter or Space chooses, and
// Escape drops the selection under way. Scripted focus moves only for people
// using the keyboard: a click never leaves a focus ring behind.
let keyboardUser = false;
document.addEventListener("keydown", (event) => {
  if (!event.ctrlKey && !event.metaKey) keyboardUser = true;
}, true);
document.addEventListener("pointerdown", () => { keyboardUser = false; }, true);

// (checkVisibility: the inside of a closed <details> still has boxes.)
const usable = (el) => (el.checkVisibility?.() ?? el.getClientRects().length > 0)
  && !el.hasAttribute("disabled")
  && el.getAttribute("aria-disabled") !== "true";
const boardTargets = () => [...document.querySelectorAll("#board [data-action], #board [data-ui]")]
  .filter(usable);

function centreOf(el) {
  const box = el.getBoundingClientRect();
  return {x: box.left + box.width / 2, y: box.top + box.height / 2, h: box.height};
}

// Top to bottom in rows (centres within half a target's height), each left to right.
function inReadingOrder(elements) {
  const placed = elements.map((el) => ({el, ...centreOf(el)})).sort((a, b) => a.y - b.y);
  const rows = [];
  for (const item of placed) {
    const row = rows.at(-1);
    if (row && item.y - row[0].y <= Math.max(4, Math.min(item.h, row[0].h) / 2)) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x).map((item) => item.el));
}

// The nearest target in a direction: distance along it, plus twice the distance across.
function nearestToward(from, elements, dx, dy) {
  const here = centreOf(from);
  let best = null;
  let bestCost = Infinity;
  for (const el of elements) {
    if (el === from) continue;
    const {x, y} = centreOf(el);
    const along = (x - here.x) * dx + (y - here.y) * dy;
    if (along <= 1) continue;
    const cost = along + 2 * Math.abs((x - here.x) * dy - (y - here.y) * dx);
    if (cost < bestCost) { best = el; bestCost = cost; }
  }
  return best;
}

// One board target in the Tab order: the focused one, else the first.
function rove(current = null) {
  const targets = boardTargets();
  if (!targets.length) return;
  const keep = current ?? targets.find((el) => el === document.activeElement)
    ?? inReadingOrder(targets)[0];
  for (const el of targets) el.setAttribute("tabindex", el === keep ? "0" : "-1");
}

// Where a keyboard player's focus goes after a move or a selection: the end
// screen's buttons, else the board's next move (the one nearest the last
// focus, else the first), else its selections, else the action bar as a group
// (never one of its buttons: some of them pass or give up a turn).
function nextChoice(from) {
  const overlay = document.querySelector("#overlay [data-ui]");
  if (overlay) return overlay;
  const targets = boardTargets();
  const moves = targets.filter((el) => el.hasAttribute("data-action"));
  const pool = moves.length ? moves : targets;
  if (pool.length) {
    const pick = from
      ? pool.reduce((a, b) => (distance(a, from) <= distance(b, from) ? a : b))
      : inReadingOrder(pool)[0];
    rove(pick);
    return pick;
  }
  const group = document.querySelector("#actions [role=group]");
  if (group && group.querySelector("[data-action]")) {
    group.setAttribute("tabindex", "-1");
    return group;
  }
  return document.querySelector("#actions [data-action], #actions [data-ui]");
}

function distance(el, point) {
  const {x, y} = centreOf(el);
  return Math.hypot(x - point.x, y - point.y);
}

const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
$("game").addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === "Escape" && body.dataset.status === "playing") {
    sendUi("cancel", "");
    return;
  }
  const inBoard = event.target.closest?.("#board [data-action], #board [data-ui]");
  const inBar = event.target.closest?.("#actions [role=group]");
  if (!inBoard && !inBar) return;
  let next = null;
  if (inBoard) {
    if (event.key in ARROWS || ["Home", "End"].includes(event.key)) landGlides();
    const targets = boardTargets();
    const order = inReadingOrder(targets);
    const at = order.indexOf(inBoard);
    // Left and Right go along the reading order (to the next row at a row's
    // end), so that they reach every target; Up and Down to the nearest above or below.
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      next = order[at + (event.key === "ArrowRight" ? 1 : -1)] ?? null;
    } else if (event.key in ARROWS) {
      next = nearestToward(inBoard, targets, ...ARROWS[event.key]);
    } else if (event.key === "Home") next = order[0];
    else if (event.key === "End") next = order.at(-1);
  } else {
    // The action bar: the arrows go along its buttons.
    const buttons = [...inBar.querySelectorAll("[data-action], [data-ui]")].filter(usable);
    const at = buttons.indexOf(event.target);
    const step = {ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1}[event.key];
    if (step !== undefined) next = buttons[at < 0 ? 0 : at + step] ?? null;
    else if (event.key === "Home") next = buttons[0];
    else if (event.key === "End") next = buttons.at(-1);
  }
  if (!(event.key in ARROWS) && !["Home", "End"].includes(event.key)) return;
  event.preventDefault();
  if (!next) return;
  if (inBoard) rove(next);
  next.focus();
  next.scrollIntoView?.({block: "nearest", inline: "nearest"});
});

// -- the live region: every move, the person's and the AIs', said in words -----------------
//
// One polite region (#announce) gets one message per screen that adds to the
// log: the new log sentences, and when the person is to act, the prompt.
let logSeen = null;  // [generation, log sentences already said]
function logSentences() {
  return [...document.querySelectorAll("#log li")].map((li) => [...li.childNodes]
    .filter((node) => !node.classList?.contains("seat-dot"))
    .map((node) => node.textContent).join("").trim());
}

function announce(message) {
  const region = $("announce");
  if (region && message) region.textContent = message;
}

// The move that ends the game is followed by the end screen's words: how it
// was won (who won, else the end screen's title).
function announceMoves(screen, ended = false) {
  if (document.querySelector("#overlay .handoff")) return;  // the log is hidden: said later
  const lines = logSentences();
  if (!logSeen || logSeen[0] !== screen.generation) {
    logSeen = [screen.generation, lines.length];  // a game opened: its past is in the log
    return;
  }
  const fresh = lines.slice(logSeen[1]);
  logSeen[1] = lines.length;
  if (!fresh.length) return;
  const prompt = screen.acting !== null && screen.acting !== undefined
    ? ` ${$("status").textContent}` : "";
  const words = (selector) => document.querySelector(selector)?.textContent.trim() ?? "";
  const how = words("#final-scores .how-won") || words("#final-scores h2");
  const end = ended ? ` ${how}${/[.!?]$/.test(how) ? "" : "."}` : "";
  announce(fresh.join(" ") + prompt + end);
}

// -- input on the game screen -------------------------------------------------------------

async function press(target) {
  if (target.hasAttribute("disabled")) return;
  if (target.hasAttribute("data-action")) {
    movedAt = performance.now();
    aiMovesSince = 0;
    apply(await call("act", Number(target.dataset.action), generation));
    return;
  }
  const [key, value = ""] = target.dataset.ui.split(/=(.*)/s);
  if (key === "step") { clearTimeout(botTimer); return think(true); }
  // The hint thinks in slices, like an AI (a kept release's engine answers it as ui).
  if (key === "hint" && !gameEngine) return apply(await call("hint", generation));
  return sendUi(key, value);
}

async function sendUi(key, value) {
  const screen = await call("ui", key, value, generation);
  const result = screen.result ?? {};
  if (result.go) { history.pushState(null, "", result.go); return route(); }
  if (result.download) download(...result.download);
  apply(screen);
  if (key === "undo" && !screen.alert) {
    logSeen = [screen.generation, logSentences().length];
    announce(`Move taken back. ${$("status").textContent}`);
  }
  if (result.copy) copyLink(result.copy, result.copied);
}

// A press whose control moved away under a still pointer (the page scrolling
// the place to act into view, smoothly) is released on another element, and
// the browser sends its click to an ancestor of both: it counts on the control
// it began on, as the person meant. (A pointer moved off before its release
// still cancels the press.)
let pressed = null;  // {target, x, y}: the control under the last press of the pointer
$("game").addEventListener("pointerdown", (event) => {
  const target = event.isPrimary ? event.target.closest("[data-action],[data-ui]") : null;
  pressed = target && {target, x: event.clientX, y: event.clientY};
});
$("game").addEventListener("pointercancel", () => { pressed = null; });
$("game").addEventListener("click", (event) => {
  const began = pressed;
  pressed = null;
  const movedAway = began?.target.isConnected && event.target.contains(began.target)
    && Math.hypot(event.clientX - began.x, event.clientY - began.y) <= 4;
  const target = event.target.closest("[data-action],[data-ui]") ?? (movedAway ? began.target : null);
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
// Lists (<select data-ui-select=KEY>) send their value when changed.
$("game").addEventListener("change", (event) => {
  const select = event.target.closest("[data-ui-select]");
  if (select) sendUi(select.dataset.uiSelect, select.value);
});
// A slider (<input type=range data-ui-range=KEY>) follows the finger: one
// request at a time, the latest value last.
let sliding = false;
$("game").addEventListener("input", async (event) => {
  const range = event.target.closest("[data-ui-range]");
  if (!range || sliding) return;
  sliding = true;
  let sent = null;
  try {
    while (sent !== range.value && range.isConnected) {
      sent = range.value;
      await sendUi(range.dataset.uiRange, sent);
    }
  } finally { sliding = false; }
  document.querySelector(".replay-slider")?.focus({preventScroll: true});
});
// The replay: Left and Right step one move, Home and End go to either end.
document.addEventListener("keydown", (event) => {
  if (body.dataset.status !== "replay" || event.altKey || event.ctrlKey || event.metaKey) return;
  const bar = document.querySelector("#actions .replay");
  if (!bar || event.target.closest?.("input, select, textarea")) return;
  // Keys pressed faster than the answers come add up.
  const position = replayAim ?? Number(bar.dataset.position);
  const total = Number(bar.dataset.total);
  const to = {ArrowLeft: position - 1, ArrowRight: position + 1, Home: 0, End: total}[event.key];
  if (to === undefined) return;
  event.preventDefault();
  if (to < 0 || to > total || to === position) return;
  replayAim = to;
  sendUi("goto", String(to)).finally(() => { if (replayAim === to) replayAim = null; });
});
let replayAim = null;

// -- "show": the board's mark of the last move comes into view (a button in the
// bar's row and under it; the mark is the element with class last-move).
document.addEventListener("click", (event) => {
  if (!event.target.closest?.("[data-show]")) return;
  const mark = document.querySelector("#board .last-move") ?? $("board");
  mark.scrollIntoView({block: "center", inline: "nearest",
                       behavior: reducedMotion.matches ? "auto" : "smooth"});
});
// The rules shown in place: "Play" opens the game's page, a contents link
// scrolls to its section (the page's own URL keeps naming the rules).
$("rules-content").addEventListener("click", (event) => {
  const play = event.target.closest("a[data-play]");
  const section = event.target.closest('a[href^="#"]');
  if (play) {
    event.preventDefault();
    // The button's own link (web/rules_page.py), opened in place.
    history.pushState({inPage: true}, "", `./${new URL(play.href).search}`);
    route();
  } else if (section) {
    event.preventDefault();
    document.getElementById(section.getAttribute("href").slice(1))?.scrollIntoView();
  }
});
// A board drawn to fit the screen is enlarged to its natural size and back; the
// choice is the board region's class, so it holds while its markup is replaced.
document.addEventListener("click", (event) => {
  if (event.target.closest?.("[data-zoom]")) $("board").classList.toggle("zoomed");
});

function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const link = Object.assign(document.createElement("a"), {href: url, download: filename});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Copies the link and says so; where there is no clipboard (an insecure page,
// an old browser, a refusal), shows it to be copied by hand instead.
async function copyLink(query, copied) {
  const url = location.href.split("?")[0] + query;
  window.lastCopiedLink = url;
  try {
    await navigator.clipboard.writeText(url);
    showToast([copied]);
  } catch {
    const field = Object.assign(document.createElement("input"), {
      value: url, readOnly: true, className: "link-field", ariaLabel: "This position's link"});
    showToast(["Copy this link (it replays every move, hidden ones included): ", field], 0);
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

// On a phone the lobby is a short list: each game's setup folds under its name.
if (matchMedia("(max-width: 700px)").matches) {
  for (const setup of document.querySelectorAll("#lobby details.game-setup")) setup.open = false;
}

for (const form of document.querySelectorAll("form.new-game")) {
  const players = form.elements.players;
  const showSeats = () => {
    for (const row of form.querySelectorAll(".seat-row")) {
      row.hidden = Number(row.dataset.seat) >= Number(players.value);
    }
  };
  players.addEventListener("change", showSeats);
  showSeats();
  // The worker makes the game's URL from the form's fields (web/urls.py).
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = Number(players.value);
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(form.elements[`seat${i}`].value);
    const options = [...form.querySelectorAll("[data-option]")]
      .map((option) => [option.dataset.option, option.value]);
    waitForEngine();
    const screen = await callToday("new_game", form.dataset.game, seats,
                                   form.elements.seed.value, options);
    history.pushState({inPage: true}, "", screen.result.go);
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
    && Number.isFinite(entry.moves)
    && ["open", "replay"].every((link) => [undefined, "string"].includes(typeof entry[link]));
}

// localStorage, or null where the browser refuses it (disabled, private
// modes): even reading window.localStorage may throw there.
function storage() {
  try { return window.localStorage ?? null; } catch { return null; }
}

// Every saved game; null when storage cannot be read at all.
function savedGames() {
  const store = storage();
  const games = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key?.startsWith(SAVE_PREFIX)) continue;
      let entry = null;
      try { entry = JSON.parse(store.getItem(key)); } catch { entry = null; }
      games.push({key, entry: wellFormed(entry) ? entry : null});
    }
  } catch {
    return null;
  }
  return games.sort((a, b) => (b.entry?.updated ?? 0) - (a.entry?.updated ?? 0));
}

function listSaves() {
  const list = $("saved-list");
  list.replaceChildren();
  const games = savedGames();
  $("saved").hidden = games?.length === 0;
  if (games === null) {
    list.append(Object.assign(document.createElement("li"), {className: "storage-off",
      textContent: "This browser does not let the page keep games (storage is disabled or " +
        "unavailable). A game still plays to its end; use its Save file button to keep it."}));
    return;
  }
  for (const {key, entry} of games) {
    try { list.append(savedItem(key, entry)); } catch (err) {
      console.warn("cannot list a saved game:", err);
      list.append(savedItem(key, null));
    }
  }
}

// "10 minutes ago", "yesterday", "3 days ago".
function ago(when) {
  const words = new Intl.RelativeTimeFormat("en", {numeric: "auto"});
  const seconds = (when - Date.now()) / 1000;
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (Math.abs(seconds) >= size) return words.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

function savedItem(key, entry) {
  const item = document.createElement("li");
  const id = key.slice(SAVE_PREFIX.length);
  const text = document.createElement("span");
  const buttons = [];
  if (entry) {
    const state = entry.over ? "finished"
      : entry.progress ?? (`move ${entry.moves}` + (entry.round ? `, round ${entry.round}` : ""));
    const who = entry.who ?? entry.seats.join(", ");
    const title = Object.assign(document.createElement("strong"), {textContent: entry.title});
    text.append(title, ` · ${who}, ${state}, `, Object.assign(document.createElement("time"), {
      dateTime: new Date(entry.updated).toISOString(), textContent: ago(entry.updated),
      title: new Date(entry.updated).toLocaleString()}));
    // The worker writes both links into the entry (web/saves.py); an entry kept
    // by an older version has only the position's own (entry.url) to add them to.
    const older = (suffix) => `${entry.url}${entry.url.includes("#") ? "&" : "#"}${suffix}`;
    const open = (label, url) => Object.assign(document.createElement("a"), {
      textContent: label, href: `./${url}`, className: "button"});
    buttons.push(open(entry.over ? "View" : "Resume", entry.open ?? older(`s=${id}`)),
                 open("Replay", entry.replay ?? older(`replay=1&s=${id}`)));
    const file = Object.assign(document.createElement("button"), {type: "button", textContent: "Save file"});
    file.addEventListener("click", () => download(`${entry.game}-${id}.json`, JSON.stringify(entry.save, null, 1)));
    buttons.push(file);
  } else {
    text.textContent = "A damaged saved game (it cannot be opened)";
  }
  const remove = Object.assign(document.createElement("button"), {type: "button", textContent: "Delete"});
  remove.addEventListener("click", () => {
    try { storage()?.removeItem(key); } catch (err) { console.warn("cannot delete:", err); }
    listSaves();
  });
  buttons.push(remove);
  item.append(text, ...buttons);
  return item;
}

// Another tab saved, opened or deleted a game: the list follows.
window.addEventListener("storage", (event) => {
  if (body.dataset.status === "lobby" && (event.key ?? SAVE_PREFIX).startsWith(SAVE_PREFIX)) listSaves();
});

// -- storage faults and two tabs ----------------------------------------------------
//
// Storage may refuse a write (full, disabled, throwing): the game goes on in
// memory, and the player is told once, with Save file as the way out.
let storageWarned = false;
function storeGame(key, text) {
  try {
    const store = storage();
    if (!store) throw new Error("storage is unavailable");
    store.setItem(key, text);
  } catch (err) {
    console.info("the game is not saved in this browser:", err?.name ?? err);
    if (storageWarned) return;
    storageWarned = true;
    const file = Object.assign(document.createElement("button"), {type: "button",
      textContent: "Save file", className: "notice-save"});
    file.addEventListener("click", () => { if (onGameScreen) sendUi("export", ""); });
    notify("storage", ["This browser would not keep this game (its storage is full or " +
      "disabled). It goes on here, but closing the page would lose it: keep it with ", file, "."]);
  }
}

// One saved game is played in one tab at a time. A tab holds a Web Lock
// named after the saved game it plays; a second tab that opens the same
// game finds it held and plays on as a copy, saved under a new entry, so
// neither tab overwrites the other's moves. The first tab keeps the original.
let heldGame = null;      // {id, release}: the saved game this tab holds
const LOCK_PREFIX = "woodland-games:game:";
const savedId = (hash) => /[#&]s=(g[0-9a-f]{1,16})(?:&|$)/.exec(hash)?.[1] ?? null;

function lockGame(id) {
  if (!navigator.locks) return Promise.resolve(true);  // no Web Locks: as before
  return new Promise((resolve) => {
    navigator.locks.request(LOCK_PREFIX + id, {ifAvailable: true}, (lock) => {
      resolve(Boolean(lock));
      if (!lock) return undefined;
      // Held until this tab leaves the game (or closes).
      return new Promise((release) => { heldGame = {id, release}; });
    });
  });
}

function releaseSavedGame() {
  heldGame?.release();
  heldGame = null;
}

// Before a saved game opens: the fragment to open it with (without its saved
// game's id when another tab plays it: this tab then saves a copy).
async function claimSavedGame(hash) {
  const id = savedId(hash);
  if (heldGame?.id === id) return hash;
  releaseSavedGame();
  if (!id || /[#&]replay=1(?:&|$)/.test(hash) || await lockGame(id)) return hash;
  notify("copy", ["This game is already open in another tab. Here it goes on as a copy, " +
    "saved separately: neither tab overwrites the other's moves."]);
  const rest = hash.replace(/^#/, "").split("&").filter((part) => !part.startsWith("s="));
  return rest.length ? `#${rest.join("&")}` : "";
}

// After a screen: hold the saved game this tab now writes (a new game's id).
function holdSavedGame(url) {
  const id = savedId(url);
  if (!id || heldGame?.id === id) return;
  releaseSavedGame();
  lockGame(id);
}

// Notes that concern the whole page (storage, another tab, a new version)
// stay until closed, each once.
function notify(kind, parts) {
  let box = $("notices");
  if (!box) {
    box = Object.assign(document.createElement("div"), {id: "notices", role: "status"});
    box.setAttribute("aria-live", "polite");
    $("alert").after(box);
  }
  box.querySelector(`[data-notice="${kind}"]`)?.remove();
  const note = Object.assign(document.createElement("p"), {className: "notice"});
  note.dataset.notice = kind;
  const close = Object.assign(document.createElement("button"), {
    type: "button", className: "notice-close", textContent: "×", ariaLabel: "Close"});
  close.addEventListener("click", () => note.remove());
  note.append(...parts, close);
  box.append(note);
}

// Opening a save file: the worker checks it by replaying it.
const importInput = $("import-file");
importInput.addEventListener("change", async () => {
  const file = importInput.files[0];
  if (!file) return;
  const text = await file.text();
  importInput.value = "";
  if (!engineReady()) say("The file opens as soon as Python is ready…");
  const screen = await openGame("import_file", text);
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
  navigator.serviceWorker.register("./sw.js")
    .then(watchUpdates)
    .catch((err) => console.warn("offline cache unavailable:", err));
}

// A deploy never cuts a game short. A new service worker waits (it takes
// over only when asked: {type: "skip-waiting"}); the page says a new version
// is ready, and uses it when no game is in progress: at the lobby, or when
// the player chooses to reload. The page never reloads by itself mid-game.
const inGame = () => body.dataset.status !== "lobby";
let updateReady = null;   // the waiting service worker
let reloadWanted = false;

function watchUpdates(registration) {
  let controlled = Boolean(navigator.serviceWorker.controller);  // false on the first visit
  const ready = (worker) => {
    if (!navigator.serviceWorker.controller) return;  // the first install: nothing to update
    updateReady = worker;
    const reload = Object.assign(document.createElement("button"), {type: "button",
      textContent: "Reload now", className: "notice-reload"});
    reload.addEventListener("click", () => useUpdate(true));
    notify("update", ["A new version is ready — it will be used for new games. ", reload]);
    if (!inGame()) useUpdate(false);
  };
  if (registration.waiting) ready(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") ready(worker);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!controlled) { controlled = true; return; }  // the first install took charge
    // Reload only when asked, or where nothing is lost (no game in progress).
    if (reloadWanted || !inGame()) location.reload();
    else if (!updateReady) ready(null);  // a worker that took over by itself
  });
  window.woodlandUpdates = {registration};  // for tests
}

function useUpdate(reload) {
  reloadWanted = reload;
  updateReady?.postMessage({type: "skip-waiting"});
  if (reload && !updateReady) location.reload();
}
window.addEventListener("load", () => setTimeout(registerOffline, 20_000));

// -- start ------------------------------------------------------------------------------------

say("Starting Python…");
route();
