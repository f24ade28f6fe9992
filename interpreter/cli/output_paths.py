"""Output paths, checked before any work, so that nothing is played that cannot be kept."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from interpreter.errors import HouserulesError


def writable_file(path: str, flag: str, replaced: bool = False) -> None:
    """Refuse an output file that could not be written: its folder missing or not a folder,
    the path a folder, no right to write there. `replaced`: the file is written beside its
    place and renamed into it (--save, --records), so its folder must take new files."""
    target = Path(path)
    try:
        if target.is_dir():
            raise HouserulesError(f"{flag} {path}: is a folder; give a file name")
        folder = target.parent
        if not folder.exists():
            raise HouserulesError(f"{flag} {path}: the folder {folder} does not exist")
        if not folder.is_dir():
            raise HouserulesError(f"{flag} {path}: {folder} is not a folder")
        if target.exists() and not replaced:
            if not os.access(target, os.W_OK):
                raise HouserulesError(f"{flag} {path}: cannot write this file: permission denied")
            return
    except OSError as exc:
        raise HouserulesError(f"{flag} {path}: {exc.strerror or exc}") from None
    can_write_in(folder, flag, path)


def writable_folder(path: str, flag: str) -> None:
    """Refuse an output folder that could not be made or written in."""
    target = Path(path)
    try:
        if target.exists() and not target.is_dir():
            raise HouserulesError(f"{flag} {path}: is a file, not a folder")
        existing = target
        while not existing.exists():  # the folders still to make are made by the run
            existing = existing.parent
        if not existing.is_dir():
            raise HouserulesError(f"{flag} {path}: {existing} is not a folder")
    except OSError as exc:
        raise HouserulesError(f"{flag} {path}: {exc.strerror or exc}") from None
    can_write_in(existing, flag, path)


def can_write_in(folder: Path, flag: str, path: str) -> None:
    """Make and remove a file in the folder: the only sure test (permissions, read-only
    file systems, and root, whom permissions do not stop)."""
    try:
        handle, probe = tempfile.mkstemp(prefix=".houserules-probe-", dir=folder)
    except OSError as exc:
        raise HouserulesError(f"{flag} {path}: cannot write in the folder {folder}: "
                              f"{exc.strerror or exc}") from None
    os.close(handle)
    os.unlink(probe)
