//! Matewise, the UCI binary.
//!
//! With no argument it speaks UCI on stdin/stdout. `matewise bench [depth]`
//! runs the fixed-depth bench and exits (OpenBench's contract).

fn main() {
    engine::init_tracing();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok());
            engine::bench(&engine::Output::stdout(), depth);
        }
        Some(other) => {
            eprintln!("unknown argument '{other}'; usage: matewise [bench [depth]]");
            std::process::exit(2);
        }
        None => engine::run(),
    }
}
