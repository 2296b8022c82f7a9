"""Adds bytecode to a zip of Python sources, inside Pyodide (run by tools/bytecode.mjs).

Every ``.py`` of the zip is compiled by the vendored Pyodide's own CPython and
stored beside it as an unchecked-hash ``.pyc`` (``__pycache__/*.cpython-3XX.pyc``),
valid whatever the unpacked files' timestamps: imports in the browser then
skip compiling.
"""

import importlib.util
import io
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def with_bytecode(path: str) -> None:
    """Rewrite the zip at ``path`` with a ``.pyc`` beside each ``.py``."""
    with open(path, "rb") as f:
        source = zipfile.ZipFile(io.BytesIO(f.read()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            body = source.read(info)
            archive.writestr(info, body)
            if info.filename.endswith(".py"):
                code = compile(body, info.filename, "exec", dont_inherit=True)
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(body), False)
                entry = zipfile.ZipInfo(importlib.util.cache_from_source(info.filename),
                                        info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(entry, pyc)
    with open(path, "wb") as f:
        f.write(out.getvalue())
