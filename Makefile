# Two commands matter on a fresh machine: `make run` (the bot) and `make test` (the tests).
# Each creates the virtual environment from pyproject.toml when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SHOTS_STAMP := $(VENV)/.installed-screenshots
CHROMIUM := /usr/bin/chromium

.PHONY: run test bench simulate boards screenshots install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Without a Discord token yet, `make run` says how to get one and how to play in the terminal meanwhile.
run: $(STAMP)
	$(BIN)/zagjan run --no-token-ok

test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto

bench: $(STAMP)
	$(BIN)/python -m pytest -q -m benchmark --benchmark-only tests/benchmarks

simulate: $(STAMP)
	$(BIN)/zagjan simulate masters-fight --games 1000 --seed 1 --players 4

# One busy board of each game, drawn into docs/boards/ for the README (the boards the render tests check).
boards: $(STAMP)
	$(BIN)/python -m tests.renderers.busy docs/boards

# What the Discord client shows at scripted moments of every game (lobby, boards, a DM choice, closed
# DMs, an end), at a desktop and a phone width, into docs/discord/: SimCord's Preview captured by
# Playwright with the system's Chromium (Debian's package; Playwright's own browser download is not
# used). For developers, not part of `make test`; its extra is installed beside the test tools.
$(SHOTS_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,screenshots]'
	touch $(SHOTS_STAMP)

screenshots: $(SHOTS_STAMP)
	@if [ ! -x $(CHROMIUM) ]; then \
	    export DEBIAN_FRONTEND=noninteractive; \
	    if [ "$$(id -u)" -ne 0 ]; then as_root="sudo -E"; else as_root=""; fi; \
	    echo "installing Debian's chromium for the screenshots"; \
	    $$as_root apt-get update -qq && $$as_root apt-get install -y -qq --no-install-recommends chromium >/dev/null; \
	fi
	$(BIN)/python -m tests.screens docs/discord --chromium $(CHROMIUM)

clean:
	rm -rf $(VENV)
