#!/bin/sh
# Throwaway test CA for the transport's HTTPS tests. Never commit its output.
#
#   scripts/test-ca.sh              generate (or reuse) .build/test-ca/{ca,server}.{pem,key} and bundle.crt
#   scripts/test-ca.sh run CMD...   run CMD trusting the test CA, with ASSINAFY_TEST_CA exported
#   scripts/test-ca.sh clean        delete .build/test-ca
#
# On Linux, URLSession (libcurl) trusts only /etc/ssl/certs/ca-certificates.crt and ignores
# SSL_CERT_FILE & co., so `run` bind-mounts bundle.crt (system bundle + test CA) over it inside a
# private mount namespace: only CMD and its children see the test CA; the machine is untouched.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR="$ROOT/.build/test-ca"
SYSTEM_BUNDLE=/etc/ssl/certs/ca-certificates.crt

generate() {
    if [ -f "$DIR/bundle.crt" ] && [ -f "$DIR/server.key" ] \
        && openssl x509 -checkend 86400 -noout -in "$DIR/server.pem" >/dev/null 2>&1; then
        return 0
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chmod 700 "$DIR"
    (
        cd "$DIR"
        openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 30 \
            -subj "/CN=Assinafy SDK Test CA (throwaway)" \
            -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
        openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=localhost" 2>/dev/null
        printf '%s\n' 'basicConstraints=CA:FALSE' 'keyUsage=critical,digitalSignature,keyEncipherment' \
            'extendedKeyUsage=serverAuth' 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:127.0.0.2,IP:::1' > server.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 29 \
            -sha256 -extfile server.ext 2>/dev/null
        rm -f server.csr server.ext ca.srl
        if [ -f "$SYSTEM_BUNDLE" ]; then cat "$SYSTEM_BUNDLE" ca.pem > bundle.crt; else cp ca.pem bundle.crt; fi
    )
    echo "test-ca: generated $DIR" >&2
}

case "${1:-generate}" in
generate)
    generate
    ;;
run)
    shift
    [ "$#" -gt 0 ] || { echo "usage: $0 run <command...>" >&2; exit 2; }
    generate
    ASSINAFY_TEST_CA="$DIR"
    export ASSINAFY_TEST_CA
    # Root (CI) only needs a private mount namespace; elsewhere try an unprivileged user namespace.
    if [ "$(id -u)" = 0 ]; then
        set -- unshare -m --propagation private sh -c 'mount --bind "$0" '"$SYSTEM_BUNDLE"' && exec "$@"' "$DIR/bundle.crt" "$@"
    else
        set -- unshare -r -m sh -c 'mount --bind "$0" '"$SYSTEM_BUNDLE"' && exec "$@"' "$DIR/bundle.crt" "$@"
    fi
    exec "$@"
    ;;
clean)
    rm -rf "$DIR"
    ;;
*)
    echo "usage: $0 [generate|run <command...>|clean]" >&2
    exit 2
    ;;
esac
