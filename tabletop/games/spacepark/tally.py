"""What `tabletop sim spacepark` counts: how often each badge is earned, the XP it
brings, and how often the game's winners hold it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tabletop.core.engine import Action
from tabletop.core.kit import Tally
from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.model import SpaceParkState
from tabletop.games.spacepark.rules import outcome, xp_of


class SpaceParkTally(Tally):
    def __init__(self) -> None:
        self.earned = Counter[str]()
        self.games_with = Counter[str]()
        self.xp = Counter[str]()
        self.winner_earned = Counter[str]()
        self._this_game: set[str] = set()

    def observe(self, before: SpaceParkState, action: Action, after: SpaceParkState) -> None:
        for old, new in zip(before.players, after.players, strict=True):
            if len(new.earned) > len(old.earned):
                badge = new.earned[-1]
                self.earned[badge] += 1
                self.xp[badge] += xp_of(new) - xp_of(old)
                self._this_game.add(badge)

    def finish(self, state: SpaceParkState) -> None:
        result = outcome(state)
        self.games_with.update(self._this_game)
        self._this_game = set()
        if result is not None:
            for seat in result.winners:
                self.winner_earned.update(state.players[seat].earned)

    def report(self, games: int) -> dict[str, Any]:
        rows = {}
        for badge in badges():
            n = self.earned[badge]
            rows[badge] = {
                "pick_rate": round(self.games_with[badge] / games, 3),
                "earned": n,
                "xp_per_earn": round(self.xp[badge] / n, 2) if n else None,
                "by_winners": self.winner_earned[badge],
                # of the times it was earned, the share earned by the game's winner
                "winner_share": round(self.winner_earned[badge] / n, 3) if n else None,
            }
        return {"badges": rows}

    @staticmethod
    def lines(content: Mapping[str, Any]) -> list[str]:
        lines = [
            "",
            "Badges (games where earned, times earned, XP per earning, "
            "share earned by the winner):",
        ]
        ranked = sorted(content["badges"].items(), key=lambda kv: -kv[1]["pick_rate"])
        for badge, row in ranked:
            xp = "-" if row["xp_per_earn"] is None else f"{row['xp_per_earn']:.2f}"
            share = "-" if row["winner_share"] is None else f"{row['winner_share']:.0%}"
            lines.append(
                f"  {badge:16} {row['pick_rate']:6.1%}  {row['earned']:5}  {xp:>5}  {share:>4}"
            )
        return lines
