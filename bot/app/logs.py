"""Logging that never tells a secret.

The bot logs one line per interaction (bot.ui.turns.audit) and never the choice of
a secret click. discord.py is chattier: at DEBUG it logs gateway payloads and
request bodies, which hold the custom_id and values of a secret choice, the text
of direct messages, and interaction webhook URLs whose token lets anyone answer
for the bot. So its loggers stay at INFO whatever ZAGJAN_LOG_LEVEL says, unless
ZAGJAN_DISCORD_DEBUG is set for a developer; and every handler gets a filter that
blanks tokens, interaction URLs, custom ids, chosen values and message text, at
every level, switch or no switch.
"""

from __future__ import annotations

import logging
import re
import sys

HIDDEN = "[hidden]"

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # interaction callbacks and follow-ups carry the interaction's token in the path
    (re.compile(r"(/interactions/\d+/)[^/\s'\"]+"), rf"\g<1>{HIDDEN}"),
    (re.compile(r"(/webhooks/\d+/)[^/\s'\"?]+"), rf"\g<1>{HIDDEN}"),
    # a bot token: three dot-separated base64 parts
    (re.compile(r"[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}"), HIDDEN),
    # payload fields that can hold a secret choice, a token or the text of a message
    (re.compile(r"""(['"](?:token|custom_id|content|description|value|label|placeholder)['"]\s*:\s*)"""
                r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""), rf"\g<1>'{HIDDEN}'"),
    (re.compile(r"""(['"]values['"]\s*:\s*)\[[^\]]*\]"""), rf"\g<1>['{HIDDEN}']"),
    # our own components' ids, wherever they appear
    (re.compile(r"zj:[a-z]+:[0-9]+:[0-9x]+:[\w.:-]*"), "zj:" + HIDDEN),
)


def redact(text: str) -> str:
    """`text` with every token, interaction URL, custom id, chosen value and message text blanked."""
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class Redactor(logging.Filter):
    """Rewrites each record's message through `redact` before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def guard(handler: logging.Handler) -> logging.Handler:
    """Give `handler` the redaction filter (once)."""
    if not any(isinstance(f, Redactor) for f in handler.filters):
        handler.addFilter(Redactor())
    return handler


def configure_logging(level: str, *, discord_debug: bool = False) -> None:
    """One line per event, to stderr, through the redaction filter. discord.py's own loggers log at
    INFO at most (WARNING when the bot's level is above INFO) unless `discord_debug`."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    for handler in logging.getLogger().handlers:
        guard(handler)
    chatter = logging.DEBUG if discord_debug else max(logging.INFO, logging.getLevelName(level))
    logging.getLogger("discord").setLevel(chatter)


__all__ = ["configure_logging", "guard", "redact", "Redactor", "HIDDEN"]
