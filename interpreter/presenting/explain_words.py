"""explain's fixed sentences, by what they say: the events rules react to, and how a turn that
plays no card draws (explain.py picks one and fills it in)."""

from __future__ import annotations

from interpreter.presenting.translation import N_

# Each event a rule reacts to (engine/triggers.py), in words: when its rules run (or what
# they replace), and the names the event binds in their text, in words.
# (The bound names are said inside the effect language's sentences: words.py translates them.)
EVENT_WORDS = {
    "card_played": (N_("When a card is played"), {}),
    "card_turned": (N_("When a card is turned over"), {}),
    "turn_started": (N_("When a turn starts"), {}),
    "turn_ended": (N_("When a turn ends"), {}),
    "hand_started": (N_("When a hand starts"), {"player": N_("the dealer")}),
    "cards_drawn": (N_("When a player has drawn cards"), {}),
    "hand_ended": (N_("When a hand has been won and scored"),
                   {"player": N_("the hand's winner")}),
    "hand_size_changed": (N_("When a hand's size changes"),
                          {"seat": N_("the seat"),
                           "count": N_("the number of cards the seat now holds")}),
    "decided": (N_("When a player has decided"),
                {"seat": N_("the seat"), "decision": N_("the decision"),
                 "answer": N_("the answer")}),
    "draw_owed": (N_("Instead of an owed draw"),
                  {"seat": N_("the seat"), "count": N_("the number of cards owed")}),
    "turn_lost": (N_("Instead of a lost turn"), {"seat": N_("the seat")}),
    "turn_draw": (N_("Instead of drawing for the turn"), {"seat": N_("the seat")}),
    "uno_penalty": (N_("Instead of the {call} penalty"),
                    {"seat": N_("the seat"), "count": N_("the number of penalty cards")}),
}
# The events whose rules run instead of what the engine would do (their `when` says so).
INSTEAD = ("draw_owed", "turn_lost", "turn_draw", "uno_penalty")


# How a turn that plays no card draws, by the turn's settings: (said when no penalty can be
# pending, said when one can); {count} is turn.max_draws.
DRAWING = {
    "take": (N_("A player may take a card from the stock instead of playing, and then play or "
                "pass (or pass when nothing is left to draw)."),
             N_("With no penalty pending, a player may take a card from the stock instead of "
                "playing, and then play or pass (or pass when nothing is left to draw).")),
    "up to": (N_("A player may draw instead of playing, one card at a time, up to {count} cards "
                 "in a turn, deciding again after each card; once they may draw no more (or "
                 "nothing is left to draw), they may pass."),
              N_("With no penalty pending, a player may draw instead of playing, one card at a "
                 "time, up to {count} cards in a turn, deciding again after each card; once they "
                 "may draw no more (or nothing is left to draw), they may pass.")),
    "as many": (N_("A player may draw instead of playing, one card at a time, up to as many "
                   "cards as they like in a turn, deciding again after each card; once they may "
                   "draw no more (or nothing is left to draw), they may pass."),
                N_("With no penalty pending, a player may draw instead of playing, one card at a "
                   "time, up to as many cards as they like in a turn, deciding again after each "
                   "card; once they may draw no more (or nothing is left to draw), they may "
                   "pass.")),
    "until": (N_("A player who does not play draws until a playable card comes."),
              N_("With no penalty pending, a player who does not play draws until a playable "
                 "card comes.")),
    "until, at most": (N_("A player who does not play draws until a playable card comes, at most "
                          "{count}."),
                       N_("With no penalty pending, a player who does not play draws until a "
                          "playable card comes, at most {count}.")),
    "rules": (N_("A player who does not play does what the rules above say instead of drawing, "
                 "and the turn is over (where none applies, they take a card)."),
              N_("With no penalty pending, a player who does not play does what the rules above "
                 "say instead of drawing, and the turn is over (where none applies, they take a "
                 "card).")),
    "one": (N_("A player who does not play draws one card."),
            N_("With no penalty pending, a player who does not play draws one card.")),
}
