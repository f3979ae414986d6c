// Twin It!: a phone-first race table. Your pile, the centre and your buttons share one screen;
// other players are compact rows; the centre scales its cards, then scrolls inside its own box.
// The table redraws several times a second, so its nodes are kept between redraws (a tap or the
// keyboard focus survives them) and every control is a real button.
//
// The folder: table.js draws the table (piles, centre, buttons); state.js its UI state; play.js what
// can be claimed, the feedback and the actions; layout.js the phone's screen, keys and timers; log.js
// the move log, the pending count and the result; art.js the 119 card designs.
import { register } from "../../i18n/index.js";
import enTwinIt from "../../i18n/en/twin-it.js";
import faTwinIt from "../../i18n/fa/twin-it.js";

export * from "./table.js";
export * from "./log.js";
export * from "./art.js";

register("twin-it", { en: enTwinIt, fa: faTwinIt });
