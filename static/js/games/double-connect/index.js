// Double Connect: the tower (start card, arms, active targets), every hand, and the claim panel
// where a player compares a hand card with a target they chose and taps the symbol the two share.
// Everything a claim needs is a focusable control (hand cards, tower targets, the symbols of both
// cards); each of those groups is one Tab stop, arrow keys move inside it and Enter/Space choose.
//
// The folder: table.js the table: tower, claim panel, hand, players, keyboard and layout; cards.js the deck
// and the drawings of cards, team marks and the tower (the how-to page draws with these too); log.js the move
// log, the pending count and the result; art.js the 57 symbols.
import { register } from "../../i18n/index.js";
import enDoubleConnect from "../../i18n/en/double-connect.js";
import faDoubleConnect from "../../i18n/fa/double-connect.js";

export * from "./table.js";
export * from "./cards.js";
export * from "./log.js";
export * from "./art.js";

register("double-connect", { en: enDoubleConnect, fa: faDoubleConnect });
