//! Matewise
fn main() {}
