// Which page draws a ruleset's matches: a ruleset with a board of its own names it here; every other ruleset is
// played and watched on the table (table.html), which draws any view and offers the server's listed moves.
import { renderBiome } from './biome.js';
import { renderCasket } from './casket.js';
import { renderVoidlit } from './voidlit.js';

const BOARDS = { voidexa: '/match.html' };

/**
 * A game's part of the table: (view, cards by id) → element. A game without one is drawn as nested lists of its view.
 * A body of three arguments (casket's) also gets {me, moves, send}: the seat played, its listed moves, and how to send
 * one, so the board itself offers them (a reachable hex to click).
 */
export const TABLE_BODIES = { voidlit: renderVoidlit, biome: renderBiome, casket: renderCasket };

/** The page of match `id` of `ruleset` (a seat's link adds its token in the fragment). */
export function boardHref(ruleset, id) {
  return `${BOARDS[ruleset] || '/table.html'}?id=${encodeURIComponent(id)}`;
}

/** Whether `ruleset` has a board of its own. */
export function hasBoard(ruleset) {
  return Object.prototype.hasOwnProperty.call(BOARDS, ruleset);
}
