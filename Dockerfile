# Vitrina — production image. Build: docker build -t vitrina .
# Run (embedded database): docker run -p 3000:3000 -v vitrina-data:/data -e BASE_URL=https://shop.example.com vitrina
# With PostgreSQL see compose.example.yaml; operations (health, logs, backups, scaling) in docs/operations.md.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# Every dependency, dev ones included: the start-up check (scripts/preflight.ts) runs through tsx and migrates with
# drizzle's migrator, so the runtime needs them too.
RUN npm install --no-audit --no-fund
COPY . .
# The build never opens a database or DATA_DIR; settings are read when the server starts.
RUN npx next build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    DATA_DIR=/data \
    VITRINA_SKIP_BUILD=true
# The image's unprivileged `node` user (uid 1000) owns the app (Next writes its image cache under .next/cache) and
# the data folder; nothing runs as root.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
# Embedded database, uploaded images and the generated auth secret. With PostgreSQL it still holds the uploads:
# share it between instances (docs/operations.md).
VOLUME ["/data"]
EXPOSE 3000
# /api/health answers 503 when the database is unreachable or migrations are missing (no curl in the slim image).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Checks settings, migrates (and seeds an empty database with the demo shop unless VITRINA_SKIP_SEED=true), then
# serves the build made above. SIGTERM is passed on to Next, which finishes in-flight requests.
CMD ["node", "scripts/start.mjs"]
