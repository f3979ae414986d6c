// Camel Up Cards: the track with stacked camels, the dice, the ten bet columns, every player's coins
// and commitment (never the card), your hand with a camel picker, and the reveal played back step by step.
//
// The folder: table.js the table: playback, track, dice, bets, hand; log.js the move log and the result;
// art.js the components and their drawings.
import { register } from "../../i18n/index.js";
import enCamelUpCards from "../../i18n/en/camel-up-cards.js";
import faCamelUpCards from "../../i18n/fa/camel-up-cards.js";

export * from "./table.js";
export * from "./log.js";
export * from "./art.js";

register("camel-up-cards", { en: enCamelUpCards, fa: faCamelUpCards });
