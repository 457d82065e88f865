# Nuffle: the two commands of the README.
#   make run   installs everything into .venv and runs the main job
#   make test  installs everything into .venv and runs the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench robustness soak clean chromium compiler engine

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	@$(BIN)/nuffle engine build || \
	  echo "no compiled engine: games run on the Python source (the same games, slower)"
	$(BIN)/nuffle check
	@echo
	@mkdir -p build && $(BIN)/nuffle play --game blitz-bowl --home human --away dwarf --seed 1 \
	  --log build/sample-game.jsonl > build/sample-game.txt && tail -n 3 build/sample-game.txt && \
	  echo "the whole sample game is in build/sample-game.txt"
	@echo
	@$(BIN)/nuffle play --game blood-bowl --home human --away orc --seed 6 --bots greedy,greedy \
	  --log build/sample-match.jsonl > build/sample-match.txt && tail -n 2 build/sample-match.txt && \
	  echo "the whole Blood Bowl sample match is in build/sample-match.txt"
	@echo
	@mkdir -p build && $(BIN)/nuffle export --output build/catalogue.json && \
	  echo "catalogue exported to build/catalogue.json"
	@echo
	@echo "building the website; the first build also simulates the balance matrix (a few"
	@echo "minutes), later builds reuse it until the content changes"
	$(BIN)/nuffle site build --out build/site --balance --jobs $(shell nproc 2>/dev/null || echo 1)

lint: $(STAMP)
	$(BIN)/ruff check .

# The browser tests drive Debian's Chromium; install it when it is missing.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { echo "installing chromium for the browser tests"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# The compiled engine (nuffle engine build) needs a C compiler; install gcc when none is there.
compiler:
	@command -v "$$($(BIN)/python -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')" \
	  >/dev/null 2>&1 || { echo "installing gcc for the compiled engine"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gcc >/dev/null; }

# The engine compiled with mypyc (nothing is done when it is up to date); the tests compare
# its games with the Python source's.
engine: $(STAMP) compiler
	$(BIN)/nuffle engine build

test: $(STAMP) lint chromium engine
	$(BIN)/python -m pytest -q -n auto

bench: $(STAMP)
	$(BIN)/python benchmarks/check.py
	$(BIN)/python benchmarks/startup.py
	$(BIN)/python benchmarks/simulate.py
	$(BIN)/python benchmarks/blood_bowl.py
	$(BIN)/python benchmarks/sweep.py
	$(BIN)/python benchmarks/site.py

# Hostile input: mutated content and scenarios, adversarial rules, tampered logs (issue 10).
robustness: $(STAMP)
	$(BIN)/python benchmarks/check_fuzz.py --mutants 10000
	$(BIN)/python benchmarks/scenario_fuzz.py
	$(BIN)/python benchmarks/adversarial.py
	$(BIN)/python benchmarks/replay_tamper.py

soak: $(STAMP)
	$(BIN)/python benchmarks/soak.py --games 10000

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis
