# fairway in production: compiled JavaScript, no dev dependency, a non-root user, a BOT_TOKEN required.
# Build:  docker build -t fairway .
# Run:    docker run --env-file .env -p 3000:3000 fairway   (see compose.yaml for PostgreSQL and Prometheus)
#
# Node 20, although its support ended in April 2026: the test suite has run on Node 20 only (the machines
# it runs on have no other; better-sqlite3, a native addon, is built for one Node), and the image should be
# what the suite proved. To move to a supported LTS: run the suite on it, build with
# --build-arg NODE_VERSION=24 (node:24-bookworm-slim; 24 or newer), and make that the default here.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# What the running process reads, and nothing else: the compiled code and its production dependencies,
# package.json (Node reads its "type"), the locales (src/bot/i18n.ts) and the tee sheet Mini App's page
# (src/mini-app/server.ts reads src/mini-app/public beside dist/). Not the playground's page: the image
# refuses to start without a BOT_TOKEN (REQUIRE_BOT_TOKEN=1) instead of running the playground, whose
# local Bot API server listens on the container's loopback, where no browser reaches it.
# test/deploy/image.test.ts assembles this file set from these lines and runs it.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production PORT=3000 OPERATOR_PORT=9091 REQUIRE_BOT_TOKEN=1
WORKDIR /app
COPY package.json ./
# node_modules holds the fonts charts and e-vouchers are drawn with too (npm packages: src/render/fonts.ts).
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY locales ./locales
COPY src/mini-app/public ./src/mini-app/public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
# PORT: the webhook, the Mini App and /healthz. OPERATOR_PORT (/readyz, /metrics) listens on the container's
# loopback unless OPERATOR_HOST says otherwise (with METRICS_TOKEN; compose.yaml does).
EXPOSE 3000
# /healthz on PORT (dist/healthcheck.js reads the environment as fairway does).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD ["node", "dist/healthcheck.js"]
# SIGTERM reaches node directly (exec form): fairway drains and releases its lease before exiting. The start
# bundle (src/build/bundle.ts), as npm start runs it: a few files instead of a thousand modules to load.
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]
