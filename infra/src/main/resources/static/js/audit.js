// The audit badge of an ended match: the server's verdict on its signed record, and the record to download.
import { h, fill } from './dom.js';
import { get } from './api.js';

export async function renderAudit(root, matchId) {
  root.hidden = false;
  fill(root, h('p', { class: 'muted' }, 'Auditing the signed record…'));
  const id = encodeURIComponent(matchId);
  const download = h('a', { class: 'button', href: `/api/matches/${id}/export`, download: `duelhall-${matchId}.json` },
    'Download the signed record');
  try {
    const report = await get(`/api/matches/${id}/audit`);
    const checks = (report.checks || []).map((c) => h('li', { class: c.passed ? 'ok' : 'bad' },
      h('span', { 'aria-hidden': 'true' }, c.passed ? '✓ ' : '✗ '), h('strong', {}, c.name), c.details ? ` — ${c.details}` : ''));
    fill(root,
      h('div', { class: `verdict ${report.passed ? 'ok' : 'bad'}`, role: 'status', dataset: { passed: report.passed } },
        report.passed ? 'Audit passed' : 'Audit FAILED',
        h('span', { class: 'muted' }, ` · ${(report.checks || []).filter((c) => c.passed).length}/${(report.checks || []).length} checks`)),
      h('details', {}, h('summary', {}, 'What was checked'), h('ul', { class: 'checks' }, checks)),
      download);
  } catch (e) {
    fill(root, h('div', { class: 'verdict bad', role: 'status' }, `Audit unavailable: ${e.describe ? e.describe() : e.message}`), download);
  }
}
