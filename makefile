# OpenBench build contract: `make EXE=<path>` builds the engine to <path>.
# `make EXE=<path> FEATURES=tune` builds the SPSA build, whose search
# parameters are UCI spin options (see docs/tuning.md); a tuning branch
# for OpenBench sets `FEATURES ?= tune` here, since OpenBench runs plain
# `make EXE=<path>`.
EXE ?= matewise
FEATURES ?=

.PHONY: all clean
all:
	cargo build --release --package matewise $(if $(FEATURES),--features $(FEATURES))
	cp target/release/matewise$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

clean:
	cargo clean
