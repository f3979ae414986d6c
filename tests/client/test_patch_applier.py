"""The load generator's patch applier (tests/support/patch_applier.py) on hand-made vectors: the
bench's own copy of the client's rule, kept apart from the server's on purpose (a bench applying
patches with the server's code could not catch the two disagreeing)."""

from __future__ import annotations

import copy

import pytest

from tests.support import patch_applier as patches


def body() -> dict:
    return {
        "game_id": 7,
        "seat": 0,
        "view": {"turn": 0, "step": 3, "hand": [4, 9, 12], "a/b": 1, "m~n": 2, "tricks": [[1, 2]]},
        "legal_actions": [{"type": "play_card", "card": 4}],
        "result": None,
    }


VECTORS = [
    ("set a nested key", [["view/turn", 1]], lambda b: b["view"].update(turn=1)),
    ("add a key", [["view/lead", 5]], lambda b: b["view"].update(lead=5)),
    ("remove a key", [["view/step"]], lambda b: b["view"].pop("step")),
    ("replace a list item", [["view/hand/1", 10]], lambda b: b["view"]["hand"].__setitem__(1, 10)),
    ("append at len", [["view/hand/3", 20]], lambda b: b["view"]["hand"].append(20)),
    ("splice out", [["view/hand/0"]], lambda b: b["view"]["hand"].pop(0)),
    ("into a list in a list", [["view/tricks/0/2", 3]], lambda b: b["view"]["tricks"][0].append(3)),
    ("escaped slash", [["view/a~1b", 8]], lambda b: b["view"].update({"a/b": 8})),
    ("escaped tilde", [["view/m~0n"]], lambda b: b["view"].pop("m~n")),
    ("whole top-level value", [["legal_actions", []]], lambda b: b.update(legal_actions=[])),
    ("set to null", [["result", {"winner": 1}], ["result", None]], lambda b: b.update(result=None)),
    (
        "in order: removes shift the indices after them",
        [["view/hand/2"], ["view/hand/0"], ["view/hand/1", 30]],
        lambda b: b["view"].update(hand=[9, 30]),
    ),
]


@pytest.mark.parametrize(("ops", "change"), [(ops, change) for _, ops, change in VECTORS], ids=[v[0] for v in VECTORS])
def test_a_patch_makes_the_expected_body(ops, change):
    expected = body()
    change(expected)
    patched = body()
    patches.apply_patch(patched, ops)
    assert patched == expected


def test_the_key_tilde_one_is_not_a_slash():
    patched = {"~1": 0, "/": 0}
    patches.apply_patch(patched, [["~01", 5]])
    assert patched == {"~1": 5, "/": 0}


@pytest.mark.parametrize(
    "ops",
    [
        [["view/hand/4", 1]],  # past the end of the list
        [["view/hand/3"]],  # removing past the end
        [["view/nothing/x", 1]],  # through a missing key
        [["view/step/x", 1]],  # through a number
        [["view/hand/first", 1]],  # not an index
        [["view/absent"]],  # removing a missing key
        [[]],  # no path
        [["view/turn", 1, 2]],  # three items
    ],
)
def test_an_op_that_does_not_fit_is_refused(ops):
    with pytest.raises(patches.PatchError):
        patches.apply_patch(body(), ops)


def test_the_servers_diff_applied_here_makes_the_new_body():
    diff = pytest.importorskip("dorhami.hub.patches").diff
    before = body()
    afters = [copy.deepcopy(before) for _ in range(4)]
    afters[0]["view"].update(turn=1, step=4, hand=[9, 12])
    afters[1]["view"]["hand"] += [1, 2]
    afters[2]["view"].pop("a/b")
    afters[2]["view"]["m~n"] = [1]
    afters[3].update(legal_actions=[], result={"winner": 0})
    for after in afters:
        patched = copy.deepcopy(before)
        patches.apply_patch(patched, diff(before, after))
        assert patched == after
