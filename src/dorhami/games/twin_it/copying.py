"""Copy on write for Twin It states: structural sharing instead of the contract's deep copy.

No state is edited after a move returns it. So the copy a move works on starts as a shallow
copy that shares every list and dict with the state before it, and a hook that edits a list in
place first calls `own` to give the new state a copy of that one list. A flip then copies five
lists, and a mistake two, instead of the whole state.

What is shared is never edited in place:

- ``faces`` and ``config`` are fixed at setup.
- A pile is replaced, not edited, when it changes (``own`` copies only the outer list of piles),
  and so is the stock.
- A set dict is replaced when a steal or an upgrade changes it (``win_triple``). Its ``cards``
  list is never edited.
- The ``touches`` list is always rebuilt, and a touch record never changes once it is made.

Call `own` just before the edit, and edit the list it returns. A list fetched before a call that
may `own` it again is stale: a write to it is lost. Editing a shared part in place would
silently change earlier states. The contract test (tests/engine/test_contract.py) and
tests/games/twin_it/test_sharing.py check for that.
"""

from __future__ import annotations

from typing import Any, cast


def copy_for_change(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of `state` that shares all its parts; the hooks `own` what they edit."""
    return state.copy()


def own(state: dict[str, Any], key: str) -> list[Any]:
    """Give `state` a copy of the list under `key`, and return that copy for editing in place."""
    state[key] = mine = state[key][:]
    return cast("list[Any]", mine)
