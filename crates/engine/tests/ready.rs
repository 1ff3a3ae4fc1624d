//! `isready` leaves nothing to be built during a search: the KPK bitbase is
//! solved before `readyok` (in its own test binary, so no other test has
//! solved it first).

use matewise_engine::{Output, Session};

#[test]
fn isready_solves_the_kpk_bitbase_before_readyok() {
    let mut session = Session::with_tablebases(
        Output::new(Box::new(std::io::sink())),
        test_kit::private_tables(),
    );
    session.handle_line("uci");
    assert!(!endgame_tables::kpk::is_solved(), "solved before isready");
    session.handle_line("isready");
    assert!(endgame_tables::kpk::is_solved());
    session.shutdown();
}
