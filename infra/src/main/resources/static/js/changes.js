// What changed, shown as it changes, on the table's boards (issue 44, as voidexa's meters in board.js): a game's
// body marks each number it draws with data-watch (a stable key: "A.health", "unit.c12.health") and data-value; after
// a new view is drawn, every watched number that moved floats its change (−3 red, +2 green) and flashes, and every
// watched element that is new (a unit, a queue entry, marked data-watch-new) flashes as it arrives. data-better="down"
// marks a number where less is better (Heat, damage). Nothing is computed from rules: only drawn numbers compared.
import { h, fill } from './dom.js';

const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Marks {@code el} with data-fx="{@code kind}" for the length of its animation. */
export function flash(el, kind) {
  if (!el) return;
  el.removeAttribute('data-fx');
  void el.offsetWidth; // restart the animation when the same element flashes twice in a row
  el.setAttribute('data-fx', kind);
  clearTimeout(el.duelhallFx);
  el.duelhallFx = setTimeout(() => el.removeAttribute('data-fx'), 1600);
}

/** Compares the watched numbers now on {@code root} with {@code was} (key → value) and shows each change. */
export function showChanges(root, was) {
  for (const el of root.querySelectorAll('[data-watch]')) {
    const key = el.dataset.watch;
    if (!was.has(key)) {
      if (el.hasAttribute('data-watch-new') && was.size) flash(el, 'arrived');
      continue;
    }
    const delta = Number(el.dataset.value) - Number(was.get(key));
    if (!delta || Number.isNaN(delta)) continue;
    const worse = el.dataset.better === 'down' ? delta > 0 : delta < 0;
    flash(el, worse ? 'hurt' : 'helped');
    const float = h('span', { class: `float-delta ${worse ? 'worse' : 'better'}`, 'data-fx-transient': '', 'aria-hidden': 'true',
      dataset: { delta } }, `${delta > 0 ? '+' : '−'}${Math.abs(delta)}`);
    el.append(float);
    setTimeout(() => float.remove(), reducedMotion() ? 1200 : 1500);
  }
}

/** The last play named in {@code el}: "Last play · A plays Ion Bolt at B's Scout Drone"; it flashes when {@code fresh}. */
export function lastPlayLine(el, play, fresh) {
  el.dataset.seq = play.seq;
  el.title = play.card && play.card.text ? `${play.card.name}: ${play.card.text}` : '';
  fill(el, h('span', { class: 'muted' }, 'Last play '), h('strong', { class: 'what' }, play.text));
  if (fresh) flash(el, 'played');
}
