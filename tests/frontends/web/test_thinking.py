"""The strong bot at the browser table (web/thinking.py): offered in the seat menu, thinking off
the server's loop on a copy of the game, moving at the table's pace whatever it holds, its
answers saved at once; and while it thinks, other tables are answered promptly."""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")  # needs httpx2 (or httpx)

from starlette.testclient import TestClient  # noqa: E402

from interpreter.playing.seating import AGENTS, BOT_HELP, SEARCHING, searches  # noqa: E402
from interpreter.web import app as web  # noqa: E402
from interpreter.web.lobby import catalog_json  # noqa: E402
from interpreter.web.seats import seat_specs  # noqa: E402
from interpreter.web.tables import Table  # noqa: E402
from interpreter.web.thinking import THINKING, Thought  # noqa: E402

WEB = Path(web.__file__).parent
STRONG = [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "strong"},
          {"kind": "bot", "bot": "strong"}]
# The person's seat is handed to a bot (the host may): the table plays on by itself.
BY_ITSELF = [{"kind": "you"}] + [{"kind": "bot", "bot": "strong"}] * 3


def test_which_bots_search_is_data_the_web_layer_reads():
    assert SEARCHING and SEARCHING <= AGENTS.keys()
    assert [name for name in AGENTS if searches(name)] == ["strong"]
    assert not searches(["strong"]) and not searches(None)
    for module in WEB.glob("*.py"):  # it reads the flag, never a bot's name
        assert '"strong"' not in module.read_text(), module.name


def test_the_seat_menu_offers_the_strong_bot_with_its_words():
    bots = json.loads(catalog_json())["bots"]
    assert {"name": "strong", "label": "strong", "help": BOT_HELP["strong"]} in bots
    spec = seat_specs([{"kind": "you"}, {"kind": "bot", "bot": "strong"}], (2, 10))[1]
    assert spec["kind"] == "bot" and spec["bot"] == "strong"


def strong_to_move(root, seats=STRONG, seed=5) -> Table:
    """A table of `seats` at the first decision a strong bot is asked with several options."""
    table = Table.create(root, {"ruleset": "classic", "seats": seats, "seed": seed})
    table.bot_delay = 0.0  # a thought of one dealt game: quick, and the same every run
    return to_strong_choice(table)


def to_strong_choice(table: Table) -> Table:
    """The table played on (the person's first option) until a strong bot has a choice."""
    for _ in range(200):
        key = table.thinking_key()
        if key is not None and len(table.asking()[key[-1][0]].options) > 1:
            return table
        if table.bot_to_move():
            table.bot_step()
        else:
            table.answer(next(iter(table.asking())), table.decision_id(), 0)
    raise AssertionError("no strong bot was asked a choice")


def test_a_thought_works_on_a_copy_and_leaves_the_table_as_it_was(tmp_path):
    table = strong_to_move(tmp_path)
    game = table.session.game
    before = (len(game.events), [list(hand) for hand in game.hands], list(game.stock),
              list(table.session.answers), table.version)
    thought = Thought(table)
    assert thought.game is not game
    thought.think()
    assert (len(game.events), [list(hand) for hand in game.hands], list(game.stock),
            list(table.session.answers), table.version) == before
    (seat, chosen), = thought.answers(table).items()
    assert any(chosen is option for option in table.asking()[seat].options)


def test_a_tables_thoughts_think_on_one_copy_brought_up_to_date(tmp_path):
    """The strong bot remembers what it saw the others do by the game it saw them in, as in
    `play`: a thought after the last has ended thinks on the same copy, as the table is now."""
    table = strong_to_move(tmp_path)
    table.bot_step()
    first = table.thought
    assert first is not None and first.done
    game = to_strong_choice(table).session.game
    second = Thought(table)
    assert second.game is first.game and second.game is not game
    assert [list(hand) for hand in second.game.hands] == [list(hand) for hand in game.hands]
    assert (list(second.game.stock), len(second.game.events), second.game.decision.fields()) \
        == (list(game.stock), len(game.events), game.decision.fields())
    busy = Thought(table)  # while `second` thinks (not done): a copy of its own
    assert busy.game is not second.game


def saved_answers(table: Table) -> list:
    return json.loads((table.folder / "save.json").read_text())["answers"]


def test_a_strong_bots_answer_is_saved_at_once(tmp_path):
    """Its search stops on the clock: a restart could not count on it to answer the same."""
    table = strong_to_move(tmp_path)
    table.bot_step()
    assert saved_answers(table) == table.session.answers


def test_a_table_with_strong_bots_plays_a_hand_to_its_end_through_the_api(root):
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=True)) as client:
        made = client.post("/api/tables", json={"ruleset": "classic", "seats": STRONG,
                                                "seed": 3}).json()
        assert [seat["bot"] for seat in made["seats"]] == [None, "strong", "strong"]
        table = made["table"]
        key = client.post(f"/api/tables/{table}/claim", json={}, headers={
            "x-seat-token": made["seats"][0]["link"].split("k=")[1]}).json()["key"]
        for _ in range(5000):
            data = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": key}).json()
            if data["hand_over"]:
                break
            if data["decision"]:
                client.post(f"/api/tables/{table}/answer", headers={"x-seat-token": key},
                            json={"decision": data["decision"]["id"], "option": 0})
        else:
            raise AssertionError("the hand never ended")
        assert data["broken"] is None and " went out" in " ".join(data["log"])


def test_a_thought_the_table_moved_on_from_is_dropped_and_the_next_waits_for_it(tmp_path):
    """As when a person takes a window while the bots think of it: the next question's thought
    begins once the last ends (the table's bots think one thing at a time)."""
    table = strong_to_move(tmp_path)

    async def scenario():
        hall = web.Hall(tmp_path, bot_delay=0.0)
        first = hall.think(table)
        assert hall.think(table) is first  # the same question: the same thought
        real = table.decision_id
        table.decision_id = lambda: real() + 1  # the table moved on
        second = hall.think(table)
        assert second is not first and second.key != first.key
        await second.future
        assert first.future.done() and table.thought is second
        table.decision_id = real
        assert hall.think(table) is not second  # and back: thought of afresh
        hall.thinker.shutdown()

    asyncio.run(scenario())


def by_itself(root, bot_delay: float, seed: int = 1) -> Table:
    """A table of three strong bots whose person's seat the host handed to a bot."""
    table = Table.create(root, {"ruleset": "classic", "seats": BY_ITSELF, "seed": seed})
    table.hand_over(0, "bot")
    table.bot_delay = bot_delay
    return table


def test_a_strong_bot_moves_at_the_tables_pace_however_many_options_it_has(tmp_path):
    """It answers a question of one option at once, and searches longer the more it has: the
    table gives every answer its bot delay after it was asked, never sooner, and later only
    by the server's load (bounded loosely here; test_table_work.py's timing is tighter)."""
    delay = 0.15
    table = by_itself(tmp_path, delay)
    late: dict[bool, list] = {True: [], False: []}  # several options? -> seconds past the pace
    stepping = table.bot_step

    def bot_step(decided=None):
        key = table.thinking_key()
        if key is not None:
            options = len(table.asking()[key[-1][0]].options)
            late[options > 1].append(table.clock() - table.asked_at - delay)
        return stepping(decided)

    table.bot_step = bot_step

    async def play():
        hall = web.Hall(tmp_path, bot_delay=delay)
        hall.add(table)
        while len(late[True]) < 8 or not late[False]:
            if table.session.game.decision is None:
                table.next_hand(0)  # the hand is over: deal another
                hall.changed(table)
            await asyncio.sleep(0.05)
        hall.drivers[table.id].cancel()
        hall.thinker.shutdown()

    asyncio.run(play())
    everything = late[True] + late[False]
    assert min(everything) >= 0, late
    assert max(everything) < 1.0, late


def test_while_strong_bots_think_another_table_is_answered_at_once(root):
    """Their search runs in a worker, not on the loop: on the loop, a request would wait for
    as long as a bot thinks, THINKING of the table's bot delay (0.75 s here)."""
    delay = 1.0
    with TestClient(web.create_app(root, bot_delay=delay, chosen_seeds=True)) as client:
        busy = client.post("/api/tables", json={"ruleset": "classic", "seats": BY_ITSELF,
                                                "seed": 2}).json()
        assert client.post(f"/api/tables/{busy['table']}/seats/0/bot", json={},
                           headers={"x-seat-token": busy["host"]}).status_code == 204
        thinking = client.app.state.hall.tables[busy["table"]]
        for agent in thinking.session.bots[1:]:
            agent.playouts = 10 ** 6  # each search thinks for all its time, on any build
        calm = client.post("/api/tables", json={"ruleset": "classic", "seed": 2, "seats": [
            {"kind": "you"}, {"kind": "bot", "bot": "heuristic"}]}).json()
        key = client.post(f"/api/tables/{calm['table']}/claim", json={}, headers={
            "x-seat-token": calm["seats"][0]["link"].split("k=")[1]}).json()["key"]
        answered = len(thinking.session.answers)
        times = []
        end = time.monotonic() + 2 * delay
        while time.monotonic() < end:
            start = time.perf_counter()
            reply = client.get(f"/api/tables/{calm['table']}/state",
                               headers={"x-seat-token": key})
            times.append(time.perf_counter() - start)
            assert reply.status_code == 200
            time.sleep(0.01)
        assert len(thinking.session.answers) > answered  # the strong bots played on
        assert max(times) < THINKING * delay * 2 / 3, f"{max(times) * 1000:.0f} ms"
