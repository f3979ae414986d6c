"""A room's link as a QR code, drawn as SVG: a friend beside you scans it instead of being sent a link.

segno (ISO/IEC 18004, pure Python) does the encoding. The code is always dark on light with the
standard four-module quiet zone, whatever the page's theme: scanners need that contrast.
"""

from __future__ import annotations

import io

import segno


def link_svg(url: str) -> bytes:
    # Level M survives a scratched or glare-struck phone screen and keeps a table link (about
    # 60 characters) at version 4, large modules on a small screen.
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, border=4, dark="#000", light="#fff", omitsize=True)
    return out.getvalue()
