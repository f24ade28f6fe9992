"""Card, kind and colour names said in the language spoken (presenting/naming.py), while a
person still answers with the ruleset's own names."""

from __future__ import annotations

import contextvars
import io
from types import SimpleNamespace

import pytest

from interpreter import load_ruleset
from interpreter.presenting.look import Look
from interpreter.presenting.naming import naming
from interpreter.presenting.narrate import Narrator, words
from interpreter.presenting.prompts import question_words
from interpreter.presenting.translation import speaking


def isolated(test):
    """Run `test` in a context of its own: what it speaks and names ends with it."""
    return contextvars.copy_context().run(test)


@pytest.mark.parametrize("ruleset, lang, name, said", [
    ("classic", "ur", "red skip", "سرخ اسکیپ"),
    ("classic", "gu", "blue 5", "વાદળી 5"),
    ("classic", "pa", "wild_draw_four", "ਵਾਈਲਡ ਡਰਾਅ ਫੋਰ"),
    ("classic", "bn", "yellow draw_two", "হলুদ ড্র টু"),
    ("classic", "en", "red wild_draw_four", "red wild draw four"),
    ("mario_kart", "ur", "wild_item_box", "وائلڈ آئٹم باکس"),
    ("uno_flip", "gu", "teal skip_everyone", "ટીલ બધાને સ્કીપ"),
    ("no_mercy", "pa", "red discard_all", "ਲਾਲ ਸਭ ਸੁੱਟੋ"),
    ("crazy_eights", "bn", "hearts queen", "হরতন বিবি"),
    ("crazy_eights", "xx", "hearts queen", "hearts queen"),
])
def test_a_card_is_said_in_the_language_spoken(ruleset, lang, name, said):
    def say():
        with naming(load_ruleset(ruleset)), speaking(lang):
            return words(name)
    assert isolated(say) == said


def test_without_a_ruleset_named_a_name_is_said_as_written():
    def say():
        with naming(None), speaking("ur"):
            return words("red skip")
    assert isolated(say) == "red skip"


@pytest.mark.parametrize("lang, item, said", [
    ("ur", "banana_peel", "کیلے کا چھلکا"),
    ("bn", "lightning_bolt", "বজ্রপাত"),
    ("en", "banana_peel", "Banana peel"),
    ("en", "bob_omb", "Bob-omb"),
])
def test_an_items_words_are_said_in_the_language_spoken(lang, item, said):
    look = Look(load_ruleset("mario_kart"))

    def say():
        with speaking(lang):
            return look.value_words("item", item)
    assert isolated(say) == said


@pytest.mark.parametrize("lang, said", [("en", "Green shell"), ("pa", "ਗਰੀਨ ਸ਼ੈੱਲ")])
def test_an_effect_named_like_an_item_is_said_by_the_items_words(lang, said):
    look = Look(load_ruleset("mario_kart"))

    def say():
        with speaking(lang):
            return look.said("green_shell")
    assert isolated(say) == said


def test_the_colour_to_follow_is_said_in_the_language_spoken():
    def say():
        with naming(load_ruleset("classic")), speaking("bn"):
            return Narrator(["A", "B"]).on_color("green")
    assert "সবুজ" in isolated(say)


@pytest.mark.parametrize("lang, yes", [
    ("en", ["Challenge (draw {count + 2} if it was honest)",
            "Challenge (draw until the colour and 2 more if it was honest)"]),
    ("ur", ["چیلنج کریں (ایماندار نکلا تو {count + 2} اٹھائیں)",
            "چیلنج کریں (ایماندار نکلا تو رنگ آنے تک اور 2 مزید اٹھائیں)"]),
])
def test_a_question_is_worded_in_the_language_spoken(lang, yes):
    game = SimpleNamespace(ruleset=load_ruleset("uno_flip"))

    def ask():
        with speaking(lang):
            return question_words(game, "challenge")["yes_label"]
    assert isolated(ask) == yes


@pytest.mark.parametrize("typed", ["red 5", "red_5", "سرخ 5"])
def test_a_card_is_answered_by_the_rulesets_name_or_by_its_words(typed):
    from interpreter.playing.session import Session
    from interpreter.terminal.game import TerminalGame

    def answer():
        with speaking("ur"):
            session = Session("classic", {"hands": 1}, 2, 0, "heuristic", 3)
            terminal = TerminalGame(session, read=lambda prompt: "", out=io.StringIO(),
                                    color=False, width=80)
            cards = [c for c in session.ruleset.deck if c.name in ("red 5", "blue 5")][:3]
            return terminal.named(typed, cards)
    assert isolated(answer).name == "red 5"
