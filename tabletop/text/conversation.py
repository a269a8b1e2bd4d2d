"""A game as a conversation: what is new goes out as plain lines, what a player types
comes in as a command or a question.

``Conversation`` holds no terminal: ``start`` and ``hear`` (a typed line) and ``tick``
(the clock moved) each return the lines to print, so tests drive it with a FakeClock.
Every line stands alone and is plain words (no drawing, no colour, no symbol a speech
synthesiser reads badly). The game's words come from its package (``games/<game>/words``).

At one keyboard with several people and hidden cards, the keyboard passes between them
through a curtain line; only the table's public lines are printed while it is down.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any, cast

from pydantic import BaseModel

from tabletop.core.clock import Clock
from tabletop.core.engine import Action
from tabletop.core.errors import IllegalAction
from tabletop.core.rulebook import plain_words, rulebook
from tabletop.core.session import UndoRefused
from tabletop.core.store import StoreConflict, StoreError
from tabletop.core.words import Phrase
from tabletop.games import hint_from, kit, title
from tabletop.text.seat import NotSent, RemoteTextTable, TextTable

QUESTIONS: dict[str, str] = {
    "hand": "your cards",
    "table": "what lies on the table",
    "board": "the board",
    "scores": "the scores",
    "clocks": "the clocks (real-time games)",
    "log": "the last lines of the game, as log 5",
    "rules": "a rule by its id, as rules PP-TOUR-2",
    "hint": "a suggested move (where the game has hints)",
    "why": "the rule behind the last refusal, or why the partner bot made its last move",
    "list": "what you may do now, again",
    "help": "these commands",
    "undo": "take back your last move, where the game allows it",
    "switch": "pass the keyboard to the other player who may act",
    "quit": "stop here; the game is saved",
}
"""Questions and table commands, asked any time; they never stop the clocks."""


def words_of(game: str) -> ModuleType:
    """The game's words for playing by words (``tabletop.games.<game>.words``)."""
    return importlib.import_module(f"tabletop.games.{game}.words")


def _subsequence_rest(lines: Sequence[str], known: Sequence[str]) -> list[str]:
    """``lines`` without ``known``, which appear in it in order (public lines already
    printed, in a seat's own log that also holds its private ones)."""
    rest, i = [], 0
    for line in lines:
        if i < len(known) and line == known[i]:
            i += 1
        else:
            rest.append(line)
    return rest


class Conversation:
    def __init__(
        self, table: TextTable | RemoteTextTable, clock: Clock, window_s: float = 20
    ) -> None:
        self.table = table
        self.clock = clock
        self.window_s = window_s
        self.engine = table.engine
        self.words = words_of(self.engine.name)
        self.done = False
        self.seat: int | None = None  # the seat the keyboard is with
        self.curtain_for: int | None = None  # waiting for Enter from this seat
        self.refusal: IllegalAction | None = None
        self.deadline: float | None = None  # a response window's end, for ``seat``
        self.hidden = self._has_hidden()
        self._seen: dict[int | None, int] = {}
        self._public: list[str] = []  # public lines printed, at a table with a curtain
        self._public_mark: dict[int, int] = {}
        self._offset = 0.0
        self._view: BaseModel | None = None  # real time: the view at the last clock news
        self._told: list[str] = []  # the choices told last
        self._current: object = None  # the table as last told
        self._bot_moved: int | None = None  # a real-time bot's seat, moved since any refusal

    # -- time ----------------------------------------------------------------------

    def now(self) -> float:
        """The game-clock reading to stamp on an action."""
        return self._offset + self.clock.now()

    def _has_hidden(self) -> bool:
        """Whether the seats at this keyboard see different things (a curtain between)."""
        here = self.table.here
        if len(here) < 2:
            return False
        views = [self.table.view(s).model_dump(exclude={"seat"}) for s in here]
        return any(v != views[0] for v in views[1:])

    # -- the three entries ---------------------------------------------------------

    def start(self) -> list[str]:
        names = ", ".join(
            f"{n} (bot)" if s in self.table.bot_seats else n for s, n in enumerate(self.table.names)
        )
        game = title(self.engine.name)
        if self.table.game_id is not None:
            lines = [f"{game}, game {self.table.game_id}. Players: {names}."]
        else:
            you = self.table.names[self.table.here[0]]
            lines = [f"{game}, hosted. Players: {names}. You are {you}."]
        lines.append("Type a number or a command; help lists the questions you may ask any time.")
        if self.engine.realtime:
            view: Any = self.table.view(None)
            self._offset = view.clock - self.clock.now()
            if view.status == "running" and self.table.local:  # closed without a pause
                self._act_quietly("pause", {"cause": "reopened"})
        for seat in {None, *self.table.here}:
            self._seen[seat] = 0
        if self.hidden:
            self._public = list(self.table.log(None))
            self._seen[None] = len(self._public)
            self._public_mark = {s: 0 for s in self.table.here}
        else:
            # a game resumed: tell only its last few lines
            reader = self._reader()
            log = self.table.log(reader)
            self._seen[reader] = max(0, len(log) - 3)
        return lines + self._turn()

    def hear(self, line: str) -> list[str]:
        """A line the player typed."""
        if self.done:
            return []
        out = self._clocks()
        if self.done:
            return out
        if self.curtain_for is not None:
            seat, self.curtain_for = self.curtain_for, None
            self.seat = seat
            return out + self._show_seat()
        tokens = line.lower().split()
        if not tokens:
            return out + self._menu()
        return out + self._command(tokens)

    def tick(self) -> list[str]:
        """The clock moved: real-time news, a response window running out, what a host
        sent meanwhile."""
        if self.done:
            return []
        out = self.table.notices() + self._clocks()
        if self.done:  # the clocks ran out
            return out
        moved = self.table.paced_move(self.now()) if self.curtain_for is None else None
        if moved is not None:
            self._bot_moved = moved
        if self.table.current is not self._current and self.curtain_for is None:
            # what changed meanwhile (a hosted seat's: the others' moves) in one line
            told = self._news()
            if told:
                out.append(" ".join(told))
            out += self._turn()
        if self.deadline is not None and self.now() >= self.deadline and self.seat is not None:
            self.deadline = None
            passed = self._find(self.words.RESPONSE)
            if passed is not None:
                out.append(f"Time is up: {self.table.names[self.seat]} passes.")
                out += self._act(passed)
        return out

    # -- the table moving ----------------------------------------------------------

    def _reader(self) -> int | None:
        here = self.table.here
        return here[0] if here else None

    def _clocks(self) -> list[str]:
        if not self.engine.realtime or self.table.outcome is not None:
            return []
        before = self._view if self._view is not None else self.table.view(self._reader())
        self.table.advance(self.now())
        after = self.table.view(self._reader())
        self._view = after
        lines: list[str] = self.words.clock_news(before, after)
        if self.table.outcome is not None:
            lines += self._news() + self._ended()
        return lines

    def _news(self) -> list[str]:
        """The lines of the game not printed yet that may be printed now."""
        if not self.hidden:
            reader = self._reader()
            log = self.table.log(reader)
            new = log[self._seen[reader] :]
            self._seen[reader] = len(log)
            return list(new)
        public = self.table.log(None)
        new = list(public[self._seen[None] :])
        self._seen[None] = len(public)
        self._public += new
        if self.seat is not None:
            new += self._private(self.seat)
        return new

    def _private(self, seat: int) -> list[str]:
        log = self.table.log(seat)
        new = log[self._seen[seat] :]
        self._seen[seat] = len(log)
        known = self._public[self._public_mark[seat] :]
        self._public_mark[seat] = len(self._public)
        return _subsequence_rest(new, known)

    def _turn(self, menu: bool = True) -> list[str]:
        """Bots move; then the keyboard goes to the person who acts next (and hears the
        choices, unless ``menu`` is False: in the middle of a chain of commands)."""
        out: list[str] = []
        while True:
            self._current = self.table.current
            out += self._news()
            if self.table.outcome is not None:
                return out + self._ended()
            seats = self.table.to_act
            bot = next((s for s in seats if s in self.table.bots), None)
            if bot is not None:
                self.table.act(self.table.bot_move(bot))
                # another player's move in one line, its sentences in order
                told = self._news()
                if told:
                    out.append(" ".join(told))
                continue
            people = [s for s in seats if s in self.table.here]
            if not people:
                return out
            target = self.seat if self.seat in people else people[0]
            if target != self.seat:
                self.deadline = None  # a countdown is its seat's
            if target != self.seat and self.hidden:
                self.seat = None
                return out + self._hand_over(target)
            self.seat = target
            return out + self._show_seat(news=False) if menu else out

    def _show_seat(self, news: bool = True) -> list[str]:
        out = self._news() if news else []
        assert self.seat is not None
        response: str | None = getattr(self.words, "RESPONSE", None)
        if not (self.window_s and response is not None and self._find(response) is not None):
            self.deadline = None
        elif self.deadline is None:  # a response window put to this seat: its countdown
            self.deadline = self.now() + self.window_s
            out += self._situation()
            out.append(
                f"{self.table.names[self.seat]}, answer within {self.window_s:g} seconds, "
                "or you pass."
            )
            return out + self._menu(situation=False)
        return out + self._menu(again=news)

    def _ended(self) -> list[str]:
        outcome = self.table.outcome
        assert outcome is not None
        self.done = True
        names = self.table.names
        out = [f"Result: {outcome.summary.rstrip('.')}."]
        out += [f"{n}: {score}." for n, score in zip(names, outcome.scores, strict=True)]
        if outcome.winners:
            out.append(f"Winner: {' and '.join(names[w] for w in outcome.winners)}.")
        return out

    # -- what a seat may do ----------------------------------------------------------

    def _phrases(self) -> list[tuple[Phrase, Action]]:
        """The seat's legal actions in words; of several alike (two copies of one event
        card in a hand), the first."""
        if self.seat is None:
            return []
        view = self.table.view(self.seat)
        phrased: dict[str, tuple[Phrase, Action]] = {}
        for action in self.table.legal_actions(self.seat):
            phrase = self.words.phrase(view, action)
            phrased.setdefault(phrase.command, (phrase, action))
        return list(phrased.values())

    def _entries(self) -> list[tuple[Phrase, Action | None]]:
        """The numbered list: each action, or one line for many alike."""
        entries: list[tuple[Phrase, Action | None]] = []
        counts: dict[str, int] = {}
        phrases = self._phrases()
        for phrase, _ in phrases:
            if phrase.many:
                counts[phrase.many] = counts.get(phrase.many, 0) + 1
        listed: set[str] = set()
        for phrase, action in phrases:
            if phrase.many and counts[phrase.many] > 1:
                if phrase.many not in listed:
                    listed.add(phrase.many)
                    entries.append((phrase, None))
            else:
                entries.append((phrase, action))
        return entries

    def _situation(self) -> list[str]:
        lines: list[str] = self.words.situation(self.table.view(self.seat))
        return lines

    def _menu(self, situation: bool = True, again: bool = True) -> list[str]:
        """What the seat may do; with ``again`` False, nothing if it is what was told last
        (a move that changed none of the choices, as a logged button in real time)."""
        out = self._situation() if situation else []
        if self.seat is None:
            return out
        entries = self._entries()
        name = self.table.names[self.seat]
        if not entries:
            out.append(f"{name}, nothing to do now: ask anything, or wait.")
        else:
            out.append(f"{name}, you may:")
        for i, (phrase, action) in enumerate(entries, 1):
            if action is None:
                out.append(f"{i}. {phrase.many}")
            else:
                out.append(f"{i}. {phrase.command}: {phrase.words}")
        told, self._told = self._told, out
        return out if again or out != told else []

    def _find(self, command: str) -> Action | None:
        return next((a for p, a in self._phrases() if p.command == command), None)

    # -- acting ----------------------------------------------------------------------

    def _stamped(self, action: Action) -> Action:
        if self.engine.realtime and hasattr(action, "now"):
            stamped: Action = dataclasses.replace(cast(Any, action), now=self.now())
            return stamped
        return action

    def _act(self, action: Action, menu: bool = True) -> list[str]:
        try:
            self.table.act(self._stamped(action))
            self.deadline = None  # answered: the next window has a countdown of its own
        except IllegalAction as refused:
            self.refusal = refused
            self._bot_moved = None
            return [f"Refused: {refused.message} Rule {refused.rule}; why says more."]
        except StoreConflict as conflict:
            self.done = True
            return [f"{conflict} Open the game again to go on from what was saved."]
        except NotSent as unsent:
            return [f"Not played: {unsent}"]
        out = []
        if self.table.save_problem:
            out.append(f"Not saved yet: {self.table.save_problem}")
        return out + self._turn(menu)

    def _act_quietly(self, command: str, fields: dict[str, Any]) -> None:
        seat = self._reader()
        if seat is None:
            return
        for action in self.table.legal_actions(seat):
            if getattr(action, "kind", None) == command:
                self.table.act(dataclasses.replace(cast(Any, action), **fields))
                return

    # -- commands ----------------------------------------------------------------------

    def _command(self, tokens: list[str]) -> list[str]:
        if len(tokens) == 1 and tokens[0].isdigit():
            return self._numbered(int(tokens[0]))
        phrases = self._phrases()
        firsts = {p.command.split()[0] for p, _ in phrases}
        word = tokens[0]
        questions = [q for q in QUESTIONS if q.startswith(word)]
        verbs = [v for v in firsts if v.startswith(word)]
        if word in QUESTIONS or (len(questions) == 1 and not verbs):
            return self._question(word if word in QUESTIONS else questions[0], tokens[1:])
        if questions and word not in firsts:
            options = " or ".join(sorted({*questions, *verbs}))
            return [f"{word} could be {options}: type more of it."]
        return self._action(tokens, phrases)

    def _numbered(self, n: int) -> list[str]:
        entries = self._entries()
        if not 1 <= n <= len(entries):
            if not entries:
                return ["There is nothing to choose now."]
            return [f"Choose a number from 1 to {len(entries)}."]
        phrase, action = entries[n - 1]
        if action is None:
            return [f"Type it whole: {phrase.many}"]
        return self._act(action)

    def _match(
        self, tokens: list[str], phrases: list[tuple[Phrase, Action]], aliases: dict[str, str]
    ) -> list[tuple[Phrase, Action]]:
        def fits(typed: str, word: str) -> bool:
            return word.startswith(typed) or aliases.get(typed) == word

        found = [
            (p, a)
            for p, a in phrases
            if len(words := p.command.split()) == len(tokens)
            and all(fits(t, w) for t, w in zip(tokens, words, strict=True))
        ]
        exact = [(p, a) for p, a in found if p.command == " ".join(tokens)]
        return exact or found

    def _action(self, tokens: list[str], phrases: list[tuple[Phrase, Action]]) -> list[str]:
        if self.seat is None:
            return ["Nobody may act until the keyboard is passed: press Enter."]
        aliases: dict[str, str] = self.words.aliases(self.table.view(self.seat))
        found = self._match(tokens, phrases, aliases)
        if len(found) == 1:
            return self._act(found[0][1])
        if len(found) > 1:
            return [f"Which one: {'; '.join(p.command for p, _ in found[:8])}?"]
        # A command and its cards in one go: set 3 5 9 is set, add 3, add 5, add 9, confirm.
        for k in range(len(tokens) - 1, 0, -1):
            head = self._match(tokens[:k], phrases, aliases)
            if len(head) == 1:
                return self._chain(head[0][1], tokens[k:], aliases)
        return self._unknown(" ".join(tokens), phrases)

    def _chain(self, first: Action, rest: list[str], aliases: dict[str, str]) -> list[str]:
        seat = self.seat
        out = self._act(first, menu=False)
        for token in rest:
            if self.seat != seat or (out and out[-1].startswith("Refused")):
                return out + self._menu()
            phrases = self._phrases()
            found = [
                (p, a)
                for p, a in phrases
                if len(words := p.command.split()) == 2
                and (words[1].startswith(token) or aliases.get(token) == words[1])
            ]
            if len(found) != 1:
                return [*out, f"{token} fits no card here; you may go on from here.", *self._menu()]
            out += self._act(found[0][1], menu=False)
        confirm = self._find("confirm") if self.seat == seat else None
        if confirm is not None:
            return out + self._act(confirm)
        return out + self._turn()

    def _unknown(self, typed: str, phrases: list[tuple[Phrase, Action]]) -> list[str]:
        known = [*QUESTIONS, *(p.command for p, _ in phrases)]
        close = difflib.get_close_matches(typed, known, n=3, cutoff=0.6)
        if close:
            return [f"{typed} is no command here. Did you mean {' or '.join(close)}?"]
        return [f"{typed} is no command here. Type list for your choices, help for the rest."]

    # -- questions -----------------------------------------------------------------------

    def _question(self, word: str, args: list[str]) -> list[str]:
        view = self.table.view(self.seat)
        words = self.words
        if word == "hand":
            if self.seat is None and self.hidden:
                return ["No hand is told while the keyboard passes."]
            return list(words.hand(view))
        if word in ("table", "board"):
            answer = getattr(words, word, None) or getattr(words, "table", None) or words.board
            return list(answer(view))
        if word == "scores":
            return list(words.scores(view))
        if word == "clocks":
            if not hasattr(words, "clocks"):
                return [f"{title(self.engine.name)} has no clocks."]
            return list(words.clocks(view))
        if word == "log":
            count = int(args[0]) if args and args[0].isdigit() else 5
            reader = self.seat if self.hidden else self._reader()
            lines = self.table.log(reader)[-count:] if count else []
            return list(lines) or ["Nothing has happened yet."]
        if word == "rules":
            return self._rules(args)
        if word == "hint":
            return self._hint()
        if word == "why":
            if self._bot_moved is not None:
                said = self.table.bot_why(self._bot_moved)
                return [f"{self.table.names[self._bot_moved]}: {said}"]
            if self.refusal is None:
                return ["Nothing was refused yet."]
            return self._rules([self.refusal.rule])
        if word == "list":
            return self._menu()
        if word == "help":
            return self._help()
        if word == "undo":
            return self._undo()
        if word == "switch":
            return self._switch()
        return self._quit()

    def _rules(self, args: list[str]) -> list[str]:
        if not args:
            return ["Name a rule, as rules PP-TOUR-2; the refused moves name theirs."]
        rule = args[0].upper()
        try:
            return [f"{rule}: {plain_words(rulebook(self.engine.name).quote(rule))}"]
        except KeyError:
            return [f"{title(self.engine.name)} has no rule {rule}."]

    def _hint(self) -> list[str]:
        if kit(self.engine.name).hints is None:
            return [f"{title(self.engine.name)} gives no hints."]
        if self.seat is None:
            return ["Hints are for the player at the keyboard: press Enter first."]
        view = self.table.view(self.seat)
        hint = hint_from(self.engine.name, view, self.table.legal_actions(self.seat))
        if hint is None:
            return ["You have no move to make now."]
        command = self.words.phrase(view, hint.action).command
        return [f"Hint: {hint.why} Type {command}."]

    def _help(self) -> list[str]:
        lines = ["Type the number of a choice, or its command; the start of a word is enough."]
        lines += [f"{word}: {what}." for word, what in QUESTIONS.items()]
        if self.engine.realtime:
            lines.append("pause and resume stop and start the clocks; nothing else does.")
        return lines

    def _undo(self) -> list[str]:
        if self.seat is None:
            return ["Press Enter first."]
        reason = self.table.undo_refusal(self.seat)
        if reason is not None:
            return [f"No undo: {reason}"]
        try:
            self.table.undo(self.seat)
        except (UndoRefused, StoreError) as failed:
            return [f"No undo: {failed}"]
        for seat in self._seen:
            self._seen[seat] = len(self.table.log(seat))
        self._public_mark = {s: len(self._public) for s in self._public_mark}
        return ["Taken back.", *self._menu()]

    def _switch(self) -> list[str]:
        others = [s for s in self.table.to_act if s in self.table.here and s != self.seat]
        if not others:
            return ["Nobody else may act now."]
        self.seat = None
        return self._hand_over(others[0])

    def _hand_over(self, seat: int) -> list[str]:
        self.deadline = None
        if not self.hidden:
            self.seat = seat
            return self._show_seat()
        self.curtain_for = seat
        name = self.table.names[seat]
        return [f"Pass the keyboard to {name}. {name}, press Enter when only you can hear or see."]

    def _quit(self) -> list[str]:
        self.done = True
        if not self.table.local:
            self.table.close()
            return ["You left the table. The host keeps the game: join again with your code."]
        if self.engine.realtime and self.table.outcome is None:
            view: Any = self.table.view(None)
            if view.status == "running":
                self._act_quietly("pause", {"now": self.now()})
        self.table.close()
        game = self.table.game_id
        return [f"Saved as game {game}. To go on: tabletop play --continue {game}."]
