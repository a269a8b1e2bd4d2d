"""A browser seat, as a player sees it: headless Chromium opens a seat's link (one that
`tabletop host --web` printed), waits for the game screen, optionally types keys into
it, and saves a screenshot. For trying browser seats by hand; needs Debian's
`chromium` (apt-get install chromium).

    .venv/bin/python scripts/browser_seat_screenshot.py http://127.0.0.1:8780/seat/CODE \\
        seat.png --wait 15 --keys 4

Chromium is driven through its DevTools protocol (a WebSocket), with the websockets
package tabletop already uses.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import subprocess
import urllib.request
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

PORT = 9333
SIZE = (1400, 900)


class DevTools:
    """Commands to one page, answered in order."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.sent = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.sent += 1
        await self.ws.send(json.dumps({"id": self.sent, "method": method, "params": params}))
        while True:
            message = json.loads(await self.ws.recv())
            if message.get("id") == self.sent:
                result: dict[str, Any] = message.get("result", {})
                return result


async def page_socket() -> str:
    """The DevTools address of Chromium's page, once it listens."""
    for _ in range(100):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/json") as answer:
                targets = json.load(answer)
            return str(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        except (OSError, StopIteration):
            await asyncio.sleep(0.2)
    raise SystemExit("Chromium did not start")


async def shoot(url: str, out: str, wait: float, keys: str) -> None:
    chromium = subprocess.Popen(
        [
            "chromium",
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--window-size={SIZE[0]},{SIZE[1]}",
            f"--remote-debugging-port={PORT}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        async with connect(await page_socket(), max_size=None) as ws:
            page = DevTools(ws)
            await page.call("Page.enable")
            await page.call("Page.navigate", url=url)
            await asyncio.sleep(wait)  # the seat's process starts and draws its screen
            for kind in ("mousePressed", "mouseReleased"):  # the terminal takes the keys
                await page.call(
                    "Input.dispatchMouseEvent", type=kind, x=SIZE[0] // 2, y=SIZE[1] // 2,
                    button="left", clickCount=1,
                )  # fmt: skip
            for key in keys:
                code = ord(key.upper())
                for kind in ("keyDown", "keyUp"):
                    await page.call(
                        "Input.dispatchKeyEvent", type=kind, key=key, text=key,
                        windowsVirtualKeyCode=code, nativeVirtualKeyCode=code,
                    )  # fmt: skip
                await asyncio.sleep(1.5)
            await asyncio.sleep(2)
            shot = await page.call("Page.captureScreenshot", format="png")
            with open(out, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
    finally:
        chromium.terminate()
        chromium.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the seat's link")
    parser.add_argument("out", help="the PNG to write")
    parser.add_argument("--wait", type=float, default=15, help="seconds before typing")
    parser.add_argument("--keys", default="", help="characters to type, one by one")
    args = parser.parse_args()
    asyncio.run(shoot(args.url, args.out, args.wait, args.keys))


if __name__ == "__main__":
    main()
