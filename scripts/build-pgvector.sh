#!/usr/bin/env bash
# Builds and installs the pgvector extension for the PostgreSQL whose pg_config is given (default: the machine's
# PostgreSQL 15), for the second server the tests and benchmarks run contact search's pgvector path on
# (scripts/pgvector-server.ts, docs/design.md#vector-similarity).
#
# Only from Debian: Debian 12 packages no pgvector for PostgreSQL 15, so this takes the source package of the next
# release (trixie), through an apt state of its own in a temporary folder (the machine's apt sources are left as they
# are; the archive's signature is checked with the Debian keyring, as apt checks its own), and builds the upstream
# release it holds with PGXS. Debian's packaging adds nothing the build needs.
#
# Idempotent, and quick when done: it exits at once when the extension's library and control file are installed.
# The first build takes ~20-60 s (apt-get update and the compile); it needs root, for apt-get and `make install`.
#
#   bash scripts/build-pgvector.sh [PG_CONFIG]
set -euo pipefail

pg_config=${1:-/usr/lib/postgresql/15/bin/pg_config}
[ -x "$pg_config" ] || { echo "build-pgvector: no pg_config at $pg_config (apt-get install postgresql-15)" >&2; exit 1; }
library="$("$pg_config" --pkglibdir)/vector.so"
control="$("$pg_config" --sharedir)/extension/vector.control"
if [ -f "$library" ] && [ -f "$control" ]; then
  echo "build-pgvector: pgvector is installed ($control)" >&2
  exit 0
fi
[ "$(id -u)" = 0 ] || { echo "build-pgvector: pgvector is missing and installing it needs root" >&2; exit 1; }

major=$("$pg_config" --version | sed -E 's/^[^0-9]*([0-9]+).*/\1/')
export DEBIAN_FRONTEND=noninteractive
# The build's tools, from the machine's own sources: installed only when missing.
missing=()
for package in "postgresql-server-dev-$major" make gcc; do
  dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "build-pgvector: installing ${missing[*]}" >&2
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The machine's Debian mirror (deb822 sources as Debian 12 writes them, else a one-line sources.list).
mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" { print ($2 ~ /^\[/ ? $3 : $2); exit }' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/sources.list.d"
cat >"$work/sources.list.d/trixie.sources" <<EOF
Types: deb-src
URIs: $mirror
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
apt_options=(
  -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$work/sources.list.d"
  -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache" -o APT::Get::Only-Source=true
  -o APT::Sandbox::User=root
)
echo "build-pgvector: fetching Debian trixie's pgvector source from $mirror" >&2
apt-get "${apt_options[@]}" update -qq >/dev/null
(cd "$work" && apt-get "${apt_options[@]}" source --download-only -qq pgvector >/dev/null)

tar -xzf "$work"/pgvector_*.orig.tar.gz -C "$work"
source_dir=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'pgvector-*' | head -1)
# OPTFLAGS="": pgvector defaults to -march=native, which would tie the library to this machine's CPU.
make -C "$source_dir" -j "$(nproc)" PG_CONFIG="$pg_config" OPTFLAGS="" >/dev/null
make -C "$source_dir" PG_CONFIG="$pg_config" install >/dev/null
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$source_dir/vector.control")
echo "build-pgvector: pgvector $version installed for PostgreSQL $major" >&2
