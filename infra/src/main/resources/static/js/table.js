// The table: the board of any ruleset, drawn from the view's common envelope (status, turn, version, clock, recent
// events) and the ruleset's own body shown as it is, with the seat's moves from GET /moves as buttons. A ruleset
// without a board of its own (boards.js) is played here; the rules stay on the server: the page offers exactly the
// moves the server lists, so a click is never refused for being illegal.
import { h, fill, $, params, fragment, shortId, confirmButton, countdown, startCountdowns } from './dom.js';
import { get, post, newIntentId, ApiError, matchStream, allEvents } from './api.js';
import { renderAudit } from './audit.js';
import { TABLE_BODIES, tellerFor, catalogOf } from './boards.js';
import { EventLog } from './log.js';
import { showChanges, lastPlayLine } from './changes.js';

const matchId = params().get('id');
const token = fragment().get('token');
const me = fragment().get('seat');
const ENVELOPE = new Set(['matchId', 'ruleset', 'rules', 'version', 'status', 'turn', 'recentEvents', 'clock']);
const LOG_KEEP = 500;
let view = null;
let names = new Map(); // card id → name, from the ruleset's catalog
let catalog = new Map(); // card id → the catalog's card
let stream = null;
let auditShown = false;
let movesAsked = 0;
let shownMoves = null; // the seat's listed moves for the view shown (null until asked)
let teller = null; // the game's events in words (boards.js)
let log = null;
let lastPlay = null; // the newest event that is a seat's play: {seq, text, seat, card}
let before = null; // the view drawn before the one shown (what changed is shown against it)

function say(el, text) {
  fill($(el), text || '');
}

const words = (s) => String(s).toLowerCase().replace(/_/g, ' ');
const cardName = (id) => names.get(id) || id;

async function start() {
  if (!matchId) {
    say('#error', 'No match given: open a match from the lobby.');
    say('#conn', '');
    return;
  }
  document.title = `Match ${shortId(matchId)} · duelhall`;
  try {
    view = await get(`/api/matches/${encodeURIComponent(matchId)}/view`, token);
    catalog = await catalogOf(get, view.ruleset, view.rules && view.rules.catalog);
    names = new Map([...catalog].map(([id, c]) => [id, c.name || id]));
  } catch (e) {
    say('#error', e instanceof ApiError ? e.describe() : String(e));
    say('#conn', '');
    return;
  }
  fill($('#title'), `${view.ruleset} · match ${shortId(matchId)}`);
  teller = tellerFor(view.ruleset, catalog);
  log = new EventLog($('#log'), teller, LOG_KEEP);
  teller.learn(view);
  // the whole log the viewer may see (as the voidexa board), the view's recent events if that read fails
  try {
    logEvents((await allEvents(matchId, token)).events);
  } catch (e) {
    logEvents(view.recentEvents || []);
  }
  // a tap on a log entry shows the card's text under it (touch screens)
  $('#log').addEventListener('click', (e) => {
    const el = e.target.closest('[data-text]');
    if (!el) return;
    if (el.hasAttribute('data-fx-open')) el.removeAttribute('data-fx-open');
    else el.setAttribute('data-fx-open', '');
  });
  if (token) setUpPlayer();
  show(view);
  if (view.status !== 'ENDED') openStream(view);
}

/** The live stream in patch frames from the view held (api.js applies each patch); the connection's state in #conn. */
function openStream(held) {
  stream = matchStream(matchId, token, held, (data) => { if (data.view) show(data.view); },
    (state) => say('#conn', state === 'live' && token ? `live · seat ${me}` : state),
    () => !!view && view.status === 'ENDED');
  $('#conn').dataset.frames = stream.frames || 'view';
}

function show(v) {
  // a view behind the one shown (the stream catching up after the view was read again) changes nothing
  if (view && view !== v && v.version < view.version) return;
  before = view && view !== v && view.version < v.version ? view : before;
  view = v;
  startCountdowns();
  $('#state').dataset.version = v.version;
  renderSummary(v);
  shownMoves = null;
  teller.learn(v);
  const played = lastPlay ? lastPlay.seq : -1;
  logEvents(v.recentEvents || []);
  drawLastPlay(played);
  drawBody(v, true);
  if (token) refreshMoves(v);
  if (v.status === 'ENDED') {
    say('#conn', 'match over');
    if (stream) stream.close();
    if (!auditShown) {
      auditShown = true;
      renderAudit($('#audit'), matchId);
    }
  }
}

/**
 * The ruleset's part: its own body when it has one (a body taking a third argument is drawn again with the seat's
 * listed moves once they arrive, to offer them on the board), else the view as nested lists.
 */
function drawBody(v, changed) {
  const drawn = TABLE_BODIES[v.ruleset];
  const was = before && before.version < v.version ? before : null;
  const fresh = was ? (v.recentEvents || []).filter((e) => e.seq > was.version) : [];
  const root = $('#state');
  const marks = changed ? null : snapshot(root);
  fill(root, h('h2', {}, 'Board'),
    drawn ? drawn(v, catalog, { me: token ? me : null, moves: shownMoves, send, before: was, fresh, teller }) : value(body(v)));
  // what changed since the view drawn before: numbers float from where they changed (changes.js); a redraw of the
  // same view (its moves arrived) keeps the marks it had
  if (changed && was) showChanges(root, root.duelhallWatched || new Map());
  else if (marks) restore(root, marks);
  root.duelhallWatched = watched(root);
}

/** Every watched number on the board (data-watch → data-value). */
function watched(root) {
  return new Map([...root.querySelectorAll('[data-watch]')].map((el) => [el.dataset.watch, el.dataset.value]));
}

/** The change marks (data-fx) on the board, to put back after a redraw of the same view. */
function snapshot(root) {
  return [...root.querySelectorAll('[data-watch][data-fx]')].map((el) => [el.dataset.watch, el.getAttribute('data-fx')]);
}

function restore(root, marks) {
  for (const [key, fx] of marks) {
    const el = root.querySelector(`[data-watch="${CSS.escape(key)}"]`);
    if (el) el.setAttribute('data-fx', fx);
  }
}

/** Events into the log (each once), remembering the newest that is a seat's play. */
function logEvents(events) {
  for (const e of events) {
    if (log.last >= e.seq) continue;
    log.add(e);
    if (teller.plays && teller.plays.has(e.type)) {
      const text = teller.say(e);
      if (text) lastPlay = { seq: e.seq, text, card: teller.cardOf(e) };
    }
  }
}

/** The last play, named above the board; it flashes when it is new. */
function drawLastPlay(played) {
  const el = $('#last-play');
  el.hidden = !lastPlay;
  if (!lastPlay) return;
  lastPlayLine(el, lastPlay, played >= 0 && lastPlay.seq !== played);
}

/** The view without its envelope: the ruleset's own part. */
function body(v) {
  return Object.fromEntries(Object.entries(v).filter(([k]) => !ENVELOPE.has(k)));
}

function renderSummary(v) {
  const clock = v.clock && v.clock.seat && v.clock.deadline
    ? [`${v.clock.seat}'s ${words(v.clock.kind || 'clock')} clock: `, countdown(v.clock.deadline),
      ` (until ${new Date(v.clock.deadline).toLocaleTimeString()})`] : null;
  fill($('#summary'), h('dl', { class: 'facts' },
    h('dt', {}, 'Status'), h('dd', { dataset: { field: 'status' } }, v.status),
    h('dt', {}, 'Turn'), h('dd', { dataset: { field: 'turn' } }, v.turn),
    h('dt', {}, 'Version'), h('dd', { dataset: { field: 'version' } }, v.version),
    h('dt', {}, 'Rules'), h('dd', {}, v.rules ? `${v.rules.engine} · ${v.rules.catalog}` : '—'),
    clock ? [h('dt', {}, 'Clock'), h('dd', { dataset: { field: 'clock' } }, clock)] : null));
}

/** Any JSON value as nested lists: objects as term/description pairs, card ids with their names. */
function value(x, key) {
  if (x === null || x === undefined) return h('span', { class: 'muted' }, '—');
  if (Array.isArray(x)) {
    if (!x.length) return h('span', { class: 'muted' }, 'none');
    if (x.every((e) => e === null || typeof e !== 'object')) return h('span', {}, x.map((e) => scalar(e, key)).join(', '));
    return h('ol', { class: 'items' }, x.map((e) => h('li', {}, value(e, key))));
  }
  if (typeof x === 'object') {
    const entries = Object.entries(x);
    if (!entries.length) return h('span', { class: 'muted' }, 'none');
    return h('dl', { class: 'tree' }, entries.map(([k, e]) => [h('dt', {}, words(k)), h('dd', { dataset: { key: k } }, value(e, k))]));
  }
  return h('span', {}, scalar(x, key));
}

function scalar(x, key) {
  if (typeof x === 'string' && (key === 'card' || names.has(x))) return cardName(x);
  return String(x);
}

// ---- player mode ----

function setUpPlayer() {
  $('#player').hidden = false;
  fill($('#player-title'), `Your moves · seat ${me}`);
  confirmButton($('#concede'), 'Really concede?', () => send({ type: 'CONCEDE' }));
}

/**
 * The seat's moves for the view shown; a stale answer (the view moved on meanwhile) is dropped. Moves are offered
 * only when they were listed at the very version the board shows (each carries it as its expectedVersion): the
 * answer and the stream arrive apart, and a move listed for another state than the one drawn would be refused
 * (STALE_VERSION) or, worse, chosen against a board the player did not see. Listed behind the board: asked again.
 */
async function refreshMoves(v, again = 0) {
  const asked = ++movesAsked;
  $('#concede').disabled = v.status !== 'LIVE';
  if (v.status !== 'LIVE') {
    fill($('#moves'));
    say('#moves-note', v.status === 'ENDED' ? 'The match is over.' : 'Waiting for every seat to be taken.');
    return;
  }
  try {
    const answer = await get(`/api/matches/${encodeURIComponent(matchId)}/moves`, token);
    if (asked !== movesAsked) return;
    if (answer.version !== view.version) {
      // listed behind the board: asked again (backing off to every 2 s, for as long as this board is shown); ahead
      // of it: the stream brings that view, which asks again, and if it has not within a moment (a stream
      // reconnecting) the view is read once more. At most one of these is pending (a newer view cancels it).
      const behind = answer.version < view.version;
      setTimeout(() => {
        if (asked !== movesAsked) return;
        if (behind) refreshMoves(view, again + 1);
        else reloadView(again + 1);
      }, behind ? Math.min(2000, 100 * (again + 1)) : 1500);
      say('#moves-note', 'Listing your moves…');
      fill($('#moves'));
      return;
    }
    const drawn = TABLE_BODIES[view.ruleset];
    if (drawn && drawn.length >= 3) {
      shownMoves = answer.moves;
      drawBody(view);
    }
    say('#moves-note', answer.moves.length ? (answer.note || '') : 'Not your decision: waiting for the other seat.');
    fill($('#moves'), answer.moves.map((m, i) => h('li', {},
      h('button', { type: 'button', class: i === 0 ? 'move primary' : 'move', dataset: { type: m.type, card: m.card || '' }, onclick: () => send(m) }, label(m)))));
  } catch (e) {
    if (asked === movesAsked) say('#refusal', e instanceof ApiError ? e.describe() : String(e));
  }
}

/** The view read again (the seat's moves were listed for a later one the stream has not brought yet). */
async function reloadView(again) {
  const asked = movesAsked;
  try {
    const v = await get(`/api/matches/${encodeURIComponent(matchId)}/view`, token);
    if (asked !== movesAsked) return;
    if (v.version > view.version) show(v);
    else refreshMoves(view, again);
  } catch (e) {
    if (asked === movesAsked) say('#refusal', e instanceof ApiError ? e.describe() : String(e));
  }
}

/** A move in words: its type, the card, the targets, the cards and choices it carries. */
function label(m) {
  const parts = [words(m.type)];
  if (m.card) parts.push(cardLabel(m.card));
  if (m.ability !== undefined && m.ability !== null) parts.push(`ability ${m.ability}`);
  if (m.targets && m.targets.length) {
    parts.push(`→ ${m.targets.map((t) => [words(t.kind), t.seat, t.subsystem, t.id && cardLabel(t.id)].filter(Boolean).join(' ')).join(', ')}`);
  }
  if (m.cards && m.cards.length) parts.push(`[${m.cards.map(cardLabel).join(', ')}]`);
  if (m.choices) parts.push(Object.entries(m.choices).map(([k, x]) => `${words(k)} ${x}`).join(', '));
  return parts.join(' ');
}

/** A card instance by the name the view gives it (any object in the view with this id and a card), else the id. */
function cardLabel(id) {
  const found = findCard(view, id);
  return found ? `${cardName(found)} (${id})` : cardName(id);
}

function findCard(x, id) {
  if (!x || typeof x !== 'object') return null;
  if (!Array.isArray(x) && x.id === id && typeof x.card === 'string') return x.card;
  for (const e of Object.values(x)) {
    const f = findCard(e, id);
    if (f) return f;
  }
  return null;
}

async function send(move) {
  // with the move's expectedVersion: a move listed for a state the match has left is refused, not played elsewhere
  const body = { ...move, intentId: newIntentId() };
  try {
    await post(`/api/matches/${encodeURIComponent(matchId)}/intents`, body, token);
    say('#refusal', '');
  } catch (e) {
    say('#refusal', e instanceof ApiError ? e.describe() : String(e));
  }
}

start();
