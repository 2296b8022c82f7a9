// Plain JavaScript that runs before Python: the lobby works at once, the
// status line shows the runtime's progress, and the service worker is
// registered for offline play. Python (web/app.py) takes over when ready.
const body = document.body;
const progress = document.getElementById("boot-progress");
const say = (text) => { if (progress) progress.textContent = text; };
const pythonReady = () => body.dataset.engine === "ready";

if (!location.search) body.dataset.status = "lobby";
else {
  document.getElementById("lobby").hidden = true;
  say("Loading the game engine…");
}

// Boot progress: PyScript's own steps, plus the big downloads as they land.
window.addEventListener("py:progress", (e) => {
  if (!pythonReady()) say(`Starting Python: ${e.detail}…`);
});
const labels = {"pyodide.asm.wasm": "Python runtime", "python_stdlib.zip": "standard library",
  "pyodide.asm.mjs": "runtime loader"};
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("/").pop().split("?")[0];
      if (labels[name] && !pythonReady()) say(`Loaded the ${labels[name]}…`);
    }
  }).observe({type: "resource", buffered: true});
}
const readyWatch = new MutationObserver(() => {
  if (pythonReady()) { say("Ready."); readyWatch.disconnect(); }
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
    const query = `?game=${encodeURIComponent(form.dataset.game)}&seats=${seats.join(",")}&seed=${encodeURIComponent(seed)}`;
    history.pushState(null, "", query);
    if (pythonReady()) {
      window.dispatchEvent(new Event("woodland:navigate"));
    } else {
      body.dataset.status = "loading";
      say("Your game starts as soon as Python is ready…");
    }
  });
}

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch((err) => console.warn("offline cache unavailable:", err));
  });
}
