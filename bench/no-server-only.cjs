// Preloaded by the bench's in-process suites (tsx --require): "server-only" refuses to load outside a React server
// bundle, which a plain Node process is not; the suites call server code directly, as the integration tests do.
const Module = require("node:module");
const path = require.resolve("server-only");
require.cache[path] = new Module.Module(path);
require.cache[path].loaded = true;
require.cache[path].exports = {};
