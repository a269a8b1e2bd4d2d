"""Card text: every card the player holding the keyboard can see now, by where it
is (their hand, the display, the table), and the whole text of the highlighted one.

A game screen lists the cards from its viewer's view, so nothing here can show a
card that seat may not see; what a card says comes from the game's content
(``core.cards.CardText``), never from a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop.core.cards import CardText
from tabletop.tui.compat import bind_hidden
from tabletop.tui.dialogs import Dialog
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer


@dataclass(frozen=True)
class Shown:
    """A card in the list: the group it is listed under (where it is), its line, and
    what the pane says of it."""

    place: str
    line: Content
    text: Content


def card_text(name: Content, text: CardText) -> Content:
    """A card's whole text: ``name`` as the board draws it (glyphs and all), then what
    it does, a paragraph each."""
    return Content("\n\n").join([name, *(plain(p) for p in text.body)])


class CardsScreen(Dialog[None]):
    """The cards in view, grouped by place; arrows move, the pane shows the whole text.
    Esc (or the key that opened it) closes it; ? opens the rules."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "rules", "Rules"),
    ]
    DEFAULT_CSS = """
    CardsScreen > Vertical {
        width: 90%;
        max-width: 100;
        height: 90%;
        border: thick $accent;
        border-title-color: $accent;
        background: $surface;
    }
    CardsScreen OptionList, CardsScreen OptionList:focus {
        height: 1fr;
        border: none;
    }
    CardsScreen #card-pane {
        height: auto;
        max-height: 55%;
        border-top: solid $secondary;
        padding: 0 1;
    }
    """

    def __init__(
        self,
        cards: Sequence[Shown],
        at: int = 0,
        close_key: str = "",
        rules: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.cards = list(cards)
        self.at = at
        self.rules = rules
        if close_key:
            bind_hidden(self, close_key, "close", "Close")

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        place = None
        for index, card in enumerate(self.cards):
            if card.place != place:
                place = card.place
                options.append(Option(plain(place, "bold"), disabled=True))
            line: Content = card.line
            options.append(Option(line, id=str(index)))
        with Vertical() as box:
            box.border_title = "Cards: ↑↓ a card, its whole text below"
            yield OptionList(*options)
            with VerticalScroll(id="card-pane"):
                yield Static(id="card-text")
        yield Footer()

    def on_mount(self) -> None:
        listed = self.query_one(OptionList)
        if self.cards:
            listed.highlighted = listed.get_option_index(str(min(self.at, len(self.cards) - 1)))
        listed.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            text: Content = self.cards[int(event.option.id)].text
            self.query_one("#card-text", Static).update(text)

    @property
    def text(self) -> str:
        """The highlighted card's whole text, as plain text."""
        return str(self.query_one("#card-text", Static).render())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.rules is not None if action == "rules" else True

    def action_rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def action_close(self) -> None:
        self.dismiss(None)
