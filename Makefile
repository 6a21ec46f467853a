# Kozel companion. `make run` serves the app on http://127.0.0.1:8000 (SQLite; PORT=8123 picks the port)
# as a player meets it: gunicorn, the production server, the site's own error pages, static files compressed,
# and beside it the background tasks' worker (niced; both stop together);
# `make test` runs the whole suite (SQLite, then PostgreSQL where it can be installed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
CORE := $(VENV)/.solver-core-stamp
PORT ?= 8000

.PHONY: run dev test test-solver bench bench-offline bench-analyse bench-seen load messages screenshots lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# the solver's search compiled by Cython from its own sources, rebuilt when they change; where
# gcc or the Python headers are missing it says so and the reference search answers
$(CORE): $(STAMP) $(wildcard rules/engine/solver/*.pyx rules/engine/solver/*.pxd) scripts/build_solver.py
	$(BIN)/python scripts/build_solver.py --stamp $(CORE)

run: $(CORE)
	bash scripts/font.sh
	$(BIN)/python manage.py migrate --noinput
	DJANGO_STATIC_COMPRESSED=1 $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DJANGO_DEBUG=0 DJANGO_STATIC_COMPRESSED=1 GUNICORN_BIND=127.0.0.1:$(PORT) \
		bash scripts/serve.sh $(BIN)/gunicorn -c kozel_site/gunicorn.conf.py kozel_site.wsgi:application

# Django's development server with its debug pages and reloading, for working on the code, and the worker
dev: $(CORE)
	$(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=1 bash scripts/serve.sh $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# lint first: the suite runs only on code that passes the checks
test: lint
	bash scripts/test.sh

bench: $(CORE)
	KOZEL_RATELIMIT=0 bash scripts/bench.sh
	KOZEL_RATELIMIT=0 $(BIN)/python scripts/bench_bounds.py
	KOZEL_RATELIMIT=0 $(BIN)/python scripts/bench_company.py

# offline, in chromium: a tap on «Записать кон» to the pending row on screen (target < 100 ms)
bench-offline: $(CORE)
	$(BIN)/python scripts/bench_offline.py

# the solver against the brute-force minimax and the reference search on thousands of positions
# per table (make test: two hundred)
test-solver: $(CORE)
	KOZEL_SOLVER_POSITIONS=3000 DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/python -m pytest -q -p no:playwright tests/engine/test_solver*.py

# the solver on 100 seeded random deals per table: time and nodes from the first lead, refusals,
# a played deal's review against one solve (ARGS="--deals 20 --tables yc-duel" for a short run)
bench-analyse: $(CORE)
	nice $(BIN)/python scripts/bench_analyse.py $(ARGS)

# the review by what was seen on seeded played deals of every one-card table, one process:
# time per review and per judged play, placements counted and solved, and the edit link beside a
# review in progress (ARGS="--deals 2"; the script nices its own solves)
bench-seen: $(CORE)
	$(BIN)/python scripts/bench_seen.py $(ARGS)

load: $(CORE)
	bash scripts/load.sh

messages: $(CORE)
	$(BIN)/python manage.py makemessages -l ru --no-obsolete --ignore=.venv --ignore=scripts --ignore=tests --ignore=shots
	$(BIN)/python manage.py makemessages -d djangojs -l ru --no-obsolete --ignore=.venv --ignore=staticfiles \
		--ignore=static/vendor --ignore=static/kozel/htmx.min.js
	$(BIN)/python manage.py compilemessages --ignore=.venv

screenshots: $(CORE)
	$(BIN)/python scripts/screenshots.py

# the same checks as .pre-commit-config.yaml: ruff, ruff's formatter, mypy (strict on rules/engine)
lint: $(CORE)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) staticfiles .bench rules/engine/solver/*.so
