"""Helpers of the play-by-words tests: a conversation over a fresh store and a FakeClock,
and a player that answers it from the numbered list (seeded)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.core.clock import FakeClock
from tabletop.core.store import Store
from tabletop.text.conversation import Conversation
from tabletop.text.run import open_session
from tabletop.text.seat import TextTable

# Box drawing, block elements, private use, and any control character (an escape
# sequence of colour starts with one).
BAD = re.compile("[\u2500-\u259f\ue000-\uf8ff\x00-\x1f\x7f]")


@dataclass
class Talk:
    talk: Conversation
    clock: FakeClock
    store: Store
    lines: list[str] = field(default_factory=list)

    def start(self) -> list[str]:
        return self._said(self.talk.start())

    def say(self, typed: str) -> list[str]:
        return self._said(self.talk.hear(typed))

    def wait(self, seconds: float) -> list[str]:
        self.clock.advance(seconds)
        return self._said(self.talk.tick())

    def _said(self, lines: list[str]) -> list[str]:
        self.lines += lines
        return lines


def talk(
    tmp: Path, game: str, players: str, options: str = "{}", seed: int = 1, window_s: float = 20
) -> Talk:
    store = Store(tmp / "tabletop.db")
    session = open_session(store, game, players, options, seed, None)
    clock = FakeClock()
    return Talk(Conversation(TextTable(session), clock, window_s), clock, store)


def choose(t: Talk, rng: random.Random) -> list[str]:
    """One step of a player who reads the list: Enter at a curtain, else a random choice
    (a choice standing for many is typed out as one of its commands)."""
    c = t.talk
    if c.curtain_for is not None:
        return t.say("")
    entries = c._entries()
    if not entries:
        return t.wait(1)
    n = rng.randrange(len(entries))
    phrase, action = entries[n]
    if action is None:
        commands = [p.command for p, _ in c._phrases() if p.many == phrase.many]
        return t.say(rng.choice(commands))
    return t.say(str(n + 1))
