"""The one exception a player may see."""


class RuleViolation(Exception):
    """An action the rules do not allow. The message is a full sentence shown to the player.

    Raised before anything changes: an engine validates first, then acts on a copy.
    """
