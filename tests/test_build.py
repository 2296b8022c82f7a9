"""build.py's pieces that need no build: PyScript's config, the service
worker's template, the PyScript files vendored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

import build

SITE = "https://example.org/games/"


def test_the_config_names_the_vendored_pyodide_and_the_wheel_micropip_installs() -> None:
    config = build.pyscript_config("py/pygame_engine-0.2.0-0.abc-py3-none-any.whl",
                                   "py/web-def.zip")
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert config["packages"] == ["./py/pygame_engine-0.2.0-0.abc-py3-none-any.whl"]
    assert config["files"] == {"./py/web-def.zip": "./*"}
    assert config["sync_main_only"] is True


def test_a_config_kept_elsewhere_points_at_the_same_site_files() -> None:
    """PyScript resolves a config's URLs against the config's own URL."""
    here = build.pyscript_config("py/e.whl", "py/w.zip")
    there = build.pyscript_config("releases/0.1.0/e.whl", "py/w.zip", site="../../")

    def resolved(config: dict[str, Any], config_url: str) -> dict[str, Any]:
        return {"interpreter": urljoin(config_url, config["interpreter"]),
                "packages": [urljoin(config_url, p) for p in config["packages"]]}

    a = resolved(here, SITE + "pyscript.json")
    b = resolved(there, SITE + "releases/0.1.0/pyscript.json")
    assert a["interpreter"] == b["interpreter"] == SITE + "pyodide/pyodide.mjs"
    assert b["packages"] == [SITE + "releases/0.1.0/e.whl"]


def test_the_service_worker_template_is_filled_in(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a")
    (tmp_path / "b.txt").write_text("b")
    template = (build.ROOT / "web" / "static" / "sw.js").read_text()
    filled = build.service_worker(template, tmp_path, ["a.txt"], ["b.txt"])
    assert build.SW_BUILD_MARKER not in filled
    data = filled.split("const BUILD = ", 1)[1].split(";\n", 1)[0]
    built = json.loads(data)
    assert built["precache"] == {"runtime": ["a.txt"], "app": ["b.txt"]}
    assert set(built["hashes"]) == {"runtime", "app"}
    with pytest.raises(SystemExit):
        build.service_worker("no marker here", tmp_path, ["a.txt"], ["b.txt"])


def test_only_the_pyscript_files_a_page_loads_are_vendored() -> None:
    package = build.CACHE / "npm" / f"pyscript-core-{build.PYSCRIPT_VERSION}" / "package"
    if not (package / "dist" / "core.js").is_file():
        pytest.skip("@pyscript/core is not in .cache/ (python build.py fetches it)")
    names = build.pyscript_boot_files(package / "dist")
    assert "core.js" in names
    assert any(n.startswith("pyodide_graph-") for n in names)
    assert all(any(n.startswith(p + "-") for n in names) for p in build.PYSCRIPT_PLUGINS)
    assert not any(n.startswith(("codemirror", "xterm", "zip-", "toml-")) for n in names)
