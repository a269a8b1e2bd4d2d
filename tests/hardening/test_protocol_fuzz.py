"""Protocol fuzzing: random and malformed JSON lines (wrong types, huge numbers,
NaN, nested junk, unicode, missing fields, real ops with junk arguments, saved
states with a field changed) sent to tabletop.protocol.Session and to one real
`tabletop engine` process. Each request gets exactly one answer, strict JSON,
``ok`` true or an error naming a rule and saying why; a refusal changes nothing
(but the game clock, in real time); the process answers as the Session does."""

from __future__ import annotations

import copy
import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core.engine import Setup
from tabletop.core.rng import Rng
from tabletop.games import get_engine
from tabletop.protocol import ProtocolError, Session, parse_request, serve
from tests.hardening.harness import SPECS, Table, random_clock_step, scaled

OPS = ["new", "load", "legal", "act", "view", "state", "schema"]
GAMES = [*SPECS, "chess", "", "SPACEPARK"]
KINDS = sorted(
    {
        k
        for spec in SPECS.values()
        for k in spec.engine.schema()["action"]["discriminator"]["mapping"]
    }
)
BIG = st.sampled_from([2**63, -(2**63) - 1, 10**100, 10**400, 1e308, -1e308, 1e-320])
NUMBERS = st.one_of(st.integers(), st.floats(), BIG)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=12))
JUNK = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
SEATS = st.one_of(st.integers(-2, 6), JUNK)


def _fresh_states() -> list[tuple[str, dict[str, Any]]]:
    return [
        (spec.game, spec.engine.dump_state(spec.engine.new(spec.setups[0], 1)))
        for spec in SPECS.values()
    ]


STATES = _fresh_states()


@st.composite
def saved_states(draw: st.DrawFn) -> Any:
    """A real saved state, maybe with one top-level field replaced by junk."""
    _, state = draw(st.sampled_from(STATES))
    state = dict(state)
    if draw(st.booleans()):
        key = draw(st.sampled_from(sorted(state)))
        state[key] = draw(JUNK | st.integers(-5, 100))
    return state


ACTIONS = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.sampled_from(KINDS)},
        optional={
            "seat": SEATS,
            "now": NUMBERS,
            "card": st.integers(-2, 80) | JUNK,
            "place": st.integers(-2, 25) | JUNK,
            "dest": st.sampled_from(["outpost13", "lunar_woods", "mars"]) | JUNK,
            "cards": st.lists(st.integers(-1, 80), max_size=9) | JUNK,
            "source": st.sampled_from(["pile", "discard"]) | JUNK,
            "target": st.integers(-1, 6) | JUNK,
            "skill": st.sampled_from(["endurance", "wit", "nope"]) | JUNK,
        },
    ),
    JUNK,
)
FIELDS = {
    "game": st.sampled_from(GAMES) | JUNK,
    "players": st.lists(st.text(max_size=8), max_size=6) | JUNK,
    "seed": NUMBERS | JUNK,
    "options": st.dictionaries(
        st.sampled_from(["mode", "difficulty", "first_player", "round_modifiers", "x"]), JUNK
    )
    | JUNK,
    "state": saved_states() | JUNK,
    "seat": SEATS,
    "action": ACTIONS,
    "now": NUMBERS | JUNK,
    "legal": st.booleans() | JUNK,
}
REQUESTS = st.fixed_dictionaries(
    {"op": st.sampled_from(OPS) | JUNK},
    optional={name: strategy for name, strategy in FIELDS.items()},
)
LEGAL = "<a legal move>"  # stands for a real legal act, so that games move on


def _dumps(data: Any) -> str:
    return json.dumps(data)  # NaN and Infinity stay in: Python's json reads them back


@st.composite
def truncated(draw: st.DrawFn) -> str:
    text = _dumps(draw(REQUESTS))
    return text[: draw(st.integers(0, max(len(text) - 1, 0)))]


RAW_LINES = st.one_of(
    REQUESTS.map(_dumps),
    REQUESTS.map(_dumps),
    truncated(),
    JUNK.map(_dumps),
    st.text(max_size=40),
)
LINES = RAW_LINES | st.just(LEGAL)


@scaled(300)
@given(line=RAW_LINES | st.binary(max_size=40) | RAW_LINES.map(lambda t: t.encode()[::-1]))
def test_a_request_line_is_read_as_the_stdlib_json_reads_it(line: str | bytes) -> None:
    """parse_request's fast parser (pydantic-core's) takes a line only as json.loads does:
    the same object, or else the stdlib's refusal."""
    try:
        expected: Any = json.loads(line.decode("utf-8") if isinstance(line, bytes) else line)
    except (ValueError, RecursionError):
        expected = ProtocolError
    try:
        parsed: Any = parse_request(line)
    except ProtocolError:
        parsed = ProtocolError
    if not isinstance(expected, dict):
        expected = ProtocolError
    assert repr(parsed) == repr(expected)  # repr: NaN equals itself


def _strict_json(response: Any) -> dict[str, Any]:
    """The response as one strict JSON line (no NaN: other languages read it too)."""
    line = json.dumps(response, separators=(",", ":"), allow_nan=False)
    assert "\n" not in line
    answer = json.loads(line)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
    if not answer["ok"]:
        error = answer["error"]
        assert isinstance(error["rule"], str) and error["rule"], answer
        assert isinstance(error["message"], str) and error["message"].strip(), answer
    return answer


def _legal_move(session: Session, now: float) -> str:
    """A real legal act for a seat asked to act, or a harmless view when there is none."""
    engine = session.engine
    assert engine is not None
    state = engine.advance(session.state, now).state
    for seat in engine.to_act(state):
        legal = engine.legal_actions(state, seat)
        if legal:
            action = engine.dump_action(legal[0])
            if engine.realtime:
                action["now"] = now
            return json.dumps({"op": "act", "seat": seat, "action": action, "now": now})
    return json.dumps({"op": "view", "seat": None, "now": now})


def _request_now(line: str) -> float | None:
    try:
        request = json.loads(line)
    except ValueError:
        return None
    now = request.get("now") if isinstance(request, dict) else None
    if isinstance(now, bool) or not isinstance(now, int | float):
        return None
    try:
        value = float(now)
    except OverflowError:
        return None
    return value if math.isfinite(value) and value >= 0 else None  # as the protocol takes it


@scaled(60)
@given(
    game=st.sampled_from(sorted(SPECS)),
    seed=st.integers(0, 2**64),
    lines=st.lists(LINES, max_size=40),
)
def test_the_session_answers_every_line_and_refusals_change_nothing(
    game: str, seed: int, lines: list[str]
) -> None:
    session = Session()
    spec = SPECS[game]
    players = list(spec.setups[0].players)
    start = session.handle_line(
        json.dumps({"op": "new", "game": game, "seed": seed, "players": players})
    )
    assert _strict_json(start)["ok"]
    clock = 0.0
    for line in lines:
        if line == LEGAL:
            clock += 1.0
            line = _legal_move(session, clock)
        engine, before = session.engine, session.state
        assert engine is not None
        answer = _strict_json(session.handle_line(line))
        if answer["ok"]:
            continue
        # A refusal changes nothing: the same game, at most run on to the request's time.
        assert session.engine is engine
        after = engine.state_json(session.state)
        allowed = {engine.state_json(before)}
        now = _request_now(line)
        if engine.realtime and now is not None:
            allowed.add(engine.state_json(engine.advance(before, now).state))
        assert after in allowed, f"refused {line!r} changed the game"


@scaled(4, long_cap=150)
@given(lines=st.lists(RAW_LINES, min_size=5, max_size=60))
def test_a_real_engine_process_answers_like_the_session(lines: list[str]) -> None:
    """One `tabletop engine` process per example: one strict JSON answer per non-blank
    line, in order, the very answers the in-process serve loop gives."""
    # A request spans one line: the line breaks the reader splits on go.
    lines = [line.replace("\n", " ") for line in lines]
    game = lines and SPECS[sorted(SPECS)[len(lines) % 3]]
    if game:
        new = {"op": "new", "game": game.game, "seed": 3, "players": list(game.setups[0].players)}
        lines.insert(0, json.dumps(new))
    text = "".join(line + "\n" for line in lines).encode("utf-8")
    expected = io.BytesIO()
    serve(io.BytesIO(text), expected)
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop", "engine"],
        input=text,
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b"", proc.stderr.decode()
    answers = proc.stdout.decode("utf-8").splitlines()
    assert len(answers) == len([line for line in text.split(b"\n")[:-1] if line.strip()])
    assert answers == expected.getvalue().decode("utf-8").splitlines()
    for answer in answers:
        parsed = json.loads(answer)
        assert isinstance(parsed, dict) and isinstance(parsed["ok"], bool)


# `tabletop engine`, then its peak resident memory in KB: VmHWM belongs to this process
# alone (getrusage's maxrss starts from the forking parent's size).
_MEASURED_ENGINE = """
import re, sys
from pathlib import Path
from tabletop.cli import main
code = main(["engine"])
status = Path("/proc/self/status").read_text()
print(re.search(r"VmHWM:\\s*(\\d+) kB", status).group(1), file=sys.stderr)
sys.exit(code)
"""


def _engine_peak_kb(lines: list[bytes]) -> tuple[list[dict[str, Any]], int]:
    """A real `tabletop engine` fed ``lines`` (streamed, 1 MB at a time): its answers
    and its peak memory in KB."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _MEASURED_ENGINE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None
    for line in lines:
        for start in range(0, len(line), 1 << 20):
            proc.stdin.write(line[start : start + (1 << 20)])
        proc.stdin.write(b"\n")
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err.decode()
    return [json.loads(answer) for answer in out.splitlines()], int(err)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_a_real_engine_refuses_an_over_long_line_without_holding_it() -> None:
    """A 64 MB line (valid JSON) is refused as too long, read in bounded chunks: the
    process grows by a few MB at most, and the game before it goes on."""
    new = json.dumps({"op": "new", "game": "spacepark", "seed": 1, "players": ["A", "B"]})
    state = json.dumps({"op": "state"})
    huge = b'{"op": "view", "pad": "' + b"x" * (64 << 20) + b'"}'
    base, base_kb = _engine_peak_kb([new.encode(), state.encode()])
    answers, peak_kb = _engine_peak_kb([new.encode(), huge, state.encode()])
    assert [a["ok"] for a in answers] == [True, False, True]
    assert answers[1]["error"]["rule"] == "PROTO-JSON"
    assert "at most 1,000,000 bytes" in answers[1]["error"]["message"]
    assert answers[2] == base[1]
    assert peak_kb - base_kb < 16 * 1024, f"the engine grew by {peak_kb - base_kb} KB"


def test_a_real_engine_refuses_bad_bytes_deep_json_and_huge_numbers_as_bad_input() -> None:
    lines = [b"\xff\xfe{}", b"[" * 100_000, b'{"op": "new", "seed": ' + b"9" * 5_000 + b"}"]
    answers, _ = _engine_peak_kb(lines)
    assert [a["error"]["rule"] for a in answers] == ["PROTO-JSON"] * 3, answers


# -- loaded states: a saved state with one thing changed is refused, or is a game -------


def _saved_along_games() -> list[tuple[str, dict[str, Any]]]:
    """Saved states of seeded random games of every setup: every 9th move of the first
    300 (response windows, pending decisions, clues and plays among them) and the last."""
    saved = []
    for spec in SPECS.values():
        for index, setup in enumerate(spec.setups):
            table = Table(spec, setup, index)
            rng = Rng.from_seed(index)
            for step in range(300):
                random_clock_step(table, rng)
                if table.over:
                    break
                if step % 9 == 0:
                    saved.append((spec.game, table.engine.dump_state(table.state)))
                table.random_step(rng)
            saved.append((spec.game, table.engine.dump_state(table.state)))
    return saved


SAVED = _saved_along_games()


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) of a JSON value, nested ones included."""
    keys = data.keys() if isinstance(data, dict) else range(len(data))
    found = []
    for key in keys:
        found.append((data, key))
        if isinstance(data[key], dict | list) and data[key]:
            found += _places(data[key])
    return found


@st.composite
def changed_states(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A saved state with one value changed: a number to a near or a far one, a text to
    another of the state's, a list shortened, lengthened, emptied or with an item doubled."""
    game, saved = draw(st.sampled_from(SAVED), label="saved state")
    state = copy.deepcopy(saved)
    container, key = draw(st.sampled_from(_places(state)), label="where")
    value = container[key]
    leaves = [c[k] for c, k in _places(state) if not isinstance(c[k], dict | list)]
    ints = [v for v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    texts = [v for v in leaves if isinstance(v, str)]
    if isinstance(value, bool):
        container[key] = not value
    elif isinstance(value, int):
        near = st.integers(value - 3, value + 3)
        far = st.sampled_from([-1, 0, 99, 999, -(10**9), 2**64, *ints])
        container[key] = draw(near | far, label="number")
    elif isinstance(value, str):
        container[key] = draw(st.sampled_from([*texts, "x", ""]), label="text")
    elif isinstance(value, list):
        how = draw(st.sampled_from(["drop", "double", "add", "empty"]), label="list change")
        if how == "empty":
            value.clear()
        elif how == "add":
            value.append(draw(st.sampled_from([*ints, *texts, None]), label="added"))
        elif value:
            item = draw(st.integers(0, len(value) - 1), label="item")
            if how == "double":
                value.append(value[item])
            else:
                del value[item]
    elif value is None:
        container[key] = draw(st.sampled_from([0, 1, -1, *ints[:5], *texts[:5]]), label="set")
    return game, state


@scaled(150)
@given(changed=changed_states(), later=st.floats(0, 400))
def test_a_changed_state_is_refused_or_plays_on_as_a_valid_game(
    changed: tuple[str, dict[str, Any]], later: float
) -> None:
    """load refuses the state (PROTO-STATE, the game before it kept byte for byte), or
    it is a game: every view answers, every legal move applies and leads to a state
    the engine's check accepts, and so do the clocks running on."""
    game, state = changed
    session = Session()
    spec = SPECS[game]
    new = {"op": "new", "game": game, "seed": 1, "players": list(spec.setups[0].players)}
    assert session.handle(new)["ok"]
    before = json.dumps(session.handle({"op": "state", "now": 0}))
    answer = session.handle({"op": "load", "game": game, "state": state})
    if not answer["ok"]:
        assert answer["error"]["rule"] == "PROTO-STATE", answer
        assert json.dumps(session.handle({"op": "state", "now": 0})) == before
        return
    engine, loaded = session.engine, session.state
    assert engine is not None
    for seat in (None, *range(len(engine.players(loaded)))):
        engine.view(loaded, seat)
        if seat is not None:
            for action in engine.legal_actions(loaded, seat)[:30]:
                engine.check(engine.apply(loaded, action).state)
    if engine.realtime:
        engine.check(engine.advance(loaded, loaded.now_ms / 1000 + later).state)


def _fresh(game: str, players: tuple[str, ...] = ("Ann", "Bo")) -> dict[str, Any]:
    engine = get_engine(game)
    return engine.dump_state(engine.new(Setup(players=players), 1))


def _set(state: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``state`` with the value at ``path`` (keys and indices joined by dots) replaced."""
    *parents, last = path.split(".")
    container: Any = state
    for part in parents:
        container = container[int(part) if isinstance(container, list) else part]
    container[int(last) if isinstance(container, list) else last] = value
    return state


# Issue 26 item 4: states that load took though no play reaches them, each as found.
UNREACHABLE: dict[str, tuple[str, str, Any, tuple[str, ...]]] = {
    "PocketParks: 1 card drawn at the start of a turn": ("pocketparks", "draws", 1, ("Ann", "Bo")),
    "PocketParks: 2 cards drawn at the start of a turn": ("pocketparks", "draws", 2, ("Ann", "Bo")),
    "Space Park: over at turn 1, nobody at 20 XP": ("spacepark", "over", True, ("Ann", "Bo")),
    "Space Park: 500 XP tokens while the game goes on": (
        "spacepark",
        "players.1.xp_tokens",
        500,
        ("Ann", "Bo"),
    ),
    "Space Park: the last round at once": ("spacepark", "last_round", True, ("Ann", "Bo")),
    "Space Park solo: a last round": ("spacepark", "last_round", True, ("Ann",)),
    "Space Park solo: over with the deck full, short of 20 XP": (
        "spacepark",
        "over",
        True,
        ("Ann",),
    ),
    "Space Park solo: the player named Scout": ("spacepark", "players.0.name", "Scout", ("Ann",)),
    "Pocket Dragon: a million clues": ("pocketdragon", "clues", 1_000_000, ("Ann", "Bo")),
    "PocketParks: two players named Ann": ("pocketparks", "players.1.name", "Ann", ("Ann", "Bo")),
    "Space Park: Ann and ann": ("spacepark", "players.1.name", "ann", ("Ann", "Bo")),
    "Pocket Dragon: two players named Ann": ("pocketdragon", "players.1", "Ann", ("Ann", "Bo")),
}


@pytest.mark.parametrize("case", UNREACHABLE)
def test_load_refuses_a_state_no_play_reaches(case: str) -> None:
    game, path, value, players = UNREACHABLE[case]
    session = Session()
    assert session.handle({"op": "load", "game": game, "state": _fresh(game, players)})["ok"]
    before = json.dumps(session.handle({"op": "state", "now": 0}))
    state = _set(_fresh(game, players), path, value)
    answer = session.handle({"op": "load", "game": game, "state": state})
    assert not answer["ok"] and answer["error"]["rule"] == "PROTO-STATE", answer
    assert json.dumps(session.handle({"op": "state", "now": 0})) == before
