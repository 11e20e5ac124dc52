"""A throw-away Synapse homeserver on 127.0.0.1 for the `matrix` tests (stdlib only).

Synapse is a test tool, never bundled (AGPL): it lives in its own venv, whose interpreter the
environment variable ``TABLEKEEPER_SYNAPSE_PYTHON`` names, e.g.::

    python3.11 -m venv /tmp/tk-synapse-venv
    /tmp/tk-synapse-venv/bin/pip install --only-binary :all: matrix-synapse==1.163.2
    TABLEKEEPER_SYNAPSE_PYTHON=/tmp/tk-synapse-venv/bin/python pytest -m matrix tests/online

Without it the `homeserver` fixture skips its tests. The server writes its config into a fresh
temporary folder (SQLite, a client listener only: no federation, no registration but the admin
shared-secret API, no phone-home, rate limits lifted for the test users), starts in ~1.2 s,
and is stopped by its PID at the end of the session.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PYTHON_VARIABLE = "TABLEKEEPER_SYNAPSE_PYTHON"
SERVER_NAME = "tk.test"
_LIFTED = {"per_second": 1000, "burst_count": 1000}


class ApiError(RuntimeError):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status}: {body.get('errcode')} {body.get('error')}")
        self.status = status
        self.body = body


def api(base: str, method: str, path: str, token: str | None = None, body: Any = None,
        query: dict[str, str] | None = None, timeout: float = 30) -> dict[str, Any]:
    """One client-server API call; the JSON answer, or `ApiError`."""
    url = base + path + ("?" + urllib.parse.urlencode(query) if query else "")
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            result: dict[str, Any] = json.loads(answer.read() or b"{}")
            return result
    except urllib.error.HTTPError as error:
        try:
            detail = json.loads(error.read() or b"{}")
        except ValueError:
            detail = {}
        raise ApiError(error.code, detail) from None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _config(folder: Path, port: int, shared_secret: str) -> dict[str, Any]:
    return {
        "server_name": SERVER_NAME,
        "listeners": [{"port": port, "bind_addresses": ["127.0.0.1"], "type": "http", "tls": False,
                       "resources": [{"names": ["client"], "compress": False}]}],
        "database": {"name": "sqlite3", "args": {"database": str(folder / "homeserver.db")}},
        "log_config": str(folder / "log.config"),
        "media_store_path": str(folder / "media"),
        "signing_key_path": str(folder / "signing.key"),
        "registration_shared_secret": shared_secret,
        "enable_registration": False,
        "macaroon_secret_key": secrets.token_hex(32),
        "form_secret": secrets.token_hex(32),
        "report_stats": False,
        "enable_metrics": False,
        "trusted_key_servers": [],
        "suppress_key_server_warning": True,
        "federation_domain_whitelist": [],
        "url_preview_enabled": False,
        "push": {"enabled": False},
        "presence": {"enabled": False},
        "user_directory": {"enabled": False},
        "rc_message": _LIFTED,
        "rc_joins": {"local": _LIFTED, "remote": _LIFTED},
        "rc_invites": {"per_room": _LIFTED, "per_user": _LIFTED, "per_issuer": _LIFTED},
        "rc_registration": _LIFTED,
        "rc_login": {"address": _LIFTED, "account": _LIFTED, "failed_attempts": _LIFTED},
    }


_LOG_CONFIG = """\
version: 1
formatters: {precise: {format: '%(asctime)s %(name)s %(levelname)s %(message)s'}}
handlers: {file: {class: logging.FileHandler, formatter: precise, filename: '{log}'}}
root: {level: WARNING, handlers: [file]}
disable_existing_loggers: false
"""


class Homeserver:
    """A running Synapse: its URL, and registration of users by the shared secret."""

    def __init__(self, python: str, folder: Path) -> None:
        self.python = python
        self.folder = folder
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.shared_secret = secrets.token_hex(16)
        self.process: subprocess.Popen[bytes] | None = None
        (folder / "media").mkdir(parents=True, exist_ok=True)
        key = base64.b64encode(secrets.token_bytes(32)).decode().rstrip("=")
        (folder / "signing.key").write_text(f"ed25519 a_abcd {key}\n")
        (folder / "log.config").write_text(_LOG_CONFIG.replace("{log}", str(folder / "homeserver.log")))
        # JSON is YAML: no PyYAML needed here
        (folder / "homeserver.yaml").write_text(json.dumps(_config(folder, self.port, self.shared_secret), indent=1))

    def start(self, timeout: float = 60) -> float:
        """Start the server and wait until /health answers; the seconds it took."""
        started = time.monotonic()
        with open(self.folder / "stdout.log", "ab") as out:
            self.process = subprocess.Popen(
                [self.python, "-m", "synapse.app.homeserver", "-c", str(self.folder / "homeserver.yaml")],
                cwd=self.folder, stdout=out, stderr=subprocess.STDOUT)
        while time.monotonic() - started < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"synapse exited with {self.process.returncode}: see {self.folder}/stdout.log")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1) as answer:
                    if answer.status == 200:
                        return time.monotonic() - started
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"synapse did not answer /health within {timeout} s")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()  # by its PID
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def register(self, user: str, password: str | None = None, admin: bool = False) -> dict[str, Any]:
        """A new user by the admin shared-secret API: its user_id, access_token and device_id."""
        password = password or secrets.token_hex(8)
        nonce = api(self.url, "GET", "/_synapse/admin/v1/register")["nonce"]
        mac = hmac.new(self.shared_secret.encode(), b"\0".join(
            [nonce.encode(), user.encode(), password.encode(), b"admin" if admin else b"notadmin"]),
            hashlib.sha1).hexdigest()
        answer = api(self.url, "POST", "/_synapse/admin/v1/register",
                     body={"nonce": nonce, "username": user, "password": password, "admin": admin, "mac": mac})
        answer["password"] = password
        return answer

    def login(self, user_id: str, password: str) -> dict[str, Any]:
        """A new device of the user: its access_token and device_id."""
        return api(self.url, "POST", "/_matrix/client/v3/login", body={
            "type": "m.login.password", "identifier": {"type": "m.id.user", "user": user_id}, "password": password})


def synapse_python() -> str | None:
    python = os.environ.get(PYTHON_VARIABLE)
    return python if python and Path(python).is_file() and os.access(python, os.X_OK) else None


@pytest.fixture(scope="session")
def homeserver() -> Iterator[Homeserver]:
    """A throw-away Synapse for the session; skips when ``TABLEKEEPER_SYNAPSE_PYTHON`` is unset."""
    python = synapse_python()
    if python is None:
        pytest.skip(f"no Synapse: set {PYTHON_VARIABLE} to the python of a venv with matrix-synapse")
    folder = Path(tempfile.mkdtemp(prefix="tk-synapse-"))
    server = Homeserver(python, folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
