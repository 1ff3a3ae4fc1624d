//! # mate-detection
//!
//! Mate at a Glance: static recognition of checkmating moves and mate threats from patterns.
//!
//! This crate is part of the Matewise chess engine workspace. Its
//! functionality arrives with its own issue; until then it only states its
//! purpose so that the workspace shape and dependency direction are fixed.
