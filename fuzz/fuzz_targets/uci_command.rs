//! UCI command parsing: any line parses or fails without panicking, and a
//! parsed command written back parses to the same command.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(Some(command)) = protocol::parse(&line) {
        let text = command.to_string();
        let again = protocol::parse(&text).expect("a written command parses");
        assert_eq!(again, Some(command), "{text}");
    }
});
