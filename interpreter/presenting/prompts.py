"""What a pending decision asks, in words: a title and what is at stake, for any front end.

The engine's own decisions (play, colour, UNO, ...) have a sentence each; a question a
ruleset asks (`ask(seat, "challenge")`) is said from its name, with the card it is about
and the text of the rule that asked it. Names come from ruleset files, so every piece is
made safe to show (safe_text).
"""

from __future__ import annotations

from interpreter.engine.decisions import DRAW, PASS
from interpreter.presenting.narrate import words
from interpreter.safe_text import shown

# The engine's decisions, said to the seat that must answer.
TITLES = {
    "play": "Your turn: play a card or draw",
    "play_drawn": "Play the card you drew?",
    "color": "Name the colour to follow",
    "target": "Choose a player",
    "uno": "Call {call}?",
    "jump_in": "You hold a card identical to the top card. Jump in with it?",
    "jump_in_card": "Which card do you jump in with?",
    "card": "Choose a card",
    "pile": "Which pile does your card go on?",
}
# A window (a decision open to several seats) as offered to one of them: take it or not.
OFFERS = {
    "catch": ("{suspect} has {left} left and did not call {call}. Catch them?", "Catch"),
    "jump_in": ("You hold a card identical to the top card. Jump in with it?", "Jump in"),
}


def cards_left(count: int) -> str:
    """A small number of cards in words: `one card`, `two cards`, `12 cards`."""
    number = ("one", "two", "three", "four", "five")[count - 1] if 1 <= count <= 5 else count
    return f"{number} card{'' if count == 1 else 's'}"


def call_words(ruleset) -> dict:
    """What a catch and a call are said with: the ruleset's call word (`uno.name`) and the
    cards a seat is left holding when it must call."""
    return {"call": ruleset.call_word, "left": cards_left(ruleset.uno_cards_left)}


def rule_context(game) -> tuple:
    """What the pending decision is for: (the effect or rule's name, the rule's text, the
    whole-number values its frame was given), read from the latest events and frame."""
    name = text = None
    for event, data in reversed(game.events):
        if event in ("effect", "rule"):
            name = data["name"]
            if event == "rule":
                text = next((r.text for r in game.ruleset.triggers.every
                             if r.name == name and r.text), None)
            break
        if event in ("play", "first_card"):
            break
    frame = game.frames[-1] if game.frames else None
    given = {key: value for key, value in getattr(frame, "vars", {}).items()
             if not key.startswith("#") and key not in ("seat", "player")
             and isinstance(value, int)
             and not isinstance(value, bool)} if frame is not None else {}
    return name, text, given


def suspect_of(game, decision) -> int | None:
    """The seat a catch window is about: the one it is not open to."""
    return next((s for s in range(game.players) if s not in decision.open_to), None)


def offer_text(game, decision, names: list) -> tuple:
    """A window offered to one seat: (title, the word for taking it)."""
    title, take = OFFERS.get(decision.kind, (None, None))
    if title is None:
        said = words(decision.kind)
        return f"You may {said} now. Take it?", said.capitalize()
    suspect = suspect_of(game, decision)
    return title.format(suspect=names[suspect] if suspect is not None else "Someone",
                        **call_words(game.ruleset)), take


def question_text(game, decision, names: list, viewer: int) -> tuple:
    """A decision the viewer must answer: (title, detail); `names` per seat."""
    kind = decision.kind
    if kind in TITLES:
        title = TITLES[kind].format(**call_words(game.ruleset))
        if kind == "play":
            ways = [w for w, offered in (("draw", DRAW in decision.options),
                                         ("pass", PASS in decision.options)) if offered]
            title = "Your turn: play a card" + (" or " + " or ".join(ways) if ways else "")
        # A game of rows matches its piles, not a colour (as the terminal's table shows it).
        detail = f"Colour to follow: {words(game.color)}." if game.color and not game.rows \
            and kind in ("play", "play_drawn") else ""
        if kind == "play_drawn":
            drawn = next((data.get("cards") for event, data in reversed(game.events[-50:])
                          if event == "draw" and data["seat"] == viewer), None)
            if drawn:
                detail = f"You drew {words(drawn[-1])}. {detail}"
        return title, detail.strip()
    name, text, given = rule_context(game)
    about = ""
    played = [data for event, data in game.events[-200:] if event == "play"]
    if played and game.top is not None:
        who = played[-1]["seat"]
        about = " your " if who == viewer else f" {names[who]}'s "
        about += words(game.top.name)
        frame = game.frames[-1] if game.frames else None
        before = getattr(frame, "color_before", None)
        if before and before != game.color:
            about += f" (the colour to follow was {words(before)})"
    said = words(kind)
    detail = f"The rule: {shown(text, one_line=True)}" if text else \
        (f"From {words(name)}." if name else "")
    if given:
        detail += " (" + ", ".join(f"{words(k)}: {v}" for k, v in given.items()) + ")"
    return f"{said[:1].upper()}{said[1:]}{about}?", detail.strip()
