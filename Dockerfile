# The deployable store (decision 018): one image for the HTTP server and the worker. The manifests
# stage holds the workspaces' package files, which both installs need (and only they, so a source
# change reuses the installed packages); the build stage builds the web app and compiles the server
# exactly as `npm run build` does (the deployment test runs the same build with the same
# environment); the packages stage installs the server's production packages; the last stage holds
# only what runs, as the unprivileged `node` user.
FROM node:22-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS packages
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/assets ./apps/server/assets
COPY --from=build /app/apps/server/src/db/migrations ./apps/server/src/db/migrations
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The worker runs the same image with: node --enable-source-maps apps/server/dist/worker.js
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
