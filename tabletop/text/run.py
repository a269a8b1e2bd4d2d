"""`tabletop play GAME --players ...` and `tabletop play --continue ID`: a game in plain
lines at this terminal (the conversation in ``conversation``), saved in the same store as
the app's games, so either continues the other's.

Input is read by a thread into a queue; the main loop waits on it for at most TICK_S, so a
real-time game's clocks are told at their moments and a response window runs out while
nobody types."""

from __future__ import annotations

import json
import queue
import secrets
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from tabletop.core.clock import Clock, MonotonicClock
from tabletop.core.session import GameSession, ResumeError
from tabletop.core.store import Store, StoreError, default_path, seats_from
from tabletop.games import get_engine, kit, names
from tabletop.net.client import Offline, Refused, read_join_code, tls_context
from tabletop.text.conversation import Conversation
from tabletop.text.seat import RemoteTextTable, TextTable
from tabletop.tui.settings import Settings

TICK_S = 0.25
"""How often the clocks are looked at while nobody types."""


class SetupError(ValueError):
    """A table that cannot be set up as asked; the message says why, for the player."""


def open_session(
    store: Store,
    game: str | None,
    players: str | None,
    options: str,
    seed: int | None,
    resume: int | None,
) -> GameSession:
    """A new game (``game``, ``players``) or a saved one (``resume``); SetupError if not."""
    if resume is not None:
        saved = {g.id: g.game for g in store.unfinished()}
        if resume not in saved:
            raise SetupError(f"There is no unfinished game {resume} (tabletop saves list).")
        try:
            return GameSession.resume(store, resume, get_engine(saved[resume]))
        except ResumeError as failed:
            raise SetupError(str(failed)) from failed
    if game not in names():
        raise SetupError(f"Name a game: {', '.join(names())}; or --continue ID.")
    if not players:
        raise SetupError("Name the players: --players Ann,Bo (a bot: Cy:normal).")
    try:
        parsed = json.loads(options)
    except ValueError as bad:
        raise SetupError(f"--options is not JSON: {bad}") from bad
    if not isinstance(parsed, dict):
        raise SetupError("--options must be a JSON object.")
    engine = get_engine(game)
    try:
        seats = seats_from(players)
        kit(game).check_seats(seats, parsed)
        return GameSession.start(
            store,
            engine,
            seats,
            parsed,
            seed if seed is not None else secrets.randbelow(2**31),
        )
    except ValueError as refused:
        raise SetupError(str(refused)) from refused


def converse(
    talk: Conversation,
    lines: Callable[[float], str | None],
    say: Callable[[str], None],
) -> None:
    """Run ``talk`` to its end: ``lines(timeout)`` gives the next typed line, "" for
    nothing typed in time, None at the end of input (as quit)."""
    for line in talk.start():
        say(line)
    while not talk.done:
        typed = lines(TICK_S)
        if typed is None:
            answer = talk.hear("quit")
        elif typed == "":
            answer = talk.tick()
        else:
            answer = talk.hear(typed.rstrip("\n") or " ")
        for line in answer:
            say(line)


def _reader(stream: TextIO) -> Callable[[float], str | None]:
    """Lines of ``stream`` read by a thread: the given function waits up to its timeout
    for one, and gives "" if none came, None once the stream ended."""
    typed: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in stream:
            typed.put(line if line.strip() else "\n")
        typed.put(None)

    threading.Thread(target=read, daemon=True).start()

    def next_line(timeout: float) -> str | None:
        try:
            return typed.get(timeout=timeout)
        except queue.Empty:
            return ""

    return next_line


def run(
    data_dir: Path | None,
    game: str | None,
    players: str | None,
    options: str,
    seed: int | None,
    resume: int | None,
    clock: Clock | None = None,
) -> int:
    try:
        store = Store(default_path(data_dir))
    except StoreError as failed:
        print(f"tabletop play: {failed}", file=sys.stderr)
        return 1
    try:
        for notice in store.notices:
            print(notice, flush=True)
        try:
            session = open_session(store, game, players, options, seed, resume)
        except SetupError as refused:
            print(f"tabletop play: {refused}", file=sys.stderr)
            return 2
        if session.reopened is not None:
            print(session.reopened, flush=True)
        # A PocketParks response window's countdown: the app's setting (0: none).
        window_s = Settings.load(store).response_window
        talk = Conversation(TextTable(session), clock or MonotonicClock(), window_s)

        def say(line: str) -> None:
            print(line, flush=True)

        converse(talk, _reader(sys.stdin), say)
        return 0
    finally:
        store.close()


def join(url: str, code_file: Path | None, cafile: str | None, clock: Clock | None = None) -> int:
    """`tabletop join URL --text`: one seat of a hosted game, in words, its code read as
    every join reads it (net.client.read_join_code: never from the command line). 0 once
    the player left or the game ended, 1 if the seat could not be joined, 2 for a bad
    command line."""
    try:
        tls = tls_context(url, cafile)
        typed = read_join_code(code_file)
    except ValueError as exc:
        print(f"tabletop join: error: {exc}", file=sys.stderr)
        return 2
    try:
        table = RemoteTextTable(url, typed, tls)
    except (Refused, Offline, TimeoutError) as failed:
        print(f"tabletop join: {failed or 'the host did not answer in time.'}", file=sys.stderr)
        return 1
    talk = Conversation(table, clock or MonotonicClock())

    def say(line: str) -> None:
        print(line, flush=True)

    try:
        converse(talk, _reader(sys.stdin), say)
    finally:
        table.close()
    return 0
