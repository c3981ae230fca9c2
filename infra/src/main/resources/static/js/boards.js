// Which page draws a ruleset's matches: a ruleset with a board of its own names it here; every other ruleset is
// played and watched on the table (table.html), which draws any view and offers the server's listed moves.
import { renderBiome } from './biome.js';
import { renderCasket } from './casket.js';
import { renderVoidlit } from './voidlit.js';
import { BiomeTeller } from './biome-words.js';
import { CasketTeller } from './casket-words.js';
import { VoidlitTeller } from './voidlit-words.js';
import { Narrator } from './words.js';
import { Teller } from './tell.js';

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

/** Each game's event log in words (issue 44): the teller of its events; voidexa's is words.js's Narrator. */
const TELLERS = { voidexa: Narrator, voidlit: VoidlitTeller, biome: BiomeTeller, casket: CasketTeller };

/**
 * A teller of {@code ruleset}'s events with the catalog {@code cards} (Map id → card): say(event) gives the sentence
 * (null for bookkeeping), learn(view) the names of the card instances a view shows, plays the event types that are a
 * seat's play (named above the board). A ruleset without words of its own gets the shared teller (the core events in
 * words, any other event's type spelt out).
 */
export function tellerFor(ruleset, cards) {
  const T = TELLERS[ruleset];
  return T ? new T(cards) : new Teller(cards, {});
}

/** The catalog of {@code ruleset} as the match named it (its version), as a Map id → card. */
export async function catalogOf(get, ruleset, version) {
  const q = version ? `?catalog=${encodeURIComponent(version)}` : '';
  const cards = await get(`/api/rulesets/${encodeURIComponent(ruleset)}/cards${q}`).catch(() => []);
  return new Map((cards || []).filter((c) => c && c.id).map((c) => [c.id, c]));
}

/** The event types where a turn begins, by ruleset (the replay's turn marks). */
export const TURN_EVENTS = new Set(['TurnStarted', 'CasketTurnStarted']);
