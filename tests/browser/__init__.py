"""Browser tests (Playwright + Debian chromium); fixtures in conftest.py."""
