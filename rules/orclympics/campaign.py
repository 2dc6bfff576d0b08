"""The Orclympics campaign (seed 000, Campaign Rules 1-7): which disciplines are played, the
broods' ages, Victory Points, Feats, the War Cry holders and the champion.

Pure bookkeeping: the games themselves report their placings and Feats (`Outcome`); this
module turns them into a running score, and says what each game is started with
(`game_options`): the ages for tied rolls and the War Cry holders, whose reroll window every
discipline has from `rules.orclympics.war_cry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field

from rules.core.dice import Dice
from rules.core.engine import Outcome, PlayerId
from rules.orclympics.broods import AGE_ORDER, Brood
from rules.orclympics.war_cry import CryWarCry

FULL: tuple[str, ...] = ("flying-pigs", "brood-rumble", "masters-fight", "timber", "thatll-do-pigs", "road-rage")
"""Campaign Rules 1: the six disciplines in order I-VI."""

PAIRS: tuple[tuple[str, str], ...] = (("flying-pigs", "brood-rumble"), ("masters-fight", "timber"),
                                      ("thatll-do-pigs", "road-rage"))
"""Campaign Rules 2: the quick campaign's three games, each one of a pair (D6: 1-3 the first)."""

LEFT_OUT_WITH_TWO = "brood-rumble"
"""Campaign Rules 3: a two-player campaign is advised to leave Brood Rumble out."""


def left_out(slug: str, players: int) -> bool:
    """Whether the rules advise this many players to leave the discipline out (reading "two-players")."""
    return players == 2 and slug == LEFT_OUT_WITH_TWO


TWO_PLAYER_VP = (3, 1)  # Campaign Rules 5.1
FOUR_PLAYER_VP = (3, 2, 1)  # 4th or lower: 0; used for 3, 5 and 6 players too (reading "vp-columns")
FEAT_VP = 1  # Campaign Rules 5.2


class Kind(StrEnum):
    FULL = "full"
    QUICK = "quick"


class Entry(BaseModel):
    """One player's line of the campaign."""

    player: PlayerId
    brood: Brood
    age: int  # 0 = youngest brood in the campaign


class GameScore(BaseModel):
    """What one finished game gave each player."""

    game: str
    placing_vp: dict[PlayerId, int]
    feat_vp: dict[PlayerId, int]
    places: dict[PlayerId, int]


class Campaign(BaseModel):
    kind: Kind
    entries: list[Entry]
    schedule: list[str | None]  # the discipline of each game; None in a quick campaign until chosen
    scores: list[GameScore] = Field(default_factory=list)
    war_cry: list[PlayerId] = Field(default_factory=list)  # who may cry in the next game

    @property
    def players(self) -> list[PlayerId]:
        return [e.player for e in self.entries]

    @property
    def ages(self) -> dict[PlayerId, int]:
        return {e.player: e.age for e in self.entries}

    @property
    def finished(self) -> bool:
        return len(self.scores) == len(self.schedule)

    @property
    def next_game(self) -> int:
        return len(self.scores)

    def game_options(self) -> dict[str, object]:
        """What every discipline of the campaign is started with: the broods' ages for its ties,
        and who holds the War Cry in it."""
        return {"ages": self.ages, "war_cry": list(self.war_cry)}

    def totals(self) -> dict[PlayerId, int]:
        return {p: sum(s.placing_vp.get(p, 0) + s.feat_vp.get(p, 0) for s in self.scores) for p in self.players}

    def feat_totals(self) -> dict[PlayerId, int]:
        return {p: sum(s.feat_vp.get(p, 0) for s in self.scores) for p in self.players}

    def champions(self) -> list[PlayerId]:
        """Campaign Rules 5: the most Victory Points; on a draw, the most from Feats; then shared."""
        totals, feats = self.totals(), self.feat_totals()
        best = max((totals[p], feats[p]) for p in self.players)
        return [p for p in self.players if (totals[p], feats[p]) == best]


def new_campaign(kind: Kind, broods: Mapping[PlayerId, Brood], dice: Dice) -> Campaign:
    """Campaign Rules 4: Feral broods are the youngest, Common the adults, Iron the veterans;
    players of the same brood get a random age order, rolled now."""
    order: list[PlayerId] = []
    for brood in AGE_ORDER:
        same = [p for p in broods if broods[p] is brood]
        while same:
            pick = same[0] if len(same) == 1 else dice.pick(same, f"which {brood.label} brood is younger")
            same.remove(pick)
            order.append(pick)
    entries = [Entry(player=p, brood=broods[p], age=order.index(p)) for p in broods]
    schedule: list[str | None] = list(FULL) if kind is Kind.FULL else [None, None, None]
    return Campaign(kind=kind, entries=entries, schedule=schedule)


def choose_by_roll(campaign: Campaign, dice: Dice, seats: Callable[[str], bool] = lambda slug: True) -> str:
    """Campaign Rules 2: a D6 picks the quick campaign's next discipline, 1-3 the first of its pair.
    No die is needed when the pair leaves no choice: two players leave Brood Rumble out (Campaign
    Rules 3, reading "two-players"), and a discipline that cannot seat the players (`seats`) gives
    way to the other; if neither can, the first is named and then skipped."""
    index = campaign.next_game
    pair = [slug for slug in PAIRS[index] if seats(slug) and not left_out(slug, len(campaign.players))]
    if len(pair) != 2:
        chosen = pair[0] if pair else PAIRS[index][0]
    else:
        roll = dice.d6(f"the discipline of game {index + 1}").result
        chosen = pair[0] if roll <= 3 else pair[1]
    campaign.schedule[index] = chosen
    return chosen


def needs_choice(campaign: Campaign, seats: Callable[[str], bool] = lambda slug: True) -> tuple[str, str] | None:
    """The pair the players choose between for the next game of a quick campaign (by vote or
    by roll), or None when the discipline is already known or left no choice."""
    if campaign.finished or campaign.schedule[campaign.next_game] is not None:
        return None
    first, second = PAIRS[campaign.next_game]
    if any(left_out(slug, len(campaign.players)) or not seats(slug) for slug in (first, second)):
        return None
    return first, second


def skip_game(campaign: Campaign, slug: str) -> GameScore:
    """A discipline that cannot seat the campaign's players is passed over: it scores nothing
    and the War Cry stays with whoever held it."""
    score = GameScore(game=slug, placing_vp={}, feat_vp={}, places={})
    campaign.schedule[campaign.next_game] = slug
    campaign.scores.append(score)
    if campaign.finished:
        campaign.war_cry = []
    return score


def choose_by_agreement(campaign: Campaign, slug: str) -> str:
    """Campaign Rules 2: the players may simply agree on one of the pair instead."""
    index = campaign.next_game
    if slug not in PAIRS[index]:
        raise ValueError(f"game {index + 1} of a quick campaign is one of {' or '.join(PAIRS[index])}")
    campaign.schedule[index] = slug
    return slug


def placing_points(places: Mapping[PlayerId, int], players: int) -> dict[PlayerId, int]:
    """Campaign Rules 5.1: 3/1 with two players, 3/2/1/0 otherwise. Players sharing a place all
    score that place's points (reading "shared-places": 1st/1st/3rd/3rd give 3, 3, 1, 1)."""
    table = TWO_PLAYER_VP if players == 2 else FOUR_PLAYER_VP
    return {p: (table[place - 1] if place - 1 < len(table) else 0) for p, place in places.items()}


def score_game(campaign: Campaign, game: str, outcome: Outcome) -> GameScore:
    """After a game: placing VP, 1 VP per Feat to the player who did it first, then who holds the
    War Cry for the next game (the fewest VP in the campaign, everyone tied for it)."""
    places = {p: outcome.place_of(p) for p in campaign.players}
    feats: dict[PlayerId, int] = {p: 0 for p in campaign.players}
    for player in outcome.feats.values():
        if player in feats:
            feats[player] += FEAT_VP
    score = GameScore(game=game, placing_vp=placing_points(places, len(campaign.players)), feat_vp=feats,
                      places=places)
    campaign.scores.append(score)
    totals = campaign.totals()
    low = min(totals.values())
    campaign.war_cry = [] if campaign.finished else [p for p in campaign.players if totals[p] == low]
    return score


class ScoreCell(BaseModel):
    """One player's line in one game: where they placed, and the VP from placing and from Feats."""

    place: int | None  # None: the discipline was skipped, or not played yet
    placing_vp: int = 0
    feat_vp: int = 0


class ScoreRow(BaseModel):
    name: str
    colour: int
    brood: Brood
    age: int  # 1 = the youngest brood of the campaign
    cells: list[ScoreCell]
    total: int
    feat_total: int
    war_cry: bool
    champion: bool


class Scoreboard(BaseModel):
    """What the scoreboard picture shows (`renderers.scoreboard` draws it)."""

    game: Literal["campaign-scoreboard"] = "campaign-scoreboard"
    kind: Kind
    columns: list[str]  # each game's discipline, or "?" while a quick campaign has not chosen it
    skipped: list[bool]
    played: int
    rows: list[ScoreRow]  # best first
    finished: bool


def scoreboard(campaign: Campaign, names: Mapping[PlayerId, str], titles: Mapping[str, str]) -> Scoreboard:
    """The campaign as a table: every player's VP per game (placing and Feats apart), totals, who
    holds the War Cry, and at the end the champion(s); ordered as the champion rule ranks them."""
    totals, feats = campaign.totals(), campaign.feat_totals()
    champions = campaign.champions() if campaign.finished else []
    rows = []
    colours = {e.player: n for n, e in enumerate(campaign.entries)}
    for entry in sorted(campaign.entries, key=lambda e: (-totals[e.player], -feats[e.player], e.age)):
        cells = []
        for index in range(len(campaign.schedule)):
            score = campaign.scores[index] if index < len(campaign.scores) else None
            if score is None or entry.player not in score.places:
                cells.append(ScoreCell(place=None))
                continue
            cells.append(ScoreCell(place=score.places[entry.player], placing_vp=score.placing_vp.get(entry.player, 0),
                                   feat_vp=score.feat_vp.get(entry.player, 0)))
        rows.append(ScoreRow(name=names.get(entry.player, entry.player), colour=colours[entry.player], brood=entry.brood, age=entry.age + 1,
                             cells=cells, total=totals[entry.player], feat_total=feats[entry.player],
                             war_cry=entry.player in campaign.war_cry, champion=entry.player in champions))
    columns = [titles.get(slug, slug) if slug else "?" for slug in campaign.schedule]
    skipped = [index < len(campaign.scores) and not campaign.scores[index].places
               for index in range(len(campaign.schedule))]
    return Scoreboard(kind=campaign.kind, columns=columns, skipped=skipped, played=len(campaign.scores), rows=rows,
                      finished=campaign.finished)


class CampaignRun(BaseModel):
    """A whole campaign played by random players (`zagjan simulate campaign`)."""

    campaign: Campaign
    skipped: list[str]  # disciplines that could not seat the players
    actions: int
    war_cries: int  # dice thrown again with a War Cry


def play_random_campaign(kind: Kind, players: int, seed: int) -> CampaignRun:
    """Random broods, then every game of the campaign with random legal actions, the campaign's
    players, broods and ages passed to each discipline; a discipline that cannot seat the table
    is skipped and said so. The same seed plays the same campaign."""
    from rules.core.engine import Seat
    from rules.core.selfplay import play_random
    from rules.registry import get_game

    dice = Dice(seed=seed)
    broods = {f"p{n + 1}": dice.pick(list(Brood), "brood") for n in range(players)}
    campaign = new_campaign(kind, broods, dice)
    skipped: list[str] = []
    actions = cries = 0

    def seats_all(slug: str) -> bool:
        return players in get_game(slug).table_sizes()

    while not campaign.finished:
        slug = campaign.schedule[campaign.next_game] or choose_by_roll(campaign, dice, seats_all)
        game = get_game(slug)
        if not seats_all(slug):
            skipped.append(slug)
            skip_game(campaign, slug)
            continue
        seats = [Seat(player=e.player, name=e.player.upper(), pick=e.brood.value, colour=n)
                 for n, e in enumerate(campaign.entries)]
        result = play_random(game, players, dice.roll(10**6, "seed of the next game").result, seats=seats,
                             options=campaign.game_options())
        outcome = game.outcome(result.state)
        if outcome is None:
            raise RuntimeError(f"{slug} did not end")
        actions += len(result.log)
        cries += sum(1 for _, action in result.log if isinstance(action, CryWarCry))
        score_game(campaign, slug, outcome)
    return CampaignRun(campaign=campaign, skipped=skipped, actions=actions, war_cries=cries)


__all__ = ["FULL", "CampaignRun", "play_random_campaign", "PAIRS", "Campaign", "Entry", "GameScore", "Kind", "choose_by_agreement",
           "choose_by_roll", "needs_choice", "left_out", "LEFT_OUT_WITH_TWO", "scoreboard", "Scoreboard", "ScoreRow", "ScoreCell", "skip_game", "new_campaign", "placing_points", "score_game"]
