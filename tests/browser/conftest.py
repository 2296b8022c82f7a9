"""Fixtures for the browser tests: the built site, a local server, Chromium.

- ``dist_dir`` (session): builds the site once per session with build.py;
  ``SKIP_BUILD=1`` uses the existing ``dist/`` as it is.
- ``site_url`` (session): ``dist/`` served on a free 127.0.0.1 port, with a
  trailing slash: ``page.goto(site_url + "index.html")``.
- ``browser`` (session): headless Debian Chromium through Playwright.
- ``new_page`` (function): ``new_page(base_url=site_url)`` opens a page in a
  fresh browser context (an empty profile: no cache, no service worker, no
  storage).
- ``page`` (function): a new page on ``site_url`` in the session's warm
  context (``warm_context``), where the runtime's files are already cached and
  the service worker installed, so Python starts sooner; its storage is
  emptied before each test (saved games, locks), and the test's pages are
  closed after it. A test that needs an empty profile (a first visit, a cold
  boot, routed requests, which a service worker would answer instead) is
  marked ``@pytest.mark.fresh_context`` and gets a page from ``new_page``.
- ``page_log`` (function): what those pages did: every request URL (service
  worker requests included), console errors and warnings (the page's and its
  workers'), and uncaught page errors.

On teardown a test fails if a page logged a console error or uncaught error,
or requested another origin, unless the test expects it (warnings are only
recorded: ``tests/browser/test_pyscript.py`` fails on them):

    @pytest.mark.console_errors_expected            # any console error
    @pytest.mark.console_errors_expected(r"404")    # only errors matching these
    @pytest.mark.off_origin_expected

or at run time ``page_log.expect_console_error(r"regex")``.
Every test in this directory gets the ``browser`` marker.
"""

from __future__ import annotations

import fcntl
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome:", "chrome-extension:", "devtools:")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "console_errors_expected(*patterns): console/page errors (matching the regexes, "
        "if given) do not fail the test",
    )
    config.addinivalue_line(
        "markers", "off_origin_expected: requests to other origins do not fail the test"
    )
    config.addinivalue_line(
        "markers", "fresh_context: the page fixture opens its page in a fresh browser context"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if os.environ.get("SKIP_BUILD") == "1":
        if not (build.DIST / "index.html").is_file():
            pytest.fail("SKIP_BUILD=1 but dist/index.html is missing: run `python build.py`")
        return build.DIST
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        build.build(build.DIST)
        return build.DIST
    # pytest-xdist workers: the first to get here builds, once for the run.
    done = Path(tempfile.gettempdir()) / f"woodland-dist-{run}"
    with open(f"{done}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            build.build(build.DIST)
            done.touch()
    return build.DIST


@pytest.fixture(scope="session")
def site_url(dist_dir: Path) -> Iterator[str]:
    server, url = build.serve_in_thread(dist_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install playwright)")
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class PageLog:
    """What the test's pages did; checked when the test ends."""

    origins: set[str] = field(default_factory=set)
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console_warnings: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    expected_errors: list[str] = field(default_factory=list)  # regexes
    any_error_expected: bool = False
    off_origin_expected: bool = False

    def expect_console_error(self, pattern: str) -> None:
        """Console or page errors matching ``pattern`` (a regex) do not fail the test."""
        self.expected_errors.append(pattern)

    def off_origin_requests(self) -> list[str]:
        return [
            url
            for url in self.requests
            if not url.startswith(LOCAL_SCHEMES) and origin(url) not in self.origins
        ]

    def unexpected_errors(self) -> list[str]:
        if self.any_error_expected:
            return []
        return [
            error
            for error in self.console_errors + self.page_errors
            if not any(re.search(pattern, error) for pattern in self.expected_errors)
        ]

    def problems(self) -> list[str]:
        found = [f"console error: {e}" for e in self.unexpected_errors()]
        if not self.off_origin_expected:
            found += [f"request to another origin: {u}" for u in self.off_origin_requests()]
        return found


@pytest.fixture
def page_log(request: pytest.FixtureRequest) -> PageLog:
    log = PageLog()
    errors_marker = request.node.get_closest_marker("console_errors_expected")
    if errors_marker is not None:
        log.expected_errors.extend(errors_marker.args)
        log.any_error_expected = not errors_marker.args
    log.off_origin_expected = request.node.get_closest_marker("off_origin_expected") is not None
    return log


def watch(context: Any, page_log: PageLog) -> Callable[[], None]:
    """Log what ``context``'s pages do into ``page_log``; returns what stops it."""

    def on_console(message: Any) -> None:
        where = message.location.get("url", "")
        if message.type == "error":
            page_log.console_errors.append(f"{message.text} ({where})")
        elif message.type == "warning":
            page_log.console_warnings.append(f"{message.text} ({where})")

    handlers: dict[str, Callable[[Any], None]] = {
        "request": lambda request: page_log.requests.append(request.url),
        "console": on_console,
        "weberror": lambda error: page_log.page_errors.append(str(error.error)),
    }
    for event, handler in handlers.items():
        context.on(event, handler)

    def stop() -> None:
        for event, handler in handlers.items():
            context.remove_listener(event, handler)

    return stop


@pytest.fixture
def new_page(browser: Any, site_url: str, page_log: PageLog) -> Iterator[Callable[..., Any]]:
    """``new_page(base_url=site_url)``: a page in a fresh context, logged in ``page_log``."""
    contexts: list[Any] = []

    def open_page(base_url: str = site_url) -> Any:
        page_log.origins.add(origin(base_url))
        context = browser.new_context(base_url=base_url)
        contexts.append(context)
        watch(context, page_log)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
    problems = page_log.problems()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture(scope="session")
def warm_context(browser: Any, site_url: str) -> Iterator[Any]:
    """One browser context for the session's ``page`` fixtures (see the module's docstring)."""
    context = browser.new_context(base_url=site_url)
    yield context
    context.close()


#: What a test may leave behind in the warm context's storage: saved games,
#: cookies, databases. The HTTP cache, Cache Storage and the service worker
#: stay: they are what makes the context warm.
TEST_STORAGE = "cookies,local_storage,indexeddb,websql,file_systems,shared_storage"


@pytest.fixture
def page(request: pytest.FixtureRequest, new_page: Callable[..., Any], warm_context: Any,
         site_url: str, page_log: PageLog) -> Iterator[Any]:
    if request.node.get_closest_marker("fresh_context"):
        yield new_page()
        return
    page_log.origins.add(origin(site_url))
    opened = warm_context.new_page()
    cdp = warm_context.new_cdp_session(opened)
    cdp.send("Storage.clearDataForOrigin",
             {"origin": origin(site_url), "storageTypes": TEST_STORAGE})
    cdp.detach()
    stop = watch(warm_context, page_log)
    yield opened
    for tab in warm_context.pages:  # the test's page, and any tab it opened
        tab.close()
    stop()
