"""`tabletop engine`: drive any game over JSON lines on stdin/stdout.

One request per line (UTF-8, at most MAX_LINE bytes), exactly one response line
per request. A refusal or a broken request gets {"ok": false, "error": {"rule",
"message"}} and the process goes on; nothing in the session changes. See
docs/engine-protocol.md.

The pieces every speaker of the protocol shares (tabletop.net's host and headless
seat too) are public here: ProtocolError, ``parse_request``, ``refusal``,
``encode`` and ``read_lines``.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import IO, Any, NamedTuple, TypeGuard

from pydantic_core import from_json, to_json

from tabletop.core.engine import Engine, Event, InvalidState, Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.names import check_name, check_names
from tabletop.games import get_engine

Response = dict[str, Any]


# The longest request line read, in bytes (a saved state is a few kilobytes); a longer
# line is refused unread: it is skipped in chunks, so memory stays bounded.
MAX_LINE = 1_000_000
_SKIP_CHUNK = 65_536
# An error message quotes at most this much (a message may echo a name or key sent).
_MAX_MESSAGE = 500
MAX_NOW_S = 1e9
"""The latest ``now`` a real-time request may carry: seconds on the game's clock (about
31 years). A reading past it (epoch milliseconds, say) is refused, never clamped."""


class ProtocolError(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def parse_request(line: str | bytes) -> dict[str, Any]:
    """A request line (UTF-8 bytes as read, or text) as a JSON object; ProtocolError
    (PROTO-JSON) saying why it is not one.

    pydantic-core's parser reads a request in a quarter of the stdlib's time, and
    what it takes it reads as the stdlib does. A line it refuses is read again by the
    stdlib's, whose limits and messages the protocol documents (and which takes a few
    lines pydantic-core's does not: a lone surrogate, nesting past 200 levels)."""
    try:
        request = from_json(line)
    except ValueError:
        request = _parse_slowly(line)
    if not isinstance(request, dict):
        raise ProtocolError("PROTO-JSON", "a request must be a JSON object")
    return request


def _parse_slowly(line: str | bytes) -> Any:
    try:
        return json.loads(line.decode("utf-8") if isinstance(line, bytes) else line)
    except UnicodeDecodeError:
        raise ProtocolError("PROTO-JSON", "the line is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ProtocolError(
            "PROTO-JSON", f"not valid JSON: {exc.msg} at column {exc.colno}"
        ) from None
    except ValueError:  # the only other: an integer too long to convert
        digits = sys.get_int_max_str_digits()
        raise ProtocolError("PROTO-JSON", f"a number has more than {digits} digits") from None
    except RecursionError:
        raise ProtocolError("PROTO-JSON", "the JSON is nested too deeply") from None


def refusal(rule: str, message: str) -> Response:
    """The answer refusing a request: the rule and a message of at most 500 characters.
    A message may quote what was sent: a lone surrogate in it (text no UTF-8 can hold)
    is written as its escape."""
    if len(message) > _MAX_MESSAGE:
        message = message[: _MAX_MESSAGE - 1] + "…"
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return {"ok": False, "error": {"rule": rule, "message": message}}


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as compact UTF-8 JSON, without a line break. Values may be pydantic
    models (views, outcomes): they are written by their own serializer."""
    return to_json(message)


def read_lines(stdin: IO[bytes], limit: int) -> Iterator[bytes]:
    """The lines of ``stdin`` without their line break. A line longer than ``limit``
    bytes comes as its first ``limit + 1`` bytes (to be refused); the rest of it is
    skipped in chunks, never held whole."""
    while chunk := stdin.readline(limit + 1):
        line = chunk.removesuffix(b"\n")
        if len(line) > limit:
            while (rest := stdin.readline(_SKIP_CHUNK)) and not rest.endswith(b"\n"):
                pass
        yield line


class Session:
    """One game at a time, as the protocol drives it. A handler builds its whole answer
    before it stores a new game or state, so a refusal (or a bug) leaves the game as it
    was; only the clocks of a real-time game run on to the request's ``now``.

    ``version`` counts the changes the session made: every new or loaded game and every
    action applied. Answers say which version they describe, so a client that keeps a
    view knows when to ask for a new one.

    An answer is data to send: a caller in this process reads it and never changes it
    (the session keeps the legal actions it answered, to match the next act against,
    and the JSON of an action is shared between answers)."""

    def __init__(self) -> None:
        self.engine: Engine[Any, Any] | None = None
        self.state: Any = None
        self.seats = 0  # how many the game has: they never change
        self.version = 0
        self._answered: dict[int, Legal] = {}
        """Turn-based games: the legal actions answered for each seat at this version."""
        self._ops: dict[str, Callable[[dict[str, Any]], Response]] = {
            "new": self._new,
            "load": self._load,
            "legal": self._legal,
            "act": self._act,
            "view": self._view,
            "state": self._state,
            "schema": self._schema,
        }

    def handle_line(self, line: str | bytes) -> Response:
        """One request line (UTF-8 bytes as read, or text) and its answer."""
        if len(line) > MAX_LINE:
            return refusal("PROTO-JSON", f"a request line holds at most {MAX_LINE:,} bytes")
        try:
            request = parse_request(line)
        except ProtocolError as exc:
            return refusal(exc.rule, exc.message)
        return self.handle(request)

    def handle(self, request: dict[str, Any]) -> Response:
        op = request.get("op")
        handler = self._ops.get(op) if isinstance(op, str) else None
        if handler is None:
            known = ", ".join(self._ops)
            return refusal("PROTO-OP", f"unknown op {op!r}; the ops are: {known}")
        try:
            return {"ok": True, **handler(request)}
        except (IllegalAction, ProtocolError) as exc:
            return refusal(exc.rule, exc.message)

    # -- ops ----------------------------------------------------------------

    def _new(self, req: dict[str, Any]) -> Response:
        engine = self._engine_named(req.get("game"))
        seed = req.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ProtocolError("PROTO-ARGS", "seed must be an integer")
        players = req.get("players")
        if not isinstance(players, list):
            raise ProtocolError("PROTO-ARGS", "'players' must be a list of names")
        options = req.get("options", {})
        if not isinstance(options, dict):
            raise ProtocolError("PROTO-ARGS", "'options' must be an object (or left out)")
        try:
            names = tuple(check_name(name) for name in players)
            check_names(names)
        except ValueError as exc:
            raise ProtocolError("PROTO-ARGS", str(exc)) from exc
        setup = Setup(players=names, options=options)  # both checked above
        try:
            engine.check_players(setup)
            state = engine.new(setup, seed)
        except ValueError as exc:
            raise ProtocolError("PROTO-SETUP", str(exc)) from exc
        return self._start(engine, state)

    def _load(self, req: dict[str, Any]) -> Response:
        engine = self._engine_named(req.get("game"))
        try:
            state = engine.load_state(req.get("state"))
        except InvalidState as exc:
            raise ProtocolError("PROTO-STATE", str(exc)) from exc
        return self._start(engine, state)

    def _start(self, engine: Engine[Any, Any], state: Any) -> Response:
        """The answer to new and load; the session plays the game from now on."""
        answer = {"game": engine.name, **_status(engine, state, self.version + 1)}
        seats = len(engine.players(state))
        self.engine, self.state, self.seats = engine, state, seats
        self.version += 1
        self._answered = {}
        return answer

    def _legal(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        seat = self._seat(req, allow_none=False)
        now = self._advance(req)
        legal = _list_legal(engine, self.state, seat, now)
        if now is None:
            self._answered[seat] = legal
        return {"version": self.version, "actions": legal.data}

    def _act(self, req: dict[str, Any]) -> Response:
        """What the action changed: the new version, who acts now, the outcome and the
        log lines the acting seat may read. Never a view: a client asks when it wants one.
        With ``"legal": true``, also the legal actions of every seat in ``to_act``: a
        client that plays needs one round trip a move, not two."""
        engine = self._require_game()
        seat = self._seat(req, allow_none=False)
        data = req.get("action")
        if not isinstance(data, dict):
            raise ProtocolError("PROTO-ARGS", "act needs an 'action' object")
        with_legal = req.get("legal", False)
        if not isinstance(with_legal, bool):
            raise ProtocolError("PROTO-ARGS", "'legal' must be true or false")
        given = data.get("seat", seat)
        if not _is_int(given) or given != seat:
            raise ProtocolError("PROTO-ARGS", "the action's seat differs from the request's seat")
        if engine.realtime:
            now = _now(req, engine.title)
            action = engine.parse_action({"now": now, **data, "seat": seat})
            if action.now != now:
                raise ProtocolError(
                    "PROTO-ARGS",
                    f"the action's now ({action.now}) is not the request's ({now}): "
                    "a request has one clock reading",
                )
            self._advance(req)
        else:
            now = None
            action = self._answered_action(engine, seat, {**data, "seat": seat})
        transition = engine.apply(self.state, action)
        after = transition.state
        answer = _status(engine, after, self.version + 1)
        answer["events"] = _texts(transition.events, seat)
        answered: dict[int, Legal] = {}
        if with_legal:
            answered = {s: _list_legal(engine, after, s, now) for s in answer["to_act"]}
            answer["legal"] = [{"seat": s, "actions": answered[s].data} for s in answer["to_act"]]
        self.state, self.version = after, self.version + 1
        self._answered = {} if now is not None else answered
        return answer

    def _view(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        seat = self._seat(req, allow_none=True)
        self._advance(req)
        view = engine.view(self.state, seat).model_dump(mode="json")
        return {"version": self.version, "view": view}

    def _state(self, req: dict[str, Any]) -> Response:
        engine = self._require_game()
        self._advance(req)
        return {
            "game": engine.name,
            "version": self.version,
            "state": engine.dump_state(self.state),
        }

    def _schema(self, req: dict[str, Any]) -> Response:
        engine = self._engine_named(req["game"]) if "game" in req else self._require_game()
        return {"game": engine.name, "schema": engine.schema()}

    # -- helpers ------------------------------------------------------------

    def _answered_action(self, engine: Engine[Any, Any], seat: int, data: dict[str, Any]) -> Any:
        """The action ``data`` is, well-formed: when it equals the JSON of one of the
        seat's legal actions answered at this version, that action (equal JSON is the
        same action: what validating it would build), else ``data`` validated. Either
        way ``apply`` then checks it against the rules."""
        legal = self._answered.get(seat)
        if legal is not None:
            try:
                return legal.actions[legal.data.index(data)]
            except ValueError:
                pass
        return engine.parse_action(data)

    def _advance(self, req: dict[str, Any]) -> float | None:
        """Real time: run the clocks to the request's ``now`` and return it."""
        engine = self._require_game()
        if not engine.realtime:
            return None
        now = _now(req, engine.title)
        self.state = engine.advance(self.state, now).state
        return now

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
        self._require_game()
        if not _is_int(seat) or not 0 <= seat < self.seats:
            raise ProtocolError(
                "PROTO-ARGS", f"seat must be a seat number from 0 to {self.seats - 1}"
            )
        return seat


def _is_int(value: object) -> TypeGuard[int]:
    """A whole number as JSON writes one: 0.0 and true are not seats."""
    return isinstance(value, int) and not isinstance(value, bool)


def _status(engine: Engine[Any, Any], state: Any, version: int) -> Response:
    outcome = engine.outcome(state)
    return {
        "version": version,
        "to_act": list(engine.to_act(state)),
        "outcome": None if outcome is None else outcome.model_dump(mode="json"),
    }


class Legal(NamedTuple):
    """A seat's legal actions and, in the same order, their JSON data."""

    actions: list[Any]
    data: list[dict[str, Any]]


def _list_legal(engine: Engine[Any, Any], state: Any, seat: int, now: float | None) -> Legal:
    """The seat's legal actions; in real time each one's data carries the request's
    ``now``, so that it may be sent back as it is."""
    actions = engine.legal_actions(state, seat)
    if now is None:
        return Legal(actions, [_action_data(engine, action) for action in actions])
    data = engine.dump_actions(actions)
    for item in data:
        item["now"] = now
    return Legal(actions, data)


@lru_cache(maxsize=4096)
def _action_data(engine: Engine[Any, Any], action: Any) -> dict[str, Any]:
    """An action's JSON data, kept: actions are values, and the same few come back move
    after move (a game lists a few hundred different ones over thousands of moves), so
    most are found here for a fraction of the serializer's time."""
    return engine.dump_action(action)


def _now(req: dict[str, Any], title: str) -> float:
    """The request's game-clock reading: a number of seconds from 0 to MAX_NOW_S."""
    now = req.get("now")
    problem = (
        f"{title} runs in real time: send 'now', seconds of game time "
        f"(a number from 0 to {MAX_NOW_S:.0e})"
    )
    if not isinstance(now, int | float) or isinstance(now, bool):
        raise ProtocolError("PROTO-ARGS", problem)
    try:
        seconds = float(now)
    except OverflowError:  # an integer too big for a float
        raise ProtocolError("PROTO-ARGS", problem) from None
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_NOW_S:
        raise ProtocolError("PROTO-ARGS", problem)
    return seconds


def _texts(events: tuple[Event, ...], seat: int | None) -> list[str]:
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    session = Session()
    for line in read_lines(stdin, MAX_LINE):
        if not line.strip():
            continue
        try:
            answer = encode(session.handle_line(line))
        except Exception as exc:  # a bug must not kill a long-running driver
            failed = refusal("PROTO-INTERNAL", f"internal error: {type(exc).__name__}: {exc}")
            answer = encode(failed)
        stdout.write(answer + b"\n")
        stdout.flush()
    return 0


def main() -> int:
    return serve(sys.stdin.buffer, sys.stdout.buffer)
