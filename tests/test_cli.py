"""The command line: clear help, clear errors for bad arguments, headless tools."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_help_names_the_games_and_the_commands() -> None:
    done = run("--help")
    assert done.returncode == 0
    for word in ("PocketParks", "Space Park", "Pocket Dragon", "engine", "--data-dir"):
        assert word in done.stdout


def test_a_bad_option_is_refused_with_usage_and_a_reason() -> None:
    done = run("--colour")
    assert done.returncode == 2
    assert "usage: tabletop" in done.stderr
    assert "unrecognized arguments: --colour" in done.stderr


def test_an_unknown_command_lists_the_real_ones() -> None:
    done = run("fly")
    assert done.returncode == 2
    assert "invalid choice: 'fly'" in done.stderr and "engine" in done.stderr


def test_content_report_counts_every_icon(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "pocketparks"]) == 0
    report = capsys.readouterr().out
    assert "Yellowstone" in report and "Glacier" in report
    assert len(report.splitlines()) > 63


def test_a_closed_pipe_ends_the_report_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "content", "pocketparks"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the report is written, like `| head`
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in proc.stderr.read()
