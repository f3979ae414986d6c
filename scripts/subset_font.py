"""Cut Vazirmatn down to what the site writes: Persian (the Arabic block), Latin letters, digits,
punctuation and a few symbols. Run once after updating the font; the lobby's weight budget depends
on it (the full font is most of a first visit). Needs `pip install fonttools brotli`.

    python scripts/subset_font.py FULL.woff2 static/fonts/Vazirmatn-wght.woff2
"""

from __future__ import annotations

import sys

from fontTools import subset

# Basic Latin and Latin-1; the Arabic letters, marks and digits Persian uses (with its own پ چ ژ ک گ ی
# and ۰–۹, Arabic-Indic digits too, as people type them); general punctuation (ZWNJ, LRM/RLM, dashes,
# quotes); arrows, maths signs and the circles used as presence marks.
PERSIAN = (
    "U+060C,U+061B,U+061F,U+0621-063A,U+0640-0655,U+0660-066C,U+0670,U+067E,U+0686,U+0698,U+06A9,U+06AF,U+06C0,"
    "U+06CC,U+06F0-06F9"
)
KEEP = f"U+0020-007E,U+00A0-00FF,{PERSIAN},U+2000-206F,U+2190-21FF,U+2212,U+2264-2265,U+25CB-25CF,U+FEFF"


def main(source: str, target: str) -> None:
    subset.main(
        [
            source,
            f"--unicodes={KEEP}",
            "--flavor=woff2",
            "--layout-features=*",
            "--no-hinting",
            "--desubroutinize",
            f"--output-file={target}",
        ]
    )


if __name__ == "__main__":
    main(*sys.argv[1:3])
