"""Plain-text pieces the bot shows: names, placings, logs cut to Discord's limits.

Pure functions (no Discord objects), so they are easy to read and to test.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.core.computer import is_computer
from rules.core.engine import Outcome, OutcomeKind

EMBED_DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}

def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def and_list(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C' — how a sentence lists people."""
    names = list(names)
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def possessive(names: Sequence[str]) -> str:
    """"It is Grok's turn." / "It is Grok's and Ugg's turn." """
    return and_list([f"{n}'s" for n in names]) if names else "nobody's"


def last_lines(lines: Iterable[str], limit: int = EMBED_DESCRIPTION_LIMIT, *, more_hint: str = "/game log") -> str:
    """Join lines, dropping the oldest ones when they do not fit, and say so.

    The newest lines matter most after a turn (the last dice, who won), so the
    beginning is what gets cut.
    """
    kept: list[str] = []
    size = 0
    all_lines = [line for line in lines if line]
    for line in reversed(all_lines):
        line = line if len(line) <= limit - 80 else line[: limit - 81] + "…"
        if size + len(line) + 1 > limit - 80:
            break
        kept.append(line)
        size += len(line) + 1
    dropped = len(all_lines) - len(kept)
    text = "\n".join(reversed(kept))
    if dropped:
        text = f"*… {dropped} earlier line(s): see {more_hint}*\n" + text
    return text


def placings_lines(placings: Sequence[Sequence[str]], names: Mapping[str, str]) -> list[str]:
    """One line per place; tied players share the better place, marked with '='."""
    out: list[str] = []
    place = 1
    for group in placings:
        who = and_list([names.get(p, "someone") for p in group])
        tie = "=" if len(group) > 1 else ""
        medal = MEDALS.get(place, "▫️")
        out.append(f"{medal} {tie}{ordinal(place)} — {who}")
        place += len(group)
    return out


def outcome_lines(outcome: Outcome, names: Mapping[str, str]) -> tuple[str, list[str]]:
    """How a game ended, as a heading and its lines, in the words of its kind (`OutcomeKind`):
    placings with medals (or "everybody loses" when nobody won); the winning and the losing sides of a
    team game; a co-operative table that won or lost together (players removed for idling are listed apart: they never win)."""
    def who(players: Sequence[str]) -> str:
        return and_list([names.get(p, "someone") for p in players])

    if outcome.kind is OutcomeKind.TEAMS:
        if len(outcome.placings) == 1:
            return "Teams", [f"🤝 Draw — {who(outcome.placings[0])}"]
        return "Teams", [f"🏆 Won — {who(outcome.placings[0])}",
                         *(f"▫️ Lost — {who(group)}" for group in outcome.placings[1:])]
    if outcome.kind is OutcomeKind.COOPERATIVE:
        table, *apart = outcome.placings
        lines = [f"🏆 Everyone wins together — {who(table)}" if outcome.won
                 else f"💀 Everyone loses together — {who(table)}"]
        return "Result", lines + [f"▫️ Removed, not winning — {who(group)}" for group in apart]
    if not outcome.won:  # a game of placings that nobody won (Orcz's lost war): no medals, no places
        return "Result", [f"💀 Everybody loses — {who([p for group in outcome.placings for p in group])}"]
    return "Placings", placings_lines(outcome.placings, names)


def feats_lines(feats: Mapping[str, str], names: Mapping[str, str]) -> list[str]:
    return [f"🏅 {feat} — {names.get(player, 'someone')}" for feat, player in feats.items()]


def split_markdown(text: str, limit: int = EMBED_DESCRIPTION_LIMIT) -> list[str]:
    """Cut a long guide into pieces under `limit`, at paragraph (then line) breaks."""
    pieces: list[str] = []
    current = ""
    for paragraph in text.strip().split("\n\n"):
        candidate = f"{current}\n\n{paragraph}" if current else paragraph
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pieces.append(current)
        if len(paragraph) <= limit:
            current = paragraph
            continue
        current = ""
        for line in paragraph.split("\n"):
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) <= limit:
                current = candidate
            else:
                if current:
                    pieces.append(current)
                while len(line) > limit:
                    pieces.append(line[:limit])
                    line = line[limit:]
                current = line
    if current:
        pieces.append(current)
    return pieces


def mention(player: str, name: str) -> str:
    """How a message names a player: a Discord mention, or a computer by its name (it has no account)."""
    return f"🤖 {name}" if is_computer(player) else f"<@{player}>"
