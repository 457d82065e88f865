"""What the browser tests share: Debian's Chromium driven by Playwright, and a built site
served on a free port of localhost."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

# as root, headless, and without the background connections this machine's network refuses
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextmanager
def served(root: Path) -> Iterator[str]:
    """The site in ``root`` on localhost; its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium; without it the test fails (never skips), saying how to get it."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    assert executable, "Chromium is not installed: `make test` installs it (apt-get install chromium)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()
