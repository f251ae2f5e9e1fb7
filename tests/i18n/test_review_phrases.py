"""The phrases the reviews quoted as wrong are gone from every output, in every language.

The reviews (``documents-2``, ``app-developers-1``, at commit 9903108) quoted these
slips from the rules documents, the catalogue page, the pictures, ``compare``, the demo,
the help of every command and the documentation's translations. Each output is made again
here in the four languages and searched for every quoted phrase.
"""

from __future__ import annotations

import contextlib
import html
import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from fertility_rules.cli import build_parser, main
from fertility_rules.fertility.catalogue.describe import describe_catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.document import rules_document
from fertility_rules.fertility.svg import catalogue_page
from fertility_rules.lab.compare import compare
from fertility_rules.lab.readings import readings_varying
from fertility_rules.lab.render import comparison_to_text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "fr", "pl", "nl")

QUOTED = {
    "en": (
        "1 Grapes",
        "different Statues of a God",
        "pushes the next count down",
        "puts Bovine on",
        "puts Grapes on",
        "tokens of Grapes on the Metropolis",
        "harvest: ",
        "R-3.3 Harvest",
        "and harvest (mandatory)",
        "Statue of a god of your choice",
        "Statues scale (different gods)",
        "2 Alabaster +",
        '("from the Stock")',
        "scores nothing unless 1 Alabaster",
        "First board, outlined:",
        "Lisa, before",
        "Lisa, after",
        "per seat",
        "the engine always plays the default",
        "Statue of a god",
    ),
    "fr": (
        "Statue du Dieu Isis",
        "Statues des Dieux Horus",
        "donne une Statue du Dieu.",
        "Premier plateau, entourées",
        "trois phases",
        "D'abord Raisin",
        "tant que 1 Albâtre",
        "Une égalité est tranchée",
        "Lisa, avant",
        "Lisa, après",
        "Catalogue default",
        "53.34",
        "40.0%",
        "arguments positionnels:",
        "0 tuiles",
        "réserve rien",
        "par place, 95",
        "à la couleur de son joueur",
        "Source des valeurs de la piste du Grenier",
    ),
    "pl": (
        "na Winogron ",
        "gracza Wiola",
        "Plansza centralna",
        "planszę centralną",
        "planszy centralnej",
        "figurek Monumentów",
        "zostaje wywołany",
        "wywołał koniec",
        "płacąc: 1",
        "1 zasób (Alabaster",
        "jednostek Pszenicy",
        "Pierwsza plansza, obwiedzione",
        "Pomnik Bóstwa Anubis",
        "Pomniki Bóstw Horus",
        "różni bogowie",
        "ze stosu z R-2.2 3",
        "a na niektórych symbol",
        "Ustalone odczytanie",
        "Wiola: przed",
        "Wiola: po",
        "Monument w kolorze swojego gracza",
        "kładziony na innym Sklepie",
        "wydrukowanej grze",
        "Katalog default",
        "Średnia suma",
        "Debeny na miejsce",
        "własnymi słowami biblioteki",
        "53.34",
        "Legenda obrazów",
        "Obrazy w tym dokumencie",
    ),
    "nl": (
        "Standbeelden van een God",
        "zelfde seeds",
        "(seeds ",
        "seed van het eerste spel",
        "legt Rund op",
        "legt Druif op",
        "Eerste bord, omrand",
        "Lisa, vooraf",
        "Lisa, achteraf",
        "de engine speelt",
        "Geen enkele spelregel zegt",
        "‘default’",
        "Districten in de stapel",
        "Catalogus default",
        "53.34",
        "gesloten tegel",
        "gesloten District",
    ),
}
"""Per language, the phrases the reviews quoted as wrong (found in that language's outputs)."""

EVERYWHERE = (
    "FR 000",
    "FR 001",
    "FR 003",
    "Default catalogue (partly reconstructed)",
    "zrekonstruowanedarmowa",
    "quarry_enclosure=orthogonal, ",
)
"""Phrases wrong in every language but English (the catalogue title is English's own)."""


def _found(phrase: str, text: str) -> bool:
    """``phrase`` in ``text`` as words: "2 Alabaster" is not in "V32 Alabaster"."""
    return re.search(r"(?<![0-9A-Za-z])" + re.escape(phrase), text) is not None


def _cli(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.suppress(SystemExit),
    ):
        main(list(args))
    return out.getvalue() + err.getvalue()


def _help(language: str) -> str:
    parser = build_parser(language)
    action = next(a for a in parser._actions if a.dest == "command")
    commands = sorted(action.choices)  # type: ignore[arg-type]
    return "\n".join(_cli("--lang", language, command, "--help") for command in commands)


@pytest.fixture(scope="module")
def comparison() -> object:
    return compare(readings_varying(["I-1", "I-10"]), 2, ("greedy", "random"), first_seed=3)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("record") / "game.json"
    _cli("simulate", "--players", "3", "--seed", "5", "--record", str(path))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_quoted_phrase_is_left(language: str, comparison: object, record: Path) -> None:
    catalogue = default_catalogue()
    outputs = {
        "rules (Markdown)": rules_document(language, "md"),
        "rules (HTML)": rules_document(language, "html"),
        "catalogue page": catalogue_page(catalogue, lang=language),
        "catalogue text": describe_catalogue(catalogue, language),
        "compare": comparison_to_text(comparison, language),  # type: ignore[arg-type]
        "demo": _cli("demo", "--seed", "3", "--lang", language),
        "help": _help(language),
        "interpretations": _cli("interpretations", "--lang", language),
        "show --view": _cli("show", str(record), "--view", "--lang", language),
        "simulate": _cli(
            "simulate", "--players", "2", "--games", "2", "--jobs", "1", "--lang", language
        ),
    }
    phrases = QUOTED[language] + (EVERYWHERE if language != "en" else ())
    for name, text in outputs.items():
        flat = " ".join(text.split())  # a phrase may be wrapped across lines
        for phrase in phrases:
            assert not _found(phrase, flat), (name, phrase)


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_no_quoted_phrase_in_the_documentation_translations(language: str) -> None:
    """The translated Sphinx pages: "zaadgetal", "De oogst" and "engine" were left in
    Dutch, "planszy centralnej" in Polish."""
    wrong = {
        "nl": ("zaadgetal", "De oogst", "de oogst", "spelengine", "de engine", "zelfde seeds"),
        "pl": ("planszy centralnej", "planszę centralną"),
        "fr": ("pile de Quartiers",),
    }[language]
    for path in sorted((ROOT / "docs" / "locales" / language).rglob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in map(str, strings):
                for phrase in wrong:
                    assert not _found(phrase, " ".join(text.split())), (path.name, phrase)


QUOTED_ANKHOR = {
    "en": (
        "whose squares share an edge",
        "puts a token from their hand",
        "Hand before:",
        "limits of a hand",
        "Taking tokens takes exactly 3",
        "computed by the library's scoring pipeline",
        "A group is a largest set",
        "and pays green and red",
        "They give back",
        "Turn 28 ·",
    ),
    "fr": (
        "Il rend",
        "il choisit",
        "sorte de jeton",
        "par sorte",
        "ensemble le plus grand possible",
        "achètent des actions",
        "qu’il lui reste",
        "Tuiles : Amunet",
        "paie le prix :",
        "ceux rangés compris",
        "une implémentation non officielle",
        "ou conservé lors d’une fusion",
        "dont les carrés partagent",
        "Tour 28 ·",
    ),
    "pl": (
        "Kafelki gracza",
        "z jednym z jego kafelków",
        "należy do tego gracza",
        "Zasoby",
        "do zasobów",
        "przesunąć kafelek",
        "przesunięcie kafelka",
        "Legenda obrazów",
        "pierwszy obraz",
        "na drugim obrazie",
        "własnymi słowami biblioteki",
        "Amunet ma: ",
        "Oddaje: ",
        "Cena to:",
        "płaci cenę:",
        "nigdy obie",
        "Wzięcie żetonów",
        "skrajnie lewego",
        "odtworzony",
        "jeszcze żadnego kafelka",
        "nowe pole musi",
        "Tura 28 ·",
    ),
    "nl": (
        "kiest hij",
        "Hij geeft",
        "weer aan hem",
        "aangrenzing",
        "mag overal.",
        "Voor de eerste beurt",
        "Vooraf:",
        "koop je extra acties",
        "alle niveaus samen",
        "past voor zijn hoofdactie",
        "regelboek",
        " WP",
        "niet-officiële implementatie",
        "bewaarde inbegrepen",
        "In zijn beurt",
        "Beurt 28 ·",
    ),
}
"""Per language, the phrases the review of Ankh'or's documents (``documents-3``, at commit
d25c221) quoted as wrong."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_phrase_quoted_from_ankhor_s_documents_is_left(language: str) -> None:
    """The rules document of Ankh'or as a reader sees it, the labels of its pictures
    included: none of the quoted slips (S1–S6, E1–E4, F1–F10, P1–P15, N1–N12)."""
    from fertility_rules.ankhor.document import rules_document as ankhor_document

    page = ankhor_document(language, "html")
    text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", page)).split())
    for phrase in QUOTED_ANKHOR[language]:
        assert not _found(phrase, text), phrase
    labels = set(re.findall(r"<text[^>]*>([^<]*)</text>", page))
    assert "żadnego żetonu" not in labels  # a label of its own: "brak żetonów"


SHARED_SLIPS = {
    "fr": ("Tuiles : ",),
    "pl": ("Legenda obrazów", "pierwszy obraz", "na drugim obrazie", "własnymi słowami biblioteki"),
    "nl": ("Voor de eerste beurt", "Vooraf:", "aangrenzing"),
}
"""The slips quoted from Ankh'or's documents that are slips of the language, not of the
game: Fertility's document must not make them either ("Voor" reads as "for" where
"before" is meant: "Vóór")."""


@pytest.mark.parametrize("language", sorted(SHARED_SLIPS))
def test_fertility_s_document_makes_none_of_the_language_slips(language: str) -> None:
    page = rules_document(language, "html")
    text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", page)).split())
    assert [phrase for phrase in SHARED_SLIPS[language] if _found(phrase, text)] == []
