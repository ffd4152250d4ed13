"""The embedded model: llama-cpp-python in-process (`provider`), on a GGUF file that `model_file`
assembles from the registry's data packages; `gguf_template` reads a GGUF's chat template."""
