// RFC 6902 JSON Patch, as the stream's patch frames use it (GET /stream?frames=patch, docs/read-models.md): the
// server sends only `add`, `remove` and `replace` (zjsonpatch's diff without move and copy), so that is all this
// applies; any other op, or a path that is not in the document, throws and the caller starts again from a whole view.
// The document given is never changed: the result is a new one that shares every part the patch does not touch, so a
// view already handed to the page (or waiting in the spectator's pace queue) stays as it was.

/** RFC 6901: "/seats/A/hand/0" → ['seats', 'A', 'hand', '0']. */
function tokens(pointer) {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new Error(`bad JSON pointer ${pointer}`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function index(array, token, forAdd) {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad array index ${token}`);
  const i = Number(token);
  if (i > array.length || (!forAdd && i === array.length)) throw new Error(`index ${i} out of range`);
  return i;
}

/** Applies `ops` to `doc`; returns the new document. */
export function applyPatch(doc, ops) {
  const fresh = new Set(); // containers copied by this patch: changed in place from then on
  const own = (c) => {
    if (fresh.has(c)) return c;
    const copy = Array.isArray(c) ? c.slice() : { ...c };
    fresh.add(copy);
    return copy;
  };
  let root = doc;
  for (const op of ops) {
    const path = tokens(op.path);
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') throw new Error(`unsupported op ${op.op}`);
    if (path.length === 0) { // the whole document
      if (op.op === 'remove') throw new Error('cannot remove the root');
      root = op.value;
      continue;
    }
    if (root === null || typeof root !== 'object') throw new Error(`no container at ${op.path}`);
    root = own(root);
    let parent = root;
    for (const t of path.slice(0, -1)) {
      const key = Array.isArray(parent) ? index(parent, t, false) : t;
      const child = parent[key];
      if (child === null || typeof child !== 'object' || (!Array.isArray(parent) && !Object.hasOwn(parent, key))) {
        throw new Error(`no container at ${op.path}`);
      }
      parent[key] = own(child);
      parent = parent[key];
    }
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      const i = index(parent, last, op.op === 'add');
      if (op.op === 'add') parent.splice(i, 0, op.value);
      else if (op.op === 'remove') parent.splice(i, 1);
      else parent[i] = op.value;
    } else {
      if (op.op !== 'add' && !Object.hasOwn(parent, last)) throw new Error(`nothing at ${op.path}`);
      if (op.op === 'remove') delete parent[last];
      else parent[last] = op.value;
    }
  }
  return root;
}
