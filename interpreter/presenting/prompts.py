"""What a pending decision asks, in words: a title, what it is for and what is at stake, and
the label of each yes/no answer, for any front end (the terminal, the browser table).

The engine's own decisions (play, colour, UNO, ...) have a sentence each, and say what asked
them (the card played, the effect or rule that runs: "Choose a player for seven swaps");
a question a ruleset asks (`ask(seat, "challenge")`) is said as its `questions:` setting
words it ("Challenge (draw 6 if it was honest)" / "Accept (draw 4)"), else from its name,
with the card it is about and the text of the rule that asked it. Names come from ruleset
files, so every piece is made safe to show (safe_text).
"""

from __future__ import annotations

import re

from interpreter.engine.decisions import DRAW, PASS
from interpreter.engine.order import walk
from interpreter.language.choices import CardPasses, CardPicks
from interpreter.presenting.naming import in_language
from interpreter.presenting.narrate import words
from interpreter.presenting.translation import N_, _, ngettext, said
from interpreter.safe_text import shown

# The engine's decisions, said to the seat that must answer.
TITLES = {
    "play": N_("Your turn: play a card or draw"),
    "play_drawn": N_("Play the card you drew?"),
    "color": N_("Name the colour to follow"),
    "target": N_("Choose a player"),
    "uno": N_("Call {call}?"),
    "jump_in": N_("You hold a card identical to the top card. Jump in with it?"),
    "jump_in_card": N_("Which card do you jump in with?"),
    "card": N_("Choose a card"),
    "pile": N_("Which pile does your card go on?"),
}
# The title of a decision said with what it is for: a card passed to a player, a player,
# colour or card chosen for an effect or rule.
PASS_TITLES = {"card": N_("Choose a card to pass to {player}")}
FOR_TITLES = {
    "target": N_("Choose a player for {purpose}"),
    "color": N_("Name the colour to follow for {purpose}"),
    "card": N_("Choose a card for {purpose}"),
}
# The play's title by what the turn offers beside playing: (draw, pass).
PLAY_TITLES = {
    (False, False): N_("Your turn: play a card"),
    (True, False): N_("Your turn: play a card or draw"),
    (False, True): N_("Your turn: play a card or pass"),
    (True, True): N_("Your turn: play a card or draw or pass"),
}
# The engine's decisions that say what asked them (the card or rule they are for).
PURPOSEFUL = ("target", "color", "card")
# A window (a decision open to several seats) as offered to one of them: take it or not.
OFFERS = {
    "catch": (N_("{suspect} has {left} left and did not call {call}. Catch them?"), N_("Catch")),
    "jump_in": (N_("You hold a card identical to the top card. Jump in with it?"), N_("Jump in")),
}


def cards_left(count: int) -> str:
    """A small number of cards in words: `one card`, `two cards`, `12 cards`."""
    if 1 <= count <= len(FEW_CARDS):
        return _(FEW_CARDS[count - 1])
    return ngettext("{count} card", "{count} cards", count).format(count=count)


FEW_CARDS = (N_("one card"), N_("two cards"), N_("three cards"), N_("four cards"), N_("five cards"))


def call_words(ruleset) -> dict:
    """What a catch and a call are said with: the ruleset's call word (`uno.name`) and the
    cards a seat is left holding when it must call."""
    return {"call": ruleset.call_word, "left": cards_left(ruleset.uno_cards_left)}


# The labels of the engine's own yes/no decisions: (yes, no); {call}: the ruleset's call.
ANSWERS = {
    "play_drawn": (N_("Play it"), N_("Keep it")),
    "uno": (N_("Call {call}"), N_("Don't call it")),
}
# A value in a `questions:` text: {name}, {name + 2}, {name - 1} (the schema's pattern).
VALUE = re.compile(r"\{ *([a-z_][a-z0-9_]*) *(?:([+-]) *([0-9]{1,6}) *)?\}")


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
                written = (game.ruleset.source.data.get("rules") or {}).get(name) or {}
                text = said(written.get("text"), text) if text else None
            break
        if event in ("play", "first_card"):
            break
    frame = game.frames[-1] if game.frames else None
    given = {key: value for key, value in getattr(frame, "vars", {}).items()
             if not key.startswith("#") and key not in ("seat", "player")
             and isinstance(value, int)
             and not isinstance(value, bool)} if frame is not None else {}
    return name, text, given


def card_choice(game):
    """The card choice under way (choose_cards, pass_cards) that asks the pending decision:
    its CardPicks or CardPasses, or None."""
    frame = game.asking_frame
    for value in getattr(frame, "vars", {}).values():
        if isinstance(value, (CardPicks, CardPasses)):
            return value
    return None


def passed_to(game) -> int | None:
    """The seat that the cards being chosen now are passed to (pass_cards), or None when the
    pending choice passes nothing."""
    choice = card_choice(game)
    if not isinstance(choice, CardPasses) or choice.kind != "card":
        return None
    if choice.direction:  # the next seat still in, as the cards will move
        return walk(game.out, game.seated, choice.seat, 1, choice.direction)
    return choice.receiver if choice.receiver is not None and choice.receiver >= 0 else None


def owed(game) -> tuple:
    """The pending penalty (stacked draws): (how many cards, the name in words of the rule
    that last added to it, or None); (0, None) when nothing is owed."""
    if not game.penalty:
        return 0, None
    adding = False  # walking back: past the latest "penalty" event, the rule that made it
    for event, data in reversed(game.events or ()):
        if event == "penalty":
            adding = True
        elif adding and event in ("rule", "effect"):
            return game.penalty, words(data["name"])
        elif event in ("play", "first_card") and adding:
            break
    return game.penalty, None


def purpose(game, say=words) -> tuple:
    """What asked the pending decision, in words (`say`: how a name is said), and its text:
    the effect or rule that runs (its `text:`), else the card just played (its kind's
    `text:`); (None, None) if neither."""
    name, text, _values = rule_context(game)
    if name is not None:
        return say(name), text
    for event, _data in reversed(game.events[-50:]):
        if event in ("play", "first_card"):
            top = game.top
            if top is None:
                return None, None
            written = (game.ruleset.source.data.get("kinds") or {}).get(top.kind) or {}
            return words(top.name), said(written.get("text"), top.rules.text) or None
        if event in ("decided", "hand_over"):
            break
    return None, None


def asking_values(game) -> dict:
    """The whole numbers the text asking now holds, by name (a value its event binds, a
    `let`), that a `questions:` wording may show."""
    frame = game.frames[-1] if game.frames else None
    held = getattr(frame, "vars", None) or {}
    return {key: value for key, value in held.items() if not key.startswith("#")
            and isinstance(value, int) and not isinstance(value, bool)}


def worded(wordings, values: dict) -> str | None:
    """The first of `wordings` (a text, or a list of them) whose values `values` holds, with
    its values filled in; None if none does."""
    for wording in [wordings] if isinstance(wordings, str) else wordings or ():
        if all(found.group(1) in values for found in VALUE.finditer(wording)):
            return shown(VALUE.sub(lambda found: str(filled(found, values)), wording),
                         one_line=True)
    return None


def filled(found: re.Match, values: dict) -> int:
    """One {name +- n} of a wording, worked out."""
    value = values[found.group(1)]
    if found.group(2):
        value += int(found.group(3)) * (1 if found.group(2) == "+" else -1)
    return value


def question_words(game, kind: str) -> dict:
    """The ruleset's `questions:` wording of question `kind` (text, yes_label, no_label),
    or {}."""
    table = game.ruleset.source.data.get("questions") or {}
    return {key: in_language(wording) for key, wording in (table.get(kind) or {}).items()}


def answer_labels(game, decision) -> tuple:
    """(yes, no): the labels of a yes/no decision's answers, saying what each does."""
    if decision.kind in ANSWERS:
        call = call_words(game.ruleset)["call"]
        return tuple(_(label).replace("{call}", call) for label in ANSWERS[decision.kind])
    wording, values = question_words(game, decision.kind), asking_values(game)
    named = words(decision.kind)
    return (worded(wording.get("yes_label"), values) or named[:1].upper() + named[1:],
            worded(wording.get("no_label"), values) or _("Don't {question}").format(question=named))


def suspect_of(game, decision) -> int | None:
    """The seat a catch window is about: the first seat still owing its UNO call (the
    engine opens a catch window for it), whoever the window is open to; failing that (a
    window made by hand), the first seat still in that it is not open to."""
    if decision.kind == "catch" and game.uncalled:
        return int(game.uncalled[0])
    return next((s for s in range(game.players) if s not in decision.open_to
                 and not game.out[s]), None)


def offer_text(game, decision, names: list, able: bool = True) -> tuple:
    """A window offered to one seat: (title, the word for taking it); to a seat that cannot
    take it (`able` false), the title says so and the word is None."""
    named = words(decision.kind)
    closed = _("The {window} window is open; you have nothing to take it with.").format(
        window=named)
    if decision.kind not in OFFERS:
        if not able:
            return closed, None
        return _("You may {window} now. Take it?").format(window=named), named.capitalize()
    title, take = OFFERS[decision.kind]
    suspect = suspect_of(game, decision)
    said_call = call_words(game.ruleset)
    if decision.kind == "catch" and suspect is not None:
        who = names[suspect]
        if who == _("You"):
            return (_("You have {left} left and did not call {call}: the others may catch "
                      "you.").format(**said_call), None if not able else _(take))
        if not able:
            return _("{suspect} has {left} left and did not call {call}; you cannot catch "
                     "them.").format(suspect=who, **said_call), None
        return _(title).format(suspect=who, **said_call), _(take)
    if not able:
        return closed, None
    return _(title).format(suspect=_("Someone"), **said_call), _(take)


def question_text(game, decision, names: list, viewer: int, say=words) -> tuple:
    """A decision the viewer must answer: (title, detail); `names` per seat, `say` how the
    name of an effect or rule is said (Look.said: a ruleset's own words)."""
    kind = decision.kind
    if kind in TITLES:
        title = _(TITLES[kind]).format(**call_words(game.ruleset))
        if kind == "play":
            title = _(PLAY_TITLES[DRAW in decision.options, PASS in decision.options])
        # A game of rows matches its piles, not a colour (as the terminal's table shows it).
        detail = _("Colour to follow: {colour}.").format(colour=words(game.color)) \
            if game.color and not game.rows and kind in ("play", "play_drawn") else ""
        if kind in PURPOSEFUL:  # what the player, colour or card is chosen for
            what, text = purpose(game, say)
            if kind == "color" and rule_context(game)[0] is None:
                what = None  # a wild's colour: said enough by the card just played
            receiver = passed_to(game) if kind == "card" else None
            if receiver is not None:  # pass_cards: to whom, which says what for
                title = _(PASS_TITLES[kind]).format(
                    player=_("you") if receiver == viewer else names[receiver])
                detail = shown(text, one_line=True) if text else ""
            elif what:
                title = _(FOR_TITLES[kind]).format(purpose=what)
                detail = shown(text, one_line=True) if text else ""
        if kind == "play_drawn":
            drawn = next((data.get("cards") for event, data in reversed(game.events[-50:])
                          if event == "draw" and data["seat"] == viewer), None)
            if drawn:
                detail = _("You drew {card}.").format(card=words(drawn[-1])) + " " + detail
        return title, detail.strip()
    name, text, _values = rule_context(game)
    about = ""
    played = [data for event, data in game.events[-200:] if event == "play"]
    if played:
        who = played[-1]["seat"]
        card = words(played[-1]["card"]) if game.rows else \
            words(game.top.name) if game.top is not None else None
        if card is not None:  # in a game of rows the card went on a pile, not the discard pile
            about = (_("your {card}") if who == viewer else _("{player}'s {card}")).format(
                player=names[who], card=card)
        frame = game.frames[-1] if game.frames else None
        before = getattr(frame, "color_before", None)
        if card is not None and not game.rows and before and before != game.color:
            about = _("{card} (the colour to follow was {colour})").format(
                card=about, colour=words(before))
    named = words(kind)
    detail = _("The rule: {text}").format(text=shown(text, one_line=True)) if text else \
        (_("From {name}.").format(name=words(name)) if name else "")
    asked = worded(question_words(game, kind).get("text"), asking_values(game))
    if asked:  # the ruleset's own words; the card it is about goes in the detail
        return asked, (_("On {card}.").format(card=about) + " " if about else "") + detail.strip()
    title = named[:1].upper() + named[1:]
    return (_("{question} {card}?") if about else _("{question}?")).format(
        question=title, card=about), detail.strip()
