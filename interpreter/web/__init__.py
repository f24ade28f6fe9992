"""The browser table: `houserules serve` (the optional `web` extra: Starlette on uvicorn)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from interpreter.errors import HouserulesError
from interpreter.web.upkeep import TABLE_IDLE_HOURS

DEFAULT_PORT = 8000


def default_tables() -> Path:
    """Where tables are kept unless --tables says: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "houserules" / "tables"


def serve(host: str, port: int, tables: Path, bot_delay: float, say=print,
          chosen_seeds: bool = False, allow_hosts=(),
          idle_hours: float = TABLE_IDLE_HOURS) -> None:
    """Run the web server until interrupted. `allow_hosts`: names besides its own it answers
    to (guard.py); `idle_hours`: a table unused this long is removed (0: never)."""
    try:
        import uvicorn

        from interpreter.web.app import create_app
        from interpreter.web.connections import protocol
        from interpreter.web.guard import allowed_names
        from interpreter.web.thinking import SWITCH_INTERVAL
    except ImportError as exc:
        raise HouserulesError(f"the browser table needs the web extra ({exc.name} is missing): "
                              "pip install 'houserules[web]' (from a checkout: pip install "
                              "'.[web]')") from None
    sys.setswitchinterval(SWITCH_INTERVAL)  # the searching bots' worker: thinking.py
    app = create_app(tables, bot_delay=bot_delay, chosen_seeds=chosen_seeds,
                     names=allowed_names(host, allow_hosts), idle_hours=idle_hours)
    shown_host = "localhost" if host in ("127.0.0.1", "::1") else host
    say(f"houserules: a table for your browser at http://{shown_host}:{port}/ "
        f"(tables kept in {tables}; Ctrl-C stops)")
    if host in ("0.0.0.0", "::"):
        say("  others on your network join with the links the page gives, "
            "using this machine's address")
    # The access log is off: the event stream's address carries a seat's token. No
    # limit_concurrency: idle connections would fill it; connections.py bounds them instead.
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                timeout_graceful_shutdown=1, http=protocol(), ws="none")

