# The two set-up commands: `make play` and `make test`. Everything else builds on them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
BUILD_STAMP := $(VENV)/.installed-build
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint bench exe exe-check size install-check wheel desktop-check deb deb-check \
	window-check screens-compare clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $@

$(BUILD_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[build]'
	touch $(STAMP) $@

play: $(STAMP)
	$(BIN)/python -m kalooki

lint: $(TEST_STAMP)
	$(BIN)/ruff check kalooki tests bench
	$(BIN)/mypy

# The whole suite on every core, a test file to a worker (so a module's fixtures are built
# once) in the order tests/conftest.py gives them (the heaviest first), then the 15 slowest.
# Plain `pytest` runs the same tests in one process.
PYTEST_PARALLEL := -n auto --dist loadfile --no-loadscope-reorder --durations=15
# Bytecode written even where the machine says not to (PYTHONDONTWRITEBYTECODE, as here):
# else every worker compiles and rewrites each test module again, and every program a
# test starts compiles the game again (collecting the suite: 20 s of CPU a worker, 12 s
# with the cache).
test: lint
	$(HEADLESS) PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest $(PYTEST_PARALLEL)

bench: $(TEST_STAMP)
	$(HEADLESS) $(BIN)/python -m bench

# The standalone program in dist/ (one folder and one file), with sizes and SHA-256.
exe: $(BUILD_STAMP)
	$(HEADLESS) $(BIN)/python build/build_exe.py

# Run both built programs' --self-test from another folder; prints launch-to-first-frame.
exe-check:
	$(BIN)/python build/measure_start.py
	$(BIN)/python build/measure_start.py --onefile --runs 1

# The sdist and the wheel in dist/, as `python -m build` makes them (the wheel from the sdist).
wheel: $(BUILD_STAMP)
	$(BIN)/python -m build --outdir dist .

# Build the wheel, install it in a fresh venv, run its self-test and French rules elsewhere.
install-check: $(TEST_STAMP) $(BUILD_STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -m install tests/test_install.py

# The desktop entry, icons and metainfo (as the .deb holds them) in dist/desktop/, the
# metainfo's screenshots in dist/desktop/screenshots/, and Debian's validators over them
# (desktop-file-utils, appstream: .ci/run installs them).
DESKTOP := dist/desktop
desktop-check: $(STAMP)
	rm -rf $(DESKTOP)
	$(HEADLESS) $(BIN)/python -m kalooki desktop write $(DESKTOP) --exec /usr/bin/kalooki \
		--screenshots $(DESKTOP)/screenshots
	desktop-file-validate $(DESKTOP)/share/applications/*.desktop
	appstreamcli validate --no-net $(DESKTOP)/share/metainfo/*.metainfo.xml

# The one-folder program's window on a real X server (Xvfb): its class, title and icon are
# the ones the desktop entry matches it by (xvfb, x11-utils, xdotool: .ci/run installs them).
window-check: $(STAMP)
	xvfb-run -a -s "-screen 0 1600x1000x24" $(BIN)/python build/window_check.py

# Every picture of `kalooki screens` (English and French, both sizes) at BEFORE, a commit, and
# in the work tree, compared pixel by pixel; each differing one is marked in red in
# dist/screens/marked-<lang>/ to be looked at. A change that should not show shows nothing.
BEFORE ?= main
SHOTS := dist/screens
screens-compare: $(STAMP)
	rm -rf $(SHOTS) && mkdir -p $(SHOTS) && git worktree prune
	git worktree add --detach $(SHOTS)/tree $(BEFORE)
	for lang in en fr; do \
		(cd $(SHOTS)/tree && $(HEADLESS) PYTHONPATH=. nice -n 10 $(abspath $(BIN))/python -m kalooki \
			screens $(abspath $(SHOTS))/before-$$lang --lang $$lang) && \
		$(HEADLESS) nice -n 10 $(BIN)/python -m kalooki screens $(SHOTS)/after-$$lang --lang $$lang \
		|| exit 1; done
	git worktree remove --force $(SHOTS)/tree
	status=0; for lang in en fr; do $(BIN)/python -m kalooki.tools.screens.compare \
		$(SHOTS)/before-$$lang $(SHOTS)/after-$$lang --marked $(SHOTS)/marked-$$lang || status=1; \
		done; exit $$status

# What the standalone program is made of, against its budgets (after make exe).
size: $(BUILD_STAMP)
	$(BIN)/python build/size_report.py

# dist/kalooki_<version>_<arch>.deb from the one-folder program of make exe (dpkg-deb).
deb: $(BUILD_STAMP)
	$(HEADLESS) $(BIN)/python build/make_deb.py

# The .deb extracted into a temporary root (no system install), its --self-test run from
# another folder, then lintian over it (no errors; the overrides say why each is one).
deb-check:
	set -e; root=$$(mktemp -d); trap 'rm -rf "$$root"' EXIT; \
	dpkg-deb -x dist/kalooki_*.deb "$$root/tree"; mkdir "$$root/elsewhere"; \
	cd "$$root/elsewhere" && $(HEADLESS) KALOOKI_HOME="$$root/home" \
		"$$root/tree/usr/games/kalooki" --self-test
	lintian --fail-on error dist/kalooki_*.deb

clean:
	rm -rf $(VENV) build/work dist .pytest_cache .ruff_cache .hypothesis
