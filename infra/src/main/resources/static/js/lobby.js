// The lobby: live, waiting and recent matches, starting matches (against the AI, AI against AI, for two), the leaderboard,
// and signing in as a registered player: then every seat this page takes is the player's (rated against another
// registered player); signed out, the page plays as a guest (unrated).
import { h, fill, refill, $, shortId, timeAgo, params } from './dom.js';
import { get, getAs, post, postAs, putAs, delAs, del, takeSeat, openTicket, ticketStream, ApiError } from './api.js';
import { reasonName } from './words.js';
import * as account from './account.js';
import { boardHref } from './boards.js';

/** The starter decks of the game chosen: each {label, body}, body a seat request but for its name. */
let decks = [];
const startersByGame = new Map();
/** The rulesets hosted (GET /api/rulesets), by id: each with its seats {min, max}. */
const rulesets = new Map();

const game = () => $('#game').value || 'voidexa';
const matchHref = (id, ruleset) => boardHref(ruleset || game(), id);
const seatHref = (id, seat, token, ruleset) => `${matchHref(id, ruleset)}#seat=${seat}&token=${encodeURIComponent(token)}`;

function players(m) {
  const all = (m.players || []).slice().sort((x, y) => String(x.seat).localeCompare(String(y.seat)));
  if (all.length > 2) { // a game of more than two seats: every seat, in seat order
    return h('span', { class: 'players' }, all.map((p, i) => [i ? h('span', { class: 'vs' }, ' vs ') : null,
      h('span', { class: m.winner === p.seat ? 'won' : '' }, p.name || '—')]));
  }
  const byseat = Object.fromEntries((m.players || []).map((p) => [p.seat, p.name]));
  return h('span', { class: 'players' },
    h('span', { class: m.winner === 'A' ? 'won' : '' }, byseat.A || '—'),
    h('span', { class: 'vs' }, ' vs '),
    h('span', { class: m.winner === 'B' ? 'won' : '' }, byseat.B || '—'));
}

function table(rows, columns, empty) {
  if (!rows.length) return h('p', { class: 'muted' }, empty);
  return h('table', {},
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', class: `col-${c.key}` }, c.title)))),
    h('tbody', {}, rows.map((r) => h('tr', { dataset: { match: r.matchId || '' } }, columns.map((c) => h('td', { dataset: { col: c.key } }, c.cell(r)))))));
}

const MATCH_COLUMNS = [
  { key: 'match', title: 'Match', cell: (m) => h('code', {}, shortId(m.matchId)) },
  { key: 'ruleset', title: 'Ruleset', cell: (m) => m.ruleset },
  { key: 'players', title: 'Players', cell: players },
  { key: 'turn', title: 'Turn', cell: (m) => m.turn },
  { key: 'status', title: 'Status', cell: (m) => h('span', { class: `pill status-${m.status.toLowerCase()}` }, m.status) },
  { key: 'spectators', title: 'Spectators', cell: (m) => h('span', { class: m.spectators ? 'watched' : 'muted' }, `${m.spectators} watching`) },
];

/**
 * The board chosen (issue 40): every game's Glicko-2 board, or one game's board for one seat count — Glicko-2 for two
 * seats, by placing for 3 to 6 — the numbers that game's queue weighs.
 */
function boardPath() {
  const of = $('#board-of').value;
  if (!of) return '/api/leaderboard?limit=20';
  const [ruleset, seats] = of.split(':');
  return `/api/leaderboard?limit=20&ruleset=${encodeURIComponent(ruleset)}&seats=${seats}`;
}

function boardChoices(games) {
  const options = [h('option', { value: '' }, 'Every game')];
  for (const g of games) {
    const seats = g.seats || { min: 2, max: 2 };
    for (let n = Math.max(2, seats.min); n <= Math.min(6, seats.max); n++) {
      const label = seats.max > 2 ? `${g.name || g.id} · ${n} seats` : (g.name || g.id);
      options.push(h('option', { value: `${g.id}:${n}` }, label));
    }
  }
  fill($('#board-of'), options);
}

async function refresh() {
  try {
    const [live, waiting, ended, board] = await Promise.all([
      get('/api/matches?status=LIVE&limit=20'), get('/api/matches?status=WAITING&limit=10'),
      get('/api/matches?status=ENDED&limit=15'), get(boardPath())]);
    refill($('#live'), table(live, [...MATCH_COLUMNS,
      { key: 'open', title: '', cell: (m) => h('a', { class: 'button', href: matchHref(m.matchId, m.ruleset), 'aria-label': `Watch match ${shortId(m.matchId)}` }, 'Watch') }],
    'No match is being played right now. Start one above.'));
    refill($('#waiting'), table(waiting, [...MATCH_COLUMNS.filter((c) => c.key !== 'turn'),
      { key: 'open', title: '', cell: (m) => h('button', { type: 'button', onclick: () => join(m.matchId, m.ruleset), 'aria-label': `Take the free seat of match ${shortId(m.matchId)}` }, 'Take the seat') }],
    'Nobody is waiting.'));
    refill($('#recent'), table(ended, [
      ...MATCH_COLUMNS.filter((c) => c.key !== 'spectators' && c.key !== 'status'),
      { key: 'result', title: 'Result', cell: (m) => (m.winner ? `${m.winnerName} wins (${reasonName(m.reason)})` : reasonName(m.reason)) },
      { key: 'when', title: 'Ended', cell: (m) => timeAgo(m.updatedAt) },
      { key: 'open', title: '', cell: (m) => h('span', { class: 'row-links' },
        // every game has a replay (issue 44): the page draws voidexa's board or the game's part of the table
        h('a', { class: 'button', href: `/replay.html?id=${encodeURIComponent(m.matchId)}`, 'aria-label': `Replay match ${shortId(m.matchId)}` }, 'Replay'),
        h('a', { href: matchHref(m.matchId, m.ruleset), 'aria-label': `Final board and audit of match ${shortId(m.matchId)}` }, 'Board')) }],
    'No match has ended yet.'));
    refill($('#leaderboard'), table(board, board.length && board[0].mu !== undefined ? [
      { key: 'rank', title: '#', cell: (r) => r.rank },
      { key: 'name', title: 'Player', cell: (r) => r.name },
      { key: 'rating', title: 'Rating', cell: (r) => `${Math.round(r.mu)} ± ${Math.round(2 * r.sigma)}` },
      { key: 'games', title: 'Games', cell: (r) => r.games },
      { key: 'firsts', title: 'Firsts', cell: (r) => r.firsts }] : [
      { key: 'rank', title: '#', cell: (r) => r.rank },
      { key: 'name', title: 'Player', cell: (r) => r.name },
      { key: 'rating', title: 'Rating', cell: (r) => `${Math.round(r.rating)} ± ${Math.round(2 * r.rd)}` },
      { key: 'games', title: 'Games', cell: (r) => r.games },
      { key: 'wl', title: 'W–L', cell: (r) => `${r.wins}–${r.losses}` }],
    'No rated match yet: a match is rated when every seat is a registered (signed-in) player.'));
  } catch (e) {
    fill($('#start-error'), e instanceof ApiError ? e.describe() : String(e));
  }
}

function deckBody(name) {
  const d = decks[Number($('#deck').value) || 0];
  return { ...d.body, name: name || 'Pilot' };
}

/**
 * The starter decks of `ruleset` as {label, body}: voidexa's named decks (GET /api/decks/starter), any other game's
 * ready-to-post seat requests (GET /api/rulesets/{id}/decks/starter), labelled by what they pick.
 */
async function starters(ruleset) {
  if (!startersByGame.has(ruleset)) {
    let list;
    if (ruleset === 'voidexa') {
      list = (await get('/api/decks/starter')).map((d) => ({ label: `${d.name} (${d.pilotClass})`,
        body: { pilotClass: d.pilotClass, deck: { shipCore: d.shipCore, cards: d.cards } } }));
    } else {
      list = (await get(`/api/rulesets/${encodeURIComponent(ruleset)}/decks/starter`)).map((r, i) => {
        const picks = [...Object.values(r.picks || {}), ...Object.values(r), ...Object.values(r.deck || {})]
          .filter((x) => typeof x === 'string');
        return { label: `Starter ${i + 1}${picks.length ? ` (${picks.join(', ')})` : ''}`, body: r };
      });
    }
    startersByGame.set(ruleset, list);
  }
  return startersByGame.get(ruleset);
}

/** Fills the deck list with the chosen game's starter decks. */
async function showDecks() {
  decks = await starters(game());
  fill($('#deck'), decks.map((d, i) => h('option', { value: i }, d.label)));
}

function myName() {
  const p = account.current();
  return p ? p.name : ($('#name').value.trim() || 'Pilot');
}

/**
 * Takes a seat as the signed-in player (their account's name), or as a guest under the name typed; `invitation`: the
 * secret of a match by invitation.
 */
function mySeat(matchId, invitation) {
  const p = account.current();
  return takeSeat(matchId, { ...deckBody(myName()), ...(invitation ? { invitation } : {}) }, p ? p.playerToken : null);
}

/** Shows who is signed in (or the guest's sign-in form) and names the seats this page will take. */
function showAccount() {
  const p = account.current();
  $('#signed-out').hidden = !!p;
  $('#signed-in').hidden = !p;
  fill($('#account-who'), p ? p.name : '');
  const name = $('#name');
  if (p) {
    name.dataset.guestName = name.dataset.guestName || name.value;
    name.value = p.name;
  } else if (name.dataset.guestName !== undefined) {
    name.value = name.dataset.guestName;
    delete name.dataset.guestName;
  }
  name.disabled = !!p;
  if (p) showBlocks(p);
  else if (cooldownTimer) { // a cooldown's countdown is the signed-in player's: gone with them
    clearInterval(cooldownTimer);
    cooldownTimer = null;
  }
}

/**
 * The players the signed-in player blocks (issue 40; GET/PUT/DELETE /api/blocks, docs/matchmaking.md): the queue never
 * seats the two at one table, whichever blocked the other. Each listed with an Unblock; a name to block below.
 */
async function showBlocks(p) {
  try {
    const blocks = await getAs('/api/blocks', p.playerToken);
    // an answer for someone no longer signed in (signed out, or another player since) is dropped
    if (account.current() === null || account.current().playerToken !== p.playerToken) return;
    fill($('#block-list'), blocks.length
      ? blocks.map((b) => h('li', { dataset: { blocked: b.name } }, h('strong', {}, b.name), ` · blocked ${timeAgo(b.since)}`,
        h('button', { type: 'button', class: 'unblock', 'aria-label': `Unblock ${b.name}`,
          onclick: () => blockAction(() => delAs(`/api/blocks/${encodeURIComponent(b.name)}`, p.playerToken)) }, 'Unblock')))
      : h('li', { class: 'muted' }, 'You block nobody.'));
  } catch (e) {
    fill($('#block-error'), e instanceof ApiError ? e.describe() : String(e));
  }
}

async function blockAction(fn) {
  fill($('#block-error'), '');
  const p = account.current();
  if (!p) return;
  const buttons = document.querySelectorAll('#blocks button');
  for (const b of buttons) b.disabled = true;
  try {
    await fn(p);
    $('#block-name').value = '';
  } catch (e) {
    if (e instanceof ApiError && e.code === 'INVALID_PLAYER_TOKEN') {
      await account.signOut();
      showAccount();
    }
    fill($('#block-error'), e instanceof ApiError ? e.describe() : String(e));
  } finally {
    for (const b of buttons) b.disabled = false;
  }
  if (account.current()) await showBlocks(account.current());
}

function blockNamed() {
  const name = $('#block-name').value.trim();
  if (!name) return;
  blockAction((p) => putAs(`/api/blocks/${encodeURIComponent(name)}`, p.playerToken));
}

async function accountAction(fn) {
  fill($('#account-error'), '');
  const buttons = document.querySelectorAll('#account button');
  for (const b of buttons) b.disabled = true;
  try {
    await fn();
    $('#account-password').value = '';
  } catch (e) {
    fill($('#account-error'), e instanceof ApiError ? e.describe() : String(e));
  } finally {
    for (const b of buttons) b.disabled = false;
    showAccount();
  }
}

const credentials = () => [$('#account-name').value.trim(), $('#account-password').value];

async function guarded(fn) {
  fill($('#start-error'), '');
  for (const b of document.querySelectorAll('#start-form button')) b.disabled = true;
  try {
    await fn();
  } catch (e) {
    if (e instanceof ApiError && e.code === 'INVALID_PLAYER_TOKEN') {
      await account.signOut(); // expired or revoked elsewhere: sign in again, or play as a guest
      showAccount();
    }
    fill($('#start-error'), e instanceof ApiError ? e.describe() : String(e));
  } finally {
    for (const b of document.querySelectorAll('#start-form button')) b.disabled = false;
  }
}

/**
 * The clocks of a match a person plays from the lobby (issue 19): a match someone walks away from ends by the rules
 * of time (D-CLOCK-1, D-CLOCK-5: the third turn timeout loses) instead of staying live for ever.
 */
const LOBBY_CLOCKS = { turnClockSeconds: 120, responseSeconds: 30, timeoutLoss: 3 };

/** The seats of the game chosen: more than two (seats A–F) for a game that allows them; "Play" and "Watch" only. */
const SEAT_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const manySeats = () => ((rulesets.get(game()) || {}).seats || {}).max > 2;
const seatCount = () => (manySeats() ? Number($('#seats').value) || 2 : 2);
const seatOptions = () => (manySeats() ? { seats: seatCount() } : {});

/** Shows the seat count for a game of more than two seats, from its minimum to its maximum. */
function showSeats() {
  const seats = (rulesets.get(game()) || {}).seats || {};
  const many = manySeats();
  $('#seats-field').hidden = !many;
  if (many) {
    const was = Number($('#seats').value) || seats.min || 2;
    const counts = [];
    for (let n = seats.min || 2; n <= seats.max; n++) counts.push(n);
    fill($('#seats'), counts.map((n) => h('option', { value: n, selected: n === was }, `${n} seats`)));
  }
  fill($('#watch-ai'), seatCount() > 2 ? `Watch ${seatCount()} AIs` : 'Watch two AIs');
}

async function playAi() {
  // the person takes the seat left free: every other seat is the AI's, at the level chosen (issue 42)
  const level = $('#ai-level').value || 'ismcts';
  const ai = Object.fromEntries(SEAT_LETTERS.slice(1, seatCount()).map((s) => [s, level]));
  const created = await post('/api/matches', { ruleset: game(), ai, options: { ...LOBBY_CLOCKS, ...seatOptions() } });
  const seat = await mySeat(created.matchId);
  location.href = seatHref(created.matchId, seat.seat, seat.playerToken);
}

/**
 * Creates a match and takes one seat: it waits in the lobby's "Waiting for a player" list for an opponent, ten minutes
 * at most (issue 19): then it expires (MatchExpired), so the list does not fill with matches nobody will play.
 */
async function waitForOpponent() {
  const created = await post('/api/matches', { ruleset: game(), options: { ...LOBBY_CLOCKS, seatingSeconds: 600 } });
  const seat = await mySeat(created.matchId);
  location.href = seatHref(created.matchId, seat.seat, seat.playerToken);
}

async function watchAi() {
  const ai = Object.fromEntries(SEAT_LETTERS.slice(0, seatCount()).map((s, i) => [s, i % 2 ? 'random' : 'greedy']));
  const created = await post('/api/matches', { ruleset: game(), ai, ...(manySeats() ? { options: seatOptions() } : {}) });
  location.href = matchHref(created.matchId);
}

/**
 * Creates a match for two: takes seat A under the name typed, and shows the invitation to pass on: a lobby link where
 * the second player chooses their own name and deck and takes seat B (issue 19). The match is by invitation (issue 45,
 * finding 3): it is not listed as waiting, and its seat is taken only with the link's secret. It waits ten minutes at
 * most.
 */
async function createForTwo() {
  const created = await post('/api/matches', { ruleset: game(), options: { ...LOBBY_CLOCKS, seatingSeconds: 600, invitation: true } });
  const a = await mySeat(created.matchId, created.invitation);
  const mine = new URL(seatHref(created.matchId, a.seat, a.playerToken), location.href).href;
  // the secret rides in the fragment: a browser never sends it to a server, so no log or proxy sees it
  const invite = new URL(`/?join=${encodeURIComponent(created.matchId)}#invite=${encodeURIComponent(created.invitation)}`,
    location.href).href;
  const box = $('#seat-links');
  box.hidden = false;
  fill(box,
    h('p', {}, 'Send the invitation to your opponent: they choose their name and deck, and take the other seat. Your seat\'s ',
      'link is your secret. Spectators use ', h('a', { href: matchHref(created.matchId) }, 'the match page'), '.'),
    h('div', { class: 'seat-link', dataset: { link: 'invite' } },
      h('label', {}, 'Invitation', h('input', { type: 'text', readonly: true, value: invite })),
      h('button', { type: 'button', onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite) }, 'Copy the invitation')),
    h('div', { class: 'seat-link', dataset: { link: 'seat' } },
      h('label', {}, `Your seat (${a.seat})`, h('input', { type: 'text', readonly: true, value: mine })),
      h('a', { class: 'button', href: mine }, `Open seat ${a.seat}`)));
}

/** The invitation's secret of the link opened (`#invite=<secret>`), or null. */
function invitationSecret() {
  const v = new URLSearchParams(location.hash.replace(/^#/, '')).get('invite');
  return v || null;
}

/**
 * Invited (`/?join=<matchId>#invite=<secret>`): the free seat of that match, under the name and deck chosen here
 * (issue 19), with the invitation's secret.
 */
async function showInvite(matchId) {
  const box = $('#invite');
  box.hidden = false;
  let view;
  try {
    view = await get(`/api/matches/${encodeURIComponent(matchId)}/view`);
  } catch (e) {
    fill(box, h('p', { class: 'error' }, e instanceof ApiError ? e.describe() : String(e)));
    return;
  }
  const host = Object.values(view.seats || {}).map((s) => s.name).filter(Boolean).join(' and ');
  if (view.status !== 'WAITING') {
    fill(box, h('p', {}, `Match ${shortId(matchId)} is ${view.status.toLowerCase()}: its seats are no longer free. `,
      h('a', { href: matchHref(matchId, view.ruleset) }, 'Watch it'), '.'));
    return;
  }
  if (view.ruleset !== game() && [...$('#game').options].some((o) => o.value === view.ruleset)) {
    $('#game').value = view.ruleset;
    showSeats();
    await showDecks();
  }
  fill(box,
    h('p', {}, h('strong', {}, `${host || 'A player'} invites you`), ` to a ${view.ruleset} match (${shortId(matchId)}).`,
      ' Type your name and pick your deck below, then take the seat.'),
    h('button', { type: 'button', class: 'primary', id: 'take-invite', onclick: () => join(matchId, view.ruleset, invitationSecret()) }, 'Take the seat'));
  $('#name').focus();
}

/**
 * Takes the free seat of a waiting match: with the deck chosen when it is of the game chosen, else its first starter;
 * `invitation`: the secret of a match by invitation.
 */
async function join(matchId, ruleset, invitation) {
  await guarded(async () => {
    let seat;
    if (!ruleset || ruleset === game()) {
      seat = await mySeat(matchId, invitation);
    } else {
      const p = account.current();
      seat = await takeSeat(matchId, { ...(await starters(ruleset))[0].body, name: myName(), ...(invitation ? { invitation } : {}) },
        p ? p.playerToken : null);
    }
    location.href = seatHref(matchId, seat.seat, seat.playerToken, ruleset);
  });
}

/**
 * The queue (issue 40): "Play rated" (registered players only) and "Play casual" open a ticket for the game, seat count
 * and deck chosen; the box shows the wait as it grows and the rating window it has reached, with a Cancel; when the
 * ticket is matched the board opens by itself on the seat the queue gave.
 */
let ticket = null;

const mmss = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;

function showTicket(t) {
  const box = $('#queue');
  box.hidden = false;
  const rated = ticket && ticket.rated;
  const what = `${rated ? 'rated' : 'casual'} ${ticket ? ticket.ruleset : ''}${ticket && ticket.seats > 2 ? ` (${ticket.seats} seats)` : ''}`;
  if (t.status === 'MATCHED' && t.match) {
    fill(box, h('p', {}, `Matched: match ${shortId(t.match.matchId)}, your seat ${t.match.seat}. Opening the board…`));
    return;
  }
  if (t.status !== 'QUEUED') {
    fill(box, h('p', {}, `Your ${what} ticket is ${t.status.toLowerCase()}.`));
    return;
  }
  fill(box,
    h('p', {}, h('strong', {}, `Looking for ${rated ? 'an opponent of your strength' : 'an opponent'}`), ` in the ${what} queue: `,
      h('span', { class: 'waited', dataset: { waited: t.waitedMs } }, mmss(t.waitedMs)),
      rated && t.window ? ` · rating window ±${Math.round(t.window.ratingGap)}` : ''),
    h('button', { type: 'button', id: 'queue-cancel', onclick: () => guarded(cancelTicket) }, 'Cancel'));
}

function onTicket(t) {
  if (!ticket || t.ticketId !== ticket.ticketId) return;
  showTicket(t);
  if (t.status === 'MATCHED' && t.match) {
    ticket.stream.close();
    const { matchId, seat, playerToken } = t.match;
    const ruleset = ticket.ruleset;
    ticket = null;
    location.href = seatHref(matchId, seat, playerToken, ruleset);
  } else if (t.status !== 'QUEUED') {
    ticket.stream.close();
    ticket = null;
  }
}

async function playQueue(rated) {
  const p = account.current();
  if (rated && !p) {
    throw new Error('Rated queues take registered players only: sign in (or register) first, or play casual.');
  }
  if (ticket) return; // one ticket at a time from this page
  const seats = seatCount();
  let opened;
  try {
    opened = await openTicket(game(), { seats, rated, seat: deckBody(myName()) }, p ? p.playerToken : null);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'QUEUE_COOLDOWN' && p) {
      await showCooldown(p, e);
      return;
    }
    throw e;
  }
  if (cooldownTimer) clearInterval(cooldownTimer);
  cooldownTimer = null;
  ticket = { ticketId: opened.ticketId, token: opened.ticketToken, rated, seats, ruleset: game() };
  showTicket({ ticketId: opened.ticketId, status: 'QUEUED', waitedMs: 0, window: null });
  const mine = ticket;
  mine.stream = ticketStream(opened.ticketId, opened.ticketToken, onTicket, async () => {
    // the stream ended without a verdict (a node going away): read the ticket once and follow it again
    if (ticket !== mine) return;
    try {
      const t = await get(`/api/tickets/${encodeURIComponent(mine.ticketId)}`, mine.token);
      onTicket(t);
      if (ticket === mine) mine.stream = ticketStream(mine.ticketId, mine.token, onTicket, () => {});
    } catch (e) {
      fill($('#start-error'), e instanceof ApiError ? e.describe() : String(e));
    }
  });
}

/** The countdown of a cooldown shown in the queue box, if any. */
let cooldownTimer = null;

/**
 * {@code 403 QUEUE_COOLDOWN} in words (issue 40, docs/matchmaking.md "Dodges"): why the account may not queue and when
 * it may again, in local time with the time left counting down; the end is the account's own (GET /api/sessions/me,
 * {@code queue.cooldownUntil}), the server's refusal below it.
 */
async function showCooldown(p, refusal) {
  let standing = null;
  try {
    standing = (await get('/api/sessions/me', p.playerToken)).queue;
  } catch (e) {
    standing = null;
  }
  const box = $('#queue');
  box.hidden = false;
  if (cooldownTimer) clearInterval(cooldownTimer);
  const until = standing && standing.cooldownUntil ? Date.parse(standing.cooldownUntil) : NaN;
  if (Number.isNaN(until) || until <= Date.now()) {
    fill(box, h('p', {}, refusal.describe()));
    return;
  }
  const n = standing.recentDodges;
  const at = new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const left = h('span', { class: 'cooldown-left' }, mmss(until - Date.now()));
  fill(box, h('div', { class: 'cooldown', dataset: { until: standing.cooldownUntil } },
    h('p', {}, h('strong', {}, `You may not queue until ${at}`), ' (', left, ' left).'),
    h('p', {}, `${n} of the matches the queue seated you in lately ${n === 1 ? 'was' : 'were'} left unplayed: no move made, `
      + 'lost on the clock, and the players seated with you lost their wait. Games you create or join are not affected.'),
    h('p', { class: 'muted' }, refusal.describe())));
  cooldownTimer = setInterval(() => {
    const ms = until - Date.now();
    if (ms > 0) {
      left.textContent = mmss(ms);
      return;
    }
    clearInterval(cooldownTimer);
    cooldownTimer = null;
    fill(box, h('p', {}, 'Your cooldown is over: you may queue again.'));
  }, 1000);
}

async function cancelTicket() {
  if (!ticket) return;
  const mine = ticket;
  try {
    await del(`/api/tickets/${encodeURIComponent(mine.ticketId)}`, mine.token);
    mine.stream.close();
    ticket = null;
    fill($('#queue'), h('p', {}, 'You left the queue.'));
  } catch (e) {
    if (e instanceof ApiError && e.code === 'TICKET_MATCHED') return; // the stream is about to open the board
    throw e;
  }
}

/** Creates a tournament of the game chosen, organized by the signed-in player, and opens its page (issue 41). */
async function createTournament() {
  fill($('#tournament-error'), '');
  const p = account.current();
  try {
    if (!p) throw new Error('Sign in first: a tournament is organized by a registered player.');
    const body = { name: $('#tournament-name').value.trim(), ruleset: game(), format: $('#tournament-format').value };
    if (manySeats() && seatCount() > 2) body.seatsPerTable = seatCount();
    const t = await postAs('/api/tournaments', body, p.playerToken);
    location.href = `/tournament.html?id=${encodeURIComponent(t.tournamentId)}`;
  } catch (e) {
    fill($('#tournament-error'), e instanceof ApiError ? e.describe() : String(e));
  }
}

/** The newest tournaments, each a link to its page (GET /api/tournaments, issue 41). */
async function listTournaments() {
  try {
    const page = await get('/api/tournaments?limit=10');
    fill($('#tournament-list'), page.tournaments.length
      ? page.tournaments.map((t) => h('li', { dataset: { tournament: t.tournamentId } },
        h('a', { href: `/tournament.html?id=${encodeURIComponent(t.tournamentId)}` }, t.name),
        ` · ${t.ruleset} · ${t.status.toLowerCase()}${t.status === 'RUNNING' ? `, round ${t.round}` : ''} · ${t.entrants} entered`))
      : h('li', { class: 'muted' }, 'No tournament yet.'));
  } catch (e) {
    fill($('#tournament-list'), h('li', { class: 'muted' }, 'The tournaments could not be listed.'));
  }
}

async function start() {
  try {
    const games = await get('/api/rulesets');
    games.forEach((g) => rulesets.set(g.id, g));
    boardChoices(games);
    $('#board-of').addEventListener('change', () => refresh());
    fill($('#game'), games.map((g) => h('option', { value: g.id }, g.name || g.id)));
    $('#game').addEventListener('change', () => {
      showSeats();
      showDecks().catch((e) => fill($('#start-error'), e instanceof ApiError ? e.describe() : String(e)));
    });
    showSeats();
    $('#seats').addEventListener('change', showSeats);
    await showDecks();
  } catch (e) {
    fill($('#start-error'), e instanceof ApiError ? e.describe() : String(e));
  }
  $('#play-ai').addEventListener('click', () => guarded(playAi));
  $('#watch-ai').addEventListener('click', () => guarded(watchAi));
  $('#create-two').addEventListener('click', () => guarded(createForTwo));
  $('#wait-opponent').addEventListener('click', () => guarded(waitForOpponent));
  $('#tournament-form').addEventListener('submit', (e) => { e.preventDefault(); createTournament(); });
  listTournaments();
  $('#play-rated').addEventListener('click', () => guarded(() => playQueue(true)));
  $('#play-casual').addEventListener('click', () => guarded(() => playQueue(false)));
  $('#account-form').addEventListener('submit', (e) => { e.preventDefault(); accountAction(() => account.signIn(...credentials())); });
  $('#register').addEventListener('click', () => accountAction(() => account.register(...credentials())));
  $('#sign-out').addEventListener('click', () => accountAction(() => account.signOut()));
  $('#block-form').addEventListener('submit', (e) => { e.preventDefault(); blockNamed(); });
  showAccount();
  account.check().then(showAccount);
  $('#start-form').addEventListener('submit', (e) => { e.preventDefault(); guarded(playAi); });
  if (params().get('join')) await showInvite(params().get('join'));
  await refresh();
  setInterval(refresh, 2000);
}

start();
