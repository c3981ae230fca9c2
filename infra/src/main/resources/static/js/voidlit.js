// voidlit's part of the table: both seats' Health, Energy (of the Bank), hand and deck counts, the Bank, Units with
// attack/health, damage, fatigue and upgrades, Relics and the public Waste; the seat's own hand when it is shown.
// Only what the view holds: a spectator's view has no hand, so none is drawn.
import { h } from './dom.js';

const seatsOf = (view) => Object.keys(view.seats || {}).sort();

export function renderVoidlit(view, cards, context) {
  const ctx = context || {};
  const fresh = ctx.fresh || []; // the events since the view drawn before (what changed is shown as it changes)
  const ofType = (t) => fresh.filter((e) => e.type === t).map((e) => e.payload || {});
  const attackers = new Map(ofType('UnitAttacked').map((p) => [p.attacker, p]));
  const attackedUnits = new Set(ofType('UnitAttacked').map((p) => p.target).filter(Boolean));
  const attackedSeats = new Set(ofType('UnitAttacked').filter((p) => !p.target).map((p) => p.targetSeat));
  const unitName = {};
  seatsOf(view).forEach((seat) => (view.seats[seat].units || []).forEach((u) => { unitName[u.id] = (cards.get(u.card) || {}).name || u.card; }));
  const stat = (seat, key, label, value, shown, better) => h('div', { dataset: { stat: key, watch: `${seat}.${key}`, value, ...(better ? { better } : {}) } },
    h('dt', {}, label), h('dd', {}, shown === undefined ? value : shown));
  const name = (ref) => {
    const id = ref && typeof ref === 'object' ? ref.card : ref;
    return (cards.get(id) || {}).name || id;
  };
  const chips = (refs, empty) => (refs && refs.length
    ? h('ul', { class: 'vl-chips' }, refs.map((r) => h('li', { class: 'chip', dataset: { id: r.id }, title: (cards.get(r.card) || {}).text || '' }, name(r))))
    : h('span', { class: 'muted' }, empty));
  const result = view.result;
  return h('div', { class: 'vl-board' },
    result ? h('p', { class: 'vl-result', role: 'status' }, result.draw ? `Draw (${String(result.reason).toLowerCase().replace(/_/g, ' ')})`
      : `${result.winner} wins (${String(result.reason).toLowerCase().replace(/_/g, ' ')})`) : null,
    h('p', { class: 'vl-turn' }, view.status === 'LIVE'
      ? `Turn ${view.turn} · ${view.activeSeat} active · ${view.toAct ? `${view.toAct} to act` : ''} · ${String(view.phase || '').toLowerCase()}`
      : view.status),
    seatsOf(view).map((seat) => {
      const s = view.seats[seat];
      return h('section', { class: `vl-seat${view.activeSeat === seat ? ' active' : ''}`, dataset: { seat }, 'aria-label': `Seat ${seat}` },
        h('h3', {}, `${seat} · ${s.name || '—'}`, h('span', { class: 'muted' }, ` · ${String(s.parallel || '').toLowerCase()}`)),
        h('dl', { class: `vl-stats${attackedSeats.has(seat) ? ' attacked-now' : ''}` },
          stat(seat, 'health', 'Health', s.health),
          stat(seat, 'energy', 'Energy', s.energy, `${s.energy}/${s.maxEnergy}`),
          stat(seat, 'hand', 'Hand', s.handCount),
          stat(seat, 'deck', 'Deck', s.deckCount),
          h('div', { dataset: { stat: 'search' } }, h('dt', {}, 'Next Waste search'), h('dd', {}, `${s.nextSearchCost} Health`))),
        h('h4', {}, 'Units'),
        s.units && s.units.length
          ? h('ul', { class: 'vl-units' }, s.units.map((u) => h('li', { class: `vl-unit${u.fatigued ? ' fatigued' : ''}`,
            dataset: { id: u.id, watch: `unit.${u.id}`, value: u.health, watchNew: '', ...(attackers.has(u.id) ? { fx: 'attacking' } : attackedUnits.has(u.id) ? { fx: 'targeted' } : {}) } },
            attackers.has(u.id) ? h('span', { class: 'vl-fight' }, `⚔ attacks ${attackers.get(u.id).target ? `${attackers.get(u.id).targetSeat}'s ${unitName[attackers.get(u.id).target] || 'Unit'}` : attackers.get(u.id).targetSeat} · `) : null,
            h('strong', {}, name(u.card)), ' ',
            h('span', { class: 'vl-ah', title: 'attack / health' }, `${u.attack}/${u.health}`),
            u.health < u.maxHealth ? h('span', { class: 'vl-damage' }, ` (${u.maxHealth - u.health} damage)`) : null,
            h('span', { class: 'muted' }, u.fatigued ? ' · fatigued' : u.attacked ? ' · attacked' : ' · ready'),
            u.keywords && u.keywords.length ? h('span', { class: 'muted' }, ` · ${u.keywords.join(', ').toLowerCase()}`) : null,
            u.upgrades && u.upgrades.length ? h('span', {}, ` · upgrades: ${u.upgrades.map(name).join(', ')}`) : null)))
          : h('p', { class: 'muted' }, 'No Units.'),
        ofType('UnitDestroyed').filter((p) => p.seat === seat).length
          ? h('p', { class: 'vl-gone', dataset: { fx: 'hurt' } }, `Destroyed just now: ${ofType('UnitDestroyed').filter((p) => p.seat === seat).map((p) => name(p.unit)).join(', ')}`) : null,
        h('h4', {}, 'Bank'), chips(s.bank, 'Empty.'),
        h('h4', {}, 'Relics'), chips(s.relics, 'None.'),
        h('h4', {}, `Waste (${(s.waste || []).length})`), chips(s.waste, 'Empty.'),
        s.hand ? [h('h4', {}, 'Your hand'), h('ul', { class: 'vl-chips' }, s.hand.map((c) => h('li', { class: `chip${c.playable ? ' playable' : ''}`, dataset: { id: c.id }, title: (cards.get(c.card) || {}).text || '' },
          `${name(c.card)} (${c.cost})`)))] : null);
    }));
}
