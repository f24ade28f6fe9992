"""Game logs: a logged simulation replays game for game; a changed log or ruleset is caught."""

import json

import pytest

from interpreter.cli.main import main
from interpreter.playing.gamelog import LogError, log_files, replay
from interpreter.simulate.runs import run


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    """A logged 1,000-game simulation (single hands, eager bots, two processes)."""
    folder = tmp_path_factory.mktemp("logs")
    run("classic", {"hands": 1}, games=1000, seed=5, bots="eager", jobs=2, log_dir=folder)
    return folder


@pytest.mark.slow  # 7 s with its fixture: opt-in (-m slow) to keep the default suite near 5 minutes
def test_a_logged_thousand_game_simulation_replays_game_for_game(logged):
    files = log_files([logged])
    assert len(files) == 1000
    results = [replay(path) for path in files]
    assert all(r.same for r in results), [r.difference for r in results if not r.same][:3]
    assert sum(r.steps for r in results) > 1000 * 40


def rewrite(path, target, change):
    """A copy of a log with the first line `change` accepts changed."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for line in lines:
        if change(line):
            break
    target.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return target


def play_to_draw(line):
    if line.get("kind") == "play" and line.get("answer") != "draw":
        line["answer"] = "draw"
        return True
    return False


def test_a_changed_answer_is_named_with_its_step(logged, tmp_path):
    changed = rewrite(log_files([logged])[3], tmp_path / "changed.jsonl", play_to_draw)
    result = replay(changed)
    assert not result.same and "step" in result.difference and "line" in result.difference


def test_a_changed_ruleset_is_detected_by_its_digest(logged, tmp_path):
    changed = rewrite(log_files([logged])[0], tmp_path / "digest.jsonl",
                      lambda line: line.update(digest="0" * 16) or "format" in line)
    with pytest.raises(LogError, match="has changed"):
        replay(changed)


def test_replay_command_exit_codes(logged, tmp_path, capsys):
    assert main(["replay", "-q", str(log_files([logged])[0])]) == 0
    changed = rewrite(log_files([logged])[1], tmp_path / "x.jsonl", play_to_draw)
    assert main(["replay", str(changed)]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    (tmp_path / "junk.jsonl").write_text("not json\n")
    assert main(["replay", str(tmp_path / "junk.jsonl")]) == 2
    assert "Traceback" not in capsys.readouterr().err
