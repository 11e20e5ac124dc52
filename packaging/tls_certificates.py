"""Let the bundle's OpenSSL find this machine's CA certificates.

The bundle carries the OpenSSL it was built with, and that looks for CA certificates where the build
machine's distribution keeps them (Debian: /usr/lib/ssl → /etc/ssl/certs). Other distributions keep
them elsewhere, and without them no homeserver's certificate can be checked. So, before anything
opens a TLS connection, point SSL_CERT_FILE at the first bundle this machine has — unless the user
set one, or the built-in paths already work.
"""
from __future__ import annotations

import os
import ssl
from collections.abc import Iterable, MutableMapping

# Where Linux distributions keep their whole CA bundle (the list Go's crypto/x509 searches).
KNOWN_BUNDLES = (
    "/etc/ssl/certs/ca-certificates.crt",                  # Debian, Ubuntu, Gentoo, Arch
    "/etc/pki/tls/certs/ca-bundle.crt",                    # Fedora, RHEL
    "/etc/ssl/ca-bundle.pem",                              # openSUSE
    "/etc/pki/tls/cacert.pem",                             # OpenELEC
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",   # CentOS, RHEL 7
    "/etc/ssl/cert.pem",                                   # Alpine
)


def builtin_paths_work() -> bool:
    paths = ssl.get_default_verify_paths()
    return any(path and os.path.exists(path) for path in (paths.cafile, paths.capath))


def use_system_certificates(environ: MutableMapping[str, str] = os.environ,
                            candidates: Iterable[str] = KNOWN_BUNDLES,
                            builtin_ok: bool | None = None) -> str | None:
    """The CA bundle SSL_CERT_FILE now names, if this set it; None when nothing had to change
    (the user's own setting, or OpenSSL's built-in paths, are left alone) or nothing was found."""
    if environ.get("SSL_CERT_FILE") or environ.get("SSL_CERT_DIR"):
        return None
    if builtin_paths_work() if builtin_ok is None else builtin_ok:
        return None
    for path in candidates:
        if os.path.isfile(path):
            environ["SSL_CERT_FILE"] = path
            return path
    return None
