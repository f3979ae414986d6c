// Fair slaps: a race action reports which version of the table the player was looking at and how long
// they took to react to it, so the server can order claims by reaction time instead of network speed.
const KEEP = 8;                  // versions remembered: a press is judged against what was on screen
const MAX_REACTION_MS = 600000;  // the protocol's ceiling
const PRESS_FRESH_MS = 2000;     // an older press did not make this action (a timer or a reply did)

export class ReactionClock {
  constructor() {
    this.shown = [];   // [{game, version, at}], oldest first; `at` (performance.now) once painted
    this.press = null; // the latest press on the table: {at, seen}
  }

  // A state was drawn: note when it reaches the screen (the frame after the drawing is painted).
  drawn(game, version) {
    if (this.shown.some((entry) => entry.game === game && entry.version === version)) return;
    const entry = { game, version, at: null };
    this.shown = [...this.shown, entry].slice(-KEEP);
    requestAnimationFrame(() => setTimeout(() => { entry.at = performance.now(); }, 0));
  }

  // The newest version painted so far: what the player sees now (a drawn one may not be painted yet).
  onScreen() {
    return this.shown.findLast((entry) => entry.at != null) ?? null;
  }

  // A pointer or key went down on the table: the reaction ends here, not when the action is built.
  pressed(event) {
    const at = event?.timeStamp > 0 ? event.timeStamp : performance.now();
    this.press = { at, seen: this.onScreen() };
  }

  // `action` with seen_version and reaction_ms added; unchanged when nothing of `game` was painted.
  stamp(action, game) {
    const now = performance.now();
    const press = this.press && now - this.press.at < PRESS_FRESH_MS ? this.press : { at: now, seen: this.onScreen() };
    const seen = press.seen;
    if (!seen || seen.game !== game) return action;
    const reaction = Math.round(press.at - seen.at);
    return { ...action, seen_version: seen.version, reaction_ms: Math.min(MAX_REACTION_MS, Math.max(0, reaction)) };
  }
}
