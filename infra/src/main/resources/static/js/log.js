// The live event log: newest first, each event once (by sequence number), in words; the whole match unless a
// caller caps it (issue 19: a reload shows every event, not the last 300).
import { h } from './dom.js';

export class EventLog {
  constructor(list, narrator, max = Infinity) {
    this.list = list;
    this.narrator = narrator;
    this.max = max;
    this.last = -1;
  }

  add(event) {
    if (!event || event.seq <= this.last) return;
    this.last = event.seq;
    const text = this.narrator.say(event);
    if (text === null) return;
    // the card the event is about: its text on hover, and on a tap (issue 19: card text everywhere)
    const card = this.narrator.cardOf(event);
    this.list.prepend(h('li', { dataset: { seq: event.seq, type: event.type }, title: card ? card.text : null,
      'data-text': card ? `${card.name}: ${card.text}` : null },
    h('span', { class: 'seq' }, event.seq), ' ', text));
    while (this.list.children.length > this.max) this.list.lastElementChild.remove();
  }
}
