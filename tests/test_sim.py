"""The simulator: report shape for a few games, and clear errors for bad arguments."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.sim import parse_seats, simulate


def test_a_small_space_park_run_reports_every_figure() -> None:
    report = simulate("spacepark", ("normal", "easy", "easy"), games=6, seed=3, rotate=True)
    assert report["games"] == 6 and report["seats"] == ["greedy", "random", "random"]
    assert len(report["win_rate_by_seat"]) == 3
    assert sum(report["win_rate_by_seat"]) + report["no_winner_rate"] == pytest.approx(1, 0.01)
    assert set(report["win_rate_by_bot"]) == {"greedy", "random"}
    assert 0 <= report["first_player_win_rate"] <= 1
    assert report["avg_actions"] > 0 and report["avg_turns"] > 0
    assert len(report["scores_by_seat"]) == 3
    assert report["winning_margin"]["max"] >= report["winning_margin"]["mean"] >= 0
    assert set(report["decision_ms"]) == {"greedy", "random"}
    badges = report["content"]["badges"]
    assert len(badges) == 27
    earned = sum(row["earned"] for row in badges.values())
    assert earned > 0
    assert all(row["xp_per_earn"] is None or row["xp_per_earn"] >= 1 for row in badges.values())


def test_the_same_seed_gives_the_same_report() -> None:
    one = simulate("spacepark", ("normal", "normal"), games=3, seed=8)
    two = simulate("spacepark", ("normal", "normal"), games=3, seed=8)
    for key in ("win_rate_by_seat", "avg_actions", "scores_by_seat", "content"):
        assert one[key] == two[key]


def test_a_single_space_park_seat_is_solo_against_scout() -> None:
    report = simulate("spacepark", ("normal",), games=4, seed=1)
    assert report["first_player_win_rate"] is None and report["winning_margin"] is None
    assert report["solo_win_rate"] == report["win_rate_by_seat"][0]
    assert report["solo_win_rate"] + report["no_winner_rate"] == pytest.approx(1)


def test_seat_words_and_their_errors() -> None:
    assert parse_seats("spacepark", "random, greedy,HARD") == ("easy", "normal", "hard")
    with pytest.raises(ValueError, match="unknown bot 'wizard'"):
        parse_seats("spacepark", "greedy,wizard")
    with pytest.raises(ValueError, match="takes 1-4 seats, not 5"):
        parse_seats("spacepark", "random,random,random,random,random")
    with pytest.raises(ValueError, match="bad seat list"):
        parse_seats("spacepark", "greedy,,random")
    with pytest.raises(ValueError, match="pocketdragon plays tables of its own"):
        parse_seats("pocketdragon", "random,random")


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["sim", "spacepark", "--games", "2", "--seats", "greedy,random", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "spacepark" and report["games"] == 2


def test_the_command_prints_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "spacepark", "--games", "2", "--seats", "greedy,random"]) == 0
    out = capsys.readouterr().out
    for words in ("Win rate by seat", "Win rate by bot", "First player wins", "Badges"):
        assert words in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "chess"], "unknown game 'chess'"),
        (["sim", "spacepark", "--seats", "greedy,genius"], "unknown bot 'genius'"),
        (["sim", "spacepark", "--seats", "random,random,random,random,random"], "1-4 seats"),
        (["sim", "spacepark", "--games", "0"], "--games must be at least 1, not 0"),
        (["sim", "spacepark", "--games", "-3"], "--games must be at least 1, not -3"),
        (["sim", "spacepark", "--budget", "0"], "--budget must be a positive"),
        (["sim", "spacepark", "--budget", "nan"], "--budget must be a positive"),
        (["sim", "spacepark", "--budget", "inf"], "--budget must be a positive"),
        (["sim", "spacepark", "--budget=-inf"], "--budget must be a positive"),
        (["sim", "pocketdragon", "--seats", "random,random"], "leave out --seats"),
        (["sim", "pocketdragon", "--games", "0"], "--games must be at least 1, not 0"),
    ],
)
def test_bad_arguments_are_refused_clearly(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tabletop sim: error: ") and message in err


def test_simulate_refuses_no_games() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        simulate("spacepark", ("easy", "easy"), games=0)


def test_a_small_pocketparks_run_reports_events_and_icons() -> None:
    report = simulate("pocketparks", ("normal", "easy"), games=2, seed=1)
    assert report["games"] == 2 and len(report["win_rate_by_seat"]) == 2
    content = report["content"]
    assert set(content["events_per_game"]) == {
        "make_a_wish",
        "aspiring_astronomer",
        "comparing_notes",
        "mosquito_bites",
        "survival_of_the_fittest",
        "lets_do_it_again",
        "trail_detour",
        "ranger_says_no",
    }
    assert set(content["copied_by_lets_do_it_again"]) <= set(content["events_per_game"])
    assert content["sets_played"] > 0
    assert sum(content["icon_share_of_sets"].values()) >= 1  # a set may share several icons
    assert sum(content["rounds"].values()) == 6  # three rounds a game


def test_pocket_dragon_plays_the_partner_tables(capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop sim pocketdragon`: every table at every difficulty on the same seeds, the
    honest pair against the ceiling, with the decision times."""
    assert main(["sim", "pocketdragon", "--games", "1", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {(r["difficulty"], r["table"]): r for r in report["tables"]}
    assert set(rows) == {
        (d, t) for d in ("easy", "medium", "hard") for t in ("ceiling", "honest", "random", "noisy")
    }
    for difficulty in ("easy", "medium", "hard"):
        ceiling, honest = rows[difficulty, "ceiling"], rows[difficulty, "honest"]
        assert ceiling["of_ceiling"] == 1.0
        assert honest["of_ceiling"] == round(honest["mean"] / ceiling["mean"], 4)
        assert 0 < ceiling["mean"] <= report["flawless"][difficulty] + 10
    assert report["decision_ms"]["calls"] > 0
    assert report["decision_ms"]["median"] <= report["decision_ms"]["p99"]
    assert main(["sim", "pocketdragon", "--games", "1", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "seeds 3-3" in text and "a flawless instant win scores 53" in text
    assert f"{rows['hard', 'honest']['mean']:.2f}" in text
