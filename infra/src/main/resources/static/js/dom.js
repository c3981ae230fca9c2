// Tiny DOM helpers: every text goes in as text (player names are user input), never as HTML.

/** h('div', {class: 'x', onclick: fn, 'aria-label': 'y'}, child, 'text', [more]) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    // through the CSSOM: the Content-Security-Policy (style-src 'self') refuses style attributes
    else if (k === 'style') el.style.cssText = String(v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces the children of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * As fill, but leaves `el` as it is when the new children would draw exactly the same markup: a list redrawn every
 * few seconds keeps its elements (the keyboard's focus, a pointer over a button, a screen reader's place) until
 * something in it changed.
 */
export function refill(el, ...children) {
  const next = document.createElement(el.tagName);
  append(next, children);
  if (next.innerHTML !== el.innerHTML) el.replaceChildren(...next.childNodes);
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** URL query parameters, and the fragment's parameters (seat tokens live there: never sent to the server). */
export function params() {
  return new URLSearchParams(location.search);
}

export function fragment() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

export function shortId(id) {
  return id ? id.slice(0, 8) : '';
}

export function timeAgo(iso) {
  if (!iso) return '';
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/** A button that acts on a second click within four seconds ("Really …?" between), as Concede does on both pages. */
export function confirmButton(el, question, act) {
  const label = el.textContent;
  el.addEventListener('click', () => {
    if (el.dataset.armed) {
      delete el.dataset.armed;
      fill(el, label);
      act();
    } else {
      el.dataset.armed = 'true';
      fill(el, question);
      setTimeout(() => { delete el.dataset.armed; fill(el, label); }, 4000);
    }
  });
}

/**
 * A clock's countdown (issue 19): an element with `data-deadline` (ISO instant) and a `.left` child shows the time
 * left as m:ss, updated twice a second by `startCountdowns`; `low` from 10 s, `out` at 0 (the server's TIMEOUT
 * follows). The browser's clock is trusted for the seconds, the server's deadline for the moment.
 */
export function countdown(deadline) {
  return h('span', { class: 'countdown', dataset: { deadline } }, h('span', { class: 'left' }, leftText(deadline)));
}

function leftText(deadline) {
  const ms = Math.max(0, Date.parse(deadline) - Date.now());
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

let ticking = null;

/** Updates every countdown on the page twice a second (once per page). */
export function startCountdowns() {
  if (ticking) return;
  ticking = setInterval(() => {
    for (const el of document.querySelectorAll('.countdown[data-deadline]')) {
      const ms = Date.parse(el.dataset.deadline) - Date.now();
      const left = el.querySelector('.left');
      if (left) left.textContent = leftText(el.dataset.deadline);
      el.classList.toggle('low', ms <= 10_000);
      el.classList.toggle('out', ms <= 0);
    }
  }, 500);
}
