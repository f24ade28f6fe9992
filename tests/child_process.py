"""What the tests that start the real command line in a child process share."""

from __future__ import annotations

import resource
import signal


def interruptible() -> None:
    """In the child, before exec: Ctrl-C (SIGINT) interrupts, as in a terminal, even when the
    suite itself was started with SIGINT ignored (a background job without job control, as
    some CI runners start it), which the child would otherwise inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def child_seconds() -> float:
    """CPU seconds (user and system) of this process's finished children so far: a child's
    own work, which a busy machine does not stretch as it does wall time."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
