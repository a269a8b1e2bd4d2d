"""`tabletop join URL --text`: a seat of a hosted game played in words, on loopback
(a `tabletop host` process on 127.0.0.1), the code asked for, never on the command line."""

from __future__ import annotations

import random
import time
from pathlib import Path

from tabletop.core.clock import FakeClock
from tabletop.text.conversation import Conversation
from tabletop.text.seat import RemoteTextTable
from tests.net.netkit import Process, host_process
from tests.text.talk import BAD


def test_two_seats_in_words_play_a_hosted_game_to_its_end(tmp_path: Path) -> None:
    host, hosted = host_process(tmp_path, "spacepark", "--players", "Ann,Bo", "--seed", "4")
    tables = [RemoteTextTable(hosted["url"], s["code"], None) for s in hosted["seats"]]
    try:
        clock = FakeClock()
        talks = [Conversation(table, clock) for table in tables]
        said = [talk.start() for talk in talks]
        assert said[0][0] == "Space Park, hosted. Players: Ann, Bo. You are Ann."
        assert "Ann, you may:" in said[0] and "Bo, you may:" not in said[1]
        rng = random.Random(4)
        deadline = time.monotonic() + 90
        while not all(talk.done for talk in talks) and time.monotonic() < deadline:
            for seat, talk in enumerate(talks):
                said[seat] += talk.tick()
                if not talk.done and seat in talk.table.to_act:
                    count = len(talk._entries())
                    said[seat] += talk.hear(str(rng.randrange(count) + 1))
            time.sleep(0.01)
        assert all(talk.done for talk in talks)
        for lines in said:
            assert any(line.startswith("Result: ") for line in lines)
            assert not any(BAD.search(line) for line in lines)
        # Bo heard Ann's moves as the host sent them, each in one line
        heard = [line for line in said[1] if line.startswith("Ann visits")]
        assert heard and all(line.count("Ann visits") == 1 for line in heard)
    finally:
        for table in tables:
            table.close()
        host.kill()


def test_join_text_asks_for_the_code_and_refuses_one_on_the_command_line(
    tmp_path: Path,
) -> None:
    host, hosted = host_process(tmp_path, "spacepark", "--players", "Ann,Bo", "--seed", "4")
    url, code = hosted["url"], hosted["seats"][0]["code"]
    seat = Process("join", url, "--text")
    try:
        assert seat.process.stdin is not None
        seat.process.stdin.write(f"{code}\nhand\nquit\n")
        seat.process.stdin.flush()
        lines = [seat.line().rstrip("\n") for _ in range(2)]
        assert lines[0] == "Space Park, hosted. Players: Ann, Bo. You are Ann."
        assert seat.end() == ""
        assert seat.process.returncode == 0
        on_line = Process("join", url, code, "--text")
        assert "unrecognized arguments" in on_line.end()  # no place for a code there
        assert on_line.process.returncode == 2
        wrong = Process("join", url, "--text")
        assert wrong.process.stdin is not None
        wrong.process.stdin.write("not-a-code-but-long-enough\n")
        wrong.process.stdin.flush()
        assert wrong.end() and wrong.process.returncode == 1
    finally:
        host.kill()
