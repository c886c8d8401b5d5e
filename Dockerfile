# The toolkit as one image: the website and the API on PORT (3000), or a job worker with the command
# `node apps/api/dist/job-worker.js`. Build with LibreOffice for office → PDF:
#   docker build --build-arg WITH_LIBREOFFICE=true -t toolkit:1.0.0 .
# The system packages come from scripts/install-system-packages.sh, the same script CI runs.

FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20.2-bookworm-slim
ARG WITH_LIBREOFFICE=false
COPY scripts/install-system-packages.sh /usr/local/bin/
RUN if [ "$WITH_LIBREOFFICE" = "true" ]; then office=--with-libreoffice; else office=; fi \
 && install-system-packages.sh runtime $office
# What `npm run serve` (scripts/serve.sh) sets, here because node is started directly: libvips'
# advice for glibc, fewer malloc arenas, far less memory kept by many threads.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/v1/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1 and node its only child: SIGTERM reaches node (npm would have kept it), which stops
# gracefully; tini reaps what LibreOffice leaves behind, which node as PID 1 would not.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/api/dist/server.js"]
