"""The engine protocol: one JSON line per request, refusals change nothing,
broken input never stops the process. Runs against every game that is built."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core.rng import Rng
from tabletop.games import names
from tabletop.protocol import MAX_LINE, Session, encode, refusal

READY = list(names())
PLAYERS = {"spacepark": ["Ann", "Bo", "Cy"], "pocketparks": ["Ann", "Bo", "Cy"]}


class Driver:
    """A Session with a game clock that moves half a second per action, so
    to_act and legal are asked at the same moment of game time. An action is sent
    without its own ``now``: the protocol stamps it with the request's."""

    def __init__(self, game: str) -> None:
        self.session = Session()
        self.now = 0.0
        self.game = game

    def send(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("op") == "act":
            self.now += 0.5
            request = {**request, "action": _without_now(request["action"])}
        response = self.session.handle_line(json.dumps({**request, "now": self.now}))
        json.dumps(response)  # every answer must be serializable as one line
        return response

    def outcome(self) -> dict[str, Any] | None:
        engine = self.session.engine
        assert engine is not None
        result = engine.outcome(self.session.state)
        return None if result is None else result.model_dump(mode="json")

    def state(self) -> str:
        return json.dumps(self.send({"op": "state"})["state"], sort_keys=True)


def _without_now(action: Any) -> Any:
    if not isinstance(action, dict):
        return action
    return {key: value for key, value in action.items() if key != "now"}


def start(game: str, seed: int) -> tuple[Driver, dict[str, Any]]:
    driver = Driver(game)
    players = PLAYERS.get(game, ["Ann", "Bo"])
    answer = driver.send({"op": "new", "game": game, "seed": seed, "players": players})
    assert answer["ok"], answer
    return driver, answer


@pytest.mark.parametrize("game", READY)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_runs_to_its_outcome_through_the_protocol(game: str, seed: int) -> None:
    driver, answer = start(game, seed)
    rng = Rng.from_seed(seed)
    to_act: list[int] = answer["to_act"]
    for _ in range(20_000):
        if not to_act:
            break
        seat = rng.choice(to_act)
        legal = driver.send({"op": "legal", "seat": seat})["actions"]
        assert legal, f"seat {seat} is asked to act but has no legal action"
        answer = driver.send({"op": "act", "seat": seat, "action": rng.choice(legal)})
        if not answer["ok"] and driver.outcome() is not None:
            break  # a real-time game ran out of time before this action landed
        assert answer["ok"], answer
        to_act = answer["to_act"]
    outcome = driver.outcome()
    assert outcome is not None, "the game did not end"
    assert set(outcome) >= {"scores", "winners", "summary"}


@pytest.mark.parametrize("game", READY)
def test_act_answers_what_changed_and_only_what_the_acting_seat_may_read(game: str) -> None:
    """An act answer is the new version, who acts, the outcome and the log lines of the
    transition that the acting seat may read (public ones, and those private to it): no
    view, nothing of another seat's. A view is asked for, and says its version."""
    driver, answer = start(game, 3)
    engine = driver.session.engine
    assert engine is not None
    rng = Rng.from_seed(3)
    private_lines = 0
    for _ in range(150):
        if not answer["to_act"]:
            break
        seat = rng.choice(answer["to_act"])
        legal = driver.send({"op": "legal", "seat": seat})
        assert legal["version"] == answer["version"]
        action = rng.choice(legal["actions"])
        before = engine.advance(driver.session.state, driver.now + 0.5).state
        stamped = {**action, "now": driver.now + 0.5} if engine.realtime else action
        expected = engine.apply(before, engine.parse_action(stamped))
        acted = driver.send({"op": "act", "seat": seat, "action": action})
        if not acted["ok"] and driver.outcome() is not None:
            break  # a real-time game ran out of time before this action landed
        assert set(acted) == {"ok", "version", "to_act", "outcome", "events"}, acted
        assert acted["version"] == answer["version"] + 1
        assert acted["events"] == [
            e.text for e in expected.events if e.private_to is None or e.private_to == seat
        ]
        private_lines += sum(e.private_to not in (None, seat) for e in expected.events)
        assert acted["to_act"] == list(engine.to_act(expected.state))
        shown = driver.send({"op": "view", "seat": seat})
        assert shown["version"] == acted["version"]
        assert shown["view"] == engine.view(driver.session.state, seat).model_dump(mode="json")
        answer = acted
    if game == "pocketparks":  # its draws are private: the check above was put to work
        assert private_lines > 0


@pytest.mark.parametrize("game", READY)
def test_act_asked_for_legal_also_answers_what_legal_says_for_each_seat_to_act(game: str) -> None:
    """`"legal": true`: one round trip a move. Each seat of to_act, in order, with what a
    `legal` request for that seat answers at the same version and moment; [] at the end."""
    driver, answer = start(game, 4)
    rng = Rng.from_seed(4)
    legal = {seat: driver.send({"op": "legal", "seat": seat}) for seat in answer["to_act"]}
    windows = 0  # answers naming more than one seat
    for _ in range(20_000):
        if not answer["to_act"]:
            break
        seat = rng.choice(list(legal))
        action = rng.choice(legal[seat]["actions"])
        acted = driver.send({"op": "act", "seat": seat, "action": action, "legal": True})
        if not acted["ok"] and driver.outcome() is not None:
            break  # a real-time game ran out of time before this action landed
        assert acted["ok"], acted
        assert [entry["seat"] for entry in acted["legal"]] == acted["to_act"]
        windows += len(acted["to_act"]) > 1
        legal = {}
        for entry in acted["legal"]:
            asked = driver.send({"op": "legal", "seat": entry["seat"]})
            assert asked == {"ok": True, "version": acted["version"], "actions": entry["actions"]}
            legal[entry["seat"]] = asked
        answer = acted
    assert driver.outcome() is not None, "the game did not end"
    assert answer["legal"] == [] or game == "pocketdragon"  # whose clock may end it between
    if game == "pocketparks":  # its response windows ask several seats at once
        assert windows > 0


def _variants(action: dict[str, Any], listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Actions near ``action`` that are not listed: a field of another listed action's
    value, of junk, a field added, another kind."""
    near = [{**action, "x": 1}, {**action, "kind": "nope"}]
    for key in action.keys() - {"seat", "kind"}:
        near += [{**action, key: value} for value in ("nope", -1, None, [])]
        near += [{**action, key: other[key]} for other in listed if key in other]
    near += [{**action, "kind": other["kind"]} for other in listed]
    return [sent for sent in near if sent not in listed]


def _as_sent(action: dict[str, Any], how: int) -> dict[str, Any]:
    """A listed action as a client may send it back: as it is, the seat left out, the
    keys in another order, or its numbers as floats (1.0 is the JSON number 1)."""
    if how == 1:
        return {key: value for key, value in action.items() if key != "seat"}
    if how == 2:
        return dict(reversed(action.items()))
    if how == 3:
        return {k: float(v) if type(v) is int else v for k, v in action.items()}
    return action


@pytest.mark.parametrize("game", [name for name in READY if name != "pocketdragon"])
def test_an_act_matched_against_the_legal_actions_answers_as_one_validated_anew(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn-based session takes an act equal to one of the legal actions it answered
    for that seat at this version as that action, and validates anything else anew: the
    answers are the same. Two sessions play one game; one answers `legal` before each
    act (and matches), the other is never asked (and validates every act). Both are sent
    actions near a listed one that are not listed (refused alike, by the same rule), then
    a listed one as a client may send it back."""
    matching, validating = Session(), Session()
    new = {"op": "new", "game": game, "seed": 7, "players": PLAYERS[game]}
    answer = matching.handle(new)
    assert validating.handle(new) == answer
    engine = matching.engine
    assert engine is not None
    validated: list[object] = []

    def parse_action(data: object) -> Any:
        validated.append(data)
        return type(engine).parse_action(engine, data)

    monkeypatch.setattr(engine, "parse_action", parse_action)
    rng = Rng.from_seed(7)
    refused = 0
    for turn in range(80):
        if not answer["to_act"]:
            break
        seat = rng.choice(answer["to_act"])
        listed = matching.handle({"op": "legal", "seat": seat})["actions"]
        for action in _variants(rng.choice(listed), listed):
            act = {"op": "act", "seat": seat, "action": action}
            refusal = matching.handle(act)
            assert not refusal["ok"] and refusal == validating.handle(act), (refusal, action)
            refused += 1
        validated.clear()
        act = {"op": "act", "seat": seat, "action": _as_sent(rng.choice(listed), turn % 4)}
        answer = matching.handle(act)
        assert answer["ok"] and validated == [], (answer, validated)  # matched, not parsed
        assert validating.handle(act) == answer
        assert len(validated) == 1  # the other session validated it
    assert matching.handle({"op": "state"}) == validating.handle({"op": "state"})
    assert refused > 100


def test_act_refuses_a_legal_field_other_than_true_or_false_and_changes_nothing() -> None:
    driver, answer = start("spacepark", 6)
    seat = answer["to_act"][0]
    action = driver.send({"op": "legal", "seat": seat})["actions"][0]
    before = driver.state()
    for wrong in ("yes", 1, None, [seat]):
        refused = driver.send({"op": "act", "seat": seat, "action": action, "legal": wrong})
        assert refused["ok"] is False and refused["error"]["rule"] == "PROTO-ARGS", refused
        assert "'legal' must be true or false" in refused["error"]["message"]
    assert driver.state() == before
    plain = driver.send({"op": "act", "seat": seat, "action": action, "legal": False})
    assert plain["ok"] and set(plain) == {"ok", "version", "to_act", "outcome", "events"}


@pytest.mark.parametrize("game", READY)
def test_refusals_change_nothing(game: str) -> None:
    driver, _ = start(game, 5)
    before = driver.state()
    bad_requests: list[dict[str, Any]] = [
        {"op": "act", "seat": 0, "action": {"kind": "no-such-move"}},
        {"op": "act", "seat": 0, "action": "not an object"},
        {"op": "act", "seat": 99, "action": {}},
        {"op": "act", "seat": 0, "action": {"seat": 1}},
        {"op": "legal", "seat": -1},
        {"op": "view", "seat": "everyone"},
        {"op": "load", "game": game, "state": {"nonsense": True}},
        {"op": "fly"},
    ]
    for request in bad_requests:
        answer = driver.send(request)
        assert answer["ok"] is False, request
        assert answer["error"]["rule"] and answer["error"]["message"], answer
    assert driver.state() == before


@pytest.mark.parametrize("game", READY)
def test_state_round_trips_through_load(game: str) -> None:
    driver, _ = start(game, 9)
    state = driver.send({"op": "state"})["state"]
    other = Driver(game)
    other.now = driver.now
    assert other.send({"op": "load", "game": game, "state": state})["ok"]
    assert other.state() == driver.state()


@pytest.mark.parametrize("game", READY)
def test_schema_describes_actions_state_and_options(game: str) -> None:
    answer = Session().handle({"op": "schema", "game": game})
    assert answer["ok"]
    assert set(answer["schema"]) == {"action", "state", "options"}


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("{not json", "PROTO-JSON"),
        ("[1, 2]", "PROTO-JSON"),
        ('{"op": "dance"}', "PROTO-OP"),
        ('{"seat": 0}', "PROTO-OP"),
        ('{"op": "legal", "seat": 0}', "PROTO-NOGAME"),
        ('{"op": "new", "game": "chess", "players": ["A"]}', "PROTO-ARGS"),
        ('{"op": "new", "game": 7}', "PROTO-ARGS"),
    ],
)
def test_broken_requests_get_a_clear_error(line: str, rule: str) -> None:
    answer = Session().handle_line(line)
    assert answer == {"ok": False, "error": {"rule": rule, "message": answer["error"]["message"]}}
    assert answer["error"]["message"]


@pytest.mark.parametrize("game", READY)
def test_bad_setups_are_refused(game: str) -> None:
    session = Session()
    too_many = [f"P{i}" for i in range(9)]
    answer = session.handle({"op": "new", "game": game, "players": too_many})
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-SETUP"
    answer = session.handle({"op": "new", "game": game, "players": ["A", "B"], "seed": "x"})
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-ARGS"
    answer = session.handle(
        {"op": "new", "game": game, "players": ["A", "B"], "options": {"no_such_option": 1}}
    )
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-SETUP"
    message = answer["error"]["message"]
    assert "no_such_option" in message and "http" not in message and "\n" not in message


def test_the_process_answers_every_line_and_survives_garbage() -> None:
    lines = ["{", "", '{"op": "nope"}', "42", '{"op": "schema"}']
    if READY:
        game = READY[0]
        players = PLAYERS.get(game, ["Ann", "Bo"])
        lines.append(json.dumps({"op": "new", "game": game, "seed": 1, "players": players}))
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop", "engine"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len([line for line in lines if line.strip()])
    assert [a["ok"] for a in answers[:4]] == [False, False, False, False]
    if READY:
        assert answers[-1]["ok"] and answers[-1]["game"] == READY[0] and answers[-1]["to_act"]


# -- loaded states are checked: an impossible one is refused and changes nothing -----

Mutation = Callable[[dict[str, Any]], object]


def _set(key: str, value: Any) -> Mutation:
    return lambda state: state.__setitem__(key, value)


def _pp_window(state: dict[str, Any]) -> None:
    state["phase"] = "window"
    state["window"] = {"kind": "tour", "card": state["discard"][-1], "waiting": [5, 9]}
    state["window"]["claims"] = []


IMPOSSIBLE: list[tuple[str, str, Mutation, str]] = [
    ("pocketparks", "card 9999", lambda s: s["pile"].append(9999), "card 9999 is no card"),
    ("pocketparks", "card -3", lambda s: s["players"][0]["hand"].append(-3), "card -3 is no"),
    (
        "pocketparks",
        "six copies of one card",
        lambda s: s["pile"].__setitem__(slice(0, 6), [s["pile"][0]] * 6),
        "is in more than one place",
    ),
    ("pocketparks", "current 7", _set("current", 7), "the current player is seat 7"),
    ("pocketparks", "current -1", _set("current", -1), "the current player is seat -1"),
    ("pocketparks", "0 players", _set("players", []), "2-5 players, not 0"),
    (
        "pocketparks",
        "7 players",
        lambda s: s["players"].extend(
            dict(s["players"][0], name=f"P{i}", hand=[]) for i in range(4)
        ),
        "2-5 players, not 7",
    ),
    ("pocketparks", "waiting on seats 5 and 9", _pp_window, "waits on seats [5, 9]"),
    (
        "spacepark",
        "negative stock",
        lambda s: s["players"][0]["stock"].__setitem__(1, -1),
        "seat 0 holds a negative number",
    ),
    (
        "spacepark",
        "an unknown badge",
        lambda s: s["players"][1]["hand"].append("moon_rock"),
        "badge 'moon_rock' is no badge",
    ),
    ("spacepark", "active 9", _set("active", 9), "the active player is seat 9"),
    ("spacepark", "an empty ring", _set("ring", []), "the ring holds each destination once"),
    ("spacepark", "scout 99", _set("scout", 99), "Scout stands at ring position 99"),
    ("spacepark", "rockets [99]", _set("rockets", [99]), "not [99]"),
    (
        "spacepark",
        "duplicate badges",
        lambda s: s["revealed"].append(s["deck"][0]),
        "is in more than one place",
    ),
    ("pocketdragon", "now_ms -1e9", _set("now_ms", -1e9), "the clock reads -1000000000 ms"),
    (
        "pocketdragon",
        "grid id 999",
        lambda s: s["table"]["grid"].__setitem__(0, 999),
        "card 999 is no card",
    ),
    ("pocketdragon", "3 players", _set("players", ["Ann", "Bo", "Cy"]), "2-2 players, not 3"),
    ("pocketdragon", "clues -100", _set("clues", -100), "the clue pool holds -100"),
    (
        "spacepark",
        "a name with an escape sequence",
        lambda s: s["players"][0].__setitem__("name", "\x1b[2J"),
        "seat 0: A player's name cannot hold control characters",
    ),
]


@pytest.mark.parametrize(
    ("game", "mutate", "problem"),
    [
        pytest.param(game, mutate, problem, id=f"{game}: {what}")
        for game, what, mutate, problem in IMPOSSIBLE
    ],
)
def test_an_impossible_state_is_refused_and_the_game_stays_byte_identical(
    game: str, mutate: Mutation, problem: str
) -> None:
    driver, _ = start(game, 1)
    state = driver.send({"op": "state"})["state"]
    before = json.dumps(driver.send({"op": "state"}))
    mutate(state)
    answer = driver.send({"op": "load", "game": game, "state": state})
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-STATE", answer
    assert problem in answer["error"]["message"], answer
    assert json.dumps(driver.send({"op": "state"})) == before


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"op": "new", "seed": ' + "7" * 5_000 + "}", "more than 4300 digits"),
        (b'{"op": "new", "game": "spacepark\xff"}', "not UTF-8"),
        ("x" * (MAX_LINE + 1), f"at most {MAX_LINE:,} bytes"),
    ],
    ids=["deep JSON", "a 5000-digit integer", "not UTF-8", "an over-long line"],
)
def test_bad_json_is_refused_as_bad_input_not_as_a_bug(line: str | bytes, words: str) -> None:
    answer = Session().handle_line(line)
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-JSON", answer
    assert words in answer["error"]["message"]


def test_an_action_runs_at_its_request_now_and_a_different_now_is_refused() -> None:
    """PD-TIME-2: one clock reading per request; the action's own may only repeat it."""
    driver, _ = start("pocketdragon", 1)
    before = driver.state()
    start_at = {"op": "act", "seat": 0, "now": 0, "action": {"kind": "start", "now": 50}}
    answer = driver.session.handle(start_at)
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-ARGS", answer
    assert "50" in answer["error"]["message"] and driver.state() == before
    legal = driver.session.handle({"op": "legal", "seat": 0, "now": 0.0004})["actions"]
    assert {action["now"] for action in legal} == {0.0004}  # sent back as they are
    started = driver.session.handle({"op": "act", "seat": 0, "now": 0.0004, "action": legal[0]})
    view = driver.session.handle({"op": "view", "seat": 0, "now": 0.0004})["view"]
    assert started["ok"] and view["status"] == "running", (started, view)
    paused = driver.session.handle(
        {"op": "act", "seat": 1, "now": 2.5, "action": {"kind": "pause"}}
    )
    view = driver.session.handle({"op": "view", "seat": 1, "now": 9.0})["view"]
    assert paused["ok"] and view["clock"] == 2.5, (paused, view)


def test_an_error_quotes_at_most_500_characters_of_what_was_sent() -> None:
    for request in ({"op": "x" * 100_000}, {"op": "new", "game": "y" * 100_000}):
        message = Session().handle(request)["error"]["message"]
        assert len(message) == 500 and message.endswith("…")


def test_a_refusal_quoting_text_no_utf8_can_hold_is_still_written() -> None:
    """A message may quote what was sent; a lone surrogate in it (JSON can spell one,
    UTF-8 cannot hold it) is written as its escape, so the answer line is always UTF-8."""
    answer = refusal("PROTO-ARGS", "no such key '\ud800'")
    assert "\\ud800" in answer["error"]["message"]
    assert encode(answer).decode("utf-8").startswith('{"ok":false')
