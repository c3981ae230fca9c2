// The live board (spectator) and player mode (with a seat token in the URL fragment: #seat=A&token=…).
import { h, fill, $, params, fragment, shortId, confirmButton, startCountdowns } from './dom.js';
import { get, post, takeSeat, cards, newIntentId, ApiError, matchStream, allEvents } from './api.js';
import * as account from './account.js';
import { Narrator } from './words.js';
import { renderBoard, sound } from './board.js';
import { morphInto } from './morph.js';
import { EventLog } from './log.js';
import { renderAudit } from './audit.js';
import { hasBoard } from './boards.js';

const matchId = params().get('id');
const token = fragment().get('token');
let me = fragment().get('seat');
let view = null;
let narrator;
let log;
let stream = null;
let auditShown = false;
/** The version of the board a refusal on screen was about (-1: none shown). */
let refusedAt = -1;
const discarding = new Set();

function say(el, text) {
  fill($(el), text || '');
}

async function start() {
  if (!matchId) {
    say('#error', 'No match given: open a match from the lobby.');
    say('#conn', '');
    return;
  }
  document.title = `Match ${shortId(matchId)} · duelhall`;
  fill($('#title'), `Match ${shortId(matchId)}`);
  $('#replay-link').href = `/replay.html?id=${encodeURIComponent(matchId)}`;
  try {
    view = await get(`/api/matches/${encodeURIComponent(matchId)}/view`, token);
    if (!hasBoard(view.ruleset)) { // another game: its table, with the same query and seat fragment
      location.replace(`/table.html${location.search}${location.hash}`);
      return;
    }
    // the cards of the catalog this match is played under, which may be older than the current one
    narrator = new Narrator(await cards(view.rules && view.rules.catalog));
  } catch (e) {
    say('#error', e instanceof ApiError ? e.describe() : String(e));
    say('#conn', '');
    return;
  }
  log = new EventLog($('#log'), narrator);
  if (token && !me) me = ['A', 'B'].find((s) => view.seats[s] && view.seats[s].hand) || null;
  if (token) setUpPlayer();
  narrator.learn(view); // names of the drones and cards the recent events mention
  // the whole log the viewer may see, paged from /events (issue 19: not only the view's recent events); the view's
  // recent events if that read fails
  try {
    for (const e of (await allEvents(matchId, token)).events) log.add(e);
  } catch (e) {
    for (const r of view.recentEvents || []) log.add(r);
  }
  const soundBox = $('#sound');
  soundBox.checked = sound.on();
  soundBox.addEventListener('change', () => sound.set(soundBox.checked));
  if (!token) pace.setUp();
  // a tap (or click) on a card chip or a log entry shows the card's text under it, for touch screens (issue 19)
  for (const box of [$('#board'), $('#log')]) {
    box.addEventListener('click', (e) => {
      const el = e.target.closest('[data-text]');
      if (!el || e.target.closest('a, button')) return;
      if (el.hasAttribute('data-fx-open')) el.removeAttribute('data-fx-open');
      else el.setAttribute('data-fx-open', '');
    });
  }
  show(view);
  if (view.status !== 'ENDED') openStream(view);
  setTimeout(watching, 1500);
}

/**
 * The live stream in patch frames from the view held (api.js applies each patch); the connection's state in #conn. A
 * spectator's frames go through the pace queue.
 */
function openStream(held) {
  stream = matchStream(matchId, token, held, (data) => (token ? apply(data) : pace.push(data)),
    (state) => say('#conn', state === 'live' && token ? `live · seat ${me}` : state),
    () => !!view && view.status === 'ENDED');
  $('#conn').dataset.frames = stream.frames || 'view';
}

function apply(data) {
  if (data.event) log.add(data.event);
  if (data.view) show(data.view);
}

/**
 * A spectator's pace (issue 19: fast AI matches can be followed): frames from the stream wait in a queue and are shown
 * live, or one per chosen interval, or not while paused; "Catch up" shows all that wait. Seats always play live.
 */
const pace = {
  queue: [],
  gap: 0,
  paused: false,
  lastShown: 0,
  timer: null,
  push(data) {
    this.queue.push(data);
    this.pump();
  },
  pump() {
    if (this.timer) return;
    if (!this.paused && this.queue.length) {
      const wait = this.gap ? Math.max(0, this.lastShown + this.gap - Date.now()) : 0;
      if (wait > 0) {
        this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait);
        this.behind();
        return;
      }
      if (this.gap) {
        apply(this.queue.shift());
        this.lastShown = Date.now();
        if (this.queue.length) this.timer = setTimeout(() => { this.timer = null; this.pump(); }, this.gap);
      } else {
        while (this.queue.length) apply(this.queue.shift());
      }
    }
    this.behind();
  },
  behind() {
    const n = this.queue.length;
    say('#pace-behind', n ? `${n} event${n === 1 ? '' : 's'} behind` : '');
    $('#pace-live').hidden = !n;
    $('#pace').dataset.behind = n;
  },
  setUp() {
    $('#pace').hidden = false;
    $('#pace-speed').addEventListener('change', () => {
      this.gap = Number($('#pace-speed').value);
      clearTimeout(this.timer);
      this.timer = null;
      this.pump();
    });
    $('#pace-pause').addEventListener('click', () => this.pause(!this.paused));
    $('#pace-live').addEventListener('click', () => {
      this.pause(false);
      while (this.queue.length) apply(this.queue.shift());
      this.behind();
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === ' ' && !(e.target.closest && e.target.closest('button, input, select, textarea'))) {
        e.preventDefault();
        this.pause(!this.paused);
      }
    });
  },
  pause(on) {
    this.paused = on;
    fill($('#pace-pause'), on ? 'Resume' : 'Pause');
    $('#pace-pause').setAttribute('aria-pressed', String(on));
    clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  },
};

/** The spectators watching now, asked every 10 s while the match runs (GET /spectators). */
async function watching() {
  try {
    const n = (await get(`/api/matches/${encodeURIComponent(matchId)}/spectators`)).spectators;
    $('#watching').hidden = false;
    $('#watching').dataset.spectators = n;
    say('#watching', `${n} watching`);
  } catch (e) {
    // the count is a nicety: the board goes on without it
  }
  if (!view || view.status !== 'ENDED') setTimeout(watching, 10_000);
}

function show(v) {
  view = v;
  startCountdowns();
  if (refusedAt >= 0 && v.version > refusedAt) { // the board moved on: the refusal was about a board that is gone
    say('#refusal', '');
    $('#refusal').dataset.code = '';
    refusedAt = -1;
  }
  renderBoard($('#board'), v, narrator, me);
  if (token) renderPlayer(v);
  if (v.status === 'ENDED') {
    say('#conn', 'match over');
    if (stream) stream.close();
    if (!auditShown) {
      auditShown = true;
      renderAudit($('#audit'), matchId);
    }
  }
}

// ---- player mode ----

function setUpPlayer() {
  $('#player').hidden = false;
  fill($('#player-title'), `Your hand · seat ${me}`);
  $('#end-turn').addEventListener('click', () => send({ type: 'END_TURN' }));
  $('#pass').addEventListener('click', () => send({ type: 'PASS' }));
  $('#discard').addEventListener('click', () => send({ type: 'DISCARD_DOWN', cards: [...discarding] }));
  confirmButton($('#concede'), 'Really concede?', () => send({ type: 'CONCEDE' }));
  $('#rematch').addEventListener('click', () => rematch().catch((e) => say('#refusal', e instanceof ApiError ? e.describe() : String(e))));
  document.addEventListener('keydown', shortcut);
  // one listener for the hand (its cards are morphed, not rebuilt, so they carry no listener of their own)
  $('#hand').addEventListener('click', (e) => {
    const li = e.target.closest('li.card');
    const mine = view && view.seats[me];
    const c = li && mine && mine.hand ? mine.hand.find((x) => x.id === li.dataset.id) : null;
    if (!c) return;
    if (myDecision(view) === 'DISCARD_DOWN') toggleDiscard(c.id);
    else choose(c, narrator.cards.get(c.card) || { name: c.card, maxTargets: 1 });
  });
}

/**
 * Keyboard shortcuts of a seat's page (issue 19): E ends the turn, P passes, 1–9 press the hand's cards (play, or
 * pick for a discard), Escape closes the target choice. Each presses the button it names, so what is disabled or
 * hidden stays so; typing in a field is left alone.
 */
function shortcut(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || (e.target.closest && e.target.closest('input, select, textarea'))) return;
  const press = (el) => {
    if (el && !el.disabled && !el.hidden && el.offsetParent !== null) {
      el.click();
      e.preventDefault();
    }
  };
  const key = e.key.toLowerCase();
  if (key === 'e') press($('#end-turn'));
  else if (key === 'p') press($('#pass'));
  else if (key === 'escape') {
    hideTargets();
    if (discarding.size) {
      discarding.clear();
      renderPlayer(view);
    }
  }
  else if (/^[1-9]$/.test(key)) press(document.querySelectorAll('#hand li.card .card-button')[Number(key) - 1]);
}

async function send(intent) {
  hideTargets();
  const body = { intentId: newIntentId(), ...intent };
  try {
    const answer = await post(`/api/matches/${encodeURIComponent(matchId)}/intents`, body, token);
    say('#refusal', '');
    $('#refusal').dataset.code = '';
    discarding.clear();
    return answer;
  } catch (e) {
    // refusals as the server words them, shown until the board moves on
    say('#refusal', e instanceof ApiError ? e.describe() : String(e));
    $('#refusal').dataset.code = e.code || '';
    refusedAt = view ? view.version : -1;
    return null;
  }
}

/**
 * Another match like this one (issue 19): the same game and options (clocks, delay, AI seats), this seat's name and
 * deck from its PlayerJoined, taken as the signed-in player if there is one. The free seat of a match without an AI
 * opponent waits in the lobby for a player.
 */
async function rematch() {
  const events = (await allEvents(matchId, token)).events;
  const opening = events.find((e) => e.type === 'MatchCreated');
  const joined = events.find((e) => e.type === 'PlayerJoined' && e.payload.seat === me);
  if (!opening || !joined) throw new Error('This match\'s opening or seat is not in its log.');
  const o = opening.payload.options || {};
  const options = {};
  for (const k of ['spectatorDelaySeconds', 'turnClockSeconds', 'responseSeconds', 'timeoutLoss']) {
    if (o[k] !== null && o[k] !== undefined) options[k] = o[k];
  }
  const body = { ruleset: view.ruleset, options };
  if (o.ai && Object.keys(o.ai).length) body.ai = o.ai;
  const created = await post('/api/matches', body);
  const p = account.current();
  const j = joined.payload;
  const seat = await takeSeat(created.matchId,
    { name: j.name, pilotClass: j.pilotClass, deck: { shipCore: j.shipCore, cards: j.deck } }, p ? p.playerToken : null);
  location.href = `/match.html?id=${encodeURIComponent(created.matchId)}#seat=${seat.seat}&token=${encodeURIComponent(seat.playerToken)}`;
}

function myDecision(v) {
  if (v.status !== 'LIVE') return null;
  const p = v.pendingDecision;
  if (p) return p.seat === me ? p.kind : null;
  return v.activeSeat === me ? 'MAIN' : null;
}

function renderPlayer(v) {
  const mine = v.seats[me];
  const decision = myDecision(v);
  const live = v.status === 'LIVE';
  $('#end-turn').classList.toggle('primary', decision === 'MAIN');
  $('#pass').classList.toggle('primary', decision === 'RESPONSE');
  // only what the rules can take now is offered (issue 19): End Turn in one's own main decision, Pass in one's
  // response window; neither in the opponent's turn or while a discard is owed
  $('#pass').hidden = decision !== 'RESPONSE';
  $('#end-turn').hidden = decision === 'RESPONSE';
  $('#end-turn').disabled = decision !== 'MAIN';
  $('#end-turn').title = decision === 'MAIN' ? '' : decision === 'DISCARD_DOWN' ? 'Discard first' : 'Not your turn';
  $('#pass').disabled = decision !== 'RESPONSE';
  $('#concede').disabled = !live;
  $('#concede').hidden = v.status === 'ENDED';
  $('#rematch').hidden = v.status !== 'ENDED';
  const discardOwed = decision === 'DISCARD_DOWN' ? v.pendingDecision.count : 0;
  const discard = $('#discard');
  discard.hidden = !discardOwed;
  for (const id of [...discarding]) if (!mine || !mine.hand || !mine.hand.some((c) => c.id === id)) discarding.delete(id);
  fill(discard, `Discard ${discarding.size}/${discardOwed}`);
  // the choice owed, said in words, with the hand's cards marked as the ones to click (issue 19)
  const prompt = $('#discard-prompt');
  prompt.hidden = !discardOwed;
  fill(prompt, discardOwed ? `Your hand is over its limit: choose ${discardOwed} card${discardOwed === 1 ? '' : 's'} to discard`
    + ` (${discarding.size} chosen), then press Discard. Esc clears the choice.` : '');
  $('#hand').classList.toggle('choosing-discard', discardOwed > 0);
  discard.disabled = discarding.size !== discardOwed;
  discard.classList.toggle('primary', discardOwed > 0);
  const hand = (mine && mine.hand) || [];
  // morphed, not rebuilt (issue 19): a card that stays keeps its element, so focus stays on it; when the focused card
  // left the hand (played), focus goes to the card now at its place
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#hand li.card');
  const focusAt = focused ? [...$('#hand').children].indexOf(focused) : -1;
  morphInto($('#hand'), [hand.length ? hand.map((c) => handCard(c, discardOwed)) : h('li', { class: 'muted', dataset: { key: 'empty' } }, 'No cards in hand.')]);
  if (focused && !focused.isConnected) {
    const cardsNow = [...document.querySelectorAll('#hand li.card')];
    const again = cardsNow[Math.min(focusAt, cardsNow.length - 1)];
    if (again) again.querySelector('.card-button').focus();
    else if (!$('#end-turn').hidden) $('#end-turn').focus();
  }
  renderAbilities(v);
}

/**
 * The abilities the seat may activate now (issue 19: every action on the page), as the server lists them
 * (`GET /moves`, its ACTIVATE moves), asked once per version while the decision is the seat's.
 */
let abilitiesFor = -1;
async function renderAbilities(v) {
  const box = $('#abilities');
  const decision = myDecision(v);
  if (!decision || decision === 'DISCARD_DOWN') {
    abilitiesFor = -1;
    box.hidden = true;
    fill(box);
    return;
  }
  if (abilitiesFor === v.version) return;
  abilitiesFor = v.version;
  let answer;
  try {
    answer = await get(`/api/matches/${encodeURIComponent(matchId)}/moves`, token);
  } catch (e) {
    return; // the buttons stay as they were; a click is answered by the server anyway
  }
  if (!view || view.version !== v.version) return; // a newer board asks again
  const acts = answer.moves.filter((m) => m.type === 'ACTIVATE');
  box.hidden = !acts.length;
  fill(box, acts.length ? [h('h3', {}, 'Abilities'), ...acts.map((m) => h('button', {
    type: 'button', class: 'ability', dataset: { card: m.card, ability: m.ability || 0 },
    onclick: () => send({ type: 'ACTIVATE', card: m.card, ability: m.ability || 0, targets: m.targets || [] }),
  }, abilityLabel(v, m)))] : []);
}

function abilityLabel(v, m) {
  const mine = v.seats[me] || {};
  const refs = [...(mine.inPlay || []), ...(mine.field ? [mine.field] : []), ...(mine.drones || [])];
  const ref = refs.find((r) => r.id === m.card);
  const card = ref ? narrator.cards.get(ref.card) : null;
  const ability = card && card.abilities ? card.abilities[m.ability || 0] : null;
  const cost = ability ? ` (${ability.energy || 0} Energy${ability.heat ? `, +${ability.heat} Heat` : ''})` : '';
  const at = (m.targets || []).map((t) => [t.kind, t.seat, t.subsystem, t.id].filter(Boolean).join(' ')).join(', ');
  return `${card ? card.name : m.card}: ${ability ? ability.name : `ability ${m.ability || 0}`}${cost}${at ? ` → ${at}` : ''}`;
}

function handCard(c, discardOwed) {
  const card = narrator.cards.get(c.card) || { name: c.card, type: '', text: '', heat: 0 };
  const selected = discarding.has(c.id);
  const cost = c.cost.total !== c.cost.printed
    ? h('span', { class: 'cost', title: `printed ${c.cost.printed}` }, c.cost.total, h('small', {}, ` (${c.cost.printed})`))
    : h('span', { class: 'cost' }, c.cost.total);
  const label = discardOwed ? `${selected ? 'Keep' : 'Discard'} ${card.name}`
    : `Play ${card.name}, ${c.cost.total} Energy${c.playable ? '' : ' (not playable now)'}`;
  return h('li', { class: `card ${c.playable ? 'playable' : ''} ${selected ? 'selected' : ''}`, dataset: { id: c.id, card: c.card } },
    h('button', {
      type: 'button', class: 'card-button', 'aria-label': label, 'aria-pressed': discardOwed ? String(selected) : null,
    },
    h('span', { class: 'card-top' }, cost, h('span', { class: 'name' }, card.name)),
    h('span', { class: 'type' }, `${String(card.type).toLowerCase().replace('_', ' ')}${card.heat ? ` · +${card.heat} Heat` : ''}`),
    h('span', { class: 'text' }, card.text),
    // the log will say the damage with the bonus: say where the extra comes from (issue 19, D-DMG-1, D-CAT-3)
    c.damageBonus ? h('span', { class: 'bonus', dataset: { bonus: c.damageBonus } },
      `+${c.damageBonus} to each damage now (pilot, modules, charge)`) : null));
}

function toggleDiscard(id) {
  if (discarding.has(id)) discarding.delete(id);
  else discarding.add(id);
  renderPlayer(view);
}

/**
 * A playable card with one target choice is played at once; with several, the page asks which. A splash card (its
 * catalog's maxTargets above 1, e.g. Scatter Shot) takes up to that many of the targets the server lists, in the
 * order clicked (issue 19: several targets from the page); the server checks the choice as always.
 */
function choose(c, card) {
  const choices = c.targets || [];
  if (choices.length <= 1) {
    send({ type: 'PLAY_CARD', card: c.id, targets: choices.length ? choices[0] : [] });
    return;
  }
  const most = Math.min(card.maxTargets || 1, choices.length);
  if (most > 1 && choices.every((ts) => ts.length === 1)) {
    chooseSeveral(c, card, choices.map((ts) => ts[0]), most);
    return;
  }
  fill($('#targets-title'), `${card.name}: choose a target`);
  fill($('#target-buttons'),
    choices.map((ts) => h('button', { type: 'button', onclick: () => send({ type: 'PLAY_CARD', card: c.id, targets: ts }) },
      ts.map((t) => narrator.target(t)).join(', '))),
    h('button', { type: 'button', class: 'ghost', onclick: hideTargets }, 'Cancel'));
  $('#targets').hidden = false;
  $('#target-buttons button').focus();
}

/** Up to {@code most} of {@code targets}, toggled in the order clicked, then played at once with "Play". */
function chooseSeveral(c, card, targets, most) {
  const picked = [];
  const draw = () => {
    fill($('#targets-title'), `${card.name}: choose up to ${most} targets, in order (${picked.length} chosen)`);
    fill($('#target-buttons'),
      targets.map((t, i) => {
        const at = picked.indexOf(i);
        return h('button', {
          type: 'button', class: `target-pick ${at >= 0 ? 'selected' : ''}`, 'aria-pressed': String(at >= 0),
          dataset: { index: i }, disabled: at < 0 && picked.length >= most,
          onclick: () => { if (at >= 0) picked.splice(at, 1); else picked.push(i); draw(); $(`#target-buttons [data-index="${i}"]`).focus(); },
        }, at >= 0 ? `${at + 1}. ` : '', narrator.target(t));
      }),
      h('button', {
        type: 'button', class: 'primary play-targets', disabled: !picked.length,
        onclick: () => send({ type: 'PLAY_CARD', card: c.id, targets: picked.map((i) => targets[i]) }),
      }, picked.length ? `Play at ${picked.length} target${picked.length === 1 ? '' : 's'}` : 'Choose a target'),
      h('button', { type: 'button', class: 'ghost', onclick: hideTargets }, 'Cancel'));
  };
  draw();
  $('#targets').hidden = false;
  $('#target-buttons button').focus();
}

function hideTargets() {
  $('#targets').hidden = true;
}

start();
