"""The wire between a host and its seats (docs/network.md): the shapes of the messages,
their limits, and the checks a message passes once, where it arrives.

Every message is one JSON object in one WebSocket text message. A client sends
requests (``join`` first, then the engine protocol's ``legal``, ``view`` and ``act``,
its seat implied); the host answers each, in order, with ``{"ok": ...}`` as the
engine protocol does, and pushes ``{"update": ...}`` whenever the game changes.
Requests are read, refusals built and messages written by the engine protocol's own
functions (tabletop.protocol: ``parse_request``, ``refusal``, ``encode``).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict  # pydantic reads it on Python 3.11

from tabletop.core.engine import Outcome
from tabletop.protocol import ProtocolError, Response, parse_request, refusal

MAX_REQUEST = 64 * 1024
"""The longest message a client may send, in bytes (an action is under 200)."""

MAX_UPDATE = 16 * 1024 * 1024
"""The longest message a client takes from the host: a long game's whole log fits."""

CODE_BYTES = 20
"""Join codes are this many random bytes (160 bits), written in URL-safe base64."""

# Close codes. The standard ones the host uses: 1001 (going away: the host stops;
# clients reconnect), 1008 (policy: a wrong code, a flood, a client that does not
# read; clients give up), 1009 (a message too big; clients give up). Our own:
REPLACED = 4001
"""The seat joined again on another connection; the older one is closed."""

# Ops a joined seat may send; ``wait`` is the headless bridge's own (docs/network.md).
SEAT_OPS = ("legal", "view", "act")


def is_seat(value: object, seat: int) -> bool:
    """Whether a message's ``seat`` field names ``seat``: seat numbers are integers only
    (``0.0`` or ``true`` name no seat, though Python finds them equal to 0 and 1)."""
    return type(value) is int and value == seat


class SeatPresence(TypedDict):
    name: str
    connected: bool


class Update(TypedDict):
    """What one seat sees of the game now, pushed after every change.

    ``version`` counts this host's updates of the game. ``log`` is the seat's log from
    line ``log_from`` on (0 on a seat's first update: the whole log). ``notice`` says
    what happened that is not a move (a seat away or back, moves not saved)."""

    version: int
    moves: int
    to_act: list[int]
    outcome: Outcome | None
    view: Any  # the engine's view of the seat (a JSON object; a model on the host)
    legal: list[Any]  # the seat's legal actions now (JSON objects; models on the host)
    log_from: int
    log: list[str]
    seats: list[SeatPresence]
    notice: str | None


class Joined(TypedDict):
    """The answer to a join: who the connection plays, in which game."""

    ok: bool
    seat: int
    game: str
    title: str
    players: list[str]
    options: dict[str, Any]
    game_id: int


_UPDATE: TypeAdapter[dict[str, Update]] = TypeAdapter(dict[str, Update])
_JOINED: TypeAdapter[Joined] = TypeAdapter(Joined)


def parse_message(message: str | bytes) -> dict[str, Any]:
    """A client's WebSocket message as a request object; ProtocolError (PROTO-JSON) if it
    is not one. Requests come as text messages."""
    if isinstance(message, bytes):
        raise ProtocolError("PROTO-JSON", "send each request as a text message, not binary")
    return parse_request(message)


class HostMessageError(Exception):
    """The host sent something that is not a message of this protocol."""


def parse_joined(text: str | bytes) -> Joined:
    """The host's answer to a join; ProtocolError when it refused."""
    data = host_message(text)
    if data.get("ok") is False:
        error = answer_of(data)["error"]
        raise ProtocolError(error["rule"], error["message"])
    try:
        return _JOINED.validate_python(data)
    except ValidationError as exc:
        raise HostMessageError(f"not an answer to join: {exc.errors()[0]['msg']}") from None


def host_message(text: str | bytes) -> dict[str, Any]:
    """A message from the host as a JSON object: an update if it has ``update``
    (read it with ``update_of``), else an answer (``answer_of``)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise HostMessageError("a message that is not JSON") from None
    if not isinstance(data, dict):
        raise HostMessageError("a message that is not a JSON object")
    return data


def update_of(data: dict[str, Any]) -> Update:
    try:
        return _UPDATE.validate_python(data)["update"]
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        raise HostMessageError(f"a broken update ({where}: {error['msg']})") from None


def answer_of(data: dict[str, Any]) -> Response:
    """An answer: ``{"ok": true, ...}`` as it came, or a refusal with its rule and message."""
    if data.get("ok") is True:
        return data
    error = data.get("error")
    if (
        data.get("ok") is not False
        or not isinstance(error, dict)
        or not isinstance(error.get("rule"), str)
        or not isinstance(error.get("message"), str)
    ):
        raise HostMessageError("an answer without ok, or a refusal without a rule and message")
    return refusal(error["rule"], error["message"])
