import { spawnSync } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../helpers/source-files";
// @ts-expect-error plain ESM script without type declarations
import { actionBodyRefusal, guardServerAction } from "../../scripts/server-action-guard.mjs";

/*
 * Malformed server-action bodies (docs/security.md): Next decodes an action's arguments before any action runs and
 * answers what its decoder cannot read — "notjson", ["$Q1"], a multipart reference chain with a missing link — with a
 * 500 and a stack trace in the log, for anonymous callers too. The web server refuses them first with 400
 * (scripts/server-action-guard.mjs, scripts/action-arguments.mjs). Here the guard is held against React's own decoder,
 * run the way Next runs it (tests/helpers/react-reply-decoder.mjs): every body the decoder cannot read is refused,
 * and every body React's own encoder writes is let through.
 */

const require = createRequire(import.meta.url);
type Encoder = { encodeReply: (value: unknown, options?: { temporaryReferences?: unknown }) => Promise<string | FormData>; createTemporaryReferenceSet: () => unknown };
const client = require("next/dist/compiled/react-server-dom-turbopack/client.edge") as Encoder;

type Body = { label: string; mode: "text" | "multipart" | "form"; contentType: string; bytes: Buffer };

const text = (label: string, body: string): Body => ({ label, mode: "text", contentType: "text/plain;charset=UTF-8", bytes: Buffer.from(body) });

async function multipart(label: string, fields: Array<[string, string | Blob]> | FormData, mode: "multipart" | "form" = "multipart"): Promise<Body> {
  const form = fields instanceof FormData ? fields : new FormData();
  if (!(fields instanceof FormData)) for (const [key, value] of fields) form.append(key, value);
  const response = new Response(form);
  return { label, mode, contentType: response.headers.get("content-type")!, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A body as React's client encoder writes it for these arguments (Next's client passes temporary references). */
async function encoded(label: string, args: unknown[]): Promise<Body> {
  const reply = await client.encodeReply(args, { temporaryReferences: client.createTemporaryReferenceSet() });
  return typeof reply === "string" ? text(label, reply) : multipart(label, reply);
}

/** What the guard answers: null, or why it refuses (with the code it answers). */
async function guardVerdict(body: Body): Promise<string | null> {
  const refusal = (await actionBodyRefusal(body.bytes, body.contentType, body.mode !== "form")) as { code: string; message: string } | null;
  return refusal ? `${refusal.code}: ${refusal.message}` : null;
}

/** What React's decoder makes of each body, run as Next runs it, in a process with the react-server condition. */
function decoderVerdicts(bodies: Body[]): Array<{ ok: boolean; error?: string }> {
  const input = JSON.stringify(bodies.map((b) => ({ mode: b.mode, contentType: b.contentType, body: b.bytes.toString("base64") })));
  const run = spawnSync(process.execPath, ["--conditions=react-server", path.join(projectRoot, "tests/helpers/react-reply-decoder.mjs")], {
    cwd: projectRoot,
    input,
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`the reference decoder failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** Arguments as the shop's actions and React's encoder use them: plain data, and every kind the encoder outlines. */
async function realBodies(): Promise<Body[]> {
  const shared = { x: [1, 2] };
  const cyclic: Record<string, unknown> = { name: "loop" };
  cyclic.self = cyclic;
  const withFile = new FormData();
  withFile.append("name", "Bolso");
  withFile.append("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
  return Promise.all([
    encoded("the drawer's price refresh", [{ variantIds: ["var_1", "var_2"], locale: "es" }]),
    encoded("the order lookup", [{ email: "a@example.com", orderNumber: "#1001", locale: "en" }]),
    encoded("no arguments", []),
    encoded("strings that start with $", [{ a: "$Q1", b: "$$", c: "$", d: "$1:0" }]),
    encoded("numbers the encoder writes as tags", [undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 10n ** 40n, new Date(0)]),
    encoded("Map, Set and an iterator", [new Map<unknown, unknown>([["k", { z: 1 }], [2, new Set([1, 2])]]), new Set(["a"]), [1, 2, 3].values()]),
    encoded("a value used twice and a cycle", [shared, shared, shared.x, cyclic]),
    encoded("FormData with a file", [withFile]),
    encoded("binary data", [new Uint8Array([1, 2, 3]), new Int16Array([1, -1]), new Float64Array([0.5]), new Blob(["hi"]), new ArrayBuffer(4)]),
    encoded("a promise", [Promise.resolve({ ok: true })]),
    encoded("values only the client holds", [{ onClick: () => undefined, when: new (class Moment {})() }]),
    encoded("a large list", [Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `item ${i}` }))]),
    multipart(
      "a form posted before the page's script ran, with a bound action",
      [
        ["$ACTION_REF_1", ""],
        ["$ACTION_1:0", '{"id":"7f00aa","bound":"$@1"}'],
        ["$ACTION_1:1", '["bound argument"]'],
        ["email", "a@example.com"],
      ],
      "form",
    ),
  ]);
}

/** Bodies a probe sends: each one Next's decoder cannot read (500 without the guard). */
async function hostileBodies(): Promise<Body[]> {
  const amplified = [["1", JSON.stringify(Array(1000).fill(0))] as [string, string], ["0", JSON.stringify(Array(1100).fill("$1"))] as [string, string]];
  return Promise.all([
    text("not JSON", "notjson"),
    text("empty", ""),
    text("a Map that refers to a missing part", '["$Q1"]'),
    text("a reference to a missing part", '["$1"]'),
    text("a Set and an iterator of missing parts", '["$W1","$i2"]'),
    text("arguments that are no list", "{}"),
    text("arguments that refer to themselves", '"$0"'),
    text("a number that is not one", '["$n12x"]'),
    text("a number too long", `["$n${"1".repeat(301)}"]`),
    text("a file that is not there", '["$B1"]'),
    text("a typed array that is not there", '["$o1"]'),
    text("a path into nothing", '[{"a":1},"$0:0:b"]'),
    text("a path into a string", '["abc","$0:0:length"]'),
    text("one stream twice", '["$R1","$R1"]'),
    multipart("a bad multipart reference chain", [["0", '["$1"]'], ["1", '["$2"]']]),
    multipart("a chain whose middle is not JSON", [["2", "[1]"], ["1", "{nope"], ["0", '["$1"]']]),
    multipart("a root sent before the part it refers to", [["0", '["$1"]'], ["1", "[1]"]]),
    multipart("a Map made of an object", [["1", '{"a":1}'], ["0", '["$Q1"]']]),
    multipart("a Map whose entries are not pairs", [["1", "[1,2]"], ["0", '["$Q1"]']]),
    multipart("one list making two Sets", [["1", "[1]"], ["0", '["$W1","$W1"]']]),
    multipart("a file that is text", [["1", "hello"], ["0", '["$B1"]']]),
    multipart("a typed array of the wrong length", [["1", new Blob([new Uint8Array(3)])], ["0", '["$S1"]']]),
    multipart("a typed array and a part sharing an id", [["1", new Blob([new Uint8Array(2)])], ["0", '["$o1","$1"]']]),
    multipart("a path through a Map", [["1", '[["k",1]]'], ["0", '["$Q1","$0:0:k"]']]),
    multipart("arrays multiplied past React's limit by references", amplified),
    multipart("a form whose bound action is not JSON", [["$ACTION_REF_1", ""], ["$ACTION_1:0", "notjson"]], "form"),
    multipart("a form whose bound arguments are missing", [["$ACTION_REF_1", ""], ["$ACTION_1:0", '{"id":"7f00aa","bound":"$1"}']], "form"),
  ]);
}

/** Deterministic damage done to real bodies: a field dropped, fields reordered, a row cut short, a reference bent. */
function mutations(bodies: Body[]): Body[] {
  let seed = 20261127;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const out: Body[] = [];
  for (const body of bodies) {
    const raw = body.bytes.toString("latin1");
    for (let i = 0; i < 8; i++) {
      let damaged = raw;
      const kind = random(4);
      if (kind === 0) damaged = raw.slice(0, random(raw.length + 1));
      else if (kind === 1) damaged = raw.replace(/"\$([0-9a-f]+)/g, (m, id) => (random(2) ? `"$${(parseInt(id, 16) + 1 + random(3)).toString(16)}` : m));
      else if (kind === 2) damaged = raw.replace(/"\$([A-Za-z@])/g, (m) => (random(3) ? m : `"$${"QWiBoSKT@R"[random(10)]}`));
      else {
        const parts = raw.split(/(?=--[^\r\n]*\r\nContent-Disposition)/);
        if (parts.length > 2) {
          const a = random(parts.length - 1);
          const b = random(parts.length - 1);
          [parts[a], parts[b]] = [parts[b], parts[a]];
          if (random(2)) parts.splice(random(parts.length - 1), 1);
        }
        damaged = parts.join("");
      }
      if (damaged !== raw) out.push({ ...body, label: `${body.label} (damaged ${out.length})`, bytes: Buffer.from(damaged, "latin1") });
    }
  }
  return out;
}

describe("server action bodies against React's own decoder", () => {
  let real: Body[];
  let hostile: Body[];
  beforeAll(async () => {
    real = await realBodies();
    hostile = await hostileBodies();
  });

  it("lets through every body React's encoder writes, which React's decoder reads", async () => {
    const decoded = decoderVerdicts(real);
    for (const [i, body] of real.entries()) {
      expect(decoded[i], body.label).toEqual({ ok: true });
      expect(await guardVerdict(body), body.label).toBeNull();
    }
  });

  it("attack: malformed server action bodies — every hostile body React's decoder cannot read is refused with 400 before Next", async () => {
    const decoded = decoderVerdicts(hostile);
    for (const [i, body] of hostile.entries()) {
      expect(decoded[i].ok, `${body.label}: the decoder should fail on it (a 500 in Next)`).toBe(false);
      expect(await guardVerdict(body), body.label).toMatch(/^malformed_arguments: /);
    }
  });

  it("attack: malformed server action bodies — of real bodies damaged at random, whatever React's decoder cannot read is refused", async () => {
    const damaged = mutations(real);
    const decoded = decoderVerdicts(damaged);
    let unreadable = 0;
    for (const [i, body] of damaged.entries()) {
      if (decoded[i].ok) continue;
      unreadable += 1;
      expect(await guardVerdict(body), `${body.label}: ${decoded[i].error}`).not.toBeNull();
    }
    // The damage must be of the kind that matters: most of it breaks the decoder.
    expect(unreadable).toBeGreaterThan(damaged.length / 2);
  });
});

describe("the guard in front of Next", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("attack: malformed server action bodies — answered 400 with a reason, and Next never sees them; real calls reach it byte for byte", async () => {
    const reached: Buffer[] = [];
    server = http.createServer((req, res) => {
      void guardServerAction(req, res, (request: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        request.on("data", (c: Buffer) => chunks.push(c));
        request.on("end", () => {
          reached.push(Buffer.concat(chunks));
          res.writeHead(200).end("next");
        });
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
    const post = (body: Body) =>
      fetch(base, { method: "POST", headers: { "content-type": body.contentType, ...(body.mode === "form" ? {} : { "next-action": "7f00aa" }) }, body: new Uint8Array(body.bytes) });

    for (const body of (await hostileBodies()).slice(0, 3)) {
      const answer = await post(body);
      expect(answer.status, body.label).toBe(400);
      const error = ((await answer.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("malformed_arguments");
      expect(error.message).toMatch(/^A server action's arguments could not be read: .+\.$/);
    }
    expect(reached).toEqual([]);
    const [refresh] = await realBodies();
    expect((await post(refresh)).status).toBe(200);
    expect(reached.map((b) => b.toString())).toEqual([refresh.bytes.toString()]);
  });
});
