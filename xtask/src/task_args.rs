//! Tests' way to read a task's arguments as its command line gives them,
//! without the whole `cargo xtask` command.

/// `A` parsed from `words` (the task's own words, without its name).
pub(crate) fn parse<A: clap::Args>(words: &[&str]) -> Result<A, clap::Error> {
    let command = A::augment_args(clap::Command::new("task").no_binary_name(true));
    A::from_arg_matches(&command.try_get_matches_from(words)?)
}

#[cfg(test)]
mod tests {
    #[derive(clap::Args, Debug)]
    struct Example {
        #[arg(long, default_value_t = 3)]
        count: u32,
    }

    #[test]
    fn a_task_reads_its_words_and_refuses_unknown_ones() {
        assert_eq!(super::parse::<Example>(&["--count", "7"]).unwrap().count, 7);
        assert_eq!(super::parse::<Example>(&[]).unwrap().count, 3);
        assert!(super::parse::<Example>(&["--size", "7"]).is_err());
    }
}
