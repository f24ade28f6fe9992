"""Pictures of simulation results (matplotlib is an optional extra: pip install '.[plot]')."""

from __future__ import annotations

from pathlib import Path

from interpreter.errors import HouserulesError


def pyplot():
    """matplotlib's pyplot, drawing to files only; a clear error when it is not installed."""
    try:
        import matplotlib  # optional: imported only when a plot is asked for
        matplotlib.use("Agg")
        from matplotlib import pyplot as module
    except ImportError:
        raise HouserulesError("--plot needs matplotlib: pip install 'houserules[plot]' "
                              "(or, from a checkout, pip install '.[plot]')") from None
    return module


def plot_kind(path: str) -> str:
    """The picture's file type, from its extension (png when it has none), refused before any
    games are played when matplotlib is missing or cannot draw it."""
    pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    known = FigureCanvasBase.get_supported_filetypes()
    kind = Path(path).suffix.lower().lstrip(".") or "png"
    if kind not in known:
        raise HouserulesError(f"--plot {path}: cannot draw a .{kind} file; give one of: "
                              + ", ".join(f".{name}" for name in sorted(known)))
    return kind


def plot_comparison(summaries: list, labels: tuple, path: str) -> None:
    """Two histograms side by side: turns per hand and points per hand, for each side."""
    plot, kind = pyplot(), plot_kind(path)
    figure, axes = plot.subplots(1, 2, figsize=(11, 4.2))
    for axis, attr, title in ((axes[0], "turn_counts", "turns per hand"),
                              (axes[1], "point_counts", "points per hand")):
        values = [sorted(getattr(s, attr).elements()) or [0] for s in summaries]
        low = min(v[0] for v in values)
        high = max(v[-1] for v in values)
        step = max(1, (high - low) // 40)
        bins = list(range(low, high + step + 1, step))  # the same bins for both sides
        for side, label in zip(values, labels):
            axis.hist(side, bins=bins, alpha=0.55, label=label)
        axis.set_title(title)
        axis.set_xlabel(title.split(" per ")[0])
        axis.set_ylabel("hands")
        axis.legend()
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=110, format=kind)
    except OSError as exc:
        raise HouserulesError(f"--plot {path}: cannot write the picture: "
                              f"{exc.strerror or exc}") from None
    finally:
        plot.close(figure)
