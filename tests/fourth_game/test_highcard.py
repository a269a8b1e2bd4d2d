"""A fourth game that lives only here (tests/fourth_game/highcard) joins tabletop with
no edit outside its package: registered from the test (in this process through
``register_game``, in a ``tabletop`` process through ``TABLETOP_GAMES``), it plays
through `tabletop engine`, `tabletop sim`, the store (Continue and History lists,
statistics, `tabletop saves`, export and import), record replay and `tabletop host`
with `tabletop join --engine` seats, and on its own screen (highcard/screen.py, a UI
kit registered from the test) in the app, from Home to the result. Nothing under
tabletop/ names it.

Its package is imported only once the registry is isolated (``tests.registry``), so
the game leaves with each test."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from tabletop.cli import main
from tabletop.core.engine import Engine, Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.kit import GameKit
from tabletop.core.record import dump_game_file, read_game_file, replay
from tabletop.core.replay import Replay
from tabletop.core.rng import Rng
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine, kit, register_game
from tabletop.saves import game_file, import_game
from tabletop.stats import headline, statistics
from tabletop.tui import kits as ui_kits
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.base import ResultScreen
from tabletop.tui.screens.home import HomeScreen
from tabletop.tui.screens.setup import SetupScreen
from tabletop.tui.widgets.curtain import Curtain
from tests.hardening.harness import (
    GameSpec,
    check_invariants,
    check_replay,
    play_to_end,
    rule_ids,
)
from tests.net import netkit
from tests.registry import isolated

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "tests.fourth_game.highcard"
NAME = "highcard"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_GAMES": PACKAGE}


@pytest.fixture
def game(monkeypatch: pytest.MonkeyPatch) -> GameKit:
    """High Card registered for this test, and named to the processes it starts."""
    isolated(monkeypatch)
    package = importlib.import_module(PACKAGE)  # its first import registers it...
    register_game(package.KIT)  # ...and a later one is registered the same way again
    monkeypatch.setitem(netkit.ENV, "TABLETOP_GAMES", PACKAGE)
    found: GameKit = kit(NAME)
    return found


def act(engine: Engine[Any, Any], state: Any, kind: str, seat: int) -> Any:
    return engine.apply(state, engine.parse_action({"kind": kind, "seat": seat})).state


def refused(engine: Engine[Any, Any], state: Any, kind: str, seat: int, rule: str) -> None:
    before = engine.state_json(state)
    action = engine.parse_action({"kind": kind, "seat": seat})
    with pytest.raises(IllegalAction) as refusal:
        engine.apply(state, action)
    assert refusal.value.rule == rule and engine.state_json(state) == before
    assert action not in engine.legal_actions(state, seat)


def test_its_rules_each_hold(game: GameKit) -> None:
    engine = game.engine
    state = engine.new(Setup(players=("Ann", "Bo")), 5)
    refused(engine, state, "stand", 1, "HC-TURN-1")
    mine = state.cards[0]
    state = act(engine, state, "swap", 0)  # HC-TURN-2: the turn passes
    assert engine.to_act(state) == (1,) and state.cards[0] != mine
    assert engine.view(state, 0).card == state.cards[0] and engine.view(state, 1).card != mine
    state = act(engine, state, "stand", 1)
    refused(engine, state, "swap", 0, "HC-SWAP-1")
    assert engine.outcome(state) is None and engine.view(state, None).shown is None
    state = act(engine, state, "stand", 0)
    outcome = engine.outcome(state)  # HC-END-1
    assert outcome is not None and outcome.winners == (0 if state.cards[0] > state.cards[1] else 1,)
    assert engine.view(state, None).shown == state.cards
    refused(engine, state, "stand", 0, "HC-END-2")
    assert rule_ids(NAME) == {"HC-TURN-1", "HC-TURN-2", "HC-SWAP-1", "HC-END-1", "HC-END-2"}


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_each_card_hidden_and_replay(game: GameKit, seed: int) -> None:
    spec = GameSpec(game)
    table = play_to_end(spec, spec.setups[0], seed)
    check_invariants(table)
    check_replay(table)
    states = Replay(table.engine, table.record)
    assert len(states) == len(table.record.actions) + 1
    assert table.engine.state_json(states.state(len(states) - 1)) == table.engine.state_json(
        table.state
    )
    assert table.engine.state_json(replay(table.engine, table.record)) == (
        table.engine.state_json(table.state)
    )


def test_the_engine_protocol_plays_it_in_a_tabletop_process(game: GameKit) -> None:
    rng = Rng.from_seed(3)
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None

    def send(request: dict[str, Any]) -> dict[str, Any]:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        answer: dict[str, Any] = json.loads(process.stdout.readline())
        return answer

    try:
        answer = send({"op": "new", "game": NAME, "seed": 3, "players": ["Ann", "Bo"]})
        assert answer["ok"], answer
        wrong = send({"op": "act", "seat": 1, "action": {"kind": "stand", "seat": 1}})
        assert wrong["error"]["rule"] == "HC-TURN-1"
        while answer["outcome"] is None:
            seat = answer["to_act"][0]
            legal = send({"op": "legal", "seat": seat})["actions"]
            answer = send({"op": "act", "seat": seat, "action": rng.choice(legal)})
            assert answer["ok"], answer
        view = send({"op": "view", "seat": 0})["view"]
        assert answer["outcome"]["scores"] == view["shown"]
    finally:
        process.stdin.close()
        assert process.wait(timeout=30) == 0


def test_tabletop_sim_plays_tables_of_its_bots(game: GameKit) -> None:
    command = ["sim", NAME, "--games", "30", "--json", "--seats", "random,random"]
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", *command],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["game"] == NAME and report["games"] == 30 and report["no_winner_rate"] == 0.0
    assert sum(report["win_rate_by_seat"]) == pytest.approx(1.0) and report["content"] == {}


def test_the_store_lists_it_exports_and_imports_it(
    game: GameKit, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    here, there = Store(tmp_path / "here" / "tabletop.db"), Store(tmp_path / "there" / "t.db")
    try:
        engine = get_engine(NAME)
        seats = (SeatInfo("Ann"), SeatInfo("Bo", "easy"))
        session = GameSession.start(here, engine, seats, {}, 9)
        session.act(engine.parse_action({"kind": "stand", "seat": 0}))
        assert [g.game for g in here.unfinished()] == [NAME]  # the Continue list
        resumed = GameSession.resume(here, session.game_id, engine)
        bot = game.make_bot("easy", 1)
        while resumed.outcome is None:
            seat = resumed.to_act[0]
            legal = engine.legal_actions(resumed.state, seat)
            resumed.act(bot.choose(engine.view(resumed.state, seat), legal))
        [finished] = here.finished()  # History
        assert finished.game == NAME and headline(finished).startswith("★")
        figures = statistics(here.finished())
        assert {g for _, g in figures.by_player} == {NAME}
        text = dump_game_file(game_file(here, finished.id))
        done = import_game(there, read_game_file(text.encode("utf-8")))
        assert done.finished and dump_game_file(game_file(there, done.id)) == text
        assert main(["--data-dir", str(tmp_path / "here"), "saves", "list"]) == 0
        assert "High Card" in capsys.readouterr().out
    finally:
        here.close()
        there.close()


def test_a_hosted_table_plays_with_two_headless_seats(game: GameKit, tmp_path: Path) -> None:
    host, hosted = netkit.host_process(tmp_path, NAME, "--players", "Ann,Bo", "--seed", "2")
    seats = [netkit.engine_seat(hosted["url"], s["code"]) for s in hosted["seats"]]
    try:
        rng = Rng.from_seed(2)
        versions = [0, 0]
        outcome = None
        while outcome is None:
            for number, seat in enumerate(seats):
                state = seat.ask({"op": "wait", "since": versions[number], "timeout": 5})
                versions[number] = state["version"]
                outcome = state["outcome"]
                if outcome is None and number in state["to_act"]:
                    assert state["view"]["card"] is not None and state["view"]["shown"] is None
                    answer = seat.ask({"op": "act", "action": rng.choice(state["legal"])})
                    assert answer["ok"], answer
        for seat in seats:
            seat.end()
        host.process.wait(timeout=20)
        assert host.process.returncode == 0
        assert len(outcome["scores"]) == 2 and outcome["summary"].endswith(".")
    finally:
        for process in (host, *seats):
            process.kill()


async def test_its_own_screen_plays_it_from_home_to_the_result(
    game: GameKit, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home lists it; its setup starts a hot-seat table; each card stays behind the
    curtain until its owner holds the keyboard; a second swap is refused with its rule
    (HC-SWAP-1); both stand, and the result names the higher card. Nothing under
    tabletop/ names the game or its screen."""
    from tests.fourth_game.highcard.screen import UI, HighCardScreen

    monkeypatch.setitem(ui_kits.KITS, NAME, UI)
    app = TabletopApp(store)
    async with app.run_test(size=(100, 32)) as pilot:
        games = app.screen.query_one("#games", OptionList)
        ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
        assert isinstance(app.screen, HomeScreen) and NAME in ids
        games.focus()
        games.highlighted = ids.index(NAME)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seat-0", Input).value = "Ann"
        app.screen.query_one("#seat-1", Input).value = "Bo"
        app.screen.query_one("#seed", Input).value = "4"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        screen = app.screen_stack[-2]
        assert isinstance(screen, HighCardScreen)
        card = screen.query_one("#card", Static)
        assert "Your card: hidden" in str(card.render())
        session = screen.session
        await pilot.press("enter", "w")  # Ann swaps
        await pilot.pause()
        assert session.record.actions == [{"seat": 0, "kind": "swap"}]
        assert isinstance(app.screen, Curtain) and "Your card: hidden" in str(card.render())
        await pilot.press("enter")
        assert f"Your card: {session.state.cards[1]}." in str(card.render())
        await pilot.press("s", "enter", "w")  # Bo stands; Ann may not swap again
        await pilot.pause()
        assert any(n.title == "Not allowed (HC-SWAP-1)" for n in app._notifications)
        assert session.moves == 2
        await pilot.press("s")  # Ann stands: the game is over
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        outcome = session.outcome
        result = str(app.screen.query_one("#result", Static).render())
        assert outcome is not None and outcome.summary in result
        assert [g.game for g in store.finished()] == [NAME]
    assert_nothing_under_tabletop_names_it()


def test_nothing_under_tabletop_names_it() -> None:
    assert_nothing_under_tabletop_names_it()


def assert_nothing_under_tabletop_names_it() -> None:
    named = re.compile(r"high\s*card", re.IGNORECASE)
    hits = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tabletop").rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and named.search(path.read_bytes().decode("utf-8", "replace"))
    ]
    assert hits == []
