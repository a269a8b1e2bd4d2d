"""A game being played: engine + record + current state, saved as it goes.

``act`` commits every applied action to the store before it returns, so what a
screen shows is always already saved. When the store cannot write (a full disk,
a file gone read-only, a file locked too long) the game goes on in memory:
``save_problem`` says why, and the moves not yet written are written at the
next move that can be.

Every write names the version of the game this session last read. When another
tabletop changed the game since (a move, an undo, its end, deleting it), the
store refuses the write: ``act`` and ``undo`` raise StoreConflict with nothing
changed, and ``stale`` holds the conflict from then on; the caller tells the
players and resumes the game afresh. So no copy ever removes or overwrites a
move another copy saved.

Undo and resume work by replaying the record: a game is its moves. A game left with a
snapshot (``keep_snapshot``: the state and the log as of the game's saved version) lets
the Continue list draw it without a replay; it fits only if made at that version of the
game, under the same rules (a hash of the game's code and data, and the kernel's), for
as many moves as the record holds, with a state the game can be in (Engine.check).
``resume`` checks a fitting snapshot against the replay (about 150 ms at move 3,000),
because a snapshot can be edited with its digest recomputed: one that differs is
dropped and the game opens from its record. Where the record stops replaying after
such a snapshot (moves made on the edited position by a tabletop that trusted it), the
game reopens at the last move that the rules accept and the moves after it are
forgotten; ``reopened`` tells the players. A saved game that is damaged or whose
record no longer replays otherwise raises ResumeError, never a silently different game.

A real-time game's clocks run between actions without being recorded (the engine
is path-independent). While they run, ``advance`` saves their reading beside the
record every CHECKPOINT_S (not synced to the disk: it is for a crash of tabletop,
not of the machine), and ``resume`` runs the clocks to it: a game killed while its
clocks ran resumes within a second of the kill, and the record still replays
exactly, because the reading reaches the record only through the next action
stamped with it (the screen's pause on resuming).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from pydantic import BaseModel

from tabletop.core.engine import Action, Engine, Event, Outcome, Setup, Transition
from tabletop.core.errors import ContentError, IllegalAction
from tabletop.core.record import GameRecord
from tabletop.core.store import (
    FIRST_VERSION,
    GameDamaged,
    SeatInfo,
    Store,
    StoreConflict,
    StoreError,
)

CHECKPOINT_S = 0.5
"""Real-time games: how often the running clocks' reading is saved (``advance``)."""

KERNEL = "tabletop.core"
ASSETS = "tabletop.assets"


class ResumeError(Exception):
    """A saved game that cannot be played on: damaged, gone, or its record refused by
    the rules; the message says which, for the players."""


class UndoRefused(Exception):
    """Undo is not allowed now; the message is the reason, for the player."""


@dataclass(frozen=True, slots=True)
class _Step:
    """What the session remembers of one applied action."""

    seat: int
    hidden: bool
    events: tuple[Event, ...]
    irreversible: str | None  # why the game never lets it be taken back


def _replay(
    engine: Engine[Any, Any], setup: Setup, seed: int, actions: list[dict[str, Any]]
) -> tuple[Any, list[_Step]]:
    state, steps, refused = _replay_until_refused(engine, setup, seed, actions)
    if refused is not None:
        raise refused
    return state, steps


def _replay_until_refused(
    engine: Engine[Any, Any], setup: Setup, seed: int, actions: list[dict[str, Any]]
) -> tuple[Any, list[_Step], IllegalAction | None]:
    """The state and steps of ``actions`` replayed as far as the rules accept them, and
    the refusal of the first one they do not (None: all replayed)."""
    state = engine.new(setup, seed)
    steps: list[_Step] = []
    for data in actions:
        try:
            action = engine.parse_action(data)
            transition = engine.apply(state, action)
        except IllegalAction as refused:
            return state, steps, refused
        state = transition.state
        steps.append(_step(engine, action, transition))
    return state, steps, None


def _step(engine: Engine[Any, Any], action: Action, transition: Transition[Any]) -> _Step:
    return _Step(action.seat, transition.hidden, transition.events, engine.irreversible(action))


def _restored(
    engine: Engine[Any, Any], record: GameRecord, snapshot: str | None
) -> tuple[Any, list[_Step]] | None:
    """The state and steps ``snapshot`` holds, if it is one of ``record`` under the
    rules the engine has now and its state is one the game can be in; else None."""
    if snapshot is None or engine.realtime:
        return None
    try:
        data = json.loads(snapshot)
        if (
            not isinstance(data, dict)
            or data.get("rules") != rules_fingerprint(type(engine).__module__, engine.name)
            or data.get("moves") != len(record.actions)
            or not isinstance(data.get("steps"), list)
            or len(data["steps"]) != len(record.actions)
        ):
            return None
        seats = len(record.setup.players)
        steps = [_parse_step(step, seats) for step in data["steps"]]
        state = engine.load_state(data.get("state"))  # checked: Engine.check
    except ValueError:  # not JSON, a step that is none, a state refused (InvalidState)
        return None
    if engine.players(state) != record.setup.players:
        return None
    return state, steps


def snapshot_differs(engine: Engine[Any, Any], record: GameRecord, snapshot: str) -> bool:
    """Whether ``snapshot`` would be used for ``record`` (it fits it: same rules, as
    many moves, a state the game can be in) yet holds another state than the record's
    replay: a snapshot edited since it was kept. IllegalAction (or ValueError) when the
    record no longer replays."""
    kept = _restored(engine, record, snapshot)
    if kept is None:
        return False
    state, _ = _replay(engine, record.setup, record.seed, record.actions)
    return engine.dump_state(kept[0]) != engine.dump_state(state)


def rebuilt(
    engine: Engine[Any, Any], record: GameRecord, snapshot: str | None
) -> tuple[Any, list[_Step]]:
    """The state (and steps) ``record`` leads to: its ``snapshot`` if it fits, else the
    record replayed. Needs no store, so a thread may do it (the Continue list does).
    IllegalAction, ValueError or ContentError when the record no longer replays."""
    kept = _restored(engine, record, snapshot)
    state, steps = (
        kept if kept is not None else _replay(engine, record.setup, record.seed, record.actions)
    )
    if record.ended_at is not None:
        state = engine.advance(state, record.ended_at).state
    return state, steps


def _parse_step(data: object, seats: int) -> _Step:
    """A step as a snapshot keeps it: [seat, hidden, [[text, private_to], ...],
    irreversible]."""
    if not (isinstance(data, list) and len(data) == 4):
        raise ValueError("not a step")
    seat, hidden, events, irreversible = data
    if not (_is_seat(seat, seats) and isinstance(hidden, bool) and isinstance(events, list)):
        raise ValueError("not a step")
    if not (irreversible is None or isinstance(irreversible, str)):
        raise ValueError("not a step")
    parsed = []
    for event in events:
        if not (isinstance(event, list) and len(event) == 2 and isinstance(event[0], str)):
            raise ValueError("not an event")
        if not (event[1] is None or _is_seat(event[1], seats)):
            raise ValueError("not an event")
        parsed.append(Event(event[0], event[1]))
    return _Step(seat, hidden, tuple(parsed), irreversible)


def _is_seat(value: object, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


@functools.cache
def rules_fingerprint(engine_module: str, game: str) -> str:
    """A hash of what a game's rules are made of: the package of its engine (the
    module named), its assets and the kernel. A snapshot made under other rules, even
    of the same version of tabletop, is not used."""
    digest = hashlib.sha256()
    package = engine_module.rpartition(".")[0]
    folders = [resources.files(package), resources.files(KERNEL)]
    assets = resources.files(ASSETS) / game
    if assets.is_dir():
        folders.append(assets)
    for folder in folders:
        _digest(digest, folder)
    return digest.hexdigest()


def _digest(digest: Any, folder: Traversable) -> None:
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name != "__pycache__":
                _digest(digest, entry)
        elif not entry.name.endswith(".pyc"):
            digest.update(entry.name.encode())
            digest.update(entry.read_bytes())


def _readable(events: tuple[Event, ...], seat: int | None) -> list[str]:
    """The lines of ``events`` that ``seat`` may read."""
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


class GameSession:
    """Build with ``start`` (a new game) or ``resume`` (a saved one)."""

    def __init__(
        self,
        store: Store,
        game_id: int,
        engine: Engine[Any, Any],
        record: GameRecord,
        seats: tuple[SeatInfo, ...],
        state: Any,
        steps: list[_Step],
        version: int,
        finish_stored: bool,
        clock_saved: float | None = None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.engine = engine
        self.record = record
        self.seats = seats
        self.state = state
        self._steps = steps
        self._logs: dict[int | None, list[str]] = {}
        """Each reader's log, once asked for: kept as moves are made, rebuilt after an undo."""
        self._clock_events: list[tuple[int, tuple[Event, ...]]] = []
        """Real time: what the clocks did between moves (a clue coming in), each after
        how many of the steps. A replay finds it inside the next move's step instead."""
        self._outcome = engine.outcome(state)
        self._stored = len(record.actions)  # how many of the record's moves the store holds
        self._version = version  # the game's version in the store, as last read or written
        self._finish_stored = finish_stored
        self.save_problem: str | None = None  # why the latest moves are not saved yet
        self.stale: StoreConflict | None = None
        """Set once another tabletop changed this game: nothing more can be saved here."""
        self.clock_saved = clock_saved
        """Real time: the clocks' reading last saved while they ran (None: never)."""
        self.elsewhere: frozenset[int] = frozenset()
        """Seats played at other screens: a game hosted from here (net.server) whose other
        seats join it. The screen here never shows their view."""
        self.away: tuple[int, ...] = ()
        """Of those, the seats whose players are not connected now (the host keeps it)."""
        self.reopened: str | None = None
        """Why ``resume`` did not open the game as saved (an edited snapshot), for the
        players; None: it opened as saved."""
        self.watchers: list[Callable[[Transition[Any] | None], None]] = []
        """Told after every move (its transition) and seat gone or back (None): a host
        publishes the moves made here, a screen draws those made elsewhere."""

    @classmethod
    def start(
        cls,
        store: Store,
        engine: Engine[Any, Any],
        seats: tuple[SeatInfo, ...],
        options: dict[str, Any],
        seed: int,
    ) -> GameSession:
        """A new game, saved at once. ValueError (nothing saved) for a setup the game refuses."""
        setup = Setup(players=tuple(s.name for s in seats), options=options)
        engine.check_players(setup)
        engine.options(setup)
        state = engine.new(setup, seed)
        game_id = store.create_game(engine.name, setup.model_dump(mode="json"), seats, seed)
        record = GameRecord(game=engine.name, setup=setup, seed=seed)
        return cls(store, game_id, engine, record, seats, state, [], FIRST_VERSION, False)

    @classmethod
    def resume(cls, store: Store, game_id: int, engine: Engine[Any, Any]) -> GameSession:
        """A saved game, rebuilt by replaying its record."""
        try:
            saved = store.load_game(game_id)
        except StoreConflict as gone:
            raise ResumeError(str(gone)) from gone
        except GameDamaged as damaged:
            raise ResumeError(
                f"saved {engine.title} game {game_id} is damaged: {damaged}"
            ) from damaged
        record = saved.record
        if record.game != engine.name:
            raise ResumeError(f"game {game_id} is {record.game}, not {engine.name}")
        version = saved.version
        reopened = None
        try:
            engine.check_players(record.setup)
            snapshot = store.load_snapshot(game_id, version)
            kept = _restored(engine, record, snapshot)
            state, steps, refused = _replay_until_refused(
                engine, record.setup, record.seed, record.actions
            )
            if refused is not None:
                if kept is None or saved.finished:
                    raise refused
                # The moves from here on were made on an edited snapshot's position.
                keep = len(steps)
                try:
                    version = store.truncate_actions(game_id, version, keep)
                    store.drop_snapshot(game_id)
                except StoreError as failed:
                    raise ResumeError(
                        f"saved {engine.title} game {game_id} was played on from an edited "
                        f"copy and cannot be repaired: {failed}"
                    ) from failed
                # The rule only, not the refusal's words: they may name a card in a hand,
                # and this is told to whoever opens the game.
                reopened = (
                    f"This game was played on from an edited copy of its position: moves "
                    f"{keep + 1} to {len(record.actions)} break the rules ({refused.rule}) "
                    f"and were taken back. It goes on from move {keep}."
                )
                record = record.model_copy(update={"actions": record.actions[:keep]})
            elif kept is not None and engine.dump_state(kept[0]) != engine.dump_state(state):
                with contextlib.suppress(StoreError):  # a read-only file: checked next time
                    store.drop_snapshot(game_id)
                reopened = (
                    "The kept copy of this game's position did not match its moves (the "
                    "file was edited or damaged): the game was reopened from its moves."
                )
            if record.ended_at is not None:
                state = engine.advance(state, record.ended_at).state
        except IllegalAction as exc:
            raise ResumeError(
                f"saved {engine.title} game {game_id} no longer replays: a stored move was "
                f"refused [{exc.rule}] {exc.message}"
            ) from exc
        except (ValueError, ContentError) as exc:
            raise ResumeError(f"saved {engine.title} game {game_id} cannot start: {exc}") from exc
        session = cls(
            store,
            game_id,
            engine,
            record,
            saved.seats,
            state,
            steps,
            version,
            saved.finished,
            saved.clock_at,
        )
        session.reopened = reopened
        if saved.clock_at is not None:
            session.advance(saved.clock_at)  # to where the clocks were last saved running
        if session.outcome is not None and not saved.finished:
            session.retry_save()  # its end was not saved (the disk was full then)
        return session

    # -- reading ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._outcome is not None:
            return ()
        seats: tuple[int, ...] = self.engine.to_act(self.state)
        return seats

    @property
    def moves(self) -> int:
        return len(self._steps)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.bot is None)

    # What makes a session a table (core.table.Table) for a screen at this keyboard.

    @property
    def setup(self) -> Setup:
        return self.record.setup

    @property
    def current(self) -> object:
        return self.state

    @property
    def here(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.humans if seat not in self.elsewhere)

    def view(self, seat: int | None) -> BaseModel:
        return self.engine.view(self.state, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = self.engine.legal_actions(self.state, seat)
        return actions

    def log(self, seat: int | None) -> list[str]:
        """Every event of the game so far that ``seat`` may read (None: the spectator).

        The same list grows with every move, so a reader of it only looks at what is
        new; an undo starts new lists. Callers must not change it."""
        lines = self._logs.get(seat)
        if lines is None:
            between: dict[int, list[Event]] = {}
            for made, events in self._clock_events:
                between.setdefault(made, []).extend(events)
            lines = self._logs[seat] = []
            for made, step in enumerate((*self._steps, None)):
                lines.extend(_readable(tuple(between.get(made, ())), seat))
                if step is not None:
                    lines.extend(_readable(step.events, seat))
        return lines

    # -- changing -----------------------------------------------------------------

    def act(self, action: Action) -> Transition[Any]:
        """Apply and save one action. Nothing changes if the rules refuse it
        (IllegalAction) or another tabletop changed this game since this session read
        it (StoreConflict); any other failure to save leaves it in ``save_problem``."""
        transition: Transition[Any] = self.engine.apply(self.state, action)
        self.record.actions.append(self.engine.dump_action(action))
        try:
            self._save(self.engine.outcome(transition.state))
        except StoreConflict:
            self.record.actions.pop()
            raise
        self._steps.append(_step(self.engine, action, transition))
        for seat, lines in self._logs.items():
            lines.extend(_readable(transition.events, seat))
        self._set_state(transition.state)
        self.changed(transition)
        return transition

    def changed(self, transition: Transition[Any] | None) -> None:
        """Tell the watchers."""
        for watcher in list(self.watchers):
            watcher(transition)

    def advance(self, now: float) -> Transition[Any]:
        """Real-time games: run the clocks to ``now``. Not recorded (actions carry their own
        ``now`` and the engine is path-independent), except the reading that ends the game,
        so that the record still replays exactly. While the clocks run, their reading is
        saved every CHECKPOINT_S for ``resume``. What the clocks did that the log tells (a
        clue coming in) joins the log between the moves, as a replay tells it with the next
        move."""
        running = self._outcome is None
        transition: Transition[Any] = self.engine.advance(self.state, now)
        moved = transition.state is not self.state
        self._set_state(transition.state)
        if transition.events:
            self._clock_events.append((len(self._steps), transition.events))
            for seat, lines in self._logs.items():
                lines.extend(_readable(transition.events, seat))
        if running and self._outcome is not None:
            self.record.ended_at = now
            self.retry_save()  # the result, with any moves a failure left unsaved
        elif moved and (self.clock_saved is None or now - self.clock_saved >= CHECKPOINT_S):
            try:
                self.store.save_clock(self.game_id, self._version, now)
            except StoreError:
                return transition  # only time since the last save is at stake: next tick
            self.clock_saved = now
        return transition

    def retry_save(self) -> None:
        """Try again to write what a failure left unsaved (``save_problem`` says if it
        still could not, ``stale`` if another tabletop changed the game meanwhile)."""
        try:
            self._save(self._outcome)
        except StoreConflict as conflict:
            self.save_problem = str(conflict)

    def _save(self, outcome: Outcome | None) -> None:
        """Write the moves the store lacks, then the result once there is one."""
        try:
            while self._stored < len(self.record.actions):
                action = self.record.actions[self._stored]
                self._version = self.store.append_action(self.game_id, self._version, action)
                self._stored += 1
            if outcome is not None and not self._finish_stored:
                ended_at = self.record.ended_at
                self._version = self.store.finish(self.game_id, self._version, outcome, ended_at)
                self._finish_stored = True
        except StoreConflict as conflict:
            self.stale = conflict
            raise
        except StoreError as failed:
            self.save_problem = str(failed)
            return
        self.save_problem = None

    def keep_snapshot(self) -> None:
        """Keep the state and the log beside the record, as of the game's saved version,
        so that resuming it next time need not replay every move (the game screen does
        as it closes). Not for a real-time game (its clocks run past the record), nor
        while moves are unsaved. A snapshot that cannot be written is no loss: the
        game replays."""
        if self.engine.realtime or self.stale or self._stored != len(self.record.actions):
            return
        snapshot = {
            "rules": rules_fingerprint(type(self.engine).__module__, self.engine.name),
            "moves": len(self._steps),
            "state": self.engine.dump_state(self.state),
            "steps": [
                [
                    step.seat,
                    step.hidden,
                    [[e.text, e.private_to] for e in step.events],
                    step.irreversible,
                ]
                for step in self._steps
            ],
        }
        with contextlib.suppress(StoreError):
            self.store.save_snapshot(
                self.game_id, self._version, json.dumps(snapshot, separators=(",", ":"))
            )

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last action cannot be taken back now (by ``seat``), or None if it can."""
        if self._outcome is not None:
            return "The game is over."
        if self.elsewhere:
            return "A hosted game has no undo: every move is final once the others have it."
        if not self._steps:
            return "Nothing to undo yet."
        last = self._steps[-1]
        if last.irreversible is not None:
            return last.irreversible
        if last.hidden:
            return "A card was drawn or revealed since: there is no undo across that."
        if seat is not None and last.seat != seat:
            name = self.seats[last.seat].name
            return f"The last move was {name}'s: only your own can be taken back."
        return None

    def undo(self, seat: int | None = None) -> list[str]:
        """Take back the last action, in memory and in the store; the log lines it had that
        ``seat`` may read (not what the clocks did since). UndoRefused if not allowed.
        Nothing changes if the store cannot write (StoreError) or another tabletop changed
        this game since this session read it (StoreConflict)."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise UndoRefused(reason)
        keep = len(self._steps) - 1
        taken = _readable(self._steps[-1].events, seat)
        state, _ = _replay(
            self.engine, self.record.setup, self.record.seed, self.record.actions[:keep]
        )
        if keep < self._stored:
            try:
                self._version = self.store.truncate_actions(self.game_id, self._version, keep)
            except StoreConflict as conflict:
                self.stale = conflict
                raise
            self._stored = keep
        del self.record.actions[keep:]
        del self._steps[keep:]
        # what the clocks did since the last step kept, they do again from its time on
        self._clock_events = [(made, e) for made, e in self._clock_events if made < keep]
        self._logs = {}
        self._set_state(state)
        return taken

    def _set_state(self, state: Any) -> None:
        self.state = state
        self._outcome = self.engine.outcome(state)
