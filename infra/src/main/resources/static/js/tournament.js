// A tournament's page (issue 41): what it is, its standings, every round's tables with links to watch or replay each
// match, the bracket part of each elimination table, rulings, and the proof (the seed committed at creation, revealed
// at the end, and the audit's verdict). Signed in, an entrant sees their table with a link to play it; before the start
// a player enters with a starter deck, and the organizer starts it. Everything comes from GET /api/tournaments/{id}.
import { h, fill, $, params, shortId } from './dom.js';
import { get, getAs, postAs, ApiError } from './api.js';
import * as account from './account.js';
import { boardHref, hasBoard } from './boards.js';

const id = params().get('id');
const base = `/api/tournaments/${encodeURIComponent(id || '')}`;
const FORMATS = {
  SWISS: 'Swiss', SINGLE_ELIMINATION: 'single elimination', DOUBLE_ELIMINATION: 'double elimination', ROUND_ROBIN: 'round robin',
};
const PARTS = { WINNERS: "winners' bracket", LOSERS: "losers' bracket", GRAND_FINAL: 'grand final', RESET: 'grand final, reset' };
const TIE_BREAKS = {
  OPPONENTS_MATCH_WIN: 'OMW%', GAME_WIN: 'GW%', OPPONENTS_GAME_WIN: 'OGW%', BUCHHOLZ: 'Buchholz',
  SONNEBORN_BERGER: 'S-B', HEAD_TO_HEAD: 'H2H',
};
let last = null;
let mineShown = null;

const say = (e) => fill($('#t-error'), e instanceof ApiError ? e.describe() : String(e));

function facts(t) {
  const parts = [t.ruleset, FORMATS[t.format] || t.format];
  if (t.topCut) parts.push(`top ${t.topCut} (${FORMATS[t.topCutFormat] || 'single elimination'})`);
  if (t.bestOf > 1) parts.push(`best of ${t.bestOf}`);
  if (t.seatsPerTable > 2) parts.push(`pods of ${t.seatsPerTable}`);
  const round = t.status === 'REGISTERING' ? `${t.entries.length} entered`
    : `round ${t.round}${t.totalRounds ? ` of ${t.totalRounds}` : ''}`;
  return `${parts.join(' · ')} — ${t.status.toLowerCase()}, ${round}. Organizer: ${t.organizer}`
    + `${t.judges && t.judges.length ? `; judges: ${t.judges.join(', ')}` : ''}.`;
}

function standings(t) {
  if (!t.standings.length) return h('p', { class: 'muted' }, 'Standings begin with round 1.');
  const keys = t.tieBreaks || [];
  return h('table', {},
    h('thead', {}, h('tr', {}, ['#', 'Player', 'Points', 'W–L–D', ...keys.map((k) => TIE_BREAKS[k] || k)]
      .map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, t.standings.map((s) => h('tr', { dataset: { entry: s.entryId }, class: s.dropped ? 'dropped' : '' },
      h('td', {}, s.rank), h('td', {}, s.name, s.dropped ? h('span', { class: 'muted' }, ' (left)') : null),
      h('td', {}, s.points), h('td', {}, `${s.wins}–${s.losses}–${s.draws}`),
      keys.map((k) => h('td', { title: (s.exact || {})[k] || '' }, s.tieBreaks[k] == null ? '—' : String(s.tieBreaks[k])))))));
}

function result(table, names) {
  const r = table.result;
  if (!r) return h('span', { class: 'muted' }, 'playing');
  if (r.places) {
    return Object.entries(r.places).sort((a, b) => a[1] - b[1]).map(([seat, place]) => `${place}. ${names(table.seats[seat])}`).join(', ');
  }
  const games = r.winsA + r.winsB + r.draws > 1 ? ` (${r.winsA}–${r.winsB}${r.draws ? `–${r.draws}` : ''})` : '';
  return r.winner ? `${names(table.seats[r.winner])} wins${games}` : `draw${games}`;
}

function matchLinks(matchId, ruleset, ended) {
  return h('span', { class: 'row-links' },
    h('a', { class: 'button', href: boardHref(ruleset, matchId), 'aria-label': `Watch match ${shortId(matchId)}` }, ended ? 'Board' : 'Watch'),
    ended && hasBoard(ruleset) ? h('a', { href: `/replay.html?id=${encodeURIComponent(matchId)}` }, 'Replay') : null);
}

function rounds(t) {
  if (!t.rounds.length) return h('p', { class: 'muted' }, 'No round has been paired yet.');
  const byId = new Map(t.entries.map((e) => [e.entryId, e.name]));
  const names = (entry) => byId.get(entry) || entry;
  return [...t.rounds].reverse().map((r) => h('section', { class: 'round', dataset: { round: r.number } },
    h('h3', {}, `Round ${r.number}`),
    h('table', {},
      h('thead', {}, h('tr', {}, ['Table', 'Seats', 'Result', ''].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, r.tables.map((tb) => h('tr', { dataset: { table: tb.table, match: tb.matchId } },
        h('td', {}, `${tb.table}${tb.bracket ? ` · ${PARTS[tb.bracket] || tb.bracket}` : ''}`),
        h('td', {}, Object.entries(tb.seats).map(([seat, e], i) => [i ? h('span', { class: 'vs' }, ' vs ') : null, `${seat}: ${names(e)}`])),
        h('td', { dataset: { col: 'result' } }, result(tb, names)),
        h('td', {}, (tb.games && tb.games.length ? tb.games : [{ matchId: tb.matchId, game: 1 }])
          .map((g) => matchLinks(g.matchId, t.ruleset, !!tb.result || (g.winner !== undefined && g.winner !== null)))))))),
    r.byes && r.byes.length ? h('p', { class: 'muted' }, `Bye: ${r.byes.map(names).join(', ')}`) : null));
}

/**
 * The elimination bracket as a tree: one column per bracket round (a top cut's rounds after the Swiss ones), each
 * meeting a box of its two entrants with the one who went on marked; a double elimination's winners', losers' and
 * final parts each get their own row of columns. Nothing outside a bracket.
 */
function bracket(t) {
  const elimination = t.format === 'SINGLE_ELIMINATION' || t.format === 'DOUBLE_ELIMINATION' || t.topCut;
  if (!elimination) return null;
  const byId = new Map(t.entries.map((e) => [e.entryId, e.name]));
  const names = (entry) => byId.get(entry) || entry;
  // a top cut's rounds come after the Swiss ones
  const rounds = t.format === 'SWISS' ? t.rounds.filter((r) => t.swissRounds != null && r.number > t.swissRounds) : t.rounds;
  if (!rounds.length) return h('p', { class: 'muted' }, 'The bracket is drawn once its first round is paired.');
  const parts = t.format === 'DOUBLE_ELIMINATION' || t.topCutFormat === 'DOUBLE_ELIMINATION'
    ? ['WINNERS', 'LOSERS', 'GRAND_FINAL', 'RESET'] : [null];
  const winnerOf = (tb) => (tb.result && tb.result.winner ? tb.seats[tb.result.winner] : null);
  return parts.map((part) => {
    const columns = rounds.map((r) => ({ r, tables: r.tables.filter((tb) => (part ? tb.bracket === part : true)) }))
      .filter((c) => c.tables.length);
    if (!columns.length) return null;
    return h('div', { class: 'bracket', dataset: { part: part || 'SINGLE' } },
      part ? h('h3', {}, PARTS[part] || part) : null,
      h('div', { class: 'bracket-columns' }, columns.map(({ r, tables }) => h('div', { class: 'bracket-round', dataset: { round: r.number } },
        h('div', { class: 'muted' }, `Round ${r.number}`),
        tables.map((tb) => h('div', { class: 'bracket-match', dataset: { table: tb.table } },
          Object.values(tb.seats).map((e) => h('div', { class: winnerOf(tb) === e ? 'bracket-seat won' : 'bracket-seat' },
            names(e), winnerOf(tb) === e ? ' ✓' : '')))),
        (r.byes || []).map((b) => h('div', { class: 'bracket-match bye' }, h('div', { class: 'bracket-seat won' }, `${names(b)} (bye)`)))))));
  });
}

function rulings(t) {
  if (!t.rulings.length) return h('p', { class: 'muted' }, 'No ruling.');
  const byId = new Map(t.entries.map((e) => [e.entryId, e.name]));
  return h('ul', {}, t.rulings.map((r) => h('li', {},
    `${r.kind.replaceAll('_', ' ').toLowerCase()}${r.entryId ? ` for ${byId.get(r.entryId) || r.entryId}` : ''}`
    + `${r.round ? `, round ${r.round}` : ''}${r.table ? ` table ${r.table}` : ''}`
    + `${r.seconds ? `, +${r.seconds} s on its clock` : ''} by ${r.by || r.byName || 'a judge'}: ${r.reason}`)));
}

let audited = false;

/**
 * The seed commitment, and once the tournament has ended the revealed seed and the audit's verdict (the audit
 * re-derives every pairing from the record and the seed, so it runs once the seed is out). Asked again on each
 * refresh until it has passed: the end and the seed's reveal may come a moment apart.
 */
async function proof(t) {
  const bits = [`Seed commitment ${t.seedCommitment.slice(0, 16)}…`];
  if (t.seed) bits.push(`seed revealed ${t.seed.slice(0, 16)}…`);
  if (t.status !== 'ENDED' || !t.seed) {
    bits.push('the audit re-derives every pairing once the seed is revealed at the end');
  } else {
    try {
      const a = await get(`${base}/audit`);
      audited = a.passed;
      bits.push(a.passed ? `Audit passed (${a.roundsChecked} rounds re-derived)` : `Audit FAILED: ${a.firstDifference}`);
    } catch (e) {
      bits.push('audit not available');
    }
  }
  fill($('#t-proof'), bits.join(' · '), t.status === 'ENDED' ? [' · ', h('a', { href: `${base}/export` }, 'the record')] : null);
}

async function mine(t) {
  const p = account.current();
  const box = $('#t-mine');
  const entered = p && t.entries.some((e) => e.name === p.name);
  if (!p) {
    box.hidden = false;
    fill(box, h('p', {}, 'Sign in on the ', h('a', { href: '/' }, 'lobby'), ' to enter or to see your table.'));
    return;
  }
  if (t.status === 'REGISTERING' && !entered) {
    box.hidden = false;
    if (mineShown === 'enter') return;
    mineShown = 'enter';
    const decks = await get(`/api/rulesets/${encodeURIComponent(t.ruleset)}/decks/starter`);
    fill(box, h('p', {}, `Enter as ${p.name} with `,
      h('select', { id: 't-deck' }, decks.map((d, i) => h('option', { value: i }, `starter deck ${i + 1}`))), ' ',
      h('button', { type: 'button', id: 't-enter', class: 'primary', onclick: async () => {
        try {
          await postAs(`${base}/entries`, { seat: decks[Number($('#t-deck').value) || 0] }, p.playerToken);
          mineShown = null;
          await refresh();
        } catch (e) { say(e); }
      } }, 'Enter')));
    return;
  }
  const myEntry = t.entries.find((e) => e.name === p.name);
  if (myEntry && myEntry.dropped && t.status === 'RUNNING') {
    box.hidden = false;
    const disqualified = (t.rulings || []).some((r) => r.kind === 'DISQUALIFICATION' && r.entryId === myEntry.entryId);
    if (disqualified) {
      mineShown = null;
      fill(box, h('p', {}, 'You were disqualified from this tournament: a disqualified entrant does not return.'));
      return;
    }
    if (mineShown === 'return') return;
    mineShown = 'return';
    // re-entry (POST /entries again): back under the same entry, with the deck entered with, results and byes kept
    fill(box, h('p', {}, `You left this tournament. You may come back while a Swiss round is still to be paired: `
      + 'you keep your results and your deck, and are paired from the next round. ',
    h('button', { type: 'button', id: 't-return', class: 'primary', onclick: async () => {
      try {
        const decks = await get(`/api/rulesets/${encodeURIComponent(t.ruleset)}/decks/starter`);
        await postAs(`${base}/entries`, { seat: decks[0] }, p.playerToken);
        mineShown = null;
        await refresh();
      } catch (e) {
        fill($('#t-return-error'), e instanceof ApiError ? e.describe() : String(e));
      }
    } }, 'Come back')), h('p', { id: 't-return-error', class: 'error', role: 'alert' }));
    return;
  }
  if (!entered || t.status !== 'RUNNING') {
    box.hidden = !entered;
    if (entered) fill(box, h('p', {}, `You are entered as ${p.name}.`));
    mineShown = null;
    return;
  }
  try {
    const me = await getAs(`${base}/me`, p.playerToken);
    box.hidden = false;
    mineShown = null;
    if (me.bye) {
      fill(box, h('p', {}, `Round ${me.round}: you have a bye (a won match).`));
    } else if (me.matchId) {
      const href = `${boardHref(t.ruleset, me.matchId)}#seat=${me.seat}&token=${encodeURIComponent(me.playerToken)}`;
      fill(box, h('p', {}, `Round ${me.round}, table ${me.table}: you play seat ${me.seat}. `,
        h('a', { class: 'button primary', id: 't-play', href }, 'Play your table')));
    } else {
      fill(box, h('p', {}, `Round ${me.round}: your table is done; the next round pairs itself when the last table ends.`));
    }
  } catch (e) {
    box.hidden = false;
    fill(box, h('p', {}, e instanceof ApiError ? e.describe() : String(e)));
  }
}

function organizer(t) {
  const p = account.current();
  const box = $('#t-organizer');
  box.hidden = !(p && p.name === t.organizer && t.status === 'REGISTERING');
  if (box.hidden) return;
  if (box.dataset.shown) return;
  box.dataset.shown = '1';
  fill(box, h('button', { type: 'button', id: 't-start', class: 'primary', onclick: async () => {
    try {
      await postAs(`${base}/start`, undefined, p.playerToken);
      await refresh();
    } catch (e) { say(e); }
  } }, 'Start the tournament'));
}

/**
 * The judge's desk: shown to the organizer and the judges while the tournament is not over. A ruling names who
 * (the signed-in judge), what (kind, entrant, round and table, a result) and why; the server refuses what the state
 * does not allow, and the refusal is shown as it came.
 */
function judgeDesk(t) {
  const p = account.current();
  const box = $('#t-judge');
  const judge = p && (p.name === t.organizer || (t.judges || []).includes(p.name));
  box.hidden = !(judge && t.status !== 'ENDED');
  if (box.hidden) return;
  const select = $('#t-entry');
  const current = select.value;
  fill(select, h('option', { value: '' }, '—'),
    t.entries.filter((e) => !e.dropped).map((e) => h('option', { value: e.entryId }, e.name)));
  select.value = current;
  $('#t-judge-name').hidden = p.name !== t.organizer;
  if (box.dataset.wired) return;
  box.dataset.wired = '1';
  $('#t-rule').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { kind: $('#t-kind').value, reason: $('#t-reason').value };
    if ($('#t-entry').value) body.entryId = $('#t-entry').value;
    if ($('#t-round').value) body.round = Number($('#t-round').value);
    if ($('#t-table').value) body.table = Number($('#t-table').value);
    if ($('#t-seconds').value) body.seconds = Number($('#t-seconds').value);
    const r = $('#t-result').value.trim();
    if (r) {
      const games = r.match(/^(\d)\s*[-–]\s*(\d)(?:\s*[-–]\s*(\d))?$/);
      if (r.toLowerCase().startsWith('places')) {
        body.result = { places: r.replace(/^places\s*/i, '').split(/[ ,]+/).filter(Boolean).map(Number) };
      } else if (games) {
        body.result = { winsA: Number(games[1]), winsB: Number(games[2]), draws: Number(games[3] || 0) };
      } else {
        body.result = r.toUpperCase();
      }
    }
    try {
      await postAs(`${base}/rulings`, body, account.current().playerToken);
      fill($('#t-judge-error'), '');
      $('#t-reason').value = '';
      $('#t-result').value = '';
      $('#t-seconds').value = '';
      await refresh();
    } catch (e) {
      fill($('#t-judge-error'), e instanceof ApiError ? e.describe() : String(e));
    }
  });
  $('#t-judge-name').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      await postAs(`${base}/judges`, { name: $('#t-judge-player').value.trim() }, account.current().playerToken);
      fill($('#t-judge-error'), '');
      $('#t-judge-player').value = '';
      await refresh();
    } catch (e) {
      fill($('#t-judge-error'), e instanceof ApiError ? e.describe() : String(e));
    }
  });
}

async function refresh() {
  try {
    const t = await get(base);
    const key = JSON.stringify(t);
    if (key !== last) {
      last = key;
      document.title = `duelhall · ${t.name}`;
      fill($('#t-name'), t.name);
      fill($('#t-facts'), facts(t));
      fill($('#t-standings'), standings(t));
      fill($('#t-rounds'), rounds(t));
      const tree = bracket(t);
      $('#t-bracket-panel').hidden = !tree;
      if (tree) fill($('#t-bracket'), tree);
      fill($('#t-rulings'), rulings(t));
      organizer(t);
      judgeDesk(t);
      await proof(t);
    } else if (t.status === 'ENDED' && !audited) {
      await proof(t);
    }
    await mine(t);
    fill($('#t-error'), '');
  } catch (e) {
    say(e);
  }
}

if (!id) {
  fill($('#t-error'), 'No tournament named: open /tournament.html?id=<tournamentId>.');
} else {
  refresh();
  setInterval(refresh, 2000);
}
