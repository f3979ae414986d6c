// Check a finished game's shuffle at /verify/{game_id}: the scheme in plain words, the server's
// checks each with a mark and a word (never colour alone), the revealed inputs, and how to check
// them without trusting this page.
import { api } from "./api.js";
import { h } from "./dom.js";
import { errorText, register, t } from "./i18n/index.js";
import enVerify from "./i18n/en/verify.js";
import faVerify from "./i18n/fa/verify.js";
import { gameTitle } from "./games/index.js";

register("verify", { en: enVerify, fa: faVerify });

export function showVerify(root, gameId) {
  let answer = null;
  let error = null;

  async function load() {
    try { answer = await api("GET", `/api/games/${gameId}/verify`); } catch (err) { error = err; }
    redraw();
  }

  function check(item) {
    return h("li", { class: `verify-check ${item.passed ? "pass" : "fail"}`, dataset: { check: item.name, passed: String(item.passed) } },
      h("b", {}, item.passed ? `✓ ${t("verify.passed")}` : `✗ ${t("verify.failed")}`), " ",
      t(`verify.check.${item.name}`));
  }

  function value(label, text) {
    return h("div", { class: "verify-value" }, h("dt", {}, label), h("dd", { dir: "ltr" }, h("code", {}, text)));
  }

  function redraw() {
    document.title = `${t("verify.title")} · ${t("brand")}`;
    const back = h("a", { href: "/", class: "button", id: "verify-back" }, t("back_to_lobby"));
    const scheme = h("section", { class: "card", id: "verify-scheme" }, h("h2", {}, t("verify.how_title")),
      ["verify.how_1", "verify.how_2", "verify.how_3", "verify.how_4"].map((key) => h("p", {}, t(key))));
    if (error) {
      const why = error.code === "not_finished" ? t("verify.not_finished") : errorText(error);
      root.replaceChildren(h("article", { class: "verify", id: "verify" }, h("h1", {}, t("verify.title")),
        h("section", { class: "card", id: "verify-error" }, h("p", {}, why)), scheme, back));
      return;
    }
    if (!answer) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    const verdict = answer.passed ? `✓ ${t("verify.all_passed")}` : `✗ ${t("verify.some_failed")}`;
    const inputs = answer.server_seed ? h("dl", { class: "verify-values" },
      value(t("verify.commitment"), answer.commitment), value(t("verify.server_seed"), answer.server_seed),
      value(t("verify.client_seeds"), answer.client_seeds.length ? answer.client_seeds.join(", ") : t("verify.none")),
      value(t("verify.room_and_game"), `${answer.room_id} · ${answer.game_number}`),
      value(t("verify.seed"), String(answer.seed))) : null;
    root.replaceChildren(h("article", { class: "verify", id: "verify", dataset: { passed: String(answer.passed) } },
      h("h1", {}, `${t("verify.title")}: ${gameTitle(answer.game)}`),
      h("section", { class: "card" }, h("p", { class: "big", id: "verify-verdict" }, verdict),
        h("p", { class: "muted" }, t("verify.rows", { n: answer.log_rows })),
        h("ul", { class: "verify-checks", id: "verify-checks" }, answer.checks.map(check)), inputs),
      scheme,
      h("section", { class: "card", id: "verify-yourself" }, h("h2", {}, t("verify.yourself_title")), h("p", {}, t("verify.yourself")),
        h("pre", { dir: "ltr" }, h("code", {}, `python3 scripts/verify_game.py ${location.origin}/verify/${gameId} --commitment <${t("verify.commitment")}>`))),
      h("p", { class: "controls" }, h("a", { href: `/replay/${gameId}`, class: "button", id: "verify-replay" }, t("replay.watch")), back)));
  }

  load();
  return { redraw };
}

// The link a finished room's result shows.
export function verifyLink(gameId) {
  return h("a", { href: `/verify/${gameId}`, class: "button", id: "verify-link" }, t("verify.link"));
}
