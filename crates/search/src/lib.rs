//! # search
//!
//! Iterative deepening alpha-beta search with a transposition table, pruning (including mate distance pruning), time management and Lazy SMP.
//!
//! This crate is part of the Matewise chess engine workspace. Its
//! functionality arrives with its own issue; until then it only states its
//! purpose so that the workspace shape and dependency direction are fixed.
