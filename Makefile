# Two commands matter on a fresh machine: `make run` (the bot) and `make test` (the tests).
# Each creates the virtual environment from pyproject.toml when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench simulate boards install clean

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

clean:
	rm -rf $(VENV)
