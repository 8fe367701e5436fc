# One image for every service; docker-compose.yml (or a Deployment) picks the process with its command:
#   node services/<name>/dist/main.js
FROM node:26.10-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm run build --workspace web --if-present \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:26.10-bookworm-slim
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# Mount point for the dev identity provider's keys (and the embedded store when no MONGODB_URI is set).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
CMD ["node", "services/gateway/dist/main.js"]
