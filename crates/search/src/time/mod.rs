//! Time management, all of it: the plan of a move's soft and hard limits
//! from the clock ([`budget`]), the control period the clock is in
//! ([`periods`], kept by the engine between moves), the lag the GUI's
//! clock shows beyond the engine's own time ([`lag`], learned by the
//! engine from move to move), the soft limit's stretch after each
//! iteration ([`stretch`]), and the clock the main thread watches during
//! a search ([`search_clock`]).

mod budget;
mod lag;
mod periods;
mod search_clock;
mod stretch;

pub use budget::{
    INCREMENT_RESERVE, LAG_RESERVE, PERIOD_RESERVE_DIVISOR, RESERVE_MOVES, SUDDEN_DEATH_MOVES,
    TimeManager, TimePlan,
};
pub use lag::{ClockLag, LAG_SAMPLES};
pub use periods::ControlPeriods;
pub(crate) use search_clock::SearchClock;
pub(crate) use stretch::SoftLimitStretch;
