# OpenBench build contract: `make EXE=<path>` builds the engine to <path>.
EXE ?= matewise

.PHONY: all clean
all:
	cargo build --release --package matewise
	cp target/release/matewise$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

clean:
	cargo clean
