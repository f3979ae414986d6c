"""Mutation testing of the five rules engines (docs/MUTATION.md), one game at a time, with one worker.

    .venv/bin/python -m bench.quality.mutation --game jekyll-vs-hyde
    .venv/bin/python -m bench.quality.mutation --game all

The working tree is never touched: src/, the game's tests, the engine tests and pyproject.toml are copied
into a fresh directory under the system temp dir, mutmut's config is written there for that game's
rules.py alone, and mutmut runs there. Prints the killed (timeouts included), equivalent and unhandled
counts, the score and the diff of every mutant neither killed nor equivalent (equivalent: message-only,
found here, or listed in docs/MUTATION.md). Exit status 1 when any such mutant is left.
Needs the `mutation` extra: .venv/bin/pip install -e '.[mutation]'.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Slug -> package directory, in the order `--game all` runs them.
GAMES = {
    "jekyll-vs-hyde": "jekyll_vs_hyde",
    "camel-up-cards": "camel_up_cards",
    "queendomino": "queendomino",
    "double-connect": "double_connect",
    "twin-it": "twin_it",
}

# Statistical bot tournaments (test_strategy.py) and whole random playouts take seconds each and
# assert no single rule; run for every mutant they would dominate the run, so the selection leaves them out.
SLOW_TESTS = "not test_strategy and not random_playouts and not seeded_game"

# Twin It's action space is large: these three engine tests take 6–15 s each for it (under mutmut's
# tracing) and would be run for every surviving mutant; its own tests judge the same rules directly.
SLOW_FOR = {
    "twin-it": [
        "test_every_listed_action_is_its_own_normal_form",
        "test_any_json_action_is_judged",
        "test_private_events_reach_only_their_seats",
    ]
}

# The shared files the game's tests import; the other games' test packages stay behind.
TEST_FILES = ["tests/__init__.py", "tests/conftest.py", "tests/games/__init__.py"]


def mutmut_config(game: str, package: str) -> str:
    """The [tool.mutmut] table: mutate only this game's rules.py, test with its tests and the engine
    tests parametrised by its slug (`-k` on the slug also keeps every test of its own directory)."""
    rules = f"src/dorhami/games/{package}/rules.py"
    slow = "".join(f" and not {name}" for name in SLOW_FOR.get(game, []))
    selection = [f"tests/games/{package}", "tests/engine", "-k", f"({package} or {game}) and {SLOW_TESTS}{slow}"]
    return "\n".join(
        [
            "",
            "[tool.mutmut]",
            'source_paths = ["src"]',
            f"only_mutate = {json.dumps([rules])}",
            f"pytest_add_cli_args_test_selection = {json.dumps(selection)}",
            'pytest_add_cli_args = ["-p", "no:cacheprovider"]',
            # A copy has no git history to compare against.
            "use_git_change_detection = false",
            "",
        ]
    )


def stage(game: str, package: str, workdir: Path) -> None:
    """Copy what the run needs into `workdir`, fresh, so a file edited meanwhile is read as it is now."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    shutil.copytree(ROOT / "src", workdir / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in TEST_FILES:
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, workdir / name)
    # The bot tournaments are not copied at all: the selection leaves them out, and they import
    # helpers (tests/hub) that nothing else here needs.
    for folder in (f"tests/games/{package}", "tests/engine"):
        shutil.copytree(
            ROOT / folder, workdir / folder, ignore=shutil.ignore_patterns("__pycache__", "test_strategy.py")
        )
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    (workdir / "pyproject.toml").write_text(pyproject + mutmut_config(game, package), "utf-8")


def run_mutmut(workdir: Path) -> int:
    """One worker: the machine is shared, and one process keeps the timings comparable between runs."""
    with open(workdir / "mutmut.log", "w") as log:
        done = subprocess.run(
            [sys.executable, "-m", "mutmut", "run", "--max-children", "1"],
            cwd=workdir,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return done.returncode


def statuses(workdir: Path, package: str) -> dict[str, str]:
    """Mutant name -> status, read from mutmut's own record of the run."""
    from mutmut.stats import status_by_exit_code

    meta = workdir / "mutants" / "src" / "dorhami" / "games" / package / "rules.py.meta"
    codes = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    return {name: status_by_exit_code[code] for name, code in codes.items()}


class BlankMessages(ast.NodeTransformer):
    """Blanks the free-text message of every `IllegalAction(code, message)`: the rules name the codes,
    never the wording, so a mutant that only rewrites a message cannot change an outcome."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "IllegalAction":
            node.args[1:] = []
            node.keywords = []
        return node


def message_only(workdir: Path, package: str, names: list[str]) -> set[str]:
    """The mutants whose function equals the original once error messages are blanked."""
    mutated = workdir / "mutants" / "src" / "dorhami" / "games" / package / "rules.py"
    functions = {
        node.name: node for node in ast.walk(ast.parse(mutated.read_text("utf-8"))) if isinstance(node, ast.FunctionDef)
    }

    def shape(function_name: str) -> str:
        node = BlankMessages().visit(ast.parse(ast.unparse(functions[function_name])))
        node.body[0].name = "f"
        return ast.dump(node)

    found = set()
    for name in names:
        local = name.rpartition(".")[2]
        original = local.rpartition("__mutmut_")[0] + "__mutmut_orig"
        if local in functions and original in functions and shape(local) == shape(original):
            found.add(name)
    return found


def documented_equivalents(game: str) -> set[str]:
    """The mutant names docs/MUTATION.md lists as equivalent under this game's heading, each with its
    reason there (mutmut numbers mutants per function, so an edited function needs its list checked)."""
    names, inside = set(), False
    for line in (ROOT / "docs" / "MUTATION.md").read_text("utf-8").splitlines():
        if line.startswith("### "):
            inside = line[4:].strip() == game
        elif inside and line.startswith("- "):
            names.update(re.findall(r"`([^`\s]+__mutmut_\d+)`", line))
    return names


def diff(workdir: Path, name: str) -> str:
    shown = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=workdir, capture_output=True, text=True)
    return shown.stdout.strip()


def report(game: str, package: str, found: dict[str, str], seconds: float, workdir: Path) -> bool:
    """Print the counts, the score and each mutant neither killed nor equivalent; True when none is left.
    Equivalent: a survivor that only rewrites an error message (found here), or one docs/MUTATION.md lists."""
    # A timeout counts as detected: the suite did not pass with the mutant in place.
    alive = sorted(name for name, status in found.items() if status not in ("killed", "timeout"))
    wording = message_only(workdir, package, alive)
    listed = {name for name in alive if name.rpartition(".")[2] in documented_equivalents(game)}
    left = [name for name in alive if name not in wording | listed]
    counts = Counter(found.values())
    killed, equivalent = counts["killed"] + counts["timeout"], len(wording) + len(listed)
    total = len(found)
    score = 100.0 * killed / (total - equivalent) if total > equivalent else 100.0
    print(
        f"\n== {game}: {total} mutants, {killed} killed, {equivalent} equivalent "
        f"({len(wording)} message-only, {len(listed)} listed in docs/MUTATION.md), {len(left)} not handled "
        f"({counts['timeout']} of the killed by timeout), score {score:.1f} % (killed / non-equivalent), "
        f"{seconds:.0f} s"
    )
    others = {status: n for status, n in counts.items() if status not in ("killed", "survived", "timeout")}
    if others:
        print(f"   other statuses: {others}")
    for name in left:
        print(f"\n-- {name}: {found[name]}\n{diff(workdir, name)}")
    if wording:
        print(f"\n   message-only: {', '.join(name.rpartition('.')[2] for name in sorted(wording))}")
    return not left


def run_game(game: str, base: Path) -> bool:
    package = GAMES[game]
    workdir = base / package
    start = time.monotonic()
    stage(game, package, workdir)
    code = run_mutmut(workdir)
    seconds = time.monotonic() - start
    meta = workdir / "mutants" / "src" / "dorhami" / "games" / package / "rules.py.meta"
    if not meta.exists():
        print(f"== {game}: mutmut failed (exit {code}); see {workdir / 'mutmut.log'}")
        return False
    clean = report(game, package, statuses(workdir, package), seconds, workdir)
    print(f"   log and mutants kept in {workdir}")
    return clean


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=[*GAMES, "all"])
    parser.add_argument(
        "--workdir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "dorhami-mutation",
        help="where the copies are made (emptied per game)",
    )
    args = parser.parse_args()
    games = list(GAMES) if args.game == "all" else [args.game]
    results = [run_game(game, args.workdir) for game in games]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
