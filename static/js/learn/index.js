// A game's tutorial at /learn/{slug}: a short scripted game on the real engine (docs/TUTORIALS.md), drawn
// by the game's own renderer, with a coach that says what to do. The server judges every try: only the
// taught action moves the game on; another legal one is not applied and the coach says why; an illegal
// one gets the engine's own refusal. The scripted opponents' replies play one by one, so the player sees
// them happen. Progress is kept per step (this browser, and the server for a signed-in player).
import { api } from "../api.js";
import { announce, h, toast } from "../dom.js";
import { errorText, register, t } from "../i18n/index.js";
import enLearn from "../i18n/en/learn.js";
import faLearn from "../i18n/fa/learn.js";
import { gameTitle, renderer } from "../games/index.js";
import { settings } from "../settings.js";
import { goTo } from "../bot-game.js";
import { mountCoach } from "./coach.js";
import { doneCard } from "./finish.js";
import { seatNamer, tableContext } from "./table.js";
import { tickDeadlines } from "../room/deadlines.js";
import { declineOffer, progressOf, saveProgress, syncProgress } from "./progress.js";

register("learn", { en: enLearn, fa: faLearn });

const REPLY_MS = 900;        // between two scripted replies: long enough to see each one land
const REPLY_MS_REDUCED = 350;
const RACE_TICK_MS = 250;

// The game's coach texts, in both languages (a switch of language mid-lesson needs no reload).
async function coachTexts(slug) {
  const [en, fa] = await Promise.all([import(`../i18n/en/learn-${slug}.js`), import(`../i18n/fa/learn-${slug}.js`)]);
  register(`learn-${slug}`, { en: en.default, fa: fa.default });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quick = () => settings().reducedMotion || matchMedia("(prefers-reduced-motion: reduce)").matches;

class TutorialScreen {
  constructor(root, slug) {
    Object.assign(this, { root, slug, script: null, game: null, at: 0, frame: null, before: null });
    Object.assign(this, { failed: false, finished: false, busy: false, disposed: false, raceTimer: null, raceTicker: null });
    this.board = h("section", { class: "table learn-board", id: "table" });
    this.coach = mountCoach({ onNext: () => this.next(), onAgain: () => this.again(), onSkip: () => this.skip() });
  }

  get step() { return this.script.steps[this.at]; }

  coachText(key) { return t(`learn.${this.slug}.${key}`); }

  async load() {
    const { slug } = this;
    try {
      const [answer, module] = await Promise.all([api("GET", `/api/tutorials/${slug}`), renderer(slug), coachTexts(slug), syncProgress()]);
      this.script = answer;
      this.game = module;
      this.nameOf = seatNamer(answer);
      const saved = progressOf(slug);
      this.at = !saved.done && saved.step > 0 && saved.step < answer.steps.length ? saved.step : 0;
      this.frame = this.at ? await api("GET", `/api/tutorials/${slug}/steps/${this.at}`) : answer.start;
    } catch (err) {
      console.error(err);
      this.failed = true;
    }
    if (this.disposed) return;
    this.redraw();
    if (!this.failed) this.enter();
  }

  drawTable() {
    if (!this.frame || !this.game) return;
    const context = tableContext(this.slug, this.script, this.frame, { act: (action) => this.act(action), rerender: () => this.drawTable() });
    try { this.game.render(this.board, context); } catch (err) { console.error(err); }
    this.board.dataset.version = this.frame.version;
    // At the frame's own time: the script's clock stands still while the player thinks.
    tickDeadlines(this.board, () => this.frame.now_ms, true);
    if (!this.finished) this.coach.follow();
  }

  show(frame) {
    this.frame = frame;
    this.drawTable();
  }

  showCoach() {
    const step = this.step;
    this.coach.show({ say: this.coachText(step.say), step: this.at, total: this.script.steps.length, waitsForNext: !step.act,
      point: step.point, boardEl: this.board });
  }

  // A step begins: the coach's text, the pointer, and for a race the real clock.
  enter() {
    this.before = this.frame;
    this.setBusy(false);
    this.root.querySelector("#learn")?.setAttribute("data-step", String(this.at));
    this.showCoach();
    announce(this.coachText(this.step.say));
    if (this.step.race_ms) this.startRace(this.step.race_ms);
  }

  setBusy(on) {
    this.busy = on;
    this.coach.busy(on);
  }

  rival() { return this.nameOf(this.script.seat === 0 ? 1 : 0); }

  startRace(ms) {
    this.stopRace();
    const ends = performance.now() + ms;
    const tick = () => this.coach.raceLeft(t("learn.race_left", { name: this.rival(), s: Math.max(0, Math.ceil((ends - performance.now()) / 1000)) }));
    tick();
    this.raceTicker = setInterval(tick, RACE_TICK_MS);
    this.raceTimer = setTimeout(() => this.lostRace(), ms);
  }

  stopRace() {
    clearTimeout(this.raceTimer);
    clearInterval(this.raceTicker);
    this.raceTimer = this.raceTicker = null;
    this.coach.raceLeft(null);
  }

  // The real clock ran out: the server plays the opponent's move, and the step can be tried again.
  async lostRace() {
    this.stopRace();
    if (this.busy || this.disposed) return;
    this.busy = true;
    try {
      const answer = await this.tryStep({ action: null, timeout: true });
      if (answer.frames.length) this.show(answer.frames[0]);
    } catch (err) { toast(errorText(err), "error"); }
    const words = t("learn.beaten", { name: this.rival() });
    this.coach.beaten(words);
    announce(words);
  }

  again() {
    this.show(this.before);
    this.enter();
  }

  tryStep(body) { return api("POST", `/api/tutorials/${this.slug}/steps/${this.at}`, body); }

  // The frames after a try, one by one, then the next step.
  async playOn(frames) {
    this.setBusy(true);
    for (const [i, frame] of frames.entries()) {
      if (i) await pause(quick() ? REPLY_MS_REDUCED : REPLY_MS);
      if (this.disposed) return;
      this.show(frame);
    }
    // A moment to see the last move land (its motion is 260 ms) before the coach moves on.
    await pause(quick() ? REPLY_MS_REDUCED / 2 : REPLY_MS / 2);
    if (this.disposed) return;
    if (this.at + 1 >= this.script.steps.length) { this.finish(); return; }
    this.at += 1;
    saveProgress(this.slug, this.at);
    this.enter();
  }

  // Why a try did not go on: the step's own sentence, and for a refusal the engine's words too.
  whyNot(answer) {
    const step = this.step;
    if (answer.outcome === "refused") {
      const own = step.refused ? `${this.coachText(step.refused)} ` : "";
      return `${own}${t("learn.refused_rule", { reason: errorText(answer.error) })}`;
    }
    return step.other ? this.coachText(step.other) : t("learn.do_this");
  }

  // What the renderer's controls send. The answer is shaped like a table's: ack (with the events) or error.
  async act(action) {
    if (this.busy || this.finished) return { type: "error", code: "wait_for_next", message: t("learn.wait") };
    if (!this.step.act) {
      this.coach.say(t("learn.read_first"));
      return { type: "error", code: "wait_for_next", message: t("learn.read_first") };
    }
    this.setBusy(true);
    let answer;
    try { answer = await this.tryStep({ action }); } catch (err) {
      this.setBusy(false);
      this.coach.say(errorText(err), "bad");
      return { type: "error", code: err.code || "error", message: err.message };
    }
    if (answer.outcome !== "taught") {
      this.setBusy(false);
      const why = this.whyNot(answer);
      this.coach.say(why, "bad");
      announce(why);
      return answer.outcome === "refused" ? { type: "error", ...answer.error } : { type: "error", code: "not_taught", message: why };
    }
    this.stopRace();
    const first = answer.frames[0];
    this.show(first);
    this.playOn(answer.frames).catch(console.error);
    return { type: "ack", version: first.version, events: first.events };
  }

  async next() {
    if (this.busy || !this.script) return;
    this.setBusy(true);
    try {
      const answer = await this.tryStep({ action: null });
      if (answer.outcome !== "taught") {  // this step waits for a move, not for Next
        this.setBusy(false);
        this.coach.say(t("learn.do_this"));
        return;
      }
      await this.playOn(answer.frames);
    } catch (err) {
      this.setBusy(false);
      toast(errorText(err), "error");
    }
  }

  skip() {
    declineOffer(this.slug);
    goTo("/");
  }

  restart() {
    this.stopRace();
    this.finished = false;
    this.at = 0;
    saveProgress(this.slug, 0);
    this.frame = this.script.start;
    this.redraw();
    this.enter();
  }

  finish() {
    this.finished = true;
    this.busy = false;
    this.stopRace();
    saveProgress(this.slug, this.script.steps.length - 1, true);
    this.coach.hide();
    this.redraw();
    document.getElementById("learn-done-title")?.focus();
    announce(t("learn.done_title", { game: gameTitle(this.slug) }));
  }

  redraw() {
    const { slug, finished } = this;
    const title = t("learn.title", { game: gameTitle(slug) });
    document.title = `${title} · ${t("brand")}`;
    if (this.failed) {
      this.root.replaceChildren(h("section", { class: "card", id: "learn-error" }, h("p", {}, t("learn.missing")),
        h("a", { href: "/", class: "button" }, t("learn.back_lobby"))));
      return;
    }
    if (!this.script) { this.root.replaceChildren(h("p", { class: "muted" }, t("connecting"))); return; }
    const head = h("section", { class: "room-head slim learn-head" }, h("h1", {}, title),
      finished ? null : h("button", { type: "button", class: "link", id: "learn-restart", onclick: () => this.restart() }, t("learn.restart")));
    this.root.replaceChildren(h("article", { class: "learn", id: "learn", dataset: { game: slug, step: String(this.at), finished: String(finished) } },
      head, finished ? doneCard(slug, () => this.restart()) : null, this.board, ...(finished ? [] : this.coach.elements)));
    this.drawTable();
    if (!finished) this.showCoach();
  }

  dispose() {
    this.disposed = true;
    this.stopRace();
    this.coach.dispose();
  }
}

export function showTutorial(root, slug) {
  const screen = new TutorialScreen(root, slug);
  screen.load();
  return { redraw: () => screen.redraw(), dispose: () => screen.dispose() };
}
