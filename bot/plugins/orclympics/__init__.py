"""The Orclympics' bot side beyond its six disciplines: the campaign, a series of disciplines with
the same seats, scored by Victory Points and Feats (`campaigns`, without Discord, and the
`/campaign` commands with their lobby and votes, `campaign_cog`)."""

from __future__ import annotations

from bot.plugins import Plugin
from bot.plugins.orclympics.campaigns import champions, simulate

PLUGIN = Plugin(name="orclympics", extensions=("bot.plugins.orclympics.campaign_cog",),
                simulations={"campaign": simulate}, champions=champions)

__all__ = ["PLUGIN"]
