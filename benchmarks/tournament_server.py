"""A tournament of computer players through the server against the offline command: the same
Swiss, played once by a real ``cardtable serve`` process (rooms made and seated each round,
the matches run by its computer players, results recorded as matches end, the next round
paired by its sweep) and once by ``run_tournament`` in worker processes.

    python benchmarks/tournament_server.py            # 64 entrants, Karata at four, 5 rounds
    python benchmarks/tournament_server.py --quick    # 16 entrants, 3 rounds, for CI

Both play Karata at tables of four between the heuristic and random players, the server with
computer players acting at once (``--agent-delay 0``) on SQLite (and on PostgreSQL with
``--database URL``); the offline run on as many workers as cores. Reported: each one's wall
time, tables played and the rate, the ratio of the two, and the server's mean time a round.
The server stores and sends every decision (each computer player's move is a decision of the
real protocol, appended to the match's record before anyone hears of it), where the offline
run only computes: the ratio is what a live tournament costs over a simulated one.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2

from cardtable.agents import parse_seats
from cardtable.cli.options import default_workers
from cardtable.games import find
from cardtable.simulation.tournament import run_tournament
from cardtable.tournaments.settings import Settings
from figures import describe_machine
from server_process import HOST, free_port, start_server, stop_server

AGENTS = ("heuristic", "random")
PASSWORD = "correct horse battery staple"
GIVE_UP_SECONDS = 900.0


def offline(entrants: int, rounds: int, workers: int) -> tuple[float, int]:
    """The offline run: its wall time and tables played."""
    karata = find("karata")
    started = time.perf_counter()
    run = run_tournament(
        karata,
        karata.load_ruleset({"players": 4}),
        Settings(format="swiss", rounds=rounds, seats=4, fewest=3),
        parse_seats(",".join(AGENTS)),
        entrants=entrants,
        seed=1,
        workers=workers,
    )
    return time.perf_counter() - started, len(run.matches)


def served(base: str, entrants: int, rounds: int) -> tuple[float, int, dict[str, Any]]:
    """The same tournament through a server: wall time from the start to the winner, tables
    played, and the tournament's last page."""
    with httpx2.Client(base_url=base, timeout=30, headers={"Origin": base}) as http:
        signed = http.post(
            "/api/accounts", json={"username": "organiser", "password": PASSWORD, "token": True}
        ).json()
        if "token" not in signed:
            raise SystemExit(f"signing up was refused: {signed}")
        who = {"X-Cardtable-Session": signed["token"]}
        made = http.post(
            "/api/tournaments",
            json={
                "name": "Benchmark Swiss", "game": "karata", "ruleset": {"players": 4},
                "format": "swiss", "rounds": rounds, "fewest": 3, "computers": True,
                "most_entrants": entrants, "seeding": "random", "turn_seconds": None,
            },
            headers=who,
        ).json()  # fmt: skip
        tid = made["id"]
        for index in range(entrants - 1):
            http.post(
                f"/api/tournaments/{tid}/computers",
                json={"agent": AGENTS[index % len(AGENTS)]},
                headers=who,
            ).raise_for_status()
        started = time.perf_counter()
        http.post(
            f"/api/tournaments/{tid}/computers",
            json={"agent": AGENTS[(entrants - 1) % len(AGENTS)]},
            headers=who,
        ).raise_for_status()  # the last place taken: it starts
        deadline = time.monotonic() + GIVE_UP_SECONDS
        while True:
            page: dict[str, Any] = http.get(f"/api/tournaments/{tid}").json()
            if page["state"] == "finished":
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"the served tournament did not finish: {page['state']}")
            time.sleep(0.5)  # as a page open on it reads it, every few seconds
        took = time.perf_counter() - started
    tables = sum(not table["bye"] for played in page["tables"] for table in played["tables"])
    return took, tables, page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="16 entrants, 3 rounds (CI)")
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    entrants, rounds = (16, 3) if args.quick else (args.entrants, args.rounds)
    workers = default_workers()
    print(describe_machine())
    print()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite+aiosqlite:///{folder}/cardtable.db"
        port = free_port()
        log = Path(folder) / "serve.log"
        server = start_server(port, log, ["--database", url])
        try:
            through, tables, page = served(f"http://{HOST}:{port}", entrants, rounds)
        finally:
            stop_server(server)
        tracebacks = log.read_text(encoding="utf-8", errors="replace").count("Traceback")
    alone, alone_tables = offline(entrants, rounds, workers)
    print(
        f"A Swiss of {entrants} computer players ({', '.join(AGENTS)}), Karata at tables of "
        f"four, {rounds} rounds:"
    )
    print()
    print("| run | wall time | tables | tables/s |")
    print("|---|---:|---:|---:|")
    print(f"| server (one process) | {through:.1f} s | {tables} | {tables / through:.1f} |")
    print(
        f"| offline ({workers} workers) | {alone:.1f} s | {alone_tables} | "
        f"{alone_tables / alone:.1f} |"
    )
    print()
    print(f"the server took {through / alone:.1f}x the offline run's time")
    print(f"rounds: {len(page['tables'])}; winner: {page['winner']}")
    print(f"mean wall time a round through the server: {through / len(page['tables']):.1f} s")
    print(f"tracebacks in the server's log: {tracebacks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
