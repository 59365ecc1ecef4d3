"""``cardtable simulate``: tables, JSON, pictures, and clear refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.simulation.schema import read_summary
from tests.cli.helpers import invoke, run_process

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_a_simulation_prints_its_results_in_plain_words() -> None:
    result = invoke(
        "simulate",
        "tcg",
        "--agents",
        "greedy,random",
        "--games",
        "12",
        "--seed",
        "3",
        "--workers",
        "1",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Kata TCG: greedy vs random, 12 matches (seed 3, 1 worker" in out
    assert "Wins per player" in out
    assert "95% interval" in out
    assert "First seat: the player at seat 0 won" in out
    assert "Match length" in out
    assert "Traceback" not in result.output


def test_json_output_follows_the_schema_and_repeats_for_any_workers() -> None:
    documents = []
    for workers in ("1", "2"):
        result = invoke(
            "simulate",
            "tcg",
            "--agents",
            "greedy,random",
            "--games",
            "10",
            "--seed",
            "5",
            "--workers",
            workers,
            "--json",
        )
        assert result.exit_code == 0, result.output
        summary = read_summary(result.stdout)
        assert summary.workers == int(workers)
        data = json.loads(result.stdout)
        for timing in ("seconds", "matches_per_second", "workers"):
            data.pop(timing)
        documents.append(data)
    assert documents[0] == documents[1]
    assert documents[0]["matches"] == 10
    assert [agent["name"] for agent in documents[0]["by_agent"]] == ["greedy", "random"]


def test_rule_options_and_rules_files_reach_the_matches(tmp_path: Path) -> None:
    result = invoke(
        "simulate",
        "tcg",
        "--agents",
        "greedy,greedy",
        "--games",
        "4",
        "--seed",
        "1",
        "--workers",
        "1",
        "--starting-health",
        "7",
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ruleset"]["starting_health"] == 7
    rules = tmp_path / "house.toml"
    rules.write_text('game = "tcg"\nstarting_health = 9\n', encoding="utf-8")
    result = invoke(
        "simulate",
        "tcg",
        "--agents",
        "greedy,greedy",
        "--games",
        "4",
        "--seed",
        "1",
        "--workers",
        "1",
        "--rules",
        str(rules),
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ruleset"]["starting_health"] == 9


def test_the_agents_set_the_number_of_players() -> None:
    result = invoke(
        "simulate",
        "war",
        "--agents",
        "random,random,random",
        "--games",
        "3",
        "--seed",
        "2",
        "--workers",
        "1",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruleset"]["players"] == 3
    assert len(data["by_seat"]) == 3


def test_without_agents_the_games_own_player_takes_every_seat() -> None:
    result = invoke("simulate", "karata", "--games", "2", "--seed", "1", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["agents"] == ["heuristic", "heuristic"]


def test_plot_writes_a_png(tmp_path: Path) -> None:
    picture = tmp_path / "sim.png"
    result = invoke(
        "simulate",
        "tcg",
        "--agents",
        "greedy,random",
        "--games",
        "6",
        "--seed",
        "1",
        "--workers",
        "1",
        "--plot",
        str(picture),
    )
    assert result.exit_code == 0, result.output
    assert picture.read_bytes().startswith(PNG_MAGIC)
    assert f"Drew the results in {picture}" in result.stderr


def test_plot_writes_an_svg_beside_json(tmp_path: Path) -> None:
    picture = tmp_path / "sim.svg"
    result = invoke(
        "simulate",
        "tcg",
        "--agents",
        "random,random",
        "--games",
        "4",
        "--seed",
        "1",
        "--workers",
        "1",
        "--plot",
        str(picture),
        "--json",
    )
    assert result.exit_code == 0, result.output
    read_summary(result.stdout)
    assert "<svg" in picture.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,nobody"], "no player called 'nobody'"),
        (["--agents", "greedy,human"], "no people at the table"),
        (["--agents", "greedy,greedy,greedy"], "needs 2 seats, got 3"),
        (["--games", "0"], "--games 0: play at least one match"),
        (["--workers", "0"], "--workers 0: give a number from 1 to 64"),
        (["--plot", "nowhere/x.png"], "--plot there is no folder nowhere"),
        (["--plot", "x.gif"], "end the file name with .png or .svg"),
        (["--bogus", "1"], "--bogus is not an option of simulate nor a rule of Kata TCG"),
    ],
)
def test_bad_input_is_one_clear_line(args: list[str], message: str) -> None:
    result = invoke("simulate", "tcg", "--games", "2", "--seed", "1", *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ")
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_an_unknown_game_is_a_usage_error() -> None:
    result = invoke("simulate", "chess", "--games", "2")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")


def test_a_bad_rules_file_is_refused_without_a_traceback(tmp_path: Path) -> None:
    missing = invoke("simulate", "tcg", "--games", "2", "--rules", str(tmp_path / "no.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "tcg"\nstarting_health = -4\n', encoding="utf-8")
    bad = invoke("simulate", "tcg", "--games", "2", "--rules", str(broken))
    for result in (missing, bad):
        assert result.exit_code == 1  # like play: a file that cannot be used, not a typo
        assert result.stderr.startswith("error: ")
        assert "Traceback" not in result.output


def test_a_folder_is_no_picture(tmp_path: Path) -> None:
    result = invoke("simulate", "tcg", "--games", "2", "--plot", str(tmp_path))
    assert result.exit_code == 2
    assert "is a folder" in result.stderr


def test_a_real_process_with_workers_prints_json_and_no_progress_bar() -> None:
    done = run_process(
        "simulate",
        "tcg",
        "--agents",
        "greedy,greedy",
        "--games",
        "20",
        "--seed",
        "4",
        "--workers",
        "2",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    summary = read_summary(done.stdout)
    assert summary.matches == 20
    assert summary.workers == 2
    assert done.stderr == ""


def test_a_real_process_prints_the_table_without_a_bar_into_a_pipe() -> None:
    done = run_process(
        "simulate",
        "war",
        "--agents",
        "random,random",
        "--games",
        "3",
        "--seed",
        "4",
        "--workers",
        "2",
    )
    assert done.returncode == 0, done.stderr
    assert "War: random #1" not in done.stdout
    assert "War: random vs random, 3 matches" in done.stdout
    assert "simulating" not in done.stderr


def test_the_progress_bar_shows_matches_rate_and_time_left() -> None:
    import io

    from rich.console import Console

    from cardtable.cli.simulate import ProgressBar

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100, color_system=None)
    with ProgressBar(console, 10) as bar:
        bar(4, 10)
        bar(10, 10)
    shown = screen.getvalue()
    assert "simulating" in shown
    assert "10/10 matches" in shown
    assert "ETA" in shown


def test_a_picture_that_cannot_be_written_is_an_error_after_the_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.simulation import plot

    def refuse(summary: object, path: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(plot, "write_plot", refuse)
    result = invoke(
        "simulate",
        "tcg",
        "--games",
        "2",
        "--seed",
        "1",
        "--workers",
        "1",
        "--plot",
        str(tmp_path / "x.png"),
    )
    assert result.exit_code == 1
    assert "Wins per player" in result.stdout
    assert "error: could not write the picture" in result.stderr
    assert "Permission denied" in result.stderr
