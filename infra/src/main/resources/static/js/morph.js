// Updates a live element to look like a freshly built one, keeping every element that is still there (issue 19: no
// full re-render that throws the DOM away on each update). Kept elements keep their identity, so a CSS transition
// (a meter's bar sliding), the focus and a screen reader's place survive an update; only what changed is touched.
//
// No library is used: morphdom and idiomorph are not on Maven Central as webjars this build can fetch, and the
// board's DOM is small and regular. Listeners are not copied: morph only the parts built without them (the board);
// parts with buttons are rebuilt (the hand).
//
// Marks an animation adds (data-fx-* attributes, elements with data-fx-transient) are left for it to remove.
// Children are matched in order; two elements match when their tag and key are equal. The key is the first of
// data-key, data-id, data-seat, data-meter, data-field, data-count, data-zone, data-card that the element has.

const KEYS = ['key', 'id', 'seat', 'meter', 'field', 'count', 'zone', 'card'];

function keyOf(el) {
  for (const k of KEYS) if (el.dataset[k] !== undefined) return `${k}=${el.dataset[k]}`;
  return '';
}

/** A decoration an animation added (a floating number): left alone until it removes itself. */
const transient = (n) => n.nodeType === Node.ELEMENT_NODE && n.hasAttribute('data-fx-transient');

function same(a, b) {
  if (a.nodeType !== b.nodeType || transient(a)) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return a.tagName === b.tagName && keyOf(a) === keyOf(b);
}

function syncAttributes(from, to) {
  for (const { name } of [...from.attributes]) {
    // data-fx-*: an animation's mark (a meter that just changed), removed by the animation's own timer
    if (name !== 'style' && !name.startsWith('data-fx') && !to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (name === 'style') continue;
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  // through the CSSOM, as h() sets it: the Content-Security-Policy (style-src 'self') refuses style attributes
  if (from.style.cssText !== to.style.cssText) from.style.cssText = to.style.cssText;
}

/** Makes the children of {@code from} (live) equal to those of {@code to} (built, detached); {@code to} is emptied. */
export function morphChildren(from, to) {
  const wanted = [...to.childNodes];
  let cursor = from.firstChild;
  for (const node of wanted) {
    // the first live node from the cursor on that matches; nodes skipped over are gone
    let match = cursor;
    while (match && !same(match, node)) match = match.nextSibling;
    if (match) {
      while (cursor !== match) {
        const gone = cursor;
        cursor = cursor.nextSibling;
        if (!transient(gone)) gone.remove();
      }
      morphNode(match, node);
      cursor = match.nextSibling;
    } else {
      from.insertBefore(node, cursor);
    }
  }
  while (cursor) {
    const gone = cursor;
    cursor = cursor.nextSibling;
    if (!transient(gone)) gone.remove();
  }
}

function morphNode(from, to) {
  if (from.nodeType === Node.TEXT_NODE || from.nodeType === Node.COMMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  syncAttributes(from, to);
  morphChildren(from, to);
}

/** Morphs the children of {@code root} into {@code children} (as h() takes them). */
export function morphInto(root, children) {
  const built = document.createElement(root.tagName);
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    built.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  morphChildren(root, built);
  return root;
}
