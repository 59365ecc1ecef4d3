"""The benchmark script runs (its figures are not checked here: speed is not a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_script(name: str, *args: str, timeout: float = 300) -> str:
    """Run ``benchmarks/NAME`` from the benchmarks folder; its output (it must succeed)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
        cwd=ROOT / "benchmarks",
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_tcg_benchmark_runs_in_quick_mode() -> None:
    output = run_script("tcg_speed.py", "--quick")
    assert "matches/s" in output
    assert "bare hand-written loop, random vs random" in output
    assert "bare hand-written loop, greedy vs greedy" in output
    assert re.search(r"greedy-vs-greedy matches at \*\*\d\.\d\dx\*\* the bare greedy", output)


def test_the_instruction_workload_runs() -> None:
    for kind in ("none", "bare", "engine"):
        run_script("tcg_workload.py", kind, "3", timeout=120)


def test_the_karata_benchmark_runs_in_quick_mode() -> None:
    output = run_script("karata_speed.py", "--quick")
    assert "heuristic player alone" in output
    assert "decisions/s" in output


def test_the_war_benchmark_runs_in_quick_mode() -> None:
    output = run_script("war_speed.py", "--quick")
    assert "bare hand-written loop" in output
    assert re.search(r"The engine plays War at \*\*\d\.\d{3}x\*\*", output), output


def test_the_simulation_scaling_benchmark_runs_in_quick_mode() -> None:
    output = run_script("simulate_scaling.py", "--quick")
    assert "Two workers over one" in output
    assert "matches/s" in output


def test_the_agents_report_runs_in_quick_mode() -> None:
    output = run_script("agents_report.py", "--quick", "--workers", "1", timeout=600)
    for heading in ("## Ladders", "## Targets", "## Search speed"):
        assert heading in output
    assert "iterations a second" in output


def test_the_server_load_script_runs_in_quick_mode() -> None:
    """A real server process and bots over real WebSockets: every decision sent is
    delivered to every seat of its match, and nothing is refused."""
    output = run_script("server_load.py", "--quick")
    assert "| WebSocket connections | 12 |" in output
    assert "| errors | none |" in output
    assert "decision-to-delivery latency p99" in output


def test_the_server_load_script_runs_beside_sign_ins_in_quick_mode() -> None:
    """The same, a window without sign-ins and one with them: both measured, every sign-in
    let through."""
    output = run_script("server_load.py", "--quick", "--logins-beside", "2")
    assert "| decision-to-delivery latency p99 | " in output
    assert "| 1 | " in output  # the first pair's p99, alone and beside the sign-ins
    assert re.search(r"^\| 2 \| [\d.]+ \| \d[\d,]* ms \| \d[\d,]* ms \| none \|$", output, re.M)
    assert "Errors the bots met: none." in output


def test_the_login_benchmark_runs_in_quick_mode() -> None:
    """Sign-ins through a real server, none refused, and an attacker held back as the
    throttle says: three guesses at one account, then a wait (fewer when the machine is slow)."""
    output = run_script("login_server.py", "--quick")
    assert re.search(r"^\| 1 \| [\d.]+ \| \d[\d,]* ms \| \d[\d,]* ms \| none \|$", output, re.M)
    attack = re.search(r"^\| one account, one address \| (\d+) in 2 s \|", output, re.M)
    assert attack is not None, output
    assert 1 <= int(attack.group(1)) <= 4, output  # 3 at once, the next after 1 s
    assert "| one username | 8 | 22 | 298 |" in output


def test_the_soak_runs_in_quick_mode() -> None:
    """A real server under a steady load of matches that finish and start again, its memory
    sampled: no refusal, no traceback, and every figure reported."""
    output = run_script("soak.py", "--quick")
    assert "| errors | none |" in output
    assert "| tracebacks in the server's log | none |" in output
    for figure in ("p50", "p99", "p99.9"):
        assert f"latency of a decision to its sender's view, {figure} | " in output
    finished = re.search(r"^\| matches finished \| ([\d,]+) \|$", output, re.MULTILINE)
    assert finished is not None, output
    assert int(finished.group(1).replace(",", "")) > 0, output
    assert "| server memory | too short to judge" in output  # a quick run is not judged
    assert "Server memory over time:" in output


def test_the_feed_reads_benchmark_runs_in_quick_mode() -> None:
    output = run_script("feed_reads.py", "--quick")
    assert "first page" in output
    assert "deep page" in output
    assert re.search(r"p99 +\d+\.\d+ ms", output)


def test_the_social_fanout_benchmark_runs_in_quick_mode() -> None:
    """Real servers and every person's personal channel open: each kind of change made, and
    every presence change and notification reached every friend (or person) online."""
    output = run_script("social_fanout.py", "--quick")
    rows = re.findall(
        r"^\| ([^|]+) \| (idle/active|leave/return|notification) \| (\d+) \| ([\d,]+) \| "
        r"(\d+) \| [\d.,]+ ms \| [\d.,]+ ms \| [\d.,]+ ms \| [\d.,]+ ms \| [\d.,]+ ms \|",
        output,
        re.MULTILINE,
    )
    assert {row[1] for row in rows} == {"idle/active", "leave/return", "notification"}, output
    assert "one process, SQLite" in {row[0] for row in rows}, output
    for _, change, changes, deliveries, missing in rows:
        assert int(changes) == 20, output
        assert missing == "0", output  # every change reached every friend online
        # 10 people x 2 changes x 6 friends, less friends away meanwhile (leave/return)
        assert int(deliveries.replace(",", "")) >= (20 if change == "notification" else 60)
    assert "errors the clients met" not in output


def test_the_sleeping_matches_benchmark_runs_in_quick_mode() -> None:
    """A real server holding sleeping correspondence matches: at the end of the window every
    one is still live and asleep, no lease is held for them, every process is alive, the
    held-awake contrast holds every lease, and matches woken at once all sleep again."""
    output = run_script("sleeping_matches.py", "--quick", timeout=600)
    for fact in (
        "| matches live, asleep and unleased at the end of the window | 300 of 300 |",
        "| server processes alive at the end of the window | 3 of 3 |",
        "| leases the held-awake process holds | 300 of 300 |",
        "| woken matches asleep again | 300 of 300 |",
        "| leases a sweep takes among the sleeping matches | 0 |",
        "| tracebacks in the logs of the processes with 0 and with sleeping matches | none |",
    ):
        assert fact in output, output
    assert re.search(r"^\| leases the process holds \| 0 \| 0 \| \| 300 \| \|$", output, re.M)
    assert "| server memory (VmRSS) at the end of the window | " in output


def test_the_matchmaking_benchmark_over_the_protocol_runs_in_quick_mode() -> None:
    """People of a real server's queue, each on its personal channel: everyone is seated (the
    quick form lets computer players fill a table after 10 seconds), and the server logs no
    traceback."""
    output = run_script("matchmaking_server.py", "--quick", timeout=300)
    rows = re.findall(r"^\| (\d) \| (\d+) \| (\d+) \|", output, re.M)
    assert [seats for seats, _, _ in rows] == ["2", "4"], output
    assert all(people == seated for _, people, seated in rows), output
    assert sum(int(people) for _, people, _ in rows) == 24
    assert "tracebacks in the server's log: 0" in output


def test_the_tournament_benchmark_through_the_server_runs_in_quick_mode() -> None:
    """A Swiss of 16 computer players through a real server and offline: both play every
    table, and the server logs no traceback."""
    output = run_script("tournament_server.py", "--quick", timeout=300)
    rows = re.findall(r"^\| (server|offline)[^|]*\| ([\d.]+) s \| (\d+) \|", output, re.M)
    assert [(run, int(tables)) for run, _, tables in rows] == [("server", 12), ("offline", 12)]
    assert "rounds: 3; winner: " in output
    assert "tracebacks in the server's log: 0" in output


def test_the_generic_encoding_benchmark_runs_in_quick_mode() -> None:
    output = run_script("generic_encoding.py", "--quick")
    for game in ("Kata TCG, minions", "Karata, 3 players", "War", "High Card"):
        assert re.search(rf"^\| {game} \| [\d.,]+ µs \| [\d.,]+ µs \| [\d.]+x \|$", output, re.M)
