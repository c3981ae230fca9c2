// The replay viewer: a scrubber over every event, the board at the chosen step from /replay?at=N. Any ruleset's
// match (issue 44): voidexa's board (board.js), every other game's part of the table (boards.js) with its events in
// words, what changed when it steps forward, and the last play named above the board.
import { h, fill, $, params, shortId } from './dom.js';
import { get, cards, allEvents, ApiError } from './api.js';
import { Narrator } from './words.js';
import { renderBoard } from './board.js';
import { renderAudit } from './audit.js';
import { TABLE_BODIES, tellerFor, catalogOf, boardHref, hasBoard, TURN_EVENTS } from './boards.js';
import { showChanges, lastPlayLine } from './changes.js';

const matchId = params().get('id');
const base = `/api/matches/${encodeURIComponent(matchId || '')}`;
const views = new Map(); // step → view (a replay never changes)
let events = [];
let step = 0;
let max = 0;
let shown = -1;
let timer = null;
let steps = [0]; // the steps the step buttons and play stop at
let narrator;
let boardNarrator;
let ruleset = 'voidexa';
let catalogCards = new Map();
let shownView = null; // the view drawn (a table body's changes are shown against it)

function error(e) {
  fill($('#error'), e instanceof ApiError ? e.describe() : String(e));
}

async function start() {
  if (!matchId) {
    error('No match given: open a replay from the lobby.');
    return;
  }
  document.title = `Replay ${shortId(matchId)} · duelhall`;
  fill($('#title'), `Replay of match ${shortId(matchId)}`);
  let log;
  let catalog;
  try {
    log = await allEvents(matchId);
    // the cards of the catalog the match was played under (named by its opening event)
    const opening = log.events.length ? log.events[0].payload : null;
    ruleset = (opening && opening.ruleset) || 'voidexa';
    catalog = hasBoard(ruleset) ? await cards(opening && opening.catalogVersion)
      : await catalogOf(get, ruleset, opening && opening.catalogVersion);
  } catch (e) {
    error(e);
    return;
  }
  $('#live-link').href = boardHref(ruleset, matchId);
  fill($('#title'), `Replay of ${ruleset === 'voidexa' ? 'match' : `${ruleset} match`} ${shortId(matchId)}`);
  catalogCards = catalog;
  narrator = tellerFor(ruleset, catalog);
  boardNarrator = ruleset === 'voidexa' ? new Narrator(catalog) : tellerFor(ruleset, catalog);
  events = log.events;
  max = log.version;
  const scrubber = $('#scrubber');
  scrubber.max = String(max);
  fill($('#step-max'), max);
  fill($('#events'), events.map((e) => {
    const text = narrator.say(e);
    return h('li', { dataset: { seq: e.seq, type: e.type }, class: text === null ? 'minor' : '' },
      h('button', { type: 'button', class: 'event', onclick: () => go(e.seq), title: `Go to step ${e.seq}` },
        h('span', { class: 'seq' }, e.seq), ' ', text === null ? e.type : text));
  }));
  scrubber.addEventListener('input', () => go(Number(scrubber.value), true));
  $('#first').addEventListener('click', () => go(0));
  // bookkeeping events (IntentAccepted, SeatTokenIssued, ClockSet: what the log leaves out) are folded into the step
  // they belong to (issue 19): stepping and playing go from one event the log tells to the next; the scrubber and
  // its arrow keys still reach every step
  steps = [0, ...events.filter((e) => narrator.say(e) !== null).map((e) => e.seq)];
  $('#prev').addEventListener('click', () => go([...steps].reverse().find((s) => s < step) ?? 0));
  $('#next').addEventListener('click', () => go(nextStep()));
  $('#last').addEventListener('click', () => go(max));
  // replay by turn (issue 19): the steps where a turn begins
  const turns = events.filter((e) => TURN_EVENTS.has(e.type)).map((e) => e.seq);
  // turn marks under the scrubber, each a way to its turn's first step
  fill($('#turn-marks'), events.filter((e) => TURN_EVENTS.has(e.type)).map((e) => h('button', {
    type: 'button', class: 'turn-mark', dataset: { seq: e.seq }, title: `Turn ${e.payload.turn} (${e.payload.seat}), step ${e.seq}`,
    'aria-label': `Turn ${e.payload.turn}`, style: `left:${max ? ((100 * e.seq) / max).toFixed(2) : 0}%`,
    onclick: () => go(e.seq),
  })));
  $('#next-turn').addEventListener('click', () => go(turns.find((t) => t > step) ?? max));
  $('#prev-turn').addEventListener('click', () => go([...turns].reverse().find((t) => t < step) ?? 0));
  $('#play').addEventListener('click', togglePlay);
  $('#speed').addEventListener('change', () => { if (timer) { stopPlay(); togglePlay(); } });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft') go(step - 1);
    if (e.key === 'ArrowRight') go(step + 1);
    if (e.key === 'PageDown') { e.preventDefault(); $('#next-turn').click(); }
    if (e.key === 'PageUp') { e.preventDefault(); $('#prev-turn').click(); }
    if (e.key === ' ' && !e.target.closest('button')) { e.preventDefault(); togglePlay(); }
  });
  const at = Number(params().get('at'));
  await go(Number.isInteger(at) && at >= 0 ? Math.min(at, max) : 0);
  if (events.some((e) => e.type === 'MatchEnded')) renderAudit($('#audit'), matchId);
}

async function viewAt(n) {
  if (!views.has(n)) views.set(n, await get(`${base}/replay?at=${n}`));
  return views.get(n);
}

const AHEAD = 25; // steps fetched ahead in one request (/replay/steps: each the view /replay?at= gives)
const pending = new Set(); // steps a stretch on its way will bring

/** Fetches the steps from `from` on (AHEAD of them) in one request; a step it cannot bring is fetched when shown. */
async function fetchAhead(from) {
  if (views.has(from) || pending.has(from)) return;
  const to = Math.min(max, from + AHEAD - 1);
  for (let s = from; s <= to; s++) pending.add(s);
  try {
    const stretch = await get(`${base}/replay/steps?from=${from}&to=${to}`);
    for (const v of stretch.views) if (!views.has(v.version)) views.set(v.version, v);
  } finally {
    for (let s = from; s <= to; s++) pending.delete(s);
  }
}

/** Shows step n: the scrubber, the URL, the highlighted event, then the board once /replay answers. */
async function go(n, fromScrubber) {
  n = Math.max(0, Math.min(max, Number.isFinite(n) ? n : 0));
  step = n;
  if (!fromScrubber) $('#scrubber').value = String(n);
  fill($('#step-out'), n);
  const url = `/replay.html?id=${encodeURIComponent(matchId)}&at=${n}`;
  history.replaceState(null, '', url);
  $('#step-link').href = url;
  highlight(n);
  let v;
  try {
    v = await viewAt(n);
  } catch (e) {
    error(e);
    return;
  }
  if (step !== n) return; // a later step was asked meanwhile
  fill($('#error'), '');
  // what changed is shown when the replay moves forward by one told event (bookkeeping between folded in)
  const forward = shown >= 0 && n > shown && !steps.some((s) => s > shown && s < n);
  if (ruleset === 'voidexa') renderBoard($('#board'), v, boardNarrator, null, true, forward);
  else renderTable($('#board'), v, n, forward);
  $('#board').dataset.step = n;
  shown = n;
  // the steps ahead fetched before they are asked, so playing stays smooth
  const ahead = steps.find((s) => s > n);
  if (ahead !== undefined && !views.has(ahead)) fetchAhead(ahead).catch(() => {});
}

/**
 * Another game's step: its status, the last play up to this step in words, its part of the table (boards.js) drawn
 * from the view then; stepping forward by one shows what changed (changes.js) against the step drawn before.
 */
function renderTable(root, v, n, forward) {
  const before = forward && shownView && shownView.version < v.version ? shownView : null;
  const fresh = before ? events.filter((e) => e.seq > before.version && e.seq <= n) : [];
  const watched = root.duelhallWatched || new Map();
  boardNarrator.learn(v);
  const play = [...events].reverse().find((e) => e.seq <= n && boardNarrator.plays && boardNarrator.plays.has(e.type));
  const line = h('p', { class: 'last-play', role: 'status' });
  if (play) lastPlayLine(line, { seq: play.seq, text: narrator.say(play), card: narrator.cardOf(play) }, forward && fresh.includes(play));
  const result = v.result;
  fill(root,
    h('div', { class: 'status-line' }, h('span', { class: 'pill', dataset: { field: 'status' } }, 'REPLAY'),
      h('span', { class: 'pill muted' }, `${ruleset} · ${v.status} · turn ${v.turn}`)),
    play ? line : null,
    TABLE_BODIES[ruleset] ? TABLE_BODIES[ruleset](v, catalogCards, { replay: true, before, fresh, teller: boardNarrator })
      : h('p', { class: 'muted' }, `${ruleset} has no board of its own: the events at the side tell the match.`));
  root.dataset.version = v.version;
  root.dataset.status = v.status;
  if (before) showChanges(root, watched);
  root.duelhallWatched = new Map([...root.querySelectorAll('[data-watch]')].map((el) => [el.dataset.watch, el.dataset.value]));
  shownView = v;
}

function highlight(n) {
  const list = $('#events');
  const old = list.querySelector('[aria-current]');
  if (old) {
    old.removeAttribute('aria-current');
    old.classList.remove('current');
  }
  const li = list.querySelector(`li[data-seq="${n}"]`);
  if (li) {
    li.setAttribute('aria-current', 'step');
    li.classList.add('current');
    // scroll the list only (scrollIntoView would scroll the page too)
    if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
    }
    fill($('#current'), h('span', { class: 'seq' }, n), ' ', li.querySelector('.event').lastChild.textContent.trim());
  }
}

function togglePlay() {
  if (timer) {
    stopPlay();
    return;
  }
  if (step >= max) go(0);
  fill($('#play'), '⏸ Pause');
  $('#play').setAttribute('aria-label', 'Pause');
  timer = setInterval(() => {
    if (step >= max) stopPlay();
    else if (shown === step) go(nextStep());
  }, Number($('#speed').value));
}

function nextStep() {
  return steps.find((s) => s > step) ?? max;
}

function stopPlay() {
  clearInterval(timer);
  timer = null;
  fill($('#play'), '▶ Play');
  $('#play').setAttribute('aria-label', 'Play');
}

start();
