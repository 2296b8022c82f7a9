"""Run Python code on the engine under Pyodide in node.

    from benchmarks.engine_pyodide import run_snippet
    print(run_snippet(Path("dist"), "import pygame_engine; print(len(pygame_engine.GAMES))"))

``run_snippet`` boots the vendored Pyodide of a built ``dist/`` under node
(``benchmarks/engine_node.mjs``), unpacks the engine wheel, runs the code and
returns what it printed; ``call_function`` calls a function of this package
there by its module path and returns its result. Node is a pessimistic stand-in for the browser
(STACK.md: a tight loop ran ~2.6x slower than CPython there, ~1.8x in
Chromium). Command line: ``python benchmarks/engine_pyodide.py FILE.py``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUNNER = Path(__file__).with_name("engine_node.mjs")


def run_snippet(dist_dir: Path, code: str, timeout: float | None = None) -> str:
    """Run ``code`` under Pyodide in node with the engine of ``dist_dir``; return stdout.

    Raises ``RuntimeError`` with the Python traceback if the code fails.
    """
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(code)
    try:
        return _node(dist_dir, [script.name], timeout)
    finally:
        Path(script.name).unlink()


def call_function(dist_dir: Path, module: str, function: str, args: list[Any],
                  timeout: float | None = None) -> Any:
    """``module.function(*args)`` under Pyodide in node, with the engine of
    ``dist_dir`` and this ``benchmarks`` package beside it; the arguments and
    the result travel as JSON."""
    out = _node(dist_dir, ["--call", str(Path(__file__).parent), module, function,
                           json.dumps(args)], timeout)
    return json.loads(out.strip().splitlines()[-1])


def _node(dist_dir: Path, args: list[str], timeout: float | None) -> str:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed")
    if not (dist_dir / "pyodide" / "pyodide.mjs").is_file():
        raise RuntimeError(f"{dist_dir} has no vendored Pyodide: run `python build.py` first")
    result = subprocess.run([node, str(RUNNER), str(dist_dir), *args],
                            capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        # Node quotes the minified source line of a JS error: keep messages short.
        lines = [line[:300] for line in result.stderr.splitlines()[-40:]]
        raise RuntimeError(f"Pyodide run failed ({result.returncode}):\n" + "\n".join(lines))
    return result.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run a Python file on the engine under Pyodide.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    sys.stdout.write(run_snippet(args.dist, args.file.read_text()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
