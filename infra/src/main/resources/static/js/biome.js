// biome's part of the table: the step and who has priority at which Speeds (and why), the queue as a stack (the top
// executes first), the biomes with each seat's sector durability and the agents advanced there, and each seat's
// staging area (agents with gear, unattached gear, reactive cards), reserve, cache and counts; the seat's own hand
// when it is shown. Only what the view holds: a spectator's view has no hand, so none is drawn.
import { h } from './dom.js';

const seatsOf = (view) => Object.keys(view.seats || {}).sort();
const words = (s) => String(s || '').toLowerCase().replace(/_/g, ' ');

export function renderBiome(view, cards, context) {
  const ctx = context || {};
  const fresh = ctx.fresh || []; // the events since the view drawn before (what changed is shown as it changes)
  const stat = (seat, key, label, value) => h('div', { dataset: { stat: key, watch: `${seat}.${key}`, value } }, h('dt', {}, label), h('dd', {}, value));
  const name = (ref) => {
    const id = ref && typeof ref === 'object' ? ref.card : ref;
    return (cards.get(id) || {}).name || id;
  };
  const chips = (refs, empty) => (refs && refs.length
    ? h('ul', { class: 'vl-chips' }, refs.map((r) => h('li', { class: 'chip', dataset: { id: r.id }, title: (cards.get(r.card) || {}).text || '' }, name(r))))
    : h('span', { class: 'muted' }, empty));
  const agentName = {};
  seatsOf(view).forEach((seat) => (view.seats[seat].agents || []).forEach((a) => { agentName[a.id] = name(a.card); }));
  const agent = (a) => h('li', { class: `vl-unit bm-agent${a.locked ? ' fatigued' : ''}`,
    dataset: { id: a.id, watch: `agent.${a.id}`, value: a.damage, better: 'down', watchNew: '' } },
    h('strong', {}, name(a.card)), ' ',
    h('span', { class: 'vl-ah', title: 'power / defense' }, `${a.power + a.boostPower}/${a.defense + a.boostDefense}`),
    a.damage ? h('span', { class: 'vl-damage' }, ` (${a.damage} damage)`) : null,
    h('span', { class: 'muted' }, a.locked ? ' · locked' : a.fresh ? ' · fresh' : ' · ready'),
    (view.attackers || []).includes(a.id) ? h('span', { class: 'bm-attacking' }, ' · attacking') : null,
    (view.blocks || []).filter((b) => b.defender === a.id).map((b) => h('span', { class: 'bm-blocking' }, ` · blocks ${agentName[b.attacker] || b.attacker}`)),
    a.gear && a.gear.length ? h('span', {}, ` · gear: ${a.gear.map(name).join(', ')}`) : null,
    a.mods && a.mods.length ? h('span', {}, ` · mods: ${a.mods.map(name).join(', ')}`) : null);
  const target = (t) => (t.kind === 'AGENT' ? agentName[t.id] || t.id
    : t.kind === 'SECTOR' ? `${t.seat}'s sector of ${name(t.id)}` : t.kind === 'BIOME' ? name(t.id) : `player ${t.seat}`);
  const entry = (q, i) => h('li', { class: `bm-entry${i === 0 ? ' top' : ''}`, dataset: { entry: q.id, watch: `entry.${q.id}`, value: 1, watchNew: '' } },
    h('strong', {}, `${q.seat} · ${words(q.kind)}`), ' ',
    q.card ? (q.kind === 'SKILL' ? `${name(q.card)}'s skill` : name(q.card)) : '',
    q.kind === 'ADVANCE' ? `${agentName[q.source] || q.source}` : '',
    q.kind === 'ATTACK' || q.kind === 'DEFEND' ? (q.cards || []).map((c) => agentName[c] || c).join(', ') : '',
    q.targets && q.targets.length ? h('span', { class: 'muted' }, ` → ${q.targets.map(target).join(', ')}`) : null,
    q.choices && Object.keys(q.choices).length ? h('span', { class: 'muted' }, ` · ${Object.entries(q.choices).map(([k, v]) => `${k} = ${v}`).join(', ')}`) : null);
  const result = view.result;
  const queue = (view.queue || []).slice().reverse();
  // the entries that left the queue since the view drawn before: executed (or cancelled) now, shown under it once
  const left = ((ctx.before && ctx.before.queue) || []).filter((q) => !(view.queue || []).some((x) => x.id === q.id)).reverse();
  const how = (q) => (fresh.some((e) => e.type === 'ActionCancelled' && (e.payload || {}).entry === q.id) ? 'cancelled' : 'resolved');
  return h('div', { class: 'vl-board bm-board' },
    result ? h('p', { class: 'vl-result', role: 'status' }, result.draw ? `Draw (${words(result.reason)})`
      : `${result.winner} wins (${words(result.reason)})`) : null,
    h('p', { class: 'vl-turn' }, view.status === 'LIVE'
      ? `Turn ${view.turn} · ${view.activeSeat} active · ${words(view.phase)} · step ${words(view.step)}`
        + (view.toAct ? ` · ${view.toAct} to act (${words(view.decision)})` : '')
        + (view.speeds && view.speeds.length ? ` · Speed ${view.speeds.join('/')}` : '')
      : view.status),
    view.why ? h('p', { class: 'muted bm-why' }, view.why) : null,
    h('section', { class: 'bm-queue', 'aria-label': 'Queue' },
      h('h3', {}, `Queue (${queue.length}) · the top executes first`),
      queue.length ? h('ol', {}, queue.map(entry)) : h('p', { class: 'muted' }, 'Empty.'),
      left.length ? h('ol', { class: 'bm-left', 'aria-label': 'Just left the queue' }, left.map((q) => {
        const li = entry(q, -1);
        li.className = `bm-entry ${how(q)}`;
        li.removeAttribute('data-watch');
        li.prepend(h('span', { class: 'bm-how' }, `${how(q)} · `));
        return li;
      })) : null),
    h('section', { class: 'bm-biomes', 'aria-label': 'Biomes' },
      (view.biomes || []).map((b) => h('div', { class: 'bm-biome', dataset: { biome: b.id } },
        h('h3', {}, b.name),
        seatsOf(view).map((seat) => {
          const s = view.seats[seat];
          const sector = (s.sectors || []).find((x) => x.biome === b.id) || {};
          const here = (s.agents || []).filter((a) => a.biome === b.id);
          return h('div', { class: `bm-sector${sector.lost ? ' lost' : ''}`, dataset: { seat, watch: `${seat}.sector.${b.id}`, value: sector.durability } },
            h('p', {}, `${seat}'s sector: `, sector.lost ? h('strong', {}, 'lost') : `${sector.durability}/${sector.max} durability`),
            here.length ? h('ul', { class: 'vl-units' }, here.map(agent)) : null);
        })))),
    seatsOf(view).map((seat) => {
      const s = view.seats[seat];
      const staging = (s.agents || []).filter((a) => !a.biome);
      return h('section', { class: `vl-seat${view.activeSeat === seat ? ' active' : ''}`, dataset: { seat }, 'aria-label': `Seat ${seat}` },
        h('h3', {}, `${seat} · ${s.name || '—'}`, h('span', { class: 'muted' }, ` · ${s.biomesLost} biome(s) lost`)),
        h('dl', { class: 'vl-stats' },
          stat(seat, 'energy', 'Energy', s.energy),
          stat(seat, 'hand', 'Hand', s.handCount),
          stat(seat, 'deck', 'Deck', s.deckCount)),
        h('h4', {}, 'Staging area'),
        staging.length ? h('ul', { class: 'vl-units' }, staging.map(agent)) : h('p', { class: 'muted' }, 'No agents.'),
        h('h4', {}, 'Unattached gear'), chips(s.gear, 'None.'),
        h('h4', {}, 'Reactive cards'), chips(s.reactives, 'None.'),
        h('h4', {}, `Reserve (${(s.reserve || []).length})`), chips(s.reserve, 'Empty.'),
        h('h4', {}, `Cache (${(s.cache || []).length})`), chips(s.cache, 'Empty.'),
        s.hand ? [h('h4', {}, 'Your hand'), chips(s.hand, 'Empty.')] : null);
    }));
}
