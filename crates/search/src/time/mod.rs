//! Time management, all of it: the plan of a move's soft and hard limits
//! from the clock ([`budget`]), the control period the clock is in
//! ([`periods`], kept by the engine between moves), the soft limit's
//! stretch after each iteration ([`stretch`]), and the clock the main
//! thread watches during a search ([`search_clock`]).

mod budget;
mod periods;
mod search_clock;
mod stretch;

pub use budget::{
    PERIOD_RESERVE_DIVISOR, RESERVE_MOVES, SUDDEN_DEATH_MOVES, TimeManager, TimePlan,
};
pub use periods::ControlPeriods;
pub(crate) use search_clock::SearchClock;
pub(crate) use stretch::SoftLimitStretch;
