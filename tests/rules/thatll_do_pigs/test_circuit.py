"""The course of That'll do Pigs (seed 000, V.2 Setting up the Game, V.3 Deployment's grid)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import Dice, ScriptedDice
from rules.core.geometry import SQUARE_25MM, angle_to, centre_distance, distance, offset
from rules.orclympics.thatll_do_pigs.circuit import (
    BOARD,
    CENTRE,
    MIN_FINISH_WIDTH,
    Circuit,
    lay_out,
    start_points,
)

NOMINAL = Circuit(poles=tuple(start_points()))  # type: ignore[arg-type]


def test_corner_points_start_twelve_inches_in_along_the_diagonals() -> None:
    # 000 V.2.1: the four points on the diagonals 12" from the corners
    for point, corner in zip(start_points(), ((0, 0), (0, 36), (36, 36), (36, 0))):
        assert centre_distance(point, corner) == pytest.approx(12.0)
        assert abs(point[0] - 18) == pytest.approx(abs(point[1] - 18))


def test_each_corner_point_is_scattered_d6_inches_in_a_random_direction() -> None:
    # 000 V.2.1: move each point D6" in a random direction (rolled for each point separately);
    # then the crowd: D3+1" across (reading crowd) and a spot picked by the dice
    faces = [3, 1, 6, 91, 2, 181, 1, 271, 4, 1]
    circuit = lay_out(ScriptedDice(faces))
    starts = start_points()
    assert circuit.poles[0] == pytest.approx((starts[0][0] + 3, starts[0][1]))
    assert circuit.poles[1] == pytest.approx((starts[1][0], starts[1][1] + 6))
    assert circuit.poles[2] == pytest.approx((starts[2][0] - 2, starts[2][1]))
    assert circuit.poles[3] == pytest.approx((starts[3][0], starts[3][1] - 1))
    assert circuit.crowd is not None and circuit.crowd.radius == 3.0


def test_the_central_public_area_and_its_diagonals_reach_the_poles() -> None:
    # 000 V.2.2: a tetragon inside the Circuit with corners 3" from the Corner Points, and the
    # diagonals from it up to the Corner Points (reading circuit)
    for corner, pole in zip(NOMINAL.stand, NOMINAL.poles):
        assert centre_distance(corner, pole) == pytest.approx(3.0)
        assert centre_distance(corner, CENTRE) == pytest.approx(centre_distance(pole, CENTRE) - 3.0)
    assert sorted(NOMINAL.walls) == [f"{kind}{k}" for kind in ("diagonal", "stand") for k in range(1, 5)]
    assert NOMINAL.inside_stand(CENTRE) and not NOMINAL.inside_stand((2.0, 2.0))
    rider = SQUARE_25MM.at(offset(NOMINAL.poles[0], 45.0, 0.3))  # just inside the pole, on the diagonal
    assert distance(rider, NOMINAL.walls["diagonal1"]) == 0.0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_every_layout_keeps_the_crowd_off_the_poles_and_leaves_room_to_start(seed: int) -> None:
    # 000 V.2.2: the crowd outside the Circuit at least 3" from any Corner Point; reading finish-line:
    # the straight at the Finish Line holds the 6-wide grid with 1" to spare on each side
    circuit = lay_out(Dice(seed=seed))
    assert circuit.finish_width >= MIN_FINISH_WIDTH
    if circuit.crowd is not None:
        for pole in circuit.poles:
            assert centre_distance(pole, (circuit.crowd.x, circuit.crowd.y)) - circuit.crowd.radius >= 3.0
    for row in circuit.grid():
        for cell in row:
            base = SQUARE_25MM.at(cell, 180.0)
            assert BOARD.edge_gap(base) > 0.5
            assert all(distance(base, wall) > 0.5 for wall in circuit.walls.values())


def test_the_grid_front_row_touches_the_finish_line_from_the_east() -> None:
    # 000 V.3: the front of a 6x2 grid on the Finish Line, about 6"x4"; the race runs west here
    front, back = NOMINAL.grid()
    assert len(front) == len(back) == 6
    assert all(x == pytest.approx(NOMINAL.finish_x + 0.5) for x, _ in front)
    assert all(x == pytest.approx(NOMINAL.finish_x + 2.5) for x, _ in back)
    ys = sorted(y for _, y in front)
    assert ys[-1] - ys[0] == pytest.approx(5.0)


def _lap(circuit: Circuit, steps: int = 720) -> list[tuple[float, float]]:
    """Points going once round clockwise, in the middle of the track (between stand and edge)."""
    points = []
    for k in range(steps):
        bearing = (270.0 - 360.0 * k / steps) % 360.0  # start due south, go clockwise
        outer = 16.0 / max(abs(math.cos(math.radians(bearing))), abs(math.sin(math.radians(bearing))))
        points.append(offset(CENTRE, bearing, outer - 0.5 * 5.0))
    return points


def test_riders_cross_the_gates_in_order_and_progress_only_grows() -> None:
    # 000 V.2.3 Skid Triggers, V.4.1 laps (reading gates): Finish Line, then the four triggers
    # clockwise; crossing is "fully": every corner of the base past the line
    gates, last = 0, -math.inf
    for point in _lap(NOMINAL) + _lap(NOMINAL)[:10]:
        corners = SQUARE_25MM.at(point, angle_to(CENTRE, point) - 90.0).core()
        if NOMINAL.beyond(gates % 5, corners):
            gates += 1
        score = NOMINAL.progress(gates, point)
        assert score >= last - 1e-9
        last = score
    assert gates == 6  # the Finish Line from the grid, four triggers, the Finish Line again


def test_a_base_straddling_a_trigger_has_not_crossed_it() -> None:
    # 000 V.4.3: the Safe Skid Test comes once a rider *fully* crosses a Skid Trigger
    pole, corner = NOMINAL.gates[1]
    middle = ((pole[0] + corner[0]) / 2, (pole[1] + corner[1]) / 2)
    on_line = SQUARE_25MM.at(middle, 90.0).core()
    assert not NOMINAL.beyond(1, on_line)
    past = SQUARE_25MM.at(offset(middle, 135.0, 1.0), 90.0).core()  # north-west of the SW trigger
    before = SQUARE_25MM.at(offset(middle, 315.0, 1.0), 90.0).core()
    assert NOMINAL.beyond(1, past) and not NOMINAL.beyond(1, before)
    far = SQUARE_25MM.at((30.0, 30.0), 90.0).core()  # on the "past" side of the line, but across the board
    assert not NOMINAL.beyond(1, far)
