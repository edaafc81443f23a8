#!/usr/bin/env node
// The baseline of the page and API measures: a bare Node HTTP server answering fixed bytes captured from Vitrina
// (same body, same content type), with no framework, routing table lookup only. Runs in its own process so it never
// shares an event loop with the load generator.
//
//   node bench/static-server.mjs <port> <routes.json>   routes.json: { "/path": { "type": "...", "body": "<base64>" } }
import { readFileSync } from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8"))).map(([path, r]) => [path, { type: r.type, body: Buffer.from(r.body, "base64") }]),
);

http
  .createServer((request, response) => {
    const route = routes.get(request.url ?? "/");
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    response.writeHead(200, { "content-type": route.type, "content-length": route.body.length });
    response.end(route.body);
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
