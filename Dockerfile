# ProxyPort: the API, the web app and the gateway in one image (README, "Production").
# Stages: `build` installs everything and builds the web app and the server; `deps` installs the
# server's runtime modules only; the final image has Debian's Node.js, those modules, the
# compiled server (plus its sources, which the command line tool runs through tsx) and the built
# web app with its server renderer, and runs as an unprivileged user.
# Base: Debian trixie's own Node.js (20.19), so the image needs nothing outside Debian and npm.

FROM docker.io/library/debian:trixie-slim AS node
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs ca-certificates \
  && rm -rf /var/lib/apt/lists/*

FROM node AS npm
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends npm \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

FROM npm AS build
# Behind a TLS-inspecting proxy, pass its CA bundle: `--secret id=ca,src=/etc/ssl/certs/ca-certificates.crt`.
RUN --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi; \
  npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/web apps/web
COPY apps/server apps/server
# The commit the server reports in its version (the sources here are not a git checkout).
ARG PORTAL_COMMIT=""
RUN npm run build -w apps/web && npm run build -w apps/server

FROM npm AS deps
# The server's and the contract's runtime modules, without the web app's or any tool's.
RUN --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi; \
  npm ci --omit=dev --no-audit --no-fund -w apps/server -w packages/contract

FROM node
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin portal \
  && mkdir -p /data && chown portal:portal /data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  GATEWAY_METRICS_PORT=9464
# The embedded database and the demo admin secret live here; with DATABASE_URL it stays empty.
VOLUME ["/data"]
USER portal
EXPOSE 8080 1080 8081 9464
# Readiness, not liveness: an instance that is starting or draining is reported unhealthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: readiness 503, requests finish, tunnels drain.
# The same V8 flag as `npm start` (package.json): a young generation of 2 MB semi-spaces
# (docs/benchmarks.md; checked against package.json by scripts/container-smoke.sh).
CMD ["node", "--max-semi-space-size=2", "apps/server/dist/main.js"]
