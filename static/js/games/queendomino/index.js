// Queendomino: your own 5×5 board first (other boards behind tabs on a phone, beside it on a wide
// screen), the display of tiles with who chose what, placing a tile by tapping (or arrowing to) two
// neighbouring cells, the market of three building piles, gold, the king colour and the live score
// breakdown. Sections are rebuilt only when what they show changes, so taps and focus are not lost.
//
// The folder: table.js the table: boards, display, market, keyboard; log.js the move log and the result;
// art.js the tiles, buildings and boards drawn.
import { register } from "../../i18n/index.js";
import enQueendomino from "../../i18n/en/queendomino.js";
import faQueendomino from "../../i18n/fa/queendomino.js";

export * from "./table.js";
export * from "./log.js";
export * from "./art.js";

register("queendomino", { en: enQueendomino, fa: faQueendomino });
