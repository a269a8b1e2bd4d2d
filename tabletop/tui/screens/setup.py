"""Setting up a new game: seats, the game's options, a seed, Start.

The options form is built from the engine's options model (its JSON schema):
a switch per boolean, a list per choice, a text field per number (which may
also take words such as "random"); an empty field keeps the engine's default.
An option marked "seat" is a list of the seats (numbered from 1, as everywhere a
person reads them) and "Random"; one marked "rules" is explained by the words of
that section of the game's rules (its lead) or of that rule. The bot levels (the
game's kit names them and says when a bot may sit: Pocket Dragon's partner, in table
mode only) and, for a solo count, the "Solo game" section of the rules are explained too.

The form starts from the table of this game set up last (players, names, bots and
options; the seed is new each time). Enter in a text field goes to the next field;
only Ctrl+S or the Start button starts the game.

A seat of a turn-based game is played here (at this keyboard) or remote: with a
remote seat the table is hosted (screens/hosting.py) and each remote seat's join
command is shown once it starts. Where it listens, on which port and with which TLS
certificate are `tabletop host`'s --bind, --port and --tls, with its warning.
"""

from __future__ import annotations

import random
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch
from textual.widgets.select import InvalidSelectValueError

from tabletop.core.engine import Engine, Setup
from tabletop.core.errors import ContentError
from tabletop.core.names import NAME_LIMIT, check_name, check_names
from tabletop.core.record import SEED_LIMIT
from tabletop.core.rulebook import rulebook
from tabletop.core.store import SeatInfo
from tabletop.games import kit
from tabletop.tui.navigation import PlayGame, ShowRules
from tabletop.tui.screens.rules import words
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer, Header

if TYPE_CHECKING:
    from tabletop.tui.screens.hosting import Listen

HUMAN = "person"  # the seat-kind choice that is not a bot level
REMOTE = "remote"  # a person who joins from their own screen: the table is hosted
LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"
RANDOM = "random"  # the seat choice that leaves the seat to chance
SOLO_SECTION = "Solo game"
"""The section of a game's rules that setup shows when one player is chosen."""


def _whole_number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not {text!r}.") from None


@dataclass(frozen=True)
class OptionField:
    """One option of the form: its widget and how to read a value back from it."""

    label: str
    widget: Widget
    words: tuple[str, ...] = ()
    """Words a text field (or a seat list) accepts besides a number (such as "random")."""
    rules: str | None = None
    """The section of the rules, or the rule, that explains the option."""
    seat: bool = False
    """A list of the seats and Random (see ``seat_choices``)."""

    def value(self) -> tuple[bool, Any]:
        """(given, value): an empty field is not given, so the engine's default applies."""
        widget = self.widget
        if isinstance(widget, Switch):
            return True, widget.value
        if isinstance(widget, Select):
            if self.seat and widget.value == RANDOM and RANDOM not in self.words:
                return False, None  # the engine's default draws the seat at random
            return widget.value is not Select.NULL, widget.value
        assert isinstance(widget, Input)
        text = widget.value.strip()
        if not text:
            return False, None
        if text in self.words or (widget.type == "text" and not self.words):
            return True, text
        return True, _whole_number(text, self.label)

    def show(self, value: object) -> None:
        """Put a value chosen before (a game set up last) in the field; one this version
        no longer offers leaves the field as it is."""
        widget = self.widget
        if isinstance(widget, Switch):
            if isinstance(value, bool):
                widget.value = value
        elif isinstance(widget, Select):
            with suppress(InvalidSelectValueError):
                widget.value = value
        elif isinstance(widget, Input) and isinstance(value, int | str):
            widget.value = str(value)


def _option_field(
    name: str, spec: dict[str, Any], defs: dict[str, Any], seats_max: int
) -> OptionField | None:
    """The form field of one option (a JSON-schema property), or None for a kind of
    option the form cannot show (the engine's default then applies)."""
    if "$ref" in spec:
        spec = {**defs[spec["$ref"].rpartition("/")[2]], **spec}
    branches = spec.get("anyOf", [spec])
    kinds = {b.get("type") for b in branches} - {"null"}
    choices = [c for b in branches for c in b.get("enum", [b["const"]] if "const" in b else [])]
    label = spec.get("title") or name
    default = spec.get("default")
    widget_id = f"opt-{name}"
    rules = spec.get("rules")
    if spec.get("seat"):
        seats = Select(
            [(Text(seat), value) for seat, value in seat_choices(seats_max)],
            value=RANDOM if default is None else default,
            allow_blank=False,
            id=widget_id,
        )
        return OptionField(label, seats, tuple(map(str, choices)), rules, seat=True)
    if kinds == {"boolean"}:
        return OptionField(label, Switch(value=bool(default), id=widget_id), rules=rules)
    if choices and "integer" not in kinds:
        select = Select(
            [(Text(str(c).replace("_", " ").capitalize()), c) for c in choices],
            value=default,
            allow_blank=default is None,
            id=widget_id,
        )
        return OptionField(label, select, rules=rules)
    if kinds <= {"integer", "string"}:
        words = tuple(str(c) for c in choices)
        hint = f"a number or {' / '.join(words)}" if words else "a number"
        field = Input(
            "" if default is None else str(default),
            placeholder=hint if "integer" in kinds else "",
            type="integer" if kinds == {"integer"} else "text",
            id=widget_id,
        )
        return OptionField(
            f"{label} ({hint})" if "integer" in kinds else label, field, words, rules
        )
    return None


def bind_choices() -> dict[str, str]:
    """Where remote seats may join from: the address a hosted table listens on, as
    `tabletop host --bind` takes it, in players' words."""
    from tabletop.net.address import network_address

    choices = {LOOPBACK: "This computer only", EVERYWHERE: "Its network"}
    address = network_address()
    if address is not None and address != LOOPBACK:
        choices[address] = f"Its network, at {address} only"
    return choices


def seat_choices(count: int) -> list[tuple[str, int | str]]:
    """A seat list: Random, then the seats, numbered from 1 (their values from 0)."""
    return [("Random", RANDOM), *((f"Seat {n + 1}", n) for n in range(count))]


class SetupScreen(SizedScreen):
    MIN_SIZE = (60, 20)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("f1", "rules", "Rules"),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    SetupScreen #form {
        padding: 0 2;
    }
    SetupScreen .row, SetupScreen #remote {
        height: auto;
    }
    SetupScreen .row Label {
        width: 18;
        padding: 1 1 0 0;
    }
    SetupScreen .row Input, SetupScreen .row Select {
        width: 1fr;  /* at 80 columns a seat's name gives way to its kind, whole */
        max-width: 40;
    }
    SetupScreen .row Select.kind {
        width: 24;
        margin-left: 1;
    }

    SetupScreen .option Input, SetupScreen .option Select {
        width: 24;
    }
    SetupScreen .option Label {
        width: 1fr;
        padding: 1 0 0 1;
    }
    SetupScreen .heading {
        margin-top: 1;
        text-style: bold;
    }
    SetupScreen .explain {
        color: $text-muted;
        padding: 0 0 0 1;
    }
    SetupScreen #error {
        color: $error;
        margin: 1 0 0 0;
    }
    SetupScreen #start {
        margin-top: 1;
    }
    """

    def __init__(
        self,
        engine: Engine[Any, Any],
        last: tuple[dict[str, Any], tuple[SeatInfo, ...]] | None = None,
    ) -> None:
        """``last``: the setup and seats of this game's table set up last, which the form
        starts from (the same friends often play again)."""
        super().__init__()
        self.engine = engine
        self.last = last
        self.title = f"New game: {engine.title}"
        self.game = kit(engine.name)
        self.bot_levels = self.game.levels
        self.kinds = {HUMAN: "Person"}
        """Who may sit at a seat: a person here, one remote (turn-based games), a bot."""
        if not engine.realtime:
            self.kinds[REMOTE] = "Remote person"
        self.kinds.update((level, self.game.level(level).name) for level in self.bot_levels)
        if len(self.kinds) == 1:
            self.kinds = {}
        self._bots_offered: bool | None = None  # the seat lists offer the bots (None: not yet)
        schema = engine.options_type.model_json_schema()
        self.option_fields = {
            name: field
            for name, spec in schema.get("properties", {}).items()
            if (field := _option_field(name, spec, schema.get("$defs", {}), engine.max_players))
            is not None
        }

    def compose_screen(self) -> ComposeResult:
        engine = self.engine
        counts = range(engine.min_players, engine.max_players + 1)
        start = max(engine.min_players, min(2, engine.max_players))
        seats: tuple[SeatInfo, ...] = ()
        if self.last is not None and len(self.last[1]) in counts:
            seats = self.last[1]
            start = len(seats)
        yield Header()
        with VerticalScroll(id="form"):
            yield Static("Seats", classes="heading")
            with Horizontal(classes="row"):
                yield Label("Players")
                yield Select(
                    [(self._count_label(n), n) for n in counts],
                    value=start,
                    allow_blank=False,
                    id="count",
                )
            yield Static(id="count-note", classes="explain")
            for seat in range(engine.max_players):
                with Horizontal(classes="row seat", id=f"seat-row-{seat}"):
                    yield Label(Content(f"Seat {seat + 1}"))
                    before = seats[seat] if seat < len(seats) else SeatInfo(f"Player {seat + 1}")
                    yield Input(
                        "" if before.name == f"Player {seat + 1}" else before.name,
                        placeholder=f"Player {seat + 1}",
                        max_length=NAME_LIMIT,
                        id=f"seat-{seat}",
                    )
                    if self.kinds:
                        yield Select(
                            [(Text(said), kind) for kind, said in self.kinds.items()],
                            value=before.bot if before.bot in self.kinds else HUMAN,
                            allow_blank=False,
                            id=f"kind-{seat}",
                            classes="kind",
                        )
            if self.bot_levels:
                yield Static(classes="explain", id="bots-note")
            if not engine.realtime:
                with Vertical(id="remote"):  # shown once a seat is remote
                    yield Static(
                        "A remote person joins from another terminal or computer with a code "
                        "shown at the start (tabletop join): the table is hosted while the "
                        "game is open here, and the other people play at this keyboard.",
                        classes="explain",
                    )
                    with Horizontal(classes="row"):
                        yield Label("Remote from")
                        yield Select(
                            [(Text(words), bind) for bind, words in bind_choices().items()],
                            value=LOOPBACK,
                            allow_blank=False,
                            id="bind",
                        )
                    with Horizontal(classes="row"):
                        yield Label("Port")
                        yield Input(placeholder="any free port", type="integer", id="port")
                    with Horizontal(classes="row"):
                        yield Label("TLS certificate")
                        yield Input(placeholder="none: not encrypted", id="tls-cert")
                    with Horizontal(classes="row"):
                        yield Label("TLS key")
                        yield Input(placeholder="the certificate's key file", id="tls-key")
                    yield Static(id="traffic", classes="explain")
            if self.option_fields:
                yield Static("Options", classes="heading")
                for name, option in self.option_fields.items():
                    with Horizontal(classes="row option", id=f"option-{name}"):
                        yield option.widget
                        yield Label(Content(option.label))
                    if option.rules is not None:
                        book = rulebook(engine.name)
                        quoted = words(book.quote(option.rules))
                        yield Static(quoted, classes="explain", id=f"option-rules-{name}")
            yield Static("Seed", classes="heading")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(placeholder="random", type="integer", id="seed")
            yield Static(id="error")
            yield Button("Start (Ctrl+S)", variant="primary", id="start")
        yield Footer()

    def _count_label(self, n: int) -> Text:
        return Text("1 (solo)" if n == 1 else str(n))

    def _bots_note(self) -> str:
        levels = (self.game.level(key) for key in self.bot_levels)
        said = "; ".join(f"{level.word} {level.help}" for level in levels)
        return f"{self.game.bots_note} {said}."

    def _bots_refused(self) -> str | None:
        """Why the options chosen leave no seat to a bot (Pocket Dragon's companion mode)."""
        refused = self.game.bots_refused
        if refused is None:
            return None
        players = tuple(f"Player {n + 1}" for n in range(self._count()))
        try:
            options = self.engine.options(Setup(players=players, options=self.chosen_options()))
        except ValueError:  # an option not readable yet: Start says what is wrong
            return None
        return refused(options)

    def _show_kinds(self) -> None:
        """The seat lists offer the bots only where the options let a bot sit; a seat
        given to a bot then goes back to a person, and the note says why."""
        if not self.bot_levels:
            return
        refused = self._bots_refused()
        offered = refused is None
        self.query_one("#bots-note", Static).update(
            plain(self._bots_note() if offered else refused or "")
        )
        if offered == self._bots_offered:
            return
        self._bots_offered = offered
        kinds = {k: said for k, said in self.kinds.items() if offered or k not in self.bot_levels}
        for seat in range(self.engine.max_players):
            select = self.query_one(f"#kind-{seat}", Select)
            chosen = select.value
            select.set_options([(Text(said), kind) for kind, said in kinds.items()])
            select.value = chosen if chosen in kinds else HUMAN

    def on_mount(self) -> None:
        if self.last is not None:
            options = self.last[0].get("options", {})
            for name, option in self.option_fields.items():
                if name in options:
                    option.show(options[name])
        self._show_kinds()
        self._show_seats()
        if not self.engine.realtime:
            self._show_traffic()
        # Enter starts; every field is a Tab away. Shown at once, not by an animated
        # scroll, so the screen-reader cursor that follows focus lands on it.
        start = self.query_one("#start", Button)
        start.focus(scroll_visible=False)
        self.call_after_refresh(start.scroll_visible, animate=False)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" or event.select.has_class("kind"):
            self._show_seats()
        elif event.select.id == "bind":
            self._show_traffic()
        elif event.select.id is not None and event.select.id.startswith("opt-"):
            self._show_kinds()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "tls-cert":
            self._show_traffic()

    def _show_traffic(self) -> None:
        """Who can read a hosted table's traffic, as `tabletop host` says it."""
        from tabletop.net.address import NOT_ENCRYPTED, loopback

        bind = self.query_one("#bind", Select).value
        assert isinstance(bind, str)
        if self.query_one("#tls-cert", Input).value.strip():
            said = (
                "Encrypted with the certificate: each remote player needs a copy of its file "
                "(never the key's)."
            )
        elif loopback(bind):
            said = "Only other terminals of this computer can join."
        else:
            said = (
                f"Warning: {NOT_ENCRYPTED}. A TLS certificate and its key encrypt them "
                "(docs/network.md says how to make them)."
            )
        self.query_one("#traffic", Static).update(plain(said))

    def _show_seats(self) -> None:
        count = self._count()
        for seat in range(self.engine.max_players):
            self.query_one(f"#seat-row-{seat}").display = seat < count
        for name, option in self.option_fields.items():
            if option.seat:  # only the seats at the table; a seat chosen beyond them is reset
                for part in self.query(f"#option-{name}, #option-rules-{name}"):
                    part.display = count > 1  # alone, there is no seat to choose
                assert isinstance(option.widget, Select)
                chosen = option.widget.value
                option.widget.set_options(
                    [(Text(seat), value) for seat, value in seat_choices(count)]
                )
                if not isinstance(chosen, int) or chosen < count:
                    option.widget.value = chosen
        if not self.engine.realtime:
            self.query_one("#remote").display = bool(self._remote())
        note = self.query_one("#count-note", Static)
        book = rulebook(self.engine.name) if count == 1 else None
        solo = book is not None and any(s.title == SOLO_SECTION for s in book.sections)
        note.update(words(book.quote(SOLO_SECTION)) if book is not None and solo else Content(""))
        note.display = solo

    def _count(self) -> int:
        value = self.query_one("#count", Select).value
        assert isinstance(value, int)
        return value

    def on_input_submitted(self) -> None:
        """Enter in a text field goes on to the next field: it never starts the game."""
        self.focus_next()

    def action_rules(self) -> None:
        self.app.post_message(ShowRules(self.engine.name))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            await self.action_start()

    async def action_start(self) -> None:
        """Start the game, or say what is wrong with the form (nothing typed is lost).
        With remote seats the table is hosted first."""
        from tabletop.core.session import GameSession

        try:
            seats = self._seats()
            remote = self._remote()
            if remote and any(seat.bot is not None for seat in seats):
                raise ValueError("A hosted table is played by people only: no bot seats.")
            options = self.chosen_options()
            self.game.check_seats(seats, options)
            seed = self._seed()
            listen = self._listen() if remote else None
            session = GameSession.start(self.tabletop.store, self.engine, seats, options, seed)
        except (ValueError, ContentError) as exc:
            self._refuse(str(exc))
            return
        hosting = None
        if listen is not None:
            from tabletop.net.server import HostError
            from tabletop.tui.screens.hosting import Hosting

            try:
                hosting = await Hosting.start(
                    self.tabletop.store, session, remote, listen, self._host_said
                )
            except (HostError, OSError) as exc:
                self._refuse(f"The table cannot be hosted: {exc}")
                return
        self.dismiss()
        self.app.post_message(PlayGame(session, hosting))

    def _refuse(self, why: str) -> None:
        self.query_one("#error", Static).update(plain(why))
        self.app.bell()

    def _host_said(self, line: str) -> None:
        """The host's news (a seat joined or away, a wrong code refused): a notice."""
        self.app.notify(line, title="Host", timeout=5, markup=False)

    def _remote(self) -> frozenset[int]:
        """The seats played from other screens."""
        if not self.kinds:
            return frozenset()
        return frozenset(
            seat
            for seat in range(self._count())
            if self.query_one(f"#kind-{seat}", Select).value == REMOTE
        )

    def _listen(self) -> Listen:
        """Where and how a hosted table listens, as the form says (ValueError: why not)."""
        from tabletop.net.server import HostError, server_tls
        from tabletop.tui.screens.hosting import Listen

        bind = self.query_one("#bind", Select).value
        assert isinstance(bind, str)
        text = self.query_one("#port", Input).value.strip()
        port = _whole_number(text, "The port") if text else 0
        if not 0 <= port <= 65535:
            raise ValueError("The port must be a whole number from 0 to 65535 (empty: any).")
        cert = self.query_one("#tls-cert", Input).value.strip()
        key = self.query_one("#tls-key", Input).value.strip()
        if not cert and not key:
            return Listen(bind, port)
        if not (cert and key):
            raise ValueError("TLS needs both the certificate file and its key file.")
        files = (Path(cert).expanduser(), Path(key).expanduser())
        try:
            return Listen(bind, port, server_tls(files), files[0])
        except HostError as exc:
            raise ValueError(f"The table cannot be encrypted: {exc}.") from None

    def _seats(self) -> tuple[SeatInfo, ...]:
        seats = []
        for seat in range(self._count()):
            field = self.query_one(f"#seat-{seat}", Input)
            kind = self.query_one(f"#kind-{seat}", Select).value if self.kinds else HUMAN
            try:
                name = check_name(field.value.strip() or field.placeholder)
            except ValueError as refused:
                raise ValueError(f"Seat {seat + 1}: {refused}") from None
            seats.append(SeatInfo(name, None if kind in (HUMAN, REMOTE) else str(kind)))
        check_names(s.name for s in seats)
        return tuple(seats)

    def chosen_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for name, option in self.option_fields.items():
            given, value = option.value()
            if given:
                options[name] = value
        return options

    def _seed(self) -> int:
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return random.randrange(2**32)
        seed = _whole_number(text, "The seed")
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"The seed must be a whole number from 0 to {SEED_LIMIT - 1}.")
        return seed
