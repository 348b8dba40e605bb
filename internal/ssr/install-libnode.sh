#!/bin/sh
# Installs V8 for the cgo engine: Debian 12's libnode108 (Node 18.20, V8 10.2) and its
# headers, unpacked under /opt/libnode108, where engine_v8.go's cgo flags look.
#
# Why not `apt-get install libnode-dev`: libnode108 depends on node-acorn and friends,
# which depend on Debian's own nodejs package, and the machines run NodeSource's
# nodejs 20 (Vite needs it). apt cannot have both, so the two .debs are fetched with
# `apt-get download` and unpacked; their shared-library dependencies are installed
# normally. Where Debian's libnode-dev is installed the ordinary way, this is not needed.
set -eu

prefix=/opt/libnode108
if [ -e "$prefix/usr/lib/x86_64-linux-gnu/libnode.so.108" ] && [ -e "$prefix/usr/include/node/v8.h" ]; then
	exit 0
fi
apt-get update -qq
apt-get install -y -qq libbrotli1 libc-ares2 libicu72 libnghttp2-14 libssl3 libuv1 zlib1g >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chown _apt "$tmp" 2>/dev/null || chmod 777 "$tmp" # apt downloads as the _apt user
(cd "$tmp" && apt-get download -qq libnode108 libnode-dev)
mkdir -p "$prefix"
for deb in "$tmp"/*.deb; do
	dpkg-deb -x "$deb" "$prefix"
done
echo "libnode installed under $prefix"
