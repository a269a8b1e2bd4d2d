"""`tabletop engine`: drive any game over JSON lines on stdin/stdout.

One request per line, exactly one response line per request. A refusal or a
broken request gets {"ok": false, "error": {"rule", "message"}} and the process
goes on; nothing in the session changes. See docs/engine-protocol.md.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import IO, Any

from tabletop.core.engine import Engine, Event, Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.names import check_name
from tabletop.games import get_engine

Response = dict[str, Any]


class ProtocolError(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class Session:
    """One game at a time, as the protocol drives it."""

    def __init__(self) -> None:
        self.engine: Engine[Any, Any] | None = None
        self.state: Any = None
        self._ops: dict[str, Callable[[dict[str, Any]], Response]] = {
            "new": self._new,
            "load": self._load,
            "legal": self._legal,
            "act": self._act,
            "view": self._view,
            "state": self._state,
            "schema": self._schema,
        }

    def handle_line(self, line: str) -> Response:
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _error("PROTO-JSON", f"not valid JSON: {exc.msg} at column {exc.colno}")
        if not isinstance(request, dict):
            return _error("PROTO-JSON", "a request must be a JSON object")
        return self.handle(request)

    def handle(self, request: dict[str, Any]) -> Response:
        op = request.get("op")
        handler = self._ops.get(op) if isinstance(op, str) else None
        if handler is None:
            known = ", ".join(self._ops)
            return _error("PROTO-OP", f"unknown op {op!r}; the ops are: {known}")
        try:
            return {"ok": True, **handler(request)}
        except IllegalAction as exc:
            return _error(exc.rule, exc.message)
        except ProtocolError as exc:
            return _error(exc.rule, exc.message)

    # -- ops ----------------------------------------------------------------

    def _new(self, req: dict[str, Any]) -> Response:
        engine = self._engine_named(req.get("game"))
        seed = req.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ProtocolError("PROTO-ARGS", "seed must be an integer")
        players = req.get("players")
        if not isinstance(players, list):
            raise ProtocolError("PROTO-ARGS", "'players' must be a list of names")
        try:
            players = [check_name(name) for name in players]
        except ValueError as exc:
            raise ProtocolError("PROTO-ARGS", str(exc)) from exc
        try:
            setup = Setup(players=tuple(players), options=req.get("options") or {})
            engine.check_players(setup)
            state = engine.new(setup, seed)
        except (ValueError, TypeError) as exc:
            raise ProtocolError("PROTO-SETUP", str(exc)) from exc
        self.engine, self.state = engine, state
        return self._status(None)

    def _load(self, req: dict[str, Any]) -> Response:
        engine = self._engine_named(req.get("game"))
        try:
            state = engine.load_state(req.get("state"))
        except ValueError as exc:
            raise ProtocolError("PROTO-ARGS", str(exc)) from exc
        self.engine, self.state = engine, state
        return self._status(None)

    def _legal(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        seat = self._seat(req, allow_none=False)
        self._advance(req)
        actions = engine.legal_actions(self.state, seat)
        return {"actions": [engine.dump_action(a) for a in actions]}

    def _act(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        seat = self._seat(req, allow_none=False)
        data = req.get("action")
        if not isinstance(data, dict):
            raise ProtocolError("PROTO-ARGS", "act needs an 'action' object")
        if data.get("seat", seat) != seat:
            raise ProtocolError("PROTO-ARGS", "the action's seat differs from the request's seat")
        action = engine.parse_action({**data, "seat": seat})
        self._advance(req)
        transition = engine.apply(self.state, action)
        self.state = transition.state
        return {**self._status(seat), "events": _texts(transition.events, seat)}

    def _view(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        seat = self._seat(req, allow_none=True)
        self._advance(req)
        return {"view": engine.view(self.state, seat).model_dump(mode="json")}

    def _state(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        self._advance(req)
        return {"game": engine.name, "state": engine.dump_state(self.state)}

    def _schema(self, req: dict[str, Any]) -> Response:
        engine = self._engine_named(req["game"]) if "game" in req else self._require_game()
        return {"game": engine.name, "schema": engine.schema()}

    # -- helpers ------------------------------------------------------------

    def _status(self, seat: int | None) -> Response:
        engine = self._require_game()
        outcome = engine.outcome(self.state)
        return {
            "game": engine.name,
            "to_act": list(engine.to_act(self.state)),
            "view": engine.view(self.state, seat).model_dump(mode="json"),
            "outcome": None if outcome is None else outcome.model_dump(mode="json"),
        }

    def _advance(self, req: dict[str, Any]) -> None:
        engine = self._require_game()
        if not engine.realtime:
            return
        self.state = engine.advance(self.state, _now(req, engine.title)).state

    def _engine_named(self, name: object) -> Engine[Any, Any]:
        if not isinstance(name, str):
            raise ProtocolError("PROTO-ARGS", "name the game: 'game' must be a string")
        try:
            return get_engine(name)
        except ValueError as exc:
            raise ProtocolError("PROTO-ARGS", str(exc)) from exc

    def _require_game(self) -> Engine[Any, Any]:
        if self.engine is None:
            raise ProtocolError("PROTO-NOGAME", "no game yet: send 'new' or 'load' first")
        return self.engine

    def _seat(self, req: dict[str, Any], *, allow_none: bool) -> Any:
        seat = req.get("seat")
        if seat is None and allow_none:
            return None
        count = len(self._require_game().players(self.state))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
            raise ProtocolError("PROTO-ARGS", f"seat must be a seat number from 0 to {count - 1}")
        return seat


def _now(req: dict[str, Any], title: str) -> float:
    """The request's game-clock reading: a finite number of seconds, not negative."""
    now = req.get("now")
    problem = f"{title} runs in real time: send 'now', seconds of game time (a number >= 0)"
    if not isinstance(now, int | float) or isinstance(now, bool):
        raise ProtocolError("PROTO-ARGS", problem)
    try:
        seconds = float(now)
    except OverflowError:  # an integer too big for a float
        raise ProtocolError("PROTO-ARGS", problem) from None
    if not math.isfinite(seconds) or seconds < 0:
        raise ProtocolError("PROTO-ARGS", problem)
    return seconds


def _texts(events: tuple[Event, ...], seat: int | None) -> list[str]:
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


def _error(rule: str, message: str) -> Response:
    return {"ok": False, "error": {"rule": rule, "message": message}}


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    session = Session()
    for line in stdin:
        if not line.strip():
            continue
        try:
            response = session.handle_line(line)
        except Exception as exc:  # a bug must not kill a long-running driver
            response = _error("PROTO-INTERNAL", f"internal error: {type(exc).__name__}: {exc}")
        stdout.write(json.dumps(response, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0


def main() -> int:
    return serve(sys.stdin, sys.stdout)
