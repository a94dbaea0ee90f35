"""Push Fish simulation: measured cast and flick rates over many seeded throws match the RULINGS targets."""

from __future__ import annotations

from engines.pushfish import sim
from engines.rng import Rng

TRIALS = 20_000


def measured_cast_rate(row: int, hard: bool = False, seed: int = 1) -> float:
    rng = Rng.from_seed(seed)
    target = row * sim.COLS + 2
    hits = sum(sim.space_at(*sim.cast(rng, target, False), hard) == target for _ in range(TRIALS))
    return hits / TRIALS


def measured_flick_rate(zone: int, seed: int = 2) -> float:
    rng = Rng.from_seed(seed)
    aim = sim.aim_point(zone, "c")
    return sum(sim.in_zone(sim.flick(rng, aim), zone, 0.0, False) for _ in range(TRIALS)) / TRIALS


def test_cast_hits_its_target_85_percent_in_row_1_and_45_percent_in_row_4():
    rates = [measured_cast_rate(r) for r in range(4)]
    print("cast target hit rates by row:", [f"{r:.1%}" for r in rates])
    assert abs(rates[0] - 0.85) <= 0.05 and abs(rates[3] - 0.45) <= 0.05
    assert rates[0] > rates[1] > rates[2] > rates[3]


def test_flick_at_zone_centre_lands_80_65_50_35_percent():
    rates = [measured_flick_rate(z) for z in range(4)]
    print("flick success at zone centre W/M/S/SS:", [f"{r:.1%}" for r in rates])
    for got, want in zip(rates, (0.80, 0.65, 0.50, 0.35), strict=True):
        assert abs(got - want) <= 0.05


def test_hard_mode_needs_the_whole_bait_inside_so_hits_less():
    assert measured_cast_rate(0, hard=True) < measured_cast_rate(0) - 0.15
    assert sim.space_at(*sim.centre(0), hard=True) == 0
    x, y = sim.centre(0)
    assert sim.space_at(x + 25, y, hard=False) == 0 and sim.space_at(x + 25, y, hard=True) == -1


def test_a_miss_can_land_on_a_neighbour_and_gaps_miss():
    rng = Rng.from_seed(3)
    target = 2 * sim.COLS + 2
    landed = {sim.space_at(*sim.cast(rng, target, False), False) for _ in range(2000)}
    assert {-1, target, target - 1, target + 1, target - sim.COLS, target + sim.COLS} <= landed
    assert sim.space_at(sim.CARD_W + sim.GAP / 2, 40, False) == -1


def test_exact_chances_agree_with_measurement():
    assert abs(sim.p_land(17, 17, False, False) - measured_cast_rate(3)) < 0.02
    assert abs(sim.p_flick(sim.aim_point(3, "c"), 3, 0.0, False) - measured_flick_rate(3)) < 0.02
    assert sim.p_flick(sim.aim_point(3, "c"), 3, sim.TOLERANCE, False) > sim.p_flick(
        sim.aim_point(3, "c"), 3, 0.0, False) + 0.1


def test_calm_water_narrows_the_spread():
    assert sim.p_land(17, 17, True, False) > sim.p_land(17, 17, False, False) + 0.15
