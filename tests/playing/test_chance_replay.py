"""A game with chance (UNO Attack's launcher) replays from its log and resumes from its save
exactly: the random outcomes come from the game's seeded generator, so the seed and the
answers give them again, and the events name each one."""

from interpreter.cli.main import main
from interpreter.playing.gamelog import log_files, replay
from interpreter.playing.session import Session
from interpreter.simulate.runs import run


def test_logged_games_with_chance_replay_game_for_game(tmp_path, capsys):
    run("uno_attack", {"hands": 1}, games=12, seed=3, bots="heuristic", log_dir=tmp_path)
    files = log_files([tmp_path])
    assert len(files) == 12
    results = [replay(path) for path in files]
    assert all(r.same for r in results), [r.difference for r in results if not r.same][:3]
    assert main(["replay", str(files[0])]) == 0


def advance(session: Session, steps: int) -> None:
    """Answer `steps` decisions for every seat, drawing (pressing the launcher) when a play
    may, so that the launcher is pressed often."""
    for _ in range(steps):
        game = session.game
        if game.over:
            return
        if game.decision is None:
            session.next_hand()
            continue
        options = game.legal_options()
        session.apply(options[-1] if game.decision.kind == "play" else options[0])


def snapshot(session: Session) -> tuple:
    game = session.game
    return ([[card.name for card in hand] for hand in game.hands],
            [card.name for card in game.stock], [card.name for card in game.discard],
            game.scores, game.turn, game.rng.getstate(), game.decision)


def test_a_saved_game_with_chance_resumes_and_plays_on_identically(tmp_path):
    session = Session("uno_attack", {}, 3, 0, "heuristic", seed=11)
    advance(session, 120)
    chances = [data for event, data in session.game.events if event == "chance"]
    assert chances and all(data["of"] in ("launcher", "fire") for data in chances)
    path = tmp_path / "attack.json"
    session.save(path)
    resumed = Session.load(path)
    assert snapshot(resumed) == snapshot(session)
    advance(session, 120)
    advance(resumed, 120)
    assert snapshot(resumed) == snapshot(session)
    assert [e for e in resumed.game.events if e[0] == "chance"][-5:] \
        == [e for e in session.game.events if e[0] == "chance"][-5:]
