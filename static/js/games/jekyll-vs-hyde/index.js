// Jekyll vs. Hyde: your hand, the trick, the colour ranking, the identity track, exchanges and Greed.
// Phone first: the prompt, your timer, your hand and the send button come right after the trick.
//
// The folder: table.js the table: hand, trick, track, exchanges; log.js the move log and the result; art.js
// the cards and their drawings.
import { register } from "../../i18n/index.js";
import enJekyllVsHyde from "../../i18n/en/jekyll-vs-hyde.js";
import faJekyllVsHyde from "../../i18n/fa/jekyll-vs-hyde.js";

export * from "./table.js";
export * from "./log.js";
export * from "./art.js";

register("jekyll-vs-hyde", { en: enJekyllVsHyde, fa: faJekyllVsHyde });
