"""The client's modules load in as few round trips as one file each did: a game's folder is fetched whole."""

from __future__ import annotations

import re
from pathlib import Path

STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"


def test_the_game_loader_asks_for_every_part_of_each_game_folder():
    # games/index.js fetches a game's parts beside its index.js (no round trip per nesting level):
    # a part it does not name would still load, one round trip later.
    loader = (STATIC_JS / "games" / "index.js").read_text(encoding="utf-8")
    names = lambda text: set(text.replace('"', "").replace(" ", "").split(",")) - {""}  # noqa: E731
    default = names(re.search(r"const PARTS = \[([^\]]*)\]", loader).group(1))
    more = dict(re.findall(r'"([a-z-]+)": \[([^\]]*)\]', re.search(r"const MORE_PARTS = \{([^}]*)\}", loader).group(1)))
    for folder in sorted(p for p in (STATIC_JS / "games").iterdir() if p.is_dir()):
        named = default | names(more.get(folder.name, ""))
        assert {path.stem for path in folder.glob("*.js")} - {"index"} == named, folder.name
