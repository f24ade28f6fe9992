"""The effect language's sentences (presenting/words.py) in each language: whole messages of
the catalogs, a counted one in the count's form, English where a message is not translated."""

import gettext

import pytest

from interpreter import load_ruleset
from interpreter.presenting import translation
from interpreter.presenting.explain import explain


@pytest.fixture(scope="module")
def told():
    """explain's text of a bundled ruleset in a language, made once."""
    made: dict = {}

    def tell(ruleset: str, lang: str) -> str:
        if (ruleset, lang) not in made:
            with translation.speaking(lang):
                made[ruleset, lang] = explain(load_ruleset(ruleset))
        return made[ruleset, lang]
    return tell


@pytest.mark.parametrize("ruleset, lang, said", [
    # A builtin's words, its arguments in the language too.
    ("classic", "ur", "کھیلنے پر: اگلا کھلاڑی اپنی اگلی باری کھو دیتا ہے۔"),
    ("classic", "gu", "રમતાં: આગલો ખેલાડી પોતાનો આગલો વારો ગુમાવે છે."),
    ("classic", "pa", "ਖੇਡਣ ਉੱਤੇ: ਅਗਲਾ ਖਿਡਾਰੀ ਆਪਣੀ ਅਗਲੀ ਵਾਰੀ ਗੁਆ ਦਿੰਦਾ ਹੈ।"),
    ("classic", "bn", "খেললে: পরের খেলোয়াড় তার পরের দান হারায়।"),
    # A condition, an if and the settled branch of another: words.py's own sentences.
    ("classic", "ur", "اگر کھلاڑیوں کی تعداد 2 ہے: اگلا کھلاڑی"),
    ("classic", "gu", "જો ખેલાડીઓની સંખ્યા 2 છે: આગલો ખેલાડી"),
    # A quantifier, its item said as a pronoun.
    ("classic", "pa", "ਖਿਡਾਰੀ ਦੇ ਹੱਥ ਵਿੱਚ ਕੋਈ ਅਜਿਹਾ ਕਾਰਡ ਨਹੀਂ ਹੈ ਕਿ ਉਸ ਦਾ ਰੰਗ ਚੱਲਣ ਵਾਲਾ ਰੰਗ ਹੈ"),
    # A counted message, in the count's form: Bengali counts with টি.
    ("classic", "bn", "পরের খেলোয়াড় 2টি কার্ড তোলে।"),
    ("classic", "bn", "পরের খেলোয়াড় 2 যোগ বাকি শাস্তি কার্ড তোলে।"),
    # A card's colour said as the ruleset's translations file names it.
    ("mario_kart", "ur", "کھلاڑی باقی ہر کھلاڑی میں سے ایک چنتا ہے۔"),
    ("classic", "gu", "લાલ"),
])
def test_the_effect_language_speaks_the_language(told, ruleset, lang, said):
    assert said in told(ruleset, lang)


@pytest.mark.parametrize("lang, header", [
    ("ur", "قسم                   سرخ      پیلا       سبز      نیلا    بے رنگ      کل"),
    ("en", "kind                   red    yellow     green      blue no colour   total"),
])
def test_the_deck_s_colours_are_said_as_the_ruleset_names_them(told, lang, header):
    assert header in told("classic", lang).splitlines()


class AllButOne(gettext.NullTranslations):
    """A catalog that translates every message but one (its translation: marked `~`)."""

    def __init__(self, missing: str):
        super().__init__()
        self.missing = missing

    def gettext(self, message):
        return message if message == self.missing else "~" + message

    def ngettext(self, singular, plural, count):
        return "~" + (singular if count == 1 else plural)


def test_a_message_with_no_translation_is_said_in_english_alone(monkeypatch):
    """Only that sentence stays English; its parts, and the other sentences, are translated."""
    monkeypatch.setattr(translation, "_speaking", translation.ContextVar(
        "speaking", default=("xx", AllButOne("{0} loses their next turn."))))
    text = explain(load_ruleset("classic"))
    assert "~the next player loses their next turn." in text
    assert "~The direction of play becomes ~the other one." in text
