"""The browser table's HTTP layer (Starlette): one page, a JSON API, a stream of states.

All the game is in tables.py and lobby.py; this module only routes requests to them,
bounds what it accepts (body sizes, tables, open streams), checks each seat's token and
drives the bots. docs/web-api.md describes every route.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from interpreter.errors import HouserulesError
from interpreter.loading.untrusted import parse_json
from interpreter.presenting.translation import speaking
from interpreter.web.guard import Guard, client_key
from interpreter.web.lobby import catalog_json, check_choice, error_json
from interpreter.web.realtime import HANDS
from interpreter.web.table_files import (
    Full,
    NoTable,
    NotYours,
    TableError,
    TooLarge,
    TooMany,
    WrongType,
    check_host,
    is_token,
    saved_tables,
    table_folder,
    tables_of,
)
from interpreter.web.tables import Table
from interpreter.web.thinking import Thought
from interpreter.web.upkeep import TABLE_IDLE_HOURS, Upkeep
from interpreter.web.words import asked_language, page_words, said_here

STATIC = Path(__file__).parent / "static"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
MAX_BODY = 2_000_000  # bytes of a request: a pasted ruleset past the loader's limit still fits
MAX_ANSWER_BODY = 4_000
MAX_TABLES = 200  # tables kept under the folder; past this, new ones are refused
MAX_CLIENT_TABLES = 20  # tables one client address made that are still kept
MAX_STREAMS = 800  # open event streams in all: one per seat of a full server's 4-seat tables
MAX_SEAT_STREAMS = 8  # open event streams per seat (tabs, reloads not yet noticed)
MAX_CLIENT_STREAMS = 16  # open event streams per client address (below its connections' cap)
AWAY_AFTER = 3.0  # seconds without an event stream before a person's seat shows as away
HEARTBEAT = 15.0  # seconds between keep-alive comments on an idle stream
STREAM_IDLE = 600.0  # seconds a stream stays open with nothing new (a live page opens another)
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def static_files() -> dict:
    """The page's files by name, read once: a request names one of these or gets a 404, so
    no path from a request ever reaches the file system."""
    return {p.name: (p.read_bytes(), TYPES[p.suffix]) for p in STATIC.iterdir()
            if p.is_file() and p.suffix in TYPES}


class Signal:
    """Wakes every waiter at once when fired (a table changed)."""

    def __init__(self):
        self.event = asyncio.Event()

    def fire(self) -> None:
        event, self.event = self.event, asyncio.Event()
        event.set()

    async def wait(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self.event.wait(), timeout)
            return True
        except asyncio.TimeoutError:
            return False


class Hall:
    """The tables a server holds: opened from their folders on first use, their bots driven,
    their watchers woken."""

    def __init__(self, root: Path, bot_delay: float):
        self.root = root
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.signals: dict = {}
        self.drivers: dict = {}
        self.streams: dict = {}  # (table, seat) -> open streams
        self.away_after = AWAY_AFTER
        self.files = static_files()
        # Where the searching bots of every table think, one thought at a time (thinking.py).
        self.thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="houserules-thinking")

    def table(self, table_id) -> Table:
        folder = table_folder(self.root, table_id)
        if table_id not in self.tables:
            if not (folder / "table.json").is_file():
                raise NoTable(said_here("no such table"))
            self.tables[table_id] = Table.open(folder)
            self.signals[table_id] = Signal()
            self.changed(self.tables[table_id])
        return self.tables[table_id]

    def add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.signals[table.id] = Signal()
        self.changed(table)

    def changed(self, table: Table) -> None:
        """Wake the table's watchers, and drive it again from what it asks now."""
        self.signals[table.id].fire()
        table.bot_delay = self.bot_delay
        driver = self.drivers.pop(table.id, None)
        if driver is not None:
            driver.cancel()  # it may sleep towards a time that no longer applies
        if table.next_due() is not None:
            self.drivers[table.id] = asyncio.get_running_loop().create_task(self.drive(table))

    async def drive(self, table: Table) -> None:
        """The table acts when due (a bot answers, a window's time is up), until only people
        are asked (or nobody). A searching bot asked starts thinking at once, off the loop
        (think), and answers when due like any bot, however long it thought."""
        while (due := table.next_due()) is not None:
            thought = self.think(table)
            await asyncio.sleep(max(0.0, due - table.clock()))
            if thought is not None:
                await asyncio.wait([thought.future])  # ready by now, unless the server is busy
                if self.think(table) is not thought:
                    continue  # the table moved on while it thought: think again
            if table.act(None if thought is None else thought.answers(table)):
                self.signals[table.id].fire()

    def think(self, table: Table) -> Thought | None:
        """The thought (thinking.py) of what the table's searching bots are asked now, begun
        in the worker if it is not yet: after the table's last one ends (its bots are the
        table's; it may still be thinking of a question the table has moved on from). None
        when no searching bot is asked."""
        key = table.thinking_key()
        held = table.thought
        if held is not None and held.key == key and held.future is not None:
            return held
        if key is None:
            return None
        thought = Thought(table)
        thought.future = asyncio.ensure_future(self.run_thought(thought, held))
        return thought

    async def run_thought(self, thought: Thought, last: Thought | None) -> None:
        if last is not None and last.future is not None:
            await asyncio.wait([last.future])
        await asyncio.get_running_loop().run_in_executor(self.thinker, thought.think)

    def count(self) -> int:
        return len(saved_tables(self.root))

    def watch(self, table: Table, seat: int | None, change: int) -> None:
        """An event stream on a seat opened (+1) or closed (-1): who is here may change. A
        seat is away once it has had no stream for `away_after` seconds (a reload, or a
        stream ended for being idle that the page opens again, is no leaving). Seat None:
        the spectator link's, counted but never here nor away."""
        key = (table.id, seat)
        self.streams[key] = self.streams.get(key, 0) + change
        if seat is None:
            return
        if self.streams[key] > 0:
            self.mark(table, seat)
        elif self.away_after <= 0:
            self.mark(table, seat)
        else:
            asyncio.get_running_loop().call_later(self.away_after, self.mark, table, seat)

    def mark(self, table: Table, seat: int) -> None:
        """Tell the table whether a page is open on `seat` now."""
        signal = self.signals.get(table.id)
        if table.seen(seat, self.streams.get((table.id, seat), 0) > 0) and signal is not None:
            signal.fire()


def seat_for(hall: Hall, request: Request, table_id) -> tuple[Table, int]:
    """The table and the seat whose key (claim) the request carries (refused without one)."""
    table = hall.table(table_id)
    seat = table.seat_of(token_of(request))
    if seat is None:
        raise NotYours(said_here("this is not the key of a seat of this table: open the "
                                 "seat's link to take it (POST .../claim)"))
    return table, seat


def viewer_for(hall: Hall, request: Request, table_id) -> tuple[Table, int | None]:
    """The table and the seat whose key the request carries, or None for the table's
    spectator link (which sees what a seat holding no cards sees); refused otherwise."""
    table = hall.table(table_id)
    if table.is_spectator(token_of(request)):
        return table, None
    return seat_for(hall, request, table_id)


def token_of(request: Request) -> str | None:
    """The seat token a request carries (a header; for an event stream, `?k=`), if it may be
    one: hmac compares only ASCII text."""
    token = request.headers.get("x-seat-token") or request.query_params.get("k")
    return token if is_token(token) else None


def language_of(request: Request) -> str:
    """The language the request's page reads (its `lang`, else its Accept-Language): what
    the server says to that seat is said in it, and nobody else's words change."""
    return asked_language(request.query_params.get("lang"), request.headers.get("accept-language"))


def client_of(request: Request) -> str:
    """Whom a request counts against (guard.client_key)."""
    return client_key(request.client.host if request.client else "")


async def read_json(request: Request, cap: int):
    """The request's JSON body, read no further than `cap` bytes, and read as untrusted as a
    file is (untrusted.parse_json: how deep it nests, keys given twice); all its text must be
    Unicode (JSON's escapes can make a lone surrogate, which no file can hold)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > cap):
        raise TooLarge(said_here("the request is larger than {size} bytes").format(size=f"{cap:,}"))
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        raise WrongType(said_here("expected a JSON body, sent with Content-Type: application/json"))
    body = bytearray()
    try:
        async for chunk in request.stream():
            body.extend(chunk)
            if len(body) > cap:
                raise TooLarge(said_here("the request is larger than {size} bytes").format(size=f"{cap:,}"))
    except ClientDisconnect:
        raise TableError(said_here("the request ended before its body did")) from None
    try:
        data = parse_json(body.decode("utf-8"), what="request", file=None, cls=TableError)
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeError:
        raise TableError(said_here("expected a JSON body of Unicode text (UTF-8, no lone "
                                   "surrogates)")) from None
    except TableError as err:
        raise TableError(said_here("expected a JSON body: {problem}").format(problem=err.message)) \
            from None
    return data


def failure(err: HouserulesError) -> JSONResponse:
    status = err.status if isinstance(err, TableError) else 400
    body = getattr(err, "json", None) or error_json(err)
    return JSONResponse({"error": body}, status_code=status, headers=HEADERS)


def answer_json(data, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status, headers=HEADERS)


def create_app(root: Path, bot_delay: float = 0.8, chosen_seeds: bool = False,
               names=None, idle_hours: float = TABLE_IDLE_HOURS) -> Starlette:
    """The web application, keeping its tables under `root`; `chosen_seeds`: a table of
    several people may be dealt from a seed its host chooses (then its host knows every
    hand: for demonstrations and tests). `names`: the Host names it answers to besides
    addresses (guard.allowed_names; None: any, for a test client); `idle_hours`: a table
    unused this long is removed (0: never)."""
    root = Path(root).resolve()
    root.mkdir(parents=True, exist_ok=True)
    hall = Hall(root, bot_delay)
    upkeep = Upkeep(hall, idle_hours * 3600)
    making = asyncio.Lock()  # one table made at a time, so that the counts checked hold
    client_streams: dict = {}  # client -> open event streams

    def guarded(handler):
        async def route(request: Request):
            try:
                with speaking(language_of(request)):
                    return await handler(request)
            except HouserulesError as err:
                return failure(err)
        return route

    async def page(request: Request):
        body, kind = hall.files["index.html"]
        return Response(body, media_type=kind, headers=HEADERS)

    async def static(request: Request):
        found = hall.files.get(request.path_params["name"])
        if found is None:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(found[0], media_type=found[1], headers=HEADERS)

    async def catalog(request: Request):
        return Response(catalog_json(language_of(request)), media_type="application/json",
                        headers=HEADERS)

    async def words(request: Request):
        return Response(page_words(language_of(request)), media_type="application/json",
                        headers=HEADERS)

    async def check(request: Request):
        data = await read_json(request, MAX_BODY)
        if not isinstance(data, dict):
            raise TableError(said_here("expected a JSON object"))
        result = await run_in_threadpool(check_choice, data.get("ruleset"), data.get("text"),
                                         data.get("options") or {}, data.get("house_rules"),
                                         data.get("house_rules_off"))
        return answer_json(result)

    async def create(request: Request):
        data = await read_json(request, MAX_BODY)
        if not isinstance(data, dict):
            raise TableError(said_here("expected a JSON object"))
        client = client_of(request)
        async with making:
            if hall.count() >= MAX_TABLES:
                raise Full(said_here("this server already keeps {count} tables, the most it "
                                     "keeps; tables unused for a while are removed, or their "
                                     "hosts may end them").format(count=MAX_TABLES))
            if await run_in_threadpool(tables_of, root, client) >= MAX_CLIENT_TABLES:
                raise TooMany(said_here("you already have {count} tables at this server, the "
                                        "most one address may: end one (its host may, from the "
                                        "table), or wait for an unused one to be removed")
                              .format(count=MAX_CLIENT_TABLES))
            table = await run_in_threadpool(Table.create, root, data, chosen_seeds, client)
        hall.add(table)
        return answer_json({"table": table.id, "host": table.meta["host"],
                            "seats": table.links(), "spectator": table.spectator_link()},
                           status=201)

    async def seats(request: Request):
        table = hall.table(request.path_params["table"])
        if not table.is_host(token_of(request)):
            raise NotYours(said_here("only the table's host may see its join links"))
        return answer_json({"seats": table.links(), "spectator": table.spectator_link()})

    async def claim(request: Request):
        table = hall.table(request.path_params["table"])
        seat, key = table.claim(token_of(request))
        upkeep.touch(table.id)
        return answer_json({"seat": seat, "key": key})

    async def free(request: Request):
        table = hall.table(request.path_params["table"])
        if not table.is_host(token_of(request)):
            raise NotYours(said_here("only the table's host may free a seat"))
        seat = request.path_params["seat"]
        table.free(int(seat) if seat.isdigit() and len(seat) < 4 else None)
        hall.signals[table.id].fire()  # the freed seat's open streams end (its key is gone)
        return Response(status_code=204, headers=HEADERS)

    async def hand(request: Request):
        table = hall.table(request.path_params["table"])
        if not table.is_host(token_of(request)):
            raise NotYours(said_here("only the table's host may hand a seat to a bot or take it back"))
        seat, how = request.path_params["seat"], request.path_params["how"]
        if how not in HANDS:
            raise NoTable(said_here("expected .../seats/SEAT/ followed by one of {actions}")
                          .format(actions=", ".join(HANDS)))
        table.hand_over(int(seat) if seat.isdigit() and len(seat) < 4 else None, how)
        upkeep.touch(table.id)
        hall.changed(table)  # a bot may move for the seat now; a removed seat's streams end
        return Response(status_code=204, headers=HEADERS)

    def press(button: str):
        async def pressed(request: Request):  # the call button, or Catch (realtime.py)
            table, seat = seat_for(hall, request, request.path_params["table"])
            (table.call if button == "call" else table.catch)(seat)
            upkeep.touch(table.id)
            hall.changed(table)
            return answer_json({"ok": True})
        return pressed

    async def end(request: Request):
        folder = table_folder(root, request.path_params["table"])
        check_host(folder, token_of(request))
        upkeep.end(folder.name)
        return Response(status_code=204, headers=HEADERS)

    async def again(request: Request):
        table = hall.table(request.path_params["table"])
        if not table.is_host(token_of(request)):
            raise NotYours(said_here("only the table's host may start a new match"))
        data = await read_json(request, MAX_ANSWER_BODY)
        if not isinstance(data, dict):
            raise TableError(said_here("expected a JSON object"))
        table.again(data.get("seed"), chosen_seeds)
        upkeep.touch(table.id)
        hall.changed(table)
        return answer_json({"ok": True})

    async def state(request: Request):
        table, seat = viewer_for(hall, request, request.path_params["table"])
        upkeep.touch(table.id)
        return answer_json(table.state(seat))

    async def answer(request: Request):
        table, seat = seat_for(hall, request, request.path_params["table"])
        data = await read_json(request, MAX_ANSWER_BODY)
        if not isinstance(data, dict):
            raise TableError(said_here('expected a JSON object {"decision": ..., "option": ...}'))
        table.answer(seat, data.get("decision"), data.get("option"))
        upkeep.touch(table.id)
        hall.changed(table)
        return answer_json({"ok": True})

    async def next_hand(request: Request):
        table, seat = seat_for(hall, request, request.path_params["table"])
        upkeep.touch(table.id)
        table.next_hand(seat)
        hall.changed(table)
        return answer_json({"ok": True})

    async def events(request: Request):
        table, seat = viewer_for(hall, request, request.path_params["table"])
        key, client, secret = (table.id, seat), client_of(request), token_of(request)
        lang = language_of(request)
        if sum(hall.streams.values()) >= MAX_STREAMS or client_streams.get(client, 0) >= \
                MAX_CLIENT_STREAMS or hall.streams.get(key, 0) >= MAX_SEAT_STREAMS:
            raise TooMany(said_here("too many open connections; close some tabs"))
        upkeep.touch(table.id)
        signal = hall.signals[table.id]

        async def stream():
            # Counted here, not before: a client gone before its stream starts never runs this.
            hall.watch(table, seat, +1)
            client_streams[client] = client_streams.get(client, 0) + 1
            shown, since = None, time.monotonic()
            try:
                # Until the table ends, or the seat is freed (its key opens it no more).
                while hall.tables.get(table.id) is table and (seat is None
                                                              or table.seat_of(secret) == seat):
                    if table.version != shown:
                        shown, since = table.version, time.monotonic()
                        with speaking(lang):  # entered and left between yields: its own context
                            said = json.dumps(table.state(seat))
                        yield f"event: state\ndata: {said}\n\n"
                        continue  # it may have changed again while that was sent
                    if time.monotonic() - since >= STREAM_IDLE:
                        return  # a page still open opens another (EventSource reconnects)
                    if not await signal.wait(HEARTBEAT):
                        yield ": still here\n\n"
            finally:
                hall.watch(table, seat, -1)
                client_streams[client] -= 1
                if not client_streams[client]:
                    del client_streams[client]
        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    routes = [
        Route("/", page), Route("/static/{name}", static),
        Route("/api/catalog", guarded(catalog)), Route("/api/words", guarded(words)), Route("/api/check", guarded(check), methods=["POST"]),
        Route("/api/tables", guarded(create), methods=["POST"]),
        Route("/api/tables/{table}", guarded(end), methods=["DELETE"]),
        Route("/api/tables/{table}/seats", guarded(seats)),
        Route("/api/tables/{table}/claim", guarded(claim), methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/free", guarded(free), methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/{how}", guarded(hand), methods=["POST"]),
        Route("/api/tables/{table}/state", guarded(state)),
        Route("/api/tables/{table}/events", guarded(events)),
        Route("/api/tables/{table}/answer", guarded(answer), methods=["POST"]),
        Route("/api/tables/{table}/next", guarded(next_hand), methods=["POST"]),
        Route("/api/tables/{table}/again", guarded(again), methods=["POST"]),
        Route("/api/tables/{table}/call", guarded(press("call")), methods=["POST"]),
        Route("/api/tables/{table}/catch", guarded(press("catch")), methods=["POST"]),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        upkeep.sweep()
        sweeping = asyncio.get_running_loop().create_task(upkeep.run())
        try:
            yield
        finally:
            sweeping.cancel()
            for table in list(hall.tables.values()):
                table.save_unsaved()  # the bots' last answers (Table.bot_step)
            hall.thinker.shutdown(wait=False, cancel_futures=True)  # a thought ends by its time

    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, names=names, refuse=failure)])
    app.state.hall = hall
    app.state.upkeep = upkeep
    return app
