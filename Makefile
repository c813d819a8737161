# The two commands of the README: `make run` and `make test`. Both set everything up from scratch.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint demo clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(BIN)/.installed

# Migrate the embedded SQLite database, load the demo, and start (console chat without tokens).
run: setup
	$(BIN)/fedrank init
	$(BIN)/fedrank demo
	$(BIN)/fedrank run

lint: setup
	$(BIN)/ruff check fedrank tests bench
	$(BIN)/ruff format --check fedrank tests bench
	$(BIN)/mypy fedrank

test: lint
	$(BIN)/pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
