"""Build the static site in ``dist/`` (standard library only).

    python build.py                     # build dist/
    python build.py --serve [--port N]  # build, then serve dist/ on 127.0.0.1
    python build.py --serve --no-build  # serve the existing dist/

Steps:

1. Build the engine wheel (``pip wheel .``), zip the ``web`` package, and
   add Pyodide's bytecode to both (``tools/bytecode.mjs``, run by node).
2. Fetch the pinned run time into ``.cache/``: npm ``pyodide`` and
   ``@pyscript/core`` (``npm pack``) and PyPI ``micropip`` (``pip download``).
3. Vendor them: ``dist/pyodide/`` (run-time files, the micropip wheel and a
   lock whose micropip entry matches that wheel) and ``dist/pyscript/`` (the
   PyScript files a page loads: ``core.js``, its chunks and its plugins').
4. Assemble the page: ``index.html`` (with the lobby rendered in place of
   ``<!--LOBBY-->``), ``pyscript.json`` (the engine worker's PyScript config:
   the vendored Pyodide, the engine wheel micropip installs, the web package),
   ``web/`` static files, the manifest and icons, the rules pages
   (``web/rules/<id>.html`` fragments wrapped as ``rules/<id>.html``),
   ``bench/bare.html``.
5. Write ``sw.js`` from ``web/static/sw.js``: the service worker that
   precaches what the page needs to boot and play offline.

Every URL the site uses is relative, so it also works under a sub-path
(GitHub Pages). Files whose content changes between deploys but whose URL
must not be reused (the engine wheel, the web zip) carry a content hash.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tools.releases import copy_into as copy_releases

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
MICROPIP_VERSION = "0.11.1"

SITE_NAME = "Woodland Games"
THEME_COLOR = "#2f5233"  # as in index.html
LOBBY_MARKER = "<!--LOBBY-->"
WHEEL_MARKER = "{{ENGINE_WHEEL}}"
#: What build.py replaces in ``web/static/sw.js`` with the precache lists and hashes.
SW_BUILD_MARKER = "{/* filled in by build.py */}"

PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript imports every plugin's chunk at start, whatever the config says
# ("!name" in "plugins" stops only the py type's: its MicroPython type, which
# has no config, still imports them all). What they import on demand
# (codemirror, xterm, TOML, zip) is never fetched here.
PYSCRIPT_PLUGINS = (
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)
#: The chunks PyScript's worker imports: the package graph, whenever the config has "packages".
PYSCRIPT_WORKER_CHUNKS = ("pyodide_graph",)
SOURCE_DATE_EPOCH = 315532800  # 1980-01-01, the earliest date a zip can hold
HASH_LENGTH = 12

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".ico": "image/x-icon",
}


# --------------------------------------------------------------------------
# small helpers


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """Run a command, fail loudly with its output, return its stdout."""
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"command failed ({result.returncode}): {' '.join(cmd)}")
    return result.stdout


def content_hash(data: bytes, length: int = HASH_LENGTH) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


def relative_files(directory: Path) -> Iterator[str]:
    """Every file under ``directory`` (if it exists) as a POSIX path relative to it, sorted."""
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            yield path.relative_to(directory).as_posix()


def deterministic_zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip of (name, data) pairs whose bytes depend only on the content."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


# --------------------------------------------------------------------------
# inputs: the engine wheel, the web package, the pinned third-party packages


def build_engine_wheel(root: Path, out_dir: Path) -> Path:
    """Build the engine wheel from a clean copy of the sources.

    Building from a copy keeps stale ``build/`` leftovers (modules that were
    deleted from the tree) out of the wheel, and SOURCE_DATE_EPOCH makes the
    wheel's bytes, hence its hash, depend only on its content.
    """
    with tempfile.TemporaryDirectory(prefix="engine-src-") as tmp:
        src = Path(tmp)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        for name in ("pyproject.toml", "setup.cfg", "setup.py", "README.md", "LICENSE"):
            if (root / name).is_file():
                shutil.copy2(root / name, src / name)
        shutil.copytree(root / "pygame_engine", src / "pygame_engine", ignore=ignore)
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(SOURCE_DATE_EPOCH))
        cmd = [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(out_dir)]
        run(cmd, cwd=src, env=env)
    wheels = sorted(out_dir.glob("pygame_engine-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one engine wheel in {out_dir}, found {wheels}")
    return wheels[0]


def hashed_wheel_name(wheel: Path, data: bytes) -> str:
    """Insert the content hash as the wheel's build tag.

    ``pygame_engine-0.1.0-py3-none-any.whl`` becomes
    ``pygame_engine-0.1.0-0.<hash>-py3-none-any.whl``: still a valid wheel
    name (a build tag starts with a digit), so micropip could install it too.
    """
    name, version, *tags = wheel.stem.split("-")
    if len(tags) != 3:
        raise SystemExit(f"unexpected wheel name {wheel.name}")
    return "-".join([name, version, f"0.{content_hash(data)}", *tags]) + ".whl"


def zip_web_package(root: Path) -> bytes:
    """Zip every ``web/**/*.py`` except ``web/static/`` with ``web/`` at its root."""
    web = root / "web"
    entries = [
        (f"web/{rel}", (web / rel).read_bytes())
        for rel in relative_files(web)
        if rel.endswith(".py") and not rel.startswith("static/") and "__pycache__" not in rel
    ]
    return deterministic_zip(entries)


def with_bytecode(pyodide_dir: Path, archives: list[bytes]) -> list[bytes]:
    """The zips with Pyodide's own bytecode added (imports skip compiling: faster boot)."""
    script = ROOT / "tools" / "bytecode.mjs"
    with tempfile.TemporaryDirectory(prefix="bytecode-") as tmp:
        paths = [Path(tmp) / f"{i}.zip" for i in range(len(archives))]
        for path, data in zip(paths, archives, strict=True):
            path.write_bytes(data)
        run(["node", str(script), f"{pyodide_dir.resolve()}/", *map(str, paths)])
        return [path.read_bytes() for path in paths]


def npm_package(spec: str, version: str) -> Path:
    """``npm pack`` a pinned package into .cache/npm/ and return its ``package/`` dir."""
    target = CACHE / "npm" / f"{spec.lstrip('@').replace('/', '-')}-{version}"
    package_dir = target / "package"
    if (package_dir / "package.json").is_file():
        return package_dir
    target.mkdir(parents=True, exist_ok=True)
    log(f"npm pack {spec}@{version}")
    out = run(["npm", "pack", f"{spec}@{version}", "--json", "--pack-destination", str(target)])
    tarball = target / json.loads(out)[0]["filename"].replace("@", "").replace("/", "-")
    if not tarball.is_file():  # npm's naming of scoped tarballs differs between versions
        tarball = next(target.glob("*.tgz"))
    with tarfile.open(tarball) as archive:
        archive.extractall(target, filter="data")
    tarball.unlink()
    return package_dir


def pypi_wheel(name: str, version: str) -> Path:
    """Download a pure-Python wheel for Pyodide's CPython 3.13+ into .cache/pypi/."""
    target = CACHE / "pypi"
    found = sorted(target.glob(f"{name}-{version}-*.whl"))
    if found:
        return found[0]
    log(f"pip download {name}=={version}")
    cmd = [sys.executable, "-m", "pip", "download", f"{name}=={version}", "-q", "--no-deps"]
    cmd += ["--python-version", "3.13", "--only-binary=:all:", "-d", str(target)]
    run(cmd)
    return sorted(target.glob(f"{name}-{version}-*.whl"))[0]


# --------------------------------------------------------------------------
# vendoring the run time


def vendor_pyodide(package_dir: Path, micropip: Path, dest: Path) -> None:
    """Copy the run-time files and micropip; point the lock's micropip entry at it."""
    dest.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(package_dir / name, dest / name)
    shutil.copy2(micropip, dest / micropip.name)
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = micropip.name
    entry["sha256"] = hashlib.sha256(micropip.read_bytes()).hexdigest()
    entry["version"] = MICROPIP_VERSION
    entry["depends"] = []
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))


def js_static_imports(directory: Path, name: str) -> set[str]:
    """Chunk names a PyScript chunk imports statically (``from "./x.js"``)."""
    text = (directory / name).read_text(encoding="utf-8")
    return set(re.findall(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+\.js)["']""", text))


def js_closure(directory: Path, roots: Iterable[str]) -> set[str]:
    """``roots`` and every chunk they import statically, transitively."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(js_static_imports(directory, name) - seen)
    return seen


def pyscript_boot_files(dist_dir: Path) -> list[str]:
    """The files of PyScript's ``dist/`` that a page with a Python worker loads.

    ``core.js`` and its static imports, every plugin's chunk (PyScript imports
    them all before it starts a worker) and the worker's package graph, with
    their static imports. Nothing else is vendored, so a file PyScript started
    to need would show as a 404 (and fail the browser tests).
    """
    chunk = re.compile(
        rf"^(?:{'|'.join(map(re.escape, PYSCRIPT_PLUGINS + PYSCRIPT_WORKER_CHUNKS))})"
        r"-[\w-]{8}\.js$")
    roots = {"core.js"} | {p.name for p in dist_dir.glob("*.js") if chunk.match(p.name)}
    found = js_closure(dist_dir, roots)
    if len(found) < len(roots) + 1 or not any(n.startswith("pyodide_graph-") for n in found):
        raise SystemExit(f"PyScript {PYSCRIPT_VERSION}: unexpected chunks {sorted(found)}")
    return sorted(found)


def vendor_pyscript(package_dir: Path, dest: Path) -> list[str]:
    """Copy the PyScript files a page loads (no source maps); return their names."""
    dest.mkdir(parents=True)
    names = pyscript_boot_files(package_dir / "dist")
    for name in names:
        shutil.copy2(package_dir / "dist" / name, dest / name)
    return names


# --------------------------------------------------------------------------
# the page


def render_index(root: Path) -> str:
    """index.html with the lobby markup from ``web.lobby.render_lobby()``."""
    html = (root / "index.html").read_text(encoding="utf-8")
    if LOBBY_MARKER not in html:
        return html
    sys.path.insert(0, str(root))
    try:
        from web.lobby import render_lobby  # type: ignore[import-not-found, unused-ignore]
    except ModuleNotFoundError as error:
        if error.name not in ("web", "web.lobby"):
            raise
        log(f"WARNING: {error.name} does not exist yet; {LOBBY_MARKER} left in index.html")
        return html
    finally:
        sys.path.remove(str(root))
    return html.replace(LOBBY_MARKER, render_lobby())


RULES_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · rules · {site}</title>
<link rel="icon" href="../icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../web/style.css">
</head>
<body class="rules-page">
<header class="site-header"><a class="home" href="../">
<img src="../icon.svg" alt="" width="22" height="22"> {site}</a></header>
<main id="main-content" class="rules">
{body}
</main>
</body>
</html>
"""


def _rules_head(root: Path, game_id: str, body: str) -> str:
    """``web.rules_page.with_head``: a rules page's Play button, contents and picture."""
    sys.path.insert(0, str(root))
    try:
        from web.rules_page import with_head  # type: ignore[import-not-found, unused-ignore]
    finally:
        sys.path.remove(str(root))
    return str(with_head(game_id, body))


def write_rules_pages(root: Path, dist: Path) -> None:
    """Wrap each rules fragment ``web/rules/<id>.html`` into ``dist/rules/<id>.html``."""
    rules = root / "web" / "rules"
    if not rules.is_dir():
        return
    (dist / "rules").mkdir()
    # Fragments named _*.html are shared parts: the site's own help ends every page.
    help_path = rules / "_help.html"
    site_help = help_path.read_text(encoding="utf-8").strip() if help_path.is_file() else ""
    for fragment in sorted(rules.glob("[!_]*.html")):
        body = fragment.read_text(encoding="utf-8").strip() + "\n" + site_help
        body = _rules_head(root, fragment.stem, body)  # Play, contents, the setup picture
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
        title = re.sub(r"<[^>]+>", "", heading.group(1)).strip() if heading else fragment.stem
        page = RULES_PAGE.format(title=title, site=SITE_NAME, body=body)
        (dist / "rules" / fragment.name).write_text(page, encoding="utf-8")


def pyscript_config(engine_wheel: str, web_zip: str, site: str = "./") -> dict[str, object]:
    """The PyScript config of the engine worker (``<script type="py" worker
    name="engine" config=...>`` in index.html).

    ``engine_wheel`` and ``web_zip`` are paths under ``dist/``. PyScript
    resolves the config's URLs against the config file's own URL; ``site`` is
    the way from there to the site's root ("./" for ``dist/pyscript.json``,
    "../../" for a config kept two folders down).

    - ``interpreter``: the vendored Pyodide (PyScript's default is a CDN).
    - ``packages``: the engine wheel, which micropip installs. This is the one
      line that chooses the engine version: a config for another version (the
      one a save was made with) differs from this one only there.
    - ``files``: the web package's zip, unpacked next to the worker's script.
    - ``sync_main_only``: the page calls the worker's exports and the worker
      never reaches back (no SharedArrayBuffer, no COOP/COEP headers): this
      also keeps PyScript from warning that ``window``/``document`` are
      unavailable in the worker.
    """
    return {
        "interpreter": f"{site}pyodide/pyodide.mjs",
        "packages": [f"{site}{engine_wheel}"],
        "files": {f"{site}{web_zip}": "./*"},
        "sync_main_only": True,
    }


def manifest() -> dict[str, object]:
    return {
        "name": SITE_NAME,
        "short_name": "Woodland",
        "description": "Five woodland board games, played in the browser, offline too.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f4efe1",
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }


def local_references(html: str) -> list[str]:
    """Relative ``src``/``href`` URLs in a page (no scheme, no leading slash)."""
    found = re.findall(r"""\b(?:src|href)\s*=\s*["']([^"'#?]+)""", html)
    return sorted({u.removeprefix("./") for u in found if not re.match(r"^(?:[a-z]+:|/|#)", u)})


# --------------------------------------------------------------------------
# icons: one drawing (a tree on a rounded square), rendered as SVG and PNG


@dataclass(frozen=True)
class Shape:
    """A shape in a 100x100 drawing: kind 'rect' (x, y, w, h, radius) or 'circle' (cx, cy, r)."""

    kind: str
    params: tuple[float, ...]
    color: str


ICON = (
    Shape("rect", (0, 0, 100, 100, 22), THEME_COLOR),
    Shape("rect", (45, 56, 10, 28, 3), "#8a5a2b"),
    Shape("circle", (50, 38, 22), "#7fb069"),
    Shape("circle", (34, 52, 15), "#6a9e58"),
    Shape("circle", (66, 52, 15), "#6a9e58"),
    Shape("circle", (50, 57, 14), "#7fb069"),
)


def icon_svg() -> str:
    parts = []
    for shape in ICON:
        if shape.kind == "rect":
            x, y, w, h, r = shape.params
            parts.append(
                f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{r:g}" '
                f'fill="{shape.color}"/>'
            )
        else:
            cx, cy, r = shape.params
            parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{shape.color}"/>')
    body = "".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>\n'


def shape_distance(shape: Shape, x: float, y: float) -> float:
    """Signed distance (in drawing units) from (x, y) to the shape's edge."""
    if shape.kind == "circle":
        cx, cy, r = shape.params
        return math.hypot(x - cx, y - cy) - r
    rx, ry, w, h, radius = shape.params
    hx, hy = w / 2 - radius, h / 2 - radius
    dx = abs(x - (rx + w / 2)) - hx
    dy = abs(y - (ry + h / 2)) - hy
    outside = math.hypot(max(dx, 0.0), max(dy, 0.0))
    return outside + min(max(dx, dy), 0.0) - radius


def hex_rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def rasterize_icon(size: int) -> bytes:
    """RGBA rows of the icon, anti-aliased by the distance to each shape's edge."""
    scale = 100 / size
    rows = bytearray()
    colors = [hex_rgb(s.color) for s in ICON]
    for py in range(size):
        rows.append(0)  # PNG filter type: none
        for px in range(size):
            x, y = (px + 0.5) * scale, (py + 0.5) * scale
            r = g = b = a = 0.0
            for shape, (sr, sg, sb) in zip(ICON, colors, strict=True):
                cover = min(max(0.5 - shape_distance(shape, x, y) / scale, 0.0), 1.0)
                if cover:
                    r, g, b = (
                        r * (1 - cover) + sr * cover,
                        g * (1 - cover) + sg * cover,
                        b * (1 - cover) + sb * cover,
                    )
                    a = a + cover * (1 - a)
            rows += bytes((round(r), round(g), round(b), round(a * 255)))
    return bytes(rows)


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    pixels = zlib.compress(rasterize_icon(size), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def ico(png_32: bytes) -> bytes:
    """A favicon.ico holding one 32x32 PNG image."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", 32, 32, 0, 0, 1, 32, len(png_32), 6 + 16)
    return header + entry + png_32


def write_icons(dist: Path) -> None:
    (dist / "icon.svg").write_text(icon_svg())
    for size in (192, 512):
        (dist / f"icon-{size}.png").write_bytes(png(size))
    (dist / "favicon.ico").write_bytes(ico(png(32)))


# --------------------------------------------------------------------------
# the service worker


def service_worker(template: str, dist: Path, runtime: list[str], app: list[str]) -> str:
    """``web/static/sw.js`` with the precache lists and their hashes filled in."""
    if SW_BUILD_MARKER not in template:
        raise SystemExit(f"web/static/sw.js lacks {SW_BUILD_MARKER}")

    def digest(files: list[str]) -> str:
        h = hashlib.sha256()
        for name in files:
            h.update(name.encode() + b"\0" + (dist / name).read_bytes() + b"\0")
        return h.hexdigest()[:HASH_LENGTH]

    filled = {
        "hashes": {"runtime": digest(runtime), "app": digest(app)},
        "precache": {"runtime": runtime, "app": app},
    }
    return template.replace(SW_BUILD_MARKER, json.dumps(filled, indent=2))


def precache_lists(
    dist: Path, index_html: str, archives: list[str], pyscript: list[str]
) -> tuple[list[str], list[str]]:
    """(runtime, app): every file the page needs to boot and play offline."""
    runtime = [f"pyodide/{name}" for name in PYODIDE_RUNTIME]
    runtime += [f"pyodide/{path.name}" for path in (dist / "pyodide").glob("micropip-*.whl")]
    runtime += [f"pyscript/{name}" for name in pyscript]
    app = {"index.html", "pyscript.json", "manifest.webmanifest", "icon.svg", *archives}
    app |= {f"web/{rel}" for rel in relative_files(dist / "web")}
    app |= {f"rules/{rel}" for rel in relative_files(dist / "rules")}
    app |= {ref for ref in local_references(index_html) if (dist / ref).is_file()}
    app -= set(runtime)
    missing = [name for name in [*runtime, *app] if not (dist / name).is_file()]
    if missing:
        raise SystemExit(f"precache lists name missing files: {missing}")
    return runtime, sorted(app)


# --------------------------------------------------------------------------
# the build


@dataclass
class BuildResult:
    dist: Path
    engine_wheel: str
    web_zip: str
    runtime: list[str]
    app: list[str]

    def precache_bytes(self) -> int:
        return sum((self.dist / name).stat().st_size for name in [*self.runtime, *self.app])


def build(dist: Path = DIST, root: Path = ROOT) -> BuildResult:
    """Build the whole site into ``dist`` (emptied first) from the sources in ``root``."""
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    log("vendoring Pyodide, micropip and PyScript")
    vendor_pyodide(
        npm_package("pyodide", PYODIDE_VERSION),
        pypi_wheel("micropip", MICROPIP_VERSION),
        dist / "pyodide",
    )
    pyscript = vendor_pyscript(npm_package("@pyscript/core", PYSCRIPT_VERSION), dist / "pyscript")

    log("building the engine wheel and the web package")
    (dist / "py").mkdir()
    with tempfile.TemporaryDirectory(prefix="engine-wheel-") as tmp:
        wheel = build_engine_wheel(root, Path(tmp))
        wheel_bytes, web_bytes = with_bytecode(
            dist / "pyodide", [wheel.read_bytes(), zip_web_package(root)])
        engine_wheel = hashed_wheel_name(wheel, wheel_bytes)
    (dist / "py" / engine_wheel).write_bytes(wheel_bytes)
    web_zip = f"web-{content_hash(web_bytes)}.zip"
    (dist / "py" / web_zip).write_bytes(web_bytes)

    log("assembling the page")
    static = root / "web" / "static"
    # sw.js is filled in below and served from the root (its scope is the site).
    shutil.copytree(static, dist / "web", ignore=shutil.ignore_patterns("__pycache__", "sw.js"))
    archives = [f"py/{engine_wheel}", f"py/{web_zip}"]
    config = pyscript_config(*archives)
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
    index_html = render_index(root)
    (dist / "index.html").write_text(index_html, encoding="utf-8")
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n")
    write_icons(dist)
    write_rules_pages(root, dist)
    copy_releases(dist, root, pyscript_config)  # older engines, for older saves; not precached
    bare = root / "benchmarks" / "bare.html"
    if bare.is_file():
        (dist / "bench").mkdir()
        text = bare.read_text(encoding="utf-8").replace(WHEEL_MARKER, engine_wheel)
        (dist / "bench" / "bare.html").write_text(text, encoding="utf-8")

    runtime, app = precache_lists(dist, index_html, archives, pyscript)
    template = (static / "sw.js").read_text(encoding="utf-8")
    (dist / "sw.js").write_text(service_worker(template, dist, runtime, app), encoding="utf-8")
    result = BuildResult(dist, engine_wheel, web_zip, runtime, app)
    log(f"precache: {len(runtime) + len(app)} files, {result.precache_bytes():,} bytes")
    log(f"done: {dist}")
    return result


# --------------------------------------------------------------------------
# serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs; caches like GitHub Pages."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if os.environ.get("BUILD_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(
    dist: Path, port: int = 0, handler: type[SiteHandler] = SiteHandler
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``dist`` on 127.0.0.1 (port 0: any free port)."""
    bound = functools.partial(handler, directory=str(dist))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), bound)
    server.daemon_threads = True
    return server


def serve_in_thread(
    dist: Path, port: int = 0, handler: type[SiteHandler] = SiteHandler
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; return it and its base URL (with a '/')."""
    server = make_server(dist, port, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, bound_port = server.server_address[:2]
    return server, f"http://{host!s}:{bound_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (8000)")
    parser.add_argument("--no-build", action="store_true", help="with --serve: do not build")
    args = parser.parse_args(argv)
    if not args.no_build:
        build()
    if args.serve:
        server = make_server(DIST, args.port)
        print(f"serving {DIST} at http://127.0.0.1:{args.port}/ (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
