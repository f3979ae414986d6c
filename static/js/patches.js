// State patches (docs/PROTOCOL.md "Patches"): after a socket's first full state, each version
// comes as the ops that turn the version before it into this one. An op is [path, value] (set) or
// [path] (remove); the path is "/"-joined keys and list indices, escaped as in a JSON Pointer.
// Into a list, a set at its length appends and a remove splices; into an object, set or delete.
//
// The state the renderers were handed is never changed: every object or list on an op's path is
// copied first, and everything else is shared, so a renderer may keep the previous view.
const unescapeKey = (part) => part.replace(/~1/g, "/").replace(/~0/g, "~");

export function applyPatch(body, ops) {
  const root = { ...body };
  const copied = new Set([root]);
  for (const op of ops) {
    if (!Array.isArray(op) || typeof op[0] !== "string" || op.length < 1 || op.length > 2) {
      throw new Error("malformed patch op");
    }
    const keys = op[0].split("/").map(unescapeKey);
    let node = root;
    for (const key of keys.slice(0, -1)) {
      const child = node[Array.isArray(node) ? index(node, key, false) : key];
      if (child === null || typeof child !== "object") throw new Error(`patch path ${op[0]} goes nowhere`);
      let copy = child;
      if (!copied.has(child)) {
        copy = Array.isArray(child) ? [...child] : { ...child };
        copied.add(copy);
        node[Array.isArray(node) ? Number(key) : key] = copy;
      }
      node = copy;
    }
    const last = keys[keys.length - 1];
    if (Array.isArray(node)) {
      const at = index(node, last, op.length === 2);
      if (op.length === 1) node.splice(at, 1);
      else node[at] = op[1];
    } else if (op.length === 1) {
      delete node[last];
    } else {
      node[last] = op[1];
    }
  }
  return root;
}

// A list index in a path: a whole number within the list (or just past its end, to append).
function index(list, key, appending) {
  const at = Number(key);
  if (!/^\d+$/.test(key) || at > list.length || (at === list.length && !appending)) {
    throw new Error(`patch index ${key} is outside a list of ${list.length}`);
  }
  return at;
}
