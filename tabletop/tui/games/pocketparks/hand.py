"""The hand on screen: one card a line, sorted or grouped by icon, with the cards
already picked for a set or a payment ticked, the one picked to go (a discard,
waiting for its confirmation) crossed, and those new to its owner marked "+" (the
screen says which). Grouped by icon, each group has a heading line, or where lines
are short (``inline_groups``), its icon before its first card. The cursor stays on
the card it was on: a new card never moves it, so a key meant for one card never
lands on another. Enter or a click uses the card the cursor is on (what "use"
means depends on the step; the screen decides)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tabletop.games.pocketparks.view import CardView
from tabletop.tui.compat import SettledOptionList
from tabletop.tui.games.pocketparks.cards import card_line, icon, icon_label
from tabletop.tui.text import plain

SortMode = Literal["held", "number", "icon"]
SORT_MODES: tuple[SortMode, ...] = ("number", "icon", "held")
SORT_WORDS: dict[SortMode, str] = {
    "held": "as held",
    "number": "by park number",
    "icon": "grouped by icon",
}


def card_icons(card: CardView, dark_sky: bool) -> list[str]:
    """A park's icons for grouping: its theme icons, and dark sky when that counts
    as an icon for the hand's owner (Aspiring astronomer, as the view says)."""
    return [*card.icons, "dark_sky"] if dark_sky and card.dark_sky else list(card.icons)


def icon_counts(hand: list[CardView], dark_sky: bool = False) -> Counter[str]:
    """How many hand parks carry each icon."""
    return Counter(
        name for card in hand if card.event is None for name in card_icons(card, dark_sky)
    )


def grouped(
    hand: list[CardView], dark_sky: bool = False
) -> list[tuple[str | None, list[CardView]]]:
    """The hand in groups: each park under the icon it shares with the most hand
    parks (ties: the icon listed first on the card), events last (group None)."""
    counts = icon_counts(hand, dark_sky)
    groups: dict[str, list[CardView]] = {}
    for card in sorted(hand, key=lambda c: c.number):
        names = card_icons(card, dark_sky)
        if card.event is None and names:
            best = max(names, key=lambda name: counts[name])
            groups.setdefault(best, []).append(card)
    order = sorted(groups, key=lambda name: (-len(groups[name]), name))
    out: list[tuple[str | None, list[CardView]]] = [(name, groups[name]) for name in order]
    events = [c for c in hand if c.event is not None]
    if events:
        out.append((None, sorted(events, key=lambda c: c.name)))
    return out


class ParkHand(SettledOptionList):
    """A seat's hand; the screen calls ``show`` with the viewer's hand (or None)."""

    DEFAULT_CSS = """
    ParkHand {
        height: 1fr;
        border: round $secondary;
        border-title-color: $text-muted;
        padding: 0;
    }
    ParkHand:focus {
        border: round $accent;
    }
    /* The cursor row: a grey bar the icons are made readable on (tui/palette.py),
       where a coloured one took the colour of one icon or another; underlined too,
       for the themes of ANSI colours, which cannot tint it. */
    ParkHand > .option-list--option-highlighted,
    ParkHand:focus > .option-list--option-highlighted {
        color: $foreground;
        background: $pp-cursor;
        text-style: bold underline;
    }
    """

    class Used(Message):
        """The player used a card (Enter or a click on it)."""

        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.mode: SortMode = "number"
        self.cards: list[int] = []
        """The card ids in the order shown (what the screen may use)."""
        self._shown: tuple[object, ...] = ()
        self._asked: tuple[Any, ...] | None = None
        """What ``show`` was last given, to draw again at a new width."""
        self.inline_groups = False
        """Groups without heading lines (the screen is short of lines)."""

    def show(
        self,
        hand: list[CardView] | None,
        chosen: frozenset[int] = frozenset(),
        usable: frozenset[int] | None = None,
        title: str = "Your hand",
        dark_sky: bool = False,
        going: int | None = None,
        fresh: frozenset[int] = frozenset(),
    ) -> None:
        """Draw ``hand`` (None: no hand may be shown now), ticking the ``chosen`` cards,
        crossing the one ``going``, marking the ``fresh`` ones (new to the hand's owner)
        and dimming those the step cannot use (``usable`` None: no step uses a card). An
        event says what it does where the width allows."""
        self._asked = (hand, chosen, usable, title, dark_sky, going, fresh)
        key = (
            None if hand is None else tuple(c.id for c in hand),
            chosen,
            usable,
            self.mode,
            self.inline_groups,
            title,
            dark_sky,
            going,
            fresh,
            self.scrollable_content_region.width,
        )
        if key == self._shown:
            return
        self._shown = key
        keep = self.highlighted_card
        self.clear_options()
        self.cards = []
        if hand is None:
            self.border_title = "Hand"
            self.add_option(Option(Content.styled("No hand is shown now.", "dim"), disabled=True))
            return
        self.border_title = plain(
            f"{title} ({len(hand)}) · {SORT_WORDS[self.mode]}" + (" · + new" if fresh else "")
        )
        options: list[Option] = []
        if self.mode == "icon" and self.inline_groups:
            for name, cards in grouped(hand, dark_sky):
                lead = Content.styled("Ev ", "bold") if name is None else icon(name)
                for at, card in enumerate(cards):
                    label = Content.assemble(lead if at == 0 else "   ", " ")
                    options.append(self._option(card, chosen, usable, fresh, going, label))
        elif self.mode == "icon":
            for name, cards in grouped(hand, dark_sky):
                label = (
                    Content.styled("Events", "bold")
                    if name is None
                    else Content.assemble(icon(name), (f" {icon_label(name)}", "bold"))
                )
                options.append(
                    Option(Content.assemble("── ", label, f" ({len(cards)})"), disabled=True)
                )
                options.extend(self._option(c, chosen, usable, fresh, going) for c in cards)
        else:
            cards = hand if self.mode == "held" else sorted(hand, key=number_order)
            options.extend(self._option(c, chosen, usable, fresh, going) for c in cards)
        if not hand:
            options.append(Option(Content.styled("(no cards)", "dim"), disabled=True))
        self.add_options(options)
        if keep in self.cards:
            self.highlight_card(keep)
        elif self.cards:
            self.highlight_card(self.cards[0])

    def _option(
        self,
        card: CardView,
        chosen: frozenset[int],
        usable: frozenset[int] | None,
        fresh: frozenset[int],
        going: int | None,
        group: Content | None = None,
    ) -> Option:
        """A card's line; ``group``: the compact group column before it."""
        self.cards.append(card.id)
        if card.id == going:
            tick = Content.styled("✗ ", "bold $error")
        elif card.id in chosen:
            tick = Content.styled("✓ ", "bold $success")
        elif card.id in fresh:
            tick = Content.styled("+ ", "bold $warning")
        else:
            tick = Content("  ")
        lead = group or Content("")
        # the room less the tick, the group column and the option's padding
        room = self.scrollable_content_region.width - 4 - lead.cell_length
        line = card_line(card, 22, room)
        if usable is not None and card.id not in usable and card.id not in chosen:
            line = line.stylize("dim")
        return Option(Content.assemble(tick, lead, line), id=str(card.id))

    @property
    def highlighted_card(self) -> int | None:
        if self.highlighted is None:
            return None
        option = self.get_option_at_index(self.highlighted)
        return None if option.id is None else int(option.id)

    def highlight_card(self, card: int) -> None:
        self.highlighted = self.get_option_index(str(card))

    def on_resize(self, event: events.Resize) -> None:
        if self._asked is not None:
            self.show(*self._asked)

    def cycle_sort(self) -> SortMode:
        self.mode = SORT_MODES[(SORT_MODES.index(self.mode) + 1) % len(SORT_MODES)]
        self._shown = ()
        return self.mode

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Used(int(event.option.id)))


def number_order(card: CardView) -> tuple[int, int, str]:
    return (1 if card.event is not None else 0, card.number, card.name)
