#!/usr/bin/env bash
# Source-file duplicate pairs (issue 16): copies git-tracked .ts/.tsx under apps/ and packages/
# (no tests, __tests__, /testing/, e2e) into a temp dir and runs `duplicates` over it.
# Usage: scripts/dups-src.sh [checkout-dir] [--list FILE-OF-PATHS] [extra duplicates flags...]
#   --list FILE: only the paths listed in FILE (e.g. the files that existed at the baseline)
set -euo pipefail
dir="${1:-.}"; shift || true
list=""
if [[ "${1:-}" == "--list" ]]; then list="$2"; shift 2; fi
tmp="$(mktemp -d /tmp/dups-src.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
cd "$dir"
git ls-files -- 'apps/*.ts' 'apps/*.tsx' 'packages/*.ts' 'packages/*.tsx' \
  | grep -Ev '\.test\.tsx?$|(^|/)__tests__/|/testing/|(^|/)e2e(/|$)' \
  | { if [[ -n "$list" ]]; then grep -Fxf "$list"; else cat; fi; } \
  | while IFS= read -r f; do [[ -f "$f" ]] || continue; mkdir -p "$tmp/$(dirname "$f")"; cp "$f" "$tmp/$f"; done
echo "files: $(find "$tmp" -type f | wc -l)" >&2
duplicates --repo "$tmp" --seconds 300 "$@"
