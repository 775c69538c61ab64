"""The coach (game/ai/coach.py): the Hint's reasons come from the seat's view and a fixed budget of worlds."""

from __future__ import annotations

import random

import pytest

from game.actions import Bid, Play
from game.ai.coach import CoachPlayer, action_label, evaluate, explain, hard_at_table, hint_seed, recommended
from game.ai.players import NormalPlayer
from game.ai.review import review_hand
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions, SpadesTwoOptions, TenPointPitchOptions
from game.state import Phase, TrickGame
from game.ten_point_pitch.hard import hard_choose
from game.worlds import void_suits
from tests.scripted import bid_round, card, cards, play_cards, play_tricks, spades_game

WORLDS = 16


def _advance(game: TrickGame, seat: int, plays: int) -> None:
    """Play by the rules until ``seat`` is to play with ``plays`` cards already played this hand."""
    players = [NormalPlayer(s) for s in range(game.num_seats)]
    while True:
        view = game.view(game.to_act)
        done = len(view.played) + len(view.trick)
        if game.phase is Phase.PLAYING and done >= plays and game.to_act == seat and len(view.legal) > 1:
            return
        game.apply(players[game.to_act].choose(view))


def _shuffle_unseen(game: TrickGame, seat: int, rng: random.Random) -> None:
    """Swap hidden cards of one suit between the other seats (their counts and shown voids unchanged)."""
    view = game.view(seat)
    voids = void_suits(view)
    others = [q for q in range(game.num_seats) if q != seat]
    for _ in range(30):
        a, b = rng.sample(others, 2)
        suit = rng.randrange(4)
        if voids[a] >> suit & 1 or voids[b] >> suit & 1:
            continue
        ha = [c for c in range(52) if game.hands[a] >> c & 1 and c & 3 == suit]
        hb = [c for c in range(52) if game.hands[b] >> c & 1 and c & 3 == suit]
        if ha and hb:
            x, y = rng.choice(ha), rng.choice(hb)
            game.hands[a] ^= (1 << x) | (1 << y)
            game.hands[b] ^= (1 << x) | (1 << y)


def test_shuffled_unseen_cards_give_the_same_words() -> None:
    for kind, seat, plays in (("spades", 0, 9), ("spades", 1, 22), ("pitch", 2, 5)):
        game = new_game(kind, None, 4, 11)
        _advance(game, seat, plays)
        before = game.view(seat)
        other = game.clone()
        _shuffle_unseen(other, seat, random.Random(3))
        assert [other.hands[q] for q in range(4) if q != seat] != [game.hands[q] for q in range(4) if q != seat]
        after = other.view(seat)
        assert after == before  # the seat sees nothing of the shuffle
        first, second = explain(before, WORLDS, 5), explain(after, WORLDS, 5)
        assert first.text == second.text and first.action == second.action
        assert first.action in before.legal


def test_bid_note_gives_expected_tricks_and_the_chance_of_nearby_bids() -> None:
    game = new_game("spades", None, 4, 21)
    players = [NormalPlayer(s) for s in range(4)]
    while not (game.phase is Phase.BIDDING and game.to_act == 0 and game.view(0).hand is not None):
        game.apply(players[game.to_act].choose(game.view(game.to_act)))
    note = explain(game.view(0), WORLDS, 1)
    assert isinstance(note.action, Bid)
    assert note.text[0].startswith("You expect ") and " makes " in note.text[0]


PARTNER_QUEEN = ("AH QH AS KS QS AD KD QD AC KC QC JC 2D", "2H 5H 6H 2S 3S 4S 3D 4D 5D 2C 3C 4C 5C",
                 "3H KH 7H JS TS 9S JD TD 9D TC 9C 8C 7C", "4H 8H 9H TH JH 8S 7S 6S 5S 8D 7D 6D 6C")


def _partner_queen_game() -> TrickGame:
    """Seat 0 has won the A♥ and leads the Q♥; seat 2 (its partner) holds the K♥ and the 7♥."""
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    bid_round(game, {0: 6, 1: 1, 2: 3, 3: 1})
    play_tricks(game, ["AH 2H 3H 4H"])
    game.apply(Play(0, card("QH")))
    game.apply(Play(1, card("5H")))
    return game


def test_partner_winning_is_the_reason_and_the_cost_is_shown() -> None:
    game = _partner_queen_game()
    view = game.view(2)
    note = explain(view, 32, 2)
    assert note.action == Play(2, card("7H"))
    assert note.reason == "your partner's Q\u2665 is already winning"
    assert note.text[0].startswith("7\u2665 \u2014 contract ")
    king = next(line for line in note.lines if line.action == Play(2, card("KH")))
    assert king.loss > 0
    assert any(t.startswith("K\u2665 \u2014 contract") for t in note.text)


def test_the_coach_player_answers_with_advice() -> None:
    game = _partner_queen_game()
    advice = CoachPlayer(seed=4, worlds=8).choose(game.view(2))
    assert advice.action in game.view(2).legal and advice.note is not None and advice.note.text


def test_the_hint_answers_a_decision_alike_however_often_it_is_asked() -> None:
    """The Hint's worlds are seeded by the decision (``hint_seed``), not by how many hints came before: asked
    again (after another decision, or by another player with the same seed) it says the same, to the point;
    another seat's seed gives other worlds."""
    game = new_game("spades", None, 4, 11)
    _advance(game, 0, 9)
    view = game.view(0)
    coach = CoachPlayer(seed=4, worlds=WORLDS)
    first = coach.choose(view).note
    coach.choose(_partner_queen_game().view(2))
    assert coach.choose(view).note == first
    assert CoachPlayer(seed=4, worlds=WORLDS).choose(view).note == first
    assert hint_seed(4, view) == hint_seed(4, game.clone().view(0)) != hint_seed(5, view)
    other = CoachPlayer(seed=5, worlds=WORLDS).choose(view).note
    assert other is not None and first is not None and other.lines != first.lines


def test_the_coach_player_reads_the_normal_seats_of_its_table_and_does_not_peek() -> None:
    """Told the table (the opponents at the Normal level), the Hint's search reads their play as Hard does:
    other worlds than without the table, and the same words when the cards it cannot see are shuffled."""
    game = new_game("spades", None, 4, 11)
    _advance(game, 0, 9)
    view = game.view(0)
    other = game.clone()
    _shuffle_unseen(other, 0, random.Random(3))
    assert other.view(0) == view
    table = ("hard", "normal", None, "normal")
    notes = [CoachPlayer(seed=4, worlds=WORLDS, table=table).choose(v).note for v in (view, other.view(0))]
    assert notes[0].text == notes[1].text and notes[0].action == notes[1].action
    plain = CoachPlayer(seed=4, worlds=WORLDS).choose(view).note
    assert [line.value for line in plain.lines] != [line.value for line in notes[0].lines]  # its worlds differ


def test_pitch_names_the_points_per_bid_and_per_trump_suit() -> None:
    game = new_game("pitch", None, 4, 2)
    players = [NormalPlayer(s) for s in range(4)]
    bids_seen = trump_seen = False
    while not trump_seen:
        view = game.view(game.to_act)
        if view.phase is Phase.BIDDING and len(view.legal) > 1 and not bids_seen:
            text = explain(view, 8, 1).text
            assert text[0].startswith("Expected points: ") and "Pass" in text[0]
            bids_seen = True
        if view.phase is Phase.PLAYING and view.trump is None:
            note = explain(view, 8, 1)
            assert note.text[0].startswith("Trump ") and "(lead " in note.text[0]
            trump_seen = True
        game.apply(players[game.to_act].choose(view))
    assert bids_seen


# ----- house rules and Ten-point Pitch: the game's own trick rules and search
JOKER_HANDS = ["9H TH JH QH KH AH 7S 8S 9S TD JD QD KD", "LJ 2S 3S 4S 3D 4D 5D 6D 7D 8D 9D 2C 3C",
               "3H 4H 5H 6H 7H 8H TS JS QS KS AS AD AC", "BJ 5S 6S 4C 5C 6C 7C 8C 9C TC JC QC KC"]


def test_with_jokers_the_hint_names_them_and_knows_the_little_joker_wins_the_trick() -> None:
    game = spades_game([cards(h) for h in JOKER_HANDS], options=SpadesOptions(jokers=True))
    bid_round(game, {0: 4, 1: 3, 2: 4, 3: 2})
    play_cards(game, "KH LJ 3H")  # East's partner North trumps the king with the Little Joker
    view = game.view(3)
    note = explain(view, 24, 3)
    assert note.action != Play(3, card("BJ"))  # never overtake the partner's sure winner
    assert note.reason == "your partner's Little Joker is already winning"
    big = [t for t in note.text if t.startswith("Big Joker \u2014 ")] if Play(3, card("BJ")) in \
        [line.action for line in note.lines] else []
    assert all("contract" in t for t in big)


def test_with_jokers_every_hint_and_review_of_a_hand_is_written() -> None:
    for seed in (1, 2):
        game = new_game("spades", SpadesOptions(jokers=True), 4, seed)
        game.stop_at_hand_end = True
        players = [NormalPlayer(s) for s in range(4)]
        jokers = 0
        while not game.results:
            view = game.view(game.to_act)
            if view.phase is Phase.PLAYING and len(view.legal) > 1 and any(a.card >= 52 for a in view.legal):
                note = explain(view, 6, 1)
                assert note.action in view.legal and note.text
                jokers += any("Joker" in t for t in note.text)
            game.apply(players[game.to_act].choose(view))
        assert jokers
        review = review_hand(game, 1, [0, 1, 2, 3], 6, 1)
        assert review.decisions >= 40  # thirteen cards and a bid each, less the forced ones


@pytest.mark.parametrize("kind, seats", [("spades", 4), ("spades-two", 2), ("pitch", 4)])
def test_the_hint_lifts_what_hard_plays_with_its_seed_and_budget(kind: str, seats: int) -> None:
    """The Hint runs Hard's own search (its worlds, pruning and stop): at every decision of a hand it lifts
    the action Hard chooses with the same seed and budget; and somewhere in the hand the search stops before
    its budget or drops a candidate clearly behind (valued in fewer worlds than the best), as Hard's does."""
    budget = 40
    table = ("hard", *(["normal"] * (seats - 1)))
    game = new_game(kind, None, seats, 3)
    game.stop_at_hand_end = True
    players = [NormalPlayer(s) for s in range(seats)]
    decisions = dropped = 0
    while not game.results:
        view = game.view(game.to_act)
        if view.seat == 0 and len(view.legal) > 1:
            seed = 100 + decisions
            found = evaluate(view, budget, seed, hard_at_table(seed, budget, table))
            hard = hard_at_table(seed, budget, table).choose(view)
            assert recommended(view, found) == hard, (view.phase, decisions)
            if decisions % 3 == 0:  # the note lifts it too
                assert explain(view, budget, seed, hard_at_table(seed, budget, table)).action == hard
            counts = [tally.count for tally in found.tallies.values()]
            assert 0 < max(counts) == found.worlds <= budget
            dropped += found.worlds < budget or min(counts) < found.worlds
            decisions += 1
        game.apply(players[game.to_act].choose(view))
    assert decisions >= 5
    assert dropped, "no decision stopped or dropped a candidate early"


def _ten_point_hand(seed: int) -> TrickGame:
    game = new_game("ten-point-pitch", None, 4, seed)
    game.stop_at_hand_end = True
    return game


def test_ten_point_pitch_hint_lifts_what_its_hard_level_plays_and_says_why() -> None:
    """The Hint at Ten-point Pitch values its Hard level's own candidates (the registry's ``hard_values``)
    in the same worlds as Hard, so it lifts Hard's choice, with the points each candidate is worth."""
    kinds: set[Phase] = set()
    for seed in (2, 5):
        game = _ten_point_hand(seed)
        players = [NormalPlayer(s) for s in range(4)]
        while not game.results:
            view = game.view(game.to_act)
            if len(view.legal) > 1:
                note = explain(view, 6, 9)
                assert note.action == hard_choose(view, random.Random(9), samples=6), view.phase
                kinds.add(view.phase)
                first = note.text[0]
                if view.phase is Phase.BIDDING:
                    assert first.startswith("Expected points: ") and "Pass" in first
                elif view.phase is Phase.NAMING_TRUMP:
                    others = [line for line in note.text[1:] if line.startswith("Trump ")]  # with their cost
                    assert first.startswith("Trump ") and others and all(" \u2014 " in line for line in others)
                elif view.phase is Phase.DISCARDING:
                    assert first.startswith("Put down ")
            game.apply(players[game.to_act].choose(view))
    assert {Phase.BIDDING, Phase.NAMING_TRUMP, Phase.PLAYING, Phase.DISCARDING} <= kinds


def test_ten_point_pitch_review_marks_a_costly_choice() -> None:
    game = _ten_point_hand(5)
    players = [NormalPlayer(s) for s in range(4)]
    while not game.results:
        view = game.view(game.to_act)
        game.apply(players[game.to_act].choose(view))
    review = review_hand(game, 1, [0, 1, 2, 3], 8, 1)
    assert review.decisions >= 10
    for mark in review.marks:
        assert mark.chosen != mark.better and mark.cost >= 3.0
        assert "seat=" not in mark.text  # a written action, not a repr


HOUSE_TABLES = [
    ("spades", 4, SpadesOptions(jokers=True, two_clubs_opens=True, spades_any_time=True, nil_pass=2, min_side_bid=4)),
    ("spades", 3, SpadesOptions(partnerships=False, jokers=True, two_clubs_opens=True)),
    ("spades-two", 2, SpadesTwoOptions(nil_value=50, bag_rule="5/50")),
    ("pitch", 4, PitchOptions(off_jack=True, low="player", min_bid=2, partnerships=True)),
    ("pitch", 3, PitchOptions(off_jack=True, dealer_steal=False)),
    ("ten-point-pitch", 3, TenPointPitchOptions(partnerships=False)),
]


@pytest.mark.parametrize(("kind", "players", "options"), HOUSE_TABLES, ids=lambda v: str(v)[:24])
def test_every_decision_of_every_table_gets_a_note_and_the_hand_a_review(kind: str, players: int,
                                                                            options: object) -> None:
    game = new_game(kind, options, players, 4)  # type: ignore[arg-type]
    game.stop_at_hand_end = True
    normal = [NormalPlayer(s) for s in range(players)]
    decisions = 0
    while not game.results:
        view = game.view(game.to_act)
        if len(view.legal) > 1:
            note = explain(view, 4, 1)
            assert note.action in view.legal and note.text and all("seat=" not in t for t in note.text), note.text
            decisions += 1
        game.apply(normal[game.to_act].choose(view))
    review = review_hand(game, 1, list(range(players)), 4, 1)
    assert review.decisions == decisions



NIL_VOID = ("2S 3S 4S 2D 3D 4D 5D 2C 3C 4C 5C 6C AC", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 7C",
            "AS KS QS JS TS 9S 8S AD KD QD JD TD 9D", "7S 6S 5S 6D 7D 8D 2H KC QC JC TC 9C 8C")


@pytest.mark.parametrize(("lead", "duck", "words"), [
    ("QC", "6C", "ducks under the Q\u2663 to keep your Nil"),
    ("2H", "AC", "throws off the A\u2663 while out of hearts, to keep your Nil"),
])
def test_a_nil_bidders_card_that_loses_is_a_duck_when_it_follows_and_a_throw_when_it_cannot(
        lead: str, duck: str, words: str) -> None:
    from game.actions import NIL
    from game.ai.coach import reason

    game = spades_game([cards(text) for text in NIL_VOID])
    bid_round(game, {0: NIL, 1: 3, 2: 6, 3: 2})
    play_tricks(game, ["2C 7C 9D KC"])  # seat 3 wins with the K\u2663 and leads; seat 0, the Nil, plays next
    play_cards(game, lead)
    view = game.view(0)
    others = [a for a in view.legal if a != Play(0, card(duck))]
    assert reason(view, Play(0, card(duck)), others) == words


def test_a_pitch_bid_note_names_the_lifted_bid_first_and_why_a_richer_one_was_not() -> None:
    """The Hint lifts the bid its search chooses (with a higher bid's risk margin and the rules' choice): the
    note names that bid first, and when another bid has more expected points it says why the lifted one is
    still advised, so the words never contradict the lifted bid."""
    seen = richer = 0
    for seed in range(40):
        game = new_game("pitch", None, 4, seed)
        players = [NormalPlayer(seed * 4 + s) for s in range(4)]
        while game.phase is Phase.BIDDING:
            view = game.view(game.to_act)
            if len(view.legal) > 1:
                note = explain(view, 8, seed)
                first = note.text[0]
                assert first.startswith(f"Expected points: {action_label(note.action)} "), first
                values = {line.action: line.value for line in note.lines}
                better = [a for a, v in values.items() if v > values[note.action] + 1e-9]
                if better:
                    richer += 1
                    assert len(note.text) == 2 and " gains " in note.text[1], note.text
                else:
                    assert len(note.text) == 1, note.text
                seen += 1
            game.apply(players[game.to_act].choose(view))
    assert seen >= 60 and richer >= 3, (seen, richer)


def test_a_shown_card_worth_more_than_the_lifted_one_says_so() -> None:
    """The lifted card carries the search's margins; a shown card that scored more in the worlds is written with
    a plus and a last line says by how little (it was written "−0", as if it cost something)."""
    from game.ai.coach import Line, _card_text, points

    view = _partner_queen_game().view(2)
    seven, king, spade = Play(2, card("7H")), Play(2, card("KH")), Play(2, card("6S"))  # lines as worded
    lines = [Line(seven, 10.0, 0.0, (("contract", 0.5),)), Line(king, 10.3, -0.3, (("contract", 0.71),)),
             Line(spade, 1.0, 9.0, (("contract", 0.2),))]
    assert _card_text(view, lines) == ["7\u2665 \u2014 contract 50%",
                                       "K\u2665 \u2014 contract 71%, +0.3 points",
                                       "6\u2660 \u2014 contract 20%, \u22129 points",
                                       "A close call: K\u2665 gains only 0.3 points"]
    assert _card_text(view, [lines[0], lines[2]])[-1].startswith("6\u2660")  # no close call when none is worth more
    plain = _card_text(view, [Line(seven, 10.0, 0.0), Line(king, 9.0, 1.0)])  # no chances: the lifted card bare
    assert plain == ["7\u2665", "K\u2665 \u2014 \u22121 point"]
    assert [points(v) for v in (6.2, 1.0, 0.4, 0.01, -0.02, -1.4, -2.6)] == [
        "\u22126 points", "\u22121 point", "\u22120.4 points", "\u00b10", "\u00b10", "+1 point", "+3 points"]
    assert [points(v, tenths=True) for v in (0.44, 0.0, -0.26)] == ["\u22120.4", "\u00b10", "+0.3"]
