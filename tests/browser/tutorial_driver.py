"""Playing a tutorial in the browser by doing only what the coach shows: its Next button, or the one
control it points at (`[data-coach-target]`), by touch, mouse or keyboard."""

from __future__ import annotations

from collections.abc import Callable

# A tutorial has at most 18 steps, a step at most a few touches (select, target, confirm).
MAX_TOUCHES = 120

# Read in one go, once the coach is ready for the next touch: the step, and which of its buttons is offered
# (none: touch what it points at).
SETTLED = """() => { const coach = document.querySelector('#coach');
  if (document.querySelector('#learn-done')) return {done: true};
  if (!coach || coach.classList.contains('busy')) return null;
  const button = ['#coach-next', '#coach-again'].find((id) => !document.querySelector(id).hidden) || null;
  if (!button && !document.querySelector('[data-coach-target]')) return null;
  return {done: false, step: coach.dataset.step, button}; }"""

MOVED_ON = """([step, marker]) => !!document.querySelector('#learn-done')
  || document.querySelector('#coach')?.dataset.step !== step
  || !document.querySelector(`[data-coach-target][data-touched="${marker}"]`)"""


def play_through(page, *, how: str = "touch", on_step: Callable[[str], None] | None = None) -> list[str]:
    """Play the open tutorial to its end; `how` is "touch", "mouse" or "keyboard". Returns the steps seen."""
    seen: list[str] = []
    page.wait_for_selector("#coach[data-step]")
    for touch in range(MAX_TOUCHES):
        ready = page.wait_for_function(SETTLED, timeout=15_000).json_value()
        if ready["done"]:
            return seen
        step, button = ready["step"], ready["button"]
        if not seen or seen[-1] != step:
            seen.append(step)
            if on_step:
                on_step(step)
        marker = f"t{touch}"
        if button is None:
            page.evaluate("(m) => document.querySelector('[data-coach-target]').dataset.touched = m", marker)
        if how == "keyboard":
            wanted = button or "[data-coach-target]"
            assert page.evaluate("(sel) => document.activeElement?.matches(sel)", wanted), (
                f"step {step}: the coach did not bring the keyboard to {wanted}; focus is on "
                + page.evaluate("() => document.activeElement?.outerHTML.slice(0, 120)")
            )
            page.keyboard.press("Enter")
        elif button:
            page.locator(button).click()
        else:
            target = page.locator("[data-coach-target]")
            target.tap() if how == "touch" else target.click()
        if button == "#coach-next":
            page.wait_for_function(
                "(step) => !!document.querySelector('#learn-done') || document.querySelector('#coach')?.dataset.step !== step",
                arg=step,
                timeout=15_000,
            )
        elif button:
            page.wait_for_function("() => document.querySelector('#coach-again').hidden", timeout=15_000)
        else:
            page.wait_for_function(MOVED_ON, arg=[step, marker], timeout=15_000)
    raise AssertionError(f"the tutorial did not end after {MAX_TOUCHES} touches (steps seen: {seen})")
