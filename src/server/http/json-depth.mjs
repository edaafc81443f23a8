// Plain JavaScript so that both the app (src/server/http/body.ts) and the web server in front of Next
// (scripts/server-action-guard.mjs) use this one check.

/**
 * How deeply `text` nests arrays and objects, counted on the raw characters (strings skipped) so that the check runs
 * before JSON.parse and costs one linear pass. Stops counting once past `limit`.
 * @param {string} text
 * @param {number} limit
 * @returns {boolean}
 */
export function jsonDepthExceeds(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
