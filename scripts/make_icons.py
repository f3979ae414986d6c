"""Draw the PNG app icons from the hand-written SVGs in static/icons/, with Chromium.

Run once after editing an SVG: .venv/bin/python scripts/make_icons.py
There is no build step: the PNGs it writes are committed beside their SVGs (the web app manifest
and iOS's home screen want PNGs; browsers' tabs use the SVG).
"""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
# (source SVG, PNG written, size in px): "any" icons keep their rounded corners (transparent
# outside); maskable ones are full-bleed, their drawing inside the safe zone.
PNGS = [
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("icon-maskable.svg", "icon-maskable-192.png", 192),
    ("icon-maskable.svg", "icon-maskable-512.png", 512),
]


def draw(page, svg: Path, png: Path, size: int) -> None:
    """Render `svg` at `size`×`size` CSS px (device scale 1) into `png`, keeping transparency."""
    data = base64.b64encode(svg.read_bytes()).decode()
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        f"<style>html, body {{ margin: 0; background: transparent; }} img {{ display: block; }}</style>"
        f'<img src="data:image/svg+xml;base64,{data}" width="{size}" height="{size}" alt="">'
    )
    page.wait_for_function("document.images[0].complete")
    page.screenshot(path=str(png), omit_background=True)


def main() -> None:
    chromium = shutil.which("chromium")
    with sync_playwright() as playwright:
        browser = (
            playwright.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox"])
            if chromium
            else playwright.chromium.launch()
        )
        page = browser.new_page(device_scale_factor=1)
        for source, target, size in PNGS:
            draw(page, ICONS / source, ICONS / target, size)
            print(f"{target}: {(ICONS / target).stat().st_size} bytes")
        browser.close()


if __name__ == "__main__":
    main()
