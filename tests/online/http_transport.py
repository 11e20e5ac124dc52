"""A `Transport` over the Matrix client-server API with nothing but the standard library: the
room's timeline read forward with /messages, private messages as to-device messages read with
/sync. A test tool that shows the protocol needs nothing of the in-memory room; the app's
transport will be matrix-nio's (async, end-to-end encryption), with the same two channels."""
from __future__ import annotations

import json
import secrets
import urllib.parse
from typing import Any

from engine.online import PrivateMessage, RoomEvent
from tests.online.synapse_fixture import api

_ROOM_FILTER = json.dumps({"types": ["org.tablekeeper.*"]})
_SYNC_FILTER = json.dumps({"room": {"rooms": []}, "presence": {"types": []}, "account_data": {"types": []}})


class HttpTransport:
    def __init__(self, base: str, account: str, token: str, room_id: str) -> None:
        self.base = base
        self.account = account
        self.token = token
        self.room = urllib.parse.quote(room_id)
        self._events: list[RoomEvent] = []
        self._seen: set[str] = set()
        self._from: str | None = None
        self._since: str | None = None
        self.requests = 0

    def _call(self, method: str, path: str, body: Any = None, query: dict[str, str] | None = None) -> dict[str, Any]:
        self.requests += 1
        return api(self.base, method, "/_matrix/client/v3" + path, self.token, body, query)

    def post(self, kind: str, content: dict[str, Any]) -> None:
        self._call("PUT", f"/rooms/{self.room}/send/{kind}/{secrets.token_hex(8)}", content)

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        self._call("PUT", f"/sendToDevice/{kind}/{secrets.token_hex(8)}", {"messages": {account: {"*": content}}})

    def room_since(self, index: int) -> list[RoomEvent]:
        while True:
            query = {"dir": "f", "limit": "200", "filter": _ROOM_FILTER}
            if self._from is not None:
                query["from"] = self._from
            page = self._call("GET", f"/rooms/{self.room}/messages", query=query)
            for event in page.get("chunk", []):
                if event["event_id"] not in self._seen:
                    self._seen.add(event["event_id"])
                    self._events.append(RoomEvent(len(self._events) + 1, event["sender"], event["type"],
                                                  event.get("content")))
            if not page.get("chunk") or not page.get("end"):
                break
            self._from = page["end"]
        return self._events[index:]

    def receive(self) -> list[PrivateMessage]:
        query = {"timeout": "0", "filter": _SYNC_FILTER}
        if self._since is not None:
            query["since"] = self._since
        answer = self._call("GET", "/sync", query=query)
        self._since = answer["next_batch"]
        return [PrivateMessage(e["sender"], e["type"], e.get("content"))
                for e in answer.get("to_device", {}).get("events", [])]
