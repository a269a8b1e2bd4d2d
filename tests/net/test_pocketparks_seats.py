"""PocketParks off-turn at each player's own screen: three JoinApps on one host, the
table laid out by hand (tests/pocketparks/scenario.py). The Park Tour picker and the
reactions are answered at the asked seat's own screen and reach the host; a refusal
there says the host's reason with its rule; the other seats never see who answered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tabletop.core.engine import Setup
from tabletop.core.store import Store
from tabletop.games.pocketparks.model import PocketParksState
from tabletop.games.pocketparks.rules import tour_picks
from tabletop.games.pocketparks.view import PPView
from tabletop.net.server import HostedGame
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.pocketparks.hand import ParkHand
from tabletop.tui.games.pocketparks.modals import ResponseWindow, TourPicker
from tabletop.tui.games.pocketparks.screen import PocketParksScreen
from tabletop.tui.join import JoinApp
from tests.net.netkit import hosting
from tests.net.test_screens import SIZE, refused, until
from tests.pocketparks.scenario import NAMES, event, notes_against_ranger, park, parks, table
from tests.tui.test_pocketparks_screen import option_text, tour_table

Seat = tuple[JoinApp, Pilot[Any], PocketParksScreen]


@asynccontextmanager
async def table_of(
    tmp_path: Path, state: PocketParksState
) -> AsyncIterator[tuple[HostedGame, list[Seat]]]:
    """A host serving ``state`` (a table laid out by hand), and a joined app per seat, each
    on its game screen; response windows wait for a key (no countdown)."""
    players = NAMES[: len(state.players)]
    async with hosting(tmp_path, "pocketparks", Setup(players=players), 1) as (_, hosted, url):
        hosted.session.state = state
        async with AsyncExitStack() as stack:
            seats: list[Seat] = []
            for seat, code in enumerate(hosted.codes):
                store = Store(tmp_path / f"seat{seat}.db")
                stack.callback(store.close)
                store.save_setting("response_window", 0)
                app = JoinApp(store, url, code)
                pilot = await stack.enter_async_context(app.run_test(size=SIZE))
                await until(pilot, lambda app=app: isinstance(app.screen, PocketParksScreen))
                screen = app.screen
                assert isinstance(screen, PocketParksScreen)
                seats.append((app, pilot, screen))
            yield hosted, seats


async def discard(seat: Seat, card: int) -> None:
    """Pick ``card`` from the hand with Space and confirm the discard with c."""
    _, pilot, screen = seat
    screen.query_one(ParkHand).highlight_card(card)
    await pilot.press("space", "c")


def host_view(hosted: HostedGame, seat: int | None) -> PPView:
    view = hosted.session.view(seat)
    assert isinstance(view, PPView)
    return view


async def pick(seat: Seat, picker: TourPicker, hosted: HostedGame, seat_no: int, card: int) -> None:
    """One card picked in the Park Tour picker, once the host has the pick."""
    _, pilot, _ = seat
    picked = len(tour_picks(hosted.session.state, seat_no))
    picker.query_one(ParkHand).highlight_card(card)
    await pilot.press("space")
    await until(pilot, lambda: len(tour_picks(hosted.session.state, seat_no)) > picked)


async def test_a_park_tour_is_claimed_at_the_claimant_s_own_screen(tmp_path: Path) -> None:
    """PP-TOUR-1, PP-WINDOW-1 at three screens: Ana's discard opens the window at Ben's
    and Cy's screens, not at hers; Ben answers with his seat number and picks his four
    mountains in the picker at his screen, each pick reaching the host; a claim too soon
    is refused there with the host's reason and rule; his claim is made, Cy passes at
    his own screen, and Ben's set of 5 is on every screen; play goes on after Ben."""
    async with table_of(tmp_path, tour_table(True)) as (hosted, seats):
        ana, ben, cy = seats
        await discard(ana, park("Saguaro"))
        for app, pilot, _ in (ben, cy):
            await until(pilot, lambda app=app: isinstance(app.screen, ResponseWindow))
        assert ana[0].screen is ana[2]  # her own discard: she is not asked (PP-TOUR-2)
        window = ben[0].screen
        assert isinstance(window, ResponseWindow) and "Park Tour on Saguaro?" in window.text
        # the same question, whoever can answer (each told their own number's key)
        cy_window = cy[0].screen
        assert isinstance(cy_window, ResponseWindow)
        assert cy_window.text.replace("Cy: press 3 ", "Ben: press 2 ") == window.text

        ben_app, ben_pilot, ben_screen = ben
        await ben_pilot.press("2")
        await until(ben_pilot, lambda: isinstance(ben_app.screen, TourPicker))
        picker = ben_app.screen
        assert isinstance(picker, TourPicker)
        mountains = tour_table(True).players[1].hand
        hand = picker.query_one(ParkHand)
        assert sorted(hand.cards) == sorted(mountains)  # his own hand, to pick from
        for card in mountains[:2]:
            await pick(ben, picker, hosted, 1, card)
        await until(ben_pilot, lambda: option_text(hand).count("✓") == 2)
        moves = hosted.session.moves
        await ben_pilot.press("c")  # two are not a Park Tour: the host says why, here
        await until(ben_pilot, lambda: bool(refused(ben_app)))
        assert refused(ben_app) == ["Not allowed (PP-TOUR-1)"]
        assert ben_app.screen is picker and hosted.session.moves == moves
        await ben_pilot.press("backspace")  # start over
        await until(ben_pilot, lambda: tour_picks(hosted.session.state, 1) == [])
        for card in mountains:
            await pick(ben, picker, hosted, 1, card)
        await until(ben_pilot, lambda: picker.check_action("claim", ()) is True)
        await ben_pilot.press("c")
        await until(ben_pilot, lambda: ben_app.screen is ben_screen)
        assert hosted.session.record.actions[-1]["kind"] == "park_tour"

        # Cy is still asked; nothing at his screen says Ben claimed
        cy_app, cy_pilot, cy_screen = cy
        window = cy_app.screen
        assert isinstance(window, ResponseWindow) and "Ben" not in window.text.split("Asked:")[1]
        await cy_pilot.press("n")
        await until(cy_pilot, lambda: host_view(hosted, None).window is None)
        assert hosted.session.record.actions[-1] == {"kind": "pass", "seat": 2}
        public = host_view(hosted, None)
        assert [s.size for s in public.players[1].sets] == [5] and public.current == 2
        for app, pilot, screen in seats:
            await until(pilot, lambda s=screen: s.session.moves == hosted.session.moves)
            assert app.screen is screen
            assert "✓safe" in str(screen.query_one("#pp-table").render())
        await until(
            cy_pilot, lambda: "your turn" in str(cy_screen.query_one("#pp-prompt").render())
        )


async def test_a_reaction_is_played_at_the_reacting_seat_s_own_screen(tmp_path: Path) -> None:
    """PP-RANGER-1, PP-NOTES-1: Ana plays Comparing notes with Ben at her screen; Ben
    answers Ranger says no at his, from the choices the host lists for his seat; Cy
    passes at his; the notes have no effect, on every screen."""
    st = notes_against_ranger()
    async with table_of(tmp_path, st) as (hosted, seats):
        (ana_app, ana_pilot, _), ben, cy = seats
        await ana_pilot.press("e")
        await until(ana_pilot, lambda: isinstance(ana_app.screen, Choose))
        choice = ana_app.screen
        assert isinstance(choice, Choose) and "Play Comparing notes with Ben" in choice.text
        lines = choice.text.splitlines()[1:]  # the title, then one line a choice
        await ana_pilot.press(str(1 + next(i for i, c in enumerate(lines) if "with Ben" in c)))
        ben_app, ben_pilot, ben_screen = ben
        await until(ben_pilot, lambda: isinstance(ben_app.screen, ResponseWindow))
        assert "Comparing notes" in ben_app.screen.text
        assert ana_app.screen is seats[0][2]  # Ana played it: she is not asked
        await ben_pilot.press("2")
        await until(ben_pilot, lambda: isinstance(ben_app.screen, Choose))
        answer = ben_app.screen
        assert isinstance(answer, Choose) and "Play Ranger says no" in answer.text
        await ben_pilot.press("1")
        await until(ben_pilot, lambda: ben_app.screen is ben_screen)
        await until(ben_pilot, lambda: hosted.session.record.actions[-1]["kind"] == "react")
        cy_app, cy_pilot, _ = cy
        assert isinstance(cy_app.screen, ResponseWindow)
        await cy_pilot.press("n")
        await until(cy_pilot, lambda: host_view(hosted, None).window is None)
        # Ranger says no: the notes took no effect, no cards changed hands
        assert [p.hand_size for p in host_view(hosted, None).players] == [2, 2, 1]
        for _, pilot, screen in seats:
            await until(pilot, lambda s=screen: s.session.moves == hosted.session.moves)
            shown = screen.session.view(screen.viewer)
            assert isinstance(shown, PPView)
            assert [p.hand_size for p in shown.players] == [2, 2, 1]


async def test_a_window_that_asks_while_the_seat_s_answer_is_on_its_way_opens_after(
    tmp_path: Path,
) -> None:
    """PP-MOSQ-1, PP-TOUR-2, PP-WINDOW-1: Bo's Mosquito bites opens a window at Ann's and
    Cy's screens; Ann passes, and Cy's pass opens the Park Tour window on the bitten park
    before Ann's screen has the host's answer to her pass (the host's messages to her
    held, then let go at once). The new window opens at her screen all the same."""
    mosquito = event("mosquito_bites")
    st = table(
        [
            parks("Grand Teton", "North Cascades", "Sequoia", "Rocky Mountain"),
            [mosquito, *parks("Acadia")],
            parks("Congaree"),
        ],
        sets=[[], [], [parks("Saguaro", "Lassen Volcanic")]],
        current=1,
    )
    st.phase = "discard"
    st.draws = 2
    async with table_of(tmp_path, st) as (hosted, seats):
        (ann_app, ann_pilot, ann_screen), (bo_app, bo_pilot, _), (cy_app, cy_pilot, _) = seats
        await bo_pilot.press("e")
        await until(bo_pilot, lambda: isinstance(bo_app.screen, Choose))
        choice = bo_app.screen
        assert isinstance(choice, Choose)
        lines = choice.text.splitlines()[1:]
        await bo_pilot.press(str(1 + next(i for i, c in enumerate(lines) if "Saguaro" in c)))
        for app, pilot in ((ann_app, ann_pilot), (cy_app, cy_pilot)):
            await until(pilot, lambda app=app: isinstance(app.screen, ResponseWindow))
        link = hosted.links[0]
        held: list[bytes] = []
        send = link.send
        link.send = held.append  # type: ignore[method-assign]
        await ann_pilot.press("n")
        await until(ann_pilot, lambda: len(held) >= 2)  # her pass: its update and answer
        await cy_pilot.press("n")
        await until(cy_pilot, lambda: len(held) >= 3)  # the Park Tour window, for Ann
        assert host_view(hosted, 0).window is not None
        assert host_view(hosted, 0).window.kind == "tour"  # type: ignore[union-attr]
        link.send = send  # type: ignore[method-assign]
        for message in held:
            send(message)
        await until(ann_pilot, lambda: isinstance(ann_app.screen, ResponseWindow))
        window = ann_app.screen
        assert isinstance(window, ResponseWindow) and "Park Tour on Saguaro?" in window.text
        await ann_pilot.press("1")  # Ann answers: her four mountains claim it
        await until(ann_pilot, lambda: isinstance(ann_app.screen, TourPicker))
        assert ann_screen.sending is None


async def test_build_asks_for_the_set_by_its_own_number(tmp_path: Path) -> None:
    """PP-SET-3: Ana's Sequoia builds onto her mountain sets 2 and 3, not her Newest set
    1: the chooser lists [2: ...] and [3: ...], and 3 picks set 3 (the list's
    second place), the number shown on the table."""
    st = table(
        [parks("Sequoia", "Acadia"), parks("Denali"), parks("Glacier")],
        sets=[
            [
                parks("Congaree", "Cuyahoga Valley"),
                parks("Grand Teton", "North Cascades"),
                parks("Rocky Mountain", "Shenandoah"),
            ],
            [],
            [],
        ],
    )
    async with table_of(tmp_path, st) as (hosted, seats):
        app, pilot, _ = seats[0]
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, Choose))
        chooser = app.screen
        assert isinstance(chooser, Choose) and [c.key for c in chooser.choices] == ["2", "3"]
        await pilot.press("3")
        await until(pilot, lambda: building(hosted) == 2)


def building(hosted: HostedGame) -> int | None:
    """Which set the player to act is building onto, at the host (None: no build)."""
    state = hosted.session.state
    assert isinstance(state, PocketParksState)
    return None if state.draft is None else state.draft.set_index
