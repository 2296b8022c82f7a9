# PyScript entry point: the engine and the page package were unpacked by the
# config's "files"; hand over to the glue.
from web.app import main

main()
