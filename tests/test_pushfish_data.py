"""Push Fish card data: deck sizes, the rulebook's named cards with their printed values, required items."""

from __future__ import annotations

from collections import Counter

from engines.pushfish.cards import (
    CHARACTERS,
    FISH_KINDS,
    GROUND,
    ITEMS,
    MISSIONS,
    STRENGTHS,
    fulfil,
    matches,
)


def named(name: str):
    return next(c for c in GROUND if c.name == name)


def test_deck_sizes_match_the_components():
    assert (len(GROUND), len(MISSIONS), len(ITEMS), len(CHARACTERS)) == (60, 26, 28, 6)


def test_ground_has_four_fish_kinds_finds_and_exactly_one_golden_fish_and_kraken():
    kinds = Counter(c.kind for c in GROUND)
    assert set(kinds) == set(FISH_KINDS) | {"treasure", "junk", "legend"}
    assert all(kinds[k] >= 10 for k in FISH_KINDS)
    assert [c.name for c in GROUND if c.kind == "legend"] == ["Golden Fish", "Kraken"]
    fish = [c for c in GROUND if c.kind in FISH_KINDS]
    assert {c.score for c in fish} == set(range(1, 11))
    assert {c.strength for c in fish} == {0, 1, 2, 3}
    assert any(c.rare for c in fish) and not all(c.rare for c in fish)
    finds = [c for c in GROUND if c.is_find]
    assert finds and all(c.score == 0 and c.items >= 1 for c in finds)


def test_rulebook_named_cards_carry_their_printed_values():
    seahorse = named("Seahorse")
    assert (seahorse.score, STRENGTHS[seahorse.strength], seahorse.rare, seahorse.kind) == (7, "M", True, "sea")
    salmon = named("Pink Salmon")
    assert (salmon.score, STRENGTHS[salmon.strength]) == (4, "M")
    assert STRENGTHS[named("Mackerel").strength] == "M"
    fossil = named("Fossil")
    assert (fossil.is_find, fossil.items, STRENGTHS[fossil.strength], fossil.score) == (True, 1, "W", 0)
    for name in ("Sawshark", "Hammerhead", "Narwhal"):
        assert named(name).kind in FISH_KINDS
    assert any(set(m.needs) == {"Sawshark", "Hammerhead", "Narwhal"} for m in MISSIONS)
    assert any(set(m.needs) == {"Pink Salmon", "Mackerel"} for m in MISSIONS)


def test_required_items_exist_with_their_effects():
    effects = {c.name: c.effect for c in ITEMS}
    assert effects["Father's Sushi Restaurant"] == "catch2:sea"
    assert effects["Coral Kingdom"] == "catch2:tropical"
    assert effects["Clean the Sea"] == "catch2:junk"
    assert effects["Rare Sinkers"] == "rod"
    assert effects["Magic Stone"] == "fill"
    assert "cast" in effects.values()
    assert next(c.points for c in ITEMS if c.name == "Father's Sushi Restaurant") == 4
    assert all(c.points >= 1 and c.text for c in ITEMS)


def test_missions_need_two_or_three_targets_that_exist():
    for m in MISSIONS:
        assert 2 <= len(m.needs) <= 3 and m.points > 0
        assert fulfil(m.needs, list(range(len(GROUND)))) is not None, m.name
        for need in m.needs:
            assert any(matches(need, c) for c in GROUND), need


def test_characters_have_the_six_rulings_abilities():
    assert {c.name: c.ability for c in CHARACTERS} == {
        "Knight William": "recast", "Captain Jack Raccoon": "peek", "Wizard Loony": "swap",
        "Samurai Hattori": "steady", "Viking Warlord": "weaken", "Chef Ramsay": "chef"}
