"""Rule-level mutants: each changes one rule that decides an outcome, by hand, and the game's tests must
kill it (docs/MUTATION.md, "Rule-level mutants"). mutmut's operators flip numbers, comparisons and
`and`/`or`; a rule broken on purpose (a tie going the other way, a penalty skipped, a final chance
never given) is what a reader's mistake in `rules.py` really looks like.

Run: .venv/bin/python -m bench.quality.mutants --game jekyll-vs-hyde [--only NAME ...]
     .venv/bin/python -m bench.quality.mutants --game all

Each game's mutants are `MUTANTS` in `bench/quality/mutants/<game_dir>.py`. A mutant replaces one exact
text in a file of `games/<game_dir>/` (it must occur there exactly once: after an edit of the rules, a
mutant whose text is gone is reported `stale`, never silently skipped). Every mutant runs in a fresh
copy of `src/` and the game's tests (the working tree is never touched), one at a time, with
`pytest -x`; the first failing test is the one that kills it. A mutant that stops the tests from being
collected at all (an import or syntax error) is `broken`, not killed. Exit status 1 when any mutant
survives, is stale or is broken.
"""

from __future__ import annotations

import argparse
import importlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GAMES = {
    "jekyll-vs-hyde": "jekyll_vs_hyde",
    "camel-up-cards": "camel_up_cards",
    "queendomino": "queendomino",
    "double-connect": "double_connect",
    "twin-it": "twin_it",
}
# The game's whole test package and the engine's, without the bot tournaments (statistical, minutes).
TEST_FILES = ["tests/__init__.py", "tests/conftest.py", "tests/games/__init__.py"]
SKIP = "not test_strategy"
FAILED = re.compile(r"^FAILED (\S+)", re.MULTILINE)
ERROR = re.compile(r"^ERROR (\S+)", re.MULTILINE)


@dataclass(frozen=True)
class Mutant:
    """One rule broken on purpose: `old` (exact text, once in the file) becomes `new`."""

    name: str
    rule: str  # where the rules file decides it: "§4.4 D7", "§6 tie-break"
    old: str
    new: str
    file: str = "rules.py"  # inside games/<game_dir>/


def mutants_of(game: str) -> list[Mutant]:
    module = importlib.import_module(f"bench.quality.mutants.{GAMES[game]}")
    return list(module.MUTANTS)


def stage(package: str, workdir: Path) -> None:
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    shutil.copytree(ROOT / "src", workdir / "src", ignore=shutil.ignore_patterns("__pycache__"), symlinks=True)
    for name in TEST_FILES + ["pyproject.toml"]:
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, workdir / name)
    for folder in (f"tests/games/{package}", "tests/engine", "tests/support"):
        shutil.copytree(ROOT / folder, workdir / folder, ignore=shutil.ignore_patterns("__pycache__"))


def run_one(package: str, mutant: Mutant, workdir: Path) -> tuple[str, str]:
    """('killed', test) | ('survived', '') | ('stale' | 'broken', why), in a fresh copy."""
    stage(package, workdir)
    path = workdir / "src" / "dorhami" / "games" / package / mutant.file
    text = path.read_text("utf-8")
    if text.count(mutant.old) != 1:
        return "stale", f"{mutant.file} holds the text {text.count(mutant.old)} times"
    path.write_text(text.replace(mutant.old, mutant.new), "utf-8")
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-n",
        "0",
        "-p",
        "no:cacheprovider",
        "-rfE",
        "--timeout",
        "300",
        "-k",
        SKIP,
        f"tests/games/{package}",
        "tests/engine",
    ]
    env = {"PYTHONPATH": str(workdir / "src"), "PATH": "/usr/bin:/bin", "PYTEST_XDIST_WORKER": f"mutant-{package}"}
    done = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True)
    if done.returncode == 0:
        return "survived", ""
    if done.returncode != 1:
        # Collection failed (an import error, a syntax error): no test judged a rule. Such a mutant
        # proves nothing; rewrite it as a change a test can run against.
        return "broken", f"pytest exit {done.returncode}"
    found = FAILED.search(done.stdout) or ERROR.search(done.stdout)
    return "killed", found.group(1) if found else "a test failed"


def run_game(game: str, only: set[str]) -> bool:
    package = GAMES[game]
    chosen = [m for m in mutants_of(game) if not only or m.name in only]
    workdir = Path(tempfile.gettempdir()) / "dorhami-rule-mutants" / package
    print(f"## {game}: {len(chosen)} mutants\n\n| mutant | rule | outcome | killed by |\n|---|---|---|---|")
    clean = True
    for mutant in chosen:
        started = time.monotonic()
        outcome, test = run_one(package, mutant, workdir)
        clean &= outcome == "killed"
        took = time.monotonic() - started
        print(f"| {mutant.name} | {mutant.rule} | {outcome} ({took:.0f} s) | {test} |", flush=True)
    print()
    return clean


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=[*GAMES, "all"])
    parser.add_argument("--only", nargs="*", default=[], help="mutant names")
    args = parser.parse_args()
    games = list(GAMES) if args.game == "all" else [args.game]
    clean = all([run_game(game, set(args.only)) for game in games])
    return 0 if clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
