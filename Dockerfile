# syntax=docker/dockerfile:1
#
# 脚本工坊 in one image: the built web app and the bundled server, served on one port.
#   docker build -t jiaoben .
#   docker compose up -d          (compose.yaml: this image + PostgreSQL, settings in .env)
# DEPLOY.md says what was and was not run of this file.

# Node's LTS line of .nvmrc.
ARG NODE_VERSION=24

# ---- build: the web app (apps/web/dist), the server bundle and the embedded database template ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts ./scripts
COPY packages/contract ./packages/contract
COPY apps/server ./apps/server
COPY apps/web ./apps/web
RUN npm run build -w apps/web \
  && node scripts/build-server.mjs \
  && node apps/server/dist/template.mjs

# ---- deps: the server's production dependencies only (no web, test or build tools) ----
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund \
  && mkdir -p apps/server/node_modules \
  && npm cache clean --force

# ---- runtime ----
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
# Migrations (run at every start) and the bundle with its embedded-database template.
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/dist ./apps/server/dist
# Data files the server reads at run time (through lib/server-root.ts).
COPY --from=build /app/apps/server/src/generation/knowledge/data ./apps/server/src/generation/knowledge/data
COPY --from=build /app/apps/server/src/modules/college/articles ./apps/server/src/modules/college/articles
COPY --from=build /app/apps/server/src/modules/inspiration/data ./apps/server/src/modules/inspiration/data
COPY --from=build /app/apps/server/src/modules/topic/data ./apps/server/src/modules/topic/data
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The embedded database (PGlite, when DATABASE_URL is unset) lives in /app/data: mount a volume there.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness (the process answers). Readiness for a load balancer is /api/v1/health/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 and gets SIGTERM: it drains (DRAIN_MS), closes and exits 0.
CMD ["node", "apps/server/dist/server.mjs"]
