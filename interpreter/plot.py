"""Pictures of simulation results (matplotlib is an optional extra: pip install '.[plot]')."""

from __future__ import annotations

from .errors import HouserulesError


def plot_comparison(summaries: list, labels: tuple, path: str) -> None:
    """Two histograms side by side: turns per hand and points per hand, for each side."""
    try:
        import matplotlib  # optional: imported only when a plot is asked for
        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise HouserulesError("--plot needs matplotlib: pip install 'houserules[plot]' "
                              "(or, from a checkout, pip install '.[plot]')") from None
    figure, axes = pyplot.subplots(1, 2, figsize=(11, 4.2))
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
    figure.savefig(path, dpi=110)
    pyplot.close(figure)
