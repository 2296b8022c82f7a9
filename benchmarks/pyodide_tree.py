"""Under Pyodide in node: import the engine from a source tree on the host.

``benchmarks.darkleaf_speed`` runs its functions under Pyodide from the same
engine source as natively (a worktree, or an older commit's tree), not from
a built wheel: the node file system is mounted and put first on
``sys.path`` before anything imports ``pygame_engine``.
"""

from __future__ import annotations

import sys


def mount(root: str) -> None:
    """Put the host directory ``root`` (holding ``pygame_engine/``) first on ``sys.path``."""
    import pyodide_js
    from js import Object
    from pyodide.ffi import to_js

    pyodide_js.FS.mkdirTree("/engine")
    pyodide_js.FS.mount(pyodide_js.FS.filesystems.NODEFS,
                        to_js({"root": root}, dict_converter=Object.fromEntries), "/engine")
    sys.path.insert(0, "/engine")
