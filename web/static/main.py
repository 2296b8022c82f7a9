# PyScript entry point: the engine and the page package were unpacked by
# pyodide-early.mjs before PyScript got the runtime; hand over to the glue.
from web.app import main

main()
