"""Agents answer decisions: `decide(game, decision) -> one of decision.options`; `play_match`
lets them answer every decision of a match."""

from __future__ import annotations

import random
from typing import Final

from interpreter.engine.decisions import DONE, DRAW, PASS, Decision
from interpreter.engine.frame import Frame
from interpreter.engine.game import GameState
from interpreter.errors import HouserulesError
from interpreter.playing.dice import Dice


class RandomAgent:
    """Uniform over the legal options."""

    def __init__(self, seed=None):
        self.rng = generator(seed)

    def decide(self, game: GameState, decision: Decision):
        """Any legal option, each as likely."""
        options = decision.options
        return options[below(self.rng, len(options))]

    def play_at(self, count: int) -> int:
        """Which of a turn's `count` play options (the last draws) it picks: any, as decide."""
        return below(self.rng, count)


class EagerAgent:
    """Plays like RLCard's random loop: a random playable card if any, else draws; plays a
    playable drawn card, names a random colour, always calls UNO, never challenges."""

    def __init__(self, seed=None):
        self.rng = generator(seed)

    def decide(self, game: GameState, decision: Decision):
        """The eager answer."""
        options = decision.options
        kind = decision.kind
        if kind == "play":
            return options[self.play_at(len(options))]
        if kind in ("play_drawn", "uno"):
            return True
        if kind in ("color", "target"):
            pick: float = uniform(self.rng)
            return options[int(pick * len(options))]
        if decision.seat is not None and None not in options:
            return False if False in options else options[0]
        return decision.options[-1]  # a window: take it (its own seat), if it may

    def play_at(self, count: int) -> int:
        """Which of a turn's `count` play options (the last draws) it picks: a random card,
        else the draw."""
        cards = count - 1
        if not cards:
            return 0
        # Typed, the product and its int() are native (not calls into Python's protocol).
        chance: float = uniform(self.rng)
        return int(chance * cards)


class HeuristicAgent:
    """Plays sensibly: coloured cards before colourless ones, its strongest colour, calls UNO.

    With `forget_uno` above 0 it forgets to call UNO that often (the `forgetful` bot).
    """

    def __init__(self, seed=None, forget_uno: float = 0.0):
        self.rng = generator(seed)
        self.forget_uno = forget_uno

    def decide(self, game: GameState, decision: Decision):
        """A sensible answer to any kind of decision."""
        method = getattr(self, "on_" + decision.kind, None)
        return method(game, decision) if method else self.on_question(game, decision)

    def colours(self, game: GameState, seat) -> list:
        """The colour of every card in the seat's hand (counted with list.count, in C)."""
        return [card.color for card in game.hands[seat]]

    def on_play(self, game: GameState, decision: Decision):
        cards = [o for o in decision.options if o != DRAW and o != PASS]
        if not cards:
            return decision.options[-1]  # draw, or pass when drawing is over
        colours = self.colours(game, decision.seat)
        coloured = [c for c in cards if c.color is not None]
        if coloured:
            # Shed points early and stay in the colour we hold most of.
            return max(coloured, key=lambda c: (colours.count(c.color), c.points))
        # Only colourless cards are playable: keep the most valuable for later.
        return min(cards, key=lambda c: c.points)

    def on_color(self, game: GameState, decision: Decision):
        colours = self.colours(game, decision.seat)
        return max(decision.options, key=colours.count)

    def on_target(self, game: GameState, decision: Decision):
        """The rival nearest to going out; a partner only when no one else may be chosen."""
        mates = game.teammates(decision.seat) if decision.seat is not None else ()
        rivals = [seat for seat in decision.options if seat not in mates] or decision.options
        return min(rivals, key=lambda seat: (len(game.hands[seat]), seat))

    def on_catch(self, game: GameState, decision: Decision):
        return decision.options[-1]  # its own seat, if the offer lets it take the window

    def on_jump_in(self, game: GameState, decision: Decision):
        return decision.options[-1]

    def on_jump_in_card(self, game: GameState, decision: Decision):
        return self.on_play(game, decision)  # which allowed card: chosen as a play is

    def on_card(self, game: GameState, decision: Decision):
        """A card choice (choose_cards): the card its ruleset's `bots: answers: card:` rates
        highest (`card`: the card on offer), stopping once it rates none; without one, the
        card of most points (chosen cards usually leave the hand), never stopping early."""
        cards = [o for o in decision.options if o != DONE]
        hint = game.ruleset.bot_answers.get("card")
        if hint is None or decision.seat is None:
            return max(cards, key=lambda c: c.points)
        frame = Frame(decision.seat)
        rated = []
        for card in cards:
            frame.card = card
            value = hint(game, frame)
            rated.append((int(value) if isinstance(value, (bool, int)) else 0, card))
        best = max(rated, key=lambda pair: pair[0])  # the first of the best, in hand order
        return DONE if not best[0] and DONE in decision.options else best[1]

    def on_uno(self, game: GameState, decision: Decision):
        return not (self.forget_uno and self.rng.random() < self.forget_uno)

    def on_question(self, game: GameState, decision: Decision):
        """Yes to offers that help (play the drawn card, call UNO); a ruleset's own question
        as its `bots: answers:` say; no to other risky questions."""
        if decision.kind == "play_drawn":
            return True
        hint = game.ruleset.bot_answers.get(decision.kind)
        if hint is not None and decision.seat is not None:
            answer = bool(hint(game, Frame(decision.seat, game.top)))
            if answer in decision.options:
                return answer
        return False if False in decision.options else decision.options[0]


class ScriptedAgent:
    """Gives prepared answers in order; for tests. Card names and colours may be strings."""

    def __init__(self, answers):
        self.answers = list(answers)

    def decide(self, game: GameState, decision: Decision):
        """The next prepared answer."""
        if not self.answers:
            raise HouserulesError(f"the script has no answer left for a {decision.kind} decision")
        answer = self.answers.pop(0)
        if decision.kind == "play" and isinstance(answer, str) and answer not in (DRAW, PASS):
            return game.ruleset.card(answer)
        return answer


FORGET_UNO: Final = 0.2  # how often the forgetful bot forgets to call UNO


class ForgetfulAgent(HeuristicAgent):
    """The heuristic bot, but it forgets to call UNO one time in five, so people can catch it."""

    def __init__(self, seed=None):
        super().__init__(seed, FORGET_UNO)


# Every front end builds its bots from these names, through bot().
AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "eager": EagerAgent,
          "forgetful": ForgetfulAgent}


# The generator's own C methods. Called on a plain random.Random they skip the method
# lookup, about 180 instructions a call (callgrind), and a bot draws once or twice a turn; a
# subclass (SystemRandom, say) may override them, so it is asked by name.
PLAIN: Final = random.Random  # read from the random module, it would cost a lookup too
RANDOM: Final = random.Random.random
GETRANDBITS: Final = random.Random.getrandbits


def uniform(rng) -> float:
    """rng.random()."""
    if isinstance(rng, Dice):
        return rng.random()  # a native call in the compiled build
    if type(rng) is PLAIN:
        return RANDOM(rng)
    return rng.random()


def below(rng, count: int) -> int:
    """rng.randrange(count), drawn as random.py draws it (getrandbits of count's bit length,
    again while too large), without its Python-level argument checks: the same numbers."""
    width = count.bit_length()
    if isinstance(rng, Dice):
        dice: Dice = rng
        drawn_bits: int = dice.getrandbits(width)
        while drawn_bits >= count:
            drawn_bits = dice.getrandbits(width)
        return drawn_bits
    getrandbits = GETRANDBITS if type(rng) is PLAIN else type(rng).getrandbits
    drawn: int = getrandbits(rng, width)
    while drawn >= count:
        drawn = getrandbits(rng, width)
    return drawn


def generator(seed):
    """A random generator from a seed, or `seed` itself when it is one (bots may share one):
    a `random.Random`, or the simulations' `Dice`."""
    return seed if isinstance(seed, (random.Random, Dice)) else random.Random(seed)


def make_agents(spec: str, players: int, seed) -> list:
    """`random`, `heuristic`, or a comma list with one name per seat.

    The bots of one game share a generator, seeded from the game's seed: the small `Dice`
    (seeding a Mersenne Twister costs as much as three turns, and simulations make a table
    of bots for every game).
    """
    return seat_table(bot_names(spec, players), Dice(seed))


def bot_names(spec: str, players: int) -> list:
    """The bot name of each seat from `--bots` (one name for all, or one per seat)."""
    names = [n.strip() for n in spec.split(",")] if spec else ["random"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise HouserulesError(f"--bots lists {len(names)} bots for {players} players")
    unknown = [n for n in names if n not in AGENTS]
    if unknown:
        raise HouserulesError(f"unknown bot '{unknown[0]}'; bots: {', '.join(AGENTS)}")
    return names


def seat_table(names: list, dice: Dice) -> list:
    """A table of the bots `names` (from bot_names), sharing `dice` (a simulation reseeds
    them for each game: the bundled bots hold nothing else)."""
    return [bot(name, dice) for name in names]


def bot(name: str, rng) -> object:
    """The bundled bot `name` (one of AGENTS), drawing from `rng` (or a generator seeded
    with it): the one place every front end makes its bots."""
    # Constructed natively (through AGENTS, a call through Python's protocol: about 1,500
    # instructions a bot, and a simulation seats a table of them for every game).
    if name == "eager":
        return EagerAgent(rng)
    if name == "random":
        return RandomAgent(rng)
    if name == "forgetful":
        return ForgetfulAgent(rng)
    return HeuristicAgent(rng)


def seat_bots(spec: str, players: int, person: int) -> list:
    """The bot name of each seat around a person at seat `person` (None there), from `play
    --bots`: one name for every bot, one per seat as `simulate --bots` takes them (the
    person's entry must name a bot too, and is not used), or one per bot in seat order."""
    names = [n.strip() for n in spec.split(",")] if spec else ["random"]
    if len(names) == 1:
        names = names * players
    elif len(names) == players - 1:
        names.insert(person, names[0])
    elif len(names) != players:
        raise HouserulesError(f"--bots lists {len(names)} bots for {players} players: give one "
                              f"name, one per seat ({players}) or one per bot ({players - 1})")
    unknown = [n for n in names if n not in AGENTS]
    if unknown:
        raise HouserulesError(f"unknown bot '{unknown[0]}'; bots: {', '.join(AGENTS)}")
    seats: list = list(names)
    seats[person] = None
    return seats


def play_match(game: GameState, agents: list, log=None) -> GameState:
    """Let the agents answer every decision until the match is over (written to `log`)."""
    while not game.over:
        if game.asking and log is None:
            # A turn's play, asked without its Decision object: the bundled bots that pick
            # from the options alone answer it by index (callgrind: some 6% of a game). Their
            # own classes only: a subclass may decide otherwise.
            agent = agents[game.turn]
            if type(agent) is EagerAgent:
                eager: EagerAgent = agent
                game.play_option(eager.play_at(game.play_count))
                continue
            if type(agent) is RandomAgent:
                uniform_bot: RandomAgent = agent
                game.play_option(uniform_bot.play_at(game.play_count))
                continue
        decision = game.decision
        if decision is None:
            game.next_hand()
            if log is not None:
                log.next_hand()
            continue
        seat = decision.seat
        if seat is None:
            answer = ask_window(game, decision, agents)
        else:
            answer = decide(agents[seat], game, decision)
        game.apply(answer)
        if log is not None:
            log.decided(decision, answer)
    if log is not None:
        log.finish(game)
    return game


def decide(agent, game: GameState, decision: Decision):
    """The agent's answer; the bundled bots are called as compiled methods (a call through
    Python's protocol, with its argument parsing, costs about 1,200 instructions)."""
    if isinstance(agent, EagerAgent):
        return agent.decide(game, decision)
    if isinstance(agent, RandomAgent):
        return agent.decide(game, decision)
    return agent.decide(game, decision)


def ask_window(game: GameState, decision: Decision, agents: list):
    """Offer an out-of-turn window to each seat in order; the first to take it has it."""
    for seat in decision.open_to:
        answer = decide(agents[seat], game, decision.offer(seat))
        if answer is not None:
            return answer
    return None
