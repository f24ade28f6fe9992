"""Nobody learns another seat's cards from what the game asks: public windows, the table's
seeds and its rule errors (docs/game-rules.md 3, Decided: windows)."""

from __future__ import annotations

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.game import GameState

JUMP_IN = {"jump_in": True}


def first_window(game: GameState):
    """Play the first playable option (or draw) until a window opens; that window."""
    for _ in range(500):
        decision = game.decision
        if decision is None:
            return None
        if decision.seat is None:
            return decision
        game.apply(decision.options[0])
    return None


def table_game(holder_has_twin: bool, public: bool) -> GameState:
    """Seat 0 plays red 5 on red 3; seat 2 holds another red 5 or not."""
    rules = load_ruleset("classic", JUMP_IN)
    twin = "red 5" if holder_has_twin else "blue 9"
    return GameState.from_table(
        rules, [["red 5", "green 1", "green 2"], ["blue 1", "blue 2", "yellow 3"],
                [twin, "yellow 7", "yellow 8"], ["green 4", "green 6", "yellow 9"]],
        ["red 3"], ["blue 4", "blue 5", "blue 6", "blue 7", "blue 8"], public_windows=public)


@pytest.mark.parametrize("holder_has_twin", [False, True])
def test_a_public_window_asks_every_other_seat_whoever_holds_a_twin(holder_has_twin):
    game = table_game(holder_has_twin, public=True)
    game.apply(game.decision.options[0])  # red 5
    window = game.decision
    assert window.kind == "jump_in" and window.seat is None
    assert window.open_to == (1, 2, 3)  # the same either way
    offers = {seat: window.offer(seat).options for seat in window.open_to}
    assert offers[1] == offers[3] == (None,)  # nothing to take: pass only
    assert offers[2] == ((None, 2) if holder_has_twin else (None,))


def test_without_public_windows_only_a_seat_that_can_take_it_is_asked():
    game = table_game(True, public=False)
    game.apply(game.decision.options[0])
    assert game.decision.open_to == (2,)
    game = table_game(False, public=False)
    game.apply(game.decision.options[0])
    assert game.decision.kind == "play" and game.decision.seat == 1  # no window at all


def test_a_seat_that_cannot_take_a_public_window_may_only_pass():
    from interpreter.errors import IllegalMove
    game = table_game(False, public=True)
    game.apply(game.decision.options[0])
    with pytest.raises(IllegalMove):
        game.apply(1)
    game.apply(None)
    assert game.decision.kind == "play" and game.decision.seat == 1


# --- the browser table: windows asked of everyone at once, seeds, rule errors ---------------

from interpreter.web.table_files import TableError  # noqa: E402
from interpreter.web.tables import Table  # noqa: E402

# A forgetful bot forgets UNO now and then, so that the table meets catch windows.
PEOPLE_AND_BOTS = [{"kind": "you", "name": "Ann"}, {"kind": "person", "name": "Bo"},
                   {"kind": "bot", "bot": "forgetful"}, {"kind": "bot", "bot": "random"}]


class Clock:
    """A table's clock that moves only when told."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def jump_in_table(tmp_path, seats=PEOPLE_AND_BOTS, seed=5) -> Table:
    table = Table.create(tmp_path, {"ruleset": "classic", "house_rules": ["jump_in"],
                                    "seats": seats, "seed": seed}, chosen_seeds=True)
    table.clock = Clock()
    table.changed()
    return table


def observed(table: Table, seat: int) -> tuple:
    """What a seat sees of who is asked: every seat's deciding flag, and waiting_for."""
    data = table.state(seat)
    return tuple(s["deciding"] for s in data["seats"]), data["waiting_for"]


def windows_of(table: Table, rng, limit=600):
    """Play the table (people at random, time moving on) and give each window as it opens."""
    for _ in range(limit):
        game = table.session.game
        if game.over or table.broken:
            return
        if game.decision is None:
            table.next_hand(0)
            continue
        asked = table.asking()
        if game.decision.seat is None:
            yield asked
        people = [s for s in asked if table.seats[s]["kind"] == "person"]
        if people and (game.decision.seat is not None or rng.random() < 0.7):
            seat = rng.choice(people)
            options = table.state(seat)["decision"]["options"]
            table.answer(seat, table.decision_id(), rng.randrange(len(options)))
        else:
            table.clock.now = table.next_due()
            table.act()


def test_a_window_asks_every_seat_at_once_and_shows_the_same_to_everyone(tmp_path):
    import random
    table = jump_in_table(tmp_path)
    seen = caught = 0
    for asked in windows_of(table, random.Random(1)):
        decision = table.session.game.decision
        seen += decision.kind == "jump_in"
        caught += decision.kind == "catch"
        # Who is deciding is the same for every seat, and it is who has not answered yet
        # (people, and the bots until they answer together), never who could take it.
        flags = {observed(table, seat)[0] for seat in (0, 1)}
        assert len(flags) == 1
        assert {s for s, on in enumerate(flags.pop()) if on} == set(asked)
        assert set(asked) == set(table.match.waiting())
        for seat in (0, 1):
            if seat in asked:
                shown = table.state(seat)["decision"]
                assert len(shown["options"]) == (2 if seat in decision.options else 1)
                if decision.kind == "catch":  # it names who did not call, never seat 0 by default
                    suspect = next(s for s in range(4) if s not in decision.open_to)
                    assert shown["title"].startswith(table.names_for(seat)[suspect] + " has")
        if table.bot_to_move():  # the bots answer together, after the same delay
            assert table.next_due() == table.asked_at + table.bot_delay
    assert seen >= 3 and caught >= 1


@pytest.mark.parametrize("able", [(), (2,), (1,), (1, 2, 3)])
def test_who_is_asked_and_for_how_long_does_not_depend_on_who_could_take_it(tmp_path, able):
    """One window, whoever can take it: the same seats asked, the same times."""
    from interpreter.engine.decisions import Decision
    table = jump_in_table(tmp_path)
    table.session.game.decision = Decision("jump_in", None, (None,) + able, (1, 2, 3))
    table.changed()
    assert list(table.asking()) == [1, 2, 3]
    assert table.next_due() == table.asked_at + table.bot_delay
    table.match.bots_let_go()
    assert list(table.asking()) == [1]
    assert table.next_due() == table.asked_at + max(table.window_seconds, table.bot_delay)
    assert observed(table, 0) == ((False, True, False, False), "Bo")


def test_a_window_closes_when_everyone_lets_it_go_or_its_time_is_up(tmp_path):
    import random
    table = jump_in_table(tmp_path)
    for asked in windows_of(table, random.Random(4)):
        people = [s for s in asked if table.seats[s]["kind"] == "person"]
        if len(people) == 2:
            break
    else:
        raise AssertionError("no window asked both people")
    answers = len(table.session.answers)
    let_go = {seat: len(table.state(seat)["decision"]["options"]) - 1 for seat in people}
    table.answer(people[0], table.decision_id(), let_go[people[0]])
    assert len(table.session.answers) == answers  # the other person may still take it
    assert observed(table, people[0])[1] is not None
    table.clock.now = table.next_due()
    table.act()  # the bots answer, or the time is up
    table.clock.now = table.next_due() or table.clock.now
    table.act()
    assert len(table.session.answers) == answers + 1  # closed, by someone or by time


def test_a_table_of_one_person_does_not_ask_them_a_window_they_cannot_take(tmp_path):
    import random
    seats = [{"kind": "you"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
    table = jump_in_table(tmp_path, seats=seats)
    for asked in windows_of(table, random.Random(2)):
        decision = table.session.game.decision
        if 0 in asked:
            assert decision.kind == "catch" or 0 in decision.options


@pytest.mark.parametrize("seats, seed, refused", [
    (PEOPLE_AND_BOTS, 3, True),
    (PEOPLE_AND_BOTS, None, False),
    ([{"kind": "you"}, {"kind": "bot"}], 3, False),
])
def test_only_a_table_of_one_person_may_choose_its_seed(tmp_path, seats, seed, refused):
    choice = {"ruleset": "classic", "seats": seats, "seed": seed}
    if refused:
        with pytest.raises(TableError, match="seed nobody chooses"):
            Table.create(tmp_path, choice)
        assert not any(tmp_path.iterdir())  # no folder left behind
    else:
        table = Table.create(tmp_path, choice)
        assert table.state(0)["seed"] is None  # not while the match is on


def test_the_seed_is_shown_once_the_match_is_over(tmp_path):
    table = Table.create(tmp_path, {"ruleset": "classic", "options": {"hands": 1},
                                    "seats": PEOPLE_AND_BOTS})
    table.clock = Clock()
    for _ in range(5000):
        if table.session.game.over:
            break
        asked = table.asking()
        seat = next(iter(asked))
        if table.seats[seat]["kind"] == "bot":
            table.clock.now = table.next_due()
            table.act()
        else:
            table.answer(seat, table.decision_id(), 0)
    assert table.session.game.over
    assert table.state(1)["seed"] == table.session.seed


BREAKS = """\
extends: classic
rules:
  takes_from_next:
    when: card_played
    do: discard_cards(player, hand(next))
"""


def test_a_broken_rule_shows_every_seat_where_it_is_never_what_it_met(tmp_path):
    table = Table.create(tmp_path, {"ruleset": None, "text": BREAKS, "seats": PEOPLE_AND_BOTS},
                         chosen_seeds=True)
    table.clock = Clock()
    for _ in range(200):
        if table.broken:
            break
        seat = next(iter(table.asking()))
        if table.seats[seat]["kind"] == "bot":
            table.clock.now = table.next_due()
            table.act()
        else:
            table.answer(seat, table.decision_id(), 0)
    names = {card.name for card in table.session.ruleset.deck}
    for seat in (0, 1):
        shown = table.state(seat)["broken"]
        assert shown.startswith("pasted.yaml:") and "a rule failed" in shown
        assert not any(name in shown for name in names), shown
    saved = (table.folder / "save.json").read_text()
    assert "does not hold" in saved  # the whole message stays in the table's own save


def test_a_table_whose_save_fails_stops_as_it_was_last_saved(tmp_path, monkeypatch):
    from interpreter.errors import HouserulesError
    from interpreter.web.tables import UNSAVED
    table = Table.create(tmp_path, {"ruleset": "classic", "seats": PEOPLE_AND_BOTS})
    table.clock = Clock()
    saved = (table.folder / "save.json").read_text()

    def full_disk(*args, **kwargs):
        raise HouserulesError("cannot save the game: No space left on device", file="x")
    monkeypatch.setattr(table.session, "save", full_disk)
    while table.bot_to_move():  # a bot's answer is saved with the next person's
        table.clock.now = table.next_due()
        assert table.act()
    table.answer(next(iter(table.asking())), table.decision_id(), 0)
    assert table.broken == UNSAVED and table.asking() == {} and table.next_due() is None
    assert (table.folder / "save.json").read_text() == saved
    again = Table.open(table.folder)
    assert again.session.answers == [] and again.broken is None


def test_a_seat_is_taken_by_the_first_browser_to_open_its_link(tmp_path):
    """Whoever else saw a join link (the host who sent it) cannot sit there: the link takes
    the seat once, and only the key it gave opens it after that."""
    from interpreter.web.table_files import NotYours, Taken
    table = Table.create(tmp_path, {"ruleset": "classic", "seats": PEOPLE_AND_BOTS})
    link = table.seats[1]["token"]
    assert table.seat_of(link) is None  # a link alone opens nothing
    seat, key = table.claim(link)
    assert seat == 1 and table.seat_of(key) == 1
    with pytest.raises(Taken):
        table.claim(link)
    with pytest.raises(NotYours):
        table.claim("not-a-link-of-this-table")
    assert Table.open(table.folder).seat_of(key) == 1  # kept across a restart
    assert [s["taken"] for s in table.links()] == [False, True, False, False]
    table.free(1)
    assert table.seat_of(key) is None
    assert table.claim(link)[0] == 1


def test_a_window_nobody_at_the_table_is_asked_closes_at_once(tmp_path):
    """A person alone with a bot: a window the bot's play opens that the person cannot take
    asks nobody, and the table moves on by itself at once."""
    table = jump_in_table(tmp_path, seats=[{"kind": "you"}, {"kind": "bot"}])
    closed = 0
    for _ in range(400):
        game = table.session.game
        if game.decision is None or game.over:
            break
        asked = table.asking()
        if 0 in asked:
            table.answer(0, table.decision_id(), 0)
            continue
        due = table.next_due()
        assert due is not None  # never a game nobody moves on
        if game.decision.seat is None and not asked:
            assert due == table.asked_at
            closed += 1
        table.clock.now = due
        assert table.act()
    assert closed
