"""A table's folder on disk: `table.json` (its seats, names and tokens, mode 0600),
`save.json` (a saved game, session.py) and, for a pasted ruleset, the ruleset file; each
read as untrusted (a file may be damaged or changed by hand), none outside the folder.
And the errors a table refuses a request with, each with the HTTP status a web front end
answers it by.
"""

from __future__ import annotations

import contextlib
import hmac
import re
import shutil
from pathlib import Path

from interpreter.errors import HouserulesError
from interpreter.loading.untrusted import parse_json, read_text
from interpreter.playing.seating import known_bot
from interpreter.playing.session import Session, atomic_json
from interpreter.web.lobby import error_json
from interpreter.web.words import said_here

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{10,40}")


class TableError(HouserulesError):
    """A request a table refuses; `status` is the HTTP status a web front end answers with,
    `code` the error's name in its JSON, the same in every language (its message is said in
    the reader's)."""

    status = 400
    code = "bad_request"


class NotYours(TableError):
    status = 403
    code = "not_yours"


class Stale(TableError):
    status = 409
    code = "stale"


class Taken(TableError):
    """A seat already taken by another browser."""

    status = 409
    code = "taken"


class NoTable(TableError):
    status = 404
    code = "no_table"


class TooLarge(TableError):
    status = 413
    code = "too_large"


class WrongType(TableError):
    status = 415
    code = "wrong_type"


class TooMany(TableError):
    """More than one client may have (tables, event streams)."""

    status = 429
    code = "too_many"


class Full(TableError):
    """More than the server keeps in all."""

    status = 503
    code = "full"


def write_private(path: Path, data: dict) -> None:
    """Write a file only its owner may read (it holds the seats' tokens), atomically."""
    atomic_json(path, data, mode=0o600)


def remove_folder(folder: Path) -> None:
    """Remove a table's folder and all in it: its table.json first, so that what cannot be
    removed is no longer a table. A folder that is a link is removed as a link: nothing it
    points at is touched, nor anything a link inside it points at."""
    with contextlib.suppress(OSError):
        if folder.is_symlink():
            folder.unlink()
            return
        (folder / "table.json").unlink()
    shutil.rmtree(folder, ignore_errors=True)


def table_folders(root: Path) -> list:
    """The ids of every table folder under `root`, whole or not (one left half-made)."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if TABLE_ID.fullmatch(p.name) and p.is_dir())


MAX_META_BYTES = 100_000  # a table.json: a hundred seats take about 15,000
MAX_TIMER = 600  # seconds: the longest turn timer a table.json may hold (realtime.py)


def own_file(folder: Path, name: str) -> Path:
    """The file `name` of a table's folder, refused when it, or the folder, is a link: a
    table opens no file outside its folder."""
    path = folder / name
    if folder.is_symlink() or path.is_symlink():
        raise TableError(f"{name} is a link, not a file of the table's own", file=name)
    return path


def read_meta(folder: Path) -> dict:
    """A table's table.json, read as untrusted and checked (seats_fit checks it against
    the game)."""
    path = own_file(folder, "table.json")
    text = read_text(path, cap=MAX_META_BYTES, what="table file", cls=TableError)
    meta = parse_json(text, what="table file", file="table.json", cls=TableError)
    problem = meta_problem(meta, folder.name)
    if problem:
        raise TableError(problem, file="table.json")
    return meta


def meta_problem(meta, table_id: str) -> str | None:
    """What is wrong with a table.json's data, or None."""
    if not isinstance(meta, dict) or meta.get("format") != 1 or meta.get("id") != table_id:
        return "expected a table's file: format 1 and this table's id"
    if not is_token(meta.get("host")) or not isinstance(meta.get("title"), str) \
            or not isinstance(meta.get("client", ""), str):
        return "expected the host's token, the title and the client as text"
    timer = meta.get("timer", 0)
    if not isinstance(timer, int) or isinstance(timer, bool) or not 0 <= timer <= MAX_TIMER:
        return f"expected the turn timer as a whole number of seconds from 0 to {MAX_TIMER}"
    if "spectator" in meta and not is_token(meta["spectator"]):
        return "expected the spectator link's token as a token"
    seats = meta.get("seats")
    if not isinstance(seats, list) or not seats:
        return "expected a list of seats"
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("person", "bot") \
                or not isinstance(seat.get("name"), str) \
                or not isinstance(seat.get("you", False), bool) \
                or not all(isinstance(seat.get(f, False), bool) for f in ("auto", "removed")):
            return f"seat {index}: expected an object with a kind (person or bot) and a name"
        person = seat["kind"] == "person"
        token, bot = seat.get("token"), seat.get("bot")
        removed = person and seat.get("removed", False)
        if not ((token is None and seat.get("auto") if removed else is_token(token))
                and bot is None if person else token is None and known_bot(bot)):
            return f"seat {index}: expected a person's token as text, or a bot's name"
        if seat.get("key") is not None and not (person and is_token(seat["key"])):
            return f"seat {index}: expected the key a person's seat was taken with as text"
    return None


def damaged(err: HouserulesError, folder: Path) -> NoTable:
    """The error for a table whose files are not what they should be: which and why."""
    problem = error_json(err, folder)["message"]
    return NoTable(said_here("this table's files are damaged and it cannot be opened: {problem}")
                   .format(problem=problem))


def check_host(folder: Path, token) -> None:
    """Refuse unless `token` is the host's of the table in `folder`, from its table.json
    alone (a table whose game cannot be replayed may still be ended)."""
    if not (folder / "table.json").is_file():
        raise NoTable(said_here("no such table"))
    try:
        meta = read_meta(folder)
    except HouserulesError as err:
        raise damaged(err, folder) from None
    if not is_token(token) or not hmac.compare_digest(meta["host"], token):
        raise NotYours(said_here("only the table's host may do this"))


def is_token(value) -> bool:
    """Whether `value` may be a token (hmac compares only ASCII text)."""
    return isinstance(value, str) and value.isascii() and 0 < len(value) <= 100


def matching(seats: list, field: str, secret) -> int | None:
    """The seat whose `field` (its token, its key) is `secret`, compared in constant time."""
    found = None
    if not is_token(secret):
        return None
    for seat, spec in enumerate(seats):
        if spec.get(field) and hmac.compare_digest(spec[field], secret):
            found = seat
    return found


def seats_fit(seats: list, session: Session) -> None:
    """Refuse a table whose seats are not its saved game's: as many, bots where it has bots."""
    bots = [bot is not None for bot in session.bots]
    if bots != [seat["kind"] == "bot" for seat in seats]:
        raise TableError("table.json's seats are not its saved game's (how many, which are "
                         "bots)", file="table.json")


def tables_of(root: Path, client: str) -> int:
    """How many of the tables under `root` `client` made (as Table.create kept it)."""
    made = 0
    for table_id in saved_tables(root):
        try:
            made += read_meta(root / table_id).get("client") == client
        except HouserulesError:
            continue  # a damaged table counts for nobody
    return made


def table_folder(root: Path, table_id) -> Path:
    """The folder of table `table_id` under `root`; refuses any other name (no `..`)."""
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise NoTable(said_here("no such table"))
    return root / table_id


def saved_tables(root: Path) -> list:
    """The ids of the tables saved under `root`."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir()
                  if TABLE_ID.fullmatch(p.name) and (p / "table.json").is_file())

