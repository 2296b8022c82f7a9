"""The page layer: pure view functions (markup from view dicts) and the browser glue."""
