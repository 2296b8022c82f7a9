"""The engine's two exceptions, both ``ValueError`` subclasses (as in python-chess).

>>> issubclass(IllegalAction, ValueError) and issubclass(BadSave, ValueError)
True
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules forbid now; the state it was offered to is unchanged."""


class BadSave(ValueError):
    """A save file (or shared link) that cannot be loaded; the message says what and where."""
