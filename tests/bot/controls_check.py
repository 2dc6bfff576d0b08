"""The one check every game's controls get: each button and menu entry decodes to one of the
legal actions it was built from, menus fit Discord's limits, and custom_ids fit 100 characters."""

from __future__ import annotations

from typing import Any

from bot.ui.components import build_view
from bot.ui.controls import MAX_OPTIONS, RandomLegal
from bot.ui.declared import AskForm, Pick
from rules.core.moves import find


def round_trip(game: Any, adapter: Any, state: Any, *, every_action: bool = False) -> set[str]:
    """Check the controls of the player the game waits for and return the action types offered.
    With `every_action`, each legal action must also have a control of its own."""
    player = game.waiting_for(state)[0]
    legal = game.legal_actions(state, player)
    controls = adapter.controls(game.view(state, None), legal, player)
    decoded = [adapter.from_button(b.payload) for b in controls.buttons]
    for select in controls.selects:
        assert len(select.options) <= MAX_OPTIONS
        decoded += [adapter.from_select(select.kind, o.value) for o in select.options]
    decoded = [_picked(d, legal) for d in decoded if not isinstance(d, AskForm | RandomLegal)]
    for data in decoded:
        assert isinstance(data, dict)
        assert game.parse_action(data) in legal, data
    if every_action:
        offered = {game.dump_action(game.parse_action(d)) for d in decoded}
        assert {game.dump_action(a) for a in legal} <= offered
    view = build_view(12, state.version, controls)
    assert view is not None
    for item in view.children:
        assert len(getattr(item, "custom_id", "") or "") <= 100
    return {str(d["type"]) for d in decoded if isinstance(d, dict)}


def _picked(decoded: Any, legal: list[Any]) -> Any:
    """A declared game's click (a `Pick`) as the legal action it names, in JSON; anything else as it is."""
    if not isinstance(decoded, Pick):
        return decoded
    found = find(legal, decoded.kind, decoded.code)
    assert found is not None, f"{decoded} names no legal action"
    return found.model_dump(mode="json")
