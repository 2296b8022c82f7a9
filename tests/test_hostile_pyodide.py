"""The inputs that were fatal under Pyodide, run under Pyodide (in node).

In the browser a deeply nested JSON value overflowed the JavaScript stack
("Pyodide has suffered a fatal error") where CPython raises a catchable
``RecursionError``, and a decompression bomb took gigabytes: these cases can
only be proven safe on the runtime itself. The built ``dist/`` is run with
``benchmarks/engine_pyodide.py`` (node and the vendored Pyodide; no browser).
"""

from __future__ import annotations

import base64
import json
import shutil
import zlib
from pathlib import Path

import pytest

from benchmarks.engine_pyodide import run_snippet

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (DIST / "pyodide" / "pyodide.mjs").is_file(),
    reason="needs node and a built dist/ (python build.py)")

CASES = r'''
import base64, json, zlib
from pygame_engine import BadSave, load
from pygame_engine.core.savefile import to_record
from pygame_engine import GAMES
from web.links import BadLink, parse_hash
from web.saves import from_file
from web.session import Session, Setup

def hash_of(body):
    return base64.urlsafe_b64encode(zlib.compress(body, 9)).decode().rstrip("=")

good = json.dumps(to_record(GAMES["ley-of-the-land"].new_game(2, 1)), separators=(",", ":"))
cases = {
    "link nested 10,000 (the report's URL)": lambda: parse_hash(
        "#e=0.1.0&m=eNrtwQENAAAMAqCgzv41zPEPSAAAAAAAAAAAAOC-AgAAAAAAAAAAwAMDHO4VJQ"),
    "link nested 200,000": lambda: parse_hash("#m=" + hash_of(b"[" * 200_000 + b"]" * 200_000)),
    "save nested 1,000,000": lambda: load("[" * 1_000_000 + "]" * 1_000_000),
    "file nested inside the actions": lambda: from_file(good.replace(
        '"actions":[', '"actions":[' + "[" * 50_000 + "]" * 50_000 + ",")),
    "link bomb of 1 GB": lambda: parse_hash("#m=" + BOMB),
    "link of 50,000 moves": lambda: Session(Setup("ley-of-the-land", ("human", "human"), 1),
                                            parse_hash("#m=" + hash_of(json.dumps(
                                                [[0, ["bid", 0]]] * 50_000).encode())).moves),
}
out = {}
for name, run in cases.items():
    try:
        run()
        out[name] = "accepted"
    except (BadLink, BadSave) as exc:
        out[name] = "refused: " + str(exc)[:120]
print(json.dumps(out))
'''


def _bomb(size: int) -> str:
    """A link's moves that inflate to ``size`` bytes (made here: cheaper than under Pyodide)."""
    packer = zlib.compressobj(9)
    chunk = b"0," * (1 << 20)
    parts = [packer.compress(b"[")]
    parts += [packer.compress(chunk) for _ in range(size // len(chunk))]
    parts.append(packer.compress(b"0]") + packer.flush())
    return base64.urlsafe_b64encode(b"".join(parts)).decode().rstrip("=")


def test_fatal_inputs_are_refused_under_pyodide() -> None:
    code = f"BOMB = {_bomb(1 << 30)!r}\n" + CASES
    result = json.loads(run_snippet(DIST, code, timeout=240).strip().splitlines()[-1])
    assert len(result) == 6
    for name, answer in result.items():
        assert answer.startswith("refused: "), f"{name}: {answer}"
    assert "nested 10000 levels deep" in result["link nested 10,000 (the report's URL)"]
    assert "inflates to more than" in result["link bomb of 1 GB"]
    assert "can last more than" in result["link of 50,000 moves"]
