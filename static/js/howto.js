// How to play one game, at /how/{slug}: the game's own sections (static/js/howto/<slug>.js), each with
// its text in the page's language and a small drawing by the game's renderer.
import { h } from "./dom.js";
import { currentLang, t } from "./i18n/index.js";
import { gameTitle, renderer } from "./games/index.js";

export function showHowTo(root, slug) {
  let guide = null;
  let failed = false;

  async function load() {
    try {
      // The renderer brings the game's styles, which its drawings need.
      [guide] = await Promise.all([import(`./howto/${slug}.js`), renderer(slug)]);
    } catch (err) {
      console.error(err);
      failed = true;
    }
    redraw();
  }

  function figure(section) {
    try { return section.figure ? h("figure", { class: "howto-figure", "aria-hidden": "true" }, section.figure()) : null; } catch (err) {
      console.error(err);
      return null;
    }
  }

  function section(part) {
    const lang = currentLang();
    return h("section", { class: "card howto-section", id: `how-${part.id}` },
      h("h2", {}, part.title[lang] || part.title.en),
      figure(part),
      (part.body[lang] || part.body.en).map((text) => h("p", {}, text)));
  }

  function redraw() {
    const title = gameTitle(slug);
    document.title = `${t("how_to_play")} · ${title} · ${t("brand")}`;
    const back = h("a", { href: "/", class: "button", id: "howto-back" }, t("back_to_lobby"));
    if (failed) { root.replaceChildren(h("section", { class: "card" }, h("p", {}, t("howto_missing")), back)); return; }
    if (!guide) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    const lang = currentLang();
    root.replaceChildren(h("article", { class: `howto ${slug}`, id: "howto", dataset: { game: slug } },
      h("h1", {}, t("how_to_play_title", { game: title })),
      h("nav", { class: "howto-nav", "aria-label": t("contents") },
        guide.sections.map((part) => h("a", { href: `#how-${part.id}` }, part.title[lang] || part.title.en))),
      guide.sections.map(section),
      back));
  }

  load();
  return { redraw };
}
