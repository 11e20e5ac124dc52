"""Offline check that online play's libraries work: what `tablekeeper --smoke-online DIR` runs.

packaging/entry.py runs this instead of the app when its first argument is ``--smoke-online``, so
packaging/smoke.py can prove the built bundle carries online play without a network or a server:

1. ``engine.online.matrix`` imports with importlib, exactly as gui/controller/online.py loads it
   when a player signs in (so the import proves the spec collected it: nothing here imports nio
   in a way PyInstaller could follow);
2. a nio client with encryption builds its device store in DIR (SQLite through peewee) and
   creates the device's Olm account (vodozemac), with its identity and one-time keys; a second
   client on the same DIR reloads the same account from the store;
3. two Olm accounts open a session and one decrypts what the other encrypted (vodozemac);
4. a login reply is parsed through nio's JSON schemas (jsonschema), aiohttp's compiled HTTP
   parser and pycryptodome (attachment encryption) load, and OpenSSL finds CA certificates (to
   verify a homeserver's TLS certificate).

Prints ``online: …`` lines and ``online: ok`` at the end; exit 0 when every step passed.
"""
from __future__ import annotations

import importlib
import logging
import os
import ssl
import sys
import tempfile
from pathlib import Path
from typing import Any

USER, DEVICE = "@smoke:tablekeeper.invalid", "SMOKETEST"


def _client(nio: Any, folder: Path) -> Any:
    config = nio.AsyncClientConfig(encryption_enabled=True, store_sync_tokens=True)
    client = nio.AsyncClient("https://tablekeeper.invalid", USER, device_id=DEVICE, store_path=str(folder),
                             config=config)
    client.user_id = USER  # what a login reply sets
    client.load_store()  # no network: the store and the Olm account are local
    return client


def run(folder: Path) -> None:
    matrix = importlib.import_module("engine.online.matrix")  # as gui/controller/online.py does
    nio = importlib.import_module("nio")
    print(f"online: engine.online.matrix imported (MatrixAccount: {hasattr(matrix, 'MatrixAccount')}), "
          f"nio encryption {'enabled' if nio.crypto.ENCRYPTION_ENABLED else 'DISABLED'}", flush=True)
    if not nio.crypto.ENCRYPTION_ENABLED:
        raise RuntimeError("nio has no encryption: vodozemac did not load")

    client = _client(nio, folder)
    keys = client.olm.account.identity_keys
    client.olm.account.generate_one_time_keys(3)
    one_time = client.olm.account.one_time_keys["curve25519"]
    print(f"online: Olm account created for {DEVICE}: curve25519 {keys['curve25519'][:12]}…, "
          f"ed25519 {keys['ed25519'][:12]}…, {len(one_time)} one-time keys; store "
          f"{type(client.store).__name__}", flush=True)
    reloaded = _client(nio, folder).olm.account.identity_keys
    if reloaded != keys:
        raise RuntimeError("the Olm account read back from the store has other keys")
    print("online: the account reloads from the store with the same keys", flush=True)

    sessions = importlib.import_module("nio.crypto.sessions")
    alice, bob = sessions.OlmAccount(), sessions.OlmAccount()
    bob.generate_one_time_keys(1)
    outbound = alice.create_outbound_session(bob.identity_keys["curve25519"],
                                             next(iter(bob.one_time_keys["curve25519"].values())))
    message = outbound.encrypt(b"your hand: 3 cards")  # a pre-key message: it opens Bob's session
    _session, plain = bob.create_inbound_session(alice.identity_keys["curve25519"], message)
    if plain != b"your hand: 3 cards":
        raise RuntimeError(f"Olm decrypted {plain!r}")
    print("online: Olm session: encrypted and decrypted a message between two accounts", flush=True)

    login = nio.LoginResponse.from_dict({"user_id": USER, "device_id": DEVICE, "access_token": "t"})
    logging.getLogger("nio").setLevel(logging.CRITICAL)  # it logs the refused reply below
    bad = nio.LoginResponse.from_dict({"user_id": 5})
    if not isinstance(login, nio.LoginResponse) or not isinstance(bad, nio.LoginError):
        raise RuntimeError(f"nio's schemas did not check a login reply: {login!r}, {bad!r}")
    parser = importlib.import_module("aiohttp.http_parser").HttpResponseParser
    crypto = importlib.import_module("nio.crypto.attachments").encrypt_attachment(b"save file")
    print(f"online: nio's JSON schemas checked a login reply; aiohttp's parser {parser.__module__}; "
          f"attachment encrypted ({len(crypto[0])} bytes)", flush=True)
    if parser.__module__ != "aiohttp._http_parser":
        raise RuntimeError("aiohttp's compiled HTTP parser did not load")

    paths = ssl.get_default_verify_paths()  # where the bundled OpenSSL looks for the CAs that sign homeservers
    found = [path for path in (paths.cafile, paths.capath) if path and os.path.exists(path)]
    print(f"online: TLS certificates from {found or [paths.openssl_cafile, paths.openssl_capath]}", flush=True)
    if not found:
        raise RuntimeError("OpenSSL finds no CA certificates here: set SSL_CERT_FILE")


def main(argv: list[str]) -> int:
    try:
        if argv:
            Path(argv[0]).mkdir(parents=True, exist_ok=True)
            run(Path(argv[0]))
        else:
            with tempfile.TemporaryDirectory() as folder:
                run(Path(folder))
    except Exception as error:  # the check reports any failure as a line, and exits 1
        print(f"online: FAILED: {type(error).__name__}: {error}", flush=True)
        return 1
    print("online: ok", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
