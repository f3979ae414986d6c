// The move log: every change's events in the game's own sentences, under one short row below the
// table (the log's switch, how to play, hand my seat to a bot) so a race table keeps the screen. The
// log opens under that row, and is open by itself once the game is over.
import { h } from "../dom.js";
import { currentLang, t } from "../i18n/index.js";
import { howToLink } from "./head.js";
import { tutorialLink } from "../learn/offer.js";
import { peopleList } from "./presence.js";

// One move log per room page. `journal` is [{game, version, events}]; `game` is the renderer.
// A real-time table sends many states a second and its log grows to hundreds of lines: each new
// change only adds its own lines (built once, in the player's language), and the row, the people
// and the fingerprint are rebuilt only when what they show changes. Its one element is kept, so a
// log being scrolled keeps its place.
export function moveLog() {
  let open = null;  // the switch; null: closed during play, open once the game is over
  let isOpen = false;
  const made = { lang: null, game: null, changes: 0, last: null, count: 0 };
  const keys = { row: null, people: null, count: null };
  const toggle = h("button", { type: "button", class: "small", id: "log-toggle", "aria-controls": "log",
    onclick: () => { open = !isOpen; redraw(); } });
  let redraw = () => {};
  const menu = h("p", { class: "table-menu" });
  let people = [];  // the seats' list and the fingerprint, at the panel's top
  const list = h("ol", { class: "log-lines", id: "log-lines", reversed: true, tabindex: 0, "data-scrolls": "" });
  const empty = h("p", { class: "muted" });
  const panel = h("section", { class: "card log", id: "log" });
  const el = h("div", {}, menu, panel);

  // The lines of the changes not written yet; all of them again after a new game, a history or a new language.
  function newLines(journal, game, ctx) {
    const lang = currentLang();
    const n = made.changes;
    const goesOn = made.lang === lang && made.game === game && n <= journal.length && (n === 0 || journal[n - 1] === made.last);
    if (!goesOn) Object.assign(made, { lang, game, changes: 0, last: null, count: 0 });
    const fresh = [];
    if (!ctx || !game?.logLines) return { fresh, restart: !goesOn };
    for (const change of journal.slice(made.changes)) {
      try { fresh.push(...(game.logLines(change.events, ctx) || [])); } catch (err) { console.error(err); }
    }
    made.changes = journal.length;
    made.last = journal.at(-1) ?? null;
    return { fresh, restart: !goesOn };
  }

  function writeLines({ fresh, restart }) {
    if (restart) list.replaceChildren();
    // Newest first: the new lines go on top, in reverse (the list counts down by itself).
    if (fresh.length) list.prepend(...fresh.reverse().map((line) => h("li", { class: line.summary ? "summary" : "" }, line.text)));
    made.count = list.childElementCount;
    if (keys.count === made.count) return;
    keys.count = made.count;
    toggle.textContent = t("history_n", { n: made.count });
    empty.textContent = t("history_empty");
    const [shown, gone] = made.count ? [list, empty] : [empty, list];
    if (shown.parentNode !== panel) { gone.remove(); panel.append(shown); }
  }

  function fillRow(ctl) {
    const { room } = ctl;
    const key = JSON.stringify([currentLang(), room.game, room.status, ctl.mySeat]);
    if (keys.row === key) return;
    keys.row = key;
    const handOver = room.status === "playing" && ctl.mySeat !== null
      ? h("button", { type: "button", class: "small", id: "hand-to-bot", onclick: ctl.leaveDuringGame }, t("hand_to_bot")) : null;
    const learn = room.status === "playing" ? tutorialLink(room.game, { id: "learn-link-table", newTab: true }) : null;
    menu.replaceChildren(...[toggle, howToLink(room), learn, handOver].filter(Boolean));
    toggle.textContent = t("history_n", { n: made.count });
    panel.setAttribute("aria-label", t("history"));
  }

  function fillPeople(ctl) {
    const { room } = ctl;
    const key = JSON.stringify([currentLang(), room.presence, room.seats, room.commitment]);
    if (keys.people === key) return;
    keys.people = key;
    // The deal's fingerprint, to note now and compare at /verify/{id} once the game is over.
    const fingerprint = room.commitment ? h("p", { class: "muted commitment", id: "commitment" }, `${t("verify.fingerprint")} `,
      h("code", { dir: "ltr", title: room.commitment }, room.commitment)) : null;
    for (const old of people) old.remove();
    people = [peopleList(room, ctl.seatName), fingerprint].filter(Boolean);
    panel.prepend(...people);
  }

  return (ctl, journal, game, ctx) => {
    redraw = ctl.redraw;
    const wasOpen = isOpen;
    isOpen = open ?? ctl.room.status === "finished";
    const lines = newLines(journal, game, ctx);
    if (lines.restart) keys.count = null;
    fillRow(ctl);
    writeLines(lines);
    fillPeople(ctl);
    if (wasOpen !== isOpen || !toggle.hasAttribute("aria-expanded")) {
      toggle.setAttribute("aria-expanded", String(isOpen));
      panel.hidden = !isOpen;
    }
    return el;
  };
}
