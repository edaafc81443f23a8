// A server action's arguments reach Next encoded by React's `encodeReply`: one JSON text, or multipart fields
// "0", "1", … (JSON rows that refer to each other with "$"-strings) and files. Next decodes them (`decodeReply`) before
// any action runs, and a body the decoder cannot read — not JSON, a reference to a row that is not there, a Map made
// of something that is not a list of entries — is answered with Next's generic 500 and an error with a stack trace in
// the log, for anonymous callers too. The web server (scripts/server-action-guard.mjs) asks this module first and
// answers 400 instead. It follows React's decoder (react-server-dom's `parseModelString` / `getOutlinedModel`, Next
// 16.4): tests/security/server-action-bodies.test.ts holds it against the real decoder on a corpus of hostile bodies
// and on bodies React's own encoder writes.

/** Rows that refer to rows that refer to rows…: deeper than any real argument, shallow enough for the stack. */
const MAX_CHAIN = 500;
/** React's limit on array slots reachable through references (decodeReply's default `arraySizeLimit`). */
const ARRAY_SIZE_LIMIT = 1_000_000;
/** Bytes per element of the typed arrays a reply may carry as files ("$o1" is a Uint8Array in file "1"). */
const TYPED_ARRAY_BYTES = { A: 1, O: 1, o: 1, U: 1, S: 2, s: 2, L: 4, l: 4, G: 4, g: 8, M: 8, m: 8, V: 1 };

class Malformed extends Error {}

/** A decoded value that is no plain object or array (Map, Date, promise, file…): references cannot walk into it. */
class Special {
  constructor(kind) {
    this.kind = kind;
  }
}

const isPlain = (value) => typeof value === "object" && value !== null && !(value instanceof Special);

/**
 * Why Next could not decode these arguments, or null when it can.
 * @param {Iterable<[string, string | Blob]>} entries the body's fields in order: a text body is [["0", text]]
 * @param {{ prefix?: string, streamed?: boolean, temporaryReferences?: boolean }} [options]
 *   `prefix`: the rows' field prefix ("$ACTION_1:" for a form's bound action); `streamed`: a multipart fetch action,
 *   which Next decodes while it arrives, so the root row sees only the fields sent before it; `temporaryReferences`:
 *   "$T" is allowed (fetch actions) or not (forms).
 * @returns {string | null}
 */
export function actionArgumentsProblem(entries, options = {}) {
  const { prefix = "", streamed = false, temporaryReferences = true } = options;
  const strings = new Map();
  const blobs = new Map();
  const early = { strings: new Map(), blobs: new Map() };
  let rootSeen = false;
  for (const [key, value] of entries) {
    if (!key.startsWith(prefix)) continue;
    // "_…" fields belong to FormData arguments and "S…" to streams: never rows.
    if (key[prefix.length] === "_" || key[prefix.length] === "S") continue;
    const store = typeof value === "string" ? strings : blobs;
    store.set(key, value);
    if (!rootSeen) (typeof value === "string" ? early.strings : early.blobs).set(key, value);
    if (key === `${prefix}0`) rootSeen = true;
  }
  // A streamed body's root row is decoded as it arrives: only what came before it can be referred to. A promise's row
  // is decoded when the action awaits it, once the whole body is there.
  const whole = { strings, blobs };
  let available = streamed ? early : whole;

  const rows = new Map();
  const claimed = new Set();
  const consumed = new WeakSet();
  const contexts = new WeakMap();
  const deferred = [];
  let chain = 0;

  const bump = (context, slots) => {
    if (context === null) return;
    context.count += slots;
    if (context.count > ARRAY_SIZE_LIMIT && context.fork) throw new Malformed("its arrays are nested too large");
  };

  /** Row `id`, decoded once (a row still being decoded is returned as it stands: cycles are allowed). */
  function row(id) {
    if (claimed.has(id)) throw new Malformed(`part ${id} is used twice`);
    const known = rows.get(id);
    if (known) return known;
    const text = available.strings.get(`${prefix}${id}`);
    if (text === undefined) throw new Malformed(`it refers to part ${id}, which is missing`);
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Malformed(`part ${id} is not JSON`);
    }
    const entry = { value, busy: true, context: { count: 0, fork: false } };
    rows.set(id, entry);
    if (++chain > MAX_CHAIN) throw new Malformed("its parts refer to each other too deeply");
    entry.value = revive(value, entry.context);
    chain--;
    entry.busy = false;
    return entry;
  }

  function revive(value, context) {
    if (typeof value === "string") return reviveString(value, context);
    if (Array.isArray(value)) {
      const own = context ?? { count: 0, fork: false };
      if (context === null) contexts.set(value, own);
      if (value.length > 1) own.fork = true;
      bump(own, value.length + 1);
      for (let i = 0; i < value.length; i++) value[i] = revive(value[i], own);
      return value;
    }
    if (isPlain(value)) {
      for (const key of Object.keys(value)) {
        if (key === "__proto__") continue;
        const revived = revive(value[key], null);
        if (revived === undefined) delete value[key];
        else value[key] = revived;
      }
    }
    return value;
  }

  function reviveString(value, context) {
    if (value[0] !== "$") {
      bump(context, value.length);
      return value;
    }
    const tag = value[1];
    const rest = value.slice(2);
    switch (tag) {
      case "$":
        bump(context, value.length - 1);
        return value.slice(1);
      case "@": {
        const before = available;
        available = whole;
        try {
          row(parseInt(rest, 16));
        } finally {
          available = before;
        }
        return new Special("promise");
      }
      case "h":
        // A server function passed as an argument: the shop's actions take none.
        throw new Malformed("it passes a server function as an argument");
      case "T":
        if (!temporaryReferences) throw new Malformed("it holds a temporary reference");
        return new Special("temporary");
      case "Q":
      case "W":
      case "i": {
        const list = outlined(rest, null, false);
        if (!Array.isArray(list)) throw new Malformed(`a ${tag === "Q" ? "Map" : tag === "W" ? "Set" : "list"} is not made of a list`);
        if (consumed.has(list)) throw new Malformed("one list makes two values");
        consumed.add(list);
        if (tag === "Q" && list.some((item) => typeof item !== "object" || item === null || item.kind === "temporary")) {
          throw new Malformed("a Map entry is not a pair");
        }
        return new Special("collection");
      }
      case "K":
        return new Special("form data");
      case "B":
        if (!(available.blobs.get(`${prefix}${parseInt(rest, 16)}`) instanceof Blob)) throw new Malformed("it refers to a file that is missing");
        return new Special("blob");
      case "R":
      case "r":
      case "X":
      case "x":
        claim(parseInt(rest, 16));
        return new Special("stream");
      case "I":
      case "-":
      case "N":
        return Number.NaN;
      case "u":
      case "H":
        return undefined;
      case "D":
        return new Special("date");
      case "n":
        if (rest.length > 300) throw new Malformed("a number is too long");
        try {
          BigInt(rest);
        } catch {
          throw new Malformed("a number is not a number");
        }
        bump(context, rest.length);
        return 0n;
    }
    if (tag in TYPED_ARRAY_BYTES) {
      const id = parseInt(rest, 16);
      claim(id);
      const blob = available.blobs.get(`${prefix}${id}`);
      if (!(blob instanceof Blob)) throw new Malformed("it refers to a file that is missing");
      if (blob.size % TYPED_ARRAY_BYTES[tag] !== 0) throw new Malformed("a typed array's length does not fit its type");
      bump(context, blob.size);
      return new Special("typed array");
    }
    return outlined(value.slice(1), context, true);
  }

  /** A typed array or a stream takes its id for itself; a row or another of them may not have it. */
  function claim(id) {
    if (claimed.has(id) || rows.has(id)) throw new Malformed(`part ${id} is used twice`);
    claimed.add(id);
  }

  /** The value "$<id>:<key>:<key>…" names: row `id`, then its keys one by one, through plain objects and arrays only. */
  function outlined(reference, context, counted) {
    const [head, ...path] = reference.split(":");
    const target = row(parseInt(head, 16));
    if (target.busy) {
      deferred.push({ target, path });
      return target.value;
    }
    const value = walk(target.value, path);
    if (counted && context !== null) {
      const inner = Array.isArray(value) ? (contexts.get(value) ?? (path.length === 0 ? target.context : null)) : null;
      if (inner) {
        if (inner.fork) context.fork = true;
        bump(context, inner.count);
      } else if (typeof value === "string") bump(context, value.length);
    }
    return value;
  }

  function walk(start, path) {
    let value = start;
    for (const key of path) {
      if (!isPlain(value) || !Object.hasOwn(value, key)) throw new Malformed("it refers to a value that is not there");
      value = value[key];
    }
    return value;
  }

  try {
    const root = row(0);
    for (const { target, path } of deferred) walk(target.value, path);
    if (prefix === "" && !Array.isArray(root.value)) return "the arguments are not a list";
    if (prefix !== "" && !isPlain(root.value)) return "the form's action is not described";
    return null;
  } catch (error) {
    if (error instanceof Malformed) return error.message;
    throw error;
  }
}
