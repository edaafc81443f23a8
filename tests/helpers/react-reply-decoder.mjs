// React's own server-action decoder (the one Next 16 bundles), run the way Next runs it, as a reference for
// scripts/action-arguments.mjs. It needs the "react-server" export condition, so it runs in a process of its own:
//   node --conditions=react-server tests/helpers/react-reply-decoder.mjs < cases.json
// Input: a JSON array of { mode: "text" | "multipart" | "form", contentType, body (base64) }. Output: a JSON array of
// { ok, error } — ok when Next would have had its arguments: a text or multipart fetch action decoded to a list
// (decodeReply / decodeReplyFromBusboy, as Next's action handler calls them), or a form's bound action decoded
// (decodeAction). Every server reference resolves to a function here: which ids exist is Next's check, not this one.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "next/dist/compiled/busboy/index.js";
import server from "next/dist/compiled/react-server-dom-turbopack/server.node.js";

globalThis.__next_require__ = () => function action() {};
globalThis.__next_chunk_load__ = () => Promise.resolve();
const serverModuleMap = new Proxy({}, { get: (_target, id) => (typeof id === "string" ? { id: "module", chunks: [], name: "" } : undefined) });

async function decode({ mode, contentType, body }) {
  const bytes = Buffer.from(body, "base64");
  const temporaryReferences = server.createTemporaryReferenceSet();
  if (mode === "text") return server.decodeReply(bytes.toString("utf8"), serverModuleMap, { temporaryReferences });
  if (mode === "multipart") {
    const parser = busboy({ defParamCharset: "utf8", headers: { "content-type": contentType }, limits: { fieldSize: 1024 * 1024 } });
    const [, args] = await Promise.all([pipeline(Readable.from([bytes]), parser), server.decodeReplyFromBusboy(parser, serverModuleMap, { temporaryReferences })]);
    return args;
  }
  const form = await new Request("http://localhost/", { method: "POST", headers: { "content-type": contentType }, body: bytes }).formData();
  return [await server.decodeAction(form, serverModuleMap)];
}

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const verdicts = [];
  for (const item of cases) {
    try {
      // A body whose references never close leaves Next's request waiting for ever: a refusal too.
      const args = await Promise.race([decode(item), new Promise((_, reject) => setTimeout(() => reject(new Error("never settles")), 2000).unref())]);
      verdicts.push(Array.isArray(args) ? { ok: true } : { ok: false, error: "the arguments are not a list" });
    } catch (error) {
      verdicts.push({ ok: false, error: String(error?.message ?? error) });
    }
  }
  process.stdout.write(JSON.stringify(verdicts));
}

await main();
