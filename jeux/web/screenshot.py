"""The menu as a web browser shows it under `jeux serve`, for the README.

python -m jeux.web.screenshot [file.png]     (default: screenshots/navigateur.png)

Needs the `web` extra and a Chromium (Debian: apt-get install chromium). The browser is driven
through its DevTools protocol with aiohttp, which the `web` extra already brings.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp

WINDOW = (720, 504)
"""80 x 24 cells of 9 x 21 px (textual-serve's 16 px Roboto Mono): the size jeux is made for."""
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
SETTLE_SECONDS = 1.5
"""From the app's first bytes to the menu fully drawn."""
TIMEOUT_SECONDS = 30


def installed_browser() -> str | None:
    return next(filter(None, map(shutil.which, BROWSERS)), None)


def find_browser() -> str:
    if found := installed_browser():
        return found
    sys.exit("Chromium est introuvable : apt-get install chromium (ou l'équivalent).")


def start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    """`jeux serve` on a free port, with empty folders; returns it and the address it gave."""
    server = subprocess.Popen(
        [sys.executable, "-m", "jeux", "--config-dir", str(folder / "config")]
        + ["--data-dir", str(folder / "data"), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    found = re.search(r"http://\S+", server.stdout.readline())
    if not found:
        server.kill()
        sys.exit("jeux serve n'a pas démarré.")
    return server, found.group()


def start_browser(folder: Path) -> tuple[subprocess.Popen, str]:
    """Headless Chromium; returns it and the address of its DevTools endpoint."""
    sandbox = ["--no-sandbox"] if os.geteuid() == 0 else []  # root may not use the sandbox
    browser = subprocess.Popen(
        [find_browser(), "--headless", *sandbox, "--hide-scrollbars", "--remote-debugging-port=0"]
        + [f"--user-data-dir={folder / 'browser'}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    for line in browser.stderr:
        if found := re.search(r"DevTools listening on ws://([^/]+)/", line):
            return browser, f"http://{found.group(1)}"
    sys.exit("Chromium n'a pas démarré.")


class DevTools:
    """Just enough of the DevTools protocol: send a command, wait for its answer."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: object) -> dict:
        number = next(self.ids)
        await self.socket.send_json({"id": number, "method": method, "params": params})
        while True:
            reply = await self.socket.receive_json()
            if reply.get("id") == number:
                return reply.get("result", {})

    async def evaluate(self, expression: str) -> object:
        """The expression's value (a promise's, once it settles); None while the page
        reloads (the browser answers with an error: there is no page to evaluate in)."""
        result = await self.call("Runtime.evaluate", expression=expression, awaitPromise=True)
        return result.get("result", {}).get("value")


@contextlib.asynccontextmanager
async def browser_tab(devtools_url: str, new: bool = False) -> AsyncIterator[DevTools]:
    """The browser's tab (`new`: another one, opened for the purpose), driven through its
    DevTools."""
    async with aiohttp.ClientSession() as session:
        if new:
            async with session.put(f"{devtools_url}/json/new?about:blank") as reply:
                page = await reply.json()
        else:
            async with session.get(f"{devtools_url}/json/list") as reply:
                page = next(t for t in await reply.json() if t["type"] == "page")
        async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket:
            yield DevTools(socket)


KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", { value, writable: true, configurable: true });
    if (value?.buffer?.active && !window.jeuxTerminal) window.jeuxTerminal = value;
  },
});
"""
"""Run before textual.js: its terminal (xterm.js, drawn on a canvas, so with no text in the
page) is kept as `window.jeuxTerminal` when textual.js stores it, for `terminal_text`."""
TERMINAL_TEXT = """(() => {
  const terminal = window.jeuxTerminal;
  if (!terminal) return "";
  const buffer = terminal.buffer.active, lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? "");
  }
  return lines.join("\\n");
})()"""


async def open_page(tab: DevTools, page_url: str) -> None:
    """A page of `jeux serve` in the tab at 80 x 24 cells, its text readable with
    `terminal_text`, once the app has drawn."""
    width, height = WINDOW
    await tab.call(
        "Emulation.setDeviceMetricsOverride",
        width=width,
        height=height,
        deviceScaleFactor=1,
        mobile=False,
    )
    await tab.call("Emulation.setFocusEmulationEnabled", enabled=True)
    await tab.call("Page.enable")
    await tab.call("Page.addScriptToEvaluateOnNewDocument", source=KEEP_TERMINAL)
    await tab.call("Page.navigate", url=page_url)
    while not await tab.evaluate("document.body?.classList.contains('-first-byte')"):
        await asyncio.sleep(0.05)


async def terminal_text(tab: DevTools) -> str:
    """The text of the page's terminal, as a player reads it: one line per row."""
    return await tab.evaluate(TERMINAL_TEXT) or ""


async def press(tab: DevTools, text: str = "", key: str = "") -> None:
    """Type `text` in the page's terminal, or press a key named as the DOM names it
    ("Enter")."""
    if text:
        await tab.call("Input.insertText", text=text)
    if key:
        codes = {"Enter": (13, "\r"), "Escape": (27, "")}
        number, typed = codes[key]
        for kind in ("keyDown", "keyUp"):
            await tab.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=key,
                windowsVirtualKeyCode=number,
                text=typed if kind == "keyDown" else "",
            )


async def capture(devtools_url: str, page_url: str) -> bytes:
    async with browser_tab(devtools_url) as tab:
        await open_page(tab, page_url)
        await asyncio.sleep(SETTLE_SECONDS)  # a picture, not a test: the menu's fade-in ends
        shot = await tab.call("Page.captureScreenshot", format="png")
        return base64.b64decode(shot["data"])


def save(target: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server, page_url = start_server(Path(folder))
        browser, devtools_url = start_browser(Path(folder))
        try:
            png = asyncio.run(asyncio.wait_for(capture(devtools_url, page_url), TIMEOUT_SECONDS))
        finally:
            browser.terminate()
            server.terminate()
            browser.wait()
            server.wait()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(png)
    print(target)


if __name__ == "__main__":
    save(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots/navigateur.png"))
