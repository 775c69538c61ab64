"""The in-game Rules screen reads as rules for players and says what the rules files say (rules/ in the
shared reference, the authority): the same numbers, the options the program offers, no working notes."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from game.games import GAMES as REGISTRY
from game.options import PITCH_TARGETS, SPADES_TARGETS, PitchOptions, SpadesOptions
from ui.games import presentation_of, shown_games
from ui.scenes.rules import HOUSE_RULES, RULES_DIR, house_rule_blocks, house_rules, load_rules, parse_markdown

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "rules"
GAMES = ["spades", "spades-two", "pitch", "ten-point-pitch"]
NOTES = ["seed", "decision", "source:", "garbled", "translation", "not from the", "the program offers"]


def numbers(markdown: str) -> Counter:
    """Every number written in the text (minus signs as hyphens), leaving out a "Source:" paragraph."""
    kept = "\n\n".join(p for p in markdown.split("\n\n") if not p.startswith("Source:"))
    return Counter(re.findall(r"(?<![\w.])[-+]?\d+(?:\.\d+)?", kept.replace("\u2212", "-")))


@pytest.mark.parametrize("game", GAMES)
def test_the_players_rules_have_no_working_notes(game):
    page = load_rules(game).lower()
    assert [note for note in NOTES if note in page] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_players_rules_give_every_number_of_the_reference_and_no_other(game):
    reference = REFERENCE / f"{game}.md"
    if not reference.exists():
        pytest.skip("the shared rules reference is not next to this checkout")
    ours, theirs = numbers(load_rules(game)), numbers(reference.read_text(encoding="utf-8"))
    assert set(theirs) - set(ours) == set(), "numbers of the reference missing from the Rules screen"
    assert set(ours) - set(theirs) == set(), "numbers on the Rules screen that the reference does not give"


def options_text(game: str) -> str:
    blocks = parse_markdown(load_rules(game))
    return " ".join(b.text for b in blocks)


def test_the_options_the_setup_screen_offers_are_all_described():
    spades = options_text("spades")
    for target in SPADES_TARGETS:
        assert str(target) in spades
    assert "Mercy rule" in spades and "\u2212200" in spades
    assert "Nil allowed" in spades and "Double Nil allowed" in spades
    pitch = options_text("pitch")
    for target in PITCH_TARGETS:
        assert re.search(rf"\b{target}\b", pitch)
    assert "partnerships" in pitch and "dealer may steal" in pitch and "Low to the player who played it" in pitch


def test_every_page_is_in_the_rules_folder():
    assert sorted(p.stem for p in RULES_DIR.glob("*.md")) == sorted([*GAMES, HOUSE_RULES])


# ----- the house rules (assets/rules/house-rules.md, shown under each game's rules)
def test_every_option_of_every_game_is_explained_to_players():
    """Each registry option is in its game's own words (the presentation's) or has a house-rules section."""
    _opening, sections = house_rules()
    for kind in shown_games():
        worded = presentation_of(kind).worded_options
        for spec in REGISTRY[kind].option_specs:
            explained = spec.key in worded or any(section.explains(kind, spec.key) for section in sections)
            assert explained, f"{kind}: the option {spec.key} ({spec.label}) is explained nowhere on the Rules screen"
    for section in sections:  # and no section explains an option no game offers
        assert any(section.explains(kind, spec.key) for kind in shown_games() for spec in REGISTRY[kind].option_specs)


def test_the_house_rules_have_no_working_notes_and_only_the_references_numbers():
    page = load_rules(HOUSE_RULES)
    assert [note for note in NOTES if note in page.lower()] == []
    reference = REFERENCE / "house-rules.md"
    if not reference.exists():
        pytest.skip("the shared rules reference is not next to this checkout")
    plain = Counter({n.lstrip("+"): c for n, c in numbers(page).items()})
    theirs = {n.lstrip("+") for n in numbers(reference.read_text(encoding="utf-8"))}
    assert set(plain) - theirs == set(), "numbers in the house rules that the reference does not give"


def test_the_rules_screen_marks_the_house_rules_in_force():
    options = SpadesOptions(bag_rule="5/50", partnerships=False)
    headings = [b.text for b in house_rule_blocks("spades", options) if b.kind == "heading"]
    assert "Bag rule \u2014 in force: 5 bags cost 50" in headings
    assert "Each for himself (Cutthroat Spades) \u2014 in force: Each for himself" in headings
    assert "Jokers" in headings  # offered, not in force: unmarked
    assert not any("in force" in h for h in
                   (b.text for b in house_rule_blocks("spades", SpadesOptions()) if b.kind == "heading"))
    pitch = [b.text for b in house_rule_blocks("pitch", PitchOptions(off_jack=True)) if b.kind == "heading"]
    assert "Off-jack \u2014 in force: On" in pitch and "Minimum bid" in pitch
    assert not any("Cutthroat" in h or "Jokers" in h for h in pitch)  # only the game's own options
    two = [b.text for b in house_rule_blocks("spades-two") if b.kind == "heading"]
    assert "Nil value" in two and "Jokers" not in two


def test_ten_point_pitch_options_are_all_described():
    from game.options import TEN_POINT_TARGETS

    page = options_text("ten-point-pitch")
    for target in TEN_POINT_TARGETS:
        assert re.search(rf"\b{target}\b", page)
    assert "partnerships" in page and "each for himself" in page and "Low to the side that wins it" in page
    assert "Big Joker" in page and "Little Joker" in page and "off-jack" in page
