"""What `tabletop sim pocketparks` counts: each event's use, the icons of the sets
played, Park Tours and how rounds end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tabletop.core.engine import Action
from tabletop.core.kit import Tally
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.model import PocketParksState


class PocketParksTally(Tally):
    def __init__(self) -> None:
        self.events = Counter[str]()
        self.reactions = Counter[str]()
        self.discarded = Counter[str]()
        self.copies = Counter[str]()
        self.icons = Counter[str]()
        self.sets = 0
        self.tours = 0
        self.round_ends = Counter[str]()

    def observe(self, before: PocketParksState, action: Action, after: PocketParksState) -> None:
        kind = getattr(action, "kind", "")
        if kind in ("play_event", "react"):
            # Counted under the card played; a Let's do it again also counts its copy.
            effect = str(R.EFFECT[getattr(action, "card", 0)])
            (self.events if kind == "play_event" else self.reactions)[effect] += 1
            copied = getattr(action, "as_effect", None)
            if copied is not None:
                self.copies[str(copied)] += 1
        elif kind == "discard" and before.phase == "discard":
            card = getattr(action, "card", 0)
            if not R.is_park(card):
                self.discarded[str(R.EFFECT[card])] += 1
        if kind == "park_tour":
            self.tours += 1
        if len(after.results) > len(before.results):
            for result in after.results[len(before.results) :]:
                self.round_ends["won" if result.winner >= 0 else "nobody"] += 1
            return  # the round ended: new sets belong to the next deal
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if len(new.sets) > len(old.sets):
                for cards in new.sets[len(old.sets) :]:
                    self.sets += 1
                    mask = R.set_icons(after, seat, cards)
                    self.icons.update(R.CONTENT.icon_names(mask))

    def report(self, games: int) -> dict[str, Any]:
        effects = sorted({e.effect for e in R.CONTENT.events})
        return {
            "events_per_game": {
                e: {
                    "played": round(self.events[e] / games, 3),
                    "reacted": round(self.reactions[e] / games, 3),
                    "discarded_unplayed": round(self.discarded[e] / games, 3),
                }
                for e in effects
            },
            "copied_by_lets_do_it_again": {
                e: round(n / games, 3) for e, n in sorted(self.copies.items())
            },
            "sets_played": self.sets,
            "icon_share_of_sets": {
                icon: round(n / self.sets, 3) for icon, n in self.icons.most_common()
            }
            if self.sets
            else {},
            "park_tours_per_game": round(self.tours / games, 3),
            "rounds": dict(self.round_ends),
        }

    @staticmethod
    def lines(content: Mapping[str, Any]) -> list[str]:
        lines = ["", "Events per game (played, reacted, discarded unplayed):"]
        for effect, row in content["events_per_game"].items():
            lines.append(
                f"  {effect:24} {row['played']:6.2f} {row['reacted']:6.2f} "
                f"{row['discarded_unplayed']:6.2f}"
            )
        copies = content["copied_by_lets_do_it_again"]
        if copies:
            lines.append(
                "Let's do it again copied (per game): "
                + ", ".join(f"{e} {n}" for e, n in copies.items())
            )
        lines.append(
            f"Park Tours per game: {content['park_tours_per_game']}; rounds: {content['rounds']}"
        )
        lines.append(f"Icons of played sets ({content['sets_played']} sets):")
        for icon, share in content["icon_share_of_sets"].items():
            lines.append(f"  {icon:16} {share:6.1%}")
        return lines
