"""`houserules explain`: the rules of a ruleset in words, generated from its YAML and effects.

Effects are rendered from their syntax tree, not from the author's `text:`, so a person
reads what the file really says. Conditions settled by the options in force are folded:
only the branch that will be played is told. Every text of the file is printed safely:
control characters and bidi controls are shown as escapes (see safe_text).
"""

from __future__ import annotations

from collections import Counter

from interpreter.engine.decisions import describe
from interpreter.language import dsl
from interpreter.language.vocabulary import describe as describe_type
from interpreter.presenting.explain_words import DRAWING, EVENT_WORDS, INSTEAD
from interpreter.presenting.naming import in_language, naming, said_name, translated
from interpreter.presenting.prompts import cards_left
from interpreter.presenting.translation import N_, _, ngettext, said
from interpreter.presenting.words import Words
from interpreter.safe_text import shown


def one_line(name) -> str:
    """A title, name or table cell from the file: safe, and on one line."""
    return shown(name, one_line=True)


def explain(rules) -> str:
    """The whole ruleset in words, safe to print (the file's control characters escaped),
    its names (colours, kinds) said as it names them in the language spoken."""
    with naming(rules):
        return in_words(rules)


def in_words(rules) -> str:
    """The whole ruleset in words, names said as the context names them."""
    words = Words(dict(rules.options), rules.variable_types)
    data = rules.source.data
    title = one_line(said(data.get("title"), rules.title))
    out = [title, "=" * len(title)]
    if rules.description:
        out += [" ".join(said(data.get("description"), rules.description).split())]
    out += ["", _("{low} to {high} players; {hand}.").format(
        low=rules.min_players, high=rules.max_players, hand=hand_size_text(rules))]
    out += options_section(rules)
    out += deck_section(rules)
    out += cards_section(rules, words, data)
    out += attributes_section(rules, data)
    out += effects_section(rules, words, data)
    out += chances_section(rules)
    out += rules_section(rules, words, data)
    out += questions_section(data)
    out += play_section(rules, words, data)
    return shown("\n".join(out) + "\n")


def hand_size_text(rules) -> str:
    """`7 cards each`, or by player count when the ruleset deals fewer to more players."""
    if len(set(rules.hand_sizes.values())) == 1:
        size = rules.hand_sizes[rules.min_players]
        return ngettext("{count} card each", "{count} cards each", size).format(count=size)
    return _("cards each: {sizes}").format(sizes=by_players_text(rules.hand_sizes))


def by_players_text(table) -> str:
    """A setting by player count, in runs: `7 with 2 players, 5 with 3-15 players`."""
    runs: list = []
    for players, size in table.items():
        if runs and runs[-1][2] == size:
            runs[-1][1] = players
        else:
            runs.append([players, players, size])
    return _(", ").join((ngettext("{size} with {low} player", "{size} with {low} players", low)
                         if high == low else _("{size} with {low}-{high} players")).format(
        size=size, low=low, high=high) for low, high, size in runs)


def parse(data: dict, path: tuple, start: str):
    """The syntax tree of the text at `path` (it compiled at load, so it parses)."""
    text: object = data
    for part in path:
        text = text.get(part) if isinstance(text, dict) else None
    return dsl.parse(text, start, {}) if isinstance(text, str) and text.strip() else None


def sentence(words: Words, data: dict, path: tuple, start: str = "effect",
             bound: dict | None = None) -> str:
    """The text at `path` in words; `bound` says names its context binds (`seat`)."""
    tree = parse(data, path, start)
    if tree is None:
        return ""
    words.start(bound or {})
    if start == "effect":
        return " ".join(words.effect(tree))
    return words.expr(tree)


def heading(title: str) -> list[str]:
    """A section's title, underlined, after a blank line."""
    return ["", title, "-" * len(title)]


def options_section(rules) -> list[str]:
    out = heading(_("Options in force"))
    written = rules.source.data.get("options") or {}
    for name, spec in rules.option_specs.items():
        value = rules.options[name]
        helps = said((written.get(name) or {}).get("help"), spec.get("help", ""))
        line = "- " + _("{name} = {value}: {help}") if value == spec["default"] else \
            "- " + _("{name} = {value} (default {default}): {help}")
        out.append(line.format(name=name, value=describe(value), help=helps,
                               default=describe(spec["default"])))
    on = ", ".join(rules.overlays) or _("none")
    out.append("- " + _("house rules on: {names} (--option NAME=true or false switches one)")
               .format(names=on))
    return out


def deck_section(rules) -> list[str]:
    out = heading(ngettext("The deck ({count} card)", "The deck ({count} cards)",
                           len(rules.deck)).format(count=len(rules.deck)))
    if not rules.sides:
        return out + deck_table(rules, rules.deck, rules.colors)
    for side, (name, colors) in enumerate(zip(rules.sides, rules.side_colors)):
        faces = [card if side == 0 else card.back for card in rules.deck]
        title = _("The {side} side (up at the start):") if side == 0 else \
            _("The {side} side (paired at random each match):") if rules.random_pairs else \
            _("The {side} side:")
        out += [title.format(side=one_line(name))]
        out += deck_table(rules, faces, colors)
    return out


def deck_table(rules, cards, colors) -> list[str]:
    """Cards counted by kind and colour."""
    counts = Counter((card.kind, card.color) for card in cards)
    if all(card.color is None for card in cards):
        colors = ()  # a deck of colourless cards (every card wild): no colour columns
    columns = [one_line(translated(c) or c) for c in colors] + [_("no colour")]
    width = max(len(one_line(translated(k) or k)) for k in rules.kinds) + 2
    out = [_("kind").ljust(width) + "".join(c.rjust(10) for c in columns) + _("total").rjust(8)]
    for kind in rules.kinds:
        row = [counts[(kind, color)] for color in colors] + [counts[(kind, None)]]
        if sum(row):
            out.append(one_line(translated(kind) or kind).ljust(width)
                       + "".join(str(n or "-").rjust(10) for n in row) + str(sum(row)).rjust(8))
    return out


def cards_section(rules, words: Words, data: dict) -> list[str]:
    out = heading(_("What the cards do"))
    for name, kind in rules.kinds.items():
        faces = [face for face in rules.faces if face.kind == name]
        if not faces:
            continue
        points = sorted({face.points for face in faces})
        worth = _("{low}-{high} points (face value)").format(low=points[0], high=points[-1]) \
            if len(points) > 1 else \
            ngettext("{count} point", "{count} points", points[0]).format(count=points[0])
        out.append(f"{said_name(name)} ({worth})")
        path = ("kinds", name)
        if kind.text:
            text = " ".join(said(data["kinds"][name].get("text"), kind.text).split())
            out.append("  " + _("The file says: {text}").format(text=text))
        told = sentence(words, data, path + ("on_play",))
        out.append("  " + _("When played: {effect}").format(effect=told) if told
                   else "  " + _("When played: nothing more happens."))
        always = words.value(True)  # a condition the options settle as holding
        legal = sentence(words, data, path + ("legal",), "condition") if kind.legal else always
        if legal != always:
            out.append("  " + _("May be played only if: {condition}.").format(condition=legal))
        if kind.fair is not None:
            out.append("  " + _("Played fairly when: {condition}.").format(
                condition=sentence(words, data, path + ('fair',), 'condition')))
        if "on_first" in data["kinds"][name]:
            first = sentence(words, data, path + ("on_first",))
            out.append("  " + _("As the first card: {effect}").format(effect=first) if first
                       else "  " + _("As the first card: nothing happens."))
        if "on_going_out" in data["kinds"][name]:
            out.append("  " + _("As a player's last card: {effect}").format(
                effect=sentence(words, data, path + ('on_going_out',))))
    return out


def attributes_section(rules, data: dict) -> list[str]:
    """Each declared card attribute, with the value every card has (by colour, kind or card)."""
    declared = data.get("attributes", {})
    if not declared:
        return []
    out = heading(_("Card attributes"))
    for attr, table in declared.items():
        helps = table.get("help")
        english = helps.get("en", "") if isinstance(helps, dict) else helps
        out.append(f"{attr}: {said(helps, english)}" if helps else f"{attr}:")
        values: dict = {}
        for face in rules.faces:
            values.setdefault(describe(face.attrs.get(attr)), []).append(face)
        for value, faces in values.items():
            out.append(f"  {value}: {which_cards(rules, faces)}")
    return out


def which_cards(rules, faces: list) -> str:
    """A set of faces in few words: whole colours, then whole kinds, then single cards."""
    left = set(faces)
    parts = []
    for color in rules.colors:
        of_color = {f for f in rules.faces if f.color == color}
        if of_color and of_color <= left:
            parts.append(_("every {colour} card").format(colour=translated(color) or color))
            left -= of_color
    for kind in rules.kinds:
        of_kind = {f for f in rules.faces if f.kind == kind}
        if of_kind and of_kind <= left:
            parts.append(_("every {kind}").format(kind=said_name(kind)))
            left -= of_kind
    parts.extend(f.name for f in rules.faces if f in left)
    return _(", ").join(parts)


def effects_section(rules, words: Words, data: dict) -> list[str]:
    if not rules.effects:
        return []
    out = heading(_("Named effects"))
    for name in rules.effects:
        spec = data.get("effects", {}).get(name)
        if not isinstance(spec, dict):
            out.append(f"- {name.replace('_', ' ')}: {sentence(words, data, ('effects', name))}")
            continue
        params = [f"{param} ({describe_type(frozenset({kind}))})"
                  for param, kind in (spec.get("params") or {}).items()]
        told = sentence(words, data, ("effects", name, "do"))
        named = name.replace("_", " ")
        if params:
            given = params[0] if len(params) == 1 else _("{first} and {last}").format(
                first=_(", ").join(params[:-1]), last=params[-1])
            out.append("- " + _("{name}, given {params}: {effect}").format(
                name=named, params=given, effect=told))
        else:
            out.append(f"- {named}: {told}")
    return out


def chances_section(rules) -> list[str]:
    """The `chances:` table: each chance's outcomes and how likely each is."""
    if not rules.chances:
        return []
    out = heading(_("Chances"))
    for name, slots in rules.chances.items():
        counts: dict = {}
        for slot in slots:
            counts[slot] = counts.get(slot, 0) + 1
        odds = _(", ").join(_("{outcome} ({count} in {total})").format(
            outcome=outcome, count=count, total=len(slots)) for outcome, count in counts.items())
        out.append("- " + _("{chance}: {odds}; each outcome drawn at random.").format(
            chance=name.replace("_", " "), odds=odds))
    return out


def row_lines(rules, words: Words, data: dict) -> list[str]:
    """The rows of piles a turn plays on (docs/rules.md, Several piles)."""
    out = []
    for row in rules.rows:
        path = ("rows", row.name)
        name = words_of(row.name)
        template = ngettext("The {row} row: {count} pile of cards face up, a card each from the "
                        "stock as a hand starts (no first card is turned onto the discard pile); "
                        "a player may play on each of its piles once a turn, and may stop after "
                        "any play. A card may go on a pile of it when {condition}; when several "
                        "piles may take it, its player names the pile.",
                        "The {row} row: {count} piles of cards face up, a card each from the "
                        "stock as a hand starts (no first card is turned onto the discard pile); "
                        "a player may play on each of its piles once a turn, and may stop after "
                        "any play. A card may go on a pile of it when {condition}; when several "
                        "piles may take it, its player names the pile.", row.size) \
            if row.each_pile else \
            ngettext("The {row} row: {count} pile of cards face up, a card each from the stock "
                     "as a hand starts (no first card is turned onto the discard pile); a turn "
                     "plays one card on one of its piles. A card may go on a pile of it when "
                     "{condition}; when several piles may take it, its player names the pile.",
                     "The {row} row: {count} piles of cards face up, a card each from the stock "
                     "as a hand starts (no first card is turned onto the discard pile); a turn "
                     "plays one card on one of its piles. A card may go on a pile of it when "
                     "{condition}; when several piles may take it, its player names the pile.",
                     row.size)
        out.append(template.format(row=name, count=row.size, condition=sentence(
            words, data, path + ("playable",), "condition")))
    return out


def words_of(name: str) -> str:
    """An identifier in words: `center_row` -> `center row`."""
    return one_line(name.replace("_", " "))


def playable_lines(words: Words, data: dict) -> list[str]:
    """When a card may be played: one condition, or its clauses (docs/rules.md)."""
    clauses = data.get("playable")
    if clauses is None:  # a game of rows: its rows say where a card may go
        return []
    if isinstance(clauses, str):
        condition = sentence(words, data, ('playable',), 'condition')
        if condition == words.constant(True):
            return [_("Any card may be played on any card.")]
        return [_("A card may be played when {condition}.").format(condition=condition)]
    allow = [sentence(words, data, ("playable", name), "condition")
             for name, clause in clauses.items() if isinstance(clause, str)]
    only = [sentence(words, data, ("playable", name, "only_if"), "condition")
            for name, clause in clauses.items() if isinstance(clause, dict)]
    out = [_("A card may be played when {condition}.").format(
        condition=_(" or when ").join(allow))]
    out += [_("Only when {condition}.").format(condition=text) for text in only]
    return out


def rules_section(rules, words: Words, data: dict) -> list[str]:
    """The `rules:` table in words, in the order the rules run (docs/rules.md)."""
    if not rules.triggers.every:
        return []
    out = heading(_("Rules"))
    for rule in rules.triggers.every:
        path = ("rules", rule.name)
        when, bound = EVENT_WORDS.get(rule.event, (None, {}))
        when = _(when).format(call=rules.call_word) if when else words_of(rule.event)
        condition = sentence(words, data, path + ("if",), "condition", bound)
        effect = sentence(words, data, path + ("do",), bound=bound) or _("nothing happens.")
        template = (_("{name}: {when}, when {condition}: {effect}") if rule.event in INSTEAD
                    else _("{name}: {when} and {condition}: {effect}")) if condition else \
            _("{name}: {when}: {effect}")
        line = "- " + template.format(name=rule.name.replace("_", " "), when=when,
                                  condition=condition, effect=effect)
        if rule.text:
            written = (data.get("rules") or {}).get(rule.name) or {}
            line += f" ({said(written.get('text'), rule.text)})"
        out.append(line)
    return out


def questions_section(data: dict) -> list[str]:
    """How the questions the rules ask are put to a player (`questions:`), as written: each
    {value} is filled in from the asking rule when it is asked."""
    table = data.get("questions") or {}
    if not table:
        return []
    out = heading(_("Questions")) + [
        _("How a player is asked (a {value} is the asking rule's, filled in when it asks):")]
    for name, written in table.items():
        wording = {key: in_language(value) for key, value in written.items()}
        ways = [_("asked as {wording}").format(wording=either(wording["text"]))] \
            if wording.get("text") else []
        ways += [label.format(wording=either(wording[key])) for label, key in (
            (_("yes is labelled {wording}"), "yes_label"),
            (_("no is labelled {wording}"), "no_label")) if wording.get(key)]
        out.append("- " + _("{question}: {how}.").format(
            question=one_line(name).replace("_", " "),
            how=_("; ").join(ways) or _("in its own name")))
    return out


def either(wording) -> str:
    """A wording, or a list of wordings to try in order, quoted: "A", else "B"."""
    return _(", else ").join(f'"{one_line(w)}"' for w in ([wording] if isinstance(wording, str)
                                                        else wording))


def play_section(rules, words: Words, data: dict) -> list[str]:
    out = heading(_("Play"))
    out += row_lines(rules, words, data) if rules.rows else playable_lines(words, data)
    # How a turn that plays no card draws; said "With no penalty pending, ..." when a
    # penalty may be pending (as turn_draws.draw_for_turn does).
    pending = "add_penalty" in words.told
    if pending:
        out.append(_("While a penalty is pending, the player whose turn it is either answers it "
                     "with a card the rules allow, or draws the whole penalty, and their turn is "
                     "over."))
    if rules.decide_after_draw and rules.max_draws == 1:
        drawing = DRAWING["take"][pending]
    elif rules.decide_after_draw:
        drawing = DRAWING["up to" if rules.max_draws else "as many"][pending]
    elif rules.draw_until_playable:
        drawing = DRAWING["until, at most" if rules.max_draws else "until"][pending]
    elif rules.triggers.turn_draw:
        drawing = DRAWING["rules"][pending]
    else:
        drawing = DRAWING["one"][pending]
    out.append(_(drawing).format(count=rules.max_draws))
    for message, condition, key in (
            (N_("Drawing instead of playing is offered only when {condition} (and always to a "
                "player holding no card they may play)."), rules.may_draw, "may_draw"),
            (N_("Passing instead of playing is offered only when {condition} (and always to a "
                "player holding no card they may play)."), rules.may_pass, "may_pass")):
        if condition is not None:
            out.append(_(message).format(condition=sentence(words, data, ("turn", key),
                                                            "condition")))
    passes = rules.passes_to_block
    if any(count != players for players, count in passes.items()):
        extra = {count - players for players, count in passes.items()}
        if len(extra) == 1:
            more = extra.pop()
            out.append((_("With nothing left to draw, the hand ends blocked after as many passes "
                          "in a row as there are players, plus {count}.") if more > 0 else
                        _("With nothing left to draw, the hand ends blocked after as many passes "
                          "in a row as there are players, minus {count}.")).format(count=abs(more)))
        else:
            out.append(_("With nothing left to draw, the hand ends blocked after this many passes "
                         "in a row: {passes}.").format(passes=by_players_text(passes)))
    if not rules.reshuffle:
        out.append(_("An empty stock stays empty: the discard pile is not shuffled into it."))
    if any(copies > 1 for copies in rules.decks.values()):
        out.append(_("Decks shuffled together: {decks}.").format(
            decks=by_players_text(rules.decks)))
    if rules.hand_limit:
        out.append(_("Drawing stops when a hand holds {count} cards.").format(
            count=rules.hand_limit))
    if rules.play_drawn and not rules.decide_after_draw:
        out.append(_("A playable drawn card must be played.") if rules.forced_play
                   else _("A playable drawn card may be played at once."))
    if rules.jump_in is not None:
        out.append(_("Jump-in: after a card is played (not one turned over), a player holding a "
                     "card for which {condition} may play it out of turn, if it would be legal to "
                     "play; play goes on from them. Holding several such cards, they choose "
                     "which.").format(condition=sentence(words, data, ("jump_in", "allowed"),
                                                         "condition")))
    if rules.dealer_draw is not None:
        out.append(_("The first dealer: everyone draws a card; the highest ({value}) deals; ties "
                     "draw again.").format(value=sentence(words, data, ("dealer", "draw_high"),
                                                         "condition")))
    elif rules.first_dealer is None:
        out.append(_("The first dealer is chosen at random."))
    else:
        out.append(_("Seat {seat} deals first.").format(seat=rules.first_dealer))
    moves = rules.deal_moves
    out.append(_("The winner of a hand deals the next.") if rules.winner_deals else
               ngettext("The deal passes {count} seat on each hand.",
                        "The deal passes {count} seats on each hand.", moves).format(count=moves))
    if rules.redeal_if is not None:
        out.append(_("First card: if {condition}, the whole deck is shuffled and dealt again.")
                   .format(condition=sentence(words, data, ("first_card", "redeal_if"), "condition")))
    if rules.return_if is not None:
        out.append(_("First card: if {condition}, it goes back into the deck and another is "
                     "turned.").format(condition=sentence(words, data, ("first_card", "return_if"),
                                                         "condition")))
    if rules.uno_penalty is not None:
        left = ngettext("{count} card", "{count} cards", rules.uno_cards_left).format(
            count=rules.uno_cards_left)
        caught = _("A player left holding {left}, however it happened (their own play, a swap or "
                   "pass of hands), must call {call}; caught before the next player begins a turn, "
                   "they draw {count} (unless the rules above replace that).") \
            if rules.triggers.uno_penalty else \
            _("A player left holding {left}, however it happened (their own play, a swap or pass "
              "of hands), must call {call}; caught before the next player begins a turn, they "
              "draw {count}.")
        out.append(caught.format(left=left, call=rules.call_word, count=rules.uno_penalty))
    elif data.get("uno") is not None:
        out.append(_("Nobody calls {call}: a player left with {left} is not asked to, and "
                     "nobody can be caught for it.").format(call=rules.call_word,
                                                           left=cards_left(rules.uno_cards_left)))
    out.append(_("A hand that can no longer end (every player passes with nothing to draw, or "
                 "play makes no progress) is blocked: the seat holding the fewest points wins it."))
    if data["scoring"].get("winner_scores") is not None:
        out.append(_("Scoring: the winner of a hand scores {score}.").format(
            score=sentence(words, data, ("scoring", "winner_scores"), "condition")))
    if data["scoring"].get("seat_scores") is not None:
        out.append(_("Scoring: when a hand ends, every seat, the winner included, scores "
                     "{score}.").format(score=sentence(words, data, ("scoring", "seat_scores"),
                                                       "condition")))
    out.extend(match_sentences(rules, words, data))
    return out


def match_sentences(rules, words, data: dict) -> list[str]:
    """When the match ends, who wins it, and how a tie for the win is settled."""
    low = rules.lowest_wins
    if rules.hands:
        out = [(ngettext("The match: {count} hand; the lowest total wins.",
                         "The match: {count} hands; the lowest total wins.", rules.hands) if low
                else ngettext("The match: {count} hand; the highest total wins.",
                              "The match: {count} hands; the highest total wins.", rules.hands))
               .format(count=rules.hands)]
    elif rules.ends_when is not None:
        out = [(_("The match ends when {condition} (or one player is left); the lowest total "
                  "wins.") if low else
                _("The match ends when {condition} (or one player is left); the highest total "
                  "wins.")).format(condition=sentence(words, data, ("match", "ends_when"),
                                                      "condition"))]
    elif low:
        out = [_("The match: when a total reaches {score} points, the lowest total wins.").format(
            score=rules.target_score)]
    else:
        out = [_("The match: the first to {score} points wins.").format(score=rules.target_score)]
    if rules.tie == "fewest_cards":
        out.append(_("A tie for the win goes to the tied player holding the fewest cards as the "
                     "last hand ended (still tied: the one who won a hand most recently)."))
    elif rules.tie == "play_on":
        out.append(_("A tie for the win is played on, hand after hand, until it is broken."))
    return out
