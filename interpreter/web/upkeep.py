"""A server's tables over time: when each was last used, idle ones removed, a table ended.

A table is used when a seat reads it or answers. Its last use is its folder's modification
time, which every save changes and every read touches (at most once every TOUCH_EVERY
seconds), so that it outlives a restart. A table unused for the server's idle time, with no
event stream open to it, is removed: by a sweep when the server starts and then every
SWEEP_EVERY seconds (more often when the idle time is short).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time

from interpreter.web.table_files import remove_folder, table_folder, table_folders

TABLE_IDLE_HOURS = 24.0  # a table nobody has read or answered for this long is removed
TOUCH_EVERY = 60.0  # seconds: a table read more often is touched once
SWEEP_EVERY = 600.0  # seconds between looks for idle tables
SOONEST_SWEEP = 0.1  # seconds: the least time between two looks, however short the idle time


class Upkeep:
    """The tables of a Hall (app.py) over time; `idle`: seconds unused before a table is
    removed (0: never)."""

    def __init__(self, hall, idle: float):
        self.hall = hall
        self.idle = idle
        self.touched: dict = {}  # table id -> when (time.monotonic) its folder was touched

    def touch(self, table_id: str) -> None:
        """Mark a table used now."""
        now = time.monotonic()
        last = self.touched.get(table_id)
        if last is not None and now - last < TOUCH_EVERY:
            return
        self.touched[table_id] = now
        with contextlib.suppress(OSError):  # it was ended meanwhile: nothing to mark
            os.utime(self.hall.root / table_id)

    def watched(self, table_id: str) -> bool:
        """Whether an event stream is open to the table (someone has it on screen)."""
        return any(count > 0 for (streamed, _), count in self.hall.streams.items()
                   if streamed == table_id)

    def idle_tables(self) -> list:
        """The tables unused for longer than the idle time, and not on anyone's screen (and
        folders a table was never made whole in)."""
        now = time.time()
        found = []
        for table_id in table_folders(self.hall.root):
            try:
                used = (self.hall.root / table_id).stat().st_mtime
            except OSError:
                continue  # removed meanwhile
            if now - used > self.idle and not self.watched(table_id):
                found.append(table_id)
        return found

    def sweep(self) -> None:
        """Remove the idle tables."""
        if self.idle <= 0:
            return
        for table_id in self.idle_tables():
            self.end(table_id)

    def end(self, table_id: str) -> None:
        """End a table: it stops, its folder is removed, its event streams close."""
        hall = self.hall
        hall.tables.pop(table_id, None)
        driver = hall.drivers.pop(table_id, None)
        if driver is not None:
            driver.cancel()
        signal = hall.signals.pop(table_id, None)
        self.touched.pop(table_id, None)
        remove_folder(table_folder(hall.root, table_id))
        if signal is not None:
            signal.fire()  # its streams wake, find it gone and end

    async def run(self) -> None:
        """Sweep every so often, until cancelled (the server sweeps once as it starts)."""
        if self.idle <= 0:
            return
        while True:
            await asyncio.sleep(min(SWEEP_EVERY, max(self.idle / 4, SOONEST_SWEEP)))
            self.sweep()
