"""The Discord side of Zagjan: storage, the table service, the command line and the bot.

`bot.store` and `bot.table` know nothing of Discord, so the command line and the
tests use them directly; `bot.app` and `bot.cogs` adapt them to Discord.
"""
