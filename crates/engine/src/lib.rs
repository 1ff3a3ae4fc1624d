//! # engine
//!
//! Wires the crates into a UCI engine: options, threads and the stdin/stdout loop.
//!
//! This crate is part of the Matewise chess engine workspace. Its
//! functionality arrives with its own issue; until then it only states its
//! purpose so that the workspace shape and dependency direction are fixed.
