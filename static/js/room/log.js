// The move log: every change's events in the game's own sentences, under one short row below the
// table (the log's switch, how to play, hand my seat to a bot) so a race table keeps the screen. The
// log opens under that row, and is open by itself once the game is over.
import { h, partCache } from "../dom.js";
import { currentLang, t } from "../i18n/index.js";
import { howToLink } from "./head.js";
import { peopleList } from "./presence.js";

// One move log per room page. `journal()` gives [{game, version, events}]; `game` is the renderer.
export function moveLog() {
  let open = null;  // the switch; null: closed during play, open once the game is over
  // Each change's lines are made once per language: real-time tables redraw many times a second.
  const madeLines = new WeakMap();
  const part = partCache();

  function lines(journal, game, ctx) {
    if (!game?.logLines) return [];
    const lang = currentLang();
    return journal.flatMap((change) => {
      const made = madeLines.get(change);
      if (made?.lang === lang) return made.lines;
      let fresh = [];
      try { fresh = game.logLines(change.events, ctx) || []; } catch (err) { console.error(err); }
      madeLines.set(change, { lang, lines: fresh });
      return fresh;
    });
  }

  function build(ctl, all, isOpen) {
    const { room } = ctl;
    const handOver = room.status === "playing" && ctl.mySeat !== null
      ? h("button", { type: "button", class: "small", id: "hand-to-bot", onclick: ctl.leaveDuringGame }, t("hand_to_bot")) : null;
    const toggle = h("button", { type: "button", class: "small", id: "log-toggle", "aria-expanded": String(isOpen), "aria-controls": "log",
      onclick: () => { open = !isOpen; ctl.redraw(); } }, t("history_n", { n: all.length }));
    // The deal's fingerprint, to note now and compare at /verify/{id} once the game is over.
    const fingerprint = room.commitment ? h("p", { class: "muted commitment", id: "commitment" }, `${t("verify.fingerprint")} `,
      h("code", { dir: "ltr", title: room.commitment }, room.commitment)) : null;
    const panel = h("section", { class: "card log", id: "log", hidden: !isOpen, "aria-label": t("history") }, peopleList(room, ctl.seatName), fingerprint,
      all.length ? h("ol", { class: "log-lines", id: "log-lines", reversed: true, tabindex: 0, "data-scrolls": "" },
        [...all].reverse().map((line) => h("li", { class: line.summary ? "summary" : "" }, line.text)))
        : h("p", { class: "muted" }, t("history_empty")));
    return h("div", {}, h("p", { class: "table-menu" }, toggle, howToLink(room), handOver), panel);
  }

  // The row and the log, rebuilt only when something in them changed, so a log being scrolled keeps its place.
  return (ctl, journal, game, ctx) => {
    const { room } = ctl;
    const all = ctx ? lines(journal, game, ctx) : [];
    const isOpen = open ?? room.status === "finished";
    const key = JSON.stringify([all.length, isOpen, room.status, ctl.mySeat, room.presence, room.seats, room.commitment]);
    return part("below", key, () => build(ctl, all, isOpen));
  };
}
