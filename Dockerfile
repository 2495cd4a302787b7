# fairway in production: compiled JavaScript, no dev dependency, a non-root user.
# Build:  docker build -t fairway .
# Run:    docker run --env-file .env -p 3000:3000 fairway   (see compose.yaml for PostgreSQL)

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY locales ./locales
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/locales ./locales
# The playground's page (served only when BOT_TOKEN is unset).
COPY --from=build /app/src/local/playground/public ./src/local/playground/public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): fairway drains and releases its lease before exiting.
CMD ["node", "--enable-source-maps", "dist/main.js"]
