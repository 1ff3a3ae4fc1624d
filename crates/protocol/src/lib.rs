//! # protocol
//!
//! UCI text to typed commands and typed engine output back to text. No I/O, no engine state.
//!
//! This crate is part of the Matewise chess engine workspace. Its
//! functionality arrives with its own issue; until then it only states its
//! purpose so that the workspace shape and dependency direction are fixed.
