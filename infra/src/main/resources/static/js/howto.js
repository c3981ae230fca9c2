// How to play voidexa (issue 19, onboarding): the rules in short (the page), the pilot classes and each starter deck's
// list from the catalog the server serves (GET /api/pilot-classes, /api/decks/starter, /api/cards).
import { h, fill, $ } from './dom.js';
import { get, cards, ApiError } from './api.js';

async function start() {
  try {
    const [pilots, decks, catalog] = await Promise.all([get('/api/pilot-classes'), get('/api/decks/starter'), cards()]);
    fill($('#pilots'), h('dl', { class: 'pilots' }, pilots.map((p) => [
      h('dt', { dataset: { pilot: p.id } }, p.name || p.id), h('dd', {}, p.text || '')])));
    fill($('#decks'), decks.map((d) => deck(d, catalog)));
  } catch (e) {
    fill($('#error'), e instanceof ApiError ? e.describe() : String(e));
  }
}

function deck(d, catalog) {
  const counts = new Map();
  for (const id of d.cards) counts.set(id, (counts.get(id) || 0) + 1);
  const rows = [...counts.entries()].map(([id, n]) => ({ n, card: catalog.get(id) || { id, name: id, cost: '', text: '' } }))
    .sort((a, b) => (a.card.cost ?? 0) - (b.card.cost ?? 0) || String(a.card.name).localeCompare(String(b.card.name)));
  return h('article', { class: 'deck', dataset: { deck: d.name } },
    h('h3', {}, d.name),
    h('p', { class: 'muted' }, `${d.archetype} · pilot ${d.pilotClass} · ${d.shipCore} · ${d.cards.length} cards`),
    h('ul', { class: 'deck-list' }, rows.map(({ n, card }) => h('li', {
      dataset: { card: card.id }, title: card.text || null,
    }, h('span', { class: 'count' }, `${n}×`), ' ', h('span', { class: 'cost' }, card.cost ?? ''), ' ',
    h('span', { class: 'name' }, card.name), h('span', { class: 'type muted' }, ` ${String(card.type || '').toLowerCase().replace('_', ' ')}`)))));
}

start();
