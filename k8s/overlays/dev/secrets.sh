#!/usr/bin/env bash
# Creates the dev overlay's namespace and the Secrets its pods reference, with fresh random values (nothing
# secret is in the repository). A Secret that exists is left alone: a new PORTALS_KEK would make the stored
# portal passwords unreadable. Without billing-stripe, verifications-clearinghouse and schedule-nexhealth the
# services use their sandboxes.
#   NAMESPACE=verific-dev ./k8s/overlays/dev/secrets.sh
set -euo pipefail
ns="${NAMESPACE:-verific-dev}"
kubectl get namespace "$ns" >/dev/null 2>&1 || kubectl create namespace "$ns"

secret() {
  local name="$1"
  shift
  if kubectl -n "$ns" get secret "$name" >/dev/null 2>&1; then
    echo "secret/$name exists: left alone"
  else
    kubectl -n "$ns" create secret generic "$name" "$@"
  fi
}

secret verific-internal --from-literal=INTERNAL_API_TOKEN="$(openssl rand -base64 32)"
# backing.yaml's MongoDB (the replica set member names itself mongo-0.mongo) and Redis.
secret verific-backing --from-literal="MONGODB_URI=mongodb://mongo-0.mongo:27017/verific?replicaSet=rs0" --from-literal="REDIS_URL=redis://redis:6379"
secret portals-kek --from-literal=PORTALS_KEK="$(openssl rand -base64 32)"
