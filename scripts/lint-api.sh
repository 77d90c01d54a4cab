#!/usr/bin/env bash
# Lints the API document (generated from the endpoint registry, as the server serves it) with
# Spectral's OpenAPI rules (.spectral.yaml). Any warning fails, not only errors: a call without
# an operationId, a tag or a description is a defect of the registry.
set -euo pipefail
cd "$(dirname "$0")/.."
document=$(mktemp --suffix=.json)
trap 'rm -f "$document"' EXIT
node --import tsx apps/server/src/openapi/write-document.ts "$document" >/dev/null
npx --no-install spectral lint "$document" --ruleset .spectral.yaml --fail-severity=warn --display-only-failures
