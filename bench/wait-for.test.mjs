// The bench's wait for its servers: `node --test bench/` (not part of npm test: benchmarks are not tests).
import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import { waitUntilAnswering, WaitError } from "./wait-for.mjs";

/** A server answering with `handler`, on a free port; a stand-in for the bench's child process beside it. */
async function serve(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const child = { exitCode: null, tail: () => "server output" };
  return { url, child, close: () => new Promise((resolve) => server.closeAllConnections() || server.close(resolve)) };
}

test("returns once the server answers 2xx", async () => {
  let calls = 0;
  const s = await serve((req, res) => {
    calls++;
    res.statusCode = calls < 3 ? 503 : 200;
    res.end("ok");
  });
  try {
    await waitUntilAnswering(s.url, s.child, { seconds: 5, errorSeconds: 5, pollMs: 10 });
    assert.equal(calls, 3);
  } finally {
    await s.close();
  }
});

test("a server that keeps answering 500 is reported as broken, with its output, long before the overall bound", async () => {
  const s = await serve((req, res) => {
    res.statusCode = 500;
    res.end("Internal Server Error");
  });
  const t0 = Date.now();
  try {
    await assert.rejects(waitUntilAnswering(s.url, s.child, { seconds: 30, errorSeconds: 0.3, pollMs: 10 }), (error) => {
      assert.ok(error instanceof WaitError);
      assert.match(error.message, /answered HTTP 500 for 0\.3 s/);
      assert.match(error.message, /server output/);
      return true;
    });
    assert.ok(Date.now() - t0 < 5000);
  } finally {
    await s.close();
  }
});

test("a server that accepts and never answers ends the wait at its bound, naming the last outcome", async () => {
  const s = await serve(() => {
    /* never answers */
  });
  const t0 = Date.now();
  try {
    await assert.rejects(waitUntilAnswering(s.url, s.child, { seconds: 1.5, requestSeconds: 1, pollMs: 10 }), /did not answer within 1\.5 s \(last: no answer within 1 s\)/);
    assert.ok(Date.now() - t0 < 4000, `took ${Date.now() - t0} ms`);
  } finally {
    await s.close();
  }
});

test("nothing listening ends at the bound; a child that exits ends the wait at once", async () => {
  const s = await serve(() => {});
  await s.close();
  const child = { exitCode: null, tail: () => "" };
  await assert.rejects(waitUntilAnswering(s.url, child, { seconds: 0.5, pollMs: 10 }), /did not answer within 0\.5 s \(last: ECONNREFUSED\)/);
  const exited = { exitCode: 1, tail: () => "Error: Cannot find module" };
  await assert.rejects(waitUntilAnswering(s.url, exited, { seconds: 30 }), /exited \(code 1\) before answering:\nError: Cannot find module/);
});
