// casket's part of the table: the hex map as SVG (every hex coloured by terrain, its elevation as a number, each
// Casket as a marker with its seat letter and an arrow for its facing), and beside it each seat's SP (with the
// overspend band), Heat and its zone, component damage, wounds, hand, deck and discard, the dice of the last attack
// and the decision owed. For the seat to act (ctx.moves, from GET /moves): its reachable hexes are highlighted (a
// click sends the MOVE with the view's path), the Caskets it may attack are marked, and its hand and decision are
// buttons of the listed moves. The rules stay on the server: only listed moves and the view's reach are offered,
// and for PAY and DISCARD, which /moves lists only by example, the cards of the hand the person chooses (the moves'
// note: PAY may name any cards of the hand up to the damage, DISCARD exactly the excess; the server judges them).
import { h, fill } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const SIZE = 26; // hex radius, px
const SQ3 = Math.sqrt(3);
const COMPONENTS = ['HEAD', 'CHASSIS', 'RIGHT_ARM', 'LEFT_ARM', 'LEGS'];
const DICE_PURPOSES = new Set(['ATTACK', 'DEFENCE', 'COMPONENT']);

const words = (s) => String(s || '').toLowerCase().replace(/_/g, ' ');
const seatsOf = (view) => Object.keys(view.seats || {}).sort();

/** An SVG element (dom.js's h makes HTML ones); attributes, never style. */
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.entries(v).forEach(([dk, dv]) => el.setAttribute(`data-${dk}`, String(dv)));
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(3)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Flat-topped axial layout: x = 1.5·q, y = √3·(r + q/2). */
const centre = (q, r) => [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)];
const parseHex = (id) => (id ? id.split(',').map(Number) : null);
const corners = (x, y, k = 1) => [0, 1, 2, 3, 4, 5]
  .map((i) => `${(x + k * SIZE * Math.cos((Math.PI / 3) * i)).toFixed(2)},${(y + k * SIZE * Math.sin((Math.PI / 3) * i)).toFixed(2)}`).join(' ');


/** The dice of the last attack: its ATTACK roll and the DEFENCE and COMPONENT rolls after it (events kept across views). */
const diceByMatch = new Map();

function rememberDice(view, replay) {
  // a replay's step stands alone (it may go back): the dice from its own recent events only
  const kept = (!replay && diceByMatch.get(view.matchId)) || { seq: -1, dice: [] };
  for (const e of view.recentEvents || []) {
    if (e.seq <= kept.seq) continue;
    kept.seq = e.seq;
    const p = e.event || e.payload || {};
    if ((e.type || p.type) !== 'DiceRolled' || !DICE_PURPOSES.has(p.purpose)) continue;
    if (p.purpose === 'ATTACK') kept.dice = [];
    kept.dice.push({ seq: e.seq, ...p });
  }
  if (!replay) diceByMatch.set(view.matchId, kept);
  return kept.dice;
}

/**
 * The hand cards a seat has chosen to PAY or DISCARD with, by match: kept across the redraws of one decision (the
 * board is drawn again when its moves arrive), dropped when the decision or the version changes.
 */
const chosenByMatch = new Map();

/**
 * @param view the casket view
 * @param cards catalog card id → card
 * @param ctx {me, moves, send}: the seat this page plays (or none), its listed moves (null until asked), and how to
 *   send one
 */
export function renderCasket(view, cards, context) {
  const ctx = context || {};
  const fresh = ctx.fresh || []; // the events since the view drawn before (what changed is shown as it changes)
  const was = ctx.before && ctx.before.seats ? ctx.before.seats : {};
  const moves = ctx.moves || [];
  const send = ctx.send || (() => {});
  const mine = !!ctx.me && ctx.me === view.toAct && moves.length > 0;
  const name = (ref) => {
    const id = ref && typeof ref === 'object' ? ref.card : ref;
    return (cards.get(id) || {}).name || id;
  };
  const cardOf = (instance) => {
    for (const seat of seatsOf(view)) {
      const st = view.seats[seat];
      const found = [...(st.hand || []), ...(st.discard || [])].find((c) => c.id === instance);
      if (found) return found;
    }
    return null;
  };
  const dice = rememberDice(view, ctx.replay);
  const expected = (moves.find((m) => m.expectedVersion !== undefined) || {}).expectedVersion;
  const withVersion = (intent) => (expected !== undefined ? { ...intent, expectedVersion: expected } : intent);

  // ---- PAY and DISCARD with the cards the person chooses ----
  const myHand = (ctx.me && view.seats && view.seats[ctx.me] && view.seats[ctx.me].hand) || [];
  const picking = mine && (view.decision === 'PAY' || view.decision === 'DISCARD')
    && moves.some((m) => m.type === view.decision) && myHand.length ? view.decision : null;
  const damage = view.attack ? view.attack.finalDamage : 0;
  // PAY: any number up to the damage; DISCARD: exactly the excess (what the listed DISCARD names, C-DRAW-3)
  const owed = picking === 'PAY' ? damage : ((moves.find((m) => m.type === 'DISCARD') || {}).cards || []).length;
  const pickKey = `${view.decision}@${view.version}`;
  let chosen = chosenByMatch.get(view.matchId);
  if (!chosen || chosen.key !== pickKey) {
    chosen = { key: pickKey, ids: new Set() };
    if (picking) chosenByMatch.set(view.matchId, chosen);
    else chosenByMatch.delete(view.matchId);
  }
  const picked = () => myHand.filter((c) => chosen.ids.has(c.id)); // in the hand's order
  const pickValid = (n) => (picking === 'PAY' ? n >= 1 && n <= owed : n === owed);
  const pickLabel = () => {
    const cs = picked();
    const names = cs.map((c) => name(c)).join(', ');
    if (picking === 'PAY') {
      if (!cs.length) return `Pay from the hand: choose up to ${owed} card${owed === 1 ? '' : 's'}`;
      if (cs.length > owed) return `Pay: choose at most ${owed} (${cs.length} chosen)`;
      return `Pay ${cs.length} from the hand (${names})${owed > cs.length ? `, ${owed - cs.length} from the deck` : ''}`;
    }
    if (cs.length !== owed) return `Discard: choose ${owed} card${owed === 1 ? '' : 's'} (${cs.length} chosen)`;
    return `Discard ${names}`;
  };
  const toggles = [];
  const sendPicked = picking ? h('button', { type: 'button', class: 'ck-send primary', dataset: { type: picking },
    disabled: !pickValid(picked().length),
    onclick: () => { if (pickValid(picked().length)) send(withVersion({ type: picking, cards: picked().map((c) => c.id) })); } },
  pickLabel()) : null;
  const syncPicks = () => {
    for (const t of toggles) {
      const on = chosen.ids.has(t.dataset.id);
      t.classList.toggle('selected', on);
      t.setAttribute('aria-pressed', String(on));
    }
    sendPicked.disabled = !pickValid(picked().length);
    fill(sendPicked, pickLabel());
  };
  const pickToggle = (c) => {
    const on = chosen.ids.has(c.id);
    const el = h('button', { type: 'button', class: `ck-pick${on ? ' selected' : ''}`, dataset: { id: c.id, card: c.card },
      'aria-pressed': String(on), 'aria-label': `${picking === 'PAY' ? 'Pay with' : 'Discard'} ${name(c)}`,
      title: (cards.get(c.card) || {}).text || null,
      onclick: () => {
        if (chosen.ids.has(c.id)) chosen.ids.delete(c.id);
        else chosen.ids.add(c.id);
        syncPicks();
      } }, name(c));
    toggles.push(el);
    return el;
  };

  // ---- the map ----
  const hexes = (view.board && view.board.hexes) || [];
  // the view's reach, offered while the server lists a MOVE at all (a move it would refuse is never offered)
  const canMove = mine && view.decision === 'ACTION' && moves.some((m) => m.type === 'MOVE');
  const reach = new Map(canMove ? (view.reach || []).map((st) => [st.hex, st]) : []);
  const attackable = new Set(moves.filter((m) => m.type === 'PLAY').flatMap((m) => (m.targets || []))
    .filter((t) => t.kind === 'CASKET').map((t) => t.seat));
  const at = {};
  seatsOf(view).forEach((seat) => { const st = view.seats[seat]; if (st.hex && !st.defeated) at[st.hex] = seat; });
  let minX = 0; let minY = 0; let maxX = 0; let maxY = 0;
  hexes.forEach((x) => {
    const [cx, cy] = centre(x.q, x.r);
    minX = Math.min(minX, cx); maxX = Math.max(maxX, cx); minY = Math.min(minY, cy); maxY = Math.max(maxY, cy);
  });
  const pad = SIZE + 4;
  const vb = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad].map((n) => n.toFixed(1)).join(' ');
  const moveTo = (st) => send({ type: 'MOVE', targets: st.path.map((id) => ({ kind: 'HEX', id })),
    ...(expected !== undefined ? { expectedVersion: expected } : {}) });
  const hexEl = (x) => {
    const id = `${x.q},${x.r}`;
    const [cx, cy] = centre(x.q, x.r);
    const st = reach.get(id);
    const terrain = String(x.terrain || 'OPEN').toLowerCase();
    return s('g', { class: `ck-hex t-${terrain}${st ? ' reach' : ''}`, dataset: { hex: id, terrain: x.terrain, elevation: x.elevation, ...(st ? { cost: st.cost } : {}) },
      onclick: st ? () => moveTo(st) : null, role: st ? 'button' : null, tabindex: st ? 0 : null,
      onkeydown: st ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); moveTo(st); } } : null },
    s('title', {}, `${id} · ${words(x.terrain)}${x.elevation ? ` · elevation ${x.elevation}` : ''}${st ? ` · move here for ${st.cost} SP` : ''}`),
    s('polygon', { points: corners(cx, cy, 0.97), class: 'ck-cell', 'fill-opacity': x.terrain === 'OPEN' ? Math.min(1, 0.55 + 0.15 * (x.elevation || 0)) : null }),
    x.elevation ? s('text', { x: cx.toFixed(1), y: (cy - SIZE * 0.5).toFixed(1), class: 'ck-elev', 'text-anchor': 'middle' }, `▲${x.elevation}`) : null,
    st ? s('text', { x: cx.toFixed(1), y: (cy + SIZE * 0.62).toFixed(1), class: 'ck-cost', 'text-anchor': 'middle' }, `${st.cost} SP`) : null);
  };
  const casketEl = (seat) => {
    const st = view.seats[seat];
    const pos = parseHex(st.hex);
    // a defeated Casket is drawn only while its wreck stays on the map (the view's inert, C-D-END-4)
    if (!pos || (st.defeated && !st.inert)) return null;
    const [cx, cy] = centre(pos[0], pos[1]);
    const angle = 60 * (st.facing || 0); // 0 = north, clockwise
    const classes = ['ck-casket', `seat-${seat}`];
    if (st.inert) classes.push('inert');
    if (seat === view.activeSeat) classes.push('active');
    if (seat === ctx.me) classes.push('mine');
    if (attackable.has(seat)) classes.push('target');
    const from = was[seat] && was[seat].hex && was[seat].hex !== st.hex ? parseHex(was[seat].hex) : null;
    const [fx, fy] = from ? centre(from[0], from[1]) : [cx, cy];
    if (from) classes.push('moved');
    return s('g', { class: classes.join(' '), dataset: { seat, hex: st.hex, facing: st.facing, ...(from ? { from: was[seat].hex } : {}) } },
      // it slides from the hex it was on (SMIL: no style attribute, within the page's CSP)
      from ? s('animateTransform', { attributeName: 'transform', type: 'translate', from: `${(fx - cx).toFixed(1)} ${(fy - cy).toFixed(1)}`, to: '0 0', dur: '0.6s', fill: 'freeze' }) : null,
      s('title', {}, `${seat} · ${st.name || ''} · ${name(st.casket)} (${words(st.casketType)}) · facing ${st.facing}`
        + `${attackable.has(seat) ? ' · in your line of fire' : ''}`),
      attackable.has(seat) ? s('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: (SIZE * 0.82).toFixed(1), class: 'ck-target-ring' }) : null,
      s('g', { transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${angle})` },
        s('polygon', { points: `0,${-SIZE * 0.9} ${SIZE * 0.22},${-SIZE * 0.5} ${-SIZE * 0.22},${-SIZE * 0.5}`, class: 'ck-facing' }),
        s('circle', { cx: 0, cy: 0, r: (SIZE * 0.5).toFixed(1), class: 'ck-body' })),
      s('text', { x: cx.toFixed(1), y: (cy + 5).toFixed(1), class: 'ck-letter', 'text-anchor': 'middle' }, seat));
  };
  // the paths moved since the view drawn before, from the hex each Casket was on, as a trail in its colour
  const trails = seatsOf(view).map((seat) => {
    const path = fresh.filter((e) => e.type === 'CasketMoved' && (e.payload || {}).seat === seat).flatMap((e) => e.payload.path || []);
    const start = was[seat] && parseHex(was[seat].hex);
    if (!path.length || !start) return null;
    const points = [start, ...path.map((x) => [x.q, x.r])].map(([q, r]) => centre(q, r).map((n) => n.toFixed(1)).join(',')).join(' ');
    return s('polyline', { class: `ck-trail seat-${seat}`, points, dataset: { seat, steps: path.length } });
  });
  const map = s('svg', { class: 'ck-map', viewBox: vb, role: 'img', 'aria-label': `Map ${view.board ? view.board.name || view.board.map : ''}`,
    dataset: { hexes: hexes.length } },
  hexes.map(hexEl), trails, seatsOf(view).map(casketEl));

  // ---- the decision owed, as buttons of the listed moves ----
  const label = (m) => {
    switch (m.type) {
      case 'KEEP': return 'Keep this hand';
      case 'MULLIGAN': return 'Mulligan: redraw';
      case 'DECLINE': return 'Decline: no reactive card';
      case 'REACT': return `React with ${name(cardOf(m.card))}`;
      case 'PAY': {
        const n = (m.cards || []).length;
        return n ? `Pay ${n} from the hand (${m.cards.map((c) => name(cardOf(c))).join(', ')})${damage > n ? `, ${damage - n} from the deck` : ''}`
          : `Pay all ${damage} from the deck`;
      }
      case 'DISCARD': return `Discard ${(m.cards || []).map((c) => name(cardOf(c))).join(', ')}`;
      case 'PASS': return 'End the action phase';
      case 'VENT': return 'Vent heat (2 SP)';
      case 'ROTATE': return `Face ${['N', 'NE', 'SE', 'S', 'SW', 'NW'][Number((m.choices || {}).facing)] || (m.choices || {}).facing}`;
      case 'MOVE': return `Step to ${(m.targets || []).map((t) => t.id).join(' → ')}`;
      case 'PLAY': {
        const t = (m.targets || [])[0];
        return t && t.kind === 'CASKET' ? `→ ${t.seat} ${words(t.subsystem)}` : 'Play';
      }
      default: return words(m.type);
    }
  };
  const button = (m, extra) => h('button', { type: 'button', class: `ck-move${extra ? ` ${extra}` : ''}`,
    dataset: { type: m.type, card: m.card || '', target: ((m.targets || [])[0] || {}).seat || ((m.targets || [])[0] || {}).id || '',
      subsystem: ((m.targets || [])[0] || {}).subsystem || '' },
    onclick: () => send(m) }, label(m));
  const nonHand = moves.filter((m) => m.type !== 'PLAY' && m.type !== 'MOVE' && m.type !== 'ROTATE');
  const rotations = moves.filter((m) => m.type === 'ROTATE');
  const decision = mine ? h('section', { class: 'ck-decision', 'aria-label': 'Your decision' },
    h('h3', {}, `Your decision: ${words(view.decision)}`),
    view.decision === 'ACTION' ? h('p', { class: 'muted' }, reach.size
      ? 'Click a highlighted hex to move there (its SP cost is written on it); play a card from your hand below.'
      : 'No hex within your SP: rotate, vent or play a card.') : null,
    picking ? h('div', { class: 'ck-picker', role: 'group', 'aria-label': picking === 'PAY' ? 'Cards to pay with' : 'Cards to discard' },
      h('p', { class: 'muted' }, picking === 'PAY'
        ? `${damage} damage to pay: choose up to ${owed} card${owed === 1 ? '' : 's'} of your hand to pay with, the rest is paid from the top of your deck.`
        : `Over the hand limit: choose exactly ${owed} card${owed === 1 ? '' : 's'} of your hand to discard.`),
      h('div', { class: 'ck-buttons' }, h('span', { class: 'muted' }, 'Your hand: '), myHand.map(pickToggle)),
      h('div', { class: 'ck-buttons' }, sendPicked)) : null,
    nonHand.length ? h('div', { class: 'ck-buttons' }, picking ? h('span', { class: 'muted' }, 'Or: ') : null,
      nonHand.map((m) => button(m, m.type === 'KEEP' || m.type === 'DECLINE' ? 'primary' : ''))) : null,
    rotations.length ? h('div', { class: 'ck-buttons ck-rotate' }, h('span', { class: 'muted' }, 'Rotate: '), rotations.map((m) => button(m))) : null)
    : null;

  // ---- the last attack and its dice ----
  const att = view.attack;
  const attack = att ? h('p', { class: 'ck-attack', role: 'status' },
    h('strong', {}, `${att.attacker} attacks ${att.defender}'s ${words(att.component)}`), ` with ${name(att.card)}: `,
    `rolled ${att.total} against ${att.need} (${words(att.result)}), ${att.damage} damage`,
    att.reduce ? `, −${att.reduce} reactive` : '', att.stage === 'PAY' ? ` · ${att.defender} pays ${att.finalDamage}` : ` · ${att.defender} may react`)
    : null;
  const diceEl = h('section', { class: 'ck-dice', 'aria-label': 'Dice of the last attack' },
    h('h3', {}, 'Dice of the last attack'),
    dice.length ? h('ul', {}, dice.map((d) => h('li', { dataset: { seq: d.seq, purpose: d.purpose, watch: `dice.${d.seq}`, value: 1, watchNew: '' } },
      h('span', { class: 'muted' }, `${d.seat} · ${words(d.purpose)}: `),
      (d.rolls || []).map((roll, i) => h('span', { class: 'ck-die', dataset: { roll }, title: `die ${d.index + i}: rolled ${roll}` },
        d.faces && d.faces[i] ? `${words(d.faces[i])}${d.values && d.values[i] !== undefined ? ` ${d.values[i]}` : ''}` : String(roll))),
      d.values && d.values.length ? h('span', { class: 'muted' }, ` = ${d.values.reduce((a, x) => a + x, 0)}`) : null)))
      : h('p', { class: 'muted' }, 'No attack rolled yet.'));

  // ---- the seats ----
  const handMoves = (instance) => moves.filter((m) => m.type === 'PLAY' && m.card === instance);
  const seatEl = (seat) => {
    const st = view.seats[seat];
    // the rules say these (C-SP-1, C-HEAT-1); the page only shows them
    const band = st.maxSpend - st.maxSp;
    const zone = String(st.heatZone || '').toLowerCase();
    const comps = st.components || {};
    const classes = ['ck-seat', `seat-${seat}`];
    if (view.activeSeat === seat) classes.push('active');
    if (view.toAct === seat) classes.push('to-act');
    if (st.defeated) classes.push('defeated');
    return h('section', { class: classes.join(' '), dataset: { seat }, 'aria-label': `Seat ${seat}` },
      h('h3', {}, h('span', { class: `ck-swatch seat-${seat}` }, seat), ` ${st.name || '—'} · ${name(st.casket)}`,
        h('span', { class: 'muted' }, ` (${words(st.casketType)})`),
        st.defeated ? h('span', { class: 'ck-out' }, ` · defeated${st.place ? `, place ${st.place}` : ''}`) : null,
        seat === ctx.me ? h('span', { class: 'muted' }, ' · you') : null),
      h('dl', { class: 'vl-stats' },
        h('div', { dataset: { stat: 'sp', watch: `${seat}.sp`, value: st.sp } }, h('dt', {}, 'SP'), h('dd', {}, `${st.sp}/${st.maxSp}`),
          h('span', { class: 'muted', title: 'SP that may be overspent in a turn, paid with cards (C-SP-1)' }, ` +${band} overspend${st.overspent ? ` (${st.overspent} used)` : ''} · spent ${st.spentThisTurn}`)),
        h('div', { dataset: { stat: 'heat', zone, watch: `${seat}.heat`, value: st.heat, better: 'down' } }, h('dt', {}, 'Heat'), h('dd', { class: `ck-heat ${zone}` }, `${st.heat} (${zone})`)),
        h('div', { dataset: { stat: 'hex' } }, h('dt', {}, 'Hex'), h('dd', {}, `${st.hex || '—'} facing ${st.facing}`)),
        h('div', { dataset: { stat: 'hand', watch: `${seat}.hand`, value: st.handCount } }, h('dt', {}, 'Hand'), h('dd', {}, st.handCount)),
        h('div', { dataset: { stat: 'deck', watch: `${seat}.deck`, value: st.deckCount } }, h('dt', {}, 'Deck'), h('dd', {}, st.deckCount)),
        h('div', { dataset: { stat: 'discard' } }, h('dt', {}, 'Discard'), h('dd', {}, (st.discard || []).length))),
      h('ul', { class: 'ck-components', 'aria-label': 'Component damage' }, COMPONENTS.map((c) => {
        const d = comps[c] || 0;
        return h('li', { class: d >= st.destroyedAt ? 'destroyed' : d ? 'damaged' : '', dataset: { component: c, damage: d, watch: `${seat}.${c}`, value: d, better: 'down' } },
          `${words(c)} `, h('span', { class: 'ck-pips' }, '■'.repeat(Math.min(d, st.destroyedAt)) + '□'.repeat(Math.max(0, st.destroyedAt - d))));
      })),
      h('p', { class: 'ck-wounds' }, `Wounds: ${(st.wounds || []).length ? st.wounds.map(words).join(', ') : 'none face up'}`,
        h('span', { class: 'muted' }, ` · ${st.woundsFaceDown} face down · ${st.damageCards} damage card(s)`)),
      st.mulligan !== null && st.mulligan !== undefined && view.decision === 'MULLIGAN'
        ? h('p', { class: 'muted' }, st.mulligan ? 'Took a mulligan.' : 'Kept.') : null,
      st.hand ? [h('h4', {}, `Hand (${st.hand.length})`),
        h('ul', { class: 'ck-hand' }, st.hand.map((c) => {
          const ms = seat === ctx.me ? handMoves(c.id) : [];
          const card = cards.get(c.card) || {};
          const untargeted = ms.find((m) => !(m.targets || []).length);
          return h('li', { class: `ck-card${ms.length ? ' playable' : ''}`, dataset: { id: c.id, card: c.card }, title: card.text || '' },
            untargeted ? h('button', { type: 'button', class: 'ck-move ck-play', dataset: { type: 'PLAY', card: c.id }, onclick: () => send(untargeted) }, `Play ${name(c)}`)
              : picking && seat === ctx.me ? pickToggle(c)
                : h('span', { class: seat === ctx.me && mine ? 'muted' : '' }, name(c)),
            card.cost !== undefined ? h('span', { class: 'muted' }, ` ${card.cost} SP`) : null,
            ms.filter((m) => (m.targets || []).length).map((m) => button(m, 'ck-attack-move')));
        }))] : null,
      (st.discard || []).length ? h('details', { class: 'ck-discard' }, h('summary', {}, `Discard pile (${st.discard.length})`),
        h('ul', { class: 'vl-chips' }, st.discard.map((c) => h('li', { class: 'chip' }, name(c))))) : null);
  };

  const result = view.result;
  return h('div', { class: 'vl-board ck-board', dataset: { decision: view.decision || '', toact: view.toAct || '' } },
    result ? h('p', { class: 'vl-result', role: 'status' }, result.winner ? `${result.winner} wins (${words(result.reason)})` : `Draw (${words(result.reason)})`) : null,
    h('p', { class: 'vl-turn' }, view.status === 'LIVE'
      ? `Round ${view.round} · turn ${view.turn} · order ${(view.order || []).join(' ')} · ${view.activeSeat || '—'} active`
        + (view.toAct ? ` · ${view.toAct} to act (${words(view.decision)})` : '')
      : view.status),
    attack,
    decision,
    h('div', { class: 'ck-layout' },
      h('div', { class: 'ck-map-wrap' }, map,
        h('p', { class: 'ck-legend muted' },
          h('span', { class: 'ck-key t-open' }, 'open'), h('span', { class: 'ck-key t-difficult' }, 'difficult'),
          h('span', { class: 'ck-key t-water' }, 'water'), h('span', { class: 'ck-key t-wall' }, 'wall'),
          ' · ▲n elevation · arrow: facing', mine && reach.size ? ' · highlighted: where you can move' : '',
          attackable.size ? ' · ringed: in your line of fire' : '')),
      h('div', { class: 'ck-side' }, seatsOf(view).map(seatEl), diceEl)));
}
