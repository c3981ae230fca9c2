// The JSON API (API.md): every page reads only what these calls return.
import { applyPatch } from './patch.js';

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.error ? body.error : null;
    this.rule = body && body.rule ? body.rule : null;
    this.body = body;
  }

  /** The refusal as the server words it: its message, then its code and ruling id. */
  describe() {
    const tail = [this.code, this.rule].filter(Boolean).join(' · ');
    return tail ? `${this.message} (${tail})` : this.message;
  }
}

async function call(method, path, body, token, extra) {
  const headers = { Accept: 'application/json', ...(extra || {}) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, { error: 'NETWORK', message: 'The server cannot be reached.' });
  }
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch (e) {
    json = null;
  }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

export const get = (path, token) => call('GET', path, undefined, token);
export const post = (path, body, token) => call('POST', path, body, token);
export const del = (path, token) => call('DELETE', path, undefined, token);

/** Takes a seat; with a registered player's token (X-Player-Token) the seat is theirs and the match may be rated. */
export const takeSeat = (matchId, body, playerToken) => call('POST', `/api/matches/${encodeURIComponent(matchId)}/seats`,
  body, undefined, playerToken ? { 'X-Player-Token': playerToken } : undefined);

/** A GET / POST as a registered player (X-Player-Token), e.g. a tournament's calls. */
export const getAs = (path, playerToken) => call('GET', path, undefined, undefined, { 'X-Player-Token': playerToken });
export const postAs = (path, body, playerToken) => call('POST', path, body, undefined, { 'X-Player-Token': playerToken });
export const putAs = (path, playerToken) => call('PUT', path, undefined, undefined, { 'X-Player-Token': playerToken });
export const delAs = (path, playerToken) => call('DELETE', path, undefined, undefined, { 'X-Player-Token': playerToken });

/** Opens a queue ticket (API.md, "Matchmaking"); rated queues take a registered player's token (X-Player-Token). */
export const openTicket = (ruleset, body, playerToken) => call('POST', `/api/queues/${encodeURIComponent(ruleset)}/tickets`,
  body, undefined, playerToken ? { 'X-Player-Token': playerToken } : undefined);

/**
 * Follows a ticket by its stream (SSE, `event: ticket`): `onTicket(view)` on each; `onGone()` when the stream fails
 * for good (the caller may read the ticket once more). Returns the EventSource (close() to stop).
 */
export function ticketStream(ticketId, ticketToken, onTicket, onGone) {
  const q = new URLSearchParams({ access_token: ticketToken }); // EventSource cannot send headers (RFC 6750 §2.3)
  const es = new EventSource(`/api/tickets/${encodeURIComponent(ticketId)}/stream?${q}`);
  es.addEventListener('ticket', (e) => onTicket(JSON.parse(e.data)));
  es.onerror = () => { if (es.readyState === EventSource.CLOSED) onGone(); };
  return es;
}

export function newIntentId() {
  return crypto.randomUUID ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

const catalogs = new Map();

/**
 * The card catalog by id, loaded once per page: of the catalog version a match is played under (its view's
 * rules.catalog; GET /api/cards?catalog=…), or the current one when no version is given.
 */
export async function cards(version) {
  const key = version || '';
  if (!catalogs.has(key)) {
    const list = await get(version ? `/api/cards?catalog=${encodeURIComponent(version)}` : '/api/cards');
    catalogs.set(key, new Map(list.map((c) => [c.id, c])));
  }
  return catalogs.get(key);
}

/** Every event of a match the caller may see, page by page (GET /events). */
export async function allEvents(matchId, token) {
  const out = [];
  let from = 0;
  for (;;) {
    const page = await get(`/api/matches/${encodeURIComponent(matchId)}/events?from=${from}&limit=1000`, token);
    out.push(...page.events);
    if (page.events.length < 1000) return { version: page.version, events: out };
    from = page.events[page.events.length - 1].seq + 1;
  }
}

/**
 * A match's SSE stream (GET /stream): EventSource reconnects by itself and sends Last-Event-ID, so nothing is lost or
 * repeated. `onData` gets each message ({seq, event, view}); `onState` a word on the connection ('live',
 * 'reconnecting…', 'match over', 'stream closed — reload to retry'); `ended()` says whether the match is over.
 *
 * `after` is the version of the view the page holds. Given that view itself (an object, as GET /view returned it),
 * the stream is opened in patch frames (?frames=patch): the server sends a small RFC 6902 patch per event, applied
 * here (patch.js) to the view held, and `onData` gets the same {seq, event, view} as in the view format: the built
 * view on the last message of each batch that arrives together (the others have view null), a new object each time.
 * A patch that does not apply to the view held (it never should) closes the stream and opens it again without
 * Last-Event-ID: its first message is the whole view (events in between are not handed on; three times at most).
 */
export function matchStream(matchId, token, after, onData, onState, ended) {
  if (after && typeof after === 'object') return patchStream(matchId, token, after, onData, onState, ended);
  const q = new URLSearchParams({ lastEventId: String(after) });
  if (token) q.set('access_token', token); // EventSource cannot send headers (RFC 6750 §2.3)
  const stream = new EventSource(`/api/matches/${encodeURIComponent(matchId)}/stream?${q}`);
  stream.onopen = () => onState('live');
  stream.onmessage = (m) => onData(JSON.parse(m.data));
  stream.onerror = () => {
    if (stream.readyState === EventSource.CLOSED || ended()) {
      stream.close();
      onState(ended() ? 'match over' : 'stream closed — reload to retry');
    } else {
      onState('reconnecting…');
    }
  };
  return stream;
}

function patchStream(matchId, token, base, onData, onState, ended) {
  let held = base;
  let source = null;
  let batch = [];
  let flushing = null;
  const handle = {
    frames: 'patch', // the frame format asked for (the view format's EventSource has none)
    readyState: 0,
    close() {
      if (source) source.close();
      handle.readyState = 2;
    },
  };
  // messages that arrive together (one network read) are handed on together: the view on the last one only, so the
  // page draws once per burst, as in the view format
  const flush = () => {
    flushing = null;
    const out = batch;
    batch = [];
    out.forEach((m, i) => onData({ seq: m.seq, event: m.event, view: i === out.length - 1 ? m.view : null }));
  };
  const queue = (m) => {
    batch.push(m);
    if (!flushing) flushing = setTimeout(flush, 0);
  };
  let resyncs = 0;
  const resync = () => {
    source.close();
    held = null;
    if (++resyncs > 3) {
      handle.readyState = 2;
      onState('stream closed — reload to retry');
      return;
    }
    onState('reconnecting…');
    open(null); // no Last-Event-ID: the whole view first
  };
  const open = (after) => {
    const q = new URLSearchParams({ frames: 'patch' });
    if (after !== null) q.set('lastEventId', String(after));
    if (token) q.set('access_token', token); // EventSource cannot send headers (RFC 6750 §2.3)
    source = new EventSource(`/api/matches/${encodeURIComponent(matchId)}/stream?${q}`);
    source.onopen = () => onState('live');
    source.onmessage = (m) => {
      if (handle.readyState === 2) return;
      const data = JSON.parse(m.data);
      try {
        if (data.view) {
          held = data.view;
        } else if (data.patch && held && held.version === data.seq - 1) {
          held = applyPatch(held, data.patch);
        } else {
          throw new Error(`frame ${data.seq} does not follow the view held`);
        }
      } catch (e) {
        resync();
        return;
      }
      queue({ seq: data.seq, event: data.event, view: held });
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED || ended()) {
        source.close();
        handle.readyState = 2;
        onState(ended() ? 'match over' : 'stream closed — reload to retry');
      } else {
        onState('reconnecting…');
      }
    };
  };
  open(base.version);
  return handle;
}
