"""Kept releases: every engine release the site can still open a game with.

A saved game or a link names the rules it was made with; when those are
not today's, the page opens it with the release that had them. So each
release is kept in ``releases/<version>/``, committed (a fresh clone may
carry no tags):

- ``pygame_engine-<version>-py3-none-any.whl``: the engine wheel, as
  ``pip wheel`` builds it (micropip installs it by URL);
- ``web-<version>.zip``: that release's own web package (``web/**/*.py``,
  ``web/`` at the zip's root), whose views read that release's ``view``
  dicts: an old release never meets a newer view, nor a newer view code an
  older ``view``;
- ``release.json``: the version, each game's rules version in it, the two
  file names and their sha256.

``web/releases.py`` lists the same releases for the page (a test keeps the
two in step). Record a release once, when its version is bumped, before
any later change:

    python -m tools.releases record      # releases/<current version>/
    python -m tools.releases check       # every kept release is whole

The build copies every kept release into ``dist/releases/`` (``copy_into``);
the service worker does not precache them: a release is fetched the first
time a game needs it, then cached like any other file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RELEASES = ROOT / "releases"

#: Makes an engine worker's configuration: (wheel, web package, site) -> JSON.
Config = Callable[[str, str, str], dict[str, Any]]


def wheel_name(version: str) -> str:
    return f"pygame_engine-{version}-py3-none-any.whl"


def web_name(version: str) -> str:
    return f"web-{version}.zip"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kept(root: Path = ROOT) -> dict[str, dict[str, Any]]:
    """Every kept release's ``release.json``, by version."""
    out = {}
    for path in sorted((root / "releases").glob("*/release.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        out[record["version"]] = record
    return out


def check(root: Path = ROOT) -> list[str]:
    """What is wrong with the kept releases (nothing: an empty list)."""
    problems = []
    for version, record in kept(root).items():
        folder = root / "releases" / version
        for kind in ("wheel", "web"):
            path = folder / record[kind]
            if not path.is_file():
                problems.append(f"{version}: {record[kind]} is missing")
            elif sha256(path) != record["sha256"][kind]:
                problems.append(f"{version}: {record[kind]} does not match its sha256")
    return problems


def copy_into(dist: Path, root: Path = ROOT, config: Config | None = None) -> list[str]:
    """Copy every kept release into ``dist/releases/<version>/``; the copied
    paths, relative to ``dist``. Refuses a damaged release.

    ``config(wheel, web, site)``, given, makes the engine worker's
    configuration for a release (the wheel and web package as paths from the
    site's root, ``site`` the way from the config file back to that root); it
    is written as ``dist/releases/<version>/pyscript.json``.
    """
    problems = check(root)
    if problems:
        raise SystemExit("kept releases are damaged: " + "; ".join(problems))
    copied = []
    for version, record in kept(root).items():
        target = dist / "releases" / version
        target.mkdir(parents=True, exist_ok=True)
        for name in (record["wheel"], record["web"], "release.json"):
            shutil.copy2(root / "releases" / version / name, target / name)
            copied.append(f"releases/{version}/{name}")
        if config is not None:
            made = config(f"releases/{version}/{record['wheel']}",
                          f"releases/{version}/{record['web']}", "../../")
            (target / "pyscript.json").write_text(json.dumps(made, indent=2) + "\n")
            copied.append(f"releases/{version}/pyscript.json")
    return copied


def record(root: Path = ROOT) -> Path:
    """Keep the release of the sources in ``root`` (its version from the engine)."""
    sys.path.insert(0, str(root))
    try:
        import build
        from pygame_engine import GAMES, __version__
    finally:
        sys.path.remove(str(root))
    folder = root / "releases" / __version__
    if folder.exists():
        raise SystemExit(f"release {__version__} is already kept in {folder}; a release "
                         "never changes: bump the engine version for a new one")
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="release-") as tmp:
        wheel = build.build_engine_wheel(root, Path(tmp))
        shutil.copy2(wheel, folder / wheel_name(__version__))
    (folder / web_name(__version__)).write_bytes(build.zip_web_package(root))
    data = {
        "version": __version__,
        # Releases before rules versions existed (0.2.0) had version 1 of every game.
        "rules": {gid: getattr(game, "rules_version", 1) for gid, game in sorted(GAMES.items())},
        "wheel": wheel_name(__version__),
        "web": web_name(__version__),
        "sha256": {"wheel": sha256(folder / wheel_name(__version__)),
                   "web": sha256(folder / web_name(__version__))},
    }
    (folder / "release.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Keep or check the site's engine releases.")
    parser.add_argument("command", choices=("record", "check"))
    args = parser.parse_args(argv)
    if args.command == "record":
        folder = record()
        print(f"kept {folder.relative_to(ROOT)}: add it to web/releases.py's RELEASES")
        return 0
    problems = check()
    print("\n".join(problems) or f"{len(kept())} kept releases, all whole")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
