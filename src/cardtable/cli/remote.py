"""``cardtable play GAME --server URL [--room ID]``: a seat of a server's match in the terminal.

Without ``--room`` it creates a room (people at the ``human`` seats of ``--seats``, the
first of them you, computer players at the others), prints the room's id for friends to join
with ``--room``, and starts the match once every seat is taken. With ``--room`` it takes the
room's first open seat, or watches when every seat is taken.

Logged in to the server (``cardtable login --server URL``), every request and the room's
WebSocket carry the kept session: the seats taken are the account's, and with ``--room`` a
seat the account already holds in that room is resumed, from any machine, with no seat token
(and none is given out: the seat's other devices keep theirs).

Then it plays like a local match: the same boards, drawn from the seat's view, and the same
input (numbers and short forms, ``?`` for help, ``concede``), plus ``say TEXT`` to chat. The
server judges every decision; a refusal is shown in its plain words and the prompt comes
back. Quitting, the end of the input and Ctrl-C leave the room (conceding a match being
played; a seat resumed by the session is left by the session alone).

>>> seat_label(1, SeatInfo(index=1, kind="agent", name="greedy", connected=True), None)
'player 1 (greedy)'
>>> seat_label(0, SeatInfo(index=0, kind="guest", name="Fox", connected=True), 0)
'player 0 (you)'
>>> chat_command("say  good luck "), chat_command("saying"), chat_command("say")
('good luck', None, '')
>>> mine = SeatInfo(index=1, kind="account", name="Fox M.", connected=False, username="Fox")
>>> room = RoomInfo(id="r7", game="war", title="War", status="playing", seats=[mine],
...     password=False, spectators=True, turn_seconds=None,
...     disconnect={"policy": "agent", "wait_seconds": 30}, match="m1", created_at=0.0)
>>> held_seat(room, "fox"), held_seat(room, "Wolf"), held_seat(room, None)
(1, None, None)
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import replace

from cardtable.cli.human import BOARD, HELP, NOTHING, QUIT, help_table, interpret
from cardtable.cli.play import INTERRUPTED
from cardtable.cli.remote_options import RemoteSettings
from cardtable.cli.render import Scene, board_for
from cardtable.cli.render.base import describe_outcome
from cardtable.cli.terminal import Terminal
from cardtable.client import (
    ClientError,
    Lobby,
    Seat,
    ServerRefused,
    decisions_from,
    view_from_json,
)
from cardtable.engine.decisions import Concede, Decision
from cardtable.engine.errors import DecisionError
from cardtable.engine.json import JsonObject
from cardtable.engine.outcome import Outcome
from cardtable.protocol import messages as wire
from cardtable.protocol.lobby import CreateRoom, JoinRoom, RoomInfo, SeatInfo, SeatRequest


class Left(Exception):
    """The person left the room (quit, or their input ended) before the match was over."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def seat_label(index: int, seat: SeatInfo, mine: int | None) -> str:
    """How a seat is called on screen: ``player N (you)``, ``player N (name)``."""
    if index == mine:
        return f"player {index} (you)"
    return f"player {index} ({seat.name})" if seat.name else f"player {index}"


def held_seat(room: RoomInfo, username: str | None) -> int | None:
    """The seat of ``room`` held by the account ``username`` (usernames are one whatever
    their case), if any; ``None`` when signed out."""
    if username is None:
        return None
    for seat in room.seats:
        if seat.kind == "account" and (seat.username or "").casefold() == username.casefold():
            return seat.index
    return None


def chat_command(text: str) -> str | None:
    """The chat line of a ``say TEXT`` input (``None`` when the input is no chat)."""
    word, _, rest = text.strip().partition(" ")
    return rest.strip() if word.lower() == "say" else None


async def ask(terminal: Terminal, prompt: str) -> str | None:
    """Read a line without blocking the connection (a daemon thread reads it, so Ctrl-C or
    the end of the match never waits for Enter)."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str | None] = loop.create_future()

    def read() -> None:
        line = terminal.ask(prompt)
        with contextlib.suppress(RuntimeError):  # the loop closed: the session is over
            loop.call_soon_threadsafe(_settle, answer, line)

    threading.Thread(target=read, name="input", daemon=True).start()
    return await answer


def _settle(answer: asyncio.Future[str | None], line: str | None) -> None:
    if not answer.done():
        answer.set_result(line)


class RemoteSession:
    """One seat of a server's room, played (or watched) in the terminal."""

    def __init__(self, terminal: Terminal, settings: RemoteSettings) -> None:
        self.terminal = terminal
        self.settings = settings
        self.board = board_for(settings.game, ascii_only=terminal.ascii_only)
        self.room: str | None = settings.room
        self.token: str | None = None
        self.host_token: str | None = None
        self.player = False
        self.resumed: int | None = None
        """The seat the account holds in the room, resumed by the session alone."""
        self.unseen: list[JsonObject] = []
        """Events since the person's last board."""
        self.decided: tuple[int, int] | None = None
        """The version of the view the last decision was made on, and the connection it was
        sent on (after a reconnection the view comes again, and the person decides again)."""
        self.said_waiting = False
        self.last_turn = -1

    # -- the whole session --------------------------------------------------------------------

    def run(self) -> int:
        """Set up or join the room, play to the end; the exit code."""
        try:
            return asyncio.run(self._run())
        except Left as left:
            self._leave(left.reason)
            return 1
        except KeyboardInterrupt:
            self._leave("interrupted")
            return INTERRUPTED

    async def _run(self) -> int:
        async with Lobby(self.settings.server, session=self.settings.session) as lobby:
            await self._enter(lobby)
            assert self.room is not None
            seat = lobby.seat(self.room, self.token)
            try:
                await seat.connect()
            except ServerRefused as refusal:
                # Resuming by the session alone, a session that signs no one in any more
                # has no seat: say so, not that a token is wrong.
                if self.resumed is None or (refusal.code, refusal.refusal) != ("bad_token", None):
                    raise
                raise self._session_ended() from None
            try:
                if self.resumed is not None and seat.seat != self.resumed:
                    raise self._session_ended()
                return await self._play(seat, lobby)
            finally:
                await seat.close()

    def _session_ended(self) -> ServerRefused:
        server = self.settings.server
        self.player = False
        return ServerRefused(
            "not_logged_in",
            f"the session kept for {server} no longer signs you in: log in again "
            f"(cardtable login --server {server})",
        )

    async def _enter(self, lobby: Lobby) -> None:
        settings, game = self.settings, self.settings.game
        if settings.room is None:
            created = await lobby.create(self._room_request())
            self.room, self.token, self.host_token = (
                created.room.id,
                created.token,
                created.host_token,
            )
            self.player = True
            self.terminal.say(f"Room {self.room} is yours.", style="bold")
            if any(seat.kind == "open" for seat in created.room.seats):
                self.terminal.say(
                    f"Friends join with: cardtable play {game.name} --server {lobby.url} "
                    f"--room {self.room}" + (" --password ..." if settings.password else "")
                )
            return
        try:
            info = await lobby.room(settings.room)
        except ServerRefused as refusal:
            raise ServerRefused(refusal.code, f"room {settings.room}: {refusal.reason}") from None
        if info.game != game.name:
            raise ServerRefused(
                "bad_message", f"room {info.id} plays {info.title}, not {game.title}"
            )
        held = held_seat(info, settings.username if settings.session is not None else None)
        if held is not None:  # the WebSocket's session is the seat's: no token, no join
            self.player, self.resumed = True, held
            self.terminal.say(
                f"You are back at seat {held} of room {info.id} (signed in as "
                f"{settings.username}).",
                style="bold",
            )
            return
        try:
            joined = await lobby.join(
                settings.room, JoinRoom(name=settings.name, password=settings.password)
            )
        except ServerRefused as refusal:
            if refusal.code != "room_full":
                raise
            watching = await lobby.watch(settings.room, settings.password)
            self.token = watching.token
            self.terminal.say(f"Every seat of room {info.id} is taken: you are watching.")
            return
        self.token, self.player = joined.token, True
        self.terminal.say(f"You sit at seat {joined.seat} of room {info.id}.", style="bold")

    def _room_request(self) -> CreateRoom:
        settings = self.settings
        seats = [
            SeatRequest(kind="open") if spec.human else SeatRequest(kind="agent", agent=spec.text())
            for spec in settings.seats
        ]
        host = next(index for index, spec in enumerate(settings.seats) if spec.human)
        return CreateRoom(
            game=settings.game.name,
            ruleset=settings.ruleset.to_json(),
            seats=seats,
            name=settings.name,
            host_seat=host,
            password=settings.password,
        )

    def _leave(self, reason: str) -> None:
        """Leave the room (a player concedes a match being played), saying why."""
        proof = self.token is not None or self.settings.session is not None
        if self.player and self.room is not None and proof:
            # Best effort: a seat that cannot be left is held by a computer player after the
            # room's disconnect wait. A seat resumed by the session is left by it alone.
            with contextlib.suppress(ClientError, KeyboardInterrupt):
                asyncio.run(self._leave_room(self.room, self.token))
        self.terminal.say(f"You left the room: {reason}.", style="bold yellow")

    async def _leave_room(self, room: str, token: str | None) -> None:
        settings = self.settings
        async with Lobby(settings.server, timeout=3.0, session=settings.session) as lobby:
            await lobby.leave(room, token)

    # -- the match ----------------------------------------------------------------------------

    async def _play(self, seat: Seat, lobby: Lobby) -> int:
        while True:
            message = await seat.receive()
            if message is None:
                return 1
            if isinstance(message, wire.RoomMessage):
                await self._room_changed(message.room, lobby)
            elif isinstance(message, wire.EventsMessage):
                self.unseen.extend(message.events)
            elif isinstance(message, wire.ViewMessage):
                if message.outcome is not None:
                    self._finish(seat, message)
                    return 0
                if message.legal and (message.version, seat.reconnects) != self.decided:
                    await self._turn(seat, message)
                elif seat.seat is None:
                    self._narrate(seat)
            elif isinstance(message, wire.ChatMessage):
                self.terminal.say(f"[{message.name}] {message.text}", style="magenta")
            elif isinstance(message, wire.ErrorMessage):
                await self._refused(seat, message)

    async def _room_changed(self, room: RoomInfo, lobby: Lobby) -> None:
        if room.status == "closed":
            raise ServerRefused("room_closed", "the room was closed")
        if room.status != "open":
            return
        waiting = [seat.index for seat in room.seats if seat.kind == "open"]
        if not waiting and self.host_token is not None:
            await lobby.start(room.id, self.host_token)
            return
        if not self.said_waiting:
            self.said_waiting = True
            what = (
                f"for {len(waiting)} more player{'s' * (len(waiting) != 1)}"
                if waiting
                else "for the host to start the match"
            )
            self.terminal.say(f"Waiting {what}... (Ctrl-C leaves)", style="dim")

    def _labels(self, seat: Seat) -> tuple[str, ...]:
        room = seat.room
        if room is None:
            return ()
        return tuple(seat_label(info.index, info, seat.seat) for info in room.seats)

    def _scene(self, seat: Seat, message: wire.ViewMessage, *, legal: bool) -> Scene:
        view = view_from_json(message.view)
        decisions = None
        if legal and message.seat is not None:
            decisions = decisions_from(
                self.settings.game,
                message.seat,
                [decision.text for decision in message.legal],
                message.default,
            )
        events, self.unseen = tuple(self.unseen), []
        return Scene(view, self._labels(seat), decisions, events)

    async def _turn(self, seat: Seat, message: wire.ViewMessage) -> None:
        """Show the board and read input until a decision is sent."""
        scene = self._scene(seat, message, legal=True)
        scene = replace(scene, caption=self.board.prompt_hint(scene))
        self.terminal.show(self.board.render(scene))
        await self._ask(seat, message, scene)

    async def _ask(self, seat: Seat, message: wire.ViewMessage, scene: Scene) -> None:
        terminal = self.terminal
        assert scene.legal is not None
        while True:
            text = await ask(terminal, f"{scene.label(message.seat)}> ")
            if text is None:
                raise Left("the input ended")
            line = chat_command(text)
            if line is not None:
                if line:
                    await seat.chat(line)
                else:
                    terminal.say("say what? (say TEXT sends TEXT to the room)", style="red")
                continue
            try:
                choice = interpret(text, self.board, scene.view, scene.legal, self.settings.game)
            except DecisionError as error:
                self._refuse(f"{error.reason} (type ? for help)")
                continue
            if choice == HELP:
                terminal.show(help_table(self.board))
                terminal.say("say TEXT  sends TEXT to the room's chat", style="dim")
            elif choice == BOARD:
                terminal.show(self.board.render(scene))
            elif choice == NOTHING:
                terminal.say(self.board.prompt_hint(scene), style="dim")
            elif choice == QUIT:
                if await self._confirm("Leave the room (conceding the match)?"):
                    raise Left("you quit")
            elif isinstance(choice, Decision) and await self._send(seat, message, choice):
                return

    async def _send(self, seat: Seat, message: wire.ViewMessage, decision: Decision) -> bool:
        if isinstance(decision, Concede) and not await self._confirm("Concede the match?"):
            return False
        self.decided = (message.version, seat.reconnects)
        await seat.decide(decision.text(), message.version)
        return True

    async def _confirm(self, question: str) -> bool:
        answer = await ask(self.terminal, f"{question} [y/N] ")
        if answer is None:
            raise Left("the input ended")
        return answer.strip().lower().startswith("y")

    async def _refused(self, seat: Seat, message: wire.ErrorMessage) -> None:
        self._refuse(message.message)
        view = seat.view
        if (
            message.refers_to == "decide"
            and message.code.value in ("illegal_decision", "not_your_turn")
            and view is not None
            and (view.version, seat.reconnects) == self.decided
            and view.legal
            and view.outcome is None
        ):
            self.decided = None
            scene = self._scene(seat, view, legal=True)
            await self._ask(seat, view, replace(scene, caption=self.board.prompt_hint(scene)))

    def _refuse(self, reason: str) -> None:
        mark = "x" if self.terminal.ascii_only else "✗"
        self.terminal.say(f"{mark} {reason}", style="red")

    # -- watching and the end -----------------------------------------------------------------

    def _narrate(self, seat: Seat) -> None:
        """Watching: a line per event, and the board when a new turn begins."""
        message = seat.view
        if message is None:
            return
        scene = self._scene(seat, message, legal=False)
        for line in self.board.log(scene, limit=1000):
            self.terminal.say(line)
        if scene.view.turn != self.last_turn:
            self.last_turn = scene.view.turn
            self.terminal.show(self.board.render(replace(scene, events=())))

    def _finish(self, seat: Seat, message: wire.ViewMessage) -> None:
        scene = self._scene(seat, message, legal=False)
        labels = self._labels(seat)
        self.terminal.show(self.board.render(scene))
        assert message.outcome is not None
        outcome = Outcome.from_json(message.outcome)
        self.terminal.say(
            describe_outcome(outcome, labels, self.settings.game, seat.seat), style="bold"
        )


def play_remote(terminal: Terminal, settings: RemoteSettings) -> int:
    """Play (or watch) a seat of a server's room; the exit code (0 when the match ended)."""
    return RemoteSession(terminal, settings).run()
