// Draws a view (API.md "The view") as the board: both ships, every meter with its number, zones, whose turn.
import { h, countdown } from './dom.js';
import { morphInto } from './morph.js';
import { subsystemName, reasonName } from './words.js';

const SUBSYSTEMS = ['HULL', 'SHIELD', 'REACTOR', 'WEAPONS', 'ENGINES', 'LIFE_SUPPORT'];
// Heat zones as the rules document prints them (0–5 none, 6–8 +1 cost, 9–10 +1 cost and self-damage).
const HEAT_ZONES = [
  { upTo: 5, cls: 'cool', label: '0–5 no penalty' },
  { upTo: 8, cls: 'warm', label: '6–8 +1 Energy per card' },
  { upTo: 10, cls: 'hot', label: '9–10 +1 Energy, 2 self-damage' },
];

const zoneOf = (heat) => HEAT_ZONES.find((z) => heat <= z.upTo) || HEAT_ZONES[2];

function meter(seat, key, label, value, max, extraClass) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  const offline = key !== 'SHIELD' && key !== 'ENERGY' && value <= 0;
  return h('div', { class: `meter ${extraClass || ''} ${offline ? 'offline' : ''}`, dataset: { meter: key } },
    h('span', { class: 'label' }, label),
    h('div', {
      class: 'track', role: 'meter', 'aria-label': `${seat} ${label}`, 'aria-valuemin': 0, 'aria-valuemax': max,
      'aria-valuenow': value, 'aria-valuetext': `${value} of ${max}${offline ? ', offline' : ''}`,
    }, h('div', { class: 'fill', style: `width:${pct.toFixed(1)}%` })),
    // Energy above its maximum (D-PLAY-5: a boost, or Reactor damage lowering the next refill) says what max is
    h('span', { class: 'value' }, h('span', { class: 'num' }, value),
      h('span', { class: 'max', title: key === 'ENERGY' ? 'the next refill (D-PLAY-5)' : '' },
        key === 'ENERGY' && value > max ? ` (refills to ${max})` : `/${max}`)));
}

function heatMeter(seat, heat) {
  const cells = [];
  for (let i = 1; i <= heat.max; i++) {
    const zone = zoneOf(i);
    const state = i <= heat.value ? 'on' : i <= heat.value + heat.pending ? 'pending' : 'off';
    cells.push(h('span', { class: `cell ${zone.cls} ${state}` }));
  }
  const zone = zoneOf(heat.value);
  return h('div', { class: 'meter heat', dataset: { meter: 'HEAT' } },
    h('span', { class: 'label' }, 'Heat'),
    h('div', {
      class: 'cells', role: 'meter', 'aria-label': `${seat} Heat`, 'aria-valuemin': 0, 'aria-valuemax': heat.max,
      'aria-valuenow': heat.value,
      'aria-valuetext': `${heat.value} of ${heat.max}, ${heat.pending} pending, zone ${zone.label}`,
    }, cells),
    h('span', { class: 'value' }, h('span', { class: 'num' }, heat.value),
      heat.pending ? h('span', { class: 'pending', dataset: { pending: heat.pending } }, ` +${heat.pending}`) : null),
    h('span', { class: `zone-tag ${zone.cls}` }, zone.label));
}

function cardChip(narrator, ref, extra) {
  // the card's text from the match's catalog (what it does, e.g. how long Drone Boost lasts: D-DRONE-1) on hover
  const card = narrator.cards && narrator.cards.get(ref.card);
  return h('li', {
    class: 'chip', dataset: { id: ref.id, card: ref.card }, title: card && card.text ? card.text : null,
    'data-text': card && card.text ? `${card.name}: ${card.text}` : null,
  },
    narrator.card(ref.card), extra || null);
}

/**
 * Renders a voidexa board into {@code root}, morphing what is there (issue 19: elements that stay keep their identity,
 * so bars slide and focus stays). {@code me}: the seat of the page's token (its hand is drawn by the player page).
 * {@code replay}: a step of a replay, not the match now: the status pill says REPLAY (the match's status then is in
 * its title) and no seat is badged "to act". {@code animate}: show what changed since the board drawn before (the live
 * pages always; the replay when it steps forward by one).
 */
export function renderBoard(root, view, narrator, me, replay, animate = !replay) {
  narrator.learn(view);
  const before = root.duelhallView;
  const ended = view.status === 'ENDED';
  const play = lastPlay(view);
  const ships = ['A', 'B'].filter((s) => view.seats && view.seats[s]).map((s) => ship(view, s, narrator, me, replay));
  morphInto(root, [
    statusLine(view, replay),
    play ? lastPlayLine(play, narrator) : null,
    h('div', { class: 'ships' }, ships.length ? ships : h('p', { class: 'muted' }, 'Waiting for players to take their seats.')),
    ended && view.result ? h('p', { class: 'result', role: 'status' },
      me && !replay ? h('strong', { class: 'verdict-me', dataset: { outcome: outcomeOf(view, me) } },
        { won: 'You won. ', lost: 'You lost. ', drawn: 'A draw. ', expired: 'Nobody joined. ' }[outcomeOf(view, me)]) : null,
      resultText(view), me && !replay ? [' ', h('a', { href: '/', class: 'button' }, 'Back to the lobby')] : null) : null]);
  root.dataset.version = view.version;
  root.dataset.status = view.status;
  root.duelhallView = view;
  if (animate && before && before.version < view.version) {
    showChanges(root, before, view);
    const fresh = play && (!before || lastPlaySeq(before) !== play.seq);
    if (fresh) flash(root.querySelector('.last-play'), 'played');
    if (fresh) for (const t of play.payload.targets || []) flash(targetElement(root, t), 'targeted');
  }
}

// ---- what changed (issue 19) ----

/** The newest card played or ability activated the view's recent events hold, or null. */
function lastPlay(view) {
  const recent = view.recentEvents || [];
  for (let i = recent.length - 1; i >= 0; i--) {
    if (recent[i].type === 'CardPlayed' || recent[i].type === 'AbilityActivated') return recent[i];
  }
  return null;
}

function lastPlaySeq(view) {
  const p = lastPlay(view);
  return p ? p.seq : -1;
}

function lastPlayLine(play, narrator) {
  const p = play.payload || {};
  const ref = p.card || {};
  const card = narrator.cards && narrator.cards.get(ref.card);
  const what = play.type === 'AbilityActivated' ? `${narrator.ref(ref)}: ${p.name || 'ability'}` : narrator.ref(ref);
  const at = (p.targets || []).map((t) => narrator.target(t)).join(', ');
  return h('p', { class: 'last-play', dataset: { key: 'last-play', seq: play.seq }, title: card && card.text ? card.text : null },
    h('span', { class: 'muted' }, 'Last play '), h('span', { class: 'seat' }, p.seat), ' ',
    h('strong', { class: 'what' }, what), at ? ` → ${at}` : '');
}

/** The element a target names on the board: a subsystem's meter, a drone or card chip, or the ship. */
function targetElement(root, t) {
  const ship = root.querySelector(`article.ship[data-seat="${t.seat}"]`);
  if (!ship) return null;
  if (t.kind === 'SUBSYSTEM') return ship.querySelector(`[data-meter="${t.subsystem}"]`);
  if (t.kind === 'DRONE' || t.kind === 'CARD') return ship.querySelector(`.chip[data-id="${t.id}"]`) || ship;
  return ship;
}

const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Marks {@code el} with data-fx="{@code kind}" for the length of its animation (the morph leaves data-fx alone). */
function flash(el, kind) {
  if (!el) return;
  el.removeAttribute('data-fx');
  void el.offsetWidth; // restart the animation when the same element flashes twice in a row
  el.setAttribute('data-fx', kind);
  clearTimeout(el.duelhallFx);
  el.duelhallFx = setTimeout(() => el.removeAttribute('data-fx'), 1600);
}

/**
 * Every meter whose number moved since {@code before}: a number floats up from it (−3 red, +2 green; Heat rising red),
 * and the meter flashes. With prefers-reduced-motion the number shows without moving (app.css).
 */
function showChanges(root, before, view) {
  const moves = [];
  for (const seat of Object.keys(view.seats || {})) {
    const now = view.seats[seat];
    const was = before.seats && before.seats[seat];
    if (!now || !was || !now.subsystems || !was.subsystems) continue;
    for (const k of SUBSYSTEMS) moves.push([seat, k, now.subsystems[k].value - was.subsystems[k].value]);
    moves.push([seat, 'ENERGY', now.energy.value - was.energy.value]);
    moves.push([seat, 'HEAT', now.heat.value - was.heat.value]);
  }
  for (const [seat, key, delta] of moves) {
    if (!delta) continue;
    const meterEl = root.querySelector(`article.ship[data-seat="${seat}"] [data-meter="${key}"]`);
    if (!meterEl) continue;
    const worse = key === 'HEAT' ? delta > 0 : delta < 0;
    flash(meterEl, worse ? 'hurt' : 'helped');
    const float = h('span', {
      class: `float-delta ${worse ? 'worse' : 'better'}`, 'data-fx-transient': '', 'aria-hidden': 'true',
      dataset: { delta, meterOf: key },
    }, `${delta > 0 ? '+' : '−'}${Math.abs(delta)}`);
    (meterEl.querySelector('.value') || meterEl).append(float);
    setTimeout(() => float.remove(), reducedMotion() ? 1200 : 1500);
    if (worse && key !== 'ENERGY') sound.hit();
  }
}

/** Optional sound (off unless the page's Sound switch is on, kept in localStorage): a short tone when a ship is hurt. */
export const sound = {
  on: () => { try { return localStorage.getItem('duelhall.sound') === 'on'; } catch (e) { return false; } },
  set(on) { try { localStorage.setItem('duelhall.sound', on ? 'on' : 'off'); } catch (e) { /* private mode */ } },
  ctx: null,
  hit() {
    if (!this.on() || !window.AudioContext) return;
    this.ctx = this.ctx || new AudioContext();
    const o = this.ctx.createOscillator();
    const g = this.ctx.createGain();
    o.frequency.value = 180;
    g.gain.setValueAtTime(0.15, this.ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, this.ctx.currentTime + 0.18);
    o.connect(g).connect(this.ctx.destination);
    o.start();
    o.stop(this.ctx.currentTime + 0.2);
  },
};

/** How a finished match went for seat {@code me}: won, lost or drawn (issue 19: "You won / You lost"). */
function outcomeOf(view, me) {
  const r = view.result;
  if (r.reason === 'EXPIRED') return 'expired';
  if (r.winner) return r.winner === me ? 'won' : 'lost';
  return r.losers ? (r.losers.includes(me) ? 'lost' : 'drawn') : 'lost'; // voidexa: no winner is both lost
}

export function resultText(view) {
  const r = view.result;
  if (!r) return '';
  const name = r.winner && view.seats[r.winner] ? view.seats[r.winner].name : null;
  if (r.reason === 'EXPIRED') return 'The match expired: a seat was never taken, so it was never played';
  return r.winner ? `${r.winner} · ${name} wins — ${reasonName(r.reason)}` : `Both lost — ${reasonName(r.reason)}`;
}

function statusLine(view, replay) {
  const pending = view.pendingDecision;
  const live = view.status === 'LIVE';
  const items = [
    replay
      ? h('span', { class: 'pill status-replay', dataset: { field: 'status' }, title: `the match was ${view.status} at this step` },
        view.status === 'ENDED' ? 'REPLAY · ENDED' : 'REPLAY')
      : h('span', { class: `pill status-${view.status.toLowerCase()}`, dataset: { field: 'status' } }, view.status),
    h('span', { class: 'pill', dataset: { field: 'turn' } }, `Turn ${view.turn}`),
    // nobody is to play a finished match, and its last phase is no phase of play
    live && view.activeSeat ? h('span', { class: 'pill', dataset: { field: 'active' } }, `${view.activeSeat} to play`) : null,
    live && view.phase ? h('span', { class: 'pill', dataset: { field: 'phase' } }, `${view.phase.toLowerCase()} phase`) : null,
    pending ? h('span', { class: 'pill attention', dataset: { field: 'pending' } },
      pending.kind === 'RESPONSE' ? `${pending.seat} may respond` : `${pending.seat} must discard ${pending.count || ''}`) : null,
    view.clock && view.clock.deadline ? h('span', { class: 'pill clock', dataset: { field: 'clock' },
      title: `${view.clock.seat} must act by ${new Date(view.clock.deadline).toLocaleTimeString()}` },
    `${view.clock.seat} ${view.clock.kind === 'TURN' ? 'turn' : 'decision'} `,
    replay ? new Date(view.clock.deadline).toLocaleTimeString() : countdown(view.clock.deadline)) : null,
    view.spectatorDelaySeconds ? h('span', { class: 'pill' }, `spectators ${view.spectatorDelaySeconds} s behind`) : null,
    view.clock && view.timeoutLoss !== undefined ? h('span', { class: 'pill muted', dataset: { field: 'timeout-loss' } },
      view.timeoutLoss ? `${view.timeoutLoss} turn timeouts lose` : 'turn timeouts never lose') : null,
    h('span', { class: 'pill muted', dataset: { field: 'version' } }, `event ${view.version}`),
    view.rules ? h('span', { class: 'pill muted', dataset: { field: 'rules' },
      title: `This match is played, replayed and audited under rules engine ${view.rules.engine} with card catalog ${view.rules.catalog}, the version it was created with.` },
    `rules ${view.rules.engine} · ${view.rules.catalog}`) : null,
  ];
  return h('div', { class: 'status-line' }, items);
}

function ship(view, seat, narrator, me, replay) {
  const s = view.seats[seat];
  const active = !replay && view.status === 'LIVE' && (view.pendingDecision ? view.pendingDecision.seat === seat : view.activeSeat === seat);
  const winner = view.result && view.result.winner === seat;
  const meters = SUBSYSTEMS.map((k) => meter(seat, k, subsystemName(k), s.subsystems[k].value, s.subsystems[k].max,
    `sub-${k.toLowerCase()}`));
  const lsZero = s.lifeSupportZeroTurns || 0;
  return h('article', {
    class: `ship ${active ? 'acting' : ''} ${seat === me ? 'mine' : ''} ${winner ? 'winner' : ''}`,
    dataset: { seat }, 'aria-label': `Ship ${seat}: ${s.name}`,
  },
  h('header', {},
    h('h2', {}, h('span', { class: 'seat' }, seat), ' ', s.name, seat === me ? h('span', { class: 'you' }, ' (you)') : null),
    h('p', { class: 'muted' }, `${s.pilotClass} · ${s.shipCore}`),
    active ? h('span', { class: 'badge' }, 'to act') : null,
    winner ? h('span', { class: 'badge win' }, 'winner') : null),
  h('div', { class: 'meters' }, meters,
    meter(seat, 'ENERGY', 'Energy', s.energy.value, s.energy.max, 'energy'),
    heatMeter(seat, s.heat)),
  h('dl', { class: 'counts' },
    count('Hand', `${s.handCount}/${s.maxHandSize}`, 'hand'),
    count('Deck', s.deckCount, 'deck'),
    count('Discard', (s.discard || []).length, 'discard'),
    count('Exile', s.exileCount, 'exile'),
    count('Life Support at 0', `${lsZero} turn${lsZero === 1 ? '' : 's'}`, 'ls-zero', lsZero > 0 ? 'warn' : '')),
  zone('Drones', 'drones', (s.drones || []).map((d) => cardChip(narrator, d,
    h('span', { class: 'stats' }, ` ${d.hull}/${d.maxHull} hull${d.shield ? `, ${d.shield} shield` : ''}, ${d.damage} dmg${d.pierce || s.dronePierceNext ? ', pierce' : ''}${d.target ? ` → ${d.target.toLowerCase().replace('_', ' ')}` : ''}`)))),
  zone('Field', 'field', s.field ? [cardChip(narrator, s.field)] : []),
  zone('In play', 'in-play', (s.inPlay || []).map((c) => cardChip(narrator, c))),
  seat !== me && s.hand ? zone('Hand (revealed)', 'revealed-hand', s.hand.map((c) => cardChip(narrator, c))) : null);
}

function count(label, value, key, cls) {
  return h('div', { class: `count ${cls || ''}`, dataset: { count: key } }, h('dt', {}, label), h('dd', {}, value));
}

function zone(label, key, chips) {
  return h('section', { class: 'zone', dataset: { zone: key } },
    h('h3', {}, label),
    chips.length ? h('ul', { class: 'chips' }, chips) : h('p', { class: 'muted none' }, 'none'));
}
