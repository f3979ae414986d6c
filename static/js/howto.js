// How to play one game: at /how/{slug} as a page, and from a table as a sheet over it (the game goes on
// underneath). The game's own sections (static/js/howto/<slug>.js) give each part its text in the page's
// language and a small drawing by the game's renderer.
import { h } from "./dom.js";
import { currentLang, t } from "./i18n/index.js";
import { gameTitle, renderer } from "./games/index.js";
import { tutorialLink } from "./learn/offer.js";

// The renderer brings the game's styles, which its drawings need.
async function loadGuide(slug) {
  const [guide] = await Promise.all([import(`./howto/${slug}.js`), renderer(slug)]);
  return guide;
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

// The contents line and the sections; `jump` scrolls to a section (the sheet scrolls inside itself).
function guideParts(guide, slug, jump = null) {
  const lang = currentLang();
  // Over a table (the sheet) the tutorial opens in a new tab, so the game goes on.
  const learn = h("p", { class: "howto-learn" }, tutorialLink(slug, { id: "howto-learn", newTab: !!jump, className: "button primary" }));
  const link = (part) => h("a", { href: `#how-${part.id}`, onclick: jump && ((event) => { event.preventDefault(); jump(part.id); }) },
    part.title[lang] || part.title.en);
  return [learn, h("nav", { class: "howto-nav", "aria-label": t("contents") }, guide.sections.map(link)), guide.sections.map(section)];
}

export function showHowTo(root, slug) {
  let guide = null;
  let failed = false;

  async function load() {
    try {
      guide = await loadGuide(slug);
    } catch (err) {
      console.error(err);
      failed = true;
    }
    redraw();
  }

  function redraw() {
    const title = gameTitle(slug);
    document.title = `${t("how_to_play")} · ${title} · ${t("brand")}`;
    const back = h("a", { href: "/", class: "button", id: "howto-back" }, t("back_to_lobby"));
    if (failed) { root.replaceChildren(h("section", { class: "card" }, h("p", {}, t("howto_missing")), back)); return; }
    if (!guide) { root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    root.replaceChildren(h("article", { class: `howto ${slug}`, id: "howto", dataset: { game: slug } },
      h("h1", {}, t("how_to_play_title", { game: title })), guideParts(guide, slug), back));
  }

  load();
  return { redraw };
}

// -- the sheet over a table -----------------------------------------------------------------------

let sheet = null;  // the open sheet: {dialog, close}

/** Open the how-to of `slug` as a modal sheet; `openerId` names the control the focus returns to. */
export function openHowToSheet(slug, openerId) {
  if (sheet) return sheet;
  const body = h("div", { class: "howto howto-sheet-body", id: "howto", dataset: { game: slug } }, h("p", { class: "muted" }, t("connecting")));
  const closeButton = h("button", { type: "button", class: "howto-close", id: "howto-close", "aria-label": t("close"), title: t("close") }, "✕");
  const dialog = h("dialog", { class: "howto-sheet", id: "howto-sheet", "aria-labelledby": "howto-sheet-title" },
    h("div", { class: "howto-sheet-bar" }, h("h2", { id: "howto-sheet-title" }, t("how_to_play_title", { game: gameTitle(slug) })), closeButton),
    body);
  // The browser's back closes the sheet: one history entry of our own, taken back on every close.
  // The router leaves that entry's popstate alone while the flag is up (it would rebuild the room and
  // its socket); the flag comes down once the entry is gone.
  let expectPop = false;
  const onPop = () => {
    window.removeEventListener("popstate", onPop);
    delete document.documentElement.dataset.historySheet;
    if (!expectPop) close(true);
  };
  function close(byBack = false) {
    if (!sheet) return;
    sheet = null;
    dialog.close();
    dialog.remove();
    if (!byBack) { expectPop = true; history.back(); }
    document.getElementById(openerId)?.focus();
  }
  dialog.addEventListener("cancel", (event) => { event.preventDefault(); close(); });  // Escape
  closeButton.addEventListener("click", () => close());
  document.body.append(dialog);
  history.pushState({ ...(history.state || {}), howto: slug }, "");
  document.documentElement.dataset.historySheet = slug;
  window.addEventListener("popstate", onPop);
  dialog.showModal();
  closeButton.focus();
  sheet = { dialog, close };
  const jump = (id) => dialog.querySelector(`#how-${CSS.escape(id)}`)?.scrollIntoView({ block: "start" });
  loadGuide(slug).then((guide) => { if (dialog.isConnected) body.replaceChildren(...guideParts(guide, slug, jump).flat()); })
    .catch((err) => { console.error(err); body.replaceChildren(h("p", {}, t("howto_missing"))); });
  return sheet;
}
