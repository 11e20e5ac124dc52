"""The bundle points its OpenSSL at this machine's CA certificates (packaging/tls_certificates.py)."""
from __future__ import annotations

import importlib.util
import os
import ssl
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("tls_certificates", ROOT / "packaging" / "tls_certificates.py")
assert spec and spec.loader
tls = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tls)


def test_a_machine_without_the_build_machines_paths_gets_the_first_bundle_it_has(tmp_path: Path) -> None:
    fedora = tmp_path / "ca-bundle.crt"
    fedora.write_text("certificates", encoding="utf-8")
    environ: dict[str, str] = {}
    chosen = tls.use_system_certificates(environ, [str(tmp_path / "missing.crt"), str(fedora)], builtin_ok=False)
    assert chosen == str(fedora) and environ == {"SSL_CERT_FILE": str(fedora)}


def test_the_users_setting_and_working_builtin_paths_are_left_alone(tmp_path: Path) -> None:
    bundle = tmp_path / "ca.pem"
    bundle.write_text("certificates", encoding="utf-8")
    own = {"SSL_CERT_FILE": "/home/me/my-ca.pem"}
    assert tls.use_system_certificates(own, [str(bundle)], builtin_ok=False) is None
    assert own == {"SSL_CERT_FILE": "/home/me/my-ca.pem"}
    directory = {"SSL_CERT_DIR": "/home/me/certs"}
    assert tls.use_system_certificates(directory, [str(bundle)], builtin_ok=False) is None
    assert "SSL_CERT_FILE" not in directory
    working: dict[str, str] = {}
    assert tls.use_system_certificates(working, [str(bundle)], builtin_ok=True) is None and working == {}


def test_nothing_is_set_when_the_machine_has_no_bundle(tmp_path: Path) -> None:
    environ: dict[str, str] = {}
    assert tls.use_system_certificates(environ, [str(tmp_path / "none.pem")], builtin_ok=False) is None
    assert environ == {}


def test_openssl_reads_the_file_it_was_pointed_at(tmp_path: Path) -> None:
    """SSL_CERT_FILE is what Python's ssl (and so aiohttp and nio) load by default: checked in a
    fresh process, as the bundle sets it before any TLS context exists."""
    bundle = tmp_path / "ca.pem"
    bundle.write_text("", encoding="utf-8")
    code = "import ssl; print(ssl.get_default_verify_paths().cafile)"
    env = {**os.environ, "SSL_CERT_FILE": str(bundle)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == str(bundle)
    assert ssl.get_default_verify_paths().openssl_cafile_env == "SSL_CERT_FILE"
