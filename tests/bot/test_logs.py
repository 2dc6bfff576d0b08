"""No secret choice, message text, token or interaction URL in any log line, at any level."""

from __future__ import annotations

import logging

from bot.app.logs import HIDDEN, Redactor, configure_logging, redact

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_what_discord_py_logs_at_debug_is_blanked() -> None:
    gateway = ("For Shard ID None: WebSocket Event: {'t': 'INTERACTION_CREATE', 'd': {'token': 'aW50ZXJhY3Rpb24', "
               "'data': {'custom_id': 'zj:pick:12:x:attack', 'values': ['attack.headbutt'], 'component_type': 3}, "
               "'message': {'content': 'choose your attack in secret', 'embeds': [{'description': 'Your O1'}]}}}")
    http = ("POST https://discord.com/api/v10/interactions/1234/aW50ZXJhY3Rpb24.dG9rZW4/callback with "
            "{\"type\": 4, \"data\": {\"content\": \"You chose Headbutt\"}} has returned 204")
    webhook = "PATCH https://discord.com/api/v10/webhooks/99/aW50ZXJhY3Rpb24tdG9rZW4/messages/@original"
    for line in (gateway, http, webhook, f"logging in using static token {TOKEN}"):
        cleaned = redact(line)
        for secret in ("aW50ZXJhY3Rpb24", "attack", "headbutt", "Headbutt", "choose your attack", "Your O1",
                       "zj:pick:12", TOKEN):
            assert secret not in cleaned, (secret, cleaned)
        assert HIDDEN in cleaned
    assert redact("interaction guild=1 channel=2 game=3 player=4 command=button in private result=ok") == (
        "interaction guild=1 channel=2 game=3 player=4 command=button in private result=ok")


def test_the_filter_rewrites_records_and_configure_keeps_discord_py_quiet(monkeypatch) -> None:
    record = logging.LogRecord("discord.http", logging.DEBUG, __file__, 1, "%s with %s", (
        "POST /webhooks/5/secrettoken", {"content": "You chose Kick in the Crotch"}), None)
    assert Redactor().filter(record)
    assert "secrettoken" not in record.getMessage() and "Kick" not in record.getMessage()

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [logging.StreamHandler()])
    discord_logger = logging.getLogger("discord")
    monkeypatch.setattr(discord_logger, "level", discord_logger.level)
    configure_logging("DEBUG")
    assert discord_logger.level == logging.INFO
    assert any(isinstance(f, Redactor) for f in root.handlers[0].filters)
    configure_logging("DEBUG", discord_debug=True)
    assert discord_logger.level == logging.DEBUG
    configure_logging("WARNING")
    assert discord_logger.level == logging.WARNING
